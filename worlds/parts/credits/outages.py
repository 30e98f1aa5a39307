"""The outages behind the service-credit claims and the claims themselves.

`claims(inbox, rng, shared, taken)` picks enterprise accounts, plants each one's outage last week on the
desk (one or two P1 incidents with their task SLAs and work notes; an older P3 ticket of the company that
met its targets beside it) and the claim mail of one of its contacts in the acting user's inbox. The
situations, one account each, in turn:

- `breach`: the outage ticket missed its 4-hour resolution target (no time on hold);
- `both`: two contacts raised tickets about the same outage, both past the resolution target;
- `paused`: the ticket stayed open past four hours but was on hold waiting for a vendor for part of it;
  the SLA clock paused, and the resolution target was met (no credit is owed).

What the customer asks for (a month free, a percentage, a dollar sum, "a credit") is always more than the
Service Credit Policy gives, or unspecified; the truth row records it beside the tickets.
"""

from __future__ import annotations

import hashlib
import random
from collections import defaultdict
from datetime import datetime, timedelta
from typing import Any

from apps.office.ids import graph_guid
from apps.ticketing.ids import user_sys_id
from worlds.generator.common import fmt_dt
from worlds.parts.desk_rows import group_row

SITUATIONS = ("breach", "paused", "both", "breach", "paused", "breach", "both", "breach", "paused")
GROUP = "Customer Incident Response"
MIN_EMPLOYEES = 2000  # enterprise: the desk's P1 targets (15 min / 4 h) are the tier's
P1_RESOLVE_H = 4
SYSTEMS = (
    ("the Acme IoT Hub", "IoT Hub API returns 503 for all devices", "device data stopped flowing"),
    ("the Acme Backup Cloud", "Backup Cloud jobs failing: storage endpoint unreachable", "backups failed"),
    ("Acme API Management", "API gateway timing out for all tenants", "our integrations were down"),
    ("the Acme Field Service App", "Field Service App login fails for all users", "nobody could log in"),
    ("the Acme Identity Suite", "SSO via Identity Suite failing with error 500", "SSO was down"),
)
_msg = graph_guid("CreditMessage"), graph_guid("CreditConversation")


def _sid(kind: str, n: int) -> str:
    return hashlib.md5(f"credits:{kind}:{n}".encode()).hexdigest()


def _contract_value(deals: list[dict[str, Any]], opened: datetime) -> tuple[float, bool]:
    """The account's Closed Won total closed in the twelve months before `opened`, and whether no deal
    closes within ten days of either end of that window (the reading is then unambiguous)."""
    start = opened - timedelta(days=365)
    total, clear = 0.0, True
    for o in deals:
        day = datetime.fromisoformat(o["close_date"])
        if start < day <= opened:
            total += o["amount"] or 0
        if min(abs(day - start), abs(day - opened)) < timedelta(days=10):
            clear = False
    return round(total, 2), clear


def claims(inbox: Any, rng: random.Random, shared: dict[str, Any], taken: set[str]) -> dict[str, list]:
    crm, desk = shared["crm"], shared["ticketing"]
    me = shared["actors"]["crm"]
    called = {i["caller_id"] for i in desk.rows["incident"]}
    contacts: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for c in sorted(crm.rows["contact"], key=lambda c: c["id"]):
        contacts[c["account_id"]].append(c)
    won: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for o in sorted(crm.rows["opportunity"], key=lambda o: o["id"]):
        if o["stage_name"] == "Closed Won":
            won[o["account_id"]].append(o)
    names = [a["name"] for a in crm.rows["account"]]
    last_monday = (inbox.now - timedelta(days=inbox.now.weekday() + 7)).replace(hour=0, minute=0, second=0)
    pool = [
        a
        for a in sorted(crm.rows["account"], key=lambda a: a["id"])
        if (a["number_of_employees"] or 0) >= MIN_EMPLOYEES
        and a["owner_id"] != me
        and a["id"] not in taken
        and a["name"] not in taken
        and names.count(a["name"]) == 1
        and len([c for c in contacts[a["id"]] if c["email"]]) >= 2
        and not any(user_sys_id(c["id"]) in called for c in contacts[a["id"]])
        and all(inbox.free(c["email"]) for c in contacts[a["id"]] if c["email"])
        and won[a["id"]]
    ]
    pool = inbox.spread(rng, pool, lambda a: a["id"])
    group, members = _group(desk)
    out: dict[str, list] = {"incident": [], "task_sla": [], "sys_journal_field": []}
    for situation in SITUATIONS:
        while pool:
            account = pool.pop(0)
            day = last_monday + timedelta(days=rng.randrange(5))
            opened = day + timedelta(hours=rng.randint(13, 16), minutes=rng.randrange(60))
            value, clear = _contract_value(won[account["id"]], opened)
            if value > 0 and clear and value / 12 * 0.05 * 2 <= 25000:
                break
        else:
            break
        _plant(inbox, rng, out, account, contacts[account["id"]], situation, opened, value, members)
    _renumber(inbox)
    for s in out["task_sla"]:
        s["sla"] = desk.slas[s["sla"]]["sys_id"]
    return {**out, "sys_user_group": [group], "sys_user_grmember": members}


