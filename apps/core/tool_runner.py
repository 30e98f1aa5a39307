"""Fair episodes: a budget of server time per episode, one queue per episode, and calls in slices.

Tool calls run on the event loop: a call is a few milliseconds of mostly Python work, and running
calls on worker threads only traded the GIL back and forth (measured: a light call under another
episode's searches took 1.9x its time alone with threads, 1.2-1.4x with the budget below). So:

- each episode's calls wait on its own FIFO lock, so they run one at a time and in arrival order
  (its journal and clock see a total order), and one episode never has more than one call ready;
- each episode's server time is metered (exponentially decayed over `window_s`); while other
  episodes are active, an episode that has used more than `share` of the window waits until its
  usage decays back under the budget. Alone, an episode is never held back;
- a call runs in a greenlet and is metered in slices: past `slice_s` of server time it pauses at its
  next yield point (every SQL statement it runs through SQLAlchemy, and the fan-out loops that call
  `yield_point()`), is charged, and waits like a new call would — so a call that mails 500 people or
  carries out a day of persona reactions counts against its own episode's share and never holds the
  loop for longer than a slice while others are active;
- a call that finds its episode's lock taken (a verify on a worker thread) pauses until it is
  released (`EpisodeLock`), instead of blocking the loop and every other episode with it.

A call that has started always runs to its end (its pauses are shielded from cancellation), so an
episode's lock is never left held by a call nobody resumes.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
import time
import weakref
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import anyio
from greenlet import getcurrent, greenlet

T = TypeVar("T")


@dataclass
class _Meter:
    used_s: float = 0.0  # decayed server seconds
    stamp: float = 0.0  # when used_s was last brought up to date
    last_call: float = -math.inf


class _Pause:
    """What a call's greenlet asks of the loop when it switches back: a pause, or a lock to wait for."""

    def __init__(self, lock: Any = None):
        self.lock = lock


_SLICE_OVER = _Pause()


class Call:
    """One call of the fair runner running in its greenlet."""

    def __init__(self, fair: FairShare, episode: Any):
        self.fair, self.episode = fair, episode
        self.resumed = time.perf_counter()
        self.paused_s = 0.0  # wall time spent paused (not server time: deadlines leave it out)
        self.greenlet: greenlet | None = None

    def wait_for(self, lock: Any) -> None:
        """Pause this call until `lock` is released (called from inside its greenlet)."""
        self.greenlet.parent.switch(_Pause(lock))

    def pause_if_due(self) -> None:
        """Pause this call when its current slice is used up (called from inside its greenlet)."""
        if time.perf_counter() - self.resumed >= self.fair.slice_s:
            self.greenlet.parent.switch(_SLICE_OVER)

    def server_clock(self) -> float:
        """A monotonic clock of this call's own running time (its pauses left out)."""
        return time.monotonic() - self.paused_s

    async def run(self, fn: Callable[..., T], args: tuple[Any, ...]) -> T:
        g = self.greenlet = greenlet(lambda: fn(*args))
        g.gr_context = getcurrent().gr_context  # it runs in its caller's context, as a plain call would
        _CALLS[g] = self
        try:
            request = self._step()
            if g.dead:  # most calls: done within their first slice
                return request
            with anyio.CancelScope(shield=True):  # once started, a call runs to its end
                while not g.dead:
                    paused_at = time.monotonic()
                    if request.lock is not None:
                        await request.lock.released()
                    else:
                        await self.fair.pause(self.episode)
                    self.paused_s += time.monotonic() - paused_at
                    request = self._step()
                return request  # the function's result, once the greenlet is done
        finally:
            _CALLS.pop(g, None)

    def _step(self) -> Any:
        self.resumed = t0 = time.perf_counter()
        try:
            return self.greenlet.switch()
        finally:
            self.fair.charge(self.episode, time.perf_counter() - t0)


_CALLS: weakref.WeakKeyDictionary[greenlet, Call] = weakref.WeakKeyDictionary()


def current_call() -> Call | None:
    """The fair runner's call running in this greenlet, if any."""
    return _CALLS.get(getcurrent())


def yield_point() -> None:
    """Let other episodes run if this call has used up its slice (a no-op outside the fair runner)."""
    call = _CALLS.get(getcurrent())
    if call is not None:
        call.pause_if_due()


