"""The performer's CLI (`saasgym-tools`, the thin client's) takes a list option the ways its help says:
repeated, or once as a whole JSON array (the blind probe's `send-mail --to '["…"]'` was refused as one bad
address), rows of cells as one JSON array of arrays, a single row as one item; a bad item is a usage error
and nothing is sent. Subprocess against a live episode."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tasks.oracle import performer_cli_env

CLIENT = Path(__file__).resolve().parents[2] / "clients" / "python" / "src"


def tools(*args: str, url: str) -> subprocess.CompletedProcess:
    env = {**performer_cli_env(), "SAASGYM_URL": url, "COLUMNS": "160"}
    env["PYTHONPATH"] = os.pathsep.join([str(CLIENT), env.get("PYTHONPATH", "")])
    command = [sys.executable, "-m", "saasgym_client.cli", *args, "--json"]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)


def _episode(live_server):
    episode, urls = live_server.new_episode(apps=["office"])
    return episode, f"{urls.base}/e/{urls.token}"


def test_recipients_as_one_json_array_or_repeated(live_server):
    episode, url = _episode(live_server)
    whole = tools("office", "send-mail", "--to", '["jasmine.cole@acme.example", "laura.graham@acme.example"]',
                  "--subject", "Whole list", "--body", "Hi", url=url)  # fmt: skip
    assert whole.returncode == 0, whole.stderr
    to = ("--to", "jasmine.cole@acme.example", "--to", "laura.graham@acme.example")
    repeated = tools("office", "send-mail", *to, "--subject", "Repeated", "--body", "Hi", url=url)
    assert repeated.returncode == 0, repeated.stderr
    sent = {
        m["subject"]: sorted(m["to_recipients"])
        for m in episode.call("office_list_messages", folder="sentitems", limit=5)["records"]
    }
    both = ["jasmine.cole@acme.example", "laura.graham@acme.example"]
    assert sent["Whole list"] == both and sent["Repeated"] == both
    assert {e.surface for e in episode.events() if e.name == "send_mail"} == {"cli"}


def test_rows_whole_or_one_per_repeat_and_a_bad_row_refused(live_server):
    episode, url = _episode(live_server)
    book = episode.call("office_create_workbook", name="Regions")["item"]["id"]
    rows = [["Region", "Q3"], ["East", 120]]
    whole = tools("office", "update-range", "--item-id", book, "--start-address", "A1", "--values",
                  json.dumps(rows), url=url)  # fmt: skip
    assert whole.returncode == 0, whole.stderr
    one_each = tools("office", "update-range", "--item-id", book, "--start-address", "D1",
                     "--values", '["a", 1]', "--values", '["b", 2]', url=url)  # fmt: skip
    assert one_each.returncode == 0, one_each.stderr
    assert episode.call("office_get_range", item_id=book, address="A1:B2")["values"] == rows
    assert episode.call("office_get_range", item_id=book, address="D1:E2")["values"] == [["a", 1], ["b", 2]]
    before = len(episode.events())
    bad = tools("office", "update-range", "--item-id", book, "--start-address", "G1", "--values", "[1, 2",
                url=url)  # fmt: skip
    assert bad.returncode == 2 and "not JSON" in bad.stderr and "Traceback" not in bad.stderr
    assert len(episode.events()) == before


def test_objects_whole_or_one_per_repeat_by_the_real_tool_schema(gym):
    """A list of objects (a deck table's cells, a chart's series) by the tool's own listed schema: one JSON
    array of objects, or one JSON object per repeat (the probe's `--cells '[{…}]'` and repeated
    `--cells '{…}'` were both refused as 'must be an object')."""
    from saasgym_client.cli import _parser
    from saasgym_client.models import Tool

    episode = gym.create_episode("tiny", apps=["office"])
    try:
        listed = {t.name: t for t in episode.tools()}
        info = listed["office_update_table_cells"]
        parser = _parser(Tool(name=info.name, description="", input_schema=info.input_schema), "office")
        cells = [
            {"row": 2, "column": 2, "text": "Qualification"},
            {"row": 2, "column": 3, "text": "$407,400"},
        ]
        common = ["--item-id", "i", "--slide-id", "s", "--shape-id", "t"]
        whole = vars(parser.parse_args([*common, "--cells", json.dumps(cells)]))
        each = vars(parser.parse_args([*common, *(a for c in cells for a in ("--cells", json.dumps(c)))]))
        assert whole["cells"] == cells and each["cells"] == cells
    finally:
        episode.close()


def test_every_tools_help_prints(live_server):
    """Every tool's `--help` prints (a description with a LIKE 'Sm%' example crashed argparse's %-format)."""
    from saasgym_client.cli import _parser, episode_base, tools_of

    _, urls = live_server.new_episode(apps=["crm", "ticketing", "office"])
    url = f"{urls.base}/e/{urls.token}"
    base = episode_base(url)
    for app in ("crm", "ticketing", "office"):
        for tool in tools_of(base, app):
            assert "usage:" in _parser(tool, app).format_help(), tool.name
    shown = subprocess.run(
        [sys.executable, "-m", "saasgym_client.cli", "crm", "query-soql", "--help"],
        capture_output=True,
        text=True,
        env={**performer_cli_env(), "SAASGYM_URL": url, "PYTHONPATH": str(CLIENT)},
        timeout=120,
    )
    assert shown.returncode == 0 and "LIKE 'Sm%'" in shown.stdout, shown.stderr
