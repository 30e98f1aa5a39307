"""The episode lock: held by every action from its first read to its event row, and by every reader.

It is re-entrant, and its owner is the *greenlet* holding it: a tool call runs in a greenlet of the
fair runner (`apps/core/tool_runner.py`) that can pause on the event loop mid-call, and another
episode's call then runs on the same thread — a thread-owned lock would let that call in. Outside the
runner every thread is its own main greenlet, so the lock behaves as a `threading.RLock` there.

Waiting never blocks the event loop:
- a call of the fair runner that finds the lock taken (a verify on a worker thread) pauses its greenlet
  until the lock is released, and the loop serves other episodes meanwhile;
- any other code on an event loop that serves episodes' calls and would have to wait is a bug (it
  would freeze every episode of the process, or deadlock on a paused call): it raises
  `LoopBlockedError` instead.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from greenlet import getcurrent

from apps.core import tool_runner


class LoopBlockedError(RuntimeError):
    """Code on the event loop tried to wait for an episode's lock outside the fair runner."""


class EpisodeLock:
    """A re-entrant lock owned by a greenlet, waited for cooperatively by the fair runner's calls."""

    def __init__(self) -> None:
        self._cond = threading.Condition(threading.Lock())
        self._owner: Any = None
        self._count = 0
        # Called by the outermost holder as it lets go, still holding the lock: an action boundary
        # (a durable episode checkpoints there, apps/core/durable.py).
        self.on_release: Any = None
        self._async_waiters: list[tuple[asyncio.AbstractEventLoop, asyncio.Future]] = []

    def _try(self, me: Any) -> bool:
        if self._owner is me:
            self._count += 1
            return True
        if self._owner is None:
            self._owner, self._count = me, 1
            return True
        return False

    def acquire(self, blocking: bool = True, timeout: float = -1) -> bool:
        me = getcurrent()
        with self._cond:
            if self._try(me) or not blocking:
                return self._owner is me
        call = tool_runner.current_call()
        if call is not None:  # a paused call frees the loop until the holder lets go
            while True:
                call.wait_for(self)
                with self._cond:
                    if self._try(me):
                        return True
        if tool_runner.serves_running_loop():
            raise LoopBlockedError(
                "an episode's lock was awaited on the event loop outside the fair runner "
                "(apps.core.tool_runner.run_for): that would stall every episode of this process"
            )
        with self._cond:
            if not self._cond.wait_for(lambda: self._owner is None, None if timeout < 0 else timeout):
                return False
            self._owner, self._count = me, 1
            return True

    def release(self) -> None:
        if self._count == 1 and self.on_release is not None and self._owner is getcurrent():
            self.on_release()
        with self._cond:
            if self._owner is not getcurrent():
                raise RuntimeError("cannot release an episode lock held by someone else")
            self._count -= 1
            if self._count:
                return
            self._owner = None
            self._cond.notify()
            waiters, self._async_waiters = self._async_waiters, []
        for loop, future in waiters:
            loop.call_soon_threadsafe(_wake, future)

    async def released(self) -> None:
        """Return once the lock is free (it may be taken again before the caller acts)."""
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        with self._cond:
            if self._owner is None:
                return
            self._async_waiters.append((loop, future))
        await future

    def held(self) -> bool:
        """Whether the current greenlet holds the lock."""
        return self._owner is getcurrent()

    __enter__ = acquire

    def __exit__(self, *exc: Any) -> None:
        self.release()


def _wake(future: asyncio.Future) -> None:
    if not future.done():
        future.set_result(None)
