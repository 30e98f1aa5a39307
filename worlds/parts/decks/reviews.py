"""Post-incident reviews: a deck for every customer-facing P1 and P2 incident resolved in the last six
months (the Major Incident Process: an outage customers can see is a major incident, reviewed within five
business days), made by the Director of Customer Support in "Customer incident reviews", shared for
editing with Sales and Support (the account executive presents it to the customer). Each says what
happened, the impact, the cause and the fix from the desk's record — the timeline is still to be added."""

from __future__ import annotations

from datetime import datetime, timedelta

from worlds.parts.decks.asof import _when
from worlds.parts.decks.context import Ctx, long_date

PRIORITY = {1: "1 - Critical", 2: "2 - High"}
WINDOW_DAYS = 180


def hours(opened: datetime, resolved: datetime) -> str:
    minutes = int((resolved - opened).total_seconds() // 60)
    return f"{minutes // 60} h {minutes % 60:02d} min"


def stamp(value: datetime) -> str:
    return f"{value:%Y-%m-%d %H:%M} UTC"


def incident_reviews(ctx: Ctx) -> None:
    owner = ctx.by_title("Director of Customer Support")
    if owner is None or ctx.desk is None:
        return
    cis = {c["sys_id"]: c["name"] for c in ctx.desk.rows["cmdb_ci"]}
    problems = {p["sys_id"]: p for p in ctx.desk.rows["problem"]}
    since = ctx.now - timedelta(days=WINDOW_DAYS)
    found = sorted(
        (
            i
            for i in ctx.desk.rows["incident"]
            if i["company"] != "Acme Corporation"
            and i["priority"] <= 2
            and i.get("resolved_at")
            and since <= _when(i["opened_at"])
            and _when(i["resolved_at"]) + timedelta(days=3) < ctx.now
        ),
        key=lambda i: i["number"],
    )
    if not found:
        return
    folder = ctx.folder(
        owner, "Customer incident reviews", _when(found[0]["resolved_at"]), "Post-incident reviews"
    )
    for user in ctx.in_department("Sales") + ctx.in_department("Support"):
        if user["id"] != owner["id"]:
            ctx.rows.share(folder, user, "write", owner)
    latest_p1 = max((i for i in found if i["priority"] == 1), key=lambda i: i["opened_at"], default=None)
    for inc in found:
        opened, resolved = _when(inc["opened_at"]), _when(inc["resolved_at"])
        day = resolved + timedelta(days=2, hours=3)
        deck = ctx.deck(
            owner,
            folder,
            f"PIR {inc['number']} {inc['company']}.pptx",
            "Acme 2025",
            day,
            f"Post-incident review of {inc['number']}",
        )
        ctx.title_slide(
            deck, f"Post-incident review: {inc['number']}", f"{inc['short_description']} · {long_date(day)}"
        )
        deck.slide(
            "Title and Content",
            "What happened",
            [
                f"Customer: {inc['company']}",
                f"Priority: {PRIORITY[inc['priority']]}",
                f"Configuration item: {cis.get(inc['cmdb_ci'] or '', 'not recorded')}",
                f"Opened: {stamp(opened)}",
                f"Resolved: {stamp(resolved)}",
                f"Time to resolve: {hours(opened, resolved)}",
            ],
        )
        deck.slide("Title and Content", "Impact", [" ".join(inc["description"].split())[:400]])
        problem = problems.get(inc.get("problem_id") or "")
        cause = [
            f"Resolution: {inc.get('close_code') or 'not recorded'}",
            inc.get("close_notes") or "No resolution notes.",
        ]
        if problem:
            cause.append(f"Problem {problem['number']}: {problem['short_description']}")
        deck.slide("Title and Content", "Cause and fix", cause)
        deck.slide(
            "Title and Content",
            "Actions",
            ["Confirm the fix with the customer", "Review monitoring for this configuration item"],
        )
        deck.done()
        facts = [
            {"slide": 2, "metric": "opened_at", "value": inc["opened_at"], "shown": stamp(opened)},
            {"slide": 2, "metric": "resolved_at", "value": inc["resolved_at"], "shown": stamp(resolved)},
            {"slide": 2, "metric": "time_to_resolve", "value": hours(opened, resolved)},
        ]
        ctx.fact(deck, "pir", day, inc["number"], facts, incident=inc["sys_id"], major=inc is latest_p1)
