"""How a value must look: `Match` and the rules it holds (a table's rows, a person, a record, a number, a
date, a reason named in free text). Expectations, answers, checkpoints and rubric criteria of a task's
private truth (`tasks.truth_model`) state their values with them; `Strict` is every task model's base.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_serializer, model_validator

from apps.core.meaning.reason_concepts import CONCEPTS


class Strict(BaseModel):
    """The base of every task model: a field it does not know is an error, never ignored."""

    model_config = ConfigDict(extra="forbid")


class TableRow(Strict):
    """One expected row of a table: found by `key` (or an alias, e.g. a 15-character id), naming every
    one of `words` and showing every one of `amounts` to the cent (sign and formatting ignored)."""

    key: str = Field(min_length=1)
    aliases: list[str] = []
    words: list[str] = []
    amounts: list[float] = []


class TableMatch(Strict):
    """A table in a text must hold exactly these rows: each expected row present with its amounts, and —
    when `other_keys` (a regular expression) is given — no row naming another key of that shape; no row
    may still fit one of `absent` (a stale figure left standing beside the new one)."""

    rows: list[TableRow] = Field(min_length=1)
    other_keys: str | None = None
    absent: list[TableRow] = []

    @model_serializer(mode="wrap")
    def _without_empty_absent(self, handler: Any) -> dict[str, Any]:
        """Written only when given, so a rule without it serializes as before it existed (the instance
        digests of every family stay what they were)."""
        data = handler(self)
        if not data.get("absent"):
            data.pop("absent", None)
        return data


class PersonRef(Strict):
    """Someone free text may name: their directory name, e-mail and other names they go by."""

    name: str = Field(min_length=1)
    email: str | None = None
    aliases: list[str] = []


class PersonRule(PersonRef):
    """Free text names this person (full name, last-first, e-mail, alias; a first name or a small typo when it
    fits them and none of `others`). `alone`: it names none of `others` either (an answer that lists rival
    candidates is a guess, not an answer)."""

    others: list[PersonRef] = []
    alone: bool = False


class RecordRef(Strict):
    """A record free text may name: its number (INC0010001), name or id (at least one)."""

    number: str | None = None
    name: str | None = None
    id: str | None = None

    @model_validator(mode="after")
    def _something(self) -> RecordRef:
        if not (self.number or self.name or self.id):
            raise ValueError("a record needs a number, a name or an id")
        return self


class RecordRule(RecordRef):
    """Free text names this record (number in any case and spacing, name in any case and punctuation, id).
    `alone`: it names none of `others` either."""

    others: list[RecordRef] = []
    alone: bool = False


class NumberRule(Strict):
    """Free text states this number within `tol`, in any notation (12.5%, "twelve and a half percent",
    $1,250.00, 1.25k). `kind` ("percent", "money", "number") narrows what counts; a bare number always does.
    The text may give supporting figures, but not hedge between values ("3 or 4") nor list many of them."""

    value: float
    tol: float = 0.005
    kind: Literal["percent", "money", "number"] | None = None


class DateRule(Strict):
    """Free text states this calendar date (YYYY-MM-DD) in any notation; `reference` (the world's clock, ISO)
    and `tz` resolve dates without a year and relative ones ("next Monday"); it states none of `others`;
    with `time` it also states that time of day ("08:00" = "8 am" = "0800 hours")."""

    value: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")
    reference: str | None = None
    tz: str | None = None
    others: list[str] = []  # competing dates (YYYY-MM-DD) the text may not state: an answer is one date
    time: str | None = Field(None, pattern=r"^\d{2}:\d{2}$")  # and this time of day (HH:MM), any notation

    @model_serializer(mode="wrap")
    def _without_absent_time(self, handler: Any) -> dict[str, Any]:
        """`time` is written only when given, so a date rule serializes as before it existed."""
        data = handler(self)
        if data.get("time") is None:
            data.pop("time", None)
        return data


class ReasonRule(Strict):
    """Free text gives this reason (`concept`, one of `apps.core.meaning.reason_concepts.CONCEPTS`) in the
    writer's own words, in any wording and not negated; `names` are the truth's names for the concept's
    object (the group, the record's state, the account) and `others` longer names that are not it (a child
    account named after its parent); naming any of `entities` (the child accounts, the limit, the owner, the
    policy) gives the reason too."""

    concept: str
    names: list[str] = []
    others: list[str] = []
    entities: list[Match] = []

    @model_validator(mode="after")
    def _known(self) -> ReasonRule:
        if self.concept not in CONCEPTS:
            raise ValueError(f"unknown reason concept {self.concept!r} (one of {sorted(CONCEPTS)})")
        return self


class Match(Strict):
    """How one field must look. Exactly one rule is given.

    equals: exact value · one_of: any of the values · approx + tol: numeric within tol ·
    text: equal ignoring case and surrounding/inner whitespace runs · contains: substring, case-insensitive
    (only for words the prompt quotes) · is_null: true/false · table: a table in the text holds exactly these
    rows (set match, exact amounts) · person / record / number / date: free text names that person or record,
    states that number or date, in any wording · decision: the writer's own words (quoted text left out)
    decide approved / rejected / not_needed / more_info · reason: the writer's own words give this reason
    for a refusal (a concept in any wording, or one of its entities) · before: a stored moment earlier
    than this one (ISO, UTC: "2026-11-06T05:00:00") · all_of: every one of these rules holds · any_of: at
    least one does.
    """

    equals: Any = None
    one_of: list[Any] | None = None
    approx: float | None = None
    tol: float = 0.005
    text: str | None = None
    contains: str | None = None
    is_null: bool | None = None
    table: TableMatch | None = None
    person: PersonRule | None = None
    record: RecordRule | None = None
    number: NumberRule | None = None
    date: DateRule | None = None
    decision: Literal["approved", "rejected", "not_needed", "more_info"] | None = None
    reason: ReasonRule | None = None
    before: str | None = None
    all_of: list[Match] | None = None
    any_of: list[Match] | None = None

    @model_validator(mode="after")
    def _one_rule(self) -> Match:
        given = [
            k
            for k in (
                "one_of",
                "approx",
                "text",
                "contains",
                "is_null",
                "table",
                "person",
                "record",
                "number",
                "date",
                "decision",
                "reason",
                "before",
                "all_of",
                "any_of",
            )
            if getattr(self, k) is not None
        ]
        if "equals" in self.model_fields_set:
            given.append("equals")
        if len(given) != 1:
            raise ValueError(f"a match needs exactly one rule, got {given or 'none'}")
        return self
