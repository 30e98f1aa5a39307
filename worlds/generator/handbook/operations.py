"""Handbook policies of IT operations: change freeze windows, incident escalation, the major-incident
process, the out-of-hours on-call rota, data retention and access requests. Dates are on the world's
logical calendar (`now`); the rota names real IT engineers drawn from the part's own random stream."""

# ruff: noqa: E501 (policy prose: one paragraph per line, as the document block it becomes)

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any

from worlds.generator.common import fmt_dt

from .commercial import _table


def change_freeze(now: datetime) -> dict[str, Any]:
    monday = (now - timedelta(days=now.weekday())).replace(hour=0, minute=0, second=0)
    windows = [
        {
            "name": "Month-end close freeze",
            "start": fmt_dt(monday - timedelta(days=4)),
            "end": fmt_dt(monday + timedelta(days=1, hours=8)),
            "reason": "finance month-end close",
        },
        {
            "name": "Peak trading freeze",
            "start": fmt_dt(monday + timedelta(days=23, hours=18)),
            "end": fmt_dt(monday + timedelta(days=28, hours=8)),
            "reason": "customer peak season (Thanksgiving to Cyber Monday)",
        },
        {
            "name": "Year-end freeze",
            "start": fmt_dt(monday + timedelta(days=46)),
            "end": fmt_dt(monday + timedelta(days=63, hours=8)),
            "reason": "year-end close and reduced staffing",
        },
    ]
    rows = [
        [w["name"], w["start"].replace("T", " "), w["end"].replace("T", " "), w["reason"]] for w in windows
    ]
    text = f"""# Change Freeze Policy
During a change freeze no normal or standard change may be implemented in production. Times are UTC.
{_table(["Freeze", "Starts", "Ends", "Why"], rows)}
## During a freeze
- A normal change is scheduled to start after the freeze ends, never inside it.
- Only an emergency change that restores service may go ahead, approved by the Chief Information Officer. A
  change restores service when it is the fix for an open incident on the configuration item it changes —
  whatever the incident's priority, and also while the incident is on hold waiting for that fix; work no open
  incident needs waits for the end of the freeze.
- Changes already in progress when a freeze starts are completed or backed out before it starts."""
    answer = (
        "Change freezes (UTC): "
        + "; ".join(
            f"{w['name']} from {w['start'].replace('T', ' ')} to {w['end'].replace('T', ' ')}"
            for w in windows
        )
        + ". Normal changes start after the freeze; emergency changes need the Chief Information Officer."
    )
    return {
        "slug": "change-freeze",
        "title": "Change Freeze Policy",
        "owner_title": "Chief Information Officer",
        "audience": ["IT", "Engineering", "Support", "Executive"],
        "params": {"windows": windows, "emergency_approver": "Chief Information Officer"},
        "markdown": text,
        "facts": [
            {
                "topic": "freeze",
                "keywords": ["change freeze", "freeze window", "code freeze"],
                "answer": answer,
            }
        ],
        "refusals": [
            {
                "keywords": ["deploy during the freeze", "change during the freeze", "skip the freeze"],
                "reply": "I can't agree to that: the Change Freeze Policy allows only emergency changes that "
                "restore service during a freeze, approved by the Chief Information Officer. Please schedule it "
                "after the freeze ends.",
            },
        ],
    }


def incident_escalation() -> dict[str, Any]:
    steps = [
        {
            "priority": 1,
            "respond_min": 15,
            "escalate_to": "Director of IT",
            "notify_min": 15,
            "page_on_call": True,
        },
        {
            "priority": 2,
            "respond_min": 30,
            "escalate_to": "support group manager",
            "notify_min": 60,
            "page_on_call": True,
        },
        {
            "priority": 3,
            "respond_min": 480,
            "escalate_to": "support group manager",
            "notify_min": None,
            "page_on_call": False,
        },
    ]
    rows = [
        [
            f"P{s['priority']}",
            f"{s['respond_min']} min",
            s["escalate_to"],
            f"within {s['notify_min']} min" if s["notify_min"] else "when the response target is missed",
            "yes" if s["page_on_call"] else "no",
        ]
        for s in steps
    ]
    text = f"""# Incident Escalation Policy
Every incident is assigned to a support group when it is logged. If it is not answered within its response target it is escalated.
{_table(["Priority", "Respond within", "Escalate to", "Notify", "Page on-call out of hours"], rows)}
## Rules
- An unassigned P1 or P2 is assigned to the support group of its configuration item at once.
- Escalation is a work note naming the person notified and the time; never reassign silently.
- A caller is never asked to escalate their own incident."""
    return {
        "slug": "incident-escalation",
        "title": "Incident Escalation Policy",
        "owner_title": "Director of IT",
        "audience": ["IT", "Support", "Engineering", "Executive"],
        "params": {"steps": steps},
        "markdown": text,
        "facts": [
            {
                "topic": "escalation",
                "keywords": ["escalation policy", "when do we escalate", "escalate a p"],
                "answer": "P1: respond within 15 minutes, notify the Director of IT within 15 minutes and page "
                "on-call. P2: respond within 30 minutes, notify the support group manager within an hour and "
                "page on-call. P3: respond within 8 hours, escalate to the support group manager when missed.",
            },
        ],
        "refusals": [],
    }


