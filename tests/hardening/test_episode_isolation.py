"""Defects: one episode froze every episode of its worker (issue 36, items 2 and 3).

- An episode that kept calling while the harness verified it (its event log padded through the UI
  event beacon) froze the worker's other episodes for 5.7-12.2 s: its calls waited for the episode's
  lock on the event loop while the verify held it, and the verify read every browser event in Python.
- One mass mail stalled another episode's light call for seconds: the call ran on the loop as one piece.

Now a call that finds its episode's lock taken pauses (the loop serves others), the verdict reads no
browser event one by one, and a long call pauses every slice, charged to its own episode's share.
Each test measures another episode's light calls against a control taken in the same run.
"""

from __future__ import annotations

import statistics
import threading
import time

import anyio
import httpx
import pytest
from mcp.client import Client

from apps.core.api import Gym
from mcp_gateway.live import start_live_server
from tasks.store import find_task
from tasks.verifier import verify

TASK = "crm-myers-rating-employees"
KEY = {"Authorization": "Bearer test-harness-key"}
PADDED_EVENTS = 100_000
BEACON = [{"type": "click", "role": "button", "name": "x" * 400, "url": "/s/crm/" + "y" * 400}] * 200


@pytest.fixture(scope="module")
def server():
    live = start_live_server(Gym(), rate_per_s=1e9, rate_burst=10**9)
    yield live
    live.stop()


async def _light_calls(url: str, seconds: float, stop: threading.Event | None = None) -> list[float]:
    """Sequential `get_current_user` calls for `seconds` (or until `stop`): each one's latency in s."""
    out: list[float] = []
    async with Client(url) as client:
        await client.call_tool("get_current_user", {})
        end = time.monotonic() + seconds
        while time.monotonic() < end and not (stop and stop.is_set()):
            t0 = time.perf_counter()
            result = await client.call_tool("get_current_user", {})
            out.append(time.perf_counter() - t0)
            assert not result.is_error
    return out


def _in_thread(fn, *args) -> tuple[threading.Thread, threading.Event]:
    stop = threading.Event()
    thread = threading.Thread(target=fn, args=(*args, stop), daemon=True)
    thread.start()
    return thread, stop


