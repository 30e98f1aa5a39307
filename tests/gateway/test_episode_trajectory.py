"""Episode trajectories: every call on every surface with its full arguments and the observation the performer
received, the time calls let pass, persona messages and desk comments as they arrived, the end state and the
verdict — served by `GET /v1/episodes/{id}/trajectory`, validated against the published JSON Schema, exported
as JSONL, OpenAI-style chat messages and a Hugging Face dataset, saved by `saasgym rollout
--save-trajectories`, and replayed to the same end-state hash."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import anyio
import httpx
import jsonschema
import pytest
from mcp.client import Client

from mcp_gateway.trajectory.lines import schema_text

ROOT = Path(__file__).resolve().parents[2]
SCHEMA_FILE = ROOT / "docs" / "episode-trajectory.schema.json"
KEY = "test-harness-key"
HEADERS = {"Authorization": f"Bearer {KEY}"}
TASK = "crm-close-won-villanueva"  # the rollouts' task (the scripted agent passes it)
WORKED = "xoffice-portal-outage-ortiz"  # the worked episode's task: all three apps


def saasgym(*args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "mcp_gateway", *args]
    return subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=timeout)


def _blocks(result) -> list[dict]:  # noqa: ANN001
    return [c.model_dump(mode="json", by_alias=True, exclude_none=True) for c in result.content]


@pytest.fixture(scope="module")
def worked(live_server):
    """An episode of WORKED over MCP: a lookup, a refused call, a long mail to a colleague and the wait for
    her reply, the desk's clock advanced two hours, then the task's oracle (incident, call log, reply,
    complete_task with the answer); then verified."""
    from apps.core.worlds import load_world
    from tasks.store import tasks_of

    oracle = [(s.tool, s.args) for s in tasks_of(load_world("acme"))[WORKED].truth.oracle]
    body = "Hi Amber, which office are you in this week? " + "Thanks! " * 400  # over the log's 2,000 chars
    steps = [
        ("crm_list_accounts", {"search": "Murphy"}),
        ("crm_get_account", {"account_id": "001nope"}),
        ("office_send_mail", {"to": ["amber.choi@acme.example"], "subject": "Office", "body": body}),
        ("office_wait_for_replies", {"minutes": 240}),
        ("ticketing_advance_time", {"hours": 2}),
        *oracle,
    ]
    api = httpx.Client(base_url=live_server.base, headers=HEADERS, timeout=120)
    made = api.post("/v1/episodes", json={"task": WORKED, "seed": 7}).json()
    received = []

    async def work() -> None:
        async with Client(made["urls"]["mcp"]) as client:
            for tool, args in steps:
                received.append((tool, args, await client.call_tool(tool, args)))

    anyio.run(work)
    verdict = api.post(f"/v1/episodes/{made['episode_id']}/verify").json()
    yield api, made, received, verdict
    api.delete(f"/v1/episodes/{made['episode_id']}")
    api.close()


def test_published_schema_is_generated_from_the_code():
    assert SCHEMA_FILE.read_text() == schema_text(), "regenerate: python -m mcp_gateway.trajectory.lines"


def test_trajectory_holds_every_call_with_what_the_performer_received(worked):
    api, made, received, verdict = worked
    got = api.get(f"/v1/episodes/{made['episode_id']}/trajectory", params={"tools": "true"})
    assert got.status_code == 200 and got.headers["content-type"].startswith("application/x-ndjson")
    lines = [json.loads(x) for x in got.text.splitlines()]
    validator = jsonschema.Draft202012Validator(json.loads(SCHEMA_FILE.read_text()))
    for line in lines:
        validator.validate(line)
    head, *_ = lines
    assert head["type"] == "episode" and head["task"]["id"] == WORKED and head["seed"] == 7
    assert {"crm_log_call", "office_send_mail", "ticketing_advance_time"} <= {
        t["name"] for t in head["tools"]
    }
    calls = [x for x in lines if x["type"] == "call"]
    assert [c["tool"] for c in calls] == [tool for tool, _, _ in received]
    for call, (_, args, result) in zip(calls, received, strict=True):
        assert call["arguments"] == args and call["surface"] == "mcp"  # full arguments, the long body too
        seen = call["observation"]
        assert seen["content"] == _blocks(result) and seen["isError"] == bool(result.is_error)
        assert call["outcome"] == ("error" if result.is_error else "ok")
    refused = calls[1]["observation"]
    body = json.loads(refused["content"][0]["text"])
    assert refused["isError"] and refused["structuredContent"] == {"errors": body}  # Salesforce's error list
    assert "structuredContent" not in calls[0]["observation"]  # the parse of its one text block
    [mail] = [x for x in lines if x["type"] == "arrival"]
    assert mail["kind"] == "mail" and mail["from"] == "Amber Choi" and mail["seq"] == calls[3]["seq"]
    assert "Office" in mail["subject"] and mail["text"]
    waits = {x["seq"]: x["seconds"] for x in lines if x["type"] == "time"}
    assert waits[calls[3]["seq"]] > 0 and waits[calls[4]["seq"]] == 2 * 3600
    assert [x["type"] for x in lines[-2:]] == ["end", "verdict"]
    status = api.get(f"/v1/episodes/{made['episode_id']}").json()
    assert lines[-2]["state_hash"] == status["state_hash"] and lines[-2]["completed"] is True
    assert (
        # (the extra mail is allowed, the desk's auto-close while the clock moved is the system's)
        lines[-1]["outcome"] == verdict["outcome"] == "pass"
        and lines[-1]["verdict_id"] == verdict["verdict_id"]
    )
    assert (
        api.get(f"/v1/episodes/{made['episode_id']}/trajectory", params={"format": "bad"}).status_code == 422
    )


def test_messages_export_is_an_openai_chat_record(worked):
    api, made, received, verdict = worked
    record = api.get(f"/v1/episodes/{made['episode_id']}/trajectory", params={"format": "messages"}).json()
    messages = record["messages"]
    assert [m["role"] for m in messages[:2]] == ["system", "user"] and "Ortiz" in messages[1]["content"]
    turns = messages[2:]
    assert [m["role"] for m in turns] == ["assistant", "tool"] * len(received)
    for (assistant, tool_msg), (tool, args, result) in zip(
        zip(turns[::2], turns[1::2], strict=True), received, strict=True
    ):
        [call] = assistant["tool_calls"]
        assert call["function"]["name"] == tool and json.loads(call["function"]["arguments"]) == args
        assert tool_msg["tool_call_id"] == call["id"] and tool_msg["content"] == result.content[0].text
    assert {t["function"]["name"] for t in record["tools"]} >= {"crm_log_call", "complete_task"}
    assert record["metadata"]["task_id"] == WORKED and record["metadata"]["outcome"] == verdict["outcome"]


def test_cli_exports_messages_and_a_hugging_face_dataset_and_replays(worked, live_server, tmp_path):
    from datasets import load_from_disk

    api, made, received, _ = worked
    eid, url = made["episode_id"], live_server.base
    saved = tmp_path / "one.jsonl"
    done = saasgym("trajectory", "export", eid, "--url", url, "--key", KEY, "--out", str(saved))
    assert done.returncode == 0, done.stderr
    both = saasgym("trajectory", "export", "--from", str(saved), "--from", str(saved), "--format", "messages")
    assert both.returncode == 0, both.stderr
    records = [json.loads(x) for x in both.stdout.splitlines()]
    assert len(records) == 2 and records[0]["metadata"]["episode_id"] == eid
    args = ["trajectory", "export", eid, "--from", str(saved), "--url", url, "--key", KEY, "--format", "hf"]
    hf = saasgym(*args, "--out", str(tmp_path / "ds"))
    assert hf.returncode == 0, hf.stderr
    dataset = load_from_disk(str(tmp_path / "ds"))
    assert len(dataset) == 2 and dataset[0]["task_id"] == WORKED and dataset[1]["episode_id"] == eid
    assert [m["role"] for m in dataset[0]["messages"]][:2] == ["system", "user"]
    assert json.loads(dataset[0]["tools_json"])
    assert json.loads(dataset[0]["trajectory_jsonl"].splitlines()[0])["type"] == "episode"
    replayed = saasgym("trajectory", "replay", str(saved), "--url", url, "--key", KEY, "--json")
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    result = json.loads(replayed.stdout)
    status = api.get(f"/v1/episodes/{eid}").json()
    assert result["same"] and result["state_hash"] == status["state_hash"] and result["mismatches"] == []
    assert result["calls"] == len(received)
    missing = saasgym("trajectory", "export", eid, "--format", "hf")
    assert missing.returncode == 2 and "--url and --key" in missing.stderr


def test_python_and_ui_surface_calls_replay_to_the_same_state(live_server, tmp_path):
    """Calls made in process and through the web UI's path (surface ui) are in the trajectory with their
    observations; replayed over MCP they reach the same state."""
    episode, urls = live_server.new_episode("tiny", apps=["crm"])
    made = episode.invoke(
        "crm", "create_account", {"name": "Replayed Inc", "industry": "Banking"}, surface="ui"
    )
    episode.invoke("crm", "update_account", {"account_id": made.data()["id"], "phone": "555-0100"})
    episode.invoke(
        "crm", "update_account", {"account_id": made.data()["id"], "rating": "Lukewarm"}
    )  # refused
    got = httpx.get(f"{live_server.base}/v1/episodes/{episode.id}/trajectory", headers=HEADERS, timeout=60)
    lines = [json.loads(x) for x in got.text.splitlines()]
    calls = [x for x in lines if x["type"] == "call"]
    assert [c["surface"] for c in calls] == ["ui", "python", "python"]
    assert calls[0]["observation"]["ok"] and calls[0]["observation"]["result"]["name"] == "Replayed Inc"
    assert not calls[2]["observation"]["ok"] and calls[2]["observation"]["error"]
    saved = tmp_path / "ui.jsonl"
    saved.write_text(got.text)
    replayed = saasgym("trajectory", "replay", str(saved), "--url", live_server.base, "--key", KEY, "--json")
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    assert json.loads(replayed.stdout)["state_hash"] == episode.state_hash()


def test_rollout_saves_a_trajectory_per_rollout(live_server, tmp_path):
    folder, out = tmp_path / "trajectories", tmp_path / "results.jsonl"
    args = ["rollout", "--task", TASK, "--k", "2", "--agent", "scripted", "--url", live_server.base]
    done = saasgym(*args, "--key", KEY, "--out", str(out), "--save-trajectories", str(folder), "--json")
    assert done.returncode == 0, done.stderr
    results = [json.loads(x) for x in out.read_text().splitlines()]
    files = sorted(folder.glob("*.jsonl"))
    assert [f.name for f in files] == [f"{TASK}__0.jsonl", f"{TASK}__1.jsonl"]
    validator = jsonschema.Draft202012Validator(json.loads(SCHEMA_FILE.read_text()))
    for f, result in zip(files, results, strict=True):
        lines = [json.loads(x) for x in f.read_text().splitlines()]
        for line in lines:
            validator.validate(line)
        assert lines[0]["episode_id"] == result["episode_id"] and lines[-1]["outcome"] == result["outcome"]
        assert lines[0]["tools"] and any(x["type"] == "call" and x["observation"] for x in lines)


def test_without_the_observation_log_a_trajectory_keeps_calls_and_outcomes(tmp_path):
    """SAASGYM_OBSERVATIONS=0 (memory before trajectories): calls keep their logged arguments and outcome,
    observations are null, nothing is stored per call."""
    from apps.core.api import Gym
    from mcp_gateway.live import start_live_server

    server = start_live_server(Gym(), state_dir=tmp_path, observations=False)
    try:
        episode, urls = server.new_episode("tiny", apps=["crm"])

        async def work() -> None:
            async with Client(urls.mcp("crm")) as client:
                await client.call_tool("create_account", {"name": "Unobserved Inc"})

        anyio.run(work)
        got = httpx.get(f"{server.base}/v1/episodes/{episode.id}/trajectory", headers=HEADERS, timeout=60)
        [call] = [json.loads(x) for x in got.text.splitlines() if '"type": "call"' in x]
        assert call["arguments"] == {"name": "Unobserved Inc"} and call["observation"] is None
        assert call["outcome"] == "ok" and episode.observations() == {}
    finally:
        server.stop()
