"""Defect: a NUL byte hid collateral damage from the verifier and the state hash.

Text inputs refuse NUL and other C0 controls on every surface; journal images, the diff and the content
hash render every stored value exactly, so no two different states look alike.
"""

from __future__ import annotations

import anyio
import pytest
from mcp.client import Client

from apps.core.api import Gym
from tasks.oracle import run_python
from tasks.store import find_task
from tasks.verifier import verify

TASK = "crm-myers-rating-employees"
HOSTILE = ["name\x00 DEFACED", "bell\x07", "esc\x1b[31m", "unit\x1f", "vt\x0b"]


def _other_account(ep, task) -> dict:
    touched = {e.pk for e in task.truth.expect if e.pk}
    return next(r for r in ep.call("crm_list_accounts", limit=50)["records"] if r["id"] not in touched)


@pytest.mark.parametrize("text", HOSTILE)
def test_control_characters_are_refused_in_process_and_change_nothing(gym: Gym, text: str):
    ep = gym.create_episode("tiny", apps=["crm"])
    before = ep.state_hash()
    account = ep.call("crm_list_accounts", limit=1)["records"][0]
    out = ep.invoke("crm", "update_account", {"account_id": account["id"], "name": text})
    assert not out.ok and out.field == "name"
    assert "control character" in out.error and "U+00" in out.error
    assert ep.state_hash() == before
    ep.close()


def test_tab_newline_and_carriage_return_are_kept_exactly(gym: Gym):
    ep = gym.create_episode("tiny", apps=["crm"])
    account = ep.call("crm_list_accounts", limit=1)["records"][0]
    text = "line one\r\nline\ttwo\n"
    ep.call("crm_update_account", account_id=account["id"], description=text)
    assert ep.call("crm_get_account", account_id=account["id"])["account"]["description"] == text
    [change] = ep.diff()
    assert {f.field: f.new for f in change.fields}["description"] == text
    ep.close()


def test_the_nul_defacement_repro_is_refused_and_the_oracle_still_passes(gym: Gym):
    task = find_task(TASK, ["acme"])
    ep = gym.create_episode("acme", apps=task.public.apps)
    ep.task = task.public
    steps = list(task.truth.oracle)
    run_python(ep, [s for s in steps if s.tool != "complete_task"])
    victim = _other_account(ep, task)
    out = ep.invoke(
        "crm", "update_account", {"account_id": victim["id"], "name": victim["name"] + "\x00 DEFACED"}
    )
    assert not out.ok
    run_python(ep, [s for s in steps if s.tool == "complete_task"])
    assert verify(ep, task).outcome == "pass"
    assert ep.call("crm_get_account", account_id=victim["id"])["account"]["name"] == victim["name"]
    ep.close()


def test_a_nul_written_behind_the_services_back_is_seen_by_diff_hash_and_verifier(gym: Gym):
    task = find_task(TASK, ["acme"])
    ep = gym.create_episode("acme", apps=task.public.apps)
    ep.task = task.public
    run_python(ep, list(task.truth.oracle))
    victim = _other_account(ep, task)
    passing = ep.state_hash()
    ep.db.execute_raw(
        "UPDATE crm_account SET name = ? WHERE id = ?", (victim["name"] + "\x00 DEFACED", victim["id"])
    )
    defaced = ep.state_hash()
    assert defaced != passing
    ep.db.execute_raw(
        "UPDATE crm_account SET name = ? WHERE id = ?", (victim["name"] + "\x00 OTHER", victim["id"])
    )
    assert ep.state_hash() not in (passing, defaced)
    change = next(c for c in ep.diff() if c.pk == victim["id"])
    assert {f.field: f.new for f in change.fields}["name"] == victim["name"] + "\x00 OTHER"
    verdict = verify(ep, task)
    assert verdict.outcome == "invalid"  # a write outside any action
    row = next(d for d in verdict.diff if d["pk"] == victim["id"])
    assert row["status"] == "collateral" and row["fields"]["name"][1].endswith("\x00 OTHER")
    ep.close()


def test_hash_is_unambiguous_for_separator_characters(gym: Gym):
    """Texts holding the hash's own separators must not collide with a different split of columns."""
    a = gym.create_episode("tiny", apps=["crm"])
    b = gym.create_episode("tiny", apps=["crm"])
    account = a.call("crm_list_accounts", limit=1)["records"][0]["id"]
    a.db.execute_raw(
        "UPDATE crm_account SET name = ?, description = ? WHERE id = ?", ("x\x1fy", "z", account)
    )
    b.db.execute_raw(
        "UPDATE crm_account SET name = ?, description = ? WHERE id = ?", ("x", "y\x1fz", account)
    )
    assert a.state_hash() != b.state_hash()
    a.close()
    b.close()


def test_control_characters_are_refused_over_mcp(live_server):
    episode, urls = live_server.new_episode("tiny", apps=["crm"])
    before = episode.state_hash()

    async def go():
        async with Client(urls.mcp("crm")) as client:
            return await client.call_tool("create_account", {"name": "evil\x00name"})

    result = anyio.run(go)
    assert result.is_error
    text = " ".join(getattr(c, "text", "") for c in result.content)
    assert "control character U+0000" in text and "Traceback" not in text
    assert episode.state_hash() == before
    live_server.gateway.manager.close(episode.id)
