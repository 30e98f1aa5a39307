"""Replaying an episode trajectory's calls on a new episode through a gateway, to its end-state hash.

The new episode is made like the original (its task, or its world and apps, and its seed); each `call`
line is made again over MCP on the combined endpoint with its full arguments, in order — refused calls too
(they move the clock, on which personas' replies depend), but not calls rolled back with a UI save that was
refused as a unit (their effect was undone). Time advances and persona replies follow from the calls
(`advance_time`, `wait_for_replies` are calls), so the replayed episode ends at the same state hash.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import httpx


class ReplayError(Exception):
    """The trajectory cannot be replayed (malformed, or the gateway refused the new episode)."""


@dataclass
class Replayed:
    episode_id: str
    state_hash: str
    expected_hash: str | None
    calls: int
    mismatches: list[str] = field(default_factory=list)  # calls whose outcome differed from the original

    @property
    def same(self) -> bool:
        return self.expected_hash is not None and self.state_hash == self.expected_hash


def _split(lines: list[dict[str, Any]]) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any] | None]:
    heads = [line for line in lines if line.get("type") == "episode"]
    if len(heads) != 1:
        raise ReplayError(f"a trajectory has one episode line; this one has {len(heads)}")
    calls = [line for line in lines if line.get("type") == "call" and line.get("outcome") != "rolled_back"]
    end = next((line for line in lines if line.get("type") == "end"), None)
    return heads[0], calls, end


async def replay(lines: list[dict[str, Any]], base: str, key: str, *, keep: bool = False) -> Replayed:
    """Replay `lines` (one episode's trajectory) on a new episode of the gateway at `base`.

    Args:
        lines: the trajectory's lines (as exported).
        base: the gateway's root URL.
        key: the harness key.
        keep: leave the new episode open (default: closed after its hash is read).
    """
    from mcp.client import Client

    head, calls, end = _split(lines)
    task = head.get("task")
    body: dict[str, Any] = {"task": task["id"]} if task else {"world": head["world"], "apps": head["apps"]}
    if head.get("seed") is not None:
        body["seed"] = head["seed"]
    headers = {"Authorization": f"Bearer {key}"}
    async with httpx.AsyncClient(base_url=base.rstrip("/"), headers=headers, timeout=120) as api:
        made = await api.post("/v1/episodes", json=body)
        if made.status_code != 201:
            detail = f"HTTP {made.status_code}: {made.text[:300]}"
            raise ReplayError(f"the gateway refused a new episode: {detail}")
        episode_id, url = made.json()["episode_id"], made.json()["urls"]["mcp"]
        try:
            mismatches = []
            async with Client(url) as client:
                for call in calls:
                    result = await client.call_tool(call["tool"], call["arguments"])
                    if bool(result.is_error) != (call["outcome"] == "error"):
                        mismatches.append(f"{call['seq']} {call['tool']}: was {call['outcome']}")
            state = (await api.get(f"/v1/episodes/{episode_id}")).json()
        finally:
            if not keep:
                await api.delete(f"/v1/episodes/{episode_id}")
    expected = end["state_hash"] if end else None
    return Replayed(episode_id, state["state_hash"], expected, len(calls), mismatches)
