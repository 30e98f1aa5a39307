"""The audit's v10 timeline check: an incident's texts name no day after it was opened (the sixth blind probe
met INC0012292, opened September 17, saying "since September 18"). It holds on the committed worlds (the
generator writes the texts from the final opening) and names the incident on a copy given that defect."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from apps.core.worlds import worlds_root
from worlds.audit.checks import World
from worlds.audit.timeline import said_after_opening, said_before_opened


def _finding(folder: Path):
    (finding,) = said_before_opened(World(folder))
    return finding


def test_committed_worlds_name_no_day_after_an_opening():
    for name in ("tiny", "acme"):
        finding = _finding(worlds_root() / name)
        assert finding.ok, (name, finding)


def test_a_day_after_the_opening_is_found_and_last_years_day_is_not(tmp_path):
    row = {"number": "INC0000001", "opened_at": "2026-09-17T01:41:46", "short_description": "Status report"}
    assert said_after_opening({**row, "description": "no status report since September 18"}) == [
        "September 18"
    ]
    assert said_after_opening({**row, "description": "no status report since September 17"}) == []
    assert said_after_opening({**row, "description": "open since December 30"}) == []  # 2025's
    assert said_after_opening({**row, "description": "renewal on September 30, 2027 is planned"}) == []
    folder = tmp_path / "tiny"
    shutil.copytree(worlds_root() / "tiny", folder, ignore=shutil.ignore_patterns("tasks"))
    path = folder / "ticketing" / "incident.jsonl"
    rows = [json.loads(line) for line in path.open()]
    rows[0]["description"] = f"It has failed since {_next_day(rows[0]['opened_at'])}."
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    finding = _finding(folder)
    assert not finding.ok and rows[0]["number"] in finding.detail, finding


def _next_day(opened: str) -> str:
    from datetime import datetime, timedelta

    day = datetime.fromisoformat(opened) + timedelta(days=1)
    return f"{day:%B} {day.day}"
