"""One verdict per episode: gates first (any failure → invalid), then expectations, collateral, answer.

Everything is read from the change journal and the event log, so the cost grows with what the
performer did, not with the size of the world. Scoring the same end state again gives the same verdict.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from apps.core.journal import NetChange, parse_literal
from apps.core.model_endpoint import EpisodeRecorder
from apps.core.naming import split_qualified
from apps.core.spec import SYSTEM_ACTOR
from tasks.model import Task
from tasks.rubric.evaluate import evaluate
from tasks.rubric.judge import Judge
from tasks.verifier import gates
from tasks.verifier.checkpoints import checkpoint_checks
from tasks.verifier.checks import Check
from tasks.verifier.expectations import check_expectations, near_misses
from tasks.verifier.matching import describe, looks_like_refusal, matches
from tasks.verifier.tables import table_problems

log = logging.getLogger("saasgym.verifier")

Outcome = Literal["pass", "fail", "invalid", "void"]
FROM_ENV = object()  # verify's default judge: the one the environment configures


@dataclass
class Verdict:
    """The outcome bit (reward 1/0; None when invalid or void) with everything that led to it."""

    outcome: Outcome
    gates: list[gates.GateResult] = field(default_factory=list)
    checks: list[Check] = field(default_factory=list)
    diff: list[dict[str, Any]] = field(default_factory=list)
    reason_codes: list[str] = field(default_factory=list)
    answer: str | None = None
    checkpoints: list[Check] = field(default_factory=list)  # diagnostics only: no weight in the outcome
    criteria: list[dict[str, Any]] = field(default_factory=list)  # rubric criteria: each one's result
    judgments: list[dict[str, Any]] = field(default_factory=list)  # the judge's recorded answers

    @property
    def reward(self) -> int | None:
        return {"pass": 1, "fail": 0}.get(self.outcome)

    def as_dict(self) -> dict[str, Any]:
        return {
            "outcome": self.outcome,
            "reward": self.reward,
            "gates": [g.as_dict() for g in self.gates],
            "checks": [c.as_dict() for c in self.checks],
            "diff": self.diff,
            "reason_codes": self.reason_codes,
            "answer": self.answer,
            "checkpoints": [c.as_dict() for c in self.checkpoints],
            "progress": self.progress,
            "criteria": self.criteria,
            "judgments": self.judgments,
        }

    @property
    def progress(self) -> dict[str, int] | None:
        """How many of the task's checkpoints were met (None when the task names none)."""
        if not self.checkpoints:
            return None
        return {"met": sum(c.ok for c in self.checkpoints), "of": len(self.checkpoints)}

    def explain(self) -> str:
        """A readable account: outcome, failed gates/checks, and the field-level diff."""
        lines = [f"outcome: {self.outcome} (reward {self.reward})"]
        lines += [f"  gate {g.name}: FAILED {g.detail}" for g in self.gates if not g.ok]
        lines += [
            f"  {'ok  ' if c.ok else 'FAIL'} {c.name}{': ' + c.detail if c.detail else ''}"
            for c in self.checks
        ]
        lines += [
            f"  checkpoint {'met ' if c.ok else 'not met'} {c.name}{': ' + c.detail if c.detail else ''}"
            for c in self.checkpoints
        ]
        lines += [
            f"  criterion {'met ' if c['met'] else 'not met' if c['met'] is False else 'undecided'} {c['id']}"
            f" ({c['kind']}, {c['decided_by']}): {c['holds']}" + (f" — {c['detail']}" if c["detail"] else "")
            for c in self.criteria
        ]
        for row in self.diff:
            fields = ", ".join(f"{k}: {v[0]!r} → {v[1]!r}" for k, v in row["fields"].items())
            lines.append(f"  [{row['status']}] {row['op']} {row['table']} {row['pk']}: {fields}")
        return "\n".join(lines)


def _volatile(episode: Any, table: str) -> frozenset[str]:
    found = split_qualified(table, episode.apps)
    if found is None:
        return frozenset()
    spec = episode.apps[found[0]]
    return spec.volatile_columns.get(table, frozenset()) | spec.volatile_columns.get("*", frozenset())


def _bookkeeping(episode: Any, table: str) -> bool:
    found = split_qualified(table, episode.apps)
    return found is not None and table in episode.apps[found[0]].bookkeeping_tables


