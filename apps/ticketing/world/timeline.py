"""Incident timelines drawn from the written distributions (`worlds.generator.distributions`): arrivals
moved to the business-hours/weekday profile (monotonically, so numbers stay in opening order) and
resolution times lognormal by priority; every dependent stamp (journal, task SLAs, closure) follows.

Draws from its own stream (`{seed}:ticketing:time`); states, priorities and records are the skeleton's,
and incidents still open that were opened in the last 48 hours keep their times (the live queue).
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from apps.ticketing.world.core import Desk
from worlds.generator.distributions import resolution_hours, warp_arrival

DAY = timedelta(days=1)
LIVE = timedelta(hours=48)
STAMPS = ("opened_at", "resolved_at", "closed_at", "sys_created_on", "sys_updated_on")
SLA_STAMPS = ("start_time", "planned_end_time", "end_time", "pause_time")


def _dt(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


def _new_resolution(rng: random.Random, inc: dict, opened: datetime, earliest: datetime, now: datetime):  # noqa: ANN202
    """(resolved, closed) from the priority's lognormal, keeping the state's rules: resolved (6) within the
    last 7 days; auto-closed 7 days after resolution; closed by the caller after the same gap as before."""
    old_r, old_c = _dt(inc["resolved_at"]), _dt(inc["closed_at"])
    gap = (old_c - old_r) if old_c else None
    for _ in range(30):
        resolved = opened + timedelta(hours=resolution_hours(rng, inc["priority"]))
        resolved = resolved.replace(microsecond=0)
        if resolved < earliest:
            continue
        if inc["state"] == 6 and now - 7 * DAY < resolved <= now - timedelta(minutes=5):
            return resolved, None
        if inc["state"] == 7 and gap is not None and resolved + gap <= now:
            return resolved, resolved + gap
    return None


def redistribute(desk: Desk, seed: int) -> None:
    """Apply the arrival and resolution distributions to every incident (see the module docstring)."""
    rng = random.Random(f"{seed}:ticketing:time")
    now = desk.now
    start, end = now - 180 * DAY, now - timedelta(minutes=30)
    journal: dict[str, list[dict]] = {}
    for j in desk.rows["sys_journal_field"]:
        journal.setdefault(j["element_id"], []).append(j)
    slas: dict[str, list[dict]] = {}
    for s in desk.rows["task_sla"]:
        slas.setdefault(s["task"], []).append(s)
    durations = {s["sys_id"]: s["duration"] for s in desk.rows["contract_sla"]}
    for inc in desk.rows["incident"]:
        opened = _dt(inc["opened_at"])
        if inc["active"] and now - opened < LIVE:
            continue  # the live queue keeps its times: the SLA clocks running at `now` are the skeleton's
        delta = warp_arrival(opened, start, end) - opened
        rows = [(inc, STAMPS)] + [(j, ("sys_created_on",)) for j in journal.get(inc["sys_id"], [])]
        rows += [(s, SLA_STAMPS) for s in slas.get(inc["sys_id"], [])]
        latest = max(_dt(r[k]) for r, keys in rows for k in keys if r.get(k) and k != "planned_end_time")
        if latest + delta > now:
            delta = timedelta(0)
        old_resolved = inc["resolved_at"]
        for row, keys in rows:
            for k in keys:
                if row.get(k):
                    row[k] = desk.dt(_dt(row[k]) + delta)
        if inc["resolved_at"] and inc["state"] in (6, 7):
            responded = [_dt(s["end_time"]) for s in slas.get(inc["sys_id"], []) if s["end_time"]]
            earliest = max([_dt(inc["opened_at"])] + responded[:1]) + timedelta(minutes=5)
            moved = _new_resolution(rng, inc, _dt(inc["opened_at"]), earliest, now)
            if moved:
                _move_resolution(
                    inc,
                    moved,
                    journal.get(inc["sys_id"], []),
                    slas.get(inc["sys_id"], []),
                    old_resolved,
                    delta,
                )
        for s in slas.get(inc["sys_id"], []):
            begin = _dt(s["start_time"])
            stop = _dt(s["end_time"]) or _dt(s["pause_time"]) or now
            s["has_breached"] = stop - begin > timedelta(seconds=durations[s["sla"]])


def _move_resolution(inc: dict, moved, entries: list[dict], slas: list[dict], old: str, delta) -> None:  # noqa: ANN001
    resolved, closed = moved
    shifted_old = (_dt(old) + delta).isoformat()
    new = resolved.isoformat()
    for j in entries:
        if j["sys_created_on"] == shifted_old:
            j["sys_created_on"] = new
    for s in slas:
        if s["end_time"] == shifted_old and s["stage"] == "completed" and s["end_time"] == inc["resolved_at"]:
            s["end_time"] = new
    last = closed or resolved
    inc["resolved_at"], inc["closed_at"] = new, closed.isoformat() if closed else inc["closed_at"]
    inc["sys_updated_on"] = last.isoformat()
