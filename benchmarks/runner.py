"""Timing and bookkeeping shared by every figure: repeated runs, medians, percentiles, targets.

Every figure is timed with `time.perf_counter_ns` and reported as the median of repeated runs. Where
a figure has a baseline, the baseline is measured in the same run, interleaved with the figure
(A, B, A, B, …) so drift in this noisy machine's load hits both alike; the ratio is median / median.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Target:
    """What a figure must meet: `value <= limit`, `value >= limit`, `ratio <= limit`, … or report only."""

    on: str  # "value", "ratio" or "" (report only)
    op: str  # "<=" or ">="
    limit: float
    text: str

    def met(self, value: float, ratio: float | None) -> bool | None:
        if not self.on:
            return None
        x = value if self.on == "value" else ratio
        if x is None:
            return None
        return x <= self.limit if self.op == "<=" else x >= self.limit


REPORT = Target("", "", 0.0, "report")


def at_most(limit: float, text: str) -> Target:
    return Target("value", "<=", limit, text)


def at_least(limit: float, text: str) -> Target:
    return Target("value", ">=", limit, text)


def ratio_at_most(limit: float) -> Target:
    return Target("ratio", "<=", limit, f"≤ {limit:g}×")


def ratio_at_least(limit: float) -> Target:
    return Target("ratio", ">=", limit, f"≥ {limit:g}×")


@dataclass
class Figure:
    """One measured figure: its median, the same-run baseline (if it has one) and the target.

    `ratio` is median / baseline when there is a baseline; otherwise median / the target's limit
    (how much of the budget is used), `ratio_of` says which.
    """

    name: str
    unit: str
    median: float
    target: Target
    baseline: float | None = None
    baseline_name: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def ratio(self) -> float | None:
        if self.baseline:
            return self.median / self.baseline
        if self.target.on == "value" and self.target.limit:
            return self.median / self.target.limit
        return None

    @property
    def ratio_of(self) -> str | None:
        if self.baseline:
            return "baseline"
        return "target" if self.ratio is not None else None

    @property
    def met(self) -> bool | None:
        return self.target.met(self.median, self.ratio if self.baseline else None)

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "unit": self.unit,
            "median": self.median,
            "baseline": self.baseline,
            "baseline_name": self.baseline_name,
            "ratio": self.ratio,
            "ratio_of": self.ratio_of,
            "target": self.target.text,
            "met": self.met,
            **({"extra": self.extra} if self.extra else {}),
        }


@dataclass
class Config:
    """How hard to measure: `quick` runs fewer repetitions and a smaller scaled world."""

    quick: bool = False
    scale: float = 10.0
    log: Callable[[str], None] = print

    def reps(self, full: int, quick: int) -> int:
        return quick if self.quick else full


def release_memory() -> None:
    """Collect garbage and hand freed heap memory back to the OS (glibc), so the next figure starts
    from fresh pages instead of whatever the previous figure happened to free."""
    gc.collect()
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass


def median(xs: list[float]) -> float:
    return statistics.median(xs)


def percentile(xs: list[float], q: float) -> float:
    """The q-th percentile (0–100) by nearest rank."""
    s = sorted(xs)
    k = max(0, min(len(s) - 1, round(q / 100 * len(s) + 0.5) - 1))
    return s[k]


def ms(ns: int) -> float:
    return ns / 1e6


def time_once(fn: Callable[[], Any], cpu: list[float] | None = None) -> tuple[float, Any]:
    """(wall milliseconds, result) of one call; its CPU milliseconds (this thread) go to `cpu` if given.

    CPU time says what the call itself cost when other processes share the two cores.
    """
    c0 = time.thread_time_ns()
    t0 = time.perf_counter_ns()
    result = fn()
    elapsed = ms(time.perf_counter_ns() - t0)
    if cpu is not None:
        cpu.append(ms(time.thread_time_ns() - c0))
    return elapsed, result


def interleaved(
    subject: Callable[[], Any],
    baseline: Callable[[], Any],
    repeats: int,
    *,
    setup: Callable[[], Any] | None = None,
    keep: list[Any] | None = None,
) -> tuple[list[float], list[float]]:
    """Time `subject` and `baseline` alternately `repeats` times each; returns their ms samples.

    `setup` runs (untimed) before every timed call. Results are appended to `keep` when given, so
    that what a call allocated stays allocated (as a live episode's memory does).
    """
    a: list[float] = []
    b: list[float] = []
    gc.collect()
    gc.disable()
    try:
        for _ in range(repeats):
            for fn, out in ((subject, a), (baseline, b)):
                if setup:
                    setup()
                elapsed, result = time_once(fn)
                out.append(elapsed)
                if keep is not None:
                    keep.append(result)
    finally:
        gc.enable()
    return a, b


def samples(fn: Callable[[], Any], repeats: int, *, setup: Callable[[], Any] | None = None) -> list[float]:
    """`repeats` ms samples of `fn`, each after an untimed `setup`."""
    out = []
    for _ in range(repeats):
        if setup:
            setup()
        out.append(time_once(fn)[0])
    return out
