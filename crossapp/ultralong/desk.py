"""A week of the service desk's New queue: every new, unassigned incident taken, its caller asked for what
the desk needs (Awaiting Caller), the callers' answers waited for over the following days (they write back
in their working hours), each incident resolved quoting what its caller said, and a table for the Director
of IT. The callers are personas answering from their own records, so the resolution notes are the world's.
"""

from __future__ import annotations

from typing import Any

from crossapp.ultralong.common import (
    AMBER,
    MAIL_SIDE_EFFECTS,
    LongFamily,
    Plan,
    desk_people,
    mail,
    office_id,
    sent_mail,
    workload,
)
from tasks.families.base import Draw, Redraw, Spec, eq
from tasks.match_model import Match, TableMatch, TableRow
from tasks.truth_model import Allowance, Expectation, UiStep

QUESTIONS = [
    ("when it started and the exact error message you see", "when it started and the exact error message"),
    ("which device it is and where you are located", "which device it is and where they are"),
    ("when it started and which device it is", "when it started and which device it is"),
]
CODES = ["Solution provided", "Workaround provided"]
DESK_SIDE_EFFECTS = [
    Allowance(table="ticketing_task_sla", ops=["insert", "update"]),
    Allowance(table="ticketing_caller_followup", ops=["insert", "update"]),
    Allowance(table="ticketing_incident", ops=["update"]),  # the clock closes week-old resolved incidents
]
INC = r"\bINC[0-9]{7}\b"


def _queue(d: Draw) -> list[dict[str, Any]]:
    return d.world.rows(
        "SELECT i.sys_id, i.number, i.short_description, i.caller_id, i.assignment_group, u.name AS caller "
        "FROM ticketing_incident i "
        "JOIN ticketing_sys_user u ON u.sys_id = i.caller_id "
        "WHERE i.state = 1 AND i.assigned_to IS NULL ORDER BY i.number"
    )


class DeskFamily(LongFamily):
    """An ultra-long scenario of the service desk, whose callers answer on the desk's clock."""

    version = 3  # v3: the desk's question to a caller is any comment (its wording is the performer's)
    apps = ("ticketing", "office")
    surfaces = ("mcp", "cli", "ui", "python")


# -- browser moves on the incident form and the desk's clock page ----------------------------------------


def incident_ui(number: str, *steps: UiStep) -> list[UiStep]:
    """Open the incident's form and do `steps` there."""
    return [UiStep(goto=f"/incidents/{number}"), *steps]


def journal_ui(text: str, tab: str = "Additional comments") -> list[UiStep]:
    """Post `text` from the journal field over the activity stream: as Additional comments, or with its
    Work notes box checked as Work notes."""
    check = [UiStep(check="Work notes")] if tab == "Work notes" else []
    return [*check, UiStep(fill=(tab, text)), UiStep(click=("button", "Post"))]


def clock_ui(hours: int) -> list[UiStep]:
    """System Scheduler > Let time pass: `hours` on the desk's clock."""
    return [
        UiStep(goto="/clock"),
        UiStep(fill=("Hours", str(hours))),
        UiStep(fill=("Minutes", "0")),
        UiStep(click=("button", "Let time pass")),
        UiStep(expect_text="Waited"),
    ]


def advance(plan: Plan, hours: int) -> None:
    """Let `hours` pass on the desk's clock (callers answer, scheduled jobs run)."""
    plan.call("ticketing_advance_time", clock_ui(hours), hours=hours)


def mail_incident_report(
    plan: Plan,
    me: str,
    lead: dict[str, Any],
    subject: str,
    table: tuple[str, list[str]],
    incidents: list,
    about: str,
) -> None:
    """Mail the desk's lead `subject` with a table (`table`: its header and lines) of one line per incident,
    expected as a table keyed by incident number naming each caller (`about`: what the subject must
    contain)."""
    header, lines = table
    body = f"Hi {lead['name'].split()[0]},\n\n{header}\n" + "\n".join(lines)
    plan.call("office_find_people", query=lead["name"])
    mail(plan, lead["email"], subject, body)
    rows = [TableRow(key=inc["number"], words=[inc["caller"]]) for inc in incidents]
    plan.must(sent_mail(me, lead["email"], about, Match(table=TableMatch(rows=rows, other_keys=INC))))


