"""The thin client (httpx only) in a Python 3.10 venv that pins mcp 1.x, against a live gateway."""

from __future__ import annotations

import json
import os
import re

from tests.adapters.conftest import KEY, ROOT, TASK, run_driver


def test_client_covers_the_harness_api_and_both_mcp_protocols(live_server):
    out = run_driver("client", "client_check", {"base": live_server.base, "key": KEY, "task": TASK})
    assert out["python"] == [3, 10] and out["mcp"].startswith("1.")  # installs beside an mcp 1.x pin
    assert [re.split("[<>=!~ ]", d)[0] for d in out["deps"]] == ["httpx"]
    assert out["worlds"] == ["acme", "tiny"] and out["tasks"] >= 90
    assert out["crm_dev_tasks"] == [["dev", True]]
    assert out["task"] == TASK
    assert out["auto"]["spoken"] == "2026-07-28" and not out["auto"]["session"]
    assert out["2026-07-28"]["spoken"] == "2026-07-28" and not out["2026-07-28"]["session"]
    assert out["2025-11-25"]["spoken"] == "2025-11-25" and out["2025-11-25"]["session"]
    for protocol in ("auto", "2026-07-28", "2025-11-25"):
        assert out[protocol]["tools"] >= 39 and out[protocol]["found"] >= 1
        assert out[protocol]["refused"] == [True, True]
    assert out["unknown_tool"] in ("mcp_error", "accepted")
    assert out["wrote"] and out["changed"] and out["fork_hash_equal"]
    assert out["events"] == ["create_account"]
    assert out["restored"] and out["reset_golden"] and out["ui"]
    assert out["verdict"] == ["fail", 0, 0.0, False]
    assert out["closed"] == "closed" and out["after_close"] in (404, 409, 410)
    assert out["no_task"][0] == 409 and "no task" in out["no_task"][1]
    assert out["bad_world"] in (400, 404, 422) and out["bad_key"] == 401
    assert [row[1] for row in out["async"]] == ["2026-07-28", "2026-07-28", "2025-11-25", "2025-11-25"]
    assert all(row[2] >= 39 and row[3] >= 1 and row[4] == "fail" for row in out["async"])


def test_mcp_1x_client_session_receives_refusals_in_structured_content(live_server):
    """mcp 1.x's own ClientSession: a success still validates against the output schema (result or
    error body), and a refusal carries the product's body as text and as structured content."""
    _, urls = live_server.new_episode("tiny", apps=["crm", "ticketing", "office"])
    calls = {
        "crm": [["list_accounts", {"limit": 1}], ["create_account", {"name": "x" * 256}]],
        "ticketing": [["get_incident", {"incident_id": "INC9999999"}]],
        "office": [["get_message", {"message_id": "nope"}]],
    }
    job = {"urls": {app: urls.mcp(app) for app in calls}, "calls": calls}
    out = run_driver("client", "mcp1_refusals", job)
    assert out["mcp"].startswith("1.")
    listed, too_long = out["crm"]
    assert not listed["isError"] and listed["structured"]["total"] >= 1
    assert too_long["isError"] and too_long["structured"] == {"errors": json.loads(too_long["text"])}
    assert [e["errorCode"] for e in too_long["structured"]["errors"]] == ["STRING_TOO_LONG"]
    (missing,) = out["ticketing"]
    assert missing["isError"] and missing["structured"]["error"]["message"] == "No Record found"
    assert missing["structured"] == json.loads(missing["text"])
    (graph,) = out["office"]
    assert graph["isError"] and graph["structured"] == json.loads(graph["text"])
    assert graph["structured"]["error"]["code"] == "ErrorInvalidIdMalformed"  # "nope" is no id at all


