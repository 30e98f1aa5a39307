"""The shared model endpoint client against a scripted OpenAI-compatible server (no network): settings,
the request it sends, validation, retries and timeouts, and recordings that make a replay call nothing."""

from __future__ import annotations

import time

import pytest
from pydantic import BaseModel, ConfigDict

from apps.core.model_endpoint import (
    EndpointSettings,
    EndpointSettingsError,
    EpisodeRecorder,
    FileRecorder,
    MemoryRecorder,
    ModelAnswerInvalid,
    ModelCallFailed,
    ModelClient,
    ModelNotRecorded,
    ModelUnavailable,
)
from tests.support.scripted_model import Rule, ScriptedModel


class Reading(BaseModel):
    model_config = ConfigDict(extra="forbid")
    intent: str
    amount: float | None


MESSAGES = [
    {"role": "system", "content": "Read the message."},
    {"role": "user", "content": "Please approve a 12% discount ($80,000)."},
]


@pytest.fixture
def model():
    with ScriptedModel([Rule("discount", {"intent": "approval", "amount": 80000})]) as server:
        yield server


def settings(server: ScriptedModel, **kw) -> EndpointSettings:
    return EndpointSettings(url=server.url, model="scripted-1", api_key="sk-test-123", **kw)


def test_settings_per_use_from_the_environment():
    assert EndpointSettings.from_env("judge", {}) is None
    env = {
        "SAASGYM_JUDGE_URL": "http://127.0.0.1:9/v1/",
        "SAASGYM_JUDGE_MODEL": "m-judge",
        "SAASGYM_JUDGE_API_KEY_ENV": "LAB_KEY",
        "LAB_KEY": "secret-key",
        "SAASGYM_JUDGE_TIMEOUT_S": "5",
        "SAASGYM_PERSONA_URL": "http://127.0.0.1:10/v1",
        "SAASGYM_PERSONA_MODEL": "m-persona",
    }
    judge = EndpointSettings.from_env("judge", env)
    assert (judge.url, judge.model, judge.api_key, judge.timeout_s, judge.retries) == (
        "http://127.0.0.1:9/v1",
        "m-judge",
        "secret-key",
        5.0,
        2,
    )
    assert "secret-key" not in repr(judge)
    persona = EndpointSettings.from_env("persona", env)
    assert (persona.model, persona.api_key) == ("m-persona", "")
    with pytest.raises(EndpointSettingsError, match="SAASGYM_JUDGE_MODEL"):
        EndpointSettings.from_env("judge", {"SAASGYM_JUDGE_URL": "http://x/v1"})
    with pytest.raises(EndpointSettingsError, match="SAASGYM_JUDGE_RETRIES"):
        EndpointSettings.from_env("judge", {**env, "SAASGYM_JUDGE_RETRIES": "many"})
    with pytest.raises(EndpointSettingsError, match="outside"):
        EndpointSettings.from_env("judge", {**env, "SAASGYM_JUDGE_TIMEOUT_S": "0"})


def test_request_is_temperature_zero_with_the_answer_schema_and_the_key(model):
    got = ModelClient(settings(model)).ask("persona.read", MESSAGES, Reading)
    assert got.value == Reading(intent="approval", amount=80000) and not got.recorded
    [body] = model.requests
    assert body["model"] == "scripted-1" and body["temperature"] == 0 and body["messages"] == MESSAGES
    fmt = body["response_format"]
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["strict"] is True
    assert fmt["json_schema"]["schema"] == Reading.model_json_schema()
    assert model.headers[0]["authorization"] == "Bearer sk-test-123"
    assert (got.call.purpose, got.call.model, got.call.answer) == (
        "persona.read",
        "scripted-1",
        {"intent": "approval", "amount": 80000.0},
    )


