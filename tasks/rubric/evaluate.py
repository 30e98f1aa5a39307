"""Rubric criteria against an episode: deterministic ones by extraction, judged ones by the judge (one
criterion at a time, recorded), and what a missing or refused judge means for the verdict (void, never a
silent pass or fail).

`judge` is a `Judge`, `None` (no judge: only answers the episode already recorded are used), or
`ASSUME_MET` (calibration without a judge: judged criteria are reported as assumed met, the deterministic
ones and every expectation decide).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from apps.core.journal import NetChange
from apps.core.model_endpoint import (
    EpisodeRecorder,
    ModelCall,
    ModelEndpointError,
    ModelNotRecorded,
    Recorder,
)
from tasks.rubric import extract
from tasks.rubric.deliverables import deliverable_text
from tasks.rubric.judge import Judge, judge_id, replay_answer
from tasks.truth_model import Criterion
from tasks.verifier.checks import Check
from tasks.verifier.expectations import Derive
from tasks.verifier.tables import table_problems

ASSUME_MET = "assume-met"


def calibration_judge() -> Judge | str:
    """The judge `tasks check` scores with: the configured one, else `ASSUME_MET` (deterministic criteria and
    expectations decide; judged criteria are calibrated by `saasgym judge calibrate`)."""
    return Judge.from_env() or ASSUME_MET


@dataclass
class CriterionResult:
    """One criterion's result: met (None: not decided), why, and who decided."""

    criterion: Criterion
    met: bool | None
    detail: str = ""
    decided_by: str = "extraction"

    def as_dict(self) -> dict[str, Any]:
        c = self.criterion
        return {
            "id": c.id,
            "kind": c.kind,
            "type": c.type,
            "holds": c.holds,
            "met": self.met,
            "detail": self.detail,
            "decided_by": self.decided_by,
        }

    def check(self) -> Check:
        return Check(f"criterion {self.criterion.id}", self.met is True, self.detail)


@dataclass
class RubricResult:
    results: list[CriterionResult] = field(default_factory=list)
    judgments: list[dict[str, Any]] = field(default_factory=list)
    void_code: str | None = None  # judge_unavailable, judge_refused, judge_error
    void_detail: str = ""

    @property
    def unmet(self) -> bool:
        return any(r.met is False for r in self.results)


def deterministic_problems(c: Criterion, text: str) -> list[str]:
    """What the text fails of a deterministic criterion (empty: it holds)."""
    problems = [f"does not state {n:g}" for n in c.numbers if not extract.states_number(text, n, c.tol)]
    problems += [f"does not state the date {d}" for d in c.dates if not extract.states_date(text, d)]
    problems += [f"does not name {n}" for n in c.names if not extract.names(text, n)]
    problems += [f"does not say {p!r}" for p in c.phrases if not extract.mentions(text, p)]
    problems += [f"has no heading of its own for {h!r}" for h in extract.missing_headings(text, c.headings)]
    problems += table_problems(c.table, text, extract.cents_in) if c.table is not None else []
    stuffed = [n for n in c.forbid if extract.names(text, n)]
    problems += [f"also names {', '.join(stuffed)}, which is not the answer"] if stuffed else []
    disclosed = [f"{n:,.2f}" for n in c.forbid_numbers if extract.states_number(text, n, c.tol)]
    problems += [f"also states {', '.join(disclosed)}, which must not be disclosed"] if disclosed else []
    return problems


def evaluate(
    criteria: list[Criterion],
    changes: dict[tuple[str, str], NetChange],
    answer: str | None,
    derive: Derive | None,
    judge: Judge | str | None,
    recorder: Recorder,
    *,
    failing: bool,
) -> RubricResult:
    """Every criterion's result. `failing`: the verdict fails or is invalid on other grounds already, so no
    judge is asked (judged criteria are reported undecided)."""
    out = RubricResult()
    texts = {c.id: deliverable_text(c.deliverable, changes, answer, derive) for c in criteria}
    for c in criteria:
        if c.kind == "deterministic":
            text = texts[c.id]
            problems = ["no such deliverable"] if text is None else deterministic_problems(c, text)
            out.results.append(CriterionResult(c, not problems, "; ".join(problems)))
    failing = failing or out.unmet
    for c in criteria:
        if c.kind == "judged":
            out.results.append(_judged(c, texts[c.id], judge, recorder, failing, out))
    order = {c.id: i for i, c in enumerate(criteria)}
    out.results.sort(key=lambda r: order[r.criterion.id])
    return out


def _judged(
    c: Criterion,
    text: str | None,
    judge: Judge | str | None,
    recorder: Recorder,
    failing: bool,
    out: RubricResult,
) -> CriterionResult:
    if text is None:
        return CriterionResult(c, False, "no such deliverable", "extraction")
    if failing:
        return CriterionResult(c, None, "not judged: the verdict fails on other grounds", "nobody")
    if judge == ASSUME_MET:
        return CriterionResult(c, True, "assumed met: calibration without a judge", "nobody")
    try:
        got = replay_answer(c.type, c.holds, text, recorder)
    except ModelNotRecorded:
        got = None
    if got is None:
        refusal = "no judge is configured (SAASGYM_JUDGE_URL, SAASGYM_JUDGE_MODEL)" if judge is None else None
        refusal = refusal or judge.refusal(c.type)
        if refusal:
            _void(out, "judge_unavailable" if judge is None else "judge_refused", refusal)
            return CriterionResult(c, None, refusal, "nobody")
        try:
            got = judge.ask(c.type, c.holds, text, recorder)
        except ModelEndpointError as exc:
            _void(out, "judge_error", str(exc))
            return CriterionResult(c, None, str(exc), judge.id)
    call = got.call
    out.judgments.append(
        {
            "criterion": c.id,
            "purpose": call.purpose,
            "input_hash": call.input_hash,
            "judge": judge_id(call.model),
        }
        | {"answer": call.answer}
    )
    detail = "" if got.value.met else f"the judge found it unmet: {got.value.evidence or 'no passage'}"
    return CriterionResult(c, got.value.met, detail, judge_id(call.model))


def seed_judgments(episode: Any, judgments: list[dict[str, Any]]) -> None:
    """Put a verdict's recorded judgments into `episode` (a replay of the same work on a fresh episode), so
    verifying it returns the same verdict without calling any model."""
    recorder = EpisodeRecorder(episode.db)
    for j in judgments:
        recorder.put(
            ModelCall(j["purpose"], j["input_hash"], j["judge"].rsplit("@prompts-v", 1)[0], j["answer"])
        )


def _void(out: RubricResult, code: str, detail: str) -> None:
    if out.void_code is None:
        out.void_code, out.void_detail = code, detail
