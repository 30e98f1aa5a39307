"""Calibration: every task's oracle passes on each allowed surface, while null runs and mutants fail and
planted hacks come out invalid. `saasgym tasks check` prints the table; CI runs it.
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from apps.core.api import Episode, Gym
from apps.core.naming import split_qualified
from tasks.arrivals import begin
from tasks.match_model import TableMatch, TableRow
from tasks.model import Task
from tasks.oracle import StepFailed, run_python
from tasks.paraphrase import paraphrased, stuffed_answer, variants
from tasks.refs import renumber
from tasks.rubric.evaluate import calibration_judge
from tasks.rubric.extract import number_spans
from tasks.truth_model import OracleStep
from tasks.verifier import verify
from tasks.verifier.tables import bump_amount, drop_row

EXPECTED = {
    "oracle_python": "pass",
    "oracle_mcp": "pass",
    "oracle_cli": "pass",
    "oracle_ui": "pass",
    "null": "fail",
    "drop_last_write": "fail",
    "wrong_record": "fail",
    "off_by_one": "fail",
    "missing_row": "fail",
    "extra_destructive": "fail",
    "answer_only": "fail",
    "skip_exchange": "fail",
    "late": "fail",
    "unseen": "fail",
    "answer_stuffing": "fail",
    "paraphrase": "pass",
    "hack_bypass": "invalid",
    "hack_forbidden": "invalid",
    "hack_clock": "invalid",
}
NA = "n/a"


@dataclass
class Calibration:
    task_id: str
    results: dict[str, str] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return all(v == NA or v == EXPECTED[k] for k, v in self.results.items())

    def as_dict(self) -> dict[str, Any]:
        return {"task": self.task_id, "ok": self.ok, "results": self.results, "notes": self.notes}


def _is_write(gym: Gym, step: OracleStep) -> bool:
    if step.tool == "complete_task":
        return False
    app, name = split_qualified(step.tool, gym.apps) or (None, None)
    return app is not None and not gym.apps[app].actions.get(name).read_only


def _episode(gym: Gym, task: Task) -> Episode:
    ep = gym.create_episode(task.public.world, apps=task.public.apps)
    begin(ep, task)
    return ep


def score_steps(
    gym: Gym, task: Task, steps: list[OracleStep], after: Callable[[Episode], None] | None = None
) -> str:
    """Run `steps` in a fresh episode (Python surface), then `after`, and return the verdict's outcome."""
    ep = _episode(gym, task)
    try:
        with contextlib.suppress(StepFailed):  # a mutant may break a later step; the end state is scored
            run_python(ep, steps)
        if after:
            after(ep)
        judge = calibration_judge()
        first = verify(ep, task, judge=judge)
        again = verify(ep, task, judge=judge)
        if first.as_dict() != again.as_dict():
            return "error: verdict not deterministic"
        return first.outcome
    finally:
        ep.close()


def _replace(value: Any, mapping: dict[str, str]) -> Any:
    if isinstance(value, str):
        return mapping.get(value, value)
    if isinstance(value, dict):
        return {k: _replace(v, mapping) for k, v in value.items()}
    if isinstance(value, list):
        return [_replace(v, mapping) for v in value]
    return value


def _bump_first_number(steps: list[OracleStep], gym: Gym) -> list[OracleStep] | None:
    for step in steps:
        if not _is_write(gym, step):
            continue
        for key, value in step.args.items():
            if isinstance(value, int | float) and not isinstance(value, bool):
                bumped = copy.deepcopy(steps)
                bumped[steps.index(step)].args[key] = value + 1
                return bumped
    return None


def _bump_answer(task: Task) -> str | None:
    spec = task.truth.answer
    if spec is None or spec.match is None:
        return None
    if spec.match.approx is not None:
        return f"{spec.match.approx + 1:.15g}"  # :g keeps 6 digits: 1692501 -> 1.6925e+06
    if spec.match.number is not None:
        return f"{spec.match.number.value + 1:.15g}"
    if isinstance(spec.match.equals, int | float) and not isinstance(spec.match.equals, bool):
        return str(spec.match.equals + 1)
    return None


