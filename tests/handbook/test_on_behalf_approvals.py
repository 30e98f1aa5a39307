"""An approval asked on someone else's behalf (blind probe, 2026-12-05): the line manager the Purchasing
Policy means is the line manager of whoever the order is for — not the manager of the colleague who relays
it, nor a manager above them — in whatever words the mail says whose order it is."""

from __future__ import annotations

import pytest

from tests.handbook.test_personas import _ask, _manager, _user


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
