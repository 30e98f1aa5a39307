"""The harness API: create / inspect / reset / fork / snapshot / restore / events / close episodes."""

from __future__ import annotations

import json

import anyio
import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from mcp.client import Client

from mcp_gateway.harness.models import VerdictOut

KEY = {"Authorization": "Bearer test-harness-key"}


@pytest.fixture
def api(live_server):
    with httpx.Client(base_url=live_server.base, headers=KEY, timeout=30) as client:
        yield client


def call(url: str, tool: str, args: dict):
    async def go():
        async with Client(url) as client:
            return await client.call_tool(tool, args)

    return anyio.run(go)


def live_server_apps() -> list[str]:
    from apps.core.registry import discover

    return list(discover())


def test_create_returns_urls_that_work(api):
    made = api.post("/v1/episodes", json={"world": "tiny", "ttl_s": 600, "seed": 3})
    assert made.status_code == 201, made.text
    body = made.json()
    assert set(body["urls"]) >= {"mcp", "crm_mcp", "ui", "crm_ui", "cli"}
    assert body["task"] is None and body["apps"] == sorted(live_server_apps())
    result = call(body["urls"]["crm_mcp"], "create_account", {"name": "Harnessed"})
    assert not result.is_error
    state = api.get(f"/v1/episodes/{body['episode_id']}").json()
    assert state["state"] == "live" and state["seed"] == 3 and state["world"] == "tiny"
    events = api.get(f"/v1/episodes/{body['episode_id']}/events")
    assert events.headers["content-type"].startswith("application/x-ndjson")
    assert json.loads(events.text.splitlines()[0])["name"] == "create_account"


def test_reset_fork_snapshot_restore(api):
    body = api.post("/v1/episodes", json={"world": "tiny"}).json()
    eid, mcp_url = body["episode_id"], body["urls"]["crm_mcp"]
    golden = api.get(f"/v1/episodes/{eid}").json()["state_hash"]
    call(mcp_url, "create_account", {"name": "Before snapshot"})
    snap = api.post(f"/v1/episodes/{eid}/snapshot").json()["snapshot_id"]
    at_snapshot = api.get(f"/v1/episodes/{eid}").json()["state_hash"]
    fork = api.post(f"/v1/episodes/{eid}/fork").json()
    assert fork["episode_id"] != eid and fork["urls"]["crm_mcp"] != mcp_url
    assert api.get(f"/v1/episodes/{fork['episode_id']}").json()["state_hash"] == at_snapshot
    call(mcp_url, "create_account", {"name": "After snapshot"})
    assert (
        api.post(f"/v1/episodes/{eid}/restore", json={"snapshot_id": snap}).json()["state_hash"]
        == at_snapshot
    )
    assert api.post(f"/v1/episodes/{eid}/reset").json()["state_hash"] == golden
    assert api.get(f"/v1/episodes/{fork['episode_id']}").json()["state_hash"] == at_snapshot


def test_reset_with_rotation_revokes_old_urls(api):
    body = api.post("/v1/episodes", json={"world": "tiny"}).json()
    rotated = api.post(f"/v1/episodes/{body['episode_id']}/reset", json={"rotate": True}).json()
    assert rotated["urls"]["crm_mcp"] != body["urls"]["crm_mcp"]
    assert httpx.post(body["urls"]["crm_mcp"], json={}).status_code == 404
    assert not call(rotated["urls"]["crm_mcp"], "list_accounts", {}).is_error


def test_delete_revokes_urls_and_reports_closed(api):
    body = api.post("/v1/episodes", json={"world": "tiny"}).json()
    closed = api.delete(f"/v1/episodes/{body['episode_id']}")
    assert closed.status_code == 200 and closed.json()["state"] == "closed"
    assert httpx.post(body["urls"]["crm_mcp"], json={}).status_code == 404
    assert api.get(f"/v1/episodes/{body['episode_id']}/events").status_code == 410


def test_bad_requests_are_clear(api):
    assert api.post("/v1/episodes", json={"world": "atlantis"}).status_code == 422
    assert "unknown app" in api.post("/v1/episodes", json={"apps": ["erp"]}).json()["message"]
    assert api.post("/v1/episodes", json={"ttl_s": -5}).status_code == 422
    assert api.post("/v1/episodes", json={"surprise": 1}).status_code == 422
    assert api.post("/v1/episodes", json={"task": "nope"}).status_code == 422
    assert api.get("/v1/episodes/ep_doesnotexist").status_code == 404


