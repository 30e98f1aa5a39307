"""verifiers driver: `run_eval` (what `vf-eval` runs) of the saasgym taskset with the scripted chat server
as the model endpoint and verifiers' own chat program (the `null` harness, from this venv) as the agent.
Each of job["runs"] is one eval of len(scripts) rollouts of the task; in a "void" run the episode is
closed under the rollout (at the scripted model's first turn), so the verifier's verdict is void; in a
"down" run the model endpoint answers 503, so the rollouts fail before scoring. After each run: the task's
episodes still live (none: every path closes its episode)."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import verifiers.v1 as vf
from common import emit, live_episodes, load_job, with_completion
from saasgym_client import Harness, calls
from scripted_chat import ScriptedChat
from verifiers.v1.cli.eval.runner import run_eval
from verifiers.v1.configs.cli.eval import EvalConfig

job = load_job()
os.environ["SAASGYM_HARNESS_KEY"] = job["key"]
os.environ["SCRIPTED_KEY"] = "unused"


def close_live_episodes(_index: int) -> None:
    """The environment loses the rollout's episode (closed behind the agent's back)."""
    with Harness(job["base"], job["key"]) as gym:
        for ep in gym.episodes():
            if ep.task == job["task"] and ep.state == "live":
                gym.send(calls.close(ep.episode_id))


def run(scripts: list[list[dict]], void: bool, down: bool, out: str) -> dict:
    """One eval of len(scripts) rollouts of the task; what each rollout (by the script it replayed) gave."""
    scripts = [with_completion(s) for s in scripts]
    with ScriptedChat(scripts) as chat:
        chat.down = down
        if void:
            chat.on_first_turn = close_live_episodes
        config = EvalConfig.model_validate(
            {
                "env": {
                    "taskset": {
                        "id": "saasgym-verifiers",
                        "ids": [job["task"]],
                        "task": {"url": job["base"]},
                    },
                    "agent": {"harness": {"id": "venv_chat"}, "runtime": {"type": "subprocess"}},
                },
                "model": "scripted",
                "client": {"base_url": chat.base_url, "api_key_var": "SCRIPTED_KEY"},
                "num_rollouts": len(scripts),
                "push": False,
                "rich": None,
                "output_dir": out,
            }
        )
        episodes = asyncio.run(run_eval(config))
        sessions = dict(chat.sessions)
    traces: list[vf.Trace] = [t for e in episodes for t in e.traces]
    traces.sort(key=lambda t: sessions.get(t.id, len(scripts)))  # by the script each rollout replayed
    saved = "".join(p.read_text() for p in Path(out).rglob("traces.jsonl"))
    return {
        "tasks": sorted({t.task.data.id for t in traces}),
        "ok": [t.ok for t in traces],
        "outcomes": [t.info.get("saasgym_outcome") for t in traces],
        "rewards": [
            None if t.rewards.get("saasgym_verifier") is None else t.rewards["saasgym_verifier"].score
            for t in traces
        ],
        "errors": [[e.type, e.message[:300]] for t in traces for e in t.errors],
        "tool_calls": [
            sum(len(m.tool_calls or []) for m in t.branches[-1].messages if m.role == "assistant")
            if t.branches
            else None
            for t in traces
        ],
        "sessions": len(sessions),
        "saved_traces": saved.count('"saasgym_verifier"'),
        "url_saved": "/e/" in saved,  # the episodes' capability URLs stay out of the saved traces
        "live_after": live_episodes(job["base"], job["key"], job["task"]),
    }


emit(
    {
        name: run(r["scripts"], r.get("void", False), r.get("down", False), f"{job['out']}/{name}")
        for name, r in job["runs"].items()
    }
)