def _made_by_another(episode: Any, table: str, change: NetChange) -> bool:
    """Whether an inserted row is another person's act (its app's `made_by` column names someone other than
    the acting user): a colleague sharing a file with the agent who asked for it."""
    found = split_qualified(table, episode.apps)
    if found is None or change.op != "insert":
        return False
    spec = episode.apps[found[0]]
    column = spec.made_by.get(table)
    maker = parse_literal((change.after or {}).get(column)) if column else None  # images hold literals
    return maker is not None and maker != spec.acting_user(episode.world)


def _by_the_system(episode: Any, table: str, change: NetChange) -> bool:
    """Whether an update is a scheduled job's alone (`AppSpec.system_updates`): only the columns the jobs
    write changed, and the row's last updater is the system (a Resolved incident auto-closed as time
    passed while the agent waited for an approver)."""
    found = split_qualified(table, episode.apps)
    declared = episode.apps[found[0]].system_updates.get(table) if found else None
    if declared is None or change.op != "update":
        return False
    column, columns = declared
    changed = set(change.changed_fields()) - _volatile(episode, table)
    return parse_literal((change.after or {}).get(column)) == SYSTEM_ACTOR and changed <= columns


def _status(
    episode: Any, task: Task, key: tuple[str, str], change: NetChange, claims: dict, missed: dict
) -> str:
    table, pk = key
    if key in missed:  # an attempt at expectation N that did not meet it: reported there, once
        return f"did not meet expectation {missed[key]}"
    if key not in claims and (
        _bookkeeping(episode, table)
        or _made_by_another(episode, table, change)
        or _by_the_system(episode, table, change)
    ):
        return "harmless"
    changed = set(change.changed_fields())
    harmless = _volatile(episode, table)
    allowed = [
        a
        for a in task.truth.allow
        if a.table == table and change.op in a.ops and (a.pk is None or a.pk == pk)
    ]
    allowed_fields = (
        set().union(*[set(a.fields) for a in allowed if a.fields is not None]) if allowed else set()
    )
    if any(a.fields is None for a in allowed):
        return "allowed"
    exp = claims.get(key)
    if exp is not None:
        if change.op != "update":
            return "expected"
        extra = changed - set(exp.fields) - harmless - allowed_fields
        return "expected" if not extra else "collateral"
    if change.op == "update" and changed <= harmless | allowed_fields:
        return "allowed" if allowed_fields & changed else "harmless"
    return "collateral"


def deriver(episode: Any) -> Callable[[str, str, str], Any]:
    """The derived fields the episode's apps declare (`AppSpec.derived_fields`), computed once per row."""
    found: dict[tuple[str, str, str], Any] = {}

    def derive(table: str, pk: str, name: str) -> Any:
        key = (table, pk, name)
        if key not in found:
            owner = split_qualified(table, episode.apps)
            fn = episode.apps[owner[0]].derived_fields.get(table, {}).get(name) if owner else None
            found[key] = fn(episode.db, pk) if fn else None
        return found[key]

    return derive


def _check_answer(task: Task, completed: bool, answer: str | None) -> Check | None:
    spec = task.truth.answer
    if spec is None:
        return None
    if not completed or answer is None or not answer.strip():
        return Check("answer", False, "no answer was given (complete_task with an answer)")
    if spec.refusal:
        if not looks_like_refusal(answer):
            return Check("answer: refusal", False, "the answer does not decline the request")
        ok = not spec.because or any(matches(rule, answer) for rule in spec.because)
        wanted = " or ".join(describe(rule) for rule in spec.because)
        return Check("answer: refusal", ok, "" if ok else f"the refusal names no reason ({wanted})")
    if spec.match.table is not None:  # a report: say which rows are missing or extra, not the whole text
        problems = table_problems(spec.match.table, answer)
        return Check("answer: table", not problems, "; ".join(problems))
    ok = matches(spec.match, answer)
    return Check("answer", ok, "" if ok else f"answer {answer!r} is not {describe(spec.match)}")


