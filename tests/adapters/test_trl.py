"""TRL 1.16.0 (its own venv, PyTorch's CPU build): `GRPOTrainer` trains with
`environment_factory=saasgym_environment(...)` on CPU. The model is a random-init tiny Qwen2 with a
tokenizer built in the driver and TRL's own Qwen2.5 chat template; a scripted policy picks the sampled
tokens, and TRL does the rest: it renders the tools into the prompt, parses the tool calls out of the
completions, calls the environment's tool methods (forwarded to each rollout's episode), scores with
`get_reward` (the verifier), computes advantages and steps the optimizer. One driver process runs both
trainings (trl is slow to import)."""

from __future__ import annotations

import pytest

from tests.adapters.conftest import TASK, run_driver, scripted_job

BAD_CALL = {"tool": "crm_get_lead", "args": {"lead_id": "00Qnope"}}


@pytest.fixture(scope="module")
def runs(live_server) -> dict:
    job = scripted_job(live_server.base) | {"family": "crm.convert-lead-existing"}
    oracle = job["scripts"][0]
    job["runs"] = {
        "scripted": {"scripts": job["scripts"], "steps": 2},  # two GRPO steps of one group of 8
        # one group: a refused call then complete_task, the oracle, and a rollout whose episode is lost
        "mixed": {"scripts": [[BAD_CALL], oracle, []], "void": [2]},
    }
    return run_driver("trl", "trl_rollout", job, timeout=1800)  # ≈ 4 min quiet, far more on a loaded machine


def test_grpo_rollouts_match_saasgym_rollout(runs, reference_outcomes):
    out, scripts = runs["scripted"], scripted_job("")["scripts"]
    assert runs["direct"] == "pass"  # the oracle through the environment class itself, outside TRL
    assert len(out["rounds"]) == 2  # one generation round per optimizer step
    for round_ in out["rounds"]:
        envs = round_["environments"]
        assert [e["task"] for e in envs] == [TASK] * len(reference_outcomes)
        assert [e["outcome"] for e in envs] == reference_outcomes
        assert [e["reward"] for e in envs] == [1.0 if o == "pass" else 0.0 for o in reference_outcomes]
    episodes = [e["episode"] for r in out["rounds"] for e in r["environments"]]
    assert len(set(episodes)) == len(episodes) == 2 * len(reference_outcomes)  # an episode per rollout
    assert out["episode_states"] == ["closed"] * len(episodes)  # get_reward closed each one
    # TRL's tool loop ran every scripted call (and complete_task) through the environment's methods
    calls = [len(s) + 1 for s in scripts]
    assert out["emitted"] == [[s["tool"] for s in script] + ["complete_task"] for script in scripts]
    passes = reference_outcomes.count("pass") / len(reference_outcomes)
    for log in out["logs"]:
        assert log["tools/call_frequency"] == pytest.approx(sum(calls) / len(calls))
        assert log["tools/failure_frequency"] == 0.0
        assert log["reward"] == pytest.approx(passes)
        assert log["rewards/SaasgymEnvironment/mean"] == pytest.approx(passes)
    # GRPO advantages: above zero for the passes, below for the fail; the optimizer moved the weights
    for round_ in out["rounds"]:
        signs = [a > 0 for a in round_["advantages"]]
        assert signs == [o == "pass" for o in reference_outcomes]
    assert out["weights_changed"]


def test_tools_are_rendered_from_the_episode(runs, gym):
    crm = gym.create_episode("acme", apps=["crm"])
    try:  # every crm tool of the task's episode, complete_task included
        assert runs["tools"] == len(crm.tools()) + 1
    finally:
        crm.close()
    assert runs["prompt_tokens"] > 1000  # their schemas are in the prompt TRL renders
    # as transformers reads them off the generated methods (type hints and docstring)
    search = runs["schemas"]["crm_search_records"]
    assert search["required"] == ["query"]
    assert search["properties"]["query"]["type"] == "string"
    assert search["properties"]["objects"]["items"]["enum"] == ["account", "contact", "lead", "opportunity"]
    assert search["properties"]["limit"]["type"] == "integer"
    assert "default 10" in search["properties"]["limit"]["description"]
    convert = runs["schemas"]["crm_convert_lead"]
    assert (
        convert["required"] == ["lead_id"]
        and convert["properties"]["create_opportunity"]["type"] == "boolean"
    )
    assert "complete_task" in runs["schemas"]


def test_void_rollout_is_left_out_not_scored_zero(runs):
    out = runs["mixed"]
    [round_] = out["rounds"]
    assert [e["outcome"] for e in round_["environments"]] == ["fail", "pass", "void"]
    assert [e["reward"] for e in round_["environments"]] == [0.0, 1.0, None]
    [log] = out["logs"]
    # the void rollout is outside the mean: (0 + 1) / 2, where a 0 for it would give 1/3
    assert log["reward"] == pytest.approx(0.5)
    assert log["rewards/LostEpisodes/mean"] == pytest.approx(
        0.5
    )  # the driver's subclass of the adapter's class
    assert log["tools/call_frequency"] == pytest.approx((2 + 7 + 1) / 3)
    assert log["tools/failure_frequency"] == pytest.approx(1 / 10)  # TRL: the one refused call of 10
    advantages = round_["advantages"]
    assert advantages[0] < 0 < advantages[1] and advantages[2] == 0.0  # no advantage for the void rollout
    assert out["episode_states"] == ["closed"] * 3


def test_refusals_are_clear_errors(runs):
    out = runs["refusals"]
    # the gateway's own refusal (Salesforce's MALFORMED_ID for a malformed lead id), raised as ToolError
    assert "MALFORMED_ID" in out["tool_error"] and "'00Qnope'" in out["tool_error"]
    assert out["unknown_task"] == "unknown tasks: no-such-task"
    assert out["unknown_tool"] == "no such tools in crm: nope"
    assert out["filtered_tools"] == ["complete_task", "crm_convert_lead", "get_reward", "reset"]


def test_a_crashed_rollout_of_a_family_instance_leaves_no_episode(runs):
    """Filters select family instances; a rollout that never reaches get_reward (the trainer died) has its
    episode closed when its environment object goes."""
    crashed = runs["crashed"]
    assert crashed["task"].startswith("crm.convert-lead-existing@") and crashed["prompt"]
    assert crashed["state"] == "closed"
