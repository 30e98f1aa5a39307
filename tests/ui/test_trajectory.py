"""The GUI trajectory: a person's browser session (mouse, keyboard, scroll, drag) is exported by the
`saasgym trajectory export` CLI, every line validates against docs/trajectory.schema.json (jsonschema), the
tool call sits on the one step that caused it (the click on Save), and replaying it in Chromium on a fresh
episode reaches the same state hash."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
from playwright.sync_api import expect

from mcp_gateway.trajectory.replay import replay

SCHEMA = json.loads((Path(__file__).parents[2] / "docs" / "trajectory.schema.json").read_text())
CONTACT = "0035g0000000001AAA"  # Kenneth Morales, tiny world
KEY = "test-harness-key"  # the live server's harness key (mcp_gateway.live)


def _session(live_server, browser):  # noqa: ANN001, ANN202
    episode, urls = live_server.new_episode("tiny")
    context = browser.new_context(viewport={"width": 1280, "height": 400}, device_scale_factor=2)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(urls.ui("crm"))
    return episode, urls, context, page


def _export(base: str, episode_id: str, out: Path) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "mcp_gateway", "trajectory", "export", episode_id, "--format", "gui"]
    cmd += ["--out", str(out)]
    return subprocess.run([*cmd, "--url", base, "--key", KEY], capture_output=True, text=True, timeout=120)


def _log_a_call_by_hand(page, base: str) -> None:  # noqa: ANN001
    page.goto(f"{base}/s/crm/contacts/{CONTACT}")
    with page.expect_navigation():
        page.get_by_role("link", name="Log a Call", exact=True).click()
    page.get_by_role("heading", name="Activity", exact=True).dblclick()  # the composer's form opened inline
    subject = page.get_by_label("Subject")
    subject.click()
    page.keyboard.type("Renewal timeline")
    page.keyboard.press("Tab")  # commits the typed value, moves to Call Type
    page.get_by_role("combobox", name="Call Type").click()  # the picklist, then its option
    page.get_by_role("option", name="Outbound", exact=True).click()
    page.get_by_label("Call Duration (seconds)").fill("600")
    page.mouse.move(640, 200)
    page.mouse.wheel(0, 300)
    page.wait_for_timeout(400)  # the page script records a scroll once it settles
    page.mouse.move(700, 300)
    page.mouse.down()
    page.mouse.move(760, 340, steps=4)
    page.mouse.up()
    with page.expect_navigation():
        page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_text("Renewal timeline").first).to_be_visible()


def test_export_validates_and_replays_to_the_same_state(live_server, browser, tmp_path):
    original, urls, context, page = _session(live_server, browser)
    try:
        _log_a_call_by_hand(page, urls.base)
    finally:
        context.close()

    out = tmp_path / "trajectory.jsonl"
    result = _export(urls.base, original.id, out)
    assert result.returncode == 0, result.stderr
    steps = [json.loads(line) for line in out.read_text().splitlines()]
    validator = jsonschema.Draft202012Validator(SCHEMA)
    for step in steps:
        errors = sorted(validator.iter_errors(step), key=str)
        assert not errors, f"step {step.get('step')}: {errors[0].message}"

    kinds = [s["action"]["type"] for s in steps]
    assert {"click", "double-click", "type", "key", "scroll", "drag"} <= set(kinds), kinds
    assert "submit" not in kinds  # the submit is the Save click's effect, not a step of its own
    typed = next(s for s in steps if s["action"]["type"] == "type" and s["target"]["name"] == "Subject")
    assert (typed["action"]["value_before"], typed["action"]["value_after"]) == ("", "Renewal timeline")
    assert next(s for s in steps if s["action"]["type"] == "key")["action"]["key"] == "Tab"
    save = next(s for s in steps if s["action"]["type"] == "click" and s["target"]["name"] == "Save")
    assert save["viewport"] == {**save["viewport"], "width": 1280, "height": 400, "device_pixel_ratio": 2}
    box, point = save["target"]["bbox"], save["pointer"]
    assert box["x"] <= point["x"] <= box["x"] + box["width"]
    assert box["y"] <= point["y"] <= box["y"] + box["height"]
    assert save["tool_call"]["tool"] == "crm_log_call" and save["tool_call"]["outcome"] == "ok"
    assert save["action"]["submits"] is True and [c["tool"] for c in save["tool_calls"]] == ["crm_log_call"]
    assert any(row["table"] == "crm_task" and row["op"] == "insert" for row in save["journal"])
    others = [s for s in steps if s is not save]
    assert all(s["tool_call"] is None and s["tool_calls"] == [] and s["journal"] == [] for s in others)
    option = next(s for s in steps if s["target"]["role"] == "option")
    assert option["target"]["name"] == "Outbound" and option["action"]["type"] == "click"
    assert save["page"]["url"] == f"/s/crm/contacts/{CONTACT}?activity=call"  # the composer, inline
    link = steps[0]
    assert (link["action"]["type"], link["target"]["role"], link["tool_call"]) == ("click", "link", None)
    # the page state id changes with the state: typing into the form gives the next step a new id
    assert typed["page"]["a11y_snapshot_id"] != steps[kinds.index("double-click")]["page"]["a11y_snapshot_id"]

    fresh, fresh_urls, context, page = _session(live_server, browser)
    try:
        assert fresh.state_hash() != original.state_hash()
        played = replay(page, fresh_urls.base, steps)
    finally:
        context.close()
    assert played == len(steps)
    assert fresh.state_hash() == original.state_hash()
    for ep in (original, fresh):
        live_server.gateway.manager.close(ep.id)


def test_export_of_an_unknown_episode_is_a_clear_error(live_server, tmp_path):
    result = _export(live_server.base, "ep_does_not_exist", tmp_path / "t.jsonl")
    assert result.returncode == 2
    assert "error: HTTP 404" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "t.jsonl").exists()
