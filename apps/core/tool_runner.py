"""Fair episodes: a budget of server time per episode, and one queue per episode.

Tool calls run on the event loop, one at a time: a call is a few milliseconds of mostly Python work,
and running calls on worker threads only traded the GIL back and forth (measured: a light call under
another episode's searches took 1.9x its time alone with threads, 1.2-1.4x with the budget below).
Without a budget, an episode with many calls waiting keeps the loop busy and every other episode's call
queues behind them. So:

- each episode's calls wait on its own FIFO lock, so they run one at a time and in arrival order
  (its journal and clock see a total order), and one episode never has more than one call ready;
- each episode's server time is metered (exponentially decayed over `window_s`); while other
  episodes are active, an episode that has used more than `share` of the window waits before its
  next call until its usage decays back under the budget. Alone, an episode is never held back.

So a heavy episode keeps the loop busy at most `share` of the time while others are active, and a
light call of another episode mostly finds the loop free.
"""

from __future__ import annotations

import asyncio
import math
import os
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import anyio

T = TypeVar("T")


@dataclass
class _Meter:
    used_s: float = 0.0  # decayed server seconds
    stamp: float = 0.0  # when used_s was last brought up to date
    last_call: float = -math.inf


class FairShare:
    """Meters every episode's server time and holds back the one over its share (see module doc)."""

    def __init__(self, share: float = 0.4, window_s: float = 1.0):
        self.share, self.window_s = share, window_s
        self._meters: weakref.WeakKeyDictionary[Any, _Meter] = weakref.WeakKeyDictionary()
        self._queues: weakref.WeakKeyDictionary[Any, tuple[Any, anyio.Lock]] = weakref.WeakKeyDictionary()
        # The latest call, and the latest call of any other episode than its: (episode ref, time).
        self._latest: list[tuple[weakref.ref, float]] = []

    def _meter(self, episode: Any, now: float) -> _Meter:
        meter = self._meters.get(episode)
        if meter is None:
            meter = self._meters[episode] = _Meter(stamp=now)
        meter.used_s *= math.exp(-(now - meter.stamp) / self.window_s)
        meter.stamp = now
        return meter

    def _others_active(self, episode: Any, now: float) -> bool:
        """Whether another episode made a call within the window (O(1): the two latest are kept)."""
        for ref, at in self._latest:
            if ref() is not episode:
                return now - at < self.window_s
        return False

    def wait_s(self, episode: Any) -> float:
        """How long `episode` must wait before its next call (0 when within budget or alone)."""
        now = time.monotonic()
        meter = self._meter(episode, now)
        budget = self.share * self.window_s
        if meter.used_s <= budget or not self._others_active(episode, now):
            return 0.0
        return self.window_s * math.log(meter.used_s / budget)

    def charge(self, episode: Any, seconds: float) -> None:
        """Book `seconds` of server time to `episode`."""
        now = time.monotonic()
        meter = self._meter(episode, now)
        meter.used_s += seconds
        meter.last_call = now
        if self._latest and self._latest[0][0]() is episode:
            self._latest[0] = (self._latest[0][0], now)
        else:
            self._latest = [(weakref.ref(episode), now), *self._latest[:1]]

    def queue_of(self, episode: Any) -> anyio.Lock:
        """The FIFO lock ordering `episode`'s calls on this loop (an asyncio lock belongs to one loop)."""
        loop = asyncio.get_running_loop()
        held = self._queues.get(episode)
        if held is None or held[0] is not loop:
            held = self._queues[episode] = (loop, anyio.Lock())
        return held[1]

    async def run(self, episode: Any, fn: Callable[..., T], *args: Any) -> T:
        """Run `fn(*args)` for `episode`: after its earlier calls, and within its share."""
        async with self.queue_of(episode):
            while (wait := self.wait_s(episode)) > 0:
                await anyio.sleep(wait)
            t0 = time.perf_counter()
            try:
                return fn(*args)
            finally:
                self.charge(episode, time.perf_counter() - t0)


# SAASGYM_EPISODE_SHARE: the fraction of the server one episode may use while others are active.
FAIR = FairShare(share=float(os.environ.get("SAASGYM_EPISODE_SHARE", "0.4")))


async def run_for(episode: Any, fn: Callable[..., T], *args: Any) -> T:
    """Run `fn(*args)` for `episode` under the process-wide fair share."""
    return await FAIR.run(episode, fn, *args)
