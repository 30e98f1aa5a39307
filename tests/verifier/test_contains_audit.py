"""The `contains` audit (docs/TASKS.md, "`contains` audit (2026-12-05)"): where a verdict read free text by
substring though the prompt quotes no words, it now reads the meaning. For each rewritten case a natural
rewording of the oracle's text passes and a wrong meaning fails, on real episodes."""

from __future__ import annotations

import inspect

import pytest

from apps.core.api import Gym
from apps.core.worlds import load_world
from apps.ticketing.families import escalation
from tasks.families import mentions
from tasks.store import load_task
from tasks.truth_model import OracleStep
from tasks.verifier.matching import matches
from tests.support.episodes import first_instance, verdict


@pytest.fixture(scope="module")
def gym():
    return Gym()


def _outcome(gym: Gym, task, tool: str, arg: str, text: str) -> str:
    """The verdict of the oracle with the free text `arg` of its `tool` step written as `text`."""
    oracle = [
        OracleStep(tool=s.tool, args={**s.args, arg: text}) if s.tool == tool else s
        for s in task.truth.oracle
    ]
    return verdict(gym, task, oracle).outcome


def _oracle_text(task, tool: str, arg: str) -> str:
    return next(str(s.args[arg]) for s in task.truth.oracle if s.tool == tool)


def test_a_deletion_is_read_in_any_words(gym):
    task = first_instance(
        "office.retention-deletion-request",
        lambda t: "we have deleted" in _oracle_text(t, "office_send_mail", "body"),
    )
    ok = "Hello, as you asked, every contract file about you has been erased from our drive. Regards, Amber"
    assert _outcome(gym, task, "office_send_mail", "body", ok) == "pass"
    bad = "Hello, I'm afraid we cannot delete your contract files. Regards, Amber"
    assert _outcome(gym, task, "office_send_mail", "body", bad) == "fail"


def test_a_legal_hold_is_read_in_any_words(gym):
    task = first_instance(
        "office.retention-deletion-request",
        lambda t: "legal hold" in _oracle_text(t, "office_send_mail", "body"),
    )
    ok = "Hello, your records are subject to a litigation hold, so they stay for now. Regards, Amber"
    assert _outcome(gym, task, "office_send_mail", "body", ok) == "pass"
    bad = "Hello, we keep your records for now. Regards, Amber"  # kept, but no hold given
    assert _outcome(gym, task, "office_send_mail", "body", bad) == "fail"


def test_a_freeze_end_is_a_day_and_a_time_in_any_notation(gym):
    task = first_instance(
        "office.handbook-question",
        lambda t: bool(t.truth.answer and t.truth.answer.match.date and t.truth.answer.match.date.time),
    )
    rule = task.truth.answer.match.date
    day, hour = rule.value, int(rule.time[:2])
    words = f"It ends on {day} at {hour % 12 or 12}{':' + rule.time[3:] if rule.time[3:] != '00' else ''} "
    words += f"{'am' if hour < 12 else 'pm'} UTC."
    assert _outcome(gym, task, "complete_task", "answer", words) == "pass"
    wrong = f"{day} {(hour + 1) % 24:02d}:{rule.time[3:]}"
    assert _outcome(gym, task, "complete_task", "answer", wrong) == "fail"


def test_a_major_incident_is_declared_in_any_words():
    """acme's draws of ticketing.handbook-escalation hold no P1 (the only priority that declares one): the
    family's note rule is read on the texts instead of an episode."""
    source = inspect.getsource(escalation.HandbookEscalation.build)
    assert 'mentions.reason("major_incident")' in source and "contains=" not in source
    rule = mentions.reason("major_incident")[0]
    assert matches(rule, escalation.DECLARE)
    assert matches(rule, "P1 - declaring an MI, bridge is open.")
    assert not matches(rule, "Not a major incident for now.")
    assert not matches(rule, "Escalated per the Incident Escalation Policy: notified Dana Hart.")


