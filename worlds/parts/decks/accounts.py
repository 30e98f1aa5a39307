"""Account decks: each account team's last quarterly business review (Q3 2026, numbers from the CRM on
the day it was made: wins this year, open pipeline, top open deals, pipeline by stage — stale now where
the accounts moved since), and the acting user's account-update drafts her manager commented on, each
comment naming one concrete fix (a number that is wrong, a slide to delete, move or hide, a title typo)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from worlds.parts.decks.asof import account_numbers, money
from worlds.parts.decks.context import Ctx, long_date

Q3_START, Q3_END = datetime(2026, 7, 6, 9), datetime(2026, 9, 25, 17)
AMBER_QBRS, OTHER_QBRS, DRAFTS = 12, 6, 6
STAGE_NEXT = {
    "Prospecting": "Book the discovery call for {deal}",
    "Qualification": "Confirm budget and timeline for {deal}",
    "Needs Analysis": "Run the requirements workshop for {deal}",
    "Value Proposition": "Present the business case for {deal}",
    "Id. Decision Makers": "Meet the economic buyer for {deal}",
    "Perception Analysis": "Address open concerns on {deal}",
    "Proposal/Price Quote": "Walk through the proposal for {deal}",
    "Negotiation/Review": "Agree the final terms of {deal}",
}


def deals(count: int) -> str:
    return f"{count} deal{'' if count == 1 else 's'}"


def _customers(ctx: Ctx, owner_id: str) -> list[dict[str, Any]]:
    return sorted(
        (
            a
            for a in ctx.crm.rows["account"]
            if a["owner_id"] == owner_id and a["type"].startswith("Customer")
        ),
        key=lambda a: a["id"],
    )


def account_slides(ctx: Ctx, deck, account: dict, owner: dict, day: datetime, quarter: str) -> dict[str, Any]:  # noqa: ANN001
    """The five slides of an account review on `day`; returns the numbers they show."""
    n = account_numbers(ctx.ledger, account["id"], day)
    ctx.title_slide(
        deck,
        f"{account['name']}: Quarterly Business Review",
        f"{quarter} · {owner['display_name']} · {long_date(day)}",
    )
    lines = [
        f"Won this year: {money(n['won_amount'])} ({deals(n['won_count'])})",
        f"Open pipeline: {money(n['pipeline_amount'])} across {deals(n['pipeline_count'])}",
    ]
    if n["top_deals"]:
        top = n["top_deals"][0]
        lines.append(f"Largest open deal: {top.name} ({money(top.amount)}, {top.stage})")
    deck.slide(
        "Title and Content",
        "Where we stand",
        lines,
        notes=f"Numbers from Sales (CRM) as of {long_date(day)}.",
    )
    table = deck.slide("Title Only", "Top open deals")
    rows = [["Deal", "Stage", "Amount", "Close date"]] + [
        [d.name, d.stage, money(d.amount), d.close_date] for d in n["top_deals"]
    ]
    deck.table(table, rows)
    chart = deck.slide("Title and Content", "Open pipeline by stage", keep_body=False)
    stages = list(n["by_stage"])
    deck.chart(
        chart,
        "column",
        "Open pipeline by stage",
        stages,
        [{"name": "Amount", "values": [n["by_stage"][s] for s in stages]}],
    )
    steps = [STAGE_NEXT[d.stage].format(deal=d.name) for d in n["top_deals"][:3]] or [
        "Plan the next expansion with the customer"
    ]
    deck.slide("Title and Content", "Next steps", steps)
    return n


def _facts(n: dict[str, Any]) -> list[dict[str, Any]]:
    facts = [
        {"slide": 2, "metric": "won_amount", "value": n["won_amount"], "shown": money(n["won_amount"])},
        {"slide": 2, "metric": "won_count", "value": n["won_count"]},
        {
            "slide": 2,
            "metric": "pipeline_amount",
            "value": n["pipeline_amount"],
            "shown": money(n["pipeline_amount"]),
        },
        {"slide": 2, "metric": "pipeline_count", "value": n["pipeline_count"]},
    ]
    facts += [
        {
            "slide": 3,
            "metric": "top_deal",
            "value": d.amount,
            "deal_id": d.id,
            "deal": d.name,
            "stage": d.stage,
            "shown": money(d.amount),
        }
        for d in n["top_deals"]
    ]
    facts += [
        {"slide": 4, "metric": "stage_amount", "stage": s, "value": v} for s, v in n["by_stage"].items()
    ]
    return facts


def qbr_decks(ctx: Ctx) -> None:
    """Each AE's QBR decks (up to twelve for the acting user, six for everyone else) in their "QBR decks"
    folder, which their team (the AEs of the same manager) may edit and the manager read; each deck shared
    directly with the manager (read) and the account's Customer Success Manager (edit)."""
    owners = sorted({a["owner_id"] for a in ctx.crm.rows["account"]})
    for owner_id in owners:
        owner = ctx.office_user(owner_id)
        if owner is None or owner.get("department") != "Sales":
            continue
        mine = owner["id"] == ctx.actor["id"]
        picked = []
        for account in _customers(ctx, owner_id):
            day = Q3_START + timedelta(seconds=ctx.rng.randrange(int((Q3_END - Q3_START).total_seconds())))
            day = day.replace(minute=0, second=0)
            if account_numbers(ctx.ledger, account["id"], day)["pipeline_count"]:
                picked.append((account, day))
        for account, day in picked[: AMBER_QBRS if mine else OTHER_QBRS]:
            folder = team_folder(ctx, owner, "QBR decks", day, "Quarterly business reviews with my customers")
            deck = ctx.deck(
                owner,
                folder,
                f"{account['name']} QBR Q3 2026.pptx",
                "Acme 2025",
                day,
                f"Q3 2026 business review with {account['name']}",
            )
            n = account_slides(ctx, deck, account, owner, day, "Q3 2026")
            deck.done()
            manager = ctx.office.by_id.get(owner.get("manager_id") or "")
            if manager:
                ctx.rows.share(deck.item, manager, "read", owner)
            csms = [u for u in ctx.users if u.get("job_title") == "Customer Success Manager"]
            if csms:
                ctx.rows.share(deck.item, csms[sum(map(ord, account["id"])) % len(csms)], "write", owner)
            ctx.fact(deck, "qbr", day, account["id"], _facts(n), account=account["name"])


