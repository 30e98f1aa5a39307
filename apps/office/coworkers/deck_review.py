"""A colleague asked to review a deck answers by the facts: they open the presentation the message names
(asked to review or check it: an account's QBR deck or update, by the account's name and a word for a
deck), read the numbers its shown slides state — the won total, the open pipeline, each open deal's
amount — and compare them with what the CRM holds today (`apps.crm.knowledge.account_standing`): the
reply lists each number that is wrong with the right one, names the deals that have closed since, or says
the numbers match. A deck they cannot open gets "please share it with me". Read when they answer, so it
follows the edits."""

from __future__ import annotations

import re
from typing import Any

from sqlmodel import select

from apps.core.actions import Ctx
from apps.core.peer_knowledge import peer
from apps.office.models import DriveItem, User
from apps.office.services.access import role_of
from apps.office.services.decks import shape_text, shapes_of, slides_of

DECK_WORDS = ("deck", "slides", "presentation", "powerpoint", ".pptx")
REVIEW_WORDS = ("review", "check", "look at", "look over", "go through", "go over", "feedback", "proofread")
SUFFIXES = (" QBR ", " account update")
AMOUNT = r"\$\s?([\d,]+(?:\.\d+)?)"


def _money(value: float) -> str:
    return f"${value:,.2f}".removesuffix(".00")


def _number(text: str) -> float:
    return float(text.replace(",", ""))


def _account_of(name: str) -> str | None:
    for suffix in SUFFIXES:
        if suffix in name:
            return name.split(suffix, 1)[0]
    return None


def _shown_lines(ctx: Ctx, item_id: str) -> list[str]:
    lines: list[str] = []
    for slide in slides_of(ctx, item_id):
        if not slide.hidden:
            for shape in shapes_of(ctx, slide.id):
                lines += shape_text(shape).split("\n")
    return lines


def findings(lines: list[str], standing: dict[str, Any]) -> list[str]:
    """What the deck's lines state that the CRM's standing contradicts, one sentence each."""
    out = []
    for line in lines:
        low = line.lower()
        amounts = re.findall(AMOUNT, line)
        if low.startswith("won") and amounts and _number(amounts[0]) != standing["won_amount"]:
            right = _money(standing["won_amount"])
            out.append(
                f"the won total says {_money(_number(amounts[0]))}; Salesforce has {right} for this year"
            )
        elif "pipeline" in low and amounts and _number(amounts[0]) != standing["pipeline_amount"]:
            count = standing["pipeline_count"]
            right = (
                f"{_money(standing['pipeline_amount'])} across {count} open deal{'' if count == 1 else 's'}"
            )
            out.append(f"the open pipeline says {_money(_number(amounts[0]))}; it is {right} now")
    deals = {d["name"]: d for d in standing["open_deals"]}
    for line in lines:
        cells = [c.strip() for c in line.split("|")]
        if len(cells) < 2:
            continue
        name = cells[0]
        if name in standing["closed"]:
            out.append(f"“{name}” is {standing['closed'][name]} now, so it is no longer an open deal")
        elif name in deals:
            shown = [_number(a) for c in cells[1:] for a in re.findall(AMOUNT, c)]
            if shown and shown[0] != deals[name]["amount"]:
                out.append(
                    f"“{name}” shows {_money(shown[0])}; Salesforce has {_money(deals[name]['amount'])}"
                )
    return list(dict.fromkeys(out))


def asks_for_review(text: str) -> bool:
    """Whether a message asks its reader to review or check a deck (a word for each, any case).

    Args:
        text: the message's subject and own words.
    """
    lowered = text.lower()
    return any(w in lowered for w in DECK_WORDS) and any(w in lowered for w in REVIEW_WORDS)


def deck_review_entries(ctx: Ctx, user: User, asked: str) -> list[dict[str, Any]]:
    """Knowledge entries answering a request to review a deck the message names (keywords: its account)."""
    text = asked.lower()
    if not asks_for_review(text):
        return []
    named = []
    for item in ctx.db.exec(select(DriveItem).where(DriveItem.kind == "presentation").order_by(DriveItem.id)):
        account = _account_of(item.name)
        if account and account.lower() in text and role_of(ctx, item, ctx.user_id) is not None:
            stem = item.name.removesuffix(".pptx").lower()
            named.append(
                (
                    (stem in text, "update" in text and "update" in stem, item.last_modified_date_time),
                    item,
                    account,
                )
            )
    if not named:
        return []
    _, item, account = max(named, key=lambda n: n[0])  # the deck the message names best, else the newest
    if role_of(ctx, item, user.id) is None:
        return [
            {
                "keywords": [account],
                "answer": f"I can't open “{item.name}” — could you share it with me?",
                "topic": "deck_review",
            }
        ]
    crm = peer(ctx, "crm")
    standing = crm.account_standing(ctx, account) if crm is not None else None
    if standing is None:
        return []
    wrong = findings(_shown_lines(ctx, item.id), standing)
    answer = (
        f"I went through “{item.name}”. These numbers don't match Salesforce: " + "; ".join(wrong) + "."
        if wrong
        else f"I went through “{item.name}”: the numbers match Salesforce. Good to go."
    )
    return [{"keywords": [account], "answer": answer, "topic": "deck_review"}]
