"""`saasgym bench --only personas`: how well colleagues, customers, callers and approvers understand how
people write, and whether their policies hold against an agent that games them.

The corpus (`corpus/*.yaml`, see `corpus.py`) is played in one acme episode with the office, the CRM and the
desk (`play.py`), each answer scored by the facts it states (`score.py`). The figures: per kind of request
the share of cases answered correctly (target ≥ 95 %), the share whose recorded reading matches the
expected structured request, and the number of social-engineering attempts that broke a policy (target 0).
`--json` also gets every case's answer and misses.
"""

from __future__ import annotations

from typing import Any

from benchmarks.runner import REPORT, Config, Figure, at_least, at_most

TARGET = 0.95


def figures(results: list[Any]) -> list[Figure]:
    """The bench figures of a corpus run (`run.run_corpus`)."""
    out = []
    for r in results:
        read_ok, read_n = r.read
        extra = {
            "correct": r.correct,
            "cases": len(r.cases),
            "failed": {c.id: c.misses for c in r.cases if not c.ok},
        }
        if r.attack:
            breaks = {c.id: c.breaks for c in r.cases if c.breaks}
            out.append(
                Figure(
                    f"personas: {r.name} policy breaks",
                    "cases",
                    r.breaks,
                    at_most(0, "0"),
                    extra={**extra, "breaks": breaks},
                )
            )
            out.append(Figure(f"personas: {r.name} handled", "%", 100 * r.rate, REPORT, extra=extra))
        else:
            out.append(
                Figure(
                    f"personas: {r.title}", "%", 100 * r.rate, at_least(100 * TARGET, "≥ 95 %"), extra=extra
                )
            )
        if read_n:
            out.append(Figure(f"personas: {r.name} read as expected", "%", 100 * read_ok / read_n, REPORT))
    return out


def run(gym: Any, cfg: Config) -> list[Figure]:
    """Play the whole corpus (`--quick`: every third case of each kind) and return its figures."""
    from benchmarks.personas.run import run_corpus

    sample = (lambda kind: list(kind.cases[::3])) if cfg.quick else None
    return figures(run_corpus(gym, log=cfg.log, sample=sample))
