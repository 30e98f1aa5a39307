"""Chasing the desk's stale Awaiting Caller incidents over a week: every incident on hold for its caller gets
a reminder asking what the desk needs, the callers answer over the next days (their answer resumes the
incident: In Progress), each answer is written into a work note for the assignee, the incidents whose
caller answered are put back to work, and the desk's lead gets a table by mail."""

from __future__ import annotations

from typing import Any

from crossapp.ultralong.common import (
    AMBER,
    MAIL_SIDE_EFFECTS,
    Plan,
    desk_people,
    mail,
    office_id,
    sent_mail,
    workload,
)
from crossapp.ultralong.desk import (
    DESK_SIDE_EFFECTS,
    DeskFamily,
    advance,
    incident_ui,
    journal,
    journal_ui,
    mail_incident_report,
    other_incident,
    touched,
)
from tasks.families import mentions
from tasks.families.base import Draw, Redraw, Spec, eq
from tasks.match_model import Match

ASKS = [
    "the serial number or asset tag of the device",
    "where you are located and a phone number to call you",
    "the exact error message and when it started",
]
NOTE = "Caller answered the reminder; back to work."


def _on_hold(d: Draw) -> list[dict[str, Any]]:
    return d.world.rows(
        "SELECT i.sys_id, i.number, i.caller_id, i.assigned_to, u.name AS caller, s.name AS assignee, "
        "s.email AS assignee_email "
        "FROM ticketing_incident i JOIN ticketing_sys_user u ON u.sys_id = i.caller_id "
        "LEFT JOIN ticketing_sys_user s ON s.sys_id = i.assigned_to "
        "WHERE i.state = 3 AND i.hold_reason = '1' ORDER BY i.number"
    )


def _tell_assignees(d: Draw, plan: Plan, me: str, held: list[dict[str, Any]]) -> None:
    """One mail per assignee with a mailbox: the numbers of their incidents whose callers answered."""
    boxes = {r["mail"] for r in d.world.rows("SELECT mail FROM office_user")}
    by: dict[str, list[dict[str, Any]]] = {}
    for inc in held:
        if inc["assignee_email"] in boxes:
            by.setdefault(inc["assignee_email"], []).append(inc)
    for to, incs in sorted(by.items()):
        plan.call("office_find_people", query=incs[0]["assignee"])
        numbers = ", ".join(i["number"] for i in incs)
        mail(plan, to, "Callers answered", f"Hi {incs[0]['assignee'].split()[0]}, back to work: {numbers}.")
        numbers_named = mentions.all_of(*[mentions.record(number=i["number"]) for i in incs])
        plan.must(sent_mail(me, to, "Callers answered", numbers_named))
    plan.milestone("every assignee told which of their incidents are back to work")


class AwaitingCallerChase(DeskFamily):
    name = "long.awaiting-caller-chase"
    # v4: the browser oracle (v1's three seeds drew three different truths, v2's and v3's streams only two
    # of the six ask x days combinations, which test_ultralong refuses: seeds must not share a truth);
    # v5: the reminder is any comment, the assignee's mail names every incident of theirs in any form
    version = 6  # its UI oracle follows the new pages (UI16, event pane, slides)
    summary = "chase every Awaiting Caller incident: remind, wait days for answers, note them, report"

    def build(self, d: Draw) -> Spec:
        held = _on_hold(d)
        if len(held) < 15:
            raise Redraw("few incidents await their caller")
        ask = d.choice(ASKS)
        days = d.choice([2, 3])
        workload(d, f"{self.name}:{ask}:{days}")
        me_desk, lead = desk_people(d)
        me = office_id(d, AMBER)
        plan = Plan()
        plan.call("ticketing_list_incidents", state=[3], limit=100)
        for inc in held:
            plan.call("ticketing_get_incident", incident_id=inc["number"])
            text = f"Hi {inc['caller'].split()[0]}, a reminder: could you please send us {ask}?"
            plan.call(
                "ticketing_add_comment",
                incident_ui(inc["number"], *journal_ui(text)),
                record_id=inc["number"],
                text=text,
            )
        plan.milestone("every waiting caller reminded", [journal(inc, me_desk) for inc in held])
        for _ in range(days):
            advance(plan, 24)
            plan.call("ticketing_list_incidents", state=[2], assigned_to_me=False, limit=100)
        plan.milestone(
            "every caller answered and their incident resumed",
            [touched(inc, state=eq(2)) for inc in held] + [journal(inc, inc["caller_id"]) for inc in held],
        )
        for inc in held:
            plan.call("ticketing_get_incident", incident_id=inc["number"])
            note = f"{NOTE} ({ask})"
            ui = incident_ui(inc["number"], *journal_ui(note, "Work notes"))
            plan.call("ticketing_add_work_note", ui, record_id=inc["number"], text=note)
            plan.must(
                touched(inc, state=eq(2)),
                journal(inc, me_desk),
                journal(inc, inc["caller_id"]),
                journal(inc, me_desk, Match(contains=NOTE), element="work_notes"),
            )
        noted = [journal(inc, me_desk, Match(contains=NOTE), "work_notes") for inc in held]
        plan.milestone("every answer noted for the assignee", noted)
        _tell_assignees(d, plan, me, held)
        subject = "Awaiting Caller chase"
        lines = [f"{inc['number']} | {inc['caller']} | {inc['assignee'] or '-'} | answered" for inc in held]
        header = "Incident | Caller | Assignee | Status"
        mail_incident_report(plan, me, lead, subject, (header, lines), held, subject)
        plan.milestone("chase report mailed to the Director of IT")
        prompt = " ".join(
            [
                "Chase every incident that is On Hold Awaiting Caller: add a comment to each asking the",
                f"caller to send {ask}, then let the desk's clock run a day at a time for {days} days while",
                "they answer (an answer puts the incident back In Progress). Read each answer and add a work",
                f'note "{NOTE} (<what you asked for>)" for the assignee, and mail each assignee (one mail',
                'each, subject "Callers answered") the numbers of their incidents that are back to work.',
                f"Finally mail {lead['name']}",
                f'(Director of IT) the subject "{subject}" with a table of one line per incident: its number',
                "and caller.",
            ]
        )
        return plan.spec(
            prompt,
            [*DESK_SIDE_EFFECTS, *MAIL_SIDE_EFFECTS],
            wrong_record={held[0]["number"]: other_incident(d, held)},  # the reminder on another incident
            tags=["ultralong", "callers", "desk", "awaiting-caller"],
            records=len(held),
        )


FAMILIES = [AwaitingCallerChase()]
