"""Fixtures: a fresh episode of the `tiny` world per test and helpers for the office actions."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from apps.core.api import Episode, Gym


class Office:
    """Thin helpers: `ok` returns data, `refused` checks a violation's message and that nothing changed."""

    def __init__(self, episode: Episode):
        self.ep = episode

    def ok(self, action: str, **args: Any) -> Any:
        outcome = self.ep.invoke("office", action, args)
        assert outcome.ok, f"{action} failed: {outcome.field}: {outcome.error}"
        return outcome.data()

    def refused(self, action: str, field: str | None, *fragments: str, **args: Any) -> str:
        before = self.ep.state_hash()
        outcome = self.ep.invoke("office", action, args)
        assert not outcome.ok, f"{action} should have failed"
        assert outcome.field == field, f"field {outcome.field!r} != {field!r}: {outcome.error}"
        for fragment in fragments:
            assert fragment.lower() in (outcome.error or "").lower(), f"{fragment!r} not in {outcome.error!r}"
        assert self.ep.state_hash() == before, "a refused action changed the state"
        return outcome.error or ""

    def sql(self, query: str, *params: Any) -> list:
        return self.ep.db.execute_raw(query, params)

    @property
    def me(self) -> dict:
        return self.ok("get_my_profile")

    def personas(self) -> list[dict]:
        rows = self.sql(
            "SELECT u.mail, p.reply_delay_minutes, u.department FROM office_persona p "
            "JOIN office_user u ON u.id = p.user_id ORDER BY p.id"
        )
        return [{"mail": r[0], "delay": r[1], "department": r[2]} for r in rows]

    def colleague_without_persona(self) -> str:
        return self.sql(
            "SELECT mail FROM office_user WHERE id NOT IN (SELECT user_id FROM office_persona) AND id != ? "
            "ORDER BY mail LIMIT 1",
            self.me["id"],
        )[0][0]

    def inbox(self, **args: Any) -> list[dict]:
        return self.ok("list_messages", **args)["records"]


@pytest.fixture
def episode(gym: Gym) -> Iterator[Episode]:
    ep = gym.create_episode("tiny")
    yield ep
    ep.close()


@pytest.fixture
def office(episode: Episode) -> Office:
    return Office(episode)
