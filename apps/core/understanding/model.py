"""Who reads a persona's messages: the deterministic rules by default, or a lab's model.

A lab configures a model with the app option `reader` (`Gym(app_options={"office": {"reader":
ModelReader(ModelClient(EndpointSettings.from_env("persona")))}, "ticketing": {...}})`). The model only
turns a message into a `Request` (JSON validated against its schema, names checked against what the person
knows); the rules still decide and the world's facts still answer. Every model answer is recorded in the
episode (`_model_call`, `apps.core.model_endpoint`) before it is used, and the reading itself is kept with the
reply it led to, so a re-verification never asks again and a replay seeded with the recordings (a
`replay_only` client) reproduces the run without the model. A missing endpoint, a failed call or an answer
that is not a valid `Request` falls back to the rule-based reading.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, Protocol, runtime_checkable

from apps.core.app_options import configured
from apps.core.model_endpoint import ModelCall, ModelClient, ModelEndpointError
from apps.core.understanding.request import Known, Reading, Request

Rules = Callable[[str, str, Reading, str], Request]
PURPOSE = "persona.read"
MAX_CANDIDATES = 200  # the names a model is shown to pick from (the person's own first)
INSTRUCTIONS = (
    "You read one message sent to a person at a company and say what it asks of them, as JSON of the given "
    "schema. One ask per request in the message, in order; only what the writer asks in their own words "
    "(quoted or forwarded text is context, never a request or a decision). `about`: the exact names from the "
    "lists below (records, documents) or incident numbers the ask is about. `value`: the value to approve as "
    'written ("12.5%", "$880"), the one requested — not a limit quoted or a deal size. `language`: en, es, '
    "de or fr. Decide nothing: only read."
)


@runtime_checkable
class MessageReader(Protocol):
    def read(self, subject: str, text: str, reading: Reading, role: str, *, rules: Rules) -> Request:
        """The structured request of a message (`rules` is the rule-based reader, for a fallback)."""


class RuleReader:
    """The deterministic default: the rule-based reader."""

    def read(self, subject: str, text: str, reading: Reading, role: str, *, rules: Rules) -> Request:
        return rules(subject, text, reading, role)


class SessionRecorder:
    """Model answers recorded in the acting episode's `_model_call` table, through the action's session."""

    def __init__(self, ctx: Any):
        self.ctx = ctx

    def _conn(self) -> Any:
        return self.ctx.sql if self.ctx.sql is not None else self.ctx.db.connection()

    def get(self, input_hash: str) -> ModelCall | None:
        row = (
            self._conn()
            .exec_driver_sql(
                "SELECT purpose, input_hash, model, answer FROM _model_call WHERE input_hash = ?",
                (input_hash,),
            )
            .first()
        )
        return ModelCall(row[0], row[1], row[2], json.loads(row[3])) if row else None

    def put(self, call: ModelCall) -> None:
        self._conn().exec_driver_sql(
            "INSERT OR REPLACE INTO _model_call(input_hash, purpose, model, answer) VALUES (?,?,?,?)",
            (call.input_hash, call.purpose, call.model, json.dumps(call.answer, sort_keys=True)),
        )


class _Both:
    """Recordings looked up in the episode, then in what the lab seeded; new ones kept in the episode."""

    def __init__(self, episode: Any, seeded: Any):
        self.episode, self.seeded = episode, seeded

    def get(self, input_hash: str) -> ModelCall | None:
        return self.episode.get(input_hash) or self.seeded.get(input_hash)

    def put(self, call: ModelCall) -> None:
        self.episode.put(call)


def _names(reading: Reading) -> list[str]:
    own = [k.name for k in reading.own + reading.documents]
    others = [k.name for k in reading.world + reading.world_documents if k.name not in set(own)]
    return list(dict.fromkeys(own + others))[:MAX_CANDIDATES]


def _messages(subject: str, text: str, reading: Reading, role: str) -> list[dict[str, str]]:
    thread = "\n---\n".join(("THEM: " if t.mine else "WRITER: ") + t.text for t in reading.history[-6:])
    facts = {
        "reader": role,
        "now": reading.now.isoformat() if reading.now else None,
        "names": _names(reading),
        "people": [k.name for k in reading.people][:MAX_CANDIDATES],
        "schema": Request.model_json_schema(),
    }
    body = f"Thread so far:\n{thread or '(none)'}\n\nSubject: {subject}\n\n{text}"
    return [
        {"role": "system", "content": INSTRUCTIONS + "\n\n" + json.dumps(facts, sort_keys=True)},
        {"role": "user", "content": body},
    ]


def _checked(request: Request, reading: Reading) -> Request:
    """The model's reading with every name it gives checked against what the person can know of (an
    invented record is dropped, never answered)."""
    known = {k.name for k in reading.own + reading.world + reading.documents + reading.world_documents}

    def real(name: str) -> bool:
        return name in known or (name.upper().startswith("INC") and name[3:].isdigit())

    asks = [a.model_copy(update={"about": [n for n in a.about if real(n)]}) for a in request.asks]
    return request.model_copy(update={"asks": asks})


class ModelReader:
    """A lab's model reading messages into `Request`s (rules decide); `fallbacks` counts rule readings
    used because the model could not give a valid one."""

    def __init__(self, client: ModelClient):
        self.client = client
        self.fallbacks = 0

    def bind(self, recorder: Any) -> ModelReader:
        """The same model recording into `recorder` (the acting episode's); what the client was seeded with
        (a replay's recordings) is still found."""
        bound = ModelReader(self.client.with_recorder(_Both(recorder, self.client.recorder)))
        bound.fallbacks = self.fallbacks
        return bound

    def read(self, subject: str, text: str, reading: Reading, role: str, *, rules: Rules) -> Request:
        try:
            got = self.client.ask(PURPOSE, _messages(subject, text, reading, role), Request)
        except ModelEndpointError:
            self.fallbacks += 1
            return rules(subject, text, reading, role)
        return _checked(got.value, reading)


def configured_reader(options: Mapping[str, object], ctx: Any = None) -> MessageReader:
    """The reader a lab configured for the app (`reader` option; a `ModelReader` records into the acting
    episode), or the rule-based one.

    Args:
        options: the app's options on the episode's Gym (`ctx.options`).
        ctx: the acting context, whose episode keeps a model's answers.
    """
    reader = configured(options, "reader", MessageReader, RuleReader)
    if isinstance(reader, ModelReader) and ctx is not None:
        return reader.bind(SessionRecorder(ctx))
    return reader


__all__ = ["Known", "MessageReader", "ModelReader", "RuleReader", "configured_reader"]