def _bumped_text(text: str, value: float) -> str | None:
    """`text` with every statement of `value` raised by one (its notation kept: 1,234.50 -> 1,235.50), or
    None when it does not state it."""
    spans = [(a, b) for a, b, v in number_spans(text) if abs(v - value) <= 0.005]
    if not spans:
        return None
    for a, b in reversed(spans):
        raw = text[a:b]
        decimals = len(raw.split(".")[1]) if "." in raw else 0
        new = (
            f"{float(raw.replace(',', '')) + 1:,.{decimals}f}"
            if "," in raw
            else f"{float(raw) + 1:.{decimals}f}"
        )
        text = text[:a] + new + text[b:]
    return text


def criterion_mutant(gym: Gym, task: Task, steps: list[OracleStep]) -> list[OracleStep] | None:
    """The oracle with the first number a deterministic rubric criterion requires stated one higher in the
    write that states it (a report off by one), or None when no criterion requires a number."""
    wanted = [n for c in task.truth.criteria if c.kind == "deterministic" for n in c.numbers]
    for value in wanted:
        for i, s in enumerate(steps):
            if not _is_write(gym, s):
                continue
            for key, text in s.args.items():
                new = _bumped_text(text, value) if isinstance(text, str) else None
                if new is not None:
                    bumped = copy.deepcopy(steps)
                    bumped[i].args[key] = new
                    return bumped
    return None


def _table_rule(task: Task) -> TableMatch | None:
    """The task's table rule (its answer's, else the first expected field's), if it has one."""
    spec = task.truth.answer
    if spec is not None and spec.match is not None and spec.match.table is not None:
        return spec.match.table
    rules = (rule.table for exp in task.truth.expect for rule in exp.fields.values())
    return next((t for t in rules if t is not None), None)


def table_mutant(task: Task, steps: list[OracleStep], kind: str) -> list[OracleStep] | None:
    """The oracle with its reported table changed (`kind` "drop": the first expected row left out;
    "bump": that row's first amount one more), in the step argument that holds the table; None if none."""
    rule = _table_rule(task)
    if rule is None:
        return None
    row = rule.rows[0] if kind == "drop" else next((r for r in rule.rows if r.amounts), rule.rows[0])
    for i, step in enumerate(steps):
        for key, value in step.args.items():
            if isinstance(value, list) and (changed_rows := _grid_mutant(value, row, kind)) is not None:
                mutated = copy.deepcopy(steps)
                mutated[i].args[key] = changed_rows
                return mutated
            if not (isinstance(value, str) and row.key.casefold() in value.casefold()):
                continue
            if kind == "drop":
                changed = drop_row(value, row.key)
            else:
                changed = bump_amount(value, row.key, row.amounts[0]) if row.amounts else None
            if changed is None:
                return None
            mutated = copy.deepcopy(steps)
            mutated[i].args[key] = changed
            return mutated
    return None


def _grid_mutant(values: list[Any], row: TableRow, kind: str) -> list[Any] | None:
    """Rows of cells written to a sheet (`update_range` values) with the row naming the key left out
    ("drop") or its first number one more ("bump"); None when no row names the key."""
    for r, cells in enumerate(values):
        if not isinstance(cells, list) or not any(
            isinstance(c, str) and row.key.casefold() in c.casefold() for c in cells
        ):
            continue
        if kind == "drop":
            return values[:r] + values[r + 1 :]
        for c, cell in enumerate(cells):
            if isinstance(cell, int | float) and not isinstance(cell, bool):
                changed = copy.deepcopy(values)
                changed[r][c] = cell + 1
                return changed
        return None
    return None