def test_a_recorded_answer_is_returned_without_calling_the_model(model):
    recorder = MemoryRecorder()
    client = ModelClient(settings(model), recorder)
    first = client.ask("persona.read", MESSAGES, Reading)
    again = client.ask("persona.read", MESSAGES, Reading)
    assert again.recorded and again.value == first.value and len(model.requests) == 1
    other = client.ask("persona.read", [*MESSAGES[:1], {"role": "user", "content": "discount 10%"}], Reading)
    assert not other.recorded and len(model.requests) == 2
    # a replay with the recording and no endpoint at all gives the same answer
    replay = ModelClient(None, MemoryRecorder([c.as_dict() for c in recorder.calls()]), replay_only=True)
    assert replay.ask("persona.read", MESSAGES, Reading).value == first.value
    assert len(model.requests) == 2


def test_replay_only_and_no_endpoint_refuse_clearly(model):
    with pytest.raises(ModelNotRecorded, match="replay calls no model"):
        ModelClient(settings(model), replay_only=True).ask("persona.read", MESSAGES, Reading)
    with pytest.raises(ModelUnavailable, match="no model endpoint"):
        ModelClient(None).ask("persona.read", MESSAGES, Reading)
    assert model.requests == []


def test_server_errors_are_retried_then_reported(model):
    model.fail(2, status=503)
    assert (
        ModelClient(settings(model, retries=2)).ask("persona.read", MESSAGES, Reading).value.amount == 80000
    )
    assert len(model.requests) == 3
    model.fail(1, status=500)
    with pytest.raises(ModelCallFailed, match="HTTP 500") as err:
        ModelClient(settings(model, retries=0)).ask("persona.read", MESSAGES, Reading)
    assert "sk-test-123" not in str(err.value)


def test_a_slow_endpoint_times_out_within_the_bound(model):
    model.delay_s = 2.0
    start = time.monotonic()
    with pytest.raises(ModelCallFailed, match="Timeout"):
        ModelClient(settings(model, timeout_s=0.3, retries=0)).ask("persona.read", MESSAGES, Reading)
    assert time.monotonic() - start < 1.9


def test_an_answer_of_the_wrong_shape_is_refused_after_one_more_try():
    with ScriptedModel(default="I think it is an approval") as bad:
        with pytest.raises(ModelAnswerInvalid, match="not a valid Reading"):
            ModelClient(settings(bad)).ask("persona.read", MESSAGES, Reading)
        assert len(bad.requests) == 2
    with ScriptedModel(default={"intent": "approval"}) as partial, pytest.raises(ModelAnswerInvalid):
        ModelClient(settings(partial)).ask("persona.read", MESSAGES, Reading)


def test_file_recordings_outlive_the_process_object(model, tmp_path):
    path = tmp_path / "calls.jsonl"
    ModelClient(settings(model), FileRecorder(path)).ask("persona.read", MESSAGES, Reading)
    got = ModelClient(None, FileRecorder(path), replay_only=True).ask("persona.read", MESSAGES, Reading)
    assert got.recorded and got.value.amount == 80000 and len(model.requests) == 1


def test_episode_recordings_ride_with_fork_and_reset_and_stay_out_of_the_state_hash(model, episode):
    before = episode.state_hash()
    client = ModelClient(settings(model), EpisodeRecorder(episode.db))
    client.ask("persona.read", MESSAGES, Reading)
    assert episode.state_hash() == before
    child = episode.fork()
    try:
        assert ModelClient(None, EpisodeRecorder(child.db)).ask("persona.read", MESSAGES, Reading).recorded
    finally:
        child.close()
    episode.reset()
    assert ModelClient(None, EpisodeRecorder(episode.db)).ask("persona.read", MESSAGES, Reading).recorded
    assert len(model.requests) == 1


def test_recordings_survive_a_reset_that_maps_the_image_afresh(model, episode, monkeypatch):
    import apps.core.sqlite_store as sqlite_store

    ModelClient(settings(model), EpisodeRecorder(episode.db)).ask("persona.read", MESSAGES, Reading)
    monkeypatch.setattr(
        sqlite_store, "UNDO_LIMIT", -1
    )  # any journal is "too long": the image is mapped again
    episode.reset()
    assert ModelClient(None, EpisodeRecorder(episode.db)).ask("persona.read", MESSAGES, Reading).recorded
