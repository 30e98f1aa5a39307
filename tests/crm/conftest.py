"""Fixtures: one Gym per session, a fresh episode of the `tiny` world per test, and rule-check helpers."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from apps.core.api import Episode, Gym


@pytest.fixture(scope="session")
def gym() -> Gym:
    return Gym()


@pytest.fixture
def episode(gym: Gym) -> Iterator[Episode]:
    ep = gym.create_episode("tiny")
    yield ep
    ep.close()


class Crm:
    """Thin helpers over an episode: `ok` returns data, `refused` checks a rule violation wrote nothing."""

    def __init__(self, episode: Episode):
        self.ep = episode

    def ok(self, action: str, **args: Any) -> Any:
        outcome = self.ep.invoke("crm", action, args)
        assert outcome.ok, f"{action} failed: {outcome.field}: {outcome.error}"
        return outcome.data()

    def refused(self, action: str, field: str | None, *fragments: str, **args: Any) -> str:
        """Call `action` expecting an error on `field` whose message has every fragment; state unchanged."""
        before = self.ep.state_hash()
        outcome = self.ep.invoke("crm", action, args)
        assert not outcome.ok, f"{action} should have failed"
        assert outcome.field == field, f"field {outcome.field!r} != {field!r}: {outcome.error}"
        for fragment in fragments:
            assert fragment.lower() in (outcome.error or "").lower(), f"{fragment!r} not in {outcome.error!r}"
        assert self.ep.state_hash() == before, "a refused action changed the state"
        return outcome.error or ""

    def account(self, name: str = "Test Co", **extra: Any) -> dict:
        return self.ok("create_account", name=name, **extra)

    def opportunity(self, **extra: Any) -> dict:
        args = {"name": "Test Deal", "close_date": "2026-12-31", "stage_name": "Prospecting", **extra}
        return self.ok("create_opportunity", **args)

    def history(self, opportunity_id: str) -> list[dict]:
        return self.ok("get_opportunity", opportunity_id=opportunity_id)["stage_history"]

    def entries(self) -> list[dict]:
        return self.ok("list_pricebook_entries")["records"]


@pytest.fixture
def crm(episode: Episode) -> Crm:
    return Crm(episode)
