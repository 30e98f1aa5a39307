"""Defect: nothing bounded what one episode stored (issue 36, item 6): the UI event beacon grew a worker
by 512 MiB in 14.5 s. Every per-episode store now has a quota in `Settings`, refused past it in the
product's own words, with nothing changed (apps/core/quotas.py). One test per store, over the real
surfaces of a gateway whose quotas are set small."""

from __future__ import annotations

import dataclasses

import anyio
import httpx
import pytest
from mcp.client import Client

from apps.core.api import Gym
from mcp_gateway.live import start_live_server

KEY = {"Authorization": "Bearer test-harness-key"}
TASK = "crm-myers-rating-employees"
EVENTS = [{"type": "click", "role": "button", "name": "Save"}] * 200


@pytest.fixture(scope="module")
def small():
    live = start_live_server(
        Gym(),
        rate_per_s=1e9,
        rate_burst=10**9,
        quota_events=10_000,
        quota_browser_events=300,
        quota_episode_mb=2,
        quota_mail_mb=1,
        quota_drive_mb=1,
        quota_snapshot_mb=1,
    )
    yield live
    live.stop()


def _calls(url: str, calls: list[tuple[str, dict]]) -> list:
    async def go() -> list:
        async with Client(url) as client:
            return [await client.call_tool(name, args) for name, args in calls]

    return anyio.run(go)


@pytest.fixture
def forty_events(small):
    """The small gateway with an event log of 40 events per episode."""
    kept = small.gym.quotas
    small.gym.quotas = dataclasses.replace(kept, events=40)
    yield small
    small.gym.quotas = kept


def test_the_event_log_is_bounded_and_a_forbidden_call_is_still_recorded(forty_events):
    small = forty_events
    episode, urls = small.new_episode("acme", apps=["crm"], task=TASK)
    results = _calls(urls.mcp("crm"), [("get_current_user", {})] * 45)
    refused = [r for r in results if r.is_error]
    assert len(refused) == 5 and all(not r.is_error for r in results[:40])
    body = refused[0].structured_content["errors"][0]
    assert body["errorCode"] == "STORAGE_LIMIT_EXCEEDED" and "40 events" in body["message"]
    assert episode.db.logged_events()[0] == 40  # the refusals themselves are not logged
    now = episode.now
    _calls(urls.mcp("crm"), [("get_current_user", {})])
    assert episode.now == now  # a refused call moves no clock
    # the integrity record is never dropped: a performer credential on /v1 still voids the verdict
    token = urls.token
    assert (
        httpx.get(f"{small.base}/v1/episodes", headers={"Authorization": f"Bearer {token}"}).status_code
        == 401
    )
    verdict = httpx.post(f"{small.base}/v1/episodes/{episode.id}/verify", headers=KEY, timeout=60).json()
    assert verdict["outcome"] == "invalid"
    small.gateway.manager.close(episode.id)


def test_the_ui_event_beacon_is_bounded(small):
    episode, urls = small.new_episode("tiny", apps=["crm"])
    with httpx.Client(base_url=small.base) as browser:
        assert browser.get(urls.ui("crm")).status_code in (200, 303)  # the launch sets the session cookie
        beacon = [browser.post("/s/crm/_events", json=EVENTS) for _ in range(3)]
        assert [r.status_code for r in beacon[:2]] == [204, 204]
        assert beacon[2].status_code == 507 and "300 browser events" in beacon[2].json()["error"]
        page = browser.get("/s/crm/")  # pages still load; their page-view event is dropped
        assert page.status_code == 200
    assert episode.db.logged_events()[1] == 300
    small.gateway.manager.close(episode.id)


def test_the_mail_store_is_bounded_with_exchanges_error(small):
    episode, urls = small.new_episode("tiny", apps=["office"])
    to = episode.call("office_find_people", query="a")["colleagues"][0]["mail"]
    mail = ("send_mail", {"to": [to], "subject": "Notes", "body": "n" * 150_000})
    results = _calls(urls.mcp("office"), [mail] * 5)
    assert not results[0].is_error and results[-1].is_error
    first_refused = next(i for i, r in enumerate(results) if r.is_error)
    error = results[first_refused].structured_content["error"]
    assert error["code"] == "ErrorQuotaExceeded" and "at most 1 MiB" in error["message"]
    before = episode.state_hash()
    assert _calls(urls.mcp("office"), [mail])[0].is_error and episode.state_hash() == before
    small.gateway.manager.close(episode.id)


def test_the_drive_store_is_bounded_with_onedrives_error_and_deleting_makes_room(small):
    episode, urls = small.new_episode("tiny", apps=["office"])
    files = [("create_file", {"name": f"notes-{i}.txt", "content": "x" * 190_000}) for i in range(6)]
    results = _calls(urls.mcp("office"), files)
    made = [r.structured_content for r in results if not r.is_error]
    refused = [r for r in results if r.is_error]
    assert made and refused
    assert refused[0].structured_content["error"]["code"] == "quotaLimitReached"
    before = episode.state_hash()
    again = _calls(urls.mcp("office"), [("create_file", {"name": "more.txt", "content": "x" * 190_000})])
    assert again[0].is_error and episode.state_hash() == before
    freed = _calls(
        urls.mcp("office"),
        [
            ("delete_drive_item", {"item_id": made[0]["id"]}),
            ("create_file", {"name": "b.txt", "content": "y"}),
        ],
    )
    assert not any(r.is_error for r in freed)
    small.gateway.manager.close(episode.id)


def test_the_whole_episode_is_bounded_for_every_other_store(small):
    """The CRM has no store of its own: the database's growth over its golden image bounds it."""
    episode, urls = small.new_episode("tiny", apps=["crm"])
    description = "d" * 30_000
    calls = [("create_account", {"name": f"Big {i}", "description": description}) for i in range(90)]
    results = _calls(urls.mcp("crm"), calls)
    refused = [r for r in results if r.is_error]
    assert refused and not results[0].is_error
    body = refused[0].structured_content["errors"][0]
    assert body["errorCode"] == "STORAGE_LIMIT_EXCEEDED" and "at most 2 MiB" in body["message"]
    first = results.index(refused[0])
    assert all(r.is_error for r in results[first:])  # nothing more was stored once it was full
    # what grew after it is the log of the refused calls, which the event log's quota bounds
    assert episode.db.grown_bytes() <= 2 * 1024 * 1024 + 256 * 1024
    small.gateway.manager.close(episode.id)


def test_snapshots_are_bounded(small):
    episode, urls = small.new_episode("tiny", apps=["office"])
    with httpx.Client(base_url=small.base, headers=KEY, timeout=60) as api:
        assert api.post(f"/v1/episodes/{episode.id}/snapshot").status_code == 201
        _calls(urls.mcp("office"), [("create_file", {"name": "big.txt", "content": "z" * 190_000})])
        _calls(urls.mcp("office"), [("create_file", {"name": "big2.txt", "content": "z" * 190_000})])
        codes = [api.post(f"/v1/episodes/{episode.id}/snapshot").status_code for _ in range(4)]
        assert 201 in codes and codes[-1] == 409
        assert "SAASGYM_QUOTA_SNAPSHOT_MB" in api.post(f"/v1/episodes/{episode.id}/snapshot").json()["detail"]
    small.gateway.manager.close(episode.id)