COMMENT_KINDS = ("wrong_number", "delete_slide", "move_slide", "title_typo", "hide_slide")


def team_folder(ctx: Ctx, owner: dict, name: str, day: datetime, description: str) -> dict:
    """The owner's folder `name`, shared (once) for editing with their teammates and for reading with
    their manager, as a sales team keeps its decks."""
    key = (owner["id"], name)
    made = key in ctx.folders
    folder = ctx.folder(owner, name, day - timedelta(days=30), description)
    manager = ctx.office.by_id.get(owner.get("manager_id") or "")
    if not made and manager:
        ctx.rows.share(folder, manager, "read", owner)
        for mate in ctx.users:
            if (
                mate.get("manager_id") == manager["id"]
                and mate["id"] != owner["id"]
                and mate.get("department") == "Sales"
            ):
                ctx.rows.share(folder, mate, "write", owner)
    return folder


def draft_decks(ctx: Ctx) -> None:
    """The account-update drafts (October 2026) of the acting user's sales team, up to six each in their
    "Drafts" folder (shared with the team), each with two or three comments from their manager, each
    naming one fix."""
    manager = ctx.office.by_id.get(ctx.actor.get("manager_id") or "")
    if manager is None:
        return
    team = [u for u in ctx.users if u.get("manager_id") == manager["id"] and u.get("department") == "Sales"]
    crm_of = {
        ctx.office_user(u["id"])["id"]: u["id"] for u in ctx.crm.rows["user"] if ctx.office_user(u["id"])
    }
    for member in team:
        if member["id"] in crm_of:
            _drafts_of(ctx, member, crm_of[member["id"]], manager)


