"""One matching rule for every app's search: `%` and `_` in the user's text are literal characters."""

from __future__ import annotations

import pytest

from apps.core.api import Gym

# Tools whose `query` is a query language, not the user's search text: ServiceNow's encoded query (Table and
# Aggregate API).
_QUERY_LANGUAGES = {("ticketing", "table_query"), ("ticketing", "table_stats")}


def _search_tools(gym: Gym) -> list[tuple[str, str, str]]:
    out = []
    for spec in gym.apps.values():
        for action in spec.actions:
            names = [p.name for p in action.params]
            if (spec.name, action.name) in _QUERY_LANGUAGES:
                continue
            if action.read_only and ("search" in names or "query" in names):
                out.append((spec.name, action.name, "search" if "search" in names else "query"))
    return out


def _records(result) -> list:
    """Every list in a search result (records, hits per object kind …)."""
    if isinstance(result, list):
        return result
    found = []
    for value in (result or {}).values():
        if isinstance(value, list):
            found += value
        elif isinstance(value, dict):
            found += _records(value)
    return found


@pytest.fixture(scope="module")
def acme(gym: Gym):
    ep = gym.create_episode("acme")
    yield ep
    ep.close()


def test_every_search_tool_is_covered(gym: Gym):
    covered = {(app, name) for app, name, _ in _search_tools(gym)}
    assert {
        ("crm", "search_records"),
        ("office", "search_messages"),
        ("ticketing", "list_incidents"),
    } <= covered
    assert len(covered) >= 15


@pytest.mark.parametrize("text", ["%%%%", "_%%_", "%_%_"])  # (mail quotes a ____ rule, literally)
def test_wildcards_in_search_text_match_only_themselves(gym: Gym, acme, text: str):
    for app, name, param in _search_tools(gym):
        out = acme.invoke(app, name, {param: text})
        assert out.ok, (app, name, out.error)
        assert _records(out.data()) == [], f"{app}_{name}({param}={text!r}) treated it as a wildcard"


def test_a_literal_percent_and_underscore_are_found(gym: Gym):
    ep = gym.create_episode("acme", apps=["crm", "ticketing"])
    ep.call("crm_create_account", name="Deal 100%_match Holdings")
    ep.call("crm_create_account", name="Deal 1000 match Holdings")
    names = [r["name"] for r in ep.call("crm_list_accounts", search="0%_m")["records"]]
    assert names == ["Deal 100%_match Holdings"]
    ep.close()
