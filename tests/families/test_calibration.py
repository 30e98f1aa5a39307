"""Calibrating families: seeds that change per release, every family in `tasks check`, and a family whose
mutant passes is reported as miscalibrated."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from apps.ticketing.families.notes import IncidentNote
from mcp_gateway.taskcheck.checking import Checker
from mcp_gateway.taskcheck.family_checking import (
    SCENARIO_UI,
    ci_long_horizon,
    is_long_horizon,
    is_scenario,
    release,
    release_seed,
    sampled_ids,
    ui_scenarios,
)
from mcp_gateway.taskcheck.rotation import slow_share, slower_surfaces_kept
from tasks.families.instances import build_task, parse_id
from tasks.families.registry import families
from tasks.families.worldview import world_view
from tasks.match_model import Match


def test_ci_samples_three_instances_per_family_and_changes_them_per_release():
    now, other = sampled_ids(3), sampled_ids(3, rel=release() + ".post1")
    for ids, rel in ((now, None), (other, release() + ".post1")):
        by_family: dict[str, list[int]] = {}
        for iid in ids:
            fam, seed = parse_id(iid)
            by_family.setdefault(fam, []).append(seed)
        kept = ci_long_horizon(rel)  # a rotating share of the long-horizon families
        assert set(by_family) == {f for f in families() if not is_long_horizon(f) or f in kept}
        assert ui_scenarios(rel) <= kept and len(kept) < sum(map(is_long_horizon, families()))
        expected = {f: min(3, families()[f].ci_instances, 1 if is_scenario(f) else 3) for f in by_family}
        assert all(len(s) == expected[f] for f, s in by_family.items())  # scenarios: 1
    assert set(now) != set(other) and release_seed("x", "1.0") != release_seed("x", "1.1")
    browsed, later = ui_scenarios(), ui_scenarios(release() + ".post1")
    assert len(browsed) == SCENARIO_UI and all(is_scenario(f) for f in browsed) and browsed != later


class LooseNote(IncidentNote):
    """A broken family: its truth only checks the note's text, not which incident it is on."""

    name = "ticketing.test-loose-note"

    def build(self, d):
        spec = super().build(d)
        spec.expect[0].fields = {"value": Match(contains=spec.oracle[-1].args["text"][:20])}
        return spec


def test_a_family_whose_mutant_passes_is_miscalibrated():
    checker = Checker(world_view("acme").gym)
    good = checker.calibrate(build_task("acme", IncidentNote(), 5), ["python"])
    loose = checker.calibrate(build_task("acme", LooseNote(), 5), ["python"])
    assert good.ok and good.results["wrong_record"] == "fail"
    assert not loose.ok and loose.results["wrong_record"] == "pass"


def _tasks_check(*args: str) -> subprocess.CompletedProcess:
    """`saasgym tasks check ARGS` as a subprocess."""
    return subprocess.run(
        [sys.executable, "-m", "mcp_gateway", "tasks", "check", *args],
        capture_output=True,
        text=True,
        timeout=600,
        env=os.environ,
    )


def test_tasks_check_calibrates_a_family_and_reports_time():
    out = _tasks_check("--family", "ticketing.qa-caller-latest", "--surfaces", "python", "--json")
    assert out.returncode == 0, out.stderr
    rows = json.loads(out.stdout)
    assert len(rows) == 3 and all(
        r["ok"] and r["task"].startswith("ticketing.qa-caller-latest@") for r in rows
    )
    assert all(r["results"]["oracle_python"] == "pass" and r["notes"]["time"].endswith("s") for r in rows)
    assert {r["results"]["off_by_one"] for r in rows} <= {"fail", "n/a"}
    bad = _tasks_check("--family", "nope.x")
    assert bad.returncode == 2 and "unknown famil" in bad.stderr


def test_slow_instances_runs_the_cli_on_more_than_the_first_instance():
    def cli_rows(*extra: str) -> list[bool]:
        family = ("--family", "ticketing.qa-caller-latest", "--per-family", "2")
        out = _tasks_check(*family, "--surfaces", "python,cli", "--json", *extra)
        assert out.returncode == 0, out.stderr
        rows = json.loads(out.stdout)
        assert all(r["results"]["oracle_python"] == "pass" for r in rows)
        return [r["results"].get("oracle_cli") == "pass" for r in rows]

    assert cli_rows() == [True, False]  # by default the CLI plays the first instance only
    assert cli_rows("--slow-instances", "2") == [True, True]


def test_a_slow_share_runs_the_cli_and_browser_on_a_rotating_part_that_covers_all_over_releases():
    names = [f"task-{i}" for i in range(40)]
    half = slow_share(names, 2, rel="1.0")
    assert len(half) == 20 and half != slow_share(names, 2, rel="1.1")
    assert slow_share(names, 1, rel="1.0") == set(names)
    covered = set().union(*(slow_share(names, 2, rel=f"1.{r}") for r in range(12)))
    assert covered == set(names)
    assert slower_surfaces_kept(["python", "mcp", "cli", "ui"], False) == ["python", "mcp"]
    assert slower_surfaces_kept(["python", "cli", "ui"], True) == ["python", "cli", "ui"]
