"""What a sampled calibration (CI's `tasks check`) takes of the whole, rotating with the release: the
families' first seeds, the scenarios it runs, and the tasks and families that also run the slower surfaces
(the CLI, one subprocess per call, and the browser). `tasks check --full` and `--family`/`--task` run all."""

from __future__ import annotations

import hashlib
from importlib.metadata import PackageNotFoundError, version

CHEAP = ("python", "mcp")  # every sampled task and instance; the slower CLI and UI on a share of them


def release() -> str:
    """The installed saasgym release (the version in pyproject.toml)."""
    try:
        return version("saasgym")
    except PackageNotFoundError:
        return "0"


def rotating(names: list[str], k: int, salt: str, rel: str | None) -> set[str]:
    """`k` of `names`, a different choice with each release.

    Args:
        names: what to choose from.
        k: how many to choose.
        salt: keeps choices for different purposes apart (the same release picks differently for each).
        rel: the release to choose for (default: the installed one).
    """
    ordered = sorted(
        names, key=lambda n: hashlib.sha256(f"{salt}|{rel or release()}|{n}".encode()).hexdigest()
    )
    return set(ordered[:k])


def slow_share(names: list[str], share: int, rel: str | None = None) -> set[str]:
    """The names (hand-written task ids or family names) whose calibration also runs the slower surfaces,
    the CLI and the browser, when a sampled run takes one in `share` of them: a different choice with each
    release, so successive releases cover them all.

    Args:
        names: the task ids or family names to choose from.
        share: one in `share` of them is chosen (1: every one).
        rel: the release to choose for (default: the installed one).
    """
    if share <= 1:
        return set(names)
    return rotating(names, -(-len(names) // share), "slow", rel)


def slower_surfaces_kept(surfaces: list[str], slow: bool) -> list[str]:
    """`surfaces`, without the CLI and the browser unless `slow`.

    Args:
        surfaces: the surfaces asked for.
        slow: whether the slower surfaces are kept.
    """
    return surfaces if slow else [s for s in surfaces if s in CHEAP]