def call_clock() -> float:
    """A monotonic clock for deadlines: the current call's running time, its pauses left out."""
    call = _CALLS.get(getcurrent())
    return time.monotonic() if call is None else call.server_clock()


class FairShare:
    """Meters every episode's server time and holds back the one over its share (see module doc)."""

    def __init__(
        self, share: float = 0.4, window_s: float = 1.0, slice_s: float = 0.002, yield_s: float = 0.05
    ):
        self.share, self.window_s, self.slice_s, self.yield_s = share, window_s, slice_s, yield_s
        # Requests being served, per episode (by id) and in all: a paused long call lets them go first.
        self._in_flight: dict[int, int] = {}
        self._total_in_flight = 0
        self._changed: asyncio.Event | None = None
        self._meters: weakref.WeakKeyDictionary[Any, _Meter] = weakref.WeakKeyDictionary()
        self._queues: weakref.WeakKeyDictionary[Any, tuple[Any, anyio.Lock]] = weakref.WeakKeyDictionary()
        # The latest call, and the latest call of any other episode than its: (episode ref, time).
        self._latest: list[tuple[weakref.ref, float]] = []
        self._loops: weakref.WeakSet[asyncio.AbstractEventLoop] = weakref.WeakSet()

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

    async def pause(self, episode: Any) -> None:
        """A call of `episode` used up its slice: wait as its next call would (over its budget while
        others are active); else let the requests other episodes have in flight go first (for at most
        `yield_s`), and at least let the loop serve whatever else is ready."""
        wait = self.wait_s(episode)
        if wait > 0:
            await anyio.sleep(wait)
            return
        await anyio.sleep(0)  # the loop reads what arrived meanwhile (a request it then registers)
        until = time.monotonic() + self.yield_s
        while self._others_in_flight(episode) and (left := until - time.monotonic()) > 0:
            self._changed = self._changed or asyncio.Event()
            with anyio.move_on_after(left):
                await self._changed.wait()

    def _others_in_flight(self, episode: Any) -> bool:
        return self._total_in_flight > self._in_flight.get(id(episode), 0)

    @contextlib.asynccontextmanager
    async def request(self, episode: Any) -> AsyncIterator[None]:
        """Mark a request of `episode` in flight for as long as it is served: a long call of another
        episode pauses at its next slice until it is done (see `pause`)."""
        key = id(episode)
        self._in_flight[key] = self._in_flight.get(key, 0) + 1
        self._total_in_flight += 1
        try:
            yield
        finally:
            self._total_in_flight -= 1
            if self._in_flight[key] == 1:
                del self._in_flight[key]
            else:
                self._in_flight[key] -= 1
            if self._changed is not None:
                self._changed.set()
                self._changed = None

    def queue_of(self, episode: Any) -> anyio.Lock:
        """The FIFO lock ordering `episode`'s calls on this loop (an asyncio lock belongs to one loop)."""
        loop = asyncio.get_running_loop()
        held = self._queues.get(episode)
        if held is None or held[0] is not loop:
            held = self._queues[episode] = (loop, anyio.Lock())
        return held[1]

    def serves(self, loop: asyncio.AbstractEventLoop) -> bool:
        """Whether episodes' calls run on `loop` (waiting on it for an episode would stall them all)."""
        return loop in self._loops

    async def run(self, episode: Any, fn: Callable[..., T], *args: Any) -> T:
        """Run `fn(*args)` for `episode`: after its earlier calls, within its share, in slices."""
        self._loops.add(asyncio.get_running_loop())
        async with self.queue_of(episode):
            while (wait := self.wait_s(episode)) > 0:
                await anyio.sleep(wait)
            return await Call(self, episode).run(fn, args)


# SAASGYM_EPISODE_SHARE: the fraction of the server one episode may use while others are active.
FAIR = FairShare(share=float(os.environ.get("SAASGYM_EPISODE_SHARE", "0.4")))


async def run_for(episode: Any, fn: Callable[..., T], *args: Any) -> T:
    """Run `fn(*args)` for `episode` under the process-wide fair share."""
    return await FAIR.run(episode, fn, *args)


def serves_running_loop() -> bool:
    """Whether the running event loop (if any) is one the fair runner serves episodes on."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return False
    return FAIR.serves(loop)
