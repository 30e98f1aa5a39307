"""Inspect AI 0.3.285 (its own venv): a Task whose agent is Inspect's own tool loop on a model behind an
OpenAI-compatible endpoint (offline, as documented), scored by /verify; samples that fail before scoring
(an error, a time limit) leave no live episode."""

from __future__ import annotations

from tests.adapters.conftest import run_driver, scripted_job


def test_inspect_task_runs_offline_on_an_openai_compatible_model_and_matches_saasgym_rollout(
    live_server, reference_outcomes, tmp_path
):
    job = scripted_job(live_server.base) | {"log_dir": str(tmp_path)}
    out = run_driver("inspect", "inspect_rollout", job)
    assert out["status"] == "success" and out["errors"] == []
    assert out["outcomes"] == reference_outcomes
    assert out["values"] == [1.0 if o == "pass" else 0.0 for o in reference_outcomes]
    assert out["tool_calls"] == [len(s) + 1 for s in job["scripts"]]  # every step, then complete_task
    assert out["last"] == ["assistant"] * len(reference_outcomes)  # the model answered after its calls
    assert out["accuracy"] == reference_outcomes.count("pass") / len(reference_outcomes)
    assert out["live_after"] == []
    assert out["crash"]["errors"] == [True, True] and out["crash"]["scored"] == [False, False]
    assert out["timeout"]["errors"] == [True, True]  # past the time limit (Inspect still scores the state)
    assert out["crash"]["live_after"] == [] and out["timeout"]["live_after"] == []