def test_client_wheel_sees_the_whole_catalogue_and_never_leaks_an_episode(live_server):
    """From the built wheel alone (the `performer` venv): every id the server lists, the hand-written tasks,
    three families' instances streamed page by page, instances fetched by id; a verdict with checkpoints and
    its id; an episode closed after an error in `with`, a dropped harness and a cancelled async rollout.
    `SAASGYM_FULL_CATALOGUE=1` streams the public part of every instance too (≈ 4 min)."""
    from apps.core.worlds import load_world
    from tasks.families.instances import instance_ids
    from tasks.store import tasks_of

    handwritten = sorted(t for w in ("acme", "tiny") for t in tasks_of(load_world(w)))
    instances = list(instance_ids("acme"))
    families = ["crm.convert-lead-existing", "office.handbook-approval", "xapp.sla-tier-incident"]
    sample = instances[:: len(instances) // 20][:20]
    job = {
        "base": live_server.base,
        "key": KEY,
        "families": families,
        "sample": sample,
        "checkpointed": "long.desk-queue-week@0",
        "full": os.environ.get("SAASGYM_FULL_CATALOGUE") == "1",
    }
    out = run_driver("performer", "client_catalogue", job, timeout=1800)
    assert out["ids"] == handwritten + instances and len(out["ids"]) > 21_000
    assert out["handwritten"] == handwritten
    for family in families:
        expected = [i for i in instances if i.startswith(family + "@")]
        assert [row[0] for row in out["streamed"][family]] == expected and len(expected) > 40
        assert all(row[1] == family and row[2] and row[3] for row in out["streamed"][family])
    assert out["by_id"] == [[i, i.split("@")[0]] for i in sample]
    assert 0 < out["dev_instances"] < len(instances)
    if job["full"]:
        assert out["full"] == handwritten + instances
    verdict = out["verdict"]
    assert verdict["id"].startswith("vd_") and verdict["task"] == "long.desk-queue-week@0"
    assert verdict["checkpoints"] > 0 and verdict["progress"] == {"met": 0, "of": verdict["checkpoints"]}
    assert verdict["extra"] == []  # every field the server sends today is named by the client
    assert out["with_error_closed"] == "closed" and out["dropped_closed"] == "closed"
    assert out["cancelled_closed"] == "closed" and out["kept_state"] == "live"
    assert out["live_after"] == []


def test_performer_package_holds_no_truth_and_its_cli_acts_on_the_episode(live_server, request):
    """The thin client's wheel in a clean venv (issue 36, item 4): no task truth, canary or world data in
    it or anywhere in the venv, no app, world or task package importable; its `saasgym-tools` CLI calls every
    kind of tool of the episode (logged as surface cli), refuses bad input clearly and completes the task."""
    from apps.core.worlds import load_world
    from tasks.store import tasks_of

    world = load_world("acme")
    canaries = sorted(t.truth.canary for t in tasks_of(world).values())
    episode, urls = live_server.new_episode("acme", task=TASK)
    # closed after: the adapters' leak checks count the live episodes of this task on the shared server
    request.addfinalizer(lambda: live_server.gateway.manager.close(episode.id))
    job = {"url": urls.cli, "canaries": canaries, "repo": str(ROOT)}
    out = run_driver("performer", "performer_check", job)
    assert any(f.endswith("saasgym_client/cli.py") for f in out["files"]) and out["data_files"] == []
    assert (
        out["canaries_in_package"] == []
        and out["canaries_in_venv"] == []
        and not out["canary_prefix_in_venv"]
    )
    assert out["importable"] == {
        "apps": False,
        "worlds": False,
        "tasks": False,
        "mcp_gateway": False,
        "crossapp": False,
    }
    assert out["listed"]["rc"] == 0 and json.loads(out["listed"]["out"])["total"] >= 1
    created = json.loads(out["created"]["out"])
    assert (
        out["created"]["rc"] == 0 and created["name"] == "Performer Co" and created["industry"] == "Banking"
    )
    assert (
        out["table"]["rc"] == 0
        and "Performer Co" in out["table"]["out"]
        and "industry" in out["table"]["out"]
    )
    assert out["refused"]["rc"] == 1 and json.loads(out["refused"]["err"])[0]["errorCode"] == "MALFORMED_ID"
    assert out["bad_option"]["rc"] == 2 and "invalid int value" in out["bad_option"]["err"]
    assert out["unknown_tool"]["rc"] == 2 and "no tool" in out["unknown_tool"]["err"]
    assert "convert-lead" in out["help"]["out"] and "apps of this episode: crm " in out["apps"]["out"]
    assert out["done"]["rc"] == 0 and json.loads(out["done"]["out"])["completed"] is True
    assert out["no_url"] == 2
    assert "Traceback" not in "".join(r["err"] for r in out.values() if isinstance(r, dict) and "err" in r)
    surfaces = {e.name: e.surface for e in episode.events() if e.kind == "action"}
    assert surfaces["create_account"] == surfaces["list_accounts"] == surfaces["complete_task"] == "cli"
