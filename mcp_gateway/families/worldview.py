"""Read-only access to a world's data for families: one pristine episode per world and process,
queried with SQL (the same rows a performer sees when the episode starts)."""

from __future__ import annotations

import threading
from datetime import datetime
from functools import cache
from typing import Any

_lock = threading.Lock()


class WorldView:
    """A world's start state, read with `rows(sql, *params)` (dicts) or `value(sql, *params)`."""

    def __init__(self, world: str):
        from apps.core.api import Gym

        self.world = world
        self.gym = Gym()
        self._ep = self.gym.create_episode(world)
        self._cache: dict[tuple, list[dict[str, Any]]] = {}

    def rows(self, sql: str, *params: Any) -> list[dict[str, Any]]:
        """The rows of a read-only query, as dicts (cached; write a stable ORDER BY)."""
        key = (sql, params)
        with _lock:
            if key not in self._cache:
                db = self._ep.db
                with db.lock:
                    cur = db.conn.execute(sql, params)
                    names = [d[0] for d in cur.description]
                    self._cache[key] = [dict(zip(names, r, strict=True)) for r in cur.fetchall()]
            return self._cache[key]

    @property
    def now(self) -> datetime:
        """The world's logical now (its manifest's `now`, UTC): where its clock starts."""
        return self._ep.world.now

    def value(self, sql: str, *params: Any) -> Any:
        """The first column of the first row (None when there is none)."""
        found = self.rows(sql, *params)
        return next(iter(found[0].values())) if found else None

    def call(self, tool: str, **args: Any) -> Any:
        """A read-only tool's result on the pristine world (for values the app computes)."""
        with _lock:
            return self._ep.call(tool, **args)


@cache
def world_view(world: str) -> WorldView:
    """The shared view of `world` (built once per process)."""
    return WorldView(world)
