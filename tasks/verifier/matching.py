"""Match rules for fields and answers (exact, one-of, numeric tolerance, normalized text, contains, a
table's rows: `tables.py`; a person, record, number, date, decision or refusal's reason read for its meaning:
`meaning_rules.py`)."""

from __future__ import annotations

import re
from typing import Any

from apps.core.meaning import declines
from apps.core.meaning.reason_concepts import CONCEPTS
from tasks.match_model import Match, NumberRule, ReasonRule
from tasks.verifier import meaning_rules as meaning
from tasks.verifier.tables import table_matches

_ISO_DATETIME = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}")


def normalize_text(value: Any) -> str:
    return re.sub(r"\s+", " ", str(value)).strip().casefold()


def _comparable(value: Any) -> Any:
    """Journal values are SQL scalars: booleans are 0/1, dates and datetimes are text."""
    if isinstance(value, bool):
        return int(value)
    return value


def matches(rule: Match, value: Any) -> bool:
    """Whether `value` satisfies `rule`."""
    if rule.is_null is not None:
        return (value is None) == rule.is_null
    if rule.table is not None:
        return table_matches(rule.table, value)
    if "equals" in rule.model_fields_set:
        expected = _comparable(rule.equals)
        if (
            isinstance(value, str)
            and isinstance(expected, str)
            and " " in value
            and _ISO_DATETIME.match(expected)
        ):
            return value.replace(" ", "T").startswith(expected)  # datetimes stored as 'YYYY-MM-DD HH:MM:SS…'
        return _comparable(value) == expected
    if rule.one_of is not None:
        return any(_comparable(value) == _comparable(option) for option in rule.one_of)
    if rule.approx is not None:  # a stored number, or a text that states it (see `number`)
        if value is None or isinstance(value, bool):
            return False
        return meaning.number_stated(NumberRule(value=rule.approx, tol=rule.tol), value)
    if rule.person is not None:
        return meaning.person_named(rule.person, value)
    if rule.record is not None:
        return meaning.record_named(rule.record, value)
    if rule.number is not None:
        return meaning.number_stated(rule.number, value)
    if rule.date is not None:
        return meaning.date_stated(rule.date, value)
    if rule.decision is not None:
        return meaning.decided(rule.decision, value)
    if rule.reason is not None:  # the reason in any wording, or one of its entities named
        entities = rule.reason.entities
        return meaning.reason_given(rule.reason, value) or any(matches(e, value) for e in entities)
    if rule.before is not None:  # stored moments are 'YYYY-MM-DD HH:MM:SS…' or ISO: both compare as text
        return value is not None and str(value).replace(" ", "T") < rule.before
    if rule.all_of is not None:
        return all(matches(r, value) for r in rule.all_of)
    if rule.any_of is not None:
        return any(matches(r, value) for r in rule.any_of)
    if rule.text is not None:
        return value is not None and normalize_text(value) == normalize_text(rule.text)
    if rule.contains is not None:
        return value is not None and normalize_text(rule.contains) in normalize_text(value)
    return False


def describe(rule: Match) -> str:
    """The rule in words, for readable diffs."""
    if rule.is_null is not None:
        return "empty" if rule.is_null else "not empty"
    if rule.table is not None:
        return f"a table of exactly {len(rule.table.rows)} rows: " + ", ".join(r.key for r in rule.table.rows)
    if "equals" in rule.model_fields_set:
        return f"= {rule.equals!r}"
    if rule.one_of is not None:
        return f"one of {rule.one_of!r}"
    if rule.approx is not None:
        return f"≈ {rule.approx:g} (±{rule.tol:g})"
    if rule.text is not None:
        return f"text {rule.text!r} (any case/spacing)"
    if rule.person is not None:
        alone = " and none of the other candidates" if rule.person.alone else ""
        return f"naming {rule.person.name}{alone}"
    if rule.record is not None:
        return f"naming {rule.record.number or rule.record.name or rule.record.id}"
    if rule.number is not None:
        kind = f" ({rule.number.kind})" if rule.number.kind else ""
        return f"stating {rule.number.value:g}{kind} (±{rule.number.tol:g}) in any notation"
    if rule.date is not None:
        at = f" at {rule.date.time}" if rule.date.time else ""
        return f"stating the date {rule.date.value}{at} in any notation"
    if rule.decision is not None:
        return f"deciding {rule.decision.replace('_', ' ')} in the writer's own words"
    if rule.reason is not None:
        return describe_reason(rule.reason)
    if rule.before is not None:
        return f"before {rule.before.replace('T', ' ')} UTC"
    if rule.all_of is not None:
        return " and ".join(describe(r) for r in rule.all_of)
    if rule.any_of is not None:
        return "either " + " or ".join(describe(r) for r in rule.any_of)
    return f"contains {rule.contains!r}"


def describe_reason(rule: ReasonRule) -> str:
    """A reason rule in words: the fact, the names that count for its object, the entities that count."""
    concept = CONCEPTS[rule.concept]
    lead = "speaking of" if concept.topic else "stating that" if concept.fact else "giving the reason that"
    said = f"{lead} {concept.summary}"
    if rule.names:
        said += f" ({', '.join(rule.names)})"
    if rule.entities:
        said += ", or " + " or ".join(describe(e) for e in rule.entities)
    return said + " in any wording"


def looks_like_refusal(answer: str | None) -> bool:
    """A refusal answer: it says it cannot or will not do it, in any wording."""
    return declines(answer)