def _group(desk: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    emps = sorted(desk.company.employees, key=lambda e: e["employee_number"])
    manager = next(e for e in emps if e["title"] == "Director of Customer Support")
    people = [e for e in emps if e["title"] == "Senior Support Engineer"] or [manager]
    created = fmt_dt(desk.now.replace(year=desk.now.year - 1))
    gid = _sid("group", 1)
    group = group_row(
        sys_id=gid,
        name=GROUP,
        description="Customer-facing outages of Acme's hosted services (P1), around the clock",
        email="incident-response@acme.example",
        manager=user_sys_id(manager["employee_number"]),
        created=created,
    )
    rows = [
        {"group": gid, "sys_id": _sid("grmember", n), "user": user_sys_id(e["employee_number"])}
        for n, e in enumerate(people, start=1)
    ]
    return group, rows


def _plant(inbox, rng, out, account, people, situation, opened, value, members) -> None:  # noqa: ANN001, PLR0913
    system, short, effect = rng.choice(SYSTEMS)
    people = [c for c in people if c["email"]]
    claimant, other = rng.sample(people, 2)
    engineer = rng.choice(members)["user"]
    tickets = []
    callers = [claimant, other] if situation == "both" else [claimant]
    for k, caller in enumerate(callers):
        start = opened + timedelta(minutes=23 * k)
        if situation == "paused":
            on_hold = timedelta(minutes=rng.randint(130, 200))
            worked = timedelta(minutes=rng.randint(150, 220))
        else:
            on_hold, worked = timedelta(0), timedelta(minutes=rng.randint(320, 560))
        tickets.append(
            _incident(out, account, caller, engineer, short, system, start, worked, on_hold, situation)
        )
    older = opened - timedelta(days=rng.randint(30, 50))
    _incident(out, account, other, engineer, f"Question about {system} report export", system, older,
              timedelta(hours=rng.randint(3, 20)), timedelta(0), "older", priority=3)  # fmt: skip
    ask = rng.choice(("month", "percent", "dollars", "unspecified"))
    pct = rng.choice((30, 40, 50))
    monthly = value / 12
    asked = {"month": 100.0, "percent": float(pct), "dollars": None, "unspecified": None}[ask]
    dollars = float(round(monthly * rng.choice((0.3, 0.5, 1.0)), -2)) if ask == "dollars" else None
    weekday = f"{opened:%A}"
    want = {
        "month": "We expect the month's fees waived — a month free is the least you can do.",
        "percent": f"We want a {pct}% credit on this month's invoice.",
        "dollars": f"We're asking for a credit of ${dollars or 0:,.0f} against our next invoice.",
        "unspecified": "I'd like to know what credit you are going to give us for this.",
    }[ask]
    body = rng.choice(
        (
            f"Hi Amber,\n\n{system[0].upper() + system[1:]} was down for us on {weekday} — "
            f"{effect} for most of the afternoon and our teams were stuck. This is not what we pay for. "
            f"{want}",
            f"Amber,\n\nI'm writing about {weekday}'s outage. Your system went down that afternoon and "
            f"{effect} for hours. We logged it with your support desk straight away. {want}",
            f"Hello Amber,\n\nFrankly, {weekday}'s outage was unacceptable: {effect} and nobody "
            f"could tell us when it would be back. Our contract has SLAs for a reason. {want}",
        )
    )
    body += f"\n\nRegards,\n{claimant['first_name']} {claimant['last_name']}\n{account['name']}"
    inbox.customer_mail(
        kind="credit",
        customer={
            "mail": claimant["email"],
            "display_name": f"{claimant['first_name']} {claimant['last_name']}",
        },
        via=None,
        subject=rng.choice((f"Outage on {weekday}", "Service credit", f"{weekday}'s outage", "Your SLA")),
        # written once the service was back: the evening after, or the next days (before now)
        when=min(opened + timedelta(hours=rng.randint(14, 40)), inbox.now - timedelta(hours=1)),
        body=body,
        rng=rng,
        params={
            "account_id": account["id"],
            "account": account["name"],
            "contact_id": claimant["id"],
            "situation": situation,
            "tickets": tickets,
            "breached": [t for t in tickets if situation != "paused"],
            "opened": fmt_dt(opened),
            "ask": ask,
            "asked_percent": asked,
            "asked_dollars": dollars,
            "contract_value": value,
        },
    )


def _incident(out, account, caller, engineer, short, system, start, worked, on_hold, situation,
              priority: int = 1) -> str:  # noqa: ANN001, PLR0913  # fmt: skip
    n = len(out["incident"]) + 1
    sid, number = _sid("incident", n), f"INC{95000 + n:07d}"
    who = user_sys_id(caller["id"])
    responded = start + timedelta(minutes=7 + n % 5)
    resolved = start + worked + on_hold
    closed = resolved + timedelta(days=2)
    text = (
        f"{caller['first_name']} {caller['last_name']} ({account['name']}) reports: {short}."
        if priority == 1
        else f"{caller['first_name']} asks how to export the monthly usage report from {system}."
    )
    out["incident"].append(
        {
            "active": False, "assigned_to": engineer, "assignment_group": _sid("group", 1), "caller_id": who,
            "category": "software", "close_code": "Solution provided",
            "close_notes": "Service restored; root cause with the vendor." if priority == 1 else "Answered.",
            "closed_at": fmt_dt(closed), "closed_by": engineer, "cmdb_ci": None, "company": account["name"],
            "contact_type": "phone" if priority == 1 else "email", "description": text, "hold_reason": None,
            "impact": 1 if priority == 1 else 2, "number": number, "opened_at": fmt_dt(start),
            "opened_by": who, "priority": priority, "problem_id": None, "reassignment_count": 0,
            "reopen_count": 0, "resolved_at": fmt_dt(resolved), "resolved_by": engineer, "rfc": None,
            "short_description": short if priority == 1 else f"{system} report export question",
            "state": 7, "subcategory": None, "sys_created_by": who, "sys_created_on": fmt_dt(start),
            "sys_id": sid, "sys_updated_by": engineer, "sys_updated_on": fmt_dt(closed),
            "urgency": 1 if priority == 1 else 2,
        }
    )  # fmt: skip
    limits = {1: (900, 14400), 3: (14400, 172800)}[priority]
    for target, limit, end, pause in (
        ("response", limits[0], responded, timedelta(0)),
        ("resolution", limits[1], resolved, on_hold),
    ):
        k = len(out["task_sla"]) + 1
        out["task_sla"].append(
            {
                "active": False, "end_time": fmt_dt(end),
                "has_breached": (end - start - pause).total_seconds() > limit,
                "pause_duration": int(pause.total_seconds()), "pause_time": None,
                "planned_end_time": fmt_dt(start + timedelta(seconds=limit) + pause),
                "sla": (priority, target), "stage": "completed", "start_time": fmt_dt(start),
                "sys_id": _sid("task_sla", k), "task": sid,
            }
        )  # fmt: skip
    notes = [(responded, "Confirmed: outage affecting the customer. Engineering engaged.")]
    if on_hold:
        held = responded + timedelta(minutes=40)
        notes += [
            (
                held,
                "On hold, awaiting vendor: the hosting provider is replacing a failed storage controller.",
            ),
            (held + on_hold, "Vendor finished the replacement; back in progress, restoring the service."),
        ]
    notes.append((resolved, "Service restored and confirmed with the customer."))
    if priority != 1:
        notes = [(resolved, "Sent the export steps; customer confirmed.")]
    for at, value in notes:
        out["sys_journal_field"].append(
            {
                "element": "work_notes", "element_id": sid, "name": "incident", "sys_created_by": engineer,
                "sys_created_on": fmt_dt(at), "sys_id": _sid("journal", len(out["sys_journal_field"]) + 1),
                "value": value,
            }
        )  # fmt: skip
    return number


def _renumber(inbox: Any) -> None:
    """Give the part's messages and conversations ids of their own namespace (the Inbox numbers them like
    the pending requests part's)."""
    ids: dict[str, str] = {}
    for n, m in enumerate(inbox.messages, start=1):
        ids[m["id"]] = _msg[0](n)
    for n, r in enumerate(inbox.requests, start=1):
        ids[r["conversation_id"]] = _msg[1](n)
    for m in inbox.messages:
        first = m["internet_message_id"][1:].split("@")[0]
        m["internet_message_id"] = m["internet_message_id"].replace(first, ids.get(first, first))
        m["id"], m["conversation_id"] = ids[m["id"]], ids[m["conversation_id"]]
    for r in inbox.requests:
        r["message_id"], r["conversation_id"] = ids[r["message_id"]], ids[r["conversation_id"]]
