"""Seeded subsets of the suite's largest parametrized checks, so CI stays within its time on two cores.

`SAASGYM_FULL_TESTS=1 python -m pytest …` runs every case; `SAASGYM_TEST_SEED=N` samples another subset (the
default seed is fixed, so a CI run is reproducible). The sample is a share of the cases, at least one.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterable
from typing import TypeVar

T = TypeVar("T")

FULL = os.environ.get("SAASGYM_FULL_TESTS") == "1"
SEED = os.environ.get("SAASGYM_TEST_SEED", "2026")


def sampled(cases: Iterable[T], share: float, salt: str) -> list[T]:
    """`share` of `cases` (in their order) drawn with the suite's seed and `salt` (the check's name), or all
    of them under SAASGYM_FULL_TESTS=1.

    Args:
        cases: the parametrized cases.
        share: the fraction to keep (0–1).
        salt: names the check, so two checks sample independently.
    """
    items = list(cases)
    if FULL or not items:
        return items
    k = max(1, round(len(items) * share))
    chosen = set(random.Random(f"{SEED}:{salt}").sample(range(len(items)), k))
    return [c for i, c in enumerate(items) if i in chosen]
