"""The rubric judge: a lab's model behind an OpenAI-compatible endpoint, asked about one criterion at a time
under the pinned prompt of its type, admitted to score only the criterion types its calibration passed.

Settings are the model endpoint's for the use `judge` (`SAASGYM_JUDGE_URL`, `SAASGYM_JUDGE_MODEL`,
`SAASGYM_JUDGE_API_KEY_ENV`, … — `apps/core/model_endpoint/settings.py`); calibration reports are read from
`SAASGYM_JUDGE_CALIBRATIONS` (default `.saasgym/judge-calibrations`), one JSON file per judge id.
The judge id is the model's name and the prompts' version (`<model>@prompts-v<N>`): new prompts or a new
model are a new judge that needs its own calibration.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from apps.core.model_endpoint import Answered, EndpointSettings, ModelClient, Recorder
from apps.core.safe_values import dumps
from tasks.rubric.prompts import PROMPT_VERSION, JudgeAnswer, messages

DEFAULT_CALIBRATIONS = ".saasgym/judge-calibrations"


def judge_id(model: str) -> str:
    return f"{model}@prompts-v{PROMPT_VERSION}"


class CalibrationStore:
    """Calibration reports on disk, one per judge id (`<slug>-<hash>.json`)."""

    def __init__(self, folder: str | Path | None = None):
        self.folder = Path(folder or os.environ.get("SAASGYM_JUDGE_CALIBRATIONS") or DEFAULT_CALIBRATIONS)

    def path(self, judge: str) -> Path:
        slug = re.sub(r"[^A-Za-z0-9._-]+", "_", judge)[:60]
        return self.folder / f"{slug}-{hashlib.sha256(judge.encode()).hexdigest()[:12]}.json"

    def save(self, report: dict[str, Any]) -> Path:
        path = self.path(report["judge"])
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(dumps(report, indent=2, sort_keys=True) + "\n")
        tmp.replace(path)
        return path

    def load(self, judge: str) -> dict[str, Any] | None:
        path = self.path(judge)
        return json.loads(path.read_text()) if path.is_file() else None


@dataclass
class Judge:
    """A configured judge: its model client and where its calibration is found."""

    client: ModelClient
    calibrations: CalibrationStore

    @property
    def id(self) -> str:
        return judge_id(self.client.model_id or "none")

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Judge | None:
        """The judge the environment configures (None without `SAASGYM_JUDGE_URL`)."""
        env = os.environ if env is None else env
        settings = EndpointSettings.from_env("judge", env)
        if settings is None:
            return None
        return _judge(settings, env.get("SAASGYM_JUDGE_CALIBRATIONS") or DEFAULT_CALIBRATIONS)

    def refusal(self, kind: str) -> str | None:
        """Why this judge may not score criteria of type `kind` (None: it may)."""
        report = self.calibrations.load(self.id)
        if report is None:
            return f"judge {self.id} has no calibration (run `saasgym judge calibrate`)"
        found = report.get("types", {}).get(kind)
        if found is None:
            return f"judge {self.id} was not calibrated on {kind} criteria"
        if not found.get("admitted"):
            return f"judge {self.id} is below the thresholds on {kind}: {found.get('failed', 'not admitted')}"
        return None

    def ask(
        self, kind: str, holds: str, text: str, recorder: Recorder | None = None
    ) -> Answered[JudgeAnswer]:
        """The judge's answer on one criterion (recorded in `recorder` when given)."""
        client = self.client if recorder is None else self.client.with_recorder(recorder)
        return client.ask(f"judge.{kind}", messages(kind, holds, text), JudgeAnswer)


@functools.lru_cache(maxsize=8)
def _judge(settings: EndpointSettings, folder: str) -> Judge:
    """One judge (and one HTTP client) per configuration, not one per verdict."""
    return Judge(ModelClient(settings), CalibrationStore(folder))


def replay_answer(kind: str, holds: str, text: str, recorder: Recorder) -> Answered[JudgeAnswer]:
    """A recorded answer only (no model is called): raises `ModelNotRecorded` when there is none."""
    return ModelClient(None, recorder, replay_only=True).ask(
        f"judge.{kind}", messages(kind, holds, text), JudgeAnswer
    )
