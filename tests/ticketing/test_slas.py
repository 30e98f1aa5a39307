"""SLAs on the logical clock: attached by priority, paused on hold, stopped on resolve, breached."""

from __future__ import annotations


def test_slas_attach_by_priority(desk):
    inc = desk.incident(impact=1, urgency=1)
    slas = desk.slas(inc["number"])
    assert set(slas) == {"response", "resolution"}
    assert slas["resolution"]["sla_name"].startswith("P1 resolution")
    assert all(s["stage"] == "in_progress" and not s["has_breached"] for s in slas.values())


def test_response_sla_completes_on_assignment(desk):
    n = desk.incident(impact=1, urgency=1)["number"]
    desk.ok("assign_incident", incident_id=n, assignment_group="Service Desk", assign_to_me=True)
    assert desk.slas(n)["response"]["stage"] == "completed"


def test_breach_on_logical_clock_and_visible_in_lists(desk):
    n = desk.incident(impact=1, urgency=1)["number"]  # P1: respond within 15 minutes
    desk.ok("advance_time", minutes=10)
    assert not desk.slas(n)["response"]["has_breached"]
    out = desk.ok("advance_time", minutes=10)
    assert out["slas_breached"] >= 1
    assert desk.slas(n)["response"]["has_breached"]
    row = desk.ok("list_incidents", search=n)["records"][0]
    assert row["sla_breached"] is True
    assert n in {r["task_number"] for r in desk.ok("list_task_slas", breached=True, limit=200)["records"]}
    assert n in {r["number"] for r in desk.ok("list_incidents", sla_breached=True, limit=200)["records"]}


def test_hold_pauses_resolution_sla(desk):
    n = desk.incident(impact=1, urgency=1)["number"]  # P1: resolve within 4 hours
    desk.ok("assign_incident", incident_id=n, assignment_group="Service Desk", assign_to_me=True)
    desk.ok("put_incident_on_hold", incident_id=n, hold_reason="Awaiting Caller")
    paused = desk.slas(n)["resolution"]
    assert paused["stage"] == "paused"
    desk.ok("advance_time", hours=6)
    still = desk.slas(n)["resolution"]
    assert not still["has_breached"] and still["elapsed_seconds"] == paused["elapsed_seconds"]
    desk.ok("start_incident_work", incident_id=n)
    resumed = desk.slas(n)["resolution"]
    assert resumed["stage"] == "in_progress" and resumed["pause_duration"] >= 6 * 3600
    desk.ok("resolve_incident", incident_id=n, close_code="Solution provided", close_notes="done")
    done = desk.slas(n)["resolution"]
    assert done["stage"] == "completed" and not done["has_breached"]


def test_resolution_breach_is_kept_after_resolve(desk):
    n = desk.incident(impact=1, urgency=1)["number"]
    desk.ok("assign_incident", incident_id=n, assignment_group="Service Desk", assign_to_me=True)
    desk.ok("advance_time", hours=5)
    desk.ok("resolve_incident", incident_id=n, close_code="Solution provided", close_notes="late")
    done = desk.slas(n)["resolution"]
    assert done["stage"] == "completed" and done["has_breached"]


def test_auto_close_after_seven_days(desk):
    n = desk.incident()["number"]
    desk.ok("resolve_incident", incident_id=n, close_code="Solution provided", close_notes="done")
    desk.ok("advance_time", hours=6 * 24)
    assert desk.ok("get_incident", incident_id=n)["incident"]["state"] == 6
    out = desk.ok("advance_time", hours=25)
    assert n in out["incidents_closed"]
    assert desk.ok("get_incident", incident_id=n)["incident"]["state"] == 7


def test_advance_time_bounds(desk):
    desk.refused("advance_time", "hours", "between 1 minute and 30 days", hours=0)
    desk.refused("advance_time", "hours", "between 1 minute and 30 days", hours=24 * 31)


def test_priority_change_restarts_slas(desk):
    n = desk.incident()["number"]
    desk.ok("update_incident", incident_id=n, impact=1, urgency=1)
    active = desk.slas(n)
    assert active["resolution"]["sla_name"].startswith("P1")
    assert any(s["stage"] == "cancelled" for s in desk.ok("get_incident", incident_id=n)["task_slas"])
