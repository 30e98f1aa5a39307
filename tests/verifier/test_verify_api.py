"""The verifier through the gateway: tasks on episodes, complete_task on every surface, verify, reviews."""

from __future__ import annotations

import json
import subprocess
import sys

import anyio
import httpx
import pytest
from mcp.client import Client

HARNESS = {"Authorization": "Bearer test-harness-key"}
REVIEWER = {"Authorization": "Bearer test-reviewer-key"}
CLOSE_WON = "crm-close-won-villanueva"
OPP = "0065g00000000L5AAI"


@pytest.fixture
def api(live_server):
    live_server.gateway.settings.keys["reviewer"] = "test-reviewer-key"
    with httpx.Client(base_url=live_server.base, timeout=60) as client:
        yield client


def _mcp(url: str, calls: list[tuple[str, dict]]):
    async def go():
        async with Client(url) as client:
            return [await client.call_tool(tool, args) for tool, args in calls]

    return anyio.run(go)


def test_episode_with_a_task_shows_only_the_public_part(api):
    made = api.post("/v1/episodes", json={"task": CLOSE_WON}, headers=HARNESS).json()
    assert made["task"]["id"] == CLOSE_WON and "Closed Won" in made["task"]["prompt"]
    assert made["world"] == "acme" and made["apps"] == ["crm"]
    text = json.dumps(made)
    assert "canary" not in text.lower() and "expect" not in text and "oracle" not in text


def test_solve_over_mcp_then_verify(api):
    made = api.post("/v1/episodes", json={"task": CLOSE_WON}, headers=HARNESS).json()
    results = _mcp(
        made["urls"]["mcp"],
        [
            ("crm_update_opportunity", {"opportunity_id": OPP, "stage_name": "Closed Won"}),
            ("complete_task", {}),
            ("crm_update_opportunity", {"opportunity_id": OPP, "next_step": "late"}),
        ],
    )
    assert [r.is_error for r in results] == [False, False, True]
    assert "no further changes" in results[2].content[0].text
    verdict = api.post(f"/v1/episodes/{made['episode_id']}/verify", headers=HARNESS).json()
    assert verdict["outcome"] == "pass" and verdict["reward"] == 1 and verdict["verdict_id"].startswith("vd_")
    again = api.post(f"/v1/episodes/{made['episode_id']}/verify", headers=HARNESS).json()
    assert {k: v for k, v in again.items() if k != "verdict_id"} == {
        k: v for k, v in verdict.items() if k != "verdict_id"
    }


def test_complete_task_from_the_cli(api):
    made = api.post("/v1/episodes", json={"task": "crm-qa-negotiation-total"}, headers=HARNESS).json()
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "mcp_gateway",
            "complete-task",
            "--answer",
            "346850",
            "--url",
            made["urls"]["cli"],
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    verdict = api.post(f"/v1/episodes/{made['episode_id']}/verify", headers=HARNESS).json()
    assert verdict["outcome"] == "pass" and verdict["answer"] == "346850"


def test_performer_token_on_the_harness_api_voids_the_verdict(api):
    made = api.post("/v1/episodes", json={"task": CLOSE_WON}, headers=HARNESS).json()
    _mcp(
        made["urls"]["mcp"], [("crm_update_opportunity", {"opportunity_id": OPP, "stage_name": "Closed Won"})]
    )
    token = made["urls"]["mcp"].split("/e/")[1].split("/")[0]
    attempt = api.post("/v1/episodes", json={}, headers={"Authorization": f"Bearer {token}"})
    assert attempt.status_code == 401
    verdict = api.post(f"/v1/episodes/{made['episode_id']}/verify", headers=HARNESS).json()
    assert verdict["outcome"] == "invalid" and "gate:no_forbidden_calls" in verdict["reason_codes"]


def test_verify_a_closed_episode_is_void(api):
    made = api.post("/v1/episodes", json={"task": CLOSE_WON}, headers=HARNESS).json()
    api.delete(f"/v1/episodes/{made['episode_id']}", headers=HARNESS)
    verdict = api.post(f"/v1/episodes/{made['episode_id']}/verify", headers=HARNESS).json()
    assert verdict["outcome"] == "void" and verdict["reward"] is None


def test_verify_needs_a_task_and_the_harness_key(api):
    made = api.post("/v1/episodes", json={"world": "tiny"}, headers=HARNESS).json()
    assert api.post(f"/v1/episodes/{made['episode_id']}/verify", headers=HARNESS).status_code == 409
    assert api.post(f"/v1/episodes/{made['episode_id']}/verify", headers=REVIEWER).status_code == 401


def test_reviews_need_a_reason_are_append_only_and_feed_the_error_rates(api, live_server):
    made = api.post("/v1/episodes", json={"task": CLOSE_WON}, headers=HARNESS).json()
    verdict = api.post(f"/v1/episodes/{made['episode_id']}/verify", headers=HARNESS).json()
    assert verdict["outcome"] == "fail"
    url = f"/v1/verdicts/{verdict['verdict_id']}/review"
    body = {"reviewer": "rita", "outcome": "pass", "reason_code": "because", "note": "x"}
    assert api.post(url, json=body, headers=REVIEWER).status_code == 422
    assert (
        api.post(url, json={**body, "reason_code": "truth_error", "note": " "}, headers=REVIEWER).status_code
        == 422
    )
    assert api.post(url, json={**body, "reason_code": "truth_error"}, headers=HARNESS).status_code == 401
    changed = api.post(
        url, json={**body, "reason_code": "truth_error", "note": "stage was already won"}, headers=REVIEWER
    ).json()
    assert changed["outcome"] == "pass" and changed["scored_outcome"] == "fail"
    assert (
        changed["reviews"][0]["reviewer"] == "rita" and changed["reviews"][0]["reason_code"] == "truth_error"
    )
    stats = api.get("/v1/verdicts/stats", headers=REVIEWER).json()
    assert stats["false_fail"] >= 1 and 0 < stats["false_fail_rate"] <= 1
    with pytest.raises(Exception, match="append-only"):
        live_server.gateway.ledger._conn.execute("UPDATE reviews SET note = 'rewritten'")


def test_an_author_cannot_approve_their_own_task(api):
    from apps.core.worlds import load_world
    from tasks.store import load_task

    author = load_task(load_world("acme"), CLOSE_WON).truth.author
    own = api.post(f"/v1/tasks/{CLOSE_WON}/approve", json={"reviewer": author.upper()}, headers=REVIEWER)
    assert own.status_code == 403
    other = api.post(f"/v1/tasks/{CLOSE_WON}/approve", json={"reviewer": "rita"}, headers=REVIEWER)
    assert other.status_code == 200 and other.json()["approved_by"] == "rita"
