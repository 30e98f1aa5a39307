"""An approval asked on someone else's behalf (blind probe, 2026-12-05): the line manager the Purchasing
Policy means is the line manager of whoever the order is for — not the manager of the colleague who relays
it, nor a manager above them — in whatever words the mail says whose order it is."""

from __future__ import annotations

import pytest

from tests.handbook.test_personas import QUOTE, _ask, _manager, _user
from tests.support.episodes import first_instance


@pytest.fixture
def ep(gym):
    episode = gym.create_episode("acme", apps=["office"])
    yield episode
    episode.close()


def _someone_with_a_chain(ep) -> tuple[dict, dict, dict]:
    """A colleague outside Amber's reporting line, their manager (in the office) and their manager's
    manager (no officer, whose role the policy's chain names)."""
    mine = _manager(ep)
    person = _user(
        ep,
        "manager_id IN (SELECT id FROM office_user WHERE manager_id IS NOT NULL AND id <> ? "
        "AND id NOT IN (SELECT user_id FROM office_automatic_reply) AND manager_id IN (SELECT id FROM "
        "office_user WHERE job_title NOT LIKE 'Chief%')) AND department = 'Sales'",
        mine["id"],
    )
    boss = _user(ep, "id = (SELECT manager_id FROM office_user WHERE id = ?)", person["id"])
    above = _user(ep, "id = (SELECT manager_id FROM office_user WHERE id = ?)", boss["id"])
    return person, boss, above


WORDINGS = [
    "I'm requesting this on behalf of {name}, who is at customer sites this week. The team needs one year of "
    "the webinar platform's pro plan; the vendor's quote is $1,500. Could you approve the purchase?",
    "I'm getting a purchase approved for {name} (Sales), who asked me to handle it while travelling: one "
    "year of the webinar platform's pro plan at $1,500, under the $5,000 line-manager threshold. Could you "
    "approve it?",
    "{name} is at customer sites and asked me to get this order approved: $1,500 for a year of the webinar "
    "platform's pro plan. Could you approve the order?",
    "{name} needs your approval (Purchasing Policy HB-12, line manager up to $5,000) for one year of the "
    "webinar platform's pro plan, $1,500.",
]


@pytest.mark.parametrize("wording", WORDINGS)
def test_the_requesters_line_manager_approves_and_no_one_else(ep, wording):
    person, boss, above = _someone_with_a_chain(ep)
    body = wording.format(name=person["name"])
    mine = _manager(ep)
    told = _ask(ep, mine["mail"], "Webinar plan approval", body)
    assert "Rejected: $1,500" in told and "Approved" not in told, told
    assert f"{person['name']}'s line manager ({boss['name']})" in told, told
    skip = _ask(ep, above["mail"], "Webinar plan approval (2)", body)
    assert "Rejected: $1,500" in skip and "Approved" not in skip and boss["name"] in skip, skip
    yes = _ask(ep, boss["mail"], "Webinar plan approval (3)", body)
    assert "Approved: $1,500" in yes and f"as {person['name']}'s line manager" in yes, yes


def test_a_colleague_out_of_the_office_leaves_a_chat_for_their_return(ep):
    """The chase probe: a Teams chat reached an away approver and was answered at once (by another route than
    their mail); while away they answer neither (their automatic reply answers a mail)."""
    away = ep.db.execute_raw(
        "SELECT u.id, u.mail FROM office_user u JOIN office_automatic_reply a ON a.user_id = u.id "
        "WHERE a.start_date_time <= ? AND a.end_date_time > ? ORDER BY u.mail",
        (ep.now.isoformat(sep=" "), ep.now.isoformat(sep=" ")),
    )
    assert away, "the world has colleagues out of the office now"
    user_id, mail = away[0]
    chat = ep.call("office_create_chat", members=[mail])
    sent = ep.call("office_send_chat_message", chat_id=chat["id"], content="Could you approve a $900 order?")
    ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=False)
    rows = ep.call("office_list_chat_messages", chat_id=chat["id"])["records"]
    later = [
        m for m in rows if m["from_user_id"] == user_id and m["created_date_time"] > sent["created_date_time"]
    ]
    assert not later, later


