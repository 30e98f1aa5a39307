"""The frontier tier's distribution `saasgym tasks stats` shows: per family, how many instances and, over
them, the records to discover, the people to involve, the handbook policies in play, the distractors and
the share of requests under-specified on purpose (asking is the right move)."""

from __future__ import annotations

from collections import Counter
from statistics import mean
from typing import Any

from tasks.model import Task

MEASURES = ("discover", "people", "policies", "distractors")


def frontier(tasks: list[Task]) -> dict[str, Any]:
    """The frontier tier among `tasks` (the others are left out): per family and over the tier, each
    measure's histogram and mean, the policies named and how many instances ask first.

    Args:
        tasks: catalog instances; those whose measures carry frontier measures are counted.
    """
    found = [t for t in tasks if t.truth.measures is not None and t.truth.measures.frontier is not None]
    per: dict[str, list[Task]] = {}
    for t in found:
        per.setdefault(t.public.family or t.public.id, []).append(t)
    return {
        "instances": len(found),
        "families": {name: _summary(group) for name, group in sorted(per.items())},
        "tier": _summary(found),
    }


def _values(t: Task) -> dict[str, int]:
    f = t.truth.measures.frontier
    return {
        "discover": f.discover,
        "people": f.people,
        "policies": len(f.policies),
        "distractors": f.distractors,
    }


def _summary(group: list[Task]) -> dict[str, Any]:
    if not group:
        return {"instances": 0}
    values = [_values(t) for t in group]
    out: dict[str, Any] = {"instances": len(group)}
    for m in MEASURES:
        column = [v[m] for v in values]
        out[m] = {"mean": round(mean(column), 2), "hist": dict(sorted(Counter(column).items()))}
    out["ask"] = sum(t.truth.measures.frontier.ask for t in group)
    out["policy_titles"] = dict(
        Counter(p for t in group for p in t.truth.measures.frontier.policies).most_common()
    )
    out["splits"] = dict(sorted(Counter(t.public.split for t in group).items()))
    out["apps"] = dict(sorted(Counter(len(t.public.apps) for t in group).items()))
    return out


def lines(dist: dict[str, Any]) -> list[str]:
    """The distribution as text lines for the terminal."""
    if not dist["instances"]:
        return ["frontier tier: none"]
    tier = dist["tier"]
    out = [f"frontier tier: {dist['instances']} instances of {len(dist['families'])} families"]
    for m in MEASURES:
        hist = ", ".join(f"{k}: {v}" for k, v in tier[m]["hist"].items())
        out.append(f"  {m} (mean {tier[m]['mean']}): {hist}")
    out.append(f"  under-specified on purpose (ask first): {tier['ask']}")
    out.append(
        "  policies in play: " + (", ".join(f"{k} {v}" for k, v in tier["policy_titles"].items()) or "none")
    )
    out.append("  per family (instances · mean discover / people / policies / distractors · ask · splits):")
    for name, s in dist["families"].items():
        means = " / ".join(str(s[m]["mean"]) for m in MEASURES)
        splits = ", ".join(f"{k} {v}" for k, v in s["splits"].items())
        out.append(f"    {name}: {s['instances']} · {means} · {s['ask']} · {splits}")
    return out
