"""TRL driver: `GRPOTrainer` training with `environment_factory=saasgym_environment(...)` on CPU, a tiny
random-init Qwen2 with a tokenizer built here, and a scripted policy choosing the sampled tokens
(tiny_lm.py). Each run is one GRPO group per optimizer step; a run's rollout i follows scripts[i].

Per run it reports, per step, what TRL's environments hold after scoring (task, episode, verdict, reward),
the advantages TRL computed, TRL's logged metrics, the tools each rollout called, whether the weights
moved, and the episodes' states at the end.
"""

from __future__ import annotations

import gc
import inspect
import itertools
import json
import os
import sys
import tempfile
import time

os.environ.update(TRL_EXPERIMENTAL_SILENCE="1", HF_HUB_OFFLINE="1", TOKENIZERS_PARALLELISM="false")

import torch  # noqa: E402
from common import emit, load_job, resolve, with_completion  # noqa: E402
from saasgym_client import Harness  # noqa: E402
from saasgym_client.adapters import SYSTEM_PROMPT  # noqa: E402
from saasgym_client.adapters.trl import ToolError, saasgym_dataset, saasgym_environment  # noqa: E402
from tiny_lm import ScriptedPolicy, tiny_model, tokenizer_for, tool_call_text  # noqa: E402
from transformers.utils import get_json_schema  # noqa: E402
from trl import GRPOConfig, GRPOTrainer  # noqa: E402

job = load_job()
torch.set_num_threads(2)
started = time.monotonic()
Env = saasgym_environment(job["base"], job["key"], tasks=[job["task"]])
dataset = saasgym_dataset(job["base"], job["key"], tasks=[job["task"]])
tools = [
    get_json_schema(f)
    for name, f in inspect.getmembers(Env, inspect.isfunction)
    if not name.startswith("_") and name not in ("reset", "get_reward")
]


def direct_rollout(script: list[dict]) -> tuple[str, list[str]]:
    """One scripted rollout on the adapter's class itself, outside TRL: its verdict and tool responses."""
    env, responses = Env(), []
    prompt = env.reset(task=job["task"])
    for step in with_completion(script):
        responses.append(
            getattr(env, step["tool"])(**resolve(step["args"], [json.loads(r) for r in responses]))
        )
    env.get_reward()
    return env.verdict.outcome, [prompt, *responses]


def refusals() -> dict:
    """What a bad call, an unknown task and an unknown tool name give."""
    env, out = Env(), {}
    env.reset(task=job["task"])
    try:
        env.crm_get_lead(lead_id="00Qnope")
    except ToolError as exc:
        out["tool_error"] = str(exc)
    env.get_reward()
    for name, kwargs in {
        "unknown_task": {"tasks": ["no-such-task"]},
        "unknown_tool": {"tools": ["nope"]},
    }.items():
        try:
            saasgym_environment(job["base"], job["key"], **({"tasks": [job["task"]]} | kwargs))
        except ValueError as exc:
            out[name] = str(exc)
    only = saasgym_environment(job["base"], job["key"], tasks=[job["task"]], tools=["crm_convert_lead"])
    out["filtered_tools"] = sorted(
        n for n, _ in inspect.getmembers(only, inspect.isfunction) if not n.startswith("_")
    )
    return out


direct, texts = direct_rollout(job["scripts"][0])
calls = [tool_call_text(s["tool"], s["args"]) for script in job["scripts"] for s in with_completion(script)]
# the tokenizer learns the schemas, the prompts, the calls and one rollout's tool responses
tok = tokenizer_for([json.dumps(t) for t in tools] + [SYSTEM_PROMPT, *texts, *calls])


class Recorder(GRPOTrainer):
    """GRPOTrainer, unchanged, keeping what each generation round produced."""

    rounds: list[dict] = []

    def _generate_and_score_completions(self, inputs):
        out = super()._generate_and_score_completions(inputs)
        envs = [
            {"task": e.task, "episode": e.episode_id, "outcome": e.verdict.outcome, "reward": e.verdict.score}
            for e in self.environments
        ]
        self.rounds.append({"environments": envs, "advantages": out["advantages"].tolist()})
        return out


