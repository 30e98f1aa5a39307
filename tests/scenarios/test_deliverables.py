"""Scenarios whose deliverables are a workbook and a document: long (≥ 15 calls, ≥ 2 apps, a day on the
clock, a persona's answer the deliverables depend on), distinct per seed, exact on replay, scored on the
files' content — a wrong total or a skipped question fails, a different row or sheet order passes."""

from __future__ import annotations

import pytest

from apps.core.api import Gym
from tasks.calibration import without_steps
from tasks.families.instances import instance, truth_key
from tasks.families.registry import families
from tasks.oracle import run_python
from tasks.rubric.evaluate import ASSUME_MET
from tasks.verifier import verify

DELIVERABLES = ["scenario.qbr-pack", "scenario.service-report", "scenario.pipeline-review-doc"]


@pytest.fixture(scope="module")
def gym():
    return Gym()


def _verdict(gym: Gym, task, steps):
    ep = gym.create_episode("acme", apps=task.public.apps)
    ep.task = task.public
    try:
        run_python(ep, steps)
        # the judged criteria (the document briefs its reader) are the rubric tests' subject; these read files
        return verify(ep, task, judge=ASSUME_MET), ep.state_hash()
    finally:
        ep.close()


def test_three_file_scenarios_of_distinct_long_instances():
    for name in DELIVERABLES:
        fam = families()[name]
        tasks = [instance("acme", name, seed) for seed in range(fam.size)]
        assert len({truth_key(t) for t in tasks}) == fam.size >= 3, f"{name}: seeds share a truth"
        for t in tasks:
            m = t.truth.measures
            assert m.scenario and m.oracle_calls >= 15 and m.apps >= 2 and m.days >= 1 and m.personas, (
                t.id,
                m,
            )
            tools = {s.tool for s in t.truth.oracle}
            assert {"office_create_workbook", "office_create_document"} <= tools
            assert t.truth.oracle[t.truth.mutations.exchange[0]].tool == "office_send_mail"
            assert any(c.name.startswith("asked the ") for c in t.truth.checkpoints)
            # the grid, the editor, the Share dialog (and the report's link from compose's Attach file)
            assert "ui" in t.public.surfaces and not t.public.no_ui_reason
            steps = [u.model_dump(exclude_none=True) for u in t.truth.ui_oracle]
            assert {"click": ("button", "Rename sheet")} in steps
            assert {"click": ("button", "Send")} in steps
            if name == "scenario.service-report":
                assert {"click": ("button", "Share link")} in steps


def test_same_actions_same_end_hash_and_every_checkpoint_met(gym):
    task = instance("acme", "scenario.qbr-pack", 0)
    (first, h1), (second, h2) = _verdict(gym, task, task.truth.oracle), _verdict(gym, task, task.truth.oracle)
    assert h1 == h2 and first.as_dict() == second.as_dict()
    n = len(task.truth.checkpoints)
    assert first.outcome == "pass" and first.progress == {"met": n, "of": n}


def _edited(task, tool: str, edit):
    """The oracle with the `values` of each `tool` step passed through `edit(rows, args)`."""
    out = []
    for s in task.truth.oracle:
        if s.tool == tool:
            s = s.model_copy(
                update={"args": {**s.args, "values": edit([list(r) for r in s.args["values"]], s.args)}}
            )
        out.append(s)
    return out


def test_a_wrong_total_fails_and_says_which_sheet(gym):
    task = instance("acme", "scenario.qbr-pack", 1)

    def short_sum(rows, args):  # the SUM leaves out the last deal
        if args.get("worksheet") is None:
            n = len(rows) - 1
            rows[-1][2] = f"=SUM(C2:C{n - 1})" if n > 2 else "=C2-1"
        return rows

    verdict, _ = _verdict(gym, task, _edited(task, "office_update_range", short_sum))
    assert verdict.outcome == "fail"
    met = {c.name: c.ok for c in verdict.checkpoints}
    assert not met["the Opportunities sheet lists every deal with a SUM total"]
    assert met["the By priority sheet counts with COUNTIF"]


def test_rows_in_another_order_still_pass(gym):
    task = instance("acme", "scenario.qbr-pack", 2)

    def reversed_deals(rows, args):  # won deals first, sheets' rows reversed: the prompt fixes no order
        if args.get("worksheet") is None:
            return [rows[0], *reversed(rows[1:-1]), rows[-1]]
        return [rows[0], *reversed(rows[1:])] if args["worksheet"] == "Incidents" else rows

    verdict, _ = _verdict(gym, task, _edited(task, "office_update_range", reversed_deals))
    assert verdict.outcome == "pass", verdict.explain()


def test_skipping_the_question_fails(gym):
    task = instance("acme", "scenario.qbr-pack", 3)
    verdict, _ = _verdict(gym, task, without_steps(task.truth.oracle, set(task.truth.mutations.exchange)))
    assert verdict.outcome == "fail"
    met = {c.name: c.ok for c in verdict.checkpoints}
    assert not any(ok for name, ok in met.items() if name.startswith("asked the "))
    assert not any(ok for name, ok in met.items() if name.endswith("answer received"))
    assert met["the By priority sheet counts with COUNTIF"] and met["a day passed on the clock"]
