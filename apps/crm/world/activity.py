"""Activities of the CRM world: tasks (including logged calls and e-mails), events and notes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from apps.crm import picklists as pl
from apps.crm.world.deals import COMPETITORS, NEXT_STEPS
from apps.crm.world.state import Crm
from worlds.generator.common import business_dt, fmt_date, fmt_dt, rand_date, rand_dt, scaled, weighted

TARGET_WEIGHTS = {"opportunity": 45, "account": 15, "contact": 20, "lead": 20}
TASK_SUBJECTS = {
    "opportunity": (
        "Follow up on proposal",
        "Send pricing proposal",
        "Prepare quote",
        "Send contract for review",
        "Update mutual close plan",
        "Confirm decision timeline",
        "Send case studies",
        "Schedule technical validation",
        "Chase signed order form",
        "Prepare ROI analysis",
    ),
    "account": (
        "Prepare account plan",
        "Review renewal terms",
        "Check open support cases",
        "Update account hierarchy",
        "Plan quarterly business review",
        "Send product roadmap",
    ),
    "contact": (
        "Send follow-up email",
        "Introduce solution engineer",
        "Share webinar recording",
        "Connect on next project",
        "Send meeting notes",
    ),
    "lead": (
        "Qualify lead",
        "Research company",
        "Send introduction email",
        "Follow up on web inquiry",
        "Book discovery call",
    ),
}
CALL_SUBJECTS = (
    "Call",
    "Call: discovery",
    "Call: follow up",
    "Call: pricing questions",
    "Call: check-in",
    "Call: renewal",
    "Call: left voicemail",
)
DISPOSITIONS = ("Connected", "Left voicemail", "No answer", "Scheduled follow-up", "Wrong number")
EVENT_SUBJECTS = {
    "opportunity": (
        "Discovery call",
        "Product demo",
        "Technical deep dive",
        "Pricing review",
        "Contract negotiation",
        "Executive briefing",
        "Proof of concept kickoff",
    ),
    "account": (
        "Quarterly business review",
        "Onsite visit",
        "Account planning session",
        "Renewal discussion",
    ),
    "contact": ("Intro meeting", "Lunch meeting", "Coffee catch-up", "Roadmap preview"),
    "lead": ("Intro call", "Discovery call", "Qualification call"),
}
NOTE_TITLES = (
    "Call notes",
    "Meeting recap",
    "Pricing discussion",
    "Competitive intel",
    "Requirements summary",
    "Budget and timeline",
)
CONCERNS = (
    "integration with their ERP",
    "total cost of ownership",
    "data residency",
    "rollout timeline",
    "support coverage outside business hours",
    "migration effort",
    "security review",
)


@dataclass
class Target:
    kind: str
    who_id: str | None
    what_id: str | None
    owner_id: str
    start: datetime
    end: datetime
    is_open: bool
    person: str
    account: str


def _target(crm: Crm, kind: str) -> Target:
    """A random record an activity relates to, with the time window the activity can fall in."""
    rng, now = crm.rng, crm.now
    latest = now - timedelta(hours=1)
    if kind == "lead":
        lead = rng.choice(crm.rows["lead"])
        closed = lead["status"].startswith("Closed")
        end = datetime.fromisoformat(lead["last_modified_date"]) if closed else latest
        return Target(
            kind,
            lead["id"],
            None,
            lead["owner_id"],
            datetime.fromisoformat(lead["created_date"]),
            end,
            not closed,
            f"{lead['first_name']} {lead['last_name']}",
            lead["company"],
        )
    if kind == "opportunity":
        opp = rng.choice(crm.rows["opportunity"])
        account = crm.by_id[opp["account_id"]]
        contact = crm.by_id.get(opp["contact_id"]) or rng.choice(crm.contacts_of[account["id"]])
        end = latest
        if opp["is_closed"]:
            end = min(latest, datetime.fromisoformat(opp["close_date"]) + timedelta(days=5))
        return Target(
            kind,
            contact["id"] if rng.random() < 0.8 else None,
            opp["id"],
            opp["owner_id"],
            datetime.fromisoformat(opp["created_date"]),
            end,
            not opp["is_closed"],
            f"{contact['first_name']} {contact['last_name']}",
            account["name"],
        )
    account = rng.choice(crm.rows["account"])
    contact = rng.choice(crm.contacts_of[account["id"]])
    start = datetime.fromisoformat((contact if kind == "contact" else account)["created_date"])
    who = contact["id"] if kind == "contact" or rng.random() < 0.5 else None
    return Target(
        kind,
        who,
        account["id"],
        account["owner_id"],
        start,
        latest,
        True,
        f"{contact['first_name']} {contact['last_name']}",
        account["name"],
    )


def _stamps(owner: str, created: datetime, modified: datetime) -> dict[str, Any]:
    return {
        "created_date": fmt_dt(created),
        "last_modified_date": fmt_dt(max(created, modified)),
        "created_by_id": owner,
        "last_modified_by_id": owner,
    }


def build_tasks(crm: Crm) -> None:
    """Tasks: ~30% logged calls, some logged e-mails, the rest to-dos (open ones only on open records)."""
    rng, now = crm.rng, crm.now
    for _ in range(scaled(crm.scale, 5000, 60)):
        t = _target(crm, weighted(rng, TARGET_WEIGHTS))
        subtype = rng.choices(pl.TASK_SUBTYPES, (60, 30, 10))[0]
        priority = rng.choices(pl.TASK_PRIORITIES, (25, 65, 10))[0]
        values: dict[str, Any] = {
            "who_id": t.who_id,
            "what_id": t.what_id,
            "owner_id": t.owner_id,
            "priority": priority,
            "task_subtype": subtype,
        }
        if subtype == "Task" and t.is_open and rng.random() < 0.4:
            status = rng.choices(pl.TASK_STATUSES, (50, 25, 0, 15, 10))[0]
            created = rand_dt(rng, max(t.start, now - timedelta(days=45)), now - timedelta(hours=1))
            due = rand_date(rng, (now - timedelta(days=14)).date(), (now + timedelta(days=30)).date())
            values.update(
                subject=rng.choice(TASK_SUBJECTS[t.kind]),
                status=status,
                activity_date=fmt_date(due),
                **_stamps(t.owner_id, created, rand_dt(rng, created, now - timedelta(minutes=5))),
            )
        else:
            done = rand_dt(rng, t.start, max(t.start, t.end))
            created = rand_dt(rng, max(t.start, done - timedelta(days=10)), done)
            values.update(
                status="Completed", activity_date=fmt_date(done.date()), **_stamps(t.owner_id, created, done)
            )
            if subtype == "Call":
                values.update(
                    subject=rng.choice(CALL_SUBJECTS),
                    call_type=rng.choices(pl.CALL_TYPES, (25, 70, 5))[0],
                    call_duration_in_seconds=rng.randint(45, 3600),
                    call_disposition=rng.choice(DISPOSITIONS),
                    description=f"Spoke with {t.person} about {rng.choice(CONCERNS)}."
                    if rng.random() < 0.5
                    else None,
                )
            elif subtype == "Email":
                values["subject"] = f"Email: {rng.choice(TASK_SUBJECTS[t.kind])}"
            else:
                values["subject"] = rng.choice(TASK_SUBJECTS[t.kind])
        values["is_closed"] = values["status"] in pl.TASK_CLOSED_STATUSES
        crm.add("task", "Task", **values)


def build_events(crm: Crm) -> None:
    """Meetings in business hours; ~20% upcoming (on open records), the rest in the past."""
    rng, now = crm.rng, crm.now
    offices = sorted({e["office"] for e in crm.company.employees})
    for _ in range(scaled(crm.scale, 2000, 20)):
        t = _target(crm, weighted(rng, TARGET_WEIGHTS))
        if t.is_open and rng.random() < 0.2:
            start = business_dt(
                rng, rand_date(rng, (now + timedelta(days=1)).date(), (now + timedelta(days=30)).date())
            )
        else:
            start = business_dt(rng, rand_dt(rng, t.start, max(t.start, t.end)).date())
            while start > now - timedelta(hours=2):
                start -= timedelta(days=7)
        end = start + timedelta(minutes=rng.choice((30, 45, 60, 60, 90, 120)))
        latest = min(start, now - timedelta(hours=1))
        created = rand_dt(rng, min(latest, max(t.start, start - timedelta(days=21))), latest)
        subject = rng.choice(EVENT_SUBJECTS[t.kind])
        location = rng.choice(
            (
                "Zoom",
                "Microsoft Teams",
                "Google Meet",
                f"{t.account} office",
                f"Acme {rng.choice(offices)} office",
            )
        )
        crm.add(
            "event",
            "Event",
            subject=subject,
            start_date_time=fmt_dt(start),
            end_date_time=fmt_dt(end),
            is_all_day_event=False,
            location=location,
            who_id=t.who_id,
            what_id=t.what_id,
            description=f"{subject} with {t.person} ({t.account})." if rng.random() < 0.5 else None,
            owner_id=t.owner_id,
            **_stamps(t.owner_id, created, rand_dt(rng, created, min(end, now))),
        )


def _note_body(crm: Crm, title: str, t: Target) -> str:
    rng = crm.rng
    product = rng.choice(crm.company.products)["name"]
    if title == "Pricing discussion":
        return (
            f"{t.person} asked for a {rng.choice((10, 15, 20, 25))}% discount on {product}. "
            "Anything above 15% needs deal desk approval; will come back with options."
        )
    if title == "Competitive intel":
        return (
            f"{rng.choice(COMPETITORS)} is also talking to {t.account}. They pitch a lower upfront price "
            f"but {t.person} is worried about {rng.choice(CONCERNS)}."
        )
    if title == "Requirements summary":
        reqs = rng.sample(CONCERNS, 3)
        return f"Requirements from {t.account}:\n- {product}\n- " + "\n- ".join(reqs)
    if title == "Budget and timeline":
        return (
            f"Budget of about ${rng.randint(2, 90) * 5000:,} is approved for next fiscal year. "
            f"{t.person} wants a decision within {rng.choice((30, 45, 60, 90))} days."
        )
    return (
        f"Spoke with {t.person} at {t.account}. They are evaluating {product} for "
        f"{rng.randint(2, 40)} sites. Main concern: {rng.choice(CONCERNS)}. Next step: "
        f"{rng.choice(NEXT_STEPS).lower()}."
    )


def build_notes(crm: Crm) -> None:
    """Notes with a title and body on opportunities, accounts, contacts and leads."""
    rng = crm.rng
    for _ in range(scaled(crm.scale, 800, 10)):
        t = _target(crm, weighted(rng, {"opportunity": 40, "account": 30, "contact": 15, "lead": 15}))
        parent = t.what_id if t.kind in ("opportunity", "account") else t.who_id
        title = rng.choice(NOTE_TITLES)
        created = rand_dt(rng, t.start, max(t.start, t.end))
        if title == "Meeting recap":
            title = f"Meeting recap {created.date().isoformat()}"
        crm.add(
            "note",
            "Note",
            parent_id=parent,
            title=title,
            body=_note_body(crm, title, t),
            owner_id=t.owner_id,
            **_stamps(t.owner_id, created, rand_dt(rng, created, max(created, t.end))),
        )


def build_activities(crm: Crm) -> None:
    """Tasks, events and notes (in that order, from the CRM random stream)."""
    build_tasks(crm)
    build_events(crm)
    build_notes(crm)
