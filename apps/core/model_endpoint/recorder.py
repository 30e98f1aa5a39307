"""Recordings of model answers: every call's purpose, input hash, model id and answer, so that a replay or a
re-verification returns the recorded answer and never calls the model.

A recording is looked up by the input hash alone (the hash covers the purpose, the messages and the answer's
schema — not the model: `client.input_hash`). Three stores share one small interface:

- `MemoryRecorder` — a dict; seeded with the records a verdict carries, it replays that verdict;
- `FileRecorder` — a JSON-lines file (a calibration run, a lab's cache between processes);
- `EpisodeRecorder` — a table of every episode database (`_model_call`, beside `_event`, outside the hash
  and the journal), so fork and snapshot carry it; `Episode.reset` keeps it (a recording is no state of the
  world).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from apps.core.safe_values import dumps


@dataclass(frozen=True)
class ModelCall:
    """One answered call: what it was for, the hash of everything sent, which model, and its answer (the JSON
    object the model returned, after validation against the answer's schema)."""

    purpose: str
    input_hash: str
    model: str
    answer: dict[str, Any]

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, row: dict[str, Any]) -> ModelCall:
        return cls(str(row["purpose"]), str(row["input_hash"]), str(row["model"]), dict(row["answer"]))


@runtime_checkable
class Recorder(Protocol):
    """Where answers are kept: `get` a recorded answer by its input hash, `put` a new one."""

    def get(self, input_hash: str) -> ModelCall | None: ...

    def put(self, call: ModelCall) -> None: ...


class MemoryRecorder:
    """Recordings in memory, optionally seeded (e.g. with a verdict's `judgments`)."""

    def __init__(self, calls: Iterable[ModelCall | dict[str, Any]] = ()):
        self._calls: dict[str, ModelCall] = {}
        for call in calls:
            self.put(call if isinstance(call, ModelCall) else ModelCall.from_dict(call))

    def get(self, input_hash: str) -> ModelCall | None:
        return self._calls.get(input_hash)

    def put(self, call: ModelCall) -> None:
        self._calls[call.input_hash] = call

    def calls(self) -> list[ModelCall]:
        return list(self._calls.values())


class FileRecorder(MemoryRecorder):
    """Recordings in a JSON-lines file: read when opened, each new answer appended at once."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._write = threading.Lock()
        rows = []
        if self.path.is_file():
            rows = [json.loads(line) for line in self.path.read_text().splitlines() if line.strip()]
        super().__init__(rows)

    def put(self, call: ModelCall) -> None:
        with self._write:
            if self.get(call.input_hash) == call:
                return
            super().put(call)
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a") as fh:
                fh.write(dumps(call.as_dict(), sort_keys=True) + "\n")


MODEL_CALL_DDL = """
CREATE TABLE _model_call (
    input_hash TEXT PRIMARY KEY,
    purpose TEXT NOT NULL,
    model TEXT NOT NULL,
    answer TEXT NOT NULL
);
"""
# Created in every golden image beside `_event` (never by an episode: a statement cached by the connection
# before a reset that maps the image afresh would be stale).


class EpisodeRecorder:
    """Recordings in the episode's database (`db`: an `apps.core.store.EpisodeDb`), table `_model_call`."""

    def __init__(self, db: Any):
        self.db = db

    def get(self, input_hash: str) -> ModelCall | None:
        rows = self.db.execute_raw(
            "SELECT purpose, input_hash, model, answer FROM _model_call WHERE input_hash = ?", (input_hash,)
        )
        if not rows:
            return None
        purpose, found, model, answer = rows[0]
        return ModelCall(purpose, found, model, json.loads(answer))

    def put(self, call: ModelCall) -> None:
        self.db.execute_raw(
            "INSERT OR REPLACE INTO _model_call(input_hash, purpose, model, answer) VALUES (?,?,?,?)",
            (call.input_hash, call.purpose, call.model, dumps(call.answer, sort_keys=True)),
        )

    def calls(self) -> list[ModelCall]:
        """Every recording of the episode, in input-hash order."""
        rows = self.db.execute_raw("SELECT purpose, input_hash, model, answer FROM _model_call ORDER BY 2")
        return [ModelCall(p, h, m, json.loads(a)) for p, h, m, a in rows]


def carry_over(db: Any, calls: list[ModelCall]) -> None:
    """Write `calls` back into an episode database that lost them (a reset that mapped the image afresh)."""
    recorder = EpisodeRecorder(db)
    for call in calls:
        if recorder.get(call.input_hash) is None:
            recorder.put(call)
