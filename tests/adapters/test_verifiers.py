"""verifiers 0.4.0 (v1 API, its own venv with mcp==2.0.0): the saasgym taskset run by verifiers' own
eval loop (`run_eval`, what `vf-eval` runs), its chat program as the agent and a scripted
chat-completions server as the model. One driver process runs the three evals (verifiers is slow to
import)."""

from __future__ import annotations

import pytest

from tests.adapters.conftest import TASK, run_driver, scripted_job


@pytest.fixture(scope="module")
def runs(live_server, tmp_path_factory) -> dict:
    job = scripted_job(live_server.base)
    job["runs"] = {
        "scripted": {"scripts": job["scripts"]},
        "null": {"scripts": [[]]},  # the agent only calls complete_task
        "void": {"scripts": [[]], "void": True},  # its episode is closed under it
        "down": {"scripts": [[], []], "down": True},  # the model endpoint answers 503: rollouts fail
    }
    return run_driver("verifiers", "verifiers_rollout", job | {"out": str(tmp_path_factory.mktemp("vf"))})


def test_verifiers_eval_matches_saasgym_rollout(runs, reference_outcomes):
    out, scripts = runs["scripted"], scripted_job("")["scripts"]
    assert out["errors"] == [] and out["ok"] == [True] * len(reference_outcomes)
    assert out["tasks"] == [TASK] and out["sessions"] == len(reference_outcomes)
    assert out["outcomes"] == reference_outcomes
    assert out["rewards"] == [1.0 if o == "pass" else 0.0 for o in reference_outcomes]
    # every scripted step (and complete_task) went through the forwarding toolset to the episode
    assert out["tool_calls"] == [len(s) + 1 for s in scripts]
    assert out["saved_traces"] == len(reference_outcomes) and not out["url_saved"]


def test_verifiers_null_run_scores_zero(runs):
    out = runs["null"]
    assert out["ok"] == [True] and out["outcomes"] == ["fail"] and out["rewards"] == [0.0]
    assert out["tool_calls"] == [1]


def test_verifiers_void_verdict_is_an_error_not_a_zero(runs):
    out = runs["void"]
    assert out["ok"] == [False] and out["outcomes"] == ["void"]
    assert out["rewards"] == [None]  # scoring recorded no reward, not 0
    [(kind, message)] = out["errors"]
    assert kind == "VoidVerdict" and "episode_lost" in message


def test_verifiers_failed_rollouts_are_void_and_leak_no_episode(runs):
    """Rollouts that fail before scoring (the model endpoint is down) read as void, with no reward and no
    KeyError, and their episodes are closed; no run of this module leaves a live episode."""
    out = runs["down"]
    assert out["ok"] == [False, False] and out["outcomes"] == ["void", "void"]
    assert out["rewards"] == [None, None] and out["errors"]
    assert all(r["live_after"] == [] for r in runs.values())
