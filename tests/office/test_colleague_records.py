"""Colleagues know their CRM and desk records, read from the episode's current data (coworkers/records.py)."""

from __future__ import annotations

import pytest

from apps.office.coworkers.reviews import review_quarter, review_slot
from tests.office.conftest import CROSS_APPS as APPS


@pytest.fixture
def ep(cross_ep):
    return cross_ep


def _my_mail(ep) -> str:
    me = ep.world.manifest["actors"]["office"]
    return ep.db.execute_raw("SELECT lower(mail) FROM office_user WHERE id = ?", (me,))[0][0]


def _open_deal(ep, *, managed: bool = False) -> dict:
    """An open deal owned by someone other than the acting user (whose manager is not them either)."""
    rows = ep.db.execute_raw(
        "SELECT o.id, o.name, o.amount, o.stage_name, o.close_date, u.email, u.name, m.email, m.name "
        "FROM crm_opportunity o JOIN crm_user u ON u.id = o.owner_id "
        "LEFT JOIN crm_user m ON m.id = u.manager_id "
        "WHERE o.is_closed = 0 AND lower(u.email) != ? AND (m.email IS NULL OR lower(m.email) != ?) "
        "ORDER BY o.id",
        (_my_mail(ep),) * 2,
    )
    row = next(r for r in rows if r[7] or not managed)
    keys = ("id", "name", "amount", "stage", "close", "owner", "owner_name", "manager", "manager_name")
    return dict(zip(keys, row, strict=True))


def _reply(ep, to: str, subject: str, body: str) -> str:
    ep.call("office_send_mail", to=[to], subject=subject, body=body)
    ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=False)
    found = ep.call("office_search_messages", query=f'subject:"{subject}"', limit=10)["records"]
    replies = [
        m for m in found if m["subject"] == f"RE: {subject}" and m["from_address"].lower() == to.lower()
    ]
    assert replies, f"{to} did not answer {subject!r}"
    body = ep.call("office_get_message", message_id=replies[0]["id"])["body_content"]
    return body.split("________________________________")[0]


def test_the_account_owner_knows_the_deal_as_it_is_now(ep):
    deal = _open_deal(ep)
    ep.call(
        "crm_update_opportunity", opportunity_id=deal["id"], close_date="2027-05-29", next_step="Send MSA"
    )
    said = _reply(ep, deal["owner"], "Deal status", f"Where are we with {deal['name']}?")
    assert deal["stage"] in said and f"${deal['amount']:,.0f}" in said
    assert "2027-05-29" in said and "Send MSA" in said  # the episode's data, not the frozen world


def test_someone_else_points_at_the_owner(ep):
    deal = _open_deal(ep)
    other = ep.db.execute_raw(
        "SELECT u.mail FROM office_user u WHERE lower(u.mail) NOT IN (?, ?, ?) AND u.mail NOT IN "
        "(SELECT cu.email FROM crm_user cu JOIN crm_user r ON r.manager_id = cu.id "
        "JOIN crm_account a ON a.owner_id = r.id) ORDER BY u.id LIMIT 1",
        (_my_mail(ep), deal["owner"].lower(), (deal["manager"] or "").lower()),
    )[0][0]
    said = _reply(ep, other, "Close date", f"Could you tell me the close date for {deal['name']}?")
    assert "ask " + deal["owner_name"] in said and deal["close"] not in said


def test_a_manager_knows_the_teams_deals(ep):
    deal = _open_deal(ep, managed=True)
    said = _reply(ep, deal["manager"], "Team deal", f"What's the status of {deal['name']}?")
    assert deal["stage"] in said and deal["owner_name"] in said


def test_the_support_engineer_knows_their_incident_also_in_chat(ep):
    number, mail = ep.db.execute_raw(
        "SELECT i.number, u.email FROM ticketing_incident i JOIN ticketing_sys_user u "
        "ON u.sys_id = i.assigned_to WHERE i.state IN (1, 2, 3) AND i.active = 1 AND lower(u.email) != ? "
        "AND u.email LIKE '%@acme.example' ORDER BY i.number LIMIT 1",
        (_my_mail(ep),),
    )[0]
    new = "Docking station firmware: reimage pending"
    ep.call("ticketing_update_incident", incident_id=_sys_id(ep, number), short_description=new)
    said = _reply(ep, mail, "Incident", f"What's the status of {number}?")
    assert number in said and new in said
    user_id = ep.db.execute_raw("SELECT id FROM office_user WHERE lower(mail) = lower(?)", (mail,))[0][0]
    chat = ep.call("office_create_chat", members=[mail])
    ep.call("office_send_chat_message", chat_id=chat["id"], content=f"Quick one: where is {number}?")
    ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=False)
    answers = ep.db.execute_raw(
        "SELECT body_content FROM office_chat_message WHERE chat_id = ? AND from_user_id = ?",
        (chat["id"], user_id),
    )
    assert answers and new in answers[0][0]


def _sys_id(ep, number: str) -> str:
    return ep.db.execute_raw("SELECT sys_id FROM ticketing_incident WHERE number = ?", (number,))[0][0]


def test_without_the_crm_a_colleague_knows_no_deals(gym):
    with_crm = gym.create_episode("tiny", apps=APPS)
    deal = _open_deal(with_crm)
    with_crm.close()
    ep = gym.create_episode("tiny", apps=["office"])
    said = _reply(ep, deal["owner"], "Deal status", f"Could you tell me where we are with {deal['name']}?")
    assert deal["stage"] not in said
    ep.close()


def test_owners_and_managers_name_the_day_of_their_reviews(ep):
    acc, owner = ep.db.execute_raw(
        "SELECT a.name, u.email FROM crm_account a JOIN crm_user u ON u.id = a.owner_id "
        "WHERE lower(u.email) != ? AND u.email IN (SELECT mail FROM office_user) ORDER BY a.name LIMIT 1",
        (_my_mail(ep),),
    )[0]
    today = ep.now.date()
    day, hour = review_slot(f"qbr:{acc}", today)
    said = _reply(ep, owner, f"{acc} QBR", f"When shall we hold the {acc} QBR?")
    assert f"QBR on {day:%A, %B} {day.day} at {hour}:00 my time" in said
    other = _reply(ep, owner, "QBR", "When shall we hold the QBR?")  # which account? not answered by a date
    assert "QBR on" not in other
    manager = ep.db.execute_raw(
        "SELECT DISTINCT m.email FROM crm_user m JOIN crm_user r ON r.manager_id = m.id "
        "JOIN crm_opportunity o ON o.owner_id = r.id WHERE o.is_closed = 0 AND lower(m.email) != ? "
        "AND m.email IN (SELECT mail FROM office_user) ORDER BY m.email LIMIT 1",
        (_my_mail(ep),),
    )[0][0]
    label, *_ = review_quarter(f"pipeline:{manager}", today)
    assert f"closing in {label}" in _reply(
        ep, manager, "Pipeline review", "Which quarter for the pipeline review?"
    )
