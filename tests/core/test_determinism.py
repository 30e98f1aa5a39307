"""Same world + same actions ⇒ same end-state hash, across separate processes too."""

from __future__ import annotations

import os
import subprocess
import sys

SCRIPT = """
from apps.core.api import Gym
ep = Gym().create_episode("tiny")
acc = ep.call("crm_create_account", name="Det", annual_revenue=0.1 + 0.2)
ep.call("crm_update_account", account_id=acc["id"], rating="Hot")
ep.invoke("crm", "create_account", {"name": ""})
print(acc["id"], acc["created_date"], ep.state_hash())
"""


def _apps_filter() -> dict[str, str]:
    return {"SAASGYM_APPS": os.environ["SAASGYM_APPS"]} if "SAASGYM_APPS" in os.environ else {}


def _run(seed: str) -> str:
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONHASHSEED": seed, "PATH": "/usr/bin:/bin", **_apps_filter()},
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_two_processes_end_in_the_same_state():
    first, second = _run("1"), _run("2")
    assert first == second
    assert first.split()[1] == "2026-11-02T09:00:01Z"