class DeskQueueWeek(DeskFamily):
    name = "long.desk-queue-week"
    # v4: "open incidents (New, In Progress or On Hold)" in incident-number order: the desk's own "active"
    # also holds Resolved ones, which the blind probe counted; v5: v4's stream drew two seeds with one truth;
    # v6: the UI oracle opens the incident form's Resolution Information tab before resolving; v7: its UI
    # oracle follows the new pages (UI16, event pane, slides); v8: v7's stream drew two seeds with one truth
    version = 8
    summary = "a week of the desk's New queue: take, ask the callers, wait days for answers, resolve, report"

    def build(self, d: Draw) -> Spec:
        queue = _queue(d)
        if len(queue) < 20:
            raise Redraw("the New queue is short")
        ask, asked = d.choice(QUESTIONS)
        code = d.choice(CODES)
        days = d.choice([2, 3])
        workload(d, f"{self.name}:{ask}:{code}:{days}")
        me_desk, lead = desk_people(d)
        me = office_id(d, AMBER)
        plan = Plan()
        plan.call("ticketing_list_incidents", state=[1], unassigned=True, limit=100)
        load = _loads(d, plan, queue)
        chosen = {}
        for inc in queue:
            plan.call("ticketing_get_incident", incident_id=inc["number"])
            members = load[inc["assignment_group"]]
            who = min(members, key=lambda m: (m["open"], m["name"], m["sys_id"]))
            who["open"] += 1
            chosen[inc["number"]] = who["sys_id"]
            ui = [UiStep(fill=("Assigned to", who["name"])), UiStep(click=("button", "Update"))]
            plan.call(
                "ticketing_assign_incident",
                incident_ui(inc["number"], *ui, UiStep(expect_text=who["name"])),
                incident_id=inc["number"],
                assignment_group=inc["assignment_group"],
                assigned_to=who["sys_id"],
            )
        plan.milestone(
            "every New incident assigned to the least-loaded member of its group",
            [touched(inc, assigned_to=eq(chosen[inc["number"]])) for inc in queue],
        )
        for inc in queue:
            text = f"Hi {inc['caller'].split()[0]}, could you tell us {ask}?"
            hold = [UiStep(select=("On hold reason", "Awaiting Caller")), UiStep(click=("button", "On Hold"))]
            plan.call(
                "ticketing_put_incident_on_hold",
                incident_ui(inc["number"], *journal_ui(text), *hold, UiStep(expect_text="On Hold")),
                incident_id=inc["number"],
                hold_reason="Awaiting Caller",
                comments=text,
            )
        plan.milestone(
            "every caller asked (Awaiting Caller)",
            [journal(inc, me_desk) for inc in queue],
        )
        for _ in range(days):
            advance(plan, 24)
        plan.milestone("every caller's answer received", [journal(inc, inc["caller_id"]) for inc in queue])
        for inc in queue:
            plan.call("ticketing_get_incident", incident_id=inc["number"])
            notes = f"Resolved after the caller told us {asked}."
            ui = [
                UiStep(click=("tab", "Resolution Information")),  # the incident form's section tab
                UiStep(select=("Resolution code", code)),
                UiStep(fill=("Resolution notes", notes)),
            ]
            plan.call(
                "ticketing_resolve_incident",
                incident_ui(
                    inc["number"], *ui, UiStep(click=("button", "Resolve")), UiStep(expect_text="Resolved")
                ),
                incident_id=inc["number"],
                close_code=code,
                close_notes=notes,
            )
            plan.must(
                touched(inc, state=eq(6), assigned_to=eq(chosen[inc["number"]]), close_code=eq(code)),
                journal(inc, me_desk),
                journal(inc, inc["caller_id"]),
            )
        plan.milestone("every incident resolved", [touched(inc, state=eq(6)) for inc in queue])
        subject = "Service desk queue: week report"
        lines = [f"{inc['number']} | {inc['caller']} | resolved" for inc in queue]
        mail_incident_report(
            plan, me, lead, subject, ("Incident | Caller | Outcome", lines), queue, "week report"
        )
        plan.milestone("week report mailed to the Director of IT")
        prompt = " ".join(
            [
                "You run the service desk's New queue this week. Assign every New, unassigned incident",
                "within its group to the member with the fewest open incidents (New, In Progress or On Hold;",
                "take the queue in incident-number order and count the ones you assign as you go; ties: by",
                "name), put it on hold Awaiting Caller with a comment asking the caller",
                f"{ask}, and give the callers {days} days to answer",
                "(let the desk's clock run a day at a time).",
                f'Then resolve each one with resolution code "{code}"',
                "and notes that say what the caller told",
                f"you. Finally mail {lead['name']} (Director of IT)",
                f'a report with subject "{subject}": a table',
                "of one line per incident with its number and caller.",
            ]
        )
        return plan.spec(
            prompt,
            [*DESK_SIDE_EFFECTS, *MAIL_SIDE_EFFECTS],
            wrong_record={queue[0]["number"]: other_incident(d, queue)},  # the work done on another incident
            tags=["ultralong", "callers", "desk", "awaiting-caller"],
            records=len(queue),
        )


