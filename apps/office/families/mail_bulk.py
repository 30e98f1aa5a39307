"""Mailbox work over many mails: clean up everything one person sent (archive, flag, categorize, mark
read — all of it or only part), and questions a person asks about their mail (how many, the latest,
the first one; test only).

Held-out entity: the sender (kind `sender`, by address), as in the other mail families.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from apps.office.families.common import folder_id, inbox, phrase, touched
from tasks.families import mentions
from tasks.families.base import Draw, Family, Redraw, Spec, answer_steps, eq, step, ui_answer
from tasks.match_model import Match
from tasks.truth_model import AnswerSpec, Expectation, UiStep

ACTIONS = ["archive", "flag", "category", "read"]
CATEGORIES = ["Blue category", "Green category", "Orange category", "Purple category"]


def _senders(d: Draw, low: int, high: int) -> list[dict[str, Any]]:
    pool = inbox(d)
    counts = Counter(m["from_address"] for m in pool)
    seen, out = set(), []
    for m in pool:
        if low <= counts[m["from_address"]] <= high and m["from_address"] not in seen:
            seen.add(m["from_address"])
            out.append(m)
    return out


def _who(d: Draw, first: dict[str, Any]) -> tuple[str, str]:
    """How the prompt names the sender (name or address) and the search an agent runs."""
    same_name = d.world.value(
        "SELECT count(DISTINCT from_address) FROM office_message WHERE from_name = ?", first["from_name"]
    )
    if same_name == 1 and d.chance(0.6):
        return first["from_name"], f"from:{first['from_address']} in:inbox"
    return first["from_address"], f"from:{first['from_address']} in:inbox"


class MailCleanup(Family):
    name = "office.mail-cleanup"
    apps = ("office",)
    surfaces = ("mcp", "cli", "ui", "python")
    version = 1
    author = "saasgym-office-team"
    summary = "archive, flag, categorize or mark read every inbox mail from one sender (or only part of them)"

    def build(self, d: Draw) -> Spec:
        first = d.pick("sender", _senders(d, 3, 9), key="from_address")
        mails = [m for m in inbox(d) if m["from_address"] == first["from_address"]]
        for m in mails:
            d.note("message", m["id"])
        who, query = _who(d, first)
        action = d.choice(ACTIONS)
        scope = d.choice(["all", "all", "before", "subject"])
        if action == "flag":
            todo = [m for m in mails if m["flag_status"] != "flagged"]
        elif action == "read":
            todo = [m for m in mails if not m["is_read"]]
        elif action == "category":
            todo = [m for m in mails if m["categories"] == "[]"]
        else:
            todo = list(mails)
        clause = ""
        if scope == "before":
            cut = sorted(m["received_date_time"] for m in mails)[len(mails) // 2]
            todo = [m for m in todo if m["received_date_time"] < cut]
            clause = f" received before {cut[:10]}"
        elif scope == "subject":
            word = d.choice(sorted({w for m in mails for w in m["subject"].split() if len(w) > 5}) or ["-"])
            todo = [m for m in todo if word.lower() in m["subject"].lower()]
            clause = f' whose subject mentions "{word}"'
        if len(todo) < 2 or len(todo) == len(mails) and scope != "all":
            raise Redraw("the request selects fewer than two mails, or the filter selects nothing less")
        if action == "read" and scope != "all":
            raise Redraw("unread mails are too few to filter")
        d.distractors = len(mails) - len(todo)
        cat = d.choice(CATEGORIES)
        verb = {
            "archive": ("Archive", "move to the Archive folder"),
            "flag": ("Flag", "flag for follow-up"),
            "category": (f"Put in the {cat}", f"tag with the {cat}"),
            "read": ("Mark as read", "mark as read"),
        }[action]
        what = f"every mail in my inbox from {who}{clause}"
        phrasings = [
            f"{verb[0]} {what}.",
            f"Inbox clean-up: {verb[1]} all of {who}'s mails{clause}.",
            f"Please {verb[1]} the mails I got from {who}{clause} — all of them, not just the latest.",
            f"I have a pile of mail from {who}. {verb[0]} each one{clause}.",
            f"Could you {verb[1]} everything {who} sent me{clause}?",
        ]
        prompt, k = phrase(d, phrasings)
        oracle = [step("office_search_messages", query=query, limit=50)]
        expect, allow, ui = [], [], []
        for m in todo:
            mid = m["id"]
            page = UiStep(goto=f"/mail?folder=inbox&id={mid}")
            if action == "archive":
                call = step("office_move_message", message_id=mid, destination_folder="archive")
                fields = {"parent_folder_id": eq(folder_id(d, "archive"))}
                ui += [page, UiStep(click=("button", "Archive"))]
            elif action == "flag":
                call = step("office_update_message", message_id=mid, flag_status="flagged")
                fields = {"flag_status": eq("flagged")}
                ui += [page, UiStep(click=("button", "Flag"))]
            elif action == "category":
                call = step("office_update_message", message_id=mid, categories=[cat])
                fields = {"categories": Match(contains=cat)}
            else:
                call = step("office_update_message", message_id=mid, is_read=True)
                fields = {"is_read": eq(True)}
            oracle.append(call)
            expect.append(Expectation(table="office_message", op="update", pk=mid, fields=fields))
            allow.append(touched(mid))
        expect += [
            Expectation(table="office_message", op="unchanged", pk=m["id"]) for m in mails if m not in todo
        ]
        rest = [m for m in inbox(d) if m["from_address"] != first["from_address"]]
        return Spec(
            prompt=prompt,
            oracle=oracle,
            expect=expect,
            allow=allow,
            ui_oracle=ui if action in ("archive", "flag") else None,
            wrong_record={todo[0]["id"]: rest[len(todo) % len(rest)]["id"]},
            tags=["mail", "bulk", action, scope],
            phrasing=k,
        )


class MailFacts(Family):
    name = "office.qa-mail-facts"
    apps = ("office",)
    splits = ("test",)
    surfaces = ("mcp", "cli", "ui", "python")
    version = 2  # v2: the answer names what was asked in any form, and no rival candidate
    author = "saasgym-office-team"
    summary = (
        "question about one sender's inbox mail: how many, the latest or the first one's subject; test only"
    )

    def build(self, d: Draw) -> Spec:
        first = d.pick("sender", _senders(d, 1, 9), key="from_address")
        mails = [m for m in inbox(d) if m["from_address"] == first["from_address"]]
        who, query = _who(d, first)
        kind = d.choice(["count", "latest", "first"])
        others = d.world.value(
            "SELECT count(*) FROM office_message m JOIN office_mail_folder f ON f.id = m.parent_folder_id "
            "WHERE m.owner_id = ? AND f.well_known_name = 'inbox' AND m.from_address = ?",
            first["owner_id"],
            first["from_address"],
        )
        if others != len(mails):
            raise Redraw("the sender's invitations or drafts are in the inbox too")
        if kind == "count":
            value = len(mails)
            answer, match = str(value), Match(approx=value, tol=0.4)
            phrasings = [
                f"How many mails from {who} are in my inbox?",
                f"Count the messages {who} sent me (inbox only).",
                f"{who} keeps writing to me — how many of their mails are in my inbox right now?",
                f"Quick number: inbox mails from {who}?",
                f"How many e-mails have I received from {who} that are still in my inbox?",
            ]
        else:
            latest = kind == "latest"
            pick = (max if latest else min)(mails, key=lambda m: (m["received_date_time"], m["id"]))
            if sum(1 for m in mails if m["received_date_time"] == pick["received_date_time"]) > 1:
                raise Redraw("two mails at the same time")
            if len(mails) == 1 and not latest:
                raise Redraw("a single mail is both the first and the latest")
            rivals = [{"name": m["subject"]} for m in mails if m["subject"] != pick["subject"]]
            answer, match = pick["subject"], mentions.record(name=pick["subject"], others=rivals)
            when = "latest" if latest else "first"
            phrasings = [
                f"What is the subject of the {when} mail {who} sent me (still in my inbox)?",
                f"Which mail in my inbox came {'most recently' if latest else 'first'} from {who}? "
                "Give me its subject.",
                f"Find the {'newest' if latest else 'oldest'} message from {who} in my inbox and tell me "
                "the subject line.",
                f"Subject of {who}'s {'most recent' if latest else 'earliest'} e-mail in my inbox?",
                f"Of the mails from {who} in my inbox, which is the {when}? The subject, please.",
            ]
        prompt, k = phrase(d, phrasings)
        return Spec(
            prompt=prompt,
            oracle=[step("office_search_messages", query=query, limit=50), *answer_steps(answer)],
            answer=AnswerSpec(match=match),
            ui_oracle=ui_answer(answer),
            records=len(mails),
            tags=["question", "mail", kind],
            phrasing=k,
        )


FAMILIES = [MailCleanup(), MailFacts()]