def test_verifying_a_padded_episode_that_keeps_calling_never_stalls_another_episode(server):
    padded, padded_urls = server.new_episode("acme", apps=["crm"], task=TASK)
    other, other_urls = server.new_episode("acme", apps=["crm"])
    for _ in range(PADDED_EVENTS // len(BEACON)):  # what the UI event beacon stores, 200 events a post
        padded.record_browser_events("crm", BEACON)

    def keep_calling(stop: threading.Event) -> None:
        anyio.run(_light_calls, padded_urls.mcp("crm"), 60.0, stop)

    verdicts: list[tuple[float, str]] = []

    def keep_verifying(stop: threading.Event) -> None:
        with httpx.Client(base_url=server.base, headers=KEY, timeout=120) as http:
            while not stop.is_set():
                t0 = time.perf_counter()
                reply = http.post(f"/v1/episodes/{padded.id}/verify")
                verdicts.append((time.perf_counter() - t0, reply.json()["outcome"]))

    caller, stop_caller = _in_thread(keep_calling)
    time.sleep(0.5)
    control = anyio.run(_light_calls, other_urls.mcp("crm"), 3.0)
    verifier, stop_verifier = _in_thread(keep_verifying)
    time.sleep(0.5)
    attacked = anyio.run(_light_calls, other_urls.mcp("crm"), 5.0)
    stop_verifier.set()
    stop_caller.set()
    verifier.join(120)
    caller.join(120)

    assert len(verdicts) >= 2 and {outcome for _, outcome in verdicts} == {"fail"}  # scored, not void
    # Before: every verify froze the loop for its whole length (seconds at this size).
    assert max(attacked) < 1.0, (max(attacked), max(control))
    assert statistics.median(attacked) < 3 * statistics.median(control) + 0.005
    for episode in (padded, other):
        server.gateway.manager.close(episode.id)


def test_a_verify_past_its_time_limit_is_void_with_the_reason(gym: Gym):
    task = find_task(TASK, ["acme"])
    ep = gym.create_episode("acme", apps=task.public.apps)
    ep.task = task.public
    for _ in range(50):
        ep.record_browser_events("crm", BEACON)
    verdict = verify(ep, task, timeout_s=1e-9)
    assert verdict.outcome == "void" and verdict.reward is None
    assert verdict.reason_codes == ["verify_timeout"] and "longer than" in verdict.checks[0].detail
    assert verify(ep, task, timeout_s=60).outcome == "fail"  # the same episode, given the time: scored
    ep.close()


def test_a_mass_mail_never_stalls_another_episodes_light_call(server):
    sender, sender_urls = server.new_episode("acme", apps=["office", "crm"])
    other, other_urls = server.new_episode("acme", apps=["crm"])
    colleagues = [r[0] for r in sender.db.execute_raw("SELECT mail FROM office_user ORDER BY mail")][:8]
    sends: list[float] = []

    def keep_mailing(stop: threading.Event) -> None:
        async def go() -> None:
            async with Client(sender_urls.mcp("office")) as client:
                while not stop.is_set():
                    t0 = time.perf_counter()
                    body = "Where does your project stand? Anything blocked?"
                    result = await client.call_tool(
                        "send_mail", {"to": colleagues, "subject": f"Status {len(sends)}", "body": body}
                    )
                    sends.append(time.perf_counter() - t0)
                    assert not result.is_error, result.content

        anyio.run(go)

    control = anyio.run(_light_calls, other_urls.mcp("crm"), 3.0)
    mailer, stop = _in_thread(keep_mailing)
    time.sleep(1.0)
    attacked = anyio.run(_light_calls, other_urls.mcp("crm"), 5.0)
    stop.set()
    mailer.join(180)

    # each mail is many light calls' worth of persona reactions for its sender
    assert sends and min(sends) > 10 * statistics.median(control)
    # Before: a light call waited for the whole mail (the loop ran it in one piece).
    assert max(attacked) < 0.5 * min(sends), (max(attacked), min(sends))
    assert statistics.median(attacked) < 2 * statistics.median(control) + 0.005
    for episode in (sender, other):
        server.gateway.manager.close(episode.id)


def test_a_message_to_more_than_500_recipients_is_refused_as_exchange_online_does(server):
    """Exchange Online sends a message to at most 500 recipients (To, Cc and Bcc together)."""
    episode, urls = server.new_episode("tiny", apps=["office"])
    before = episode.state_hash()
    crowd = [f"reader{i}@example.com" for i in range(1_000)]

    async def go() -> list:
        async with Client(urls.mcp("office")) as client:
            over = await client.call_tool(
                "send_mail", {"to": crowd[:400], "cc": crowd[400:501], "subject": "Hi", "body": "All"}
            )
            thousands = await client.call_tool(
                "send_mail", {"to": crowd * 10, "subject": "Hi", "body": "All"}
            )
            at_limit = await client.call_tool(
                "send_mail", {"to": crowd[:300], "bcc": crowd[300:500], "subject": "Hi", "body": "All"}
            )
            return [over, thousands, at_limit]

    over, thousands, at_limit = anyio.run(go)
    for refused in (over, thousands):
        assert refused.is_error
        error = refused.structured_content["error"]
        assert error["code"] == "ErrorExceededMaxRecipientLimit" and "at most 500" in error["message"]
    assert "501 recipients" in over.structured_content["error"]["message"]
    assert not at_limit.is_error  # 500 is allowed
    sent = [e for e in episode.events() if e.name == "send_mail"]
    assert [e.outcome for e in sent] == ["error", "error", "ok"]
    assert episode.state_hash() != before
    server.gateway.manager.close(episode.id)
