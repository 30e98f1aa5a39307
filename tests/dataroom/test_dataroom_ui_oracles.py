"""The data room's browser oracles: written by the task writer (the committed task files are what it
writes), every task allows the browser, and each Name Box jump lands on a ledger line naming the anomaly
the oracle is looking at."""

from __future__ import annotations

import json

import pytest

from apps.core.worlds import worlds_root
from worlds.parts.dataroom.tasks import build_tasks

WORLD = worlds_root() / "acme"
TASKS = build_tasks(WORLD)


def _committed(part: str, task_id: str) -> dict:
    return json.loads((WORLD / "tasks" / part / f"{task_id}.json").read_text())


@pytest.mark.parametrize(("public", "truth"), TASKS, ids=[p["id"] for p, _ in TASKS])
def test_committed_task_is_what_the_writer_writes_and_allows_the_browser(public, truth):
    assert _committed("public", public["id"]) == public
    committed = _committed("private", public["id"])
    assert committed["ui_oracle"] == truth["ui_oracle"]
    assert "ui" in public["surfaces"] and "no_ui_reason" not in public


@pytest.fixture(scope="module")
def ledger(gym):
    ep = gym.create_episode("acme", apps=["office", "crm"])
    item = ep.db.execute_raw("SELECT id FROM office_drive_item WHERE name = 'GL Detail FY2026.xlsx'")[0][0]
    yield lambda address: ep.call("office_get_range", item_id=item, address=address)["values"][0][0]
    ep.close()


@pytest.mark.parametrize(("public", "truth"), TASKS, ids=[p["id"] for p, _ in TASKS])
def test_each_name_box_jump_shows_the_anomaly_it_expects(public, truth, ledger):
    steps = truth["ui_oracle"]
    jumps = [
        (step["fill"][1], steps[i + 2]["expect_text"])
        for i, step in enumerate(steps)
        if step.get("fill", [None])[0] == "Name Box"
    ]
    assert steps[3]["click"][1] == "📊 GL Detail FY2026.xlsx"
    for address, opportunity in jumps:
        assert ledger(address) == opportunity, address
    searched = [step["fill"][1] for step in steps if step.get("fill", [None])[0] == "Find what"]
    unbilled = (
        {row["key"] for row in truth["answer"]["match"]["table"]["rows"]}
        if "unbilled" in public["id"]
        else set()
    )
    assert unbilled <= set(searched)
