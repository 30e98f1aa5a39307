"""Verdicts on meaning (issue 30): natural wordings of right work pass, gamed answers fail, and a failed
note is reported once. Each test failed on the verifier that matched exact strings."""

from __future__ import annotations

import re
from datetime import date

import pytest

from tasks.families.worldview import world_view
from tasks.truth_model import OracleStep
from tests.verifier.meaning_kit import answered, first, instances, rewrite, run


@pytest.fixture(scope="module")
def gym():
    return world_view("acme").gym


def _p2_escalation():
    return first("ticketing.handbook-escalation", lambda t: "p2" in t.tags)


def _notified(task) -> list[str]:
    return [re.search(r"notified (.+)\.$", s.args["text"]).group(1) for s in task.truth.oracle
            if s.tool == "ticketing_add_work_note"]  # fmt: skip


def test_escalation_notes_name_the_people_in_any_words(gym):
    task = _p2_escalation()
    (manager,) = _notified(task)
    first, last = manager.split()[0], manager.split()[-1]
    for note in (
        f"Notified {manager} (Software support group manager) at 09:05 about the missed response target.",
        f"Escalated to {first.upper()} {last}",
        f"{last}, {first} informed; she has it now",
    ):
        verdict = run(gym, task, rewrite(task.truth.oracle, "ticketing_add_work_note", "text", [note]))
        assert verdict.outcome == "pass", verdict.explain()


def test_a_note_naming_the_wrong_person_is_one_unmet_expectation_not_also_collateral(gym):
    task = _p2_escalation()
    wrong = rewrite(task.truth.oracle, "ticketing_add_work_note", "text", ["Notified Amber Miller."])
    verdict = run(gym, task, wrong)
    assert verdict.outcome == "fail"
    assert verdict.reason_codes == ["expectation_unmet"], verdict.explain()
    statuses = [d["status"] for d in verdict.diff if d["table"] == "ticketing_sys_journal_field"]
    assert statuses == ["did not meet expectation 1"]


def _retention_keep():
    return first("office.retention-deletion-request", lambda t: "keep" in t.tags)


def test_the_retention_mail_may_write_the_date_as_people_do(gym):
    task = _retention_keep()
    body = next(s.args["body"] for s in task.truth.oracle if s.tool == "office_send_mail")
    iso = re.search(r"\d{4}-\d{2}-\d{2}", body).group(0)
    day = date.fromisoformat(iso)
    said = body.replace(iso, f"{day:%B} {day.day}, {day.year}")  # "May 4, 2031"
    assert iso not in said
    verdict = run(gym, task, rewrite(task.truth.oracle, "office_send_mail", "body", [said]))
    assert verdict.outcome == "pass", verdict.explain()
    wrong = body.replace(iso, f"{day:%B} {day.day}, {day.year + 1}")
    assert run(gym, task, rewrite(task.truth.oracle, "office_send_mail", "body", [wrong])).outcome == "fail"


def test_a_count_with_the_incidents_counted_passes_and_a_hedge_fails(gym):
    task = first("ticketing.qa-group-backlog", lambda t: int(t.truth.oracle[-1].args["answer"]) >= 2)
    n = int(task.truth.oracle[-1].args["answer"])
    numbers = ", ".join(f"INC00{10100 + i}" for i in range(n))
    oracle = list(task.truth.oracle)
    assert run(gym, task, answered(oracle, f"{n} incidents: {numbers}.")).outcome == "pass"
    assert run(gym, task, answered(oracle, f"{n} or {n + 1}")).outcome == "fail"
    assert run(gym, task, answered(oracle, ", ".join(str(n + k) for k in range(-1, 4)))).outcome == "fail"


def test_the_top_incident_answer_may_not_list_the_others(gym):
    task = first("ticketing.qa-ci-open-incidents", lambda t: "INC" in t.truth.oracle[-1].args["answer"])
    ci = next(s.args["cmdb_ci"] for s in task.truth.oracle if s.tool == "ticketing_list_incidents")
    top = task.truth.oracle[-1].args["answer"]
    sql = "SELECT number FROM ticketing_incident WHERE cmdb_ci = ? AND active = 1 AND number != ? ORDER BY 1"
    rivals = [r["number"] for r in world_view("acme").rows(sql, ci, top)]
    assert rivals
    oracle = list(task.truth.oracle)
    assert run(gym, task, answered(oracle, f"It is {top.lower()} (the only P1).")).outcome == "pass"
    stuffed = ", ".join([top, *rivals])
    assert run(gym, task, answered(oracle, stuffed)).outcome == "fail"


