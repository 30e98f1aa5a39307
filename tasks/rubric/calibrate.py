"""Judge calibration: the configured judge over the world's labelled set (`labelled.py`), per criterion type
its true-positive rate (correct deliverables found met), true-negative rate (planted defects found unmet,
per defect too) and Cohen's κ against the labels; a type is admitted only when it clears every threshold.
The report is stored per judge id (`judge.CalibrationStore`), where the verifier looks before letting the
judge score; its answers are recorded beside it (`<report>.calls.jsonl`), so a re-run asks nothing twice.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from apps.core.model_endpoint import FileRecorder, ModelEndpointError
from apps.core.worlds import World
from tasks.rubric.judge import Judge
from tasks.rubric.labelled import Item, labelled_set
from tasks.rubric.prompts import PROMPT_VERSION


@dataclass(frozen=True)
class Thresholds:
    """What a judge must reach on a criterion type to score it (published in docs/TASKS.md)."""

    kappa: float = 0.8  # Cohen's κ against the labels
    tnr: float = 0.95  # planted defects found unmet
    tpr: float = 0.9  # correct deliverables found met
    min_positives: int = 10
    min_negatives: int = 10


THRESHOLDS = Thresholds()


def cohen_kappa(pairs: list[tuple[bool, bool]]) -> float:
    """Cohen's κ of (label, judged) pairs: agreement beyond chance; 1.0 for perfect, ≤ 0 for chance."""
    n = len(pairs)
    if not n:
        return 0.0
    observed = sum(a == b for a, b in pairs) / n
    yes_label = sum(a for a, _ in pairs) / n
    yes_judged = sum(b for _, b in pairs) / n
    expected = yes_label * yes_judged + (1 - yes_label) * (1 - yes_judged)
    return 1.0 if expected == 1 else (observed - expected) / (1 - expected)


def type_report(results: list[tuple[Item, bool | None]], limits: Thresholds = THRESHOLDS) -> dict[str, Any]:
    """Rates, κ and admission of one criterion type; an answer the judge could not give counts as wrong."""
    pairs = [(item.met, (not item.met) if judged is None else judged) for item, judged in results]
    positives = [p for p in pairs if p[0]]
    negatives = [p for p in pairs if not p[0]]
    tp, tn = sum(b for _, b in positives), sum(not b for _, b in negatives)
    tpr = tp / len(positives) if positives else 0.0
    tnr = tn / len(negatives) if negatives else 0.0
    kappa = cohen_kappa(pairs)
    caught: Counter[str] = Counter()
    made: Counter[str] = Counter()
    for item, judged in results:
        if not item.met:
            made[item.made_by] += 1
            caught[item.made_by] += judged is False
    failed = []
    failed += [f"κ {kappa:.2f} < {limits.kappa:.2f}"] if kappa < limits.kappa else []
    failed += [f"TNR {tnr:.2f} < {limits.tnr:.2f}"] if tnr < limits.tnr else []
    failed += [f"TPR {tpr:.2f} < {limits.tpr:.2f}"] if tpr < limits.tpr else []
    if len(positives) < limits.min_positives or len(negatives) < limits.min_negatives:
        failed.append(f"too few items ({len(positives)} met, {len(negatives)} not met)")
    return {
        "positives": len(positives),
        "negatives": len(negatives),
        "tp": tp,
        "fn": len(positives) - tp,
        "tn": tn,
        "fp": len(negatives) - tn,
        "tpr": round(tpr, 4),
        "tnr": round(tnr, 4),
        "kappa": round(kappa, 4),
        "unanswered": sum(judged is None for _, judged in results),
        "by_defect": {k: {"n": made[k], "caught": caught[k]} for k in sorted(made)},
        "admitted": not failed,
        "failed": "; ".join(failed),
    }


def calibrate(
    judge: Judge, world: World, per_type: int = 8, limits: Thresholds = THRESHOLDS
) -> dict[str, Any]:
    """Run `judge` over the labelled set of `world`, store and return the report."""
    items = labelled_set(world, per_type)
    store = judge.calibrations
    recorder = FileRecorder(store.path(judge.id).with_suffix(".calls.jsonl"))
    by_type: dict[str, list[tuple[Item, bool | None]]] = {}
    errors: list[str] = []
    for item in items:
        try:
            judged: bool | None = judge.ask(item.type, item.holds, item.text, recorder).value.met
        except ModelEndpointError as exc:
            judged = None
            errors.append(f"{item.id}: {exc}")
        by_type.setdefault(item.type, []).append((item, judged))
    types = {kind: type_report(results, limits) for kind, results in by_type.items()}
    report = {
        "judge": judge.id,
        "model": judge.client.model_id,
        "prompt_version": PROMPT_VERSION,
        "world": world.name,
        "items": len(items),
        "thresholds": limits.__dict__,
        "types": types,
        "admitted_types": sorted(k for k, v in types.items() if v["admitted"]),
        "errors": errors[:20],
    }
    store.save(report)
    return report


def render(report: dict[str, Any]) -> str:
    """The report as a table: one line per criterion type, then the misses by defect."""
    t = report["thresholds"]
    lines = [
        f"judge {report['judge']} on {report['world']}: {report['items']} labelled items "
        f"(thresholds κ ≥ {t['kappa']}, TNR ≥ {t['tnr']}, TPR ≥ {t['tpr']})",
        f"{'type':<16} {'met':>4} {'unmet':>5} {'TPR':>5} {'TNR':>5} {'κ':>6}  verdict",
    ]
    for kind, r in sorted(report["types"].items()):
        verdict = "admitted" if r["admitted"] else f"refused ({r['failed']})"
        lines.append(
            f"{kind:<16} {r['positives']:>4} {r['negatives']:>5} {r['tpr']:>5.2f} {r['tnr']:>5.2f} "
            f"{r['kappa']:>6.2f}  {verdict}"
        )
        missed = [
            f"{k} {v['n'] - v['caught']}/{v['n']}" for k, v in r["by_defect"].items() if v["caught"] < v["n"]
        ]
        if missed:
            lines.append(f"{'':<16} defects passed as met: {', '.join(missed)}")
    if report["errors"]:
        lines.append(f"{len(report['errors'])} item(s) unanswered, first: {report['errors'][0]}")
    return "\n".join(lines)
