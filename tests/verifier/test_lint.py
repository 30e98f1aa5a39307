"""`saasgym tasks lint`: a literal the truth requires must be in the prompt or the world; a checkpoint may
not require more than its expectation."""

from __future__ import annotations

import subprocess
import sys

from tasks.lint import lint_task
from tasks.match_model import Match
from tasks.model import Task
from tasks.truth_model import Checkpoint, Expectation
from tests.verifier.meaning_kit import first

FACTS = " acme wireless access point w6 | inc0010584 | laura graham | "


def _with(task: Task, prompt: str | None = None, expect=None, checkpoints=None) -> Task:
    public = task.public.model_copy(update={"prompt": prompt or task.public.prompt})
    truth = task.truth.model_copy(
        update={"expect": expect if expect is not None else task.truth.expect,
                "checkpoints": checkpoints if checkpoints is not None else task.truth.checkpoints}
    )  # fmt: skip
    return Task(public=public, truth=truth)


def _note(says: Match, by: str | None = None) -> Expectation:
    fields = {"element": Match(equals="work_notes"), "value": says}
    if by:
        fields["sys_created_by"] = Match(equals=by)
    return Expectation(table="ticketing_sys_journal_field", op="insert", fields=fields)


def _base() -> Task:
    return first("ticketing.handbook-escalation", lambda t: True)


def test_an_unprompted_phrase_is_a_violation_and_a_prompted_one_is_not():
    task = _base()
    unprompted = [_note(Match(contains="could you tell us"))]
    asked = _with(task, prompt="Ask the caller in a comment.", expect=unprompted)
    (v,) = lint_task(asked, FACTS)
    assert v.literal == "could you tell us" and v.task == task.id and v.family == task.public.family
    told = _with(task, prompt='Comment "Could you tell us more?" on it.', expect=asked.truth.expect)
    assert lint_task(told, FACTS) == []


def test_world_facts_and_filled_placeholders_are_stated():
    task = _base()
    expect = [
        _note(Match(contains="Laura Graham")),  # a fact of the world
        _note(Match(contains="Agenda: INC0010584 and next steps")),  # the prompt's template, filled
        _note(Match(contains="Discount approval: Acme Wireless Access Point W6")),
    ]
    prompt = (
        'Agenda "Agenda: <the incident number> and next steps"; '
        'subject "Discount approval: <opportunity name>".'
    )
    assert lint_task(_with(task, prompt=prompt, expect=expect), FACTS) == []
    made_up = [_note(Match(contains="Agenda: INC0099999 and next steps"))]
    assert [v.literal for v in lint_task(_with(task, prompt=prompt, expect=made_up), FACTS)] == [
        "Agenda: INC0099999 and next steps"
    ]


def test_meaning_rules_and_other_peoples_words_require_no_wording():
    task = _base()
    expect = [
        _note(Match(person={"name": "Laura Graham"})),
        _note(Match(contains="whatever the caller says"), by="someone-else"),
    ]
    assert lint_task(_with(task, prompt="Escalate it.", expect=expect), FACTS) == []


def test_a_checkpoint_may_not_require_more_than_its_expectation():
    task = _base()
    won = {"stage_name": Match(equals="Won")}
    exp = Expectation(table="crm_opportunity", op="update", pk="006X", fields=won)
    stricter = Expectation(
        table="crm_opportunity", op="update", pk="006X",
        fields={"stage_name": Match(equals="Won"), "next_step": Match(equals="Kickoff")},
    )  # fmt: skip
    point = Checkpoint(name="deal won", expect=[stricter])
    (v,) = lint_task(_with(task, prompt="Won.", expect=[exp], checkpoints=[point]), FACTS)
    assert v.literal == "next_step" and "more than its expectation" in v.why


def test_the_command_lists_violations_and_exits_by_them():
    done = subprocess.run(
        [sys.executable, "-m", "mcp_gateway", "tasks", "lint", "--family", "ticketing.handbook-escalation",
         "--per-family", "2", "--json"],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip() == "[]"
