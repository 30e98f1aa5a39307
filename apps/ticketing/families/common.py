"""Queries and truth pieces the ticketing families share."""

from __future__ import annotations

from typing import Any

from tasks.families.base import Draw, Spec, answer_steps, step, ui_answer
from tasks.match_model import Match
from tasks.truth_model import Allowance, AnswerSpec, Expectation

SLA_FIELDS = [
    "stage",
    "active",
    "end_time",
    "has_breached",
    "pause_time",
    "pause_duration",
    "planned_end_time",
]
STAMPS = ["sys_updated_on", "sys_updated_by"]

INCIDENTS = """
SELECT i.sys_id, i.number, i.short_description, i.state, i.priority, i.active, i.assigned_to,
       i.assignment_group, g.name AS group_name, i.caller_id, u.name AS caller_name, u.email AS caller_email,
       i.cmdb_ci, c.name AS ci_name, i.category, i.opened_at
FROM ticketing_incident i
LEFT JOIN ticketing_sys_user_group g ON g.sys_id = i.assignment_group
LEFT JOIN ticketing_sys_user u ON u.sys_id = i.caller_id
LEFT JOIN ticketing_cmdb_ci c ON c.sys_id = i.cmdb_ci
"""


def incidents(d: Draw, where: str, *params: Any) -> list[dict[str, Any]]:
    """Incidents matching `where` (with their group, caller and CI names), in number order."""
    return d.world.rows(f"{INCIDENTS} WHERE {where} ORDER BY i.number", *params)


def members(d: Draw, group_id: str) -> list[dict[str, Any]]:
    """The active members of a group, by name."""
    return d.world.rows(
        "SELECT u.sys_id, u.name, u.email FROM ticketing_sys_user_grmember m "
        "JOIN ticketing_sys_user u ON u.sys_id = m.user WHERE m.[group] = ? AND u.active = 1 ORDER BY u.name",
        group_id,
    )


def stamps(sys_id: str, table: str = "ticketing_incident") -> Allowance:
    """The updated-on/by stamps of the touched row."""
    return Allowance(table=table, pk=sys_id, ops=["update"], fields=STAMPS)


def sla_follow() -> Allowance:
    """Task SLAs that stop, pause or resume with the incident's state."""
    return Allowance(table="ticketing_task_sla", ops=["update"], fields=SLA_FIELDS)


def other(d: Draw, rows: list[dict[str, Any]], chosen: dict[str, Any], key: str = "number") -> dict[str, Any]:
    """A plausible other record for the wrong-record mutant (the next one in order, wrapping)."""
    rest = [r for r in rows if r[key] != chosen[key]]
    if not rest:
        from tasks.families.base import Redraw

        raise Redraw("no other record for the wrong-record mutant")
    return rest[(rows.index(chosen)) % len(rest)]


OPEN = "i.state IN (1, 2, 3)"  # New, In Progress, On Hold


def incident_refusal(
    inc: dict[str, Any], prompt: str, k: int, text: str, tags: list[str], because: list[Match]
) -> Spec:
    """A request about one incident that the desk must refuse: read it, answer `text` (giving one of the
    reasons `because`), change nothing."""
    n = inc["number"]
    return Spec(
        prompt=prompt,
        oracle=[step("ticketing_get_incident", incident_id=n), *answer_steps(text)],
        expect=[Expectation(table="ticketing_incident", op="unchanged", pk=inc["sys_id"])],
        answer=AnswerSpec(refusal=True, because=because),
        ui_oracle=ui_answer(text),
        tags=tags,
        phrasing=k,
    )