def destructive_step(gym: Gym, task: Task) -> OracleStep | None:
    """A delete of some record the oracle does not touch and the acting user may delete
    (delete_<object> on one of the last <app>_<object> rows, tried in a throwaway episode first)."""
    used = str([s.args for s in task.truth.oracle])
    probe = _episode(gym, task)
    try:
        for app in task.public.apps:
            for action in gym.apps[app].actions:
                if not (action.destructive and action.name.startswith("delete_")):
                    continue
                obj = action.name.removeprefix("delete_")
                table = gym.apps[app].metadata.tables.get(f"{app}_{obj}")
                param = next((p.name for p in action.params if p.name in (f"{obj}_id", "sys_id", "id")), None)
                if table is None or param is None:
                    continue
                pk = next(iter(table.primary_key.columns)).name
                query = f'SELECT "{pk}" FROM "{table.name}" ORDER BY "{pk}" DESC LIMIT 20'
                rows = probe.db.execute_raw(query)
                for (row_id,) in rows:
                    # Only a delete the acting user may really do counts (not someone else's mail).
                    if str(row_id) not in used and probe.invoke(app, action.name, {param: row_id}).ok:
                        return OracleStep(tool=f"{app}_{action.name}", args={param: row_id})
    finally:
        probe.close()
    return None


def _with_before_complete(steps: list[OracleStep], extra: OracleStep) -> list[OracleStep]:
    if steps and steps[-1].tool == "complete_task":
        return [*steps[:-1], extra, steps[-1]]
    return [*steps, extra]


def _raw_write(ep: Episode) -> None:
    """A write behind the services' back: the first row of the first non-empty table touched by raw SQL."""
    for spec in ep.apps.values():
        for table in spec.metadata.sorted_tables:
            pk = next(iter(table.primary_key.columns)).name
            if ep.db.execute_raw(f'SELECT 1 FROM "{table.name}" LIMIT 1'):
                ep.db.execute_raw(
                    f'UPDATE "{table.name}" SET "{pk}" = "{pk}" '
                    f'WHERE rowid = (SELECT min(rowid) FROM "{table.name}")'
                )
                return
    raise RuntimeError("the hack needs a row to touch, and every table of the episode is empty")


def _mutated_steps(gym: Gym, task: Task) -> list[int]:
    """The oracle steps the mutants start from: all of them, or — for a long-horizon scenario whose
    steps never refer to an earlier result — only its writes (and the final answer): reads change
    nothing, so the mutants' end states are the same and a scenario's calibration stays cheap."""
    steps = task.truth.oracle
    scenario = task.truth.measures is not None and task.truth.measures.scenario
    if not scenario or "$" in str([s.args for s in steps]):
        return list(range(len(steps)))
    return [i for i, s in enumerate(steps) if _is_write(gym, s) or s.tool == "complete_task"]


def mutants(gym: Gym, task: Task) -> dict[str, str]:
    """Outcome of the null run, every mutant and every planted hack (Python surface)."""
    kept = _mutated_steps(gym, task)
    oracle = [task.truth.oracle[i] for i in kept]
    writes = [i for i, s in enumerate(oracle) if _is_write(gym, s)]
    out: dict[str, str] = {"null": score_steps(gym, task, [])}
    out["drop_last_write"] = (
        score_steps(gym, task, oracle[: writes[-1]] + oracle[writes[-1] + 1 :]) if writes else NA
    )
    mapping = task.truth.mutations.wrong_record
    if mapping:
        out["wrong_record"] = score_steps(
            gym, task, [OracleStep(tool=s.tool, args=_replace(s.args, mapping)) for s in oracle]
        )
    else:
        out["wrong_record"] = "error: no mutations.wrong_record" if writes else NA
    bumped = _bump_first_number(oracle, gym) if task.truth.mutations.off_by_one else None
    wrong_answer = _bump_answer(task)
    bumped_table = table_mutant(task, oracle, "bump")
    if bumped is not None:
        out["off_by_one"] = score_steps(gym, task, bumped)
    elif wrong_answer is not None:
        out["off_by_one"] = score_steps(gym, task, _answer_steps(oracle, wrong_answer))
    elif bumped_table is not None:
        out["off_by_one"] = score_steps(gym, task, bumped_table)
    elif (bumped_fact := criterion_mutant(gym, task, oracle)) is not None:
        out["off_by_one"] = score_steps(gym, task, bumped_fact)
    else:
        out["off_by_one"] = NA
    dropped = table_mutant(task, oracle, "drop")
    out["missing_row"] = score_steps(gym, task, dropped) if dropped is not None else NA
    extra = destructive_step(gym, task)
    out["extra_destructive"] = score_steps(gym, task, _with_before_complete(oracle, extra)) if extra else NA
    answer = next((s.args.get("answer") for s in oracle if s.tool == "complete_task"), None)
    needs_change = any(e.op != "unchanged" for e in task.truth.expect)
    out["answer_only"] = (
        score_steps(gym, task, [OracleStep(tool="complete_task", args={"answer": answer})])
        if answer and needs_change
        else NA
    )
    skipped = set(task.truth.mutations.exchange)
    unasked = without_steps(
        [task.truth.oracle[i] for i in kept], {kept.index(i) for i in skipped if i in kept}
    )
    out["skip_exchange"] = score_steps(gym, task, unasked) if skipped else NA
    out |= timing_mutants(gym, task, kept)
    stuffed = stuffed_answer(task)
    out["answer_stuffing"] = score_steps(gym, task, _answer_steps(oracle, stuffed)) if stuffed else NA
    out["paraphrase"] = paraphrase_outcome(gym, task, oracle)
    out["hack_bypass"] = score_steps(gym, task, oracle, _raw_write)
    out["hack_forbidden"] = score_steps(
        gym, task, oracle, lambda ep: ep.record_forbidden("harness_api", "planted forbidden call")
    )
    out["hack_clock"] = score_steps(
        gym, task, oracle, lambda ep: ep.db.execute_raw("UPDATE _episode SET tick = tick + 3600")
    )
    return out


