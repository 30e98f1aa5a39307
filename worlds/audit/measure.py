"""The distributions of a world, measured: tables (for text histograms) and band checks against the
parameters written in `worlds.generator.distributions`. Bands are only enforced on samples of >= 200."""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Iterator
from datetime import datetime, timedelta

from worlds.audit.checks import SYSTEM_SENDERS, Finding, World, unique_mails
from worlds.generator import distributions as D

MIN_SAMPLE = 200
DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


def _dt(s: str) -> datetime:
    return datetime.fromisoformat(s)


def tables(w: World) -> dict[str, list[tuple[str, float]]]:
    """Named distributions as (label, value) rows."""
    inc = w["ticketing/incident"]
    hq = [_dt(i["opened_at"]) + D.HQ_UTC_OFFSET for i in inc]
    out: dict[str, list[tuple[str, float]]] = {}
    hours = Counter(t.hour for t in hq)
    out["incident arrivals by hour (HQ time)"] = [(f"{h:02d}", hours[h]) for h in range(24)]
    days = Counter(t.weekday() for t in hq)
    out["incident arrivals by weekday"] = [(DAYS[d], days[d]) for d in range(7)]
    prio = Counter(i["priority"] for i in inc)
    out["priority mix (%)"] = [(f"P{p}", round(100 * prio[p] / max(1, len(inc)), 1)) for p in range(1, 6)]
    res: dict[int, list[float]] = defaultdict(list)
    for i in inc:
        if i["resolved_at"]:
            res[i["priority"]].append((_dt(i["resolved_at"]) - _dt(i["opened_at"])).total_seconds() / 3600)
    out["median resolution hours by priority"] = [
        (f"P{p}", round(statistics.median(v), 1)) for p, v in sorted(res.items())
    ]
    re_count = Counter(i["reassignment_count"] for i in inc)
    out["reassignment counts"] = [(str(k), v) for k, v in sorted(re_count.items())]
    out["median deal size by segment ($)"] = [(s, round(m)) for s, m in deal_medians(w).items()]
    now = _dt(w.folder.joinpath("manifest.json").read_text().split('"now": "')[1][:19])
    ages = [(now - _dt(o["created_date"])).days for o in w["crm/opportunity"] if not o["is_closed"]]
    buckets = Counter(min(a // 30, 6) for a in ages)
    out["open deal age (30-day buckets)"] = [
        (f"{30 * b}-{30 * b + 29}d" if b < 6 else "180d+", buckets[b]) for b in range(7)
    ]
    inbox = Counter(m["owner_id"] for m in w["office/message"] if m["from_address"] not in SYSTEM_SENDERS)
    vol = sorted(inbox.values())
    out["mail copies per person per working day (people's mail)"] = (
        [
            (q, round(vol[int(p * (len(vol) - 1))] / 85, 2))
            for q, p in (("p10", 0.1), ("p50", 0.5), ("p90", 0.9))
        ]
        if vol
        else []
    )
    users = {u["mail"]: u["department"] for u in w["office/user"]}
    per: Counter = Counter(users.get(a["email_address"]) for a in w["office/attendee"])
    heads = Counter(users.values())
    out["calendar events per person by department"] = [
        (d, round(per[d] / heads[d], 1)) for d in sorted(heads)
    ]
    return out


def deal_medians(w: World) -> dict[str, float]:
    """Median opportunity amount per segment, in the segments' order (SMB, Mid-market, Enterprise)."""
    sizes: dict[str, list[float]] = defaultdict(list)
    accounts = {a["id"]: a for a in w["crm/account"]}
    for o in w["crm/opportunity"]:
        seg = D.segment(accounts.get(o["account_id"], {}).get("number_of_employees"))
        sizes[seg].append(o["amount"] or 0)
    return {name: statistics.median(sizes[name]) for _, name in D.SEGMENTS if sizes[name]}


def bands(w: World) -> Iterator[Finding]:
    """The measured distributions against the written parameters."""
    inc = w["ticketing/incident"]
    if len(inc) < MIN_SAMPLE:
        yield Finding("distributions (sample too small, reported only)", f"n={len(inc)}", True)
        return
    hq = [_dt(i["opened_at"]) + D.HQ_UTC_OFFSET for i in inc]
    business = sum(1 for t in hq if t.weekday() < 5 and 8 <= t.hour < 18) / len(hq)
    yield Finding("arrivals: share in business hours (>= 70%)", f"{business:.1%}", business >= 0.7)
    days = Counter(t.weekday() for t in hq)
    yield Finding("arrivals: Monday is the busiest weekday", f"Mon {days[0]}", days[0] == max(days.values()))
    prio = Counter(i["priority"] for i in inc)
    for p, (lo, hi) in D.PRIORITY_BANDS.items():
        share = prio[p] / len(inc)
        yield Finding(f"priority P{p} share in [{lo:.0%}, {hi:.0%}]", f"{share:.1%}", lo <= share <= hi)
    slas = [s for s in w["ticketing/task_sla"] if s["stage"] == "completed"]
    res = {s["sys_id"] for s in w["ticketing/contract_sla"] if s["target"] == "resolution"}
    done = [s for s in slas if s["sla"] in res]
    rate = sum(s["has_breached"] for s in done) / max(1, len(done))
    lo, hi = D.SLA_BREACH_BAND
    yield Finding(f"resolution SLA breach rate in [{lo:.0%}, {hi:.0%}]", f"{rate:.1%}", lo <= rate <= hi)
    closed = [o for o in w["crm/opportunity"] if o["is_closed"]]
    win = sum(o["is_won"] for o in closed) / max(1, len(closed))
    lo, hi = D.WIN_RATE_BAND
    yield Finding(f"CRM win rate in [{lo:.0%}, {hi:.0%}]", f"{win:.1%}", lo <= win <= hi)
    medians = deal_medians(w)
    values = list(medians.values())
    rising = list(medians) == [name for _, name in D.SEGMENTS] and all(
        b >= D.DEAL_STEP_MIN * a for a, b in zip(values, values[1:], strict=False)
    )
    yield Finding(
        f"CRM median deal size rises SMB < Mid-market < Enterprise (x{D.DEAL_STEP_MIN:g} a step)",
        " < ".join(f"${m:,.0f}" for m in medians.values()),
        rising,
    )
    mails = unique_mails(w)
    manifest_now = max(_dt(m["sent_date_time"]) for m in mails)
    actor_mail = {m["owner_id"] for m in w["office/message"]}
    top = Counter(
        m["owner_id"]
        for m in w["office/message"]
        if _dt(m["received_date_time"]) > manifest_now - timedelta(days=28)
    )
    busiest = max(top.values()) / 20 if top and actor_mail else 0
    lo, hi = D.ACTOR_MAIL_PER_DAY
    yield Finding(
        f"busiest mailbox, mails per working day in [{lo:g}, {hi:g}]", f"{busiest:.1f}", lo <= busiest <= hi
    )
