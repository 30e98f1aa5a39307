"""Incidents: opening, priority matrix, assignment rules, the state machine and the journal."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("impact", "urgency", "priority"),
    [(1, 1, 1), (1, 2, 2), (2, 1, 2), (1, 3, 3), (2, 2, 3), (3, 1, 3), (2, 3, 4), (3, 2, 4), (3, 3, 5)],
)
def test_priority_matrix(desk, impact, urgency, priority):
    inc = desk.incident(impact=impact, urgency=urgency)
    assert (inc["priority"], inc["state"], inc["state_label"]) == (priority, 1, "New")
    assert inc["number"].startswith("INC00")


def test_create_refuses_bad_input_and_writes_nothing(desk):
    caller = desk.caller()["sys_id"]
    desk.refused("create_incident", "caller_id", "no user", caller_id="nobody", short_description="x")
    desk.refused("create_incident", "short_description", "required", caller_id=caller, short_description="  ")
    desk.refused(
        "create_incident",
        "category",
        "choose one of",
        caller_id=caller,
        short_description="x",
        category="food",
    )
    desk.refused(
        "create_incident",
        "subcategory",
        "choose one of",
        caller_id=caller,
        short_description="x",
        category="network",
        subcategory="mouse",
    )
    desk.refused(
        "create_incident", "impact", "between 1 and 3", caller_id=caller, short_description="x", impact=4
    )


def test_assignee_must_belong_to_group(desk):
    inc = desk.incident()
    outsider = desk.outsider("Network")
    msg = desk.refused(
        "assign_incident",
        "assigned_to",
        "not a member of Network",
        incident_id=inc["number"],
        assignment_group="Network",
        assigned_to=outsider["sys_id"],
    )
    assert desk.members("Network")[0]["name"] in msg


def test_assign_to_me_moves_new_to_in_progress_and_counts_reassignment(desk):
    inc = desk.incident()
    out = desk.ok("assign_incident", incident_id=inc["number"], assignment_group="Network")
    assert (out["state"], out["reassignment_count"]) == (1, 0)
    out = desk.ok(
        "assign_incident", incident_id=inc["number"], assignment_group="Service Desk", assign_to_me=True
    )
    assert out["state"] == 2 and out["assigned_to"] == desk.me["sys_id"] and out["reassignment_count"] == 1
    assert out["assignment_group_name"] == "Service Desk"


def test_full_lifecycle(desk):
    inc = desk.incident()
    n = inc["number"]
    desk.ok("assign_incident", incident_id=n, assignment_group="Service Desk", assign_to_me=True)
    desk.refused(
        "put_incident_on_hold", "hold_reason", "Awaiting Caller", incident_id=n, hold_reason="Waiting"
    )
    held = desk.ok("put_incident_on_hold", incident_id=n, hold_reason="Awaiting Vendor")
    assert (held["state"], held["hold_reason"], held["hold_reason_label"]) == (3, "4", "Awaiting Vendor")
    back = desk.ok("start_incident_work", incident_id=n)
    assert (back["state"], back["hold_reason"]) == (2, None)
    desk.refused(
        "resolve_incident",
        "close_notes",
        "resolution notes",
        incident_id=n,
        close_code="Solution provided",
        close_notes=" ",
    )
    desk.refused(
        "resolve_incident",
        "close_code",
        "choose one of",
        incident_id=n,
        close_code="Fixed",
        close_notes="done",
    )
    res = desk.ok(
        "resolve_incident", incident_id=n, close_code="Solution provided", close_notes="Replaced the disk"
    )
    assert (res["state"], res["active"], res["resolved_by"]) == (
        6,
        True,
        desk.me["sys_id"],
    )  # active till closed
    desk.refused(
        "put_incident_on_hold", "incident_id", "Resolved", incident_id=n, hold_reason="Awaiting Caller"
    )
    closed = desk.ok("close_incident", incident_id=n)
    assert closed["state"] == 7 and closed["closed_at"]
    desk.refused("reopen_incident", "incident_id", "open a new incident", incident_id=n, comments="again")
    desk.refused("add_work_note", "record_id", "Closed", record_id=n, text="late note")
    desk.refused("update_incident", "incident_id", "read-only", incident_id=n, short_description="x")


def test_close_needs_resolved_and_cancel_needs_reason(desk):
    n = desk.incident()["number"]
    desk.refused("close_incident", "incident_id", "Resolve it first", incident_id=n)
    desk.refused("cancel_incident", "work_notes", "why", incident_id=n, work_notes="")
    out = desk.ok("cancel_incident", incident_id=n, work_notes="Duplicate of another ticket")
    assert out["state"] == 8 and not out["active"]


def test_reopen_by_agent(desk):
    n = desk.incident()["number"]
    desk.ok("assign_incident", incident_id=n, assignment_group="Service Desk", assign_to_me=True)
    desk.ok(
        "resolve_incident", incident_id=n, close_code="Workaround provided", close_notes="Use the web client"
    )
    again = desk.ok("reopen_incident", incident_id=n, comments="Still failing")
    assert (again["state"], again["reopen_count"], again["close_code"], again["resolved_at"]) == (
        2,
        1,
        None,
        None,
    )
    newest = desk.ok("get_incident", incident_id=n)["activity"][0]
    assert newest["element"] == "comments" and newest["value"] == "Still failing"
    # a caller's own comment reopening it: tests/ticketing/test_callers.py


def test_agent_comment_does_not_reopen(desk):
    n = desk.incident()["number"]
    desk.ok("resolve_incident", incident_id=n, close_code="User error", close_notes="Explained")
    desk.ok("add_comment", record_id=n, text="Glad it works now")
    assert desk.ok("get_incident", incident_id=n)["incident"]["state"] == 6


def test_work_notes_and_comments_are_separate_journal_entries(desk):
    n = desk.incident()["number"]
    desk.ok("add_work_note", record_id=n, text="internal: checked logs")
    desk.ok("add_comment", record_id=n, text="We are on it")
    activity = desk.ok("get_incident", incident_id=n)["activity"]
    assert {(a["element"], a["value"]) for a in activity} == {
        ("work_notes", "internal: checked logs"),
        ("comments", "We are on it"),
    }
    desk.refused("add_work_note", "record_id", "give its number", record_id="INC9999999", text="x")


def test_update_recomputes_priority(desk):
    n = desk.incident()["number"]
    out = desk.ok("update_incident", incident_id=n, impact=1, urgency=1)
    assert out["priority"] == 1 and out["priority_label"] == "1 - Critical"


def test_list_filters(desk):
    me = desk.me["sys_id"]
    n = desk.incident(short_description="Unique printer jam 4711")["number"]
    desk.ok("assign_incident", incident_id=n, assignment_group="Service Desk", assign_to_me=True)
    page = desk.ok("list_incidents", search="4711")
    assert [r["number"] for r in page["records"]] == [n]
    mine = desk.ok("list_incidents", assigned_to_me=True, active=True, limit=200)
    assert n in {r["number"] for r in mine["records"]} and all(
        r["assigned_to"] == me for r in mine["records"]
    )
    desk.refused("list_incidents", "limit", "between 1 and 200", limit=0)
    open_states = desk.ok("list_incidents", state=[1, 2, 3], limit=200)["records"]
    assert all(r["active"] for r in open_states)
