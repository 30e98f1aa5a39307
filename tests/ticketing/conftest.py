"""Fixtures: a fresh episode of the `tiny` world per test, and rule-check helpers for the ticketing app."""

from __future__ import annotations

from typing import Any

import pytest

from apps.core.api import Episode
from tests.app_driver import AppDriver


class Desk(AppDriver):
    """`ok` returns an action's data; `refused` checks a rule violation names the field and wrote nothing."""

    app = "ticketing"

    @property
    def me(self) -> dict:
        return self.ok("get_current_user")

    def group(self, name: str = "Service Desk") -> dict:
        return next(g for g in self.ok("list_groups")["records"] if g["name"] == name)

    def members(self, name: str) -> list[dict]:
        return self.ok("get_group_members", group=name)["records"]

    def outsider(self, name: str) -> dict:
        inside = {u["sys_id"] for u in self.members(name)}
        return next(
            u
            for u in self.ok("list_users", department="Sales", limit=50)["records"]
            if u["sys_id"] not in inside
        )

    def caller(self) -> dict:
        return self.ok("list_users", department="Sales", limit=1)["records"][0]

    def incident(self, **extra: Any) -> dict:
        args = {"caller_id": self.caller()["sys_id"], "short_description": "Laptop will not boot", **extra}
        return self.ok("create_incident", **args)

    def slas(self, number: str) -> dict[str, dict]:
        return {
            s["target"]: s
            for s in self.ok("get_incident", incident_id=number)["task_slas"]
            if s["stage"] != "cancelled"
        }


@pytest.fixture
def desk(episode: Episode) -> Desk:
    return Desk(episode)