def test_worlds_tasks_health_and_openapi(api, live_server):
    names = [w["name"] for w in api.get("/v1/worlds").json()]
    assert {"acme", "tiny"} <= set(names)
    listed = api.get("/v1/tasks").json()
    assert "crm-close-won-villanueva" in {t["id"] for t in listed}
    assert all(set(t) >= {"id", "prompt", "apps", "surfaces", "split"} for t in listed)
    assert "canary" not in str(listed).lower() and "oracle" not in str(listed)
    assert httpx.get(f"{live_server.base}/healthz").json()["ok"] is True
    schema = api.get("/v1/openapi.json").json()
    assert "/v1/episodes" in schema["paths"]


def test_harness_api_needs_the_harness_key(live_server):
    base = live_server.base
    assert httpx.post(f"{base}/v1/episodes", json={}).status_code == 401
    wrong = httpx.post(f"{base}/v1/episodes", json={}, headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 401
    _, urls = live_server.new_episode()
    performer = httpx.get(f"{base}/v1/episodes", headers={"Authorization": f"Bearer {urls.token}"})
    assert performer.status_code == 401
    assert httpx.get(f"{base}/v1/episodes?key=test-harness-key").status_code == 401


def test_every_v1_response_is_typed_in_the_openapi_schema(api):
    """Generated clients get fields, not `object`: every success response of every route names a schema
    with properties (or an array/ndjson line of one)."""
    schema = api.get("/v1/openapi.json").json()
    components = schema["components"]["schemas"]

    def typed(node: dict) -> bool:
        if "$ref" in node:
            name = node["$ref"].rsplit("/", 1)[1]
            return typed(components.get(name) or body["schema"].get("$defs", {})[name])
        if node.get("type") == "array":
            return typed(node["items"]) or node["items"].get("type") == "string"
        if "oneOf" in node or "anyOf" in node:  # a line of several kinds: each one typed
            return all(typed(n) for n in node.get("oneOf") or node["anyOf"])
        return bool(node.get("properties"))

    untyped = []
    for path, methods in schema["paths"].items():
        for method, op in methods.items():
            ok = next(r for code, r in op["responses"].items() if code.startswith("2"))
            content = ok.get("content", {})
            body = content.get("application/json") or content.get("application/x-ndjson") or {}
            if not typed(body.get("schema", {})):
                untyped.append(f"{method.upper()} {path}")
    assert untyped == []
    verdict = components["VerdictOut"]["properties"]
    assert {"checkpoints", "progress", "verdict_id", "gates", "checks", "diff"} <= set(verdict)


def test_verdict_keeps_fields_the_model_does_not_name():
    """A newer verifier's fields (rubric results) pass through the typed verdict unchanged."""
    app = FastAPI()
    body = {"verdict_id": "vd_1", "episode_id": "ep_1", "task_id": "t", "outcome": "pass", "reward": 1}
    rubric = [{"id": "tone", "ok": True, "judge": {"model": "m"}}]

    @app.get("/v")
    def verdict() -> VerdictOut:
        return body | {"rubric_results": rubric}

    out = TestClient(app).get("/v").json()
    assert out["rubric_results"] == rubric and out["checkpoints"] == [] and out["progress"] is None


def test_task_ids_list_the_whole_catalogue_without_drawing(api):
    from apps.core.worlds import load_world
    from tasks.families.instances import instance_ids
    from tasks.store import tasks_of

    handwritten = sorted(t for w in ("acme", "tiny") for t in tasks_of(load_world(w)))
    instances = list(instance_ids("acme"))
    every = api.get("/v1/task-ids", params={"kind": "all", "limit": 100_000})
    assert every.status_code == 200 and every.headers["X-Total-Count"] == str(
        len(handwritten) + len(instances)
    )
    assert (
        sorted(every.json()[: len(handwritten)]) == handwritten
        and every.json()[len(handwritten) :] == instances
    )
    page = api.get("/v1/task-ids", params={"kind": "instance", "offset": 5, "limit": 3})
    assert page.json() == instances[5:8] and 'rel="next"' in page.headers["Link"]
    assert api.get("/v1/task-ids", params={"family": "crm.x", "kind": "instance"}).status_code == 422
    assert (
        api.get("/v1/task-ids", params={"family": instances[0].split("@")[0], "kind": "task"}).status_code
        == 422
    )
    one = api.get(f"/v1/tasks/{instances[0]}", timeout=300)  # the first draw builds the families' world view
    assert one.status_code == 200 and one.json()["id"] == instances[0] and one.json()["family"]
    assert "canary" not in one.text.lower()
    assert api.get("/v1/tasks/crm-close-won-villanueva").json()["world"] == "acme"
    assert api.get("/v1/tasks/no-such-task").status_code == 404
    acme = api.get("/v1/tasks", params={"world": "acme", "limit": 1000}).json()
    assert len(acme) == len(handwritten) and all(t["world"] == "acme" for t in acme)
    assert api.get("/v1/tasks", params={"world": "tiny"}).json() == []  # tiny holds no task
    assert api.get("/v1/tasks", params={"world": "atlantis"}).status_code == 422
