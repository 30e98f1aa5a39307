"""OpenEnv 0.10.0 (its own venv, mcp 1.x): the Environment and the harness-layer session factory."""

from __future__ import annotations

from tests.adapters.conftest import run_driver, scripted_job


def test_openenv_rollouts_match_saasgym_rollout(live_server, reference_outcomes):
    job = scripted_job(live_server.base) | {"family": "crm.convert-lead-existing"}
    out = run_driver("openenv", "openenv_rollout", job)
    assert out["manifest"] == "saasgym"  # openenv.yaml passed openenv's own validator
    assert set(reference_outcomes) == {"pass", "fail"}
    env = out["environment"]
    assert [r["outcome"] for r in env] == reference_outcomes
    assert [r["reward"] for r in env] == [1.0 if o == "pass" else 0.0 for o in reference_outcomes]
    assert all(r["done"] and r["tools"] >= 39 and r["prompt"] for r in env)
    sessions = out["sessions"]  # eight sessions at once, driven by openenv's MCPHarnessAdapter
    assert [r["outcome"] for r in sessions] == reference_outcomes
    assert [r["reward"] for r in sessions] == [r["reward"] for r in env]
    # a family instance chosen by filters, served and scored (complete_task alone: fail)
    assert out["instance"]["task"].startswith("crm.convert-lead-existing@") and out["instance"]["tasks"] > 10
    assert out["instance"]["outcome"] == "fail"
    # rollouts that died before their end (dropped environment, crashed session): their episodes closed
    assert out["crashed_states"] == ["closed", "closed"] and out["live_after"] == []