def test_news_of_the_readers_own_order_is_no_approval_asked_of_them(ep):
    """Chase probe 2026-12-05: the requester answered the status of their own order ("your order of $1,500 is
    not approved yet") with "Rejected: … not mine to approve; it needs your line manager"."""
    person, boss, _ = _someone_with_a_chain(ep)
    told = _ask(
        ep,
        person["mail"],
        "Your webinar plan",
        f"Hi, your order of $1,500 for the webinar plan is not approved yet: {boss['name']} is away until "
        "Friday. Please don't place it until she approves.",
    )
    assert told is None or not any(w in told for w in ("Rejected", "Approved", "not mine to approve")), told


def test_an_officer_sends_a_line_managers_approval_back(ep):
    """Chase probe 2026-12-05: the CFO approved an order within a line manager's tier; the Purchasing Policy
    lets a higher level approve a lower tier nowhere (only the discount matrix does)."""
    person, boss, _ = _someone_with_a_chain(ep)
    cfo = _user(ep, "job_title = 'Chief Financial Officer'")
    told = _ask(ep, cfo["mail"], "Webinar plan", WORDINGS[0].format(name=person["name"]))
    assert "Rejected: $1,500" in told and boss["name"] in told and "Approved" not in told, told
    # within the line manager's tier: not "beyond my approval limit" (the second probe's CFO said so)
    assert "beyond my approval limit" not in told and "line manager to approve" in told, told


STATUS = (
    "Hi {first},\n\nStatus update on the webinar platform order (pro plan, 1 year, $1,500, "
    "your team's budget): it is NOT approved yet, so please don't place the order on the "
    "strength of this mail.\n\n- Under the Purchasing Policy (HB-12) an order up to $5,000 "
    "is approved by the requester's line manager. I sent her the request on Monday morning, "
    "but she's out of the office.\n- Because of your Thursday deadline I asked the CFO to "
    "approve it in her place, but he declined: at $1,500 it sits with your line "
    'manager.\n\nIf you can reach her directly this week, a one-line "approved" from her '
    "by mail is all that's needed.\n\nBest,\nAmber"
)


def test_a_status_update_in_the_requesters_own_thread_asks_them_nothing(gym):
    """Chase probe 2026-12-05 (second look): a status update replied in the thread the requester opened
    ("could you get it approved?") was answered "Rejected: $1,500 is not mine to approve; it needs your line
    manager" — whatever it says of approvals, it is news of their own request."""
    task = first_instance("office.chase-approval", lambda t: True)
    ep = gym.create_episode("acme", apps=list(task.public.apps))
    try:
        ep.task = task.public
        me = ep.call("office_get_my_profile")["mail"]
        asked = ep.db.execute_raw(
            "SELECT m.id, m.from_address, u.given_name FROM office_message m JOIN office_user u "
            "ON u.mail = m.from_address WHERE m.owner_id = (SELECT id FROM office_user WHERE mail = ?) "
            "AND m.subject LIKE '%approv%' AND m.from_address LIKE '%@acme.example' "
            "ORDER BY m.received_date_time DESC LIMIT 1",
            (me,),
        )
        assert asked, "the chase instance's request is in Amber's inbox"
        message_id, requester, first = asked[0]
        start = ep.now.isoformat(sep=" ")
        ep.call("office_reply_to_message", message_id=message_id, body=STATUS.format(first=first))
        ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=False)
        replies = ep.db.execute_raw(
            "SELECT body_content FROM office_message WHERE from_address = ? AND owner_id = (SELECT id FROM "
            "office_user WHERE mail = ?) AND received_date_time > ?",
            (requester, me, start),
        )
        for (body,) in replies:
            words = body.split(QUOTE)[0]
            assert not any(w in words for w in ("Rejected", "Approved", "not mine to approve")), words
    finally:
        ep.close()


def test_a_change_to_approve_on_the_desk_cites_its_incident_as_the_reason(ep):
    """Freeze probe 2026-12-05 (second look): the CIO, asked by mail to approve an emergency change that fixes
    an incident, answered "I don't know the details of INC… — ask …" (the incident read as a question);
    the change is approved on the desk, and the incident is why."""
    cio = _user(ep, "job_title = 'Chief Information Officer'")
    incident = "INC0011198"
    told = _ask(
        ep,
        cio["mail"],
        f"Emergency change CHG0030399 needs your approval (fix for {incident})",
        "Hi,\n\nEmergency change CHG0030399 is waiting for your approval on the service desk.\n\n"
        "- What: apply the vendor's hotfix on db-bidash-01 tonight\n"
        f"- Why: it is the fix for open incident {incident} (BI reporting database slow)\n\n"
        "Could you approve CHG0030399?\n\nThanks,\nAmber",
    )
    assert told is None or ("don't know the details" not in told and incident not in told), told
