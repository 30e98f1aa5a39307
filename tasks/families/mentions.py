"""Match rules on free text for families: a person named, a record named, a number or date stated, a
decision taken — built from the world so a first name or a typo counts only where it is unambiguous."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from rapidfuzz.distance import Levenshtein

from apps.core.meaning import fold, words
from tasks.families.worldview import WorldView
from tasks.match_model import (
    DateRule,
    Match,
    NumberRule,
    PersonRef,
    PersonRule,
    ReasonRule,
    RecordRef,
    RecordRule,
)

STAFF = "SELECT display_name AS name, mail AS email FROM office_user ORDER BY display_name, mail"


def staff(world: WorldView) -> list[dict[str, Any]]:
    """Every employee (name, e-mail): who a note, mail or answer about colleagues may name."""
    return world.rows(STAFF)


def _confusable(name: str, other: str) -> bool:
    """Whether a short form or a typo of one name could be read as the other (a shared first or last
    name, or full names two edits apart)."""
    a, b = words(name), words(other)
    if not a or not b:
        return False
    return a[0] == b[0] or a[-1] == b[-1] or Levenshtein.distance(fold(name), fold(other)) <= 2


def person(
    name: str,
    email: str | None = None,
    *,
    among: list[dict[str, Any]] | tuple = (),
    alone: bool = False,
) -> Match:
    """The text names this person. `among` is the population they are told apart from (rows with `name`
    and `email`): only the confusable ones are kept — unless `alone`, where the text may name none of
    them (an answer that lists candidates)."""
    others = [
        PersonRef(name=p["name"], email=p.get("email"))
        for p in among
        if fold(p["name"]) != fold(name) and (alone or _confusable(name, p["name"]))
    ]
    return Match(person=PersonRule(name=name, email=email, others=others, alone=alone))


def record(
    number: str | None = None,
    name: str | None = None,
    id: str | None = None,
    *,
    others: list[dict[str, Any]] | tuple = (),
) -> Match:
    """The text names this record (by number, name or id); with `others` (rows with any of `number`,
    `name`, `id`) it names none of them."""
    rivals = [RecordRef(number=o.get("number"), name=o.get("name"), id=o.get("id")) for o in others]
    return Match(record=RecordRule(number=number, name=name, id=id, others=rivals, alone=bool(rivals)))


Kind = Literal["percent", "money", "number"]


def number(value: float, tol: float = 0.005, kind: Kind | None = None) -> Match:
    """The text states this number in any notation."""
    return Match(number=NumberRule(value=value, tol=tol, kind=kind))


def date(value: str, reference: str | None = None, tz: str | None = None, time: str | None = None) -> Match:
    """The text states this calendar date (YYYY-MM-DD) in any notation, and with `time` ("HH:MM", 24-hour)
    that time of day in any notation ("08:00", "8 am", "0800 hours")."""
    return Match(date=DateRule(value=value[:10], reference=reference, tz=tz, time=time))


def decision(value: Literal["approved", "rejected", "not_needed", "more_info"]) -> Match:
    """The writer's own words take this decision."""
    return Match(decision=value)


def all_of(*rules: Match) -> Match:
    """Every rule holds."""
    return Match(all_of=list(rules))


def any_of(*rules: Match) -> Match:
    """At least one rule holds."""
    return Match(any_of=list(rules))


def approved(value: float | None = None, kind: Kind | None = None, tol: float = 0.005) -> Match:
    """An approval in the approver's own words (quoted text left out), of `value` when given."""
    rules = [decision("approved"), *([number(value, tol, kind)] if value is not None else [])]
    return rules[0] if len(rules) == 1 else all_of(*rules)


def reason(
    *concepts: str, names: Iterable[str] = (), others: Iterable[str] = (), entities: Iterable[Match] = ()
) -> list[Match]:
    """What a refusal must give as its reason: any one of these concepts (`apps.core.meaning.
    reason_concepts`: "has_children", "not_member"…) in any wording, `names` being the truth's names for
    its object (the group, the state) and `others` longer names that are not it, or naming any of `entities`
    (the child accounts, the limit, the owner, the policy)."""
    given = {"names": list(names), "others": list(others), "entities": list(entities)}
    return [Match(reason=ReasonRule(concept=c, **given)) for c in concepts]


CRM_USERS = "SELECT name, email FROM crm_user ORDER BY name, email"
ACCOUNTS = "SELECT name FROM crm_account ORDER BY name, id"


def one_person(world: WorldView, name: str, email: str | None = None, sql: str = STAFF) -> Match:
    """An answer naming this person and nobody else of the population `sql` selects (rows with `name`,
    `email`): the people who could have been the answer."""
    return person(name, email, among=world.rows(sql), alone=True)
