"""Fixtures: one Gym per session, a fresh episode of the `tiny` world per test, and rule-check helpers."""

from __future__ import annotations

from typing import Any

import pytest

from apps.core.api import Episode
from tests.app_driver import AppDriver


class Crm(AppDriver):
    """Thin helpers over an episode: `ok` returns data, `refused` checks a rule violation wrote nothing."""

    app = "crm"

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
