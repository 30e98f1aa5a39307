"""Inspect AI 0.3.285 (its own venv): a Task whose solver gets the episode's MCP tools, scored by /verify."""

from __future__ import annotations

from tests.adapters.conftest import run_driver, scripted_job


def test_inspect_task_runs_with_mockllm_and_matches_saasgym_rollout(
    live_server, reference_outcomes, tmp_path
):
    job = scripted_job(live_server.base) | {"log_dir": str(tmp_path)}
    out = run_driver("inspect", "inspect_rollout", job)
    assert out["status"] == "success" and out["errors"] == []
    assert out["outcomes"] == reference_outcomes
    assert out["values"] == [1.0 if o == "pass" else 0.0 for o in reference_outcomes]
    assert out["last"] == ["assistant"] * len(reference_outcomes)  # mockllm answered after the tool calls
    assert out["accuracy"] == reference_outcomes.count("pass") / len(reference_outcomes)