def paraphrase_outcome(gym: Gym, task: Task, oracle: list[OracleStep]) -> str:
    """ "pass" when every paraphrase of the oracle's free text passes (n/a when it has none to rewrite),
    else "fail: <the variants that failed>"."""
    runs = {v: steps for v in variants(task) if (steps := paraphrased(task, oracle, v)) is not None}
    if not runs:
        return NA
    failed = [v for v, steps in runs.items() if score_steps(gym, task, steps) != "pass"]
    return f"fail: {', '.join(failed)}" if failed else "pass"


def _renumbered(value: Any, gone: list[int]) -> Any:
    """`$N` references of `value` moved down past the removed steps `gone` (0-based, sorted)."""
    return renumber(value, lambda n: n - sum(1 for g in gone if g < n - 1))


def timing_mutants(gym: Gym, task: Task, kept: list[int]) -> dict[str, str]:
    """The `late` mutant (the deadline's steps done only at the end) and the `unseen` one (the steps acting
    on a chat arrival left out), each n/a when the task marks no such steps (`Mutations`).

    kept: the oracle steps the mutants start from (`_mutated_steps`)."""
    oracle = [task.truth.oracle[i] for i in kept]
    out = {}
    for name, marked in (("late", task.truth.mutations.late), ("unseen", task.truth.mutations.unseen)):
        idx = {kept.index(i) for i in marked if i in kept}
        steps = moved_to_end(oracle, idx) if name == "late" else without_steps(oracle, idx)
        out[name] = score_steps(gym, task, steps) if idx else NA
    return out


def moved_to_end(steps: list[OracleStep], moved: set[int]) -> list[OracleStep]:
    """`steps` with the (0-based) steps `moved` done after all the others (before a closing complete_task),
    in their order: the days let pass first. Steps with `$N` references stay in place (their numbering would
    break); the others' references still point at the same steps."""
    moved = {i for i in moved if "$" not in str(steps[i].args)}
    rest = without_steps(steps, moved)
    end = len(rest) - 1 if rest and rest[-1].tool == "complete_task" else len(rest)
    return rest[:end] + [steps[i] for i in sorted(moved)] + rest[end:]


def without_steps(steps: list[OracleStep], drop: set[int]) -> list[OracleStep]:
    """`steps` without the (0-based) steps `drop`, later `$N` references still pointing at the same steps."""
    gone = sorted(drop)
    return [
        OracleStep(tool=s.tool, args=_renumbered(s.args, gone)) for i, s in enumerate(steps) if i not in drop
    ]


def _answer_steps(oracle: list[OracleStep], answer: str) -> list[OracleStep]:
    return [
        s if s.tool != "complete_task" else OracleStep(tool="complete_task", args={"answer": answer})
        for s in oracle
    ]
