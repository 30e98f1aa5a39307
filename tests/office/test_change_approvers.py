"""A colleague asked by mail to approve a change request answers with the decision they make on the desk,
decision first, and the desk records it by the time the answer arrives (coworkers/change_decisions.py,
ticketing/approvers/by_mail.py) — no meeting slots, no "I don't know about INC…", no freeze table recited."""

from __future__ import annotations

import pytest

FREEZE = ("2026-11-26T10:00:00", "2026-11-26T12:00:00")  # inside the Peak trading freeze of the handbook
CLEAR = ("2026-12-08T10:00:00", "2026-12-08T12:00:00")
QUOTE = "________________________________"


@pytest.fixture
def ep(cross_ep):
    return cross_ep


def _manager(ep) -> tuple[str, str]:
    """An assignment group with a manager who has a mailbox and is not the acting user: (group, mail)."""
    me = ep.world.manifest["actors"]["ticketing"]
    return ep.db.execute_raw(
        "SELECT g.sys_id, u.email FROM ticketing_sys_user_group g "
        "JOIN ticketing_sys_user u ON u.sys_id = g.manager "
        "JOIN office_user o ON lower(o.mail) = lower(u.email) "
        "WHERE g.manager != ? ORDER BY g.sys_id LIMIT 1",
        (me,),
    )[0]


def _ask(ep, group: str, mail: str, window: tuple[str, str]) -> dict:
    """A normal change sent for approval, and its group manager mailed to approve it."""
    ci = ep.db.execute_raw("SELECT sys_id FROM ticketing_cmdb_ci ORDER BY sys_id LIMIT 1")[0][0]
    chg = ep.call(
        "ticketing_create_change",
        short_description="Apply the kernel security patches",
        type="normal",
        cmdb_ci=ci,
        assignment_group=group,
        start_date=window[0],
        end_date=window[1],
    )
    ep.call("ticketing_request_change_approval", change_id=chg["number"])
    body = f"Hi, please approve {chg['number']} on the desk when you have a slot today (it fixes INC0000001)."
    ep.call("office_send_mail", to=[mail], subject=f"Approval: {chg['number']}", body=body)
    return chg


def _reply(ep, mail: str, number: str) -> str:
    found = ep.call("office_search_messages", query=f'subject:"Approval: {number}"', limit=10)["records"]
    reply = next(m for m in found if m["from_address"].lower() == mail.lower())
    return ep.call("office_get_message", message_id=reply["id"])["body_content"].split(QUOTE)[0]


def test_the_mail_answer_is_the_decision_recorded_on_the_desk(ep):
    group, mail = _manager(ep)
    clear, frozen = _ask(ep, group, mail, CLEAR), _ask(ep, group, mail, FREEZE)
    ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=False)
    for chg, said, state in (
        (clear, "Approved on the desk", "approved"),
        (frozen, "Rejected on the desk", "rejected"),
    ):
        reply = _reply(ep, mail, chg["number"])
        assert reply.split("\n\n")[1].startswith(f"{said}: {chg['number']}"), reply
        assert "I don't know" not in reply and "Year-end freeze" not in reply and "I'm free" not in reply, (
            reply
        )
        ((recorded, comments),) = ep.db.execute_raw(
            "SELECT state, comments FROM ticketing_sysapproval_approver WHERE sysapproval = ? "
            "AND state != 'requested'",  # (approved at Assess, the CAB is asked next)
            (chg["sys_id"],),
        )
        assert recorded == state and comments.split(":", 1)[-1].strip()[:40] in reply, (recorded, comments)


def test_a_change_waiting_for_others_is_not_theirs_to_reject(ep):
    # sixth blind probe: "Rejected: CHG… (It waits for … on the desk, not for me.)" from someone not asked on
    # the desk; the desk might record that. They say plainly it is not theirs and who decides, and record
    # nothing
    group, approver = _manager(ep)
    me = ep.world.manifest["actors"]["ticketing"]
    (other,) = ep.db.execute_raw(
        "SELECT u.email FROM ticketing_sys_user_group g JOIN ticketing_sys_user u ON u.sys_id = g.manager "
        "JOIN office_user o ON lower(o.mail) = lower(u.email) "
        "WHERE g.manager NOT IN (?, (SELECT manager FROM ticketing_sys_user_group WHERE sys_id = ?)) "
        "ORDER BY g.sys_id LIMIT 1",
        (me, group),
    )[0]
    chg = _ask(ep, group, other, FREEZE)
    ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=False)
    reply = _reply(ep, other, chg["number"])
    said = reply.split("\n\n")[1]
    assert said.startswith(f"{chg['number']} isn't mine to approve or reject"), reply
    assert "Rejected" not in reply and "waits for" in reply, reply
    rows = ep.db.execute_raw(
        "SELECT a.state FROM ticketing_sysapproval_approver a "
        "JOIN ticketing_sys_user u ON u.sys_id = a.approver "
        "WHERE a.sysapproval = ? AND lower(u.email) = lower(?)",
        (chg["sys_id"], other),
    )
    assert rows == [], rows
