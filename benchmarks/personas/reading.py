"""Comparing a persona's recorded reading of a message (the structured request it understood) with the
corpus' expected request: the same language, and each expected ask found with its intent, the records it is
about, the fields asked for and the value requested. Extra asks and extra detail are not misses."""

from __future__ import annotations

from typing import Any

from apps.core.meaning import fold, states_number


def _same_value(want: str, got: Any) -> bool:
    if got is None:
        return False
    text = str(got)
    if want.endswith("%"):
        return states_number(text, float(want[:-1]), kind="percent")
    return states_number(text, float(want.lstrip("$").replace(",", "")))


def _matches(want: dict[str, Any], got: dict[str, Any]) -> list[str]:
    misses = []
    if want.get("intent") != got.get("intent"):
        return [f"intent {got.get('intent')} instead of {want.get('intent')}"]
    about = {fold(a) for a in got.get("about", [])}
    for record in want.get("about", []):
        if fold(record) not in about:
            misses.append(f"{want['intent']}: does not read {record}")
    fields = set(got.get("fields", []))
    for name in want.get("fields", []):
        if name not in fields:
            misses.append(f"{want['intent']}: does not read the ask for {name}")
    if "value" in want and not _same_value(want["value"], got.get("value")):
        misses.append(f"{want['intent']}: value {got.get('value')} instead of {want['value']}")
    if "policy" in want and got.get("policy") != want["policy"]:
        misses.append(f"{want['intent']}: policy {got.get('policy')} instead of {want['policy']}")
    return misses


def reading_misses(want: dict[str, Any], got: dict[str, Any]) -> list[str]:
    """Why the recorded reading `got` differs from the expected request `want` (empty when it agrees)."""
    misses = []
    if want.get("language", "en") != got.get("language", "en"):
        misses.append(f"language {got.get('language')} instead of {want.get('language', 'en')}")
    asks = list(got.get("asks", []))
    for a in list(asks):  # one request with two facts may be read as two asks of one fact each
        same = [b for b in asks if b["intent"] == a["intent"] and b.get("about") == a.get("about")]
        if len(same) > 1:
            fields = [f for b in same for f in b.get("fields", [])]
            asks.append({**a, "fields": list(dict.fromkeys(fields))})
    for expected in want.get("asks", []):
        tries = [_matches(expected, a) for a in asks]
        best = min(tries, key=len) if tries else [f"no {expected.get('intent')} ask read"]
        misses += best
    return misses
