"""Small shared helpers of the world generator: scaling, dates, ids, JSONL output."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from faker import Faker

ISO_DT = "%Y-%m-%dT%H:%M:%S"


def make_faker(rng: random.Random) -> Faker:
    """An en_US Faker seeded from `rng` (so it belongs to that part's random stream)."""
    fake = Faker("en_US")
    fake.seed_instance(rng.getrandbits(64))
    return fake


def scaled(scale: float, base: int, minimum: int) -> int:
    """`base` records at scale 1.0, multiplied by `scale`, never fewer than `minimum`."""
    return max(minimum, round(base * scale))


def fmt_dt(value: datetime) -> str:
    """Naive UTC datetime as YYYY-MM-DDTHH:MM:SS."""
    return value.replace(microsecond=0).strftime(ISO_DT)


def fmt_date(value: date) -> str:
    """Date as YYYY-MM-DD."""
    return value.isoformat()


def rand_dt(rng: random.Random, start: datetime, end: datetime) -> datetime:
    """A uniformly random whole-second datetime in [start, end] (start if the range is empty)."""
    span = int((end - start).total_seconds())
    if span <= 0:
        return start.replace(microsecond=0)
    return (start + timedelta(seconds=rng.randint(0, span))).replace(microsecond=0)


def rand_date(rng: random.Random, start: date, end: date) -> date:
    """A uniformly random date in [start, end] (start if the range is empty)."""
    span = (end - start).days
    return start if span <= 0 else start + timedelta(days=rng.randint(0, span))


def business_day(day: date) -> date:
    """The same day, or the next Monday when it falls on a weekend."""
    while day.weekday() >= 5:
        day += timedelta(days=1)
    return day


def business_dt(rng: random.Random, day: date) -> datetime:
    """A datetime during business hours (9:00-17:00, quarter hours) on a weekday at or after `day`."""
    day = business_day(day)
    minutes = rng.randrange(9 * 60, 17 * 60, 15)
    return datetime(day.year, day.month, day.day, minutes // 60, minutes % 60)


def weighted(rng: random.Random, options: dict[str, float]) -> str:
    """One key of `options`, drawn with the values as weights."""
    keys = list(options)
    return rng.choices(keys, weights=[options[k] for k in keys])[0]


def slug(text: str) -> str:
    """Lowercase letters and digits only (for e-mail addresses and domains)."""
    return re.sub(r"[^a-z0-9]", "", text.lower())


def us_phone(rng: random.Random, area: str | None = None) -> str:
    """A North American phone number in the 555 fictional exchange, like (415) 555-0142."""
    area = area or str(rng.randint(201, 989))
    return f"({area}) 555-{rng.randint(100, 9999):04d}"


def distribute(rng: random.Random, n_slots: int, total: int, low: int, high: int) -> list[int]:
    """Split `total` into `n_slots` counts each within [low, high] (as far as possible), randomly."""
    counts = [low] * n_slots
    remaining = total - low * n_slots
    open_slots = [i for i in range(n_slots) if counts[i] < high]
    while remaining > 0 and open_slots:
        i = rng.choice(open_slots)
        counts[i] += 1
        remaining -= 1
        if counts[i] >= high:
            open_slots.remove(i)
    return counts


def write_jsonl(path: Path, rows: Iterable[dict[str, Any]]) -> int:
    """Write records as sorted-key JSON lines; returns how many."""
    path.parent.mkdir(parents=True, exist_ok=True)
    n = 0
    with path.open("w", encoding="utf-8", newline="\n") as fh:
        for row in rows:
            fh.write(json.dumps(row, sort_keys=True) + "\n")
            n += 1
    return n