def _loads(d: Draw, plan: Plan, queue: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Each queue group's members with their active incidents, read as the desk would (members, then each
    member's open incidents)."""
    out: dict[str, list[dict[str, Any]]] = {}
    for group in sorted({inc["assignment_group"] for inc in queue}):
        plan.call("ticketing_get_group_members", group=group)
        members = d.world.rows(
            "SELECT u.sys_id, u.name, u.email, (SELECT count(*) FROM ticketing_incident i "
            "WHERE i.assigned_to = u.sys_id AND i.state IN (1, 2, 3)) AS open "
            "FROM ticketing_sys_user_grmember m "
            'JOIN ticketing_sys_user u ON u.sys_id = m.user WHERE m."group" = ? AND u.active = 1 '
            "ORDER BY u.name",
            group,
        )
        if not members:
            raise Redraw(f"group {group} has no members")
        for m in members:
            plan.call("ticketing_list_incidents", assigned_to=m["sys_id"], state=[1, 2, 3], limit=1)
        out[group] = [dict(m) for m in members]
    return out


def other_incident(d: Draw, queue: list[dict[str, Any]]) -> str:
    """An In Progress incident, not among `queue` (for the wrong-record mutant)."""
    return d.world.value(
        "SELECT number FROM ticketing_incident WHERE state = 2 AND number > ? ORDER BY number",
        queue[0]["number"],
    )


def touched(inc: dict[str, Any], **fields: Match) -> Expectation:
    """The incident was updated to hold `fields`."""
    return Expectation(
        table="ticketing_incident", op="update", pk=inc["sys_id"], fields=fields, note=inc["number"]
    )


def journal(
    inc: dict[str, Any], author: str, says: Match | None = None, element: str = "comments"
) -> Expectation:
    """A journal entry on the incident by `author` (the desk or the caller), holding what `says` asks for
    when given (the desk's question is proven by the caller's answer, not by its wording)."""
    fields = {"element_id": eq(inc["sys_id"]), "element": eq(element), "sys_created_by": eq(author)}
    if says is not None:
        fields["value"] = says
    return Expectation(
        table="ticketing_sys_journal_field",
        op="insert",
        fields=fields,
        note=f"{inc['number']}: a {element.replace('_', ' ')} entry by {author}",
    )


FAMILIES = [DeskQueueWeek()]
