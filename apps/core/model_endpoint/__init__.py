"""One OpenAI-compatible model endpoint client for every use of a lab's model (the rubric judge, persona mail
reading), with every answer recorded so replay and re-verification never call the model.

- `settings.EndpointSettings.from_env(use)` — URL, model, key variable, timeout, retries per use;
- `client.ModelClient.ask(purpose, messages, AnswerModel)` — temperature 0, JSON-schema answer, validated;
- `recorder` — `MemoryRecorder`, `FileRecorder`, `EpisodeRecorder` (the episode's own `_model_call` table).
"""

from apps.core.model_endpoint.client import (
    Answered,
    ModelAnswerInvalid,
    ModelCallFailed,
    ModelClient,
    ModelEndpointError,
    ModelNotRecorded,
    ModelUnavailable,
    input_hash,
)
from apps.core.model_endpoint.recorder import (
    EpisodeRecorder,
    FileRecorder,
    MemoryRecorder,
    ModelCall,
    Recorder,
)
from apps.core.model_endpoint.settings import EndpointSettings, EndpointSettingsError

__all__ = [
    "Answered",
    "EndpointSettings",
    "EndpointSettingsError",
    "EpisodeRecorder",
    "FileRecorder",
    "MemoryRecorder",
    "ModelAnswerInvalid",
    "ModelCall",
    "ModelCallFailed",
    "ModelClient",
    "ModelEndpointError",
    "ModelNotRecorded",
    "ModelUnavailable",
    "Recorder",
    "input_hash",
]
