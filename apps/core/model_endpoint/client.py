"""Asking an OpenAI-compatible chat-completions endpoint for one JSON answer, recorded.

    from pydantic import BaseModel, ConfigDict
    from apps.core.model_endpoint import EndpointSettings, EpisodeRecorder, ModelClient

    class Reading(BaseModel):
        model_config = ConfigDict(extra="forbid")
        intent: str

    client = ModelClient(EndpointSettings.from_env("persona"), EpisodeRecorder(episode.db))
    got = client.ask("persona.read", [{"role": "system", "content": "…"}, {"role": "user", "content": "…"}],
                     Reading)
    got.value.intent   # the validated answer; got.recorded is True when it came from the recording

Every call is made at temperature 0 with the answer's JSON schema as `response_format` (`json_schema`,
strict), within the settings' timeout and retries (the `openai` SDK retries connection errors, timeouts,
429 and 5xx), and its answer is validated against the schema (one more request when it is not valid JSON
of that shape). The recorder is asked first: a recorded answer is returned without calling the model, so a
replay, a fork or a re-verification sees the same answer. The key is `input_hash(purpose, messages,
answer)` — the model id is recorded beside the answer but is not part of the key: an episode keeps the
answers it got even if the lab points the use at another model later. `replay_only=True` refuses to call
the model at all.
"""

from __future__ import annotations

import hashlib
import re
import threading
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from apps.core.model_endpoint.recorder import MemoryRecorder, ModelCall, Recorder
from apps.core.model_endpoint.settings import EndpointSettings
from apps.core.safe_values import dumps

A = TypeVar("A", bound=BaseModel)


class ModelEndpointError(Exception):
    """A model answer could not be had; `reason` is a short code (`no_endpoint`, `not_recorded`,
    `call_failed`, `invalid_answer`) and the message says what happened, never the API key."""

    reason = "model_error"


class ModelUnavailable(ModelEndpointError):
    reason = "no_endpoint"


class ModelNotRecorded(ModelEndpointError):
    reason = "not_recorded"


class ModelCallFailed(ModelEndpointError):
    reason = "call_failed"


class ModelAnswerInvalid(ModelEndpointError):
    reason = "invalid_answer"


@dataclass(frozen=True)
class Answered(Generic[A]):
    """A validated answer, the record kept of it, and whether it came from the recording."""

    value: A
    call: ModelCall
    recorded: bool


def input_hash(purpose: str, messages: list[dict[str, Any]], answer: type[BaseModel]) -> str:
    """The key of a call: sha256 over the purpose, the messages and the answer's JSON schema."""
    body = {"purpose": purpose, "messages": messages, "schema": answer.model_json_schema()}
    return hashlib.sha256(dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


_FENCE = re.compile(r"^\s*```(?:json)?\s*(.*?)\s*```\s*$", re.S)


class ModelClient:
    """One use's model (settings may be None: then only recorded answers can be given) and its recorder."""

    def __init__(
        self,
        settings: EndpointSettings | None,
        recorder: Recorder | None = None,
        *,
        replay_only: bool = False,
    ):
        self.settings = settings
        self.recorder = recorder if recorder is not None else MemoryRecorder()
        self.replay_only = replay_only
        self._sdk: Any = None
        self._sdk_lock = threading.Lock()

    @property
    def model_id(self) -> str | None:
        """The configured model's name (None when there is no endpoint)."""
        return self.settings.model if self.settings else None

    def with_recorder(self, recorder: Recorder) -> ModelClient:
        """The same endpoint (and its HTTP client) recording into `recorder`."""
        other = ModelClient(self.settings, recorder, replay_only=self.replay_only)
        other._sdk = self._sdk
        return other

    def ask(self, purpose: str, messages: list[dict[str, Any]], answer: type[A]) -> Answered[A]:
        """The model's answer to `messages` as an `answer` (a pydantic model), recorded.

        Args:
            purpose: what the call is for (`judge.states_fact`, `persona.read`); part of the key.
            messages: chat messages (`role`, `content`); the whole input the model sees.
            answer: the pydantic model the answer must validate against (`extra="forbid"` for strict schemas).

        Raises:
            ModelNotRecorded: replay-only and no recording of this input.
            ModelUnavailable: no endpoint configured and no recording of this input.
            ModelCallFailed: the endpoint failed after the retries (connection, timeout, HTTP status).
            ModelAnswerInvalid: the answer was not JSON of the schema's shape (twice).
        """
        key = input_hash(purpose, messages, answer)
        found = self.recorder.get(key)
        if found is not None:
            try:
                return Answered(answer.model_validate(found.answer), found, True)
            except ValidationError as exc:
                raise ModelAnswerInvalid(
                    f"the recorded answer for {purpose} no longer validates: {exc}"
                ) from None
        if self.replay_only:
            raise ModelNotRecorded(
                f"no recorded answer for {purpose} (input {key[:12]}) and replay calls no model"
            )
        if self.settings is None:
            raise ModelUnavailable(f"no model endpoint is configured for {purpose} and nothing is recorded")
        value = self._call(purpose, messages, answer)
        call = ModelCall(purpose, key, self.settings.model, value.model_dump(mode="json"))
        self.recorder.put(call)
        return Answered(value, call, False)

    def _client(self) -> Any:
        with self._sdk_lock:
            if self._sdk is None:
                from openai import OpenAI  # imported on first use: ~0.6 s

                s = self.settings
                self._sdk = OpenAI(
                    base_url=s.url, api_key=s.api_key or "none", timeout=s.timeout_s, max_retries=s.retries
                )
            return self._sdk

    def _call(self, purpose: str, messages: list[dict[str, Any]], answer: type[A]) -> A:
        import openai

        schema = {"name": re.sub(r"[^A-Za-z0-9_-]", "_", answer.__name__)[:64], "strict": True}
        schema["schema"] = answer.model_json_schema()
        problem = ""
        for _ in range(2):
            try:
                reply = self._client().chat.completions.create(
                    model=self.settings.model,
                    messages=messages,
                    temperature=0,
                    max_tokens=self.settings.max_tokens,
                    response_format={"type": "json_schema", "json_schema": schema},
                )
            except openai.APIStatusError as exc:
                raise ModelCallFailed(
                    f"{purpose}: the model endpoint answered HTTP {exc.status_code}: {_short(exc.message)}"
                ) from None
            except openai.APIError as exc:  # connection refused, timeout (after the retries)
                raise ModelCallFailed(f"{purpose}: the model endpoint failed: {type(exc).__name__}") from None
            content = (reply.choices[0].message.content or "") if reply.choices else ""
            fenced = _FENCE.match(content)
            try:
                return answer.model_validate_json(fenced.group(1) if fenced else content)
            except ValidationError as exc:
                problem = f"{exc.error_count()} problem(s), first: {exc.errors()[0]['msg']}"
        raise ModelAnswerInvalid(
            f"{purpose}: the model's answer is not a valid {answer.__name__} ({problem})"
        )


def _short(text: str, limit: int = 200) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
