"""The persona corpus: messages written the way agents and people write, each with what it asks (the
structured request) and the facts its answer must hold.

One YAML file per kind of request under `corpus/` (`kind`, `title`, `attack` for social-engineering attempts,
`cases`). A case is one message or a short exchange (`turns`); a single-message case holds its turn's keys
itself. A turn:

- `via`: `mail` (default; a new conversation), `reply` (answers the persona's last reply in the thread),
  `chat` (a 1:1 Teams chat), `comment` (an additional comment on the desk `incident`, answered by its
  caller) or `invite` (a meeting request for `start`-`end` in `tz`);
- `to` (an address; a reply or a later chat turn keeps the previous one), `subject`, `body`;
- `request`: the structured request a reader should make of it (`language`, `asks`: intent, about, fields,
  value, policy);
- `reply`: what the answer must hold — `has` (facts: "$329,900" a sum, "12%" a percentage, "2027-03-27" a
  date, anything else a name or phrase), `any` (one of these), `not` (never stated), `decision` (approved,
  rejected, not_approved, not_needed, question, declined, not_found), `decisions` (one per request, in
  order), `shared` / `not_shared` (documents the asker can / cannot open afterwards), `slots` (proposed
  meeting times: `min`, `minutes`, `from`, `to`, `before`, `after`), `rsvp` (the invitee's response),
  `no_reply`, `fresh` (no paragraph between greeting and sign-off repeats one of an earlier answer).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

CORPUS = Path(__file__).with_name("corpus")
TURN_KEYS = ("via", "to", "incident", "subject", "body", "start", "end", "tz", "request", "reply")


@dataclass(frozen=True)
class Turn:
    """One message of a case and what its answer must hold."""

    via: str
    to: str | None
    incident: str | None
    subject: str
    body: str
    start: str | None
    end: str | None
    tz: str | None
    request: dict[str, Any]
    reply: dict[str, Any]


@dataclass(frozen=True)
class Case:
    """A message (or a short exchange) of one kind, written as an agent or a person would."""

    id: str
    kind: str
    style: str
    attack: bool
    turns: tuple[Turn, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class Kind:
    """A kind of request: its cases and how the report names it."""

    name: str
    title: str
    attack: bool
    cases: tuple[Case, ...]


def _turns(raw: dict[str, Any]) -> tuple[Turn, ...]:
    steps = raw.get("turns") or [{k: raw[k] for k in TURN_KEYS if k in raw}]
    out: list[Turn] = []
    to: str | None = None
    for step in steps:
        for key in ("subject", "body", "to", "incident", "start", "end", "tz"):
            if key in step and not isinstance(step[key], str):
                raise ValueError(f"{key} {step[key]!r} is not text: quote it in the YAML")
        via = step.get("via", "mail")
        to = step.get("to", to)
        out.append(
            Turn(
                via=via,
                to=to,
                incident=step.get("incident"),
                subject=step.get("subject", ""),
                body=step.get("body", ""),
                start=step.get("start"),
                end=step.get("end"),
                tz=step.get("tz"),
                request=step.get("request") or {},
                reply=step.get("reply") or {},
            )
        )
    return tuple(out)


@functools.cache
def kinds(folder: Path = CORPUS) -> tuple[Kind, ...]:
    """Every kind of the corpus, in file-name order (the social-engineering attempts last)."""
    out = []
    for path in sorted(folder.glob("*.yaml")):
        doc = yaml.safe_load(path.read_text())
        attack = bool(doc.get("attack"))
        cases = tuple(
            Case(id=c["id"], kind=doc["kind"], style=c.get("style", ""), attack=attack, turns=_turns(c))
            for c in doc["cases"]
        )
        out.append(Kind(doc["kind"], doc["title"], attack, cases))
    return tuple(sorted(out, key=lambda k: (k.attack, k.name)))


def cases(folder: Path = CORPUS) -> list[Case]:
    """Every case of the corpus."""
    return [c for k in kinds(folder) for c in k.cases]