def test_a_cab_rejection_gives_the_missing_backout_plan_in_any_words(gym):
    task = load_task(load_world("acme"), "ticketing-cab-reject-hr-portal-index")
    ok = "Rejected by CAB: there is no rollback procedure for this change."
    assert _outcome(gym, task, "ticketing_reject_change", "comments", ok) == "pass"
    bad = "Rejected by CAB: the risk is too high."
    assert _outcome(gym, task, "ticketing_reject_change", "comments", bad) == "fail"


def test_a_budget_freeze_until_q1_is_read_as_the_quarter_and_year(gym):
    task = load_task(load_world("acme"), "crm-note-murphy-budget")
    ok = "Budget frozen until the first quarter of 2027."
    assert _outcome(gym, task, "crm_add_note", "body", ok) == "pass"
    bad = "Their budget is frozen until Q2 2027."
    assert _outcome(gym, task, "crm_add_note", "body", bad) == "fail"


# The second pass: each hand-written truth's free text read for its meaning — (task, tool, argument, a
# natural rewording that passes, a wrong meaning that fails).
REWORDED = [
    (
        "ticketing-resolve-keyboard-larson",
        "ticketing_resolve_incident",
        "close_notes",
        "Swapped the faulty keyboard for a spare; James confirmed it works.",
        "Cleaned the keyboard; James confirmed it works.",
    ),
    (
        "ticketing-create-printer-jam-walker",
        "ticketing_create_incident",
        "short_description",
        "Paper gets stuck in PRN-007 on every print job",
        "PRN-007 prints blank pages on every print job",
    ),
    (
        "ticketing-p1-email-outage",
        "ticketing_create_change",
        "short_description",
        "Reboot the mail transport service (emergency)",
        "Emergency patch of the mail transport service",
    ),
    (
        "ticketing-reopen-guest-wifi-justin",
        "ticketing_reopen_incident",
        "comments",
        "Justin reports the meeting room guest WiFi keeps dropping again.",
        "Justin reports the meeting room guest Wi-Fi works now.",
    ),
    (
        "ticketing-hold-password-reset-caitlin",
        "ticketing_put_incident_on_hold",
        "comments",
        "Hi Caitlin, please confirm your staff ID so we can reset your password.",
        "Hi Caitlin, please confirm your phone number so we can reset your password.",
    ),
    (
        "ticketing-comment-dns-fix-nicole",
        "ticketing_add_comment",
        "text",
        "Hi Nicole, we've rolled out a fix for the name lookups. Please retry and confirm it works.",
        "Hi Nicole, we're still working on the DNS issue. Please retry later and confirm.",
    ),
    (
        "xapp-followup-thompson-resolved",
        "ticketing_add_comment",
        "text",
        "Hi Aaron, Melissa Sheppard will give you a ring on 9 November to make sure all is well.",
        "Hi Aaron, your account manager will call you on Tuesday 10 November.",
    ),
    (
        "office-ask-jasmine-discount-limit",
        "office_send_mail",
        "body",
        "Hi Jasmine, what's the biggest discount you can sign off on a deal on your own?",
        "Hi Jasmine, what payment terms can you approve on a deal on your own?",
    ),
    (
        "office-ask-gregory-terms-myers-plan",
        "office_insert_document_block",
        "text",
        "Payment due within thirty days (Gregory, Finance)",
        "Offer Net 45 payment terms",
    ),
    (
        "xoffice-won-espinoza-announce",
        "office_post_channel_message",
        "content",
        "We won the Espinoza, Bell & Brandt Multi-site Deployment deal!",
        "Closed Won: Espinoza, Young and Evans - Multi-site Deployment is signed!",
    ),
]


@pytest.mark.parametrize(("task_id", "tool", "arg", "ok", "bad"), REWORDED, ids=[r[0] for r in REWORDED])
def test_a_hand_written_truth_reads_its_free_text_for_meaning(gym, task_id, tool, arg, ok, bad):
    task = load_task(load_world("acme"), task_id)
    assert _outcome(gym, task, tool, arg, ok) == "pass"
    assert _outcome(gym, task, tool, arg, bad) == "fail"
