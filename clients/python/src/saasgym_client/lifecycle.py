"""No leaked episodes: a harness closes every episode it opened and did not close itself.

`OpenEpisodes` is the set of episode ids a `Harness` (or `AsyncHarness`) created or forked and has not closed.
`close_all` deletes them; it runs when the harness is closed (`with Harness(…)`, `close()`, `aclose()`) and,
through `weakref.finalize`, when the harness is garbage-collected or the interpreter exits — so a rollout
that raised, timed out or was cancelled before its episode was closed does not keep it alive until its time
to live runs out. `keep_episodes=True` turns this off (episodes made in one process for use in another).
"""

from __future__ import annotations

import contextlib
import threading
import weakref
from typing import Any

import httpx

CLOSE_TIMEOUT_S = 10.0  # a cleanup never waits long on a gateway that is gone


class OpenEpisodes:
    """Episode ids to close at the end, with what it takes to close them (no reference to the harness)."""

    def __init__(self, base: str, headers: dict[str, str], keep: bool = False):
        self.base, self.headers, self.keep = base, dict(headers), keep
        self.ids: set[str] = set()
        self._lock = threading.Lock()

    def opened(self, episode_id: str) -> None:
        with self._lock:
            self.ids.add(episode_id)

    def closed(self, episode_id: str) -> None:
        with self._lock:
            self.ids.discard(episode_id)

    def take(self) -> list[str]:
        """The ids still open (and forget them: each is closed once)."""
        with self._lock:
            taken, self.ids = sorted(self.ids), set()
        return [] if self.keep else taken

    def close_all(self) -> list[str]:
        """DELETE every episode still open, ignoring failures (the gateway may be gone); returns the ids."""
        taken = self.take()
        if not taken:
            return []
        with httpx.Client(base_url=self.base, headers=self.headers, timeout=CLOSE_TIMEOUT_S) as http:
            for episode_id in taken:
                with contextlib.suppress(httpx.HTTPError):
                    http.delete(f"/v1/episodes/{episode_id}")
        return taken

    async def aclose_all(self, http: httpx.AsyncClient) -> list[str]:
        """The same on an async client, shielded from cancellation (a cancelled rollout still cleans up)."""
        taken = self.take()
        if not taken:
            return []
        import anyio

        with anyio.CancelScope(shield=True), anyio.move_on_after(CLOSE_TIMEOUT_S):
            for episode_id in taken:
                with contextlib.suppress(httpx.HTTPError):
                    await http.delete(f"/v1/episodes/{episode_id}")
        return taken


def guard(owner: Any, episodes: OpenEpisodes) -> weakref.finalize:
    """Close `episodes` when `owner` is collected or the interpreter exits, unless detached first."""
    return weakref.finalize(owner, episodes.close_all)
