"""Fixtures: a fresh episode of the `tiny` world per test and helpers for the office actions."""

from __future__ import annotations

from typing import Any

import pytest

from apps.core.api import Episode
from tests.app_driver import AppDriver


class Office(AppDriver):
    """Thin helpers: `ok` returns data, `refused` checks a violation's message and that nothing changed."""

    app = "office"

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
def office(episode: Episode) -> Office:
    return Office(episode)


CROSS_APPS = ["office", "crm", "ticketing"]


@pytest.fixture
def cross_ep(gym):
    """A `tiny` episode with the office, the CRM and the desk (people know records of all three)."""
    episode = gym.create_episode("tiny", apps=CROSS_APPS)
    yield episode
    episode.close()