def _drafts_of(ctx: Ctx, me: dict, crm_id: str, manager: dict) -> None:
    drafted = 0
    for i, account in enumerate(_customers(ctx, crm_id)):
        if drafted == DRAFTS:
            break
        day = datetime(2026, 10, 12, 14) + timedelta(days=i, hours=ctx.rng.randrange(3))
        n = account_numbers(ctx.ledger, account["id"], day)
        if not n["pipeline_count"]:
            continue
        drafted += 1
        folder = team_folder(ctx, me, "Drafts", day, "Decks in progress")
        deck = ctx.deck(
            me,
            folder,
            f"{account['name']} account update (draft).pptx",
            "Acme 2025",
            day,
            f"Account update for {account['name']}, in review",
        )
        account_slides(ctx, deck, account, me, day, "Q4 2026")
        backup = deck.slide(
            "Title and Content",
            "Backup: list prices",
            ["Prices from the 2025 price book", "Discounts up to 15% need approval"],
        )
        agenda = deck.slide(
            "Title and Content", "Agenda", ["Where we stand", "Top open deals", "Pipeline", "Next steps"]
        )
        kinds = ctx.rng.sample(COMMENT_KINDS, k=ctx.rng.choice((2, 3)))
        comments = _review(ctx, deck, n, kinds, manager, day, backup, agenda)
        deck.done()
        ctx.rows.share(deck.item, manager, "write", me)  # the reviewer comments and may edit
        ctx.fact(
            deck,
            "draft",
            day,
            account["id"],
            _facts(n),
            account=account["name"],
            comments=comments,
            reviewer=manager["id"],
        )


def _review(
    ctx: Ctx, deck, n: dict, kinds: list[str], manager: dict, day: datetime, backup: dict, agenda: dict
) -> list[dict]:  # noqa: ANN001
    """The manager's comments (a day after the draft) and what each asks for; the draft's own slides are
    changed to hold what the comment finds wrong."""
    slides = {s["position"] + 1: s for s in ctx.rows.tables["slide"] if s["item_id"] == deck.item["id"]}
    shapes = ctx.rows.tables["slide_shape"]
    when = day + timedelta(days=1)
    out = []
    for kind in kinds:
        if kind == "wrong_number":
            body = next(s for s in shapes if s["slide_id"] == slides[2]["id"] and s["placeholder"] == "body")
            right = money(n["won_amount"])
            wrong = money(round(n["won_amount"] * 1.1 + 5000, -2))
            body["paragraphs"][0]["runs"][0]["text"] = body["paragraphs"][0]["runs"][0]["text"].replace(
                right, wrong, 1
            )
            text = f"The won total on slide 2 is wrong: Salesforce has {right} for this year, not {wrong}."
            out.append({"kind": kind, "slide": 2, "right": n["won_amount"], "wrong": wrong, "comment": text})
            deck.comment(slides[2], manager, text, when)
        elif kind == "delete_slide":
            text = "Please delete the list prices backup slide; we don't show price-book prices to customers."
            out.append({"kind": kind, "slide_id": backup["id"], "comment": text})
            deck.comment(backup, manager, text, when)
        elif kind == "move_slide":
            text = "Move the agenda right after the title slide."
            out.append({"kind": kind, "slide_id": agenda["id"], "position": 2, "comment": text})
            deck.comment(agenda, manager, text, when)
        elif kind == "title_typo":
            title = next(
                s for s in shapes if s["slide_id"] == slides[4]["id"] and s["placeholder"] == "title"
            )
            title["paragraphs"][0]["runs"][0]["text"] = "Open pipline by stage"
            text = "Typo in the title of slide 4: it should read “Open pipeline by stage”."
            out.append(
                {
                    "kind": kind,
                    "slide_id": slides[4]["id"],
                    "title": "Open pipeline by stage",
                    "comment": text,
                }
            )
            deck.comment(slides[4], manager, text, when)
        else:
            text = "Hide the Next steps slide in the customer's version; we'll talk it through live."
            out.append({"kind": kind, "slide_id": slides[5]["id"], "comment": text})
            deck.comment(slides[5], manager, text, when)
    return out