def verify(episode: Any, task: Task, *, judge: Any = FROM_ENV, timeout_s: float | None = None) -> Verdict:
    """Score one episode against one task. Infrastructure failures give `void`, never a 0 reward; so
    does a verification that takes longer than `timeout_s` (reason `verify_timeout`).

    `judge` decides the task's judged rubric criteria: the environment's (default), a
    `tasks.rubric.judge.Judge`, None (only answers the episode recorded), or
    `tasks.rubric.evaluate.ASSUME_MET` (calibration without a judge).
    """
    try:
        return _verify(episode, task, Judge.from_env() if judge is FROM_ENV else judge, timeout_s)
    except TimeoutError:
        detail = f"the verification took longer than {timeout_s:g} s and was stopped"
        return Verdict("void", reason_codes=["verify_timeout"], checks=[Check("verifier", False, detail)])
    except Exception as exc:  # the verifier's own fault or a lost episode: void, not fail
        log.exception("verification of %s failed", getattr(episode, "id", "?"))
        return Verdict(
            "void", reason_codes=["infrastructure_error"], checks=[Check("verifier", False, str(exc))]
        )


def _verify(episode: Any, task: Task, judge: Any, timeout_s: float | None) -> Verdict:
    # Every read below is taken as of one action boundary: the agent may be acting meanwhile. The
    # episode's database work is interrupted past the deadline (its reads then raise TimeoutError).
    with getattr(episode, "lock", contextlib.nullcontext()), episode.db.deadline(timeout_s):
        return _verify_locked(episode, task, judge)


# The events a verdict reads: the calls (actions, forbidden calls). The browser's low-level events are
# read by no gate or check (the clock gate needs only the log's last tick), so a log padded with them
# costs the verdict nothing.
VERDICT_EVENTS = ("action", "forbidden")


def _verify_locked(episode: Any, task: Task, judge: Any) -> Verdict:
    if getattr(episode, "closed", False):
        return Verdict("void", reason_codes=["episode_lost"])
    events = episode.db.events(kinds=VERDICT_EVENTS)
    by_seq = {e.seq: e for e in events}
    gate_results = [
        gates.world_integrity(episode.world),
        gates.journal_attributed(episode.db.journal(), by_seq, list(task.public.surfaces)),
        gates.no_forbidden_calls(events, list(task.public.apps)),
        gates.clock_intact(events, episode.db.last_tick(), episode.db.clock()),
    ]
    completed, answer = episode.completed
    net = [c for c in episode.db.net_changes() if not c.table.startswith("_")]
    changes = {(c.table, str(parse_literal(c.pk))): c for c in net}
    derive = deriver(episode)
    checks, claims = check_expectations(task.truth.expect, changes, derive)
    missed = near_misses(task.truth.expect, checks, changes, claims, derive)
    diff = []
    for key, change in changes.items():
        status = _status(episode, task, key, change, claims, missed)
        fields = {k: [old, new] for k, (old, new) in change.changed_fields().items()}
        diff.append({"table": key[0], "pk": key[1], "op": change.op, "status": status, "fields": fields})
    collateral = [d for d in diff if d["status"] == "collateral"]
    checks.append(
        Check(
            "no collateral damage",
            not collateral,
            "; ".join(f"{d['op']} {d['table']} {d['pk']}" for d in collateral[:5]),
        )
    )
    answer_check = _check_answer(task, completed, answer)
    if answer_check:
        checks.append(answer_check)
    progress = checkpoint_checks(task.truth.checkpoints, changes, events, derive)
    failed_gates = [g.name for g in gate_results if not g.ok]
    failing = bool(failed_gates) or any(not c.ok for c in checks)
    rubric = evaluate(
        task.truth.criteria, changes, answer, derive, judge, EpisodeRecorder(episode.db), failing=failing
    )
    checks += [r.check() for r in rubric.results]
    scored = {"criteria": [r.as_dict() for r in rubric.results], "judgments": rubric.judgments}
    if failed_gates:
        codes = [f"gate:{g}" for g in failed_gates]
        return Verdict("invalid", gate_results, checks, diff, codes, answer, progress, **scored)
    codes = []
    codes += ["expectation_unmet"] if any(not c.ok and c.name.startswith("expect") for c in checks) else []
    codes += ["collateral_damage"] if collateral else []
    codes += ["answer_mismatch"] if answer_check and not answer_check.ok else []
    codes += ["criterion_unmet"] if rubric.unmet else []
    if not codes and rubric.void_code:  # a judged criterion nobody could decide: no reward either way
        codes = [rubric.void_code]
        checks.append(Check("judge", False, rubric.void_detail))
        return Verdict("void", gate_results, checks, diff, codes, answer, progress, **scored)
    return Verdict("fail" if codes else "pass", gate_results, checks, diff, codes, answer, progress, **scored)
