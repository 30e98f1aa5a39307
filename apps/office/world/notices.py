"""The rest of a knowledge worker's mailbox, grounded in the other apps' records: ticketing notifications
(an incident opened and resolved for its caller), CRM notifications for the acting user (stage changes of
their deals, task reminders), the weekly company newsletter (that week's won deals and new hires), and
meeting requests for the calendar events the acting user was invited to (with the event's iCalendar).

Appended after every other office row, so the ids of existing rows are unchanged.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from apps.office.world.calendar import invite
from apps.office.world.mail import post
from apps.office.world.mail_text import deal_phrase
from apps.office.world.people import Office
from apps.ticketing.ids import user_sys_id

DESK = ("servicedesk@acme.example", "IT Service Desk")
CRM = ("noreply@crm.acme.example", "Acme CRM")
NEWS = ("news@acme.example", "Acme Internal Communications")
ALL_STAFF = "all-staff@acme.example"  # the distribution list the newsletter goes to (every employee)
WINDOW = timedelta(days=120)
PRIORITY = {1: "1 - Critical", 2: "2 - High", 3: "3 - Moderate", 4: "4 - Low", 5: "5 - Planning"}


def _send(
    office: Office,
    sender: tuple[str, str],
    to: list[str],
    subject: str,
    body: str,
    when: datetime,
    **extra: Any,
) -> None:
    post(
        office,
        sender=None,
        from_address=sender[0],
        from_name=sender[1],
        to=to,
        subject=subject,
        body=body,
        when=when,
        conversation=office.conversation(),
        **extra,
    )


def ticketing_notices(office: Office, desk: Any) -> None:
    """For each incident an employee raised in the mail window: 'opened' and, once resolved, 'resolved'."""
    groups = {sys_id: name for name, sys_id in desk.groups.items()}
    mail_of = {user_sys_id(e["employee_number"]): e["email"].lower() for e in desk.company.employees}
    for inc in desk.rows["incident"]:
        to = mail_of.get(inc["caller_id"])
        opened = datetime.fromisoformat(inc["opened_at"])
        if not to or office.now - opened > WINDOW:
            continue
        facts = (
            f"Number: {inc['number']}\nShort description: {inc['short_description']}\n"
            f"Priority: {PRIORITY[inc['priority']]}\nAssignment group: {groups[inc['assignment_group']]}"
        )
        _send(
            office,
            DESK,
            [to],
            f"Incident {inc['number']} opened: {inc['short_description']}",
            f"Your incident has been opened.\n\n{facts}\n\nReply to this mail to add a comment.",
            opened,
        )
        if inc["resolved_at"]:
            _send(
                office,
                DESK,
                [to],
                f"Incident {inc['number']} resolved: {inc['short_description']}",
                f"Your incident has been resolved ({inc['close_code']}).\n\n{facts}\n\nResolution notes: "
                f"{inc['close_notes']}\n\nIf the issue persists, reply within 7 days to reopen it.",
                datetime.fromisoformat(inc["resolved_at"]),
            )


def crm_notices(office: Office) -> None:
    """Stage changes of the acting user's deals and reminders of their open CRM tasks."""
    crm, to = office.crm, [office.actor["mail"]]
    opps = {o["id"]: o for o in crm.rows["opportunity"] if o["owner_id"] == office.actor_crm_id}
    for h in crm.rows["opportunity_history"]:
        opp = opps.get(h["opportunity_id"])
        when = datetime.fromisoformat(h["created_date"])
        if opp is None or office.now - when > WINDOW or when > office.now:
            continue
        _send(
            office,
            CRM,
            to,
            f"Stage changed to {h['stage_name']}: {opp['name']}",
            f"{opp['name']} moved to {h['stage_name']} ({h['probability']}% probability).\n\n"
            f"Amount: ${h['amount'] or 0:,.0f}, close date {h['close_date']}.",
            when,
        )
    for t in crm.rows["task"]:
        if t["owner_id"] != office.actor_crm_id or t["status"] == "Completed" or not t["activity_date"]:
            continue
        due = datetime.fromisoformat(t["activity_date"]) - timedelta(days=1)
        if office.now - WINDOW < due < office.now:
            _send(
                office,
                CRM,
                to,
                f"Task due {t['activity_date']}: {t['subject']}",
                f'Reminder: your task "{t["subject"]}" is due on {t["activity_date"]} '
                f"(priority {t['priority']}).",
                due.replace(hour=7, minute=0, second=0),
            )


def newsletters(office: Office) -> None:
    """The weekly company newsletter to the all-staff list: that week's won deals (real amounts) and new
    hires."""
    monday = office.now - timedelta(days=office.now.weekday())
    users = [u["mail"] for u in office.users]
    accounts = {a["id"]: a["name"] for a in office.crm.rows["account"]}
    hires = {u["employee_number"]: u for u in office.users}
    employees = office.crm.company.employees
    for week in range(1, WINDOW.days // 7 + 1):
        start = (monday - timedelta(weeks=week)).replace(hour=15, minute=0, second=0, microsecond=0)
        end = start + timedelta(days=7)
        won = [
            o
            for o in office.crm.rows["opportunity"]
            if o["is_won"] and start.date().isoformat() <= o["close_date"] < end.date().isoformat()
        ]
        won.sort(key=lambda o: -(o["amount"] or 0))
        new = [
            hires[e["employee_number"]]
            for e in employees
            if start.date().isoformat() <= e["hire_date"] < end.date().isoformat()
        ]
        lines = [f"- {accounts.get(o['account_id'], '')}: {deal_phrase(o)}" for o in won[:5]] or ["- none"]
        people = [f"- {u['display_name']}, {u['job_title']} ({u['office_location']})" for u in new]
        total = sum(o["amount"] or 0 for o in won)
        subject = f"Acme Weekly, week {start.isocalendar().week}: {len(won)} wins worth ${total:,.0f}"
        body = (
            "Wins this week:\n"
            + "\n".join(lines)
            + ("\n\nWelcome to:\n" + "\n".join(people) if people else "")
            + f"\n\nAll-hands on {end:%A %B %d}."
        )
        _send(office, NEWS, [ALL_STAFF], subject, body, end - timedelta(days=3), members=users)


def meeting_requests(office: Office) -> None:
    """The invitation each calendar event the acting user attends (not organizes) arrived with."""
    actor = office.actor
    invited = {a["event_id"] for a in office.rows["attendee"] if a["email_address"] == actor["mail"]}
    already = {m["event_id"] for m in office.rows["message"] if m["event_id"]}
    for event in list(office.rows["event"]):
        if event["id"] not in invited or event["id"] in already or event["organizer_id"] == actor["id"]:
            continue
        sent = datetime.fromisoformat(event["created_date_time"])
        if sent > office.now or office.now - sent > WINDOW:
            continue
        invite(office, office.by_id[event["organizer_id"]], event, sent, sent)
