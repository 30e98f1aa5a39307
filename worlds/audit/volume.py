"""Mail volume per person per working day: what each employee received in the recent window (the last
working week before the world's now), by role, against `distributions.MAIL_VOLUME`'s bands."""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterator
from datetime import datetime, timedelta

from worlds.audit.checks import Finding, World
from worlds.generator import distributions as D

ROLES = ("sales", "manager", "other")


def role_of(user: dict, managers: set[str]) -> str:
    """A knowledge worker's mail role: a manager (has direct reports), sales (the Sales department), other."""
    if user["id"] in managers:
        return "manager"
    return "sales" if user["department"] == "Sales" else "other"


def quantile(values: list[float], p: float) -> float:
    """The nearest-rank `p` quantile of `values` (0 for none)."""
    vals = sorted(values)
    return vals[round(p * (len(vals) - 1))] if vals else 0.0


def received_per_day(w: World, now: datetime) -> dict[str, tuple[str, float]]:
    """Per employee (but the acting user, whose mailbox tasks read): (role, mails received per working
    day in the window). Received = a copy in their mailbox sent by someone else."""
    v = D.MAIL_VOLUME
    start = now - timedelta(days=v["window_days"])
    users = {u["id"]: u for u in w["office/user"]}
    managers = {u["manager_id"] for u in users.values() if u["manager_id"]}
    counts: Counter = Counter()
    for m in w["office/message"]:
        u = users.get(m["owner_id"])
        if (
            u
            and m["from_address"] != u["mail"]
            and start <= datetime.fromisoformat(m["received_date_time"]) < now
        ):
            counts[u["id"]] += 1
    actor = w.actor_office_id()
    return {
        uid: (role_of(u, managers), counts[uid] / v["working_days"])
        for uid, u in users.items()
        if uid != actor
    }


def mail_volume(w: World) -> Iterator[Finding]:
    """Median received mail per working day of each role within its band, p10 of everyone above the floor,
    and sales and managers above the others (enforced from `MAIL_VOLUME["min_people"]` people on)."""
    per = received_per_day(w, w.now())
    if len(per) < D.MAIL_VOLUME["min_people"]:  # a small world's teams and groups are too small to judge
        yield Finding("mail volume (too few people, reported only)", f"n={len(per)}", True)
        return
    medians = {r: statistics.median([x for role, x in per.values() if role == r] or [0]) for r in ROLES}
    for role in ROLES:
        lo, hi = D.MAIL_VOLUME["band"][role]
        yield Finding(
            f"mail volume: median received per working day ({role}) in [{lo:g}, {hi:g}]",
            f"{medians[role]:.1f}",
            lo <= medians[role] <= hi,
        )
    p10 = quantile([x for _, x in per.values()], 0.1)
    floor = D.MAIL_VOLUME["p10_min"]
    yield Finding(f"mail volume: p10 received per working day >= {floor:g}", f"{p10:.1f}", p10 >= floor)
    busier = medians["sales"] > medians["other"] and medians["manager"] > medians["other"]
    yield Finding(
        "mail volume: sales and managers receive more than the others",
        " / ".join(f"{r} {medians[r]:.1f}" for r in ROLES),
        busier,
    )


def table(w: World) -> list[tuple[str, float]]:
    """Received mail per person per working day: p10, p50, p90 of everyone, then the median of each role."""
    per = received_per_day(w, w.now())
    values = [x for _, x in per.values()]
    rows = [(q, round(quantile(values, p), 1)) for q, p in (("p10", 0.1), ("p50", 0.5), ("p90", 0.9))]
    return rows + [
        (r, round(statistics.median([x for role, x in per.values() if role == r] or [0]), 1)) for r in ROLES
    ]
