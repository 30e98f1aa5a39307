"""Test helper shared by the per-app suites: call one app's actions and check refusals change nothing."""

from __future__ import annotations

from typing import Any

from apps.core.api import Episode


class AppDriver:
    """Thin helpers over an episode for the app named `app`.

    `ok` returns an action's data; `refused` checks a rule violation names the field, says every
    fragment, and leaves the state hash as it was.
    """

    app = ""

    def __init__(self, episode: Episode):
        self.ep = episode

    def ok(self, action: str, **args: Any) -> Any:
        outcome = self.ep.invoke(self.app, action, args)
        assert outcome.ok, f"{action} failed: {outcome.field}: {outcome.error}"
        return outcome.data()

    def refused(self, action: str, field: str | None, *fragments: str, **args: Any) -> str:
        """Call `action` expecting an error on `field` whose message has every fragment; state unchanged."""
        before = self.ep.state_hash()
        outcome = self.ep.invoke(self.app, action, args)
        assert not outcome.ok, f"{action} should have failed"
        assert outcome.field == field, f"field {outcome.field!r} != {field!r}: {outcome.error}"
        for fragment in fragments:
            assert fragment.lower() in (outcome.error or "").lower(), f"{fragment!r} not in {outcome.error!r}"
        assert self.ep.state_hash() == before, "a refused action changed the state"
        return outcome.error or ""