def environment_class(void: list[int]) -> type:
    """The adapter's class; with `void`, the episodes of those rollout slots are lost before scoring."""
    if not void:
        return Env
    slots = itertools.count()

    class LostEpisodes(Env):
        def __init__(self):
            super().__init__()
            self.slot = next(slots)  # TRL's first instance (its probe) serves rollout 0, and so on

        def get_reward(self):
            if self.slot in void:
                self._episode.close()  # the episode is gone under the rollout: the verdict is void
            return super().get_reward()

    return LostEpisodes


def run(scripts: list[list[dict]], steps: int, void: list[int], out_dir: str) -> dict:
    policy = ScriptedPolicy(tok, [with_completion(s) for s in scripts], resolve)
    model = tiny_model(tok, policy)
    before = [p.detach().clone() for p in model.parameters()]
    group = len(scripts)
    args = GRPOConfig(
        output_dir=out_dir,
        num_generations=group,
        per_device_train_batch_size=1,
        gradient_accumulation_steps=group,  # one GRPO group of `group` rollouts per optimizer step
        max_steps=steps,
        max_completion_length=32768,  # the tool responses count as completion tokens
        learning_rate=1e-2,
        beta=0.0,
        logging_steps=1,
        report_to="none",
        save_strategy="no",
        use_cpu=True,
        bf16=False,
        seed=0,
        disable_tqdm=True,
        dataloader_pin_memory=False,
        gradient_checkpointing=False,
    )
    Recorder.rounds = []
    trainer = Recorder(
        model=model,
        processing_class=tok,
        args=args,
        train_dataset=dataset,
        environment_factory=environment_class(void),
    )
    t0 = time.monotonic()
    trainer.train()
    seconds = time.monotonic() - t0
    with Harness(job["base"], job["key"]) as harness:
        states = [harness.episode(e["episode"]).state for r in Recorder.rounds for e in r["environments"]]
    logs = [
        {k: v for k, v in entry.items() if k.startswith(("reward", "tools/", "loss"))}
        for entry in trainer.state.log_history
        if "loss" in entry
    ]
    return {
        "rounds": Recorder.rounds,
        "logs": logs,
        "emitted": policy.emitted,
        "weights_changed": any(
            not torch.equal(a, b) for a, b in zip(before, model.parameters(), strict=True)
        ),
        "episode_states": states,
        "chat_template_swapped": trainer.chat_template is not None,
        "seconds": round(seconds, 1),
    }


results = {}
for name, spec in job["runs"].items():
    with tempfile.TemporaryDirectory() as out_dir:
        results[name] = run(spec["scripts"], spec.get("steps", 1), spec.get("void", []), out_dir)
results["direct"] = direct
results["refusals"] = refusals()


def crashed_rollout() -> dict:
    """A family instance selected by filters, its rollout dying before get_reward (the trainer crashed):
    the environment object goes, and its episode with it."""
    Instances = saasgym_environment(job["base"], job["key"], family=job["family"], split="dev")
    env = Instances()
    prompt = env.reset()
    task, episode = env.task, env.episode_id
    del env
    gc.collect()
    with Harness(job["base"], job["key"]) as harness:
        return {"task": task, "prompt": bool(prompt), "state": harness.episode(episode).state}


results["crashed"] = crashed_rollout()
results["schemas"] = {t["function"]["name"]: t["function"]["parameters"] for t in tools}
results["tools"] = len(tools)
results["prompt_tokens"] = len(
    tok.apply_chat_template(
        [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": "x"}],
        tools=tools,
        tokenize=True,
        return_dict=False,
    )
)
results["seconds"] = round(time.monotonic() - started, 1)
print(json.dumps({k: results[k] for k in ("direct", "tools", "prompt_tokens", "seconds")}), file=sys.stderr)
emit(results)
