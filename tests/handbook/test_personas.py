"""Colleagues know the handbook sections of their role: a policy question gets the policy's fact, a request
against policy is declined with the reason, and an approval request is decided by the policy's rule
(within the colleague's authority → approved; beyond it → rejected naming who must approve)."""

from __future__ import annotations

import pytest

from apps.core.worlds import load_world

QUOTE = "________________________________"


def _policy(slug: str) -> dict:
    return next(p for p in load_world("acme").rows("handbook/policy.jsonl") if p["id"] == slug)


def _user(ep, where: str, *params) -> dict:
    row = ep.db.execute_raw(
        f"SELECT id, mail, display_name FROM office_user WHERE {where} ORDER BY mail", params
    )
    return {"id": row[0][0], "mail": row[0][1], "name": row[0][2]}


def _ask(ep, to: str, subject: str, body: str) -> str | None:
    """Mail a colleague, let a working day (theirs) pass, and return their reply's own words (None: none)."""
    ep.call("office_send_mail", to=[to], subject=subject, body=body)
    ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=False)
    rows = ep.db.execute_raw(
        "SELECT body_content FROM office_message WHERE subject = ? AND from_address = ? "
        "AND owner_id = (SELECT id FROM office_user WHERE mail = ?)",
        (f"RE: {subject}", to, ep.call("office_get_my_profile")["mail"]),
    )
    return rows[0][0].split(QUOTE)[0] if rows else None


@pytest.fixture
def ep(gym):
    episode = gym.create_episode("acme", apps=["office"])
    yield episode
    episode.close()


def _manager(ep) -> dict:
    me = ep.call("office_get_my_profile")
    return _user(ep, "id = (SELECT manager_id FROM office_user WHERE id = ?)", me["id"])


def test_a_policy_question_gets_the_policy_fact_and_only_from_someone_whose_role_knows_it(ep):
    support = _user(ep, "department = 'Support' AND job_title = 'Support Engineer'")
    answer = _ask(ep, support["mail"], "SLA", "What is the Enterprise SLA for a P1? Please let me know.")
    tier = _policy("support-sla-tiers")["params"]["tiers"][0]
    assert f"P1 response within {tier['p1_response_min']} minutes" in answer
    assert f"resolution within {tier['p1_resolve_h']} hours" in answer
    rota = _policy("on-call-rota")["params"]["weeks"][1]
    it = _user(ep, "department = 'IT' AND job_title = 'Systems Administrator'")
    assert rota["primary_name"] in _ask(ep, it["mail"], "Pager", "Who is on call this week?")
    marketer = _user(ep, "department = 'Marketing' AND job_title = 'Content Marketing Specialist'")
    assert rota["primary_name"] not in (
        _ask(ep, marketer["mail"], "Pager", "Who is on call this week?") or ""
    )


def test_a_request_against_policy_is_declined_with_the_reason(ep):
    manager = _manager(ep)
    reply = _ask(ep, manager["mail"], "Quote", "Could you split the quote so each part stays under 15%?")
    assert "Discount Approval Policy forbids splitting" in reply
    it = _user(ep, "department = 'IT' AND job_title = 'Systems Administrator'")
    reply = _ask(ep, it["mail"], "Release", "Can we deploy during the freeze this week? Please let me know.")
    assert "Change Freeze Policy allows only emergency changes" in reply


def test_approval_within_authority_is_approved(ep):
    manager = _manager(ep)
    reply = _ask(ep, manager["mail"], "Discount", "Please approve a 12% discount on Acme Deal ($80,000).")
    assert reply.splitlines()[2].startswith("Approved: 12%, under the Discount Approval Policy (HB-01)")
    reply = _ask(ep, manager["mail"], "Expense", "Please approve my expense of $320 for the customer dinner.")
    assert "Approved: $320, under the Expense Approval Policy" in reply


def test_approval_beyond_authority_is_rejected_naming_who_must_approve(ep):
    manager = _manager(ep)
    vp = _user(ep, "job_title = 'VP of Sales'")
    controller = _user(ep, "job_title = 'Controller'")
    reply = _ask(ep, manager["mail"], "Discount", "Please approve a 20% discount on Acme Deal ($80,000).")
    assert "Rejected: 20% is beyond my approval limit" in reply and f"the VP of Sales ({vp['name']})" in reply
    reply = _ask(ep, manager["mail"], "Big deal", "Please approve a 12% discount on Big Deal ($300,000).")
    assert f"the VP of Sales ({vp['name']})" in reply
    reply = _ask(ep, manager["mail"], "Expense", "Please approve my expense of $1,200 for the offsite.")
    assert f"the Controller ({controller['name']})" in reply
    assert "Approved: 20%" in _ask(
        ep, vp["mail"], "Discount 2", "Please approve a 20% discount on X ($80,000)."
    )
    assert "nobody can approve it" in _ask(
        ep, vp["mail"], "Discount 3", "Please approve a 40% discount ($9,000)."
    )


def _script(gym) -> tuple[list[str], str]:
    ep = gym.create_episode("acme", apps=["office"])
    try:
        manager = _manager(ep)
        for n, body in enumerate(
            ("Please approve a 14% discount ($60,000).", "Please approve a 30% discount.")
        ):
            ep.call("office_send_mail", to=[manager["mail"]], subject=f"D{n}", body=body)
        ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=False)
        bodies = [r[0] for r in ep.db.execute_raw("SELECT body_content FROM office_message ORDER BY id")]
        return bodies, ep.state_hash()
    finally:
        ep.close()


def test_same_requests_twice_give_the_same_decisions_and_end_hash(gym):
    first, second = _script(gym), _script(gym)
    assert first == second
    assert any("Approved: 14%" in b for b in first[0]) and any("Rejected: 30%" in b for b in first[0])
