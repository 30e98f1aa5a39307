"""Read-only access to a world's data for families: one pristine episode per world and process,
queried with SQL (the same rows a performer sees when the episode starts), less the records world parts
add to app tables (the data room's disputes): those belong to the part's own tasks, and hiding them keeps
every family's pools, and so its instances, what they were before the part added them."""

from __future__ import annotations

import threading
from datetime import datetime
from functools import cache, cached_property
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
        self.part_keys = _hide_part_rows(self._ep)

    @cached_property
    def part_subjects(self) -> frozenset[str]:
        """The keys of whom the parts' incidents are about: their callers and the callers' CRM contacts
        and accounts (id and name). An instance about one of them would read or change records it cannot
        see here, so `instances.draw` draws again (for families of the desk). Their assignees (the Billing
        group's, which is hidden) are in no desk group, so no family draws them as an assignee."""
        keys = sorted(self.part_keys.get("ticketing_incident", set()))
        marks = ", ".join("?" * len(keys))
        found = self.rows(
            "SELECT i.caller_id, i.company, u.crm_contact_id "
            "FROM main.ticketing_incident i JOIN ticketing_sys_user u ON u.sys_id = i.caller_id "
            f"WHERE i.sys_id IN ({marks}) ORDER BY i.number",
            *keys,
        )
        out = {str(v) for r in found for v in r.values() if v}
        contacts = sorted(r["crm_contact_id"] for r in found if r["crm_contact_id"])
        if contacts and self.value("SELECT count(*) FROM sqlite_master WHERE name = 'crm_contact'"):
            marks = ", ".join("?" * len(contacts))
            out |= {
                r["account_id"]
                for r in self.rows(f"SELECT account_id FROM crm_contact WHERE id IN ({marks})", *contacts)
            }
        return frozenset(out)

    def is_part_row(self, table: str, key: Any) -> bool:
        """Whether the record `key` of `table` (e.g. `ticketing_incident`) is one a world part added."""
        return str(key) in self.part_keys.get(table, set())

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

    def file_rows(self, rel: str) -> list[dict[str, Any]]:
        """The records of a world file no app loads (a part's truth, e.g. `decks/facts.jsonl`)."""
        return list(self._ep.world.rows(rel)) if rel in self._ep.world.manifest["files"] else []

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


def _hide_part_rows(ep: Any) -> dict[str, set[str]]:
    """Shadow each app table a world part adds rows to with a temporary view of the same name without
    them (SQLite resolves an unqualified name in `temp` first); returns the hidden primary keys per table."""
    from apps.core.seeding import part_files

    hidden: dict[str, set[str]] = {}
    with ep.db.lock:
        conn = ep.db.conn
        for app, table, rel in part_files(ep.world):
            name = f"{app}_{table}"
            pk = next(r[1] for r in conn.execute(f"PRAGMA main.table_info({name})") if r[5] == 1)
            keys = hidden.setdefault(name, set())
            keys.update(str(r[pk]) for r in ep.world.rows(rel))
            listed = ", ".join("'" + k.replace("'", "''") + "'" for k in sorted(keys))  # a view takes no ?
            conn.execute(f"DROP VIEW IF EXISTS temp.{name}")
            conn.execute(f"CREATE TEMP VIEW {name} AS SELECT * FROM main.{name} WHERE {pk} NOT IN ({listed})")
    return hidden


@cache
def world_view(world: str) -> WorldView:
    """The shared view of `world` (built once per process)."""
    return WorldView(world)
