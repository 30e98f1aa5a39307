"""Helpers for families that score a mail by rubric criteria: the mail's body as the deliverable, and a
fact criterion (deterministic) paired with a judged one on the same text."""

from __future__ import annotations

from typing import Any

from tasks.match_model import Match
from tasks.truth_model import Criterion, CriterionType, Deliverable


def mail_body(where: dict[str, Match]) -> Deliverable:
    """The body of the mails (`office_message` rows the episode added) whose fields meet `where` — pin the
    sender's copy (`owner_id`) so a colleague's inbox copy is not read twice."""
    return Deliverable(table="office_message", where=where, field="body_content")


def fact_and_reading(
    text: Deliverable,
    facts: tuple[str, str, dict[str, Any]],
    reading: tuple[str, CriterionType, str],
) -> list[Criterion]:
    """A deterministic `states_fact` criterion (id, holds, what it extracts: numbers, names, phrases …) and a
    judged one (id, type, holds) on the same deliverable."""
    fact_id, fact_holds, extracts = facts
    read_id, read_type, read_holds = reading
    return [
        Criterion(
            id=fact_id,
            kind="deterministic",
            type="states_fact",
            holds=fact_holds,
            deliverable=text,
            **extracts,
        ),
        Criterion(id=read_id, kind="judged", type=read_type, holds=read_holds, deliverable=text),
    ]
