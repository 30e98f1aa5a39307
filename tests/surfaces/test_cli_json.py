"""Structured parameters on the command line (subprocess against a live episode): rows of cells and of a
table as JSON, lists as one JSON array or repeated, '[]' to clear a list, and bad JSON refused before
anything is sent."""

from __future__ import annotations

import json

from tasks.oracle import cli_argv
from tests.surfaces.test_cli import saasgym


def _episode(live_server):
    episode, urls = live_server.new_episode(apps=["office"])
    return episode, f"{urls.base}/e/{urls.token}"


def _ok(*args: str, url: str) -> dict:
    out = saasgym(*args, "--json", url=url)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_update_range_takes_rows_as_json(live_server):
    episode, url = _episode(live_server)
    book = episode.call("office_create_workbook", name="Regions")
    rows = [["Region", "Q3"], ["East", 120], ["West", 80.5], ["Total", "=SUM(B2:B3)"]]
    _ok("office", "update-range", "--item-id", book["item"]["id"], "--start-address", "A1", "--values",
        json.dumps(rows), url=url)  # fmt: skip
    got = episode.call("office_get_range", item_id=book["item"]["id"], address="A1:B4")
    assert got["values"] == [["Region", "Q3"], ["East", 120], ["West", 80.5], ["Total", 200.5]]
    # one JSON row per repeat is the same thing
    _ok("office", "update-range", "--item-id", book["item"]["id"], "--start-address", "D1",
        "--values", '["a", 1]', "--values", '["b", 2]', url=url)  # fmt: skip
    assert episode.call("office_get_range", item_id=book["item"]["id"], address="D1:E2")["values"] == [
        ["a", 1],
        ["b", 2],
    ]
    assert {e.surface for e in episode.events() if e.name == "update_range"} == {"cli"}


def test_insert_table_block_takes_rows_as_json(live_server):
    episode, url = _episode(live_server)
    doc = episode.call("office_create_document", name="Pricing", content="# Pricing")
    rows = [["Plan", "Price"], ["Team", "$12"], ["Business, annual", "$20"]]
    _ok("office", "insert-document-block", "--item-id", doc["item"]["id"], "--block-type", "table",
        "--rows", json.dumps(rows), url=url)  # fmt: skip
    blocks = episode.call("office_get_document", item_id=doc["item"]["id"])["blocks"]
    assert blocks[-1]["block_type"] == "table" and blocks[-1]["rows"] == rows


def test_a_list_as_one_json_array_repeated_or_empty(live_server):
    episode, url = _episode(live_server)
    mail = episode.call("office_list_messages", limit=1)["records"][0]["id"]
    _ok("office", "update-message", "--message-id", mail, "--categories", '["Red category", "Blue category"]',
        url=url)  # fmt: skip
    assert episode.call("office_get_message", message_id=mail)["categories"] == [
        "Red category",
        "Blue category",
    ]
    _ok(
        "office",
        "update-message",
        "--message-id",
        mail,
        "--categories",
        "Green category",
        "--categories",
        "[Project] X",
        url=url,
    )  # fmt: skip  (a value that merely starts with '[' stays a value)
    assert episode.call("office_get_message", message_id=mail)["categories"] == [
        "Green category",
        "[Project] X",
    ]
    _ok("office", "update-message", "--message-id", mail, "--categories", "[]", url=url)
    assert episode.call("office_get_message", message_id=mail)["categories"] == []


def test_bad_json_is_a_usage_error_and_changes_nothing(live_server):
    episode, url = _episode(live_server)
    book = episode.call("office_create_workbook", name="Broken")
    before = episode.state_hash()
    out = saasgym("office", "update-range", "--item-id", book["item"]["id"], "--start-address", "A1",
                  "--values", "[[1, 2], [3, 4]", url=url)  # fmt: skip
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "--values" in out.stderr and "not valid JSON" in out.stderr
    wrong_type = saasgym("office", "update-range", "--item-id", book["item"]["id"], "--start-address", "A1",
                         "--values", '{"a": 1}', url=url)  # fmt: skip
    assert (
        wrong_type.returncode == 2 and "values" in wrong_type.stderr and "Traceback" not in wrong_type.stderr
    )
    assert episode.state_hash() == before


def test_help_documents_json():
    out = saasgym("office", "update-range", "--help")
    assert out.returncode == 0
    assert "--values JSON" in out.stdout and "JSON array" in out.stdout
    assert "rows of cell inputs" in out.stdout  # the parameter's own description is the option's help


def test_oracle_command_lines_pass_structured_values_as_json():
    argv = cli_argv("office_update_range", {"item_id": "x", "values": [["a", 1]], "worksheet": None})
    assert argv == ["office", "update-range", "--item-id", "x", "--values", '[["a", 1]]']
    assert cli_argv("office_update_message", {"message_id": "m", "categories": []})[-2:] == [
        "--categories",
        "[]",
    ]
    assert cli_argv("office_send_mail", {"to": ["a@x", "b@x"]})[2:] == ["--to", "a@x", "--to", "b@x"]