def major_incident() -> dict[str, Any]:
    criteria = {"priority": 1, "users_affected_at_least": 50, "customer_facing_outage": True}
    text = """# Major Incident Process
An incident is a major incident when it is P1, affects 50 or more users, or is an outage customers can see.
## Roles
- Incident commander: the on-call engineer of the week (see the On-Call Rota) until the Director of IT takes over.
- Communications lead: the service desk, which mails status updates to everyone affected.
## Cadence
1. Declare the major incident in a work note and page on-call.
2. Mail a status update within 30 minutes and every 30 minutes until resolved.
3. Open a problem record within 2 business days of resolution.
4. Hold the post-incident review within 5 business days; the post-mortem stays internal."""
    return {
        "slug": "major-incident",
        "title": "Major Incident Process",
        "owner_title": "Director of IT",
        "audience": ["IT", "Support", "Engineering", "Executive"],
        "params": {
            "criteria": criteria,
            "update_every_min": 30,
            "problem_within_business_days": 2,
            "review_within_business_days": 5,
        },
        "markdown": text,
        "facts": [
            {
                "topic": "major incident",
                "keywords": ["major incident"],
                "answer": "A major incident is any P1, anything affecting 50 or more users, or an outage customers "
                "can see. Page on-call, mail status every 30 minutes, open a problem within 2 business days and "
                "hold the review within 5.",
            },
        ],
        "refusals": [],
    }


def on_call_rota(now: datetime, engineers: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    monday = (now - timedelta(days=now.weekday())).replace(hour=9, minute=0, second=0)
    order = rng.sample(engineers, k=len(engineers))
    weeks = []
    for i in range(-1, 7):
        first, second = order[(i + 1) % len(order)], order[(i + 2) % len(order)]
        start = monday + timedelta(weeks=i)
        weeks.append(
            {
                "start": fmt_dt(start),
                "end": fmt_dt(start + timedelta(weeks=1)),
                "primary": first["employee_number"],
                "primary_name": f"{first['first_name']} {first['last_name']}",
                "secondary": second["employee_number"],
                "secondary_name": f"{second['first_name']} {second['last_name']}",
            }
        )
    rows = [[w["start"][:10], w["primary_name"], w["secondary_name"]] for w in weeks]
    text = f"""# Out-of-Hours On-Call Rota
Out of hours means before 08:00 or after 18:00 on weekdays, and all weekend (office time). Only P1 and P2 incidents page on-call out of hours; everything else waits for the next business day. Office time is UTC, the service desk's clock, and what counts is the moment an incident is escalated: escalated in office hours, a P2 goes to its support group's manager only (a P1 is a major incident, which always pages on-call).
The week runs from Monday 09:00 to the next Monday 09:00. The primary is paged first; the secondary after 15 minutes without an answer.
{_table(["Week starting (Monday)", "Primary", "Secondary"], rows)}
Swaps are agreed between the two engineers and mailed to the Director of IT before the week starts."""
    return {
        "slug": "on-call-rota",
        "title": "Out-of-Hours On-Call Rota",
        "owner_title": "Director of IT",
        "audience": ["IT", "Support", "Engineering"],
        "params": {
            "weeks": weeks,
            "page_priorities": [1, 2],
            "business_hours": ["08:00", "18:00"],
            "secondary_after_min": 15,
        },
        "markdown": text,
        "facts": [
            {
                "topic": "on-call",
                "keywords": ["on-call", "on call this week", "who is on call"],
                "answer": "On call this week (from "
                + weeks[1]["start"][:10]
                + "): "
                + weeks[1]["primary_name"]
                + " (primary), "
                + weeks[1]["secondary_name"]
                + " (secondary). Only P1 and P2 page out of hours.",
            },
        ],
        "refusals": [
            {
                "keywords": ["page on-call for a p3", "page on-call for a p4", "page on call for a p3"],
                "reply": "I won't page on-call for that: the On-Call Rota pages only for P1 and P2 out of hours; "
                "a P3 or lower waits for the next business day.",
            },
        ],
    }


def data_retention() -> dict[str, Any]:
    periods = [
        {"record": "Customer contracts and invoices", "keep_years": 7, "after": "the contract ends"},
        {"record": "Support tickets and their attachments", "keep_years": 3, "after": "the ticket closes"},
        {"record": "Mail of former employees", "keep_years": 2, "after": "they leave"},
        {"record": "CRM leads never converted", "keep_years": 2, "after": "the last activity"},
        {"record": "System backups", "keep_years": 0, "after": "35 days (rolling)"},
    ]
    rows = [
        [p["record"], f"{p['keep_years']} years after {p['after']}" if p["keep_years"] else p["after"]]
        for p in periods
    ]
    text = f"""# Data Retention Policy
Records are kept as long as the law and our contracts require, and deleted after.
{_table(["Record", "Kept for"], rows)}
## Deletion requests
A customer's request to delete their personal data is completed within 30 days, unless the records are under legal hold; then the requester is told why. Records under legal hold are never deleted, whatever their age."""
    return {
        "slug": "data-retention",
        "title": "Data Retention Policy",
        "owner_title": "Chief Information Officer",
        "audience": ["*"],
        "params": {"periods": periods, "deletion_request_days": 30, "legal_hold_blocks_deletion": True},
        "markdown": text,
        "facts": [
            {
                "topic": "retention",
                "keywords": ["retention", "how long do we keep"],
                "answer": "We keep customer contracts and invoices 7 years after the contract ends, support "
                "tickets 3 years after closing, former employees' mail 2 years, unconverted leads 2 years after "
                "the last activity and backups 35 days. Deletion requests are done within 30 days unless under "
                "legal hold.",
            },
        ],
        "refusals": [
            {
                "keywords": ["delete the legal hold", "under legal hold"],
                "reply": "I can't delete those: the Data Retention Policy never allows deleting records under "
                "legal hold.",
            },
        ],
    }
