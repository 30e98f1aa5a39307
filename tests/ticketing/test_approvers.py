"""Approvers decide sysapproval_approver records on the logical clock by the handbook (approvers/)."""

from __future__ import annotations

import pytest

from tests.ticketing.test_surfaces import _mcp

FREEZE = ("2026-11-26T10:00:00", "2026-11-26T12:00:00")  # inside the Peak trading freeze of the handbook
CLEAR = ("2026-12-08T10:00:00", "2026-12-08T12:00:00")
LAPTOP = ["model=MacBook Pro 14", "memory=32 GB"]  # Developer Laptop: $2,800 each, needs approval


@pytest.fixture
def ep(gym):
    episode = gym.create_episode("tiny", apps=["ticketing"])
    yield episode
    episode.close()


def _me(ep) -> str:
    return ep.world.manifest["actors"]["ticketing"]


def _change(ep, window: tuple[str, str], type: str = "normal") -> dict:
    group = ep.db.execute_raw(
        "SELECT sys_id FROM ticketing_sys_user_group WHERE manager IS NOT NULL AND manager != ? "
        "ORDER BY sys_id LIMIT 1",
        (_me(ep),),
    )[0][0]
    ci = ep.db.execute_raw("SELECT sys_id FROM ticketing_cmdb_ci ORDER BY sys_id LIMIT 1")[0][0]
    chg = ep.call(
        "ticketing_create_change",
        short_description="Apply the kernel security patches",
        type=type,
        cmdb_ci=ci,
        assignment_group=group,
        start_date=window[0],
        end_date=window[1],
    )
    ep.call("ticketing_request_change_approval", change_id=chg["number"])
    return chg


def _wait(ep, days: int = 4) -> list[str]:
    decided = []
    for _ in range(days * 2):
        decided += ep.call("ticketing_advance_time", hours=12)["approvals_decided"]
    return decided


def _approvals(ep, record_id: str) -> list[tuple]:
    return ep.db.execute_raw(
        "SELECT approver, state, comments FROM ticketing_sysapproval_approver WHERE sysapproval = ? "
        "ORDER BY sys_created_on, sys_id",
        (record_id,),
    )


def _requester(ep) -> str:
    """An employee whose manager is an employee other than the acting user."""
    return ep.db.execute_raw(
        "SELECT u.sys_id FROM ticketing_sys_user u JOIN ticketing_sys_user m ON m.sys_id = u.manager "
        "WHERE m.employee_number IS NOT NULL AND u.employee_number IS NOT NULL AND m.sys_id != ? "
        "AND u.sys_id != ? ORDER BY u.sys_id LIMIT 1",
        (_me(ep),) * 2,
    )[0][0]


def test_a_normal_change_inside_a_freeze_is_rejected_by_the_group_manager(ep):
    chg = _change(ep, FREEZE)
    assert ep.db.execute_raw(
        "SELECT state FROM ticketing_change_request WHERE sys_id = ?", (chg["sys_id"],)
    ) == [(-4,)]  # Assess: nothing decided before time passes
    assert chg["number"] in _wait(ep)
    ((_, state, comments),) = _approvals(ep, chg["sys_id"])
    assert state == "rejected" and "Peak trading freeze" in comments and "2026-11-30T08:00" in comments
    got = ep.call("ticketing_get_change", change_id=chg["number"])
    assert got["change"]["state"] == -5 and got["change"]["approval"] == "rejected"
    with pytest.raises(Exception, match="not approved"):
        ep.call("ticketing_implement_change", change_id=chg["number"])


def test_a_change_outside_every_freeze_is_assessed_then_authorized(ep):
    chg = _change(ep, CLEAR)
    _wait(ep)
    rows = _approvals(ep, chg["sys_id"])
    assert [r[1] for r in rows].count("approved") == 2  # the group manager, then one CAB member
    assert all("outside every change freeze" in r[2] for r in rows if r[1] == "approved")
    got = ep.call("ticketing_get_change", change_id=chg["number"])["change"]
    assert got["state"] == -2 and got["approval"] == "approved"
    ep.call("ticketing_implement_change", change_id=chg["number"])


def test_an_emergency_change_inside_a_freeze_needs_the_emergency_approver(ep):
    chg = _change(ep, FREEZE, type="emergency")
    _wait(ep)
    cio = ep.db.execute_raw("SELECT name FROM ticketing_sys_user WHERE title = 'Chief Information Officer'")
    decided = [r for r in _approvals(ep, chg["sys_id"]) if r[1] == "rejected"]
    assert decided and "Chief Information Officer" in decided[0][2]
    assert not cio or cio[0][0] in decided[0][2]


