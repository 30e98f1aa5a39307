"""Who reads a persona's messages: the deterministic rules by default, or a lab's model.

An app option `reader` (`Gym(app_options={"office": {"reader": ...}, "ticketing": {"reader": ...}})`)
replaces the rule-based reading; it only turns a message into a `Request` — the rules still decide and the
world's facts still answer. `RuleReader` is the default.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol, runtime_checkable

from apps.core.app_options import configured
from apps.core.understanding.request import Reading, Request

Rules = Callable[[str, str, Reading, str], Request]


@runtime_checkable
class MessageReader(Protocol):
    def read(self, subject: str, text: str, reading: Reading, role: str, *, rules: Rules) -> Request:
        """The structured request of a message (`rules` is the rule-based reader, for a fallback)."""


class RuleReader:
    """The deterministic default: the rule-based reader."""

    def read(self, subject: str, text: str, reading: Reading, role: str, *, rules: Rules) -> Request:
        return rules(subject, text, reading, role)


def configured_reader(options: Mapping[str, object]) -> MessageReader:
    """The reader a lab configured for the app (`reader` option), or the rule-based one.

    Args:
        options: the app's options on the episode's Gym (`ctx.options`).
    """
    return configured(options, "reader", MessageReader, RuleReader)