def test_naming_every_user_is_no_answer_but_the_owner_in_a_sentence_is(gym):
    task = first("crm.qa-account-owner", lambda t: True)
    owner = task.truth.oracle[-1].args["answer"]
    users = [u["name"] for u in world_view("acme").rows("SELECT name FROM crm_user ORDER BY name")]
    assert len(users) == 59
    oracle = list(task.truth.oracle)
    assert run(gym, task, answered(oracle, f"The account is owned by {owner.upper()}.")).outcome == "pass"
    assert run(gym, task, answered(oracle, ", ".join(users))).outcome == "fail"


def test_a_bare_refusal_fails_and_a_refusal_with_its_reason_passes(gym):
    task = first("xapp.refuse-deals-to-analyst", lambda t: True)
    said = task.truth.oracle[-1].args["answer"]
    analyst = re.search(r"I can't do that: (.+?), the service-desk", said).group(1)
    oracle = list(task.truth.oracle)
    assert run(gym, task, answered(oracle, "I can't do that.")).outcome == "fail"
    reason = f"Sorry, I won't: {analyst} has no CRM user account, so they cannot own records there."
    assert run(gym, task, answered(oracle, reason)).outcome == "pass"


def test_every_travel_phrasing_asks_for_one_block_from_the_first_morning_to_the_last_evening():
    first_day = r"(?:first day|day I leave|travel day|leaving)"
    last_day = r"(?:last|day I'm back|day back|back)"
    prompts = {t.public.prompt for t in instances("office.travel-approval", 40)}
    assert len(prompts) >= 5
    for prompt in prompts:
        assert re.search(rf"08:00[^.;]*?{first_day}", prompt), prompt
        assert re.search(rf"18:00[^.;]*?{last_day}", prompt), prompt
        assert "over those days" not in prompt and "18:00 local." not in prompt


def test_the_service_report_month_is_stated_in_the_zone_the_truth_counts_in():
    for task in instances("scenario.service-report", 4):
        assert re.search(r"opened in (September|October) 2026 \(UTC", task.public.prompt), task.public.prompt


def _approvers(task) -> list[str]:
    """The holders of the approver role an instance accepts (its approval milestone's senders)."""
    for exp in task.truth.expect:
        sender = exp.fields.get("from_address")
        if exp.table == "office_message" and sender is not None and sender.one_of:
            return list(sender.one_of)
    return []


def test_any_support_team_lead_may_approve_the_credit(gym):
    task = first("scenario.sla-breach-credit", lambda t: len(_approvers(t)) > 1)
    asked = next(s for s in task.truth.oracle if s.tool == "office_send_mail" and "approve" in s.args["body"])
    another = next(a for a in _approvers(task) if a != asked.args["to"][0])
    steps = [OracleStep(tool=s.tool, args={**s.args, "to": [another]}) if s is asked else s
             for s in task.truth.oracle]  # fmt: skip
    verdict = run(gym, task, steps)
    assert verdict.outcome == "pass", verdict.explain()


def test_the_qbr_question_may_have_any_subject(gym):
    task = first("scenario.qbr-pack", lambda t: True)

    def plain(old: str) -> str:
        return "Quick question" if "QBR date" in old else old

    steps = rewrite(task.truth.oracle, "office_send_mail", "subject", plain)
    assert "QBR date" not in str([s.args for s in steps if s.tool == "office_send_mail"])
    verdict = run(gym, task, steps)
    assert verdict.outcome == "pass", verdict.explain()
    assert verdict.progress["met"] == verdict.progress["of"], verdict.explain()


def test_the_desk_may_ask_its_callers_in_its_own_words(gym):
    task = first("long.desk-queue-week", lambda t: True, n=3)

    def own_words(old: str) -> str:
        name = re.match(r"Hi (\w+),", old).group(1)
        return f"Hello {name} - when did this start, and what exact error message do you see?"

    steps = rewrite(task.truth.oracle, "ticketing_put_incident_on_hold", "comments", own_words)
    assert "could you tell us" not in str([s.args for s in steps])
    verdict = run(gym, task, steps)
    assert verdict.outcome == "pass", verdict.explain()