def test_a_manager_approves_within_their_purchase_limit_and_rejects_beyond_naming_who_must(ep):
    requester = _requester(ep)
    small = ep.call(
        "ticketing_order_catalog_item", item_id="Developer Laptop", requested_for=requester, variables=LAPTOP
    )
    large = ep.call(
        "ticketing_order_catalog_item",
        item_id="Developer Laptop",
        requested_for=requester,
        quantity=2,
        variables=LAPTOP,
    )
    assert set(_wait(ep)) == {small["number"], large["number"]}
    ok = ep.call("ticketing_get_requested_item", requested_item_id=small["number"])
    assert ok["item"]["stage"] == "fulfillment" and len(ok["tasks"]) == 1
    assert ok["approvals"][0]["state"] == "approved" and "$2,800" in ok["approvals"][0]["comments"]
    no = ep.call("ticketing_get_requested_item", requested_item_id=large["number"])
    cfo = ep.db.execute_raw("SELECT name FROM ticketing_sys_user WHERE title = 'Chief Financial Officer'")[0][
        0
    ]
    assert no["item"]["stage"] == "Request Cancelled" and not no["tasks"]
    assert no["request"]["request_state"] == "closed_rejected"
    said = no["approvals"][0]["comments"]
    assert no["approvals"][0]["state"] == "rejected" and "$5,600" in said and cfo in said


def test_an_approval_the_acting_user_settles_first_is_not_decided_again(ep):
    chg = _change(ep, CLEAR, type="emergency")  # the CAB, of which the acting user is a member
    assert _me(ep) in [r[0] for r in _approvals(ep, chg["sys_id"])]
    ep.call("ticketing_approve_change", change_id=chg["number"], comments="Approved at the CAB meeting")
    assert _wait(ep, days=2) == []
    assert ep.db.execute_raw("SELECT status FROM ticketing_approval_followup") == [("dropped",)]
    assert [r[1] for r in _approvals(ep, chg["sys_id"])].count("approved") == 1


def test_same_actions_same_decisions(gym):
    hashes = []
    for _ in range(2):
        ep = gym.create_episode("tiny", apps=["ticketing"])
        _change(ep, FREEZE)
        _change(ep, CLEAR)
        _wait(ep)
        hashes.append(
            (
                ep.state_hash(),
                [
                    r[1:]
                    for r in ep.db.execute_raw(
                        "SELECT sys_id, state, comments FROM ticketing_sysapproval_approver ORDER BY sys_id"
                    )
                ],
            )
        )
        ep.close()
    assert hashes[0] == hashes[1]


def test_over_mcp_the_performer_orders_and_waits_and_the_approver_decides(live_server):
    episode, urls = live_server.new_episode("tiny")
    requester = _requester(episode)
    _, (order,) = _mcp(
        urls.mcp("ticketing"),
        [
            (
                "order_catalog_item",
                {
                    "item_id": "Developer Laptop",
                    "requested_for": requester,
                    "quantity": 2,
                    "variables": LAPTOP,
                },
            )
        ],
    )
    number = order.structured_content["number"]
    _, results = _mcp(
        urls.mcp("ticketing"),
        [("advance_time", {"hours": 12}) for _ in range(8)]
        + [("get_requested_item", {"requested_item_id": number})],
    )
    assert number in sum((r.structured_content["approvals_decided"] for r in results[:-1]), [])
    detail = results[-1].structured_content
    assert (
        detail["approvals"][0]["state"] == "rejected"
        and "Purchasing Policy" in detail["approvals"][0]["comments"]
    )
    assert detail["item"]["stage"] == "Request Cancelled"


def test_time_passing_in_the_office_lets_the_desks_approvers_decide(gym):
    """Probe note: an agent waited for replies in Outlook and found the change still awaiting approval —
    the desk's approvers only decided on the desk's own `advance_time`. One clock per episode: waiting in
    any app runs the desk's due jobs (approvers, callers, the SLA timer, auto-close)."""
    episode = gym.create_episode("tiny", apps=["ticketing", "office"])
    try:
        chg = _change(episode, CLEAR)
        for _ in range(4):  # four days of waiting for mail, never touching the desk
            episode.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=False)
        rows = _approvals(episode, chg["sys_id"])
        assert [r[1] for r in rows].count("approved") == 2, rows
        got = episode.call("ticketing_get_change", change_id=chg["number"])["change"]
        assert got["approval"] == "approved" and got["state"] == -2, got
        assert episode.call("ticketing_advance_time", minutes=1)["approvals_decided"] == []  # nothing left
    finally:
        episode.close()


def test_a_read_in_the_office_lets_no_time_pass_on_the_desk(gym):
    """A read moves no clock: the desk decides nothing before time passes."""
    episode = gym.create_episode("tiny", apps=["ticketing", "office"])
    try:
        chg = _change(episode, CLEAR)
        episode.call("office_list_messages", folder="inbox", limit=5)  # a read: no time passes
        assert all(r[1] == "requested" for r in _approvals(episode, chg["sys_id"]))
    finally:
        episode.close()
