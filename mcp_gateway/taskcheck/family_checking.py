"""Calibrating families: every family on a few instances whose seeds change with each release (CI), or
every catalog instance (`tasks check --full`), with the null run, the mutants and the planted hacks."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable

from mcp_gateway.taskcheck.checking import Checker
from mcp_gateway.taskcheck.rotation import (
    CHEAP,
    release,
    rotating,
    slow_share,
    slower_surfaces_kept,
)
from tasks.calibration import Calibration
from tasks.families.instances import FamilyError, instance, instance_ids, parse_id, sample
from tasks.families.registry import families
from tasks.families.worldview import world_view

CLI_MAX_CALLS = 3  # the CLI surface is one subprocess per call: on long oracles it is left to --full
# Long-horizon scenarios (`scenario.*`) are long: a sampled run takes one seed of each on the cheap
# surfaces, and the browser on a rotating sample of them (the full browser calibration of all of them:
# `tasks check --family scenario.<slug> … --surfaces ui`, or --full).
SCENARIO_SEEDS = 1
SCENARIO_UI = 2  # ≤ 5; two keep the browser part near a minute and a half of CI
SCENARIO_SHARE = 3  # a sampled run calibrates one scenario in three (rotating with the release)
ULTRA_LONG_CI = 2  # and two of the ultra-long scenarios


def is_scenario(name: str) -> bool:
    """Whether the family `name` is a long-horizon scenario."""
    return name.startswith("scenario.")


def ui_scenarios(rel: str | None = None) -> set[str]:
    """The scenarios whose sampled instance also runs in the browser in this release (≤ SCENARIO_UI)."""
    browser = [n for n, f in families().items() if is_scenario(n) and "ui" in f.surfaces]
    return rotating(browser, SCENARIO_UI, "ui", rel)


def ci_long_horizon(rel: str | None = None) -> set[str]:
    """The long-horizon families a sampled run calibrates in this release: a third of the scenarios and
    two of the ultra-long ones, rotating (each costs ≈ 5-30 s of CPU; `tasks check --scenarios` and
    `--family long.<slug>` calibrate the others)."""
    names = list(families())
    scenarios = [n for n in names if is_scenario(n)]
    ultra = [n for n in names if n.startswith("long.")]
    chosen = rotating(scenarios, -(-len(scenarios) // SCENARIO_SHARE), "ci", rel) | ui_scenarios(rel)
    return chosen | rotating(ultra, ULTRA_LONG_CI, "ci", rel)


def is_long_horizon(name: str) -> bool:
    """A scenario or an ultra-long scenario (families of few, long instances)."""
    return is_scenario(name) or name.startswith("long.")


def release_seed(family: str, rel: str | None = None) -> int:
    """The first seed CI samples `family` from: it changes with every release."""
    digest = hashlib.sha256(f"calibrate|{rel or release()}|{family}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % 1_000_000


def sampled_ids(per_family: int = 3, only: list[str] | None = None, rel: str | None = None) -> list[str]:
    """`per_family` instance ids of every family (or of `only`), spread over the family's splits."""
    out: list[str] = []
    long_horizon = ci_long_horizon(rel)
    for name, fam in families().items():
        if only and name not in only:
            continue
        if not only and is_long_horizon(name) and name not in long_horizon:
            continue
        seed = release_seed(name, rel)
        picks: list[str] = []
        wanted = min(per_family, fam.ci_instances, SCENARIO_SEEDS if is_scenario(name) else per_family)
        while len(picks) < wanted:
            for split in fam.splits:
                if len(picks) < wanted:
                    found = sample("acme", name, split, 1, seed)[0].id
                    picks.append(found)
                    seed = parse_id(found)[1] + 1
        out += picks
    return out


def run_family_checks(
    surfaces: list[str],
    *,
    per_family: int = 3,
    full: bool = False,
    only: list[str] | None = None,
    ids: list[str] | None = None,
    slow_instances: int = 1,
    share: int = 1,
    progress: Callable[[str, int], None] | None = None,
) -> list[Calibration]:
    """Calibrate sampled instances of every family (or of `only`), every catalog instance (`full`) or the
    instances `ids`, each on every surface in `surfaces` it allows; sampled runs keep the CLI and UI to
    the first `slow_instances` instances of a family (the CLI to oracles of ≤ 3 calls) and, with `share`
    above 1, to one family in `share` (`slow_share`), and scenarios to one seed each and the browser to
    `ui_scenarios` (unless `only` names them). Each row notes its run time.

    Args:
        surfaces: the surfaces to run each oracle on (each instance's allowed ones of them).
        per_family: sampled instances per family.
        full: every catalog instance of the families instead of a sample.
        only: only these families (all of their surfaces, whatever `share`).
        ids: exactly these instance ids, on every surface.
        slow_instances: instances per family that also run the CLI and the browser.
        share: the CLI and the browser on one family in `share`, rotating with the release.
        progress: called with ("", n) first, then (instance id, 0) after each instance.
    """
    every = full or ids is not None
    if ids is None:
        catalog = [i for i in instance_ids("acme") if not only or parse_id(i)[0] in only]
        ids = catalog if full else sampled_ids(per_family, only)
    checker = Checker(world_view("acme").gym)
    rows: list[Calibration] = []
    slow_done: dict[str, int] = {}
    if progress:
        progress("", len(ids))
    browsed = ui_scenarios()
    slow_families = slow_share(sorted(families()), 1 if every or only else share)
    try:
        for iid in ids:
            row = Calibration(iid)
            rows.append(row)
            started = time.perf_counter()
            fam, seed = parse_id(iid) or ("", 0)
            try:
                task = instance("acme", fam, seed)
            except FamilyError as exc:
                row.results["format"] = "error"
                row.notes["format"] = str(exc)
                continue
            shared = fam in slow_families or fam in browsed
            slow = every or (slow_done.get(fam, 0) < slow_instances and shared)
            chosen = slower_surfaces_kept(surfaces, slow)
            if not every and not only and is_scenario(fam) and fam not in browsed:
                chosen = [s for s in chosen if s in CHEAP]
            if not every and len(task.truth.oracle) > CLI_MAX_CALLS:
                chosen = [s for s in chosen if s != "cli"]
            kept = families()[fam].ci_surfaces
            if not every and not only and kept is not None:  # CI's sampled run; --family F: all of F's
                chosen = [s for s in chosen if s in kept]
            slow_done[fam] = slow_done.get(fam, 0) + 1
            checker.calibrate(task, chosen, row)
            row.notes["time"] = f"{time.perf_counter() - started:.1f}s"
            if progress:
                progress(iid, 0)
    finally:
        checker.close()
    return rows
