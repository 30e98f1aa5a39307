"""Change requests: approvals (assess, CAB), no implementation unapproved, conflicts, closing."""

from __future__ import annotations

from datetime import timedelta


def _window(episode, days=5, hours=2):
    start = (episode.now + timedelta(days=days)).replace(microsecond=0)
    return start.isoformat(), (start + timedelta(hours=hours)).isoformat()


def _server(desk):
    return desk.ok("list_configuration_items", sys_class_name="cmdb_ci_linux_server", limit=1)["records"][0]


def _change(desk, episode, **extra):
    start, end = _window(episode, extra.pop("days", 5))
    args = {
        "short_description": "Patch server",
        "cmdb_ci": _server(desk)["sys_id"],
        "start_date": start,
        "end_date": end,
        "assignment_group": "Service Desk",
        **extra,
    }
    return desk.ok("create_change", **args)


def test_emergency_change_cab_approval_and_implementation(desk, episode):
    chg = _change(desk, episode, type="emergency", days=40)
    n = chg["number"]
    assert (chg["state"], chg["approval"], chg["conflict_status"]) == (-5, "not requested", "No Conflict")
    desk.refused("implement_change", "change_id", "not approved", change_id=n)
    out = desk.ok("request_change_approval", change_id=n)
    assert (out["state_label"], out["approval"]) == ("Authorize", "requested")
    assert n in {a["record_number"] for a in desk.ok("list_approvals")["records"]}
    desk.refused("implement_change", "change_id", "waiting for", change_id=n)
    out = desk.ok("approve_change", change_id=n, comments="OK for the window")
    assert (out["state_label"], out["approval"]) == ("Scheduled", "approved")
    states = {a["state"] for a in desk.ok("get_change", change_id=n)["approvals"]}
    assert "approved" in states and "requested" not in states
    assert desk.ok("implement_change", change_id=n)["state_label"] == "Implement"
    desk.refused(
        "close_change", "change_id", "Review", change_id=n, close_code="successful", close_notes="done"
    )
    desk.ok("review_change", change_id=n)
    closed = desk.ok("close_change", change_id=n, close_code="successful", close_notes="All good")
    assert (closed["state"], closed["active"]) == (3, False)


def test_normal_change_is_assessed_by_the_group_manager_first(desk, episode):
    n = _change(desk, episode, days=41)["number"]
    out = desk.ok("request_change_approval", change_id=n)
    assert out["state_label"] == "Assess"
    out = desk.ok("approve_change", change_id=n)  # the actor manages Service Desk
    assert (out["state_label"], out["approval"]) == ("Authorize", "requested")
    assert desk.ok("approve_change", change_id=n)["state_label"] == "Scheduled"


def test_reject_returns_to_new(desk, episode):
    n = _change(desk, episode, type="emergency", days=42)["number"]
    desk.ok("request_change_approval", change_id=n)
    desk.refused("reject_change", "comments", "why", change_id=n, comments=" ")
    out = desk.ok("reject_change", change_id=n, comments="Too risky before the release")
    assert (out["state"], out["approval"]) == (-5, "rejected")
    desk.refused("approve_change", "change_id", "not waiting for approval", change_id=n)


def test_non_approver_cannot_approve(desk, episode):
    outsider = desk.outsider("Service Desk")
    chg = _change(desk, episode, days=43)
    desk.ok("update_change", change_id=chg["number"], assignment_group="Network")
    desk.ok("request_change_approval", change_id=chg["number"])
    manager = desk.group("Network")["manager"]
    if manager != desk.me["sys_id"]:
        desk.refused("approve_change", "change_id", "not an approver", change_id=chg["number"])
    assert outsider


def test_conflicts_block_approval(desk, episode):
    first = _change(desk, episode, days=44)
    second = _change(desk, episode, days=44)
    assert second["conflict_status"] == "Conflict"
    report = desk.ok("check_change_conflicts", change_id=second["number"])
    assert [c["number"] for c in report["conflicts"]] == [first["number"]]
    desk.refused("request_change_approval", "start_date", first["number"], change_id=second["number"])
    start, end = _window(episode, days=45)
    moved = desk.ok("update_change", change_id=second["number"], start_date=start, end_date=end)
    assert moved["conflict_status"] == "No Conflict"


def test_change_rules(desk, episode):
    start, end = _window(episode)
    desk.refused(
        "create_change",
        "end_date",
        "after the planned start",
        short_description="x",
        start_date=end,
        end_date=start,
    )
    desk.refused("create_change", "risk", "between 1 and 4", short_description="x", risk=7)
    n = desk.ok("create_change", short_description="No CI yet")["number"]
    desk.refused("request_change_approval", "assignment_group", "update_change", change_id=n)
    std = _change(desk, episode, type="standard", days=46)
    assert desk.ok("request_change_approval", change_id=std["number"])["state_label"] == "Scheduled"
    desk.refused(
        "update_change", "change_id", "only a New change", change_id=std["number"], short_description="y"
    )
    cancelled = desk.ok("cancel_change", change_id=std["number"], work_notes="No longer needed")
    assert cancelled["state_label"] == "Canceled"


def test_a_change_names_its_business_service_and_offering(desk, episode):
    service = desk.ok("list_configuration_items", sys_class_name="cmdb_ci_service", limit=1)["records"][0]
    desk.refused(
        "create_change",
        "business_service",
        "not a business service",
        short_description="x",
        business_service=_server(desk)["sys_id"],
    )
    chg = _change(desk, episode, business_service=service["name"], service_offering=service["sys_id"])
    assert (chg["business_service"], chg["business_service_name"]) == (service["sys_id"], service["name"])
    assert chg["service_offering_name"] == service["name"]
    assert _change(desk, episode)["business_service"] is None  # optional
