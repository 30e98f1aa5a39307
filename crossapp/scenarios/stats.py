"""The long-horizon distribution `saasgym tasks stats` shows: how many scenario instances reach 15, 30 and
100 oracle calls, how many days they simulate, how many apps they span and which personas take part."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tasks.model import Task

CALL_BUCKETS = (15, 30, 100)


def long_horizon(tasks: list[Task]) -> dict[str, Any]:
    """The distribution over the scenario instances among `tasks` (the others are left out).

    Args:
        tasks: catalog instances; those whose measures mark them as scenarios are counted.
    """
    found = [t for t in tasks if t.truth.measures is not None and t.truth.measures.scenario]
    calls = Counter()
    for t in found:
        for low in CALL_BUCKETS:
            calls[f">={low}"] += t.truth.measures.oracle_calls >= low
    personas = Counter(p for t in found for p in t.truth.measures.personas)
    return {
        "instances": len(found),
        "families": len({t.public.family for t in found}),
        "calls": {k: calls[k] for k in (f">={low}" for low in CALL_BUCKETS)},
        "calls_exact": dict(sorted(Counter(t.truth.measures.oracle_calls for t in found).items())),
        "days": {f"{k:g}": v for k, v in sorted(Counter(t.truth.measures.days for t in found).items())},
        "apps": dict(sorted(Counter(t.truth.measures.apps for t in found).items())),
        "checkpoints": dict(sorted(Counter(len(t.truth.checkpoints) for t in found).items())),
        "personas": dict(personas.most_common()),
    }


def lines(dist: dict[str, Any]) -> list[str]:
    """The distribution as text lines for the terminal."""
    if not dist["instances"]:
        return ["long-horizon scenarios: none"]
    out = [f"long-horizon scenarios: {dist['instances']} instances of {dist['families']} families"]
    out.append("  oracle calls: " + ", ".join(f"{k} {v}" for k, v in dist["calls"].items()))
    out.append("  calls (exact): " + ", ".join(f"{k}: {v}" for k, v in dist["calls_exact"].items()))
    out.append("  days simulated: " + ", ".join(f"{k}: {v}" for k, v in dist["days"].items()))
    out.append("  apps: " + ", ".join(f"{k}: {v}" for k, v in dist["apps"].items()))
    out.append("  checkpoints: " + ", ".join(f"{k}: {v}" for k, v in dist["checkpoints"].items()))
    out.append(f"  personas involved ({len(dist['personas'])}):")
    out += [f"    {who}: {n} instances" for who, n in dist["personas"].items()]
    return out
