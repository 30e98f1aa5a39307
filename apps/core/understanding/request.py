"""The structured request every persona reads a message into, and what the reader may match it against.

`Request` (language, asks) is the one shape a rule-based reading and a model's reading both produce (its
JSON schema is what a model is asked to fill, `Request.model_json_schema()`); the apps' responders only
decide and answer from it. `Known` items are the records, documents and people a reader can resolve a
mention to; `Reading` is what the reader is handed besides the text: the thread so far, the clock, the
reader's own records and the wider world's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Intent = Literal[
    "record_status",  # a deal's, account's or incident's facts (stage, amount, next step, state …)
    "device_facts",  # what a caller knows of their device and problem (serial, asset tag, OS …)
    "approval",  # approve a value under a policy (discount, expense, travel, purchase, gift, credit) or a
    # change request on the service desk (policy "change": the Change Freeze Policy decides, no value)
    "document",  # share / point to a document asked for by name or description
    "meeting_time",  # propose a time to meet
    "policy_question",  # a fact of a policy (limits, who approves, terms)
    "person_info",  # the reader's own role, hours, account manager
    "other",  # a question on a topic someone else owns (invoices, budget, legal …)
]
Policy = Literal["discount", "expense", "travel", "purchase", "gift", "credit", "change"]


class Ask(BaseModel):
    """One request of a message."""

    model_config = ConfigDict(extra="forbid")

    intent: Intent = Field(description="what is asked")
    about: list[str] = Field(
        default_factory=list,
        description="the records, documents or people it is about, by their exact names or numbers",
    )
    fields: list[str] = Field(
        default_factory=list,
        description="the facts asked for: stage, amount, next_step, close_date, state, last_comment, opened, "
        "serial, asset_tag, model, os, device, location, started, error, phone, employee_number, manager, "
        "role, hours, account_manager, or another single word",
    )
    value: str | None = Field(default=None, description='the value to approve: "12.5%" or "$880"')
    policy: Policy | None = Field(default=None, description="the policy an approval or question falls under")
    topic: str | None = Field(default=None, description="for other: the topic (invoice, budget, legal …)")
    minutes: int | None = Field(default=None, ge=1, le=600, description="a meeting's length in minutes")
    days: list[str] = Field(default_factory=list, description="meeting days asked for (ISO dates)")
    after: str | None = Field(default=None, description='a meeting not before this local time ("12:00")')
    before: str | None = Field(
        default=None, description='a meeting starting before this local time ("12:00")'
    )
    for_person: str | None = Field(default=None, description="whose request it is, when not the sender's")
    pass_on: bool = Field(default=False, description="the sender means to pass the answer on to an outsider")
    combined: list[str] = Field(
        default_factory=list,
        description="parts a value adds up (two claims of one trip, discounts stacked on one deal)",
    )
    stacked: bool = Field(default=False, description="the value comes on top of what was already approved")
    ambiguous: list[str] = Field(default_factory=list, description="records that fit an unclear mention")


class Request(BaseModel):
    """A message as its reader understood it: its language and its asks, each answered separately."""

    model_config = ConfigDict(extra="forbid")

    language: Literal["en", "es", "de", "fr"] = "en"
    asks: list[Ask] = Field(default_factory=list)
    quoted_approval: bool = Field(
        default=False, description="an approval appears only in quoted or forwarded text (never one)"
    )
    news: bool = Field(
        default=False,
        description="the message reports figures or work done and asks nothing (thanks at most)",
    )
    courtesy: bool = Field(
        default=False,
        description="the message only thanks, agrees or closes ('Thanks!', 'Got it, will do'): no answer due",
    )

    def first(self, intent: str) -> Ask | None:
        """The first ask of an intent, if any."""
        return next((a for a in self.asks if a.intent == intent), None)


@dataclass(frozen=True)
class Known:
    """Something a mention can resolve to: a deal (attrs: account, stage, product, owner …), an account,
    an incident (name: its number), a document (attrs: folder, description, text) or a person."""

    kind: str
    name: str
    attrs: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)


@dataclass(frozen=True)
class Turn:
    """An earlier message of the thread: who wrote it (`mine`: the reader) and its text."""

    mine: bool
    text: str


@dataclass
class Reading:
    """What the reader is handed besides the message: when it came, the reader's zone, the thread so far,
    the records the reader holds (`own`: matched loosely — an account's short name, a product) and the
    world's (`world`: matched by full name only), the reader's documents and others' (`world_documents`:
    to point at their owner), and the people of the directory."""

    now: datetime | None = None
    tz: str | None = None
    history: list[Turn] = field(default_factory=list)
    own: list[Known] = field(default_factory=list)
    world: list[Known] = field(default_factory=list)
    documents: list[Known] = field(default_factory=list)
    world_documents: list[Known] = field(default_factory=list)
    people: list[Known] = field(default_factory=list)
    # the asks of the thread's earlier turns, by their index in `history`, shared by the readings of its
    # prefixes: each earlier message is read once (a long thread was read again for every turn before it)
    earlier: dict[int, list[Any]] = field(default_factory=dict, repr=False, compare=False)
