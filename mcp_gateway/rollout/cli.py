"""`saasgym rollout`: run K episodes per task concurrently and report pass@1, pass@k, pass^k."""

from __future__ import annotations

import json
import os
from pathlib import Path

import anyio
import click


@click.command()
@click.option(
    "--task", "task_ids", multiple=True, help="task id (repeatable); default: every task of --world"
)
@click.option("--world", help="world whose tasks to run when no --task is given")
@click.option("--family", help="run sampled instances of this task family instead of hand-written tasks")
@click.option(
    "--split",
    type=click.Choice(["train", "dev", "test"]),
    default="test",
    show_default=True,
    help="--family: the split to sample from",
)
@click.option(
    "--n",
    "n",
    default=20,
    show_default=True,
    type=click.IntRange(1, 10_000),
    help="--family: how many instances",
)
@click.option(
    "--seed",
    default=0,
    show_default=True,
    type=click.IntRange(0, 999_999_999),
    help="--family: the first seed",
)
@click.option("--k", "k", default=4, show_default=True, type=int, help="rollouts per task")
@click.option("--parallel", default=16, show_default=True, type=int, help="episodes at once")
@click.option(
    "--agent",
    type=click.Choice(["scripted", "scripted-slip", "chat"]),
    default="scripted",
    show_default=True,
    help="scripted replays the oracle; scripted-slip drops a step in 30%; "
    "chat uses an OpenAI-compatible endpoint",
)
@click.option("--url", help="gateway base URL (default: in-process)")
@click.option("--key", envvar="SAASGYM_HARNESS_KEY", help="harness key for --url (or $SAASGYM_HARNESS_KEY)")
@click.option("--base-url", envvar="OPENAI_BASE_URL", help="chat agent: endpoint base URL")
@click.option("--api-key", envvar="OPENAI_API_KEY", help="chat agent: API key")
@click.option("--model", default=lambda: os.environ.get("SAASGYM_MODEL", ""), help="chat agent: model name")
@click.option("--out", type=click.Path(path_type=Path), help="write per-rollout results as JSONL")
@click.option(
    "--save-trajectories",
    type=click.Path(file_okay=False, path_type=Path),
    help="write each rollout's trajectory (calls, observations, verdict) into this folder",
)
@click.option("--json", "as_json", is_flag=True, help="print the metrics as JSON")
def rollout(
    task_ids,
    world,
    family,
    split,
    n,
    seed,
    k,
    parallel,
    agent,
    url,
    key,
    base_url,
    api_key,
    model,
    out,
    save_trajectories,
    as_json,
) -> None:  # noqa: ANN001
    """Run K rollouts of each task concurrently and report pass@1, pass@k, pass^k and void counts."""
    from apps.core.api import Gym
    from apps.core.worlds import list_worlds, load_world
    from mcp_gateway.progress import progress_bar
    from mcp_gateway.rollout.agents import ChatCompletionsAgent, ScriptedAgent
    from mcp_gateway.rollout.runner import report, run_rollouts, write_jsonl
    from tasks.store import tasks_of

    catalog = {
        tid: t for w in ([world] if world else list_worlds()) for tid, t in tasks_of(load_world(w)).items()
    }
    if family:
        from tasks.families.instances import FamilyError, sample

        try:
            sampled = sample(world or "acme", family, split, n, seed)
        except (KeyError, FamilyError) as exc:
            raise click.UsageError(str(exc.args[0])) from None
        catalog.update({t.id: t for t in sampled})
        task_ids = (*task_ids, *(t.id for t in sampled))
    unknown = sorted(set(task_ids) - set(catalog))
    if unknown:
        raise click.UsageError(f"unknown task(s): {', '.join(unknown)}")
    tasks = [catalog[t] for t in task_ids] if task_ids else list(catalog.values())
    if not tasks or k < 1 or parallel < 1:
        raise click.UsageError("need at least one task, --k ≥ 1 and --parallel ≥ 1")
    if agent == "chat":
        if not (base_url and api_key and model):
            raise click.UsageError("the chat agent needs --base-url, --api-key and --model")
        runner_agent = ChatCompletionsAgent(base_url, api_key, model)
    else:
        runner_agent = ScriptedAgent(catalog, slip=0.3 if agent == "scripted-slip" else 0.0)
    if url and not key:
        raise click.UsageError("--url needs the harness key (--key or $SAASGYM_HARNESS_KEY)")
    gym = None if url else Gym()
    with progress_bar("rollouts", enabled=not as_json) as step:
        step("", len(tasks) * k)
        results = anyio.run(
            lambda: run_rollouts(
                tasks,
                runner_agent,
                k=k,
                parallel=parallel,
                gym=gym,
                url=url,
                key=key,
                on_done=lambda r: step(f"{r.task} #{r.rollout}: {r.outcome}", 0),
                save_trajectories=save_trajectories,
            )
        )
    metrics = report(results, k)
    if out:
        write_jsonl(results, out)
    if as_json:
        click.echo(json.dumps(metrics, indent=2))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{len(results)} rollouts ({agent})")
    columns = [c for c in next(iter(metrics["tasks"].values())) if c not in ("fails",)]
    table.add_column("task")
    for c in columns:
        table.add_column(c)
    for task, row in metrics["tasks"].items():
        table.add_row(task, *[f"{row[c]:.2f}" if isinstance(row[c], float) else str(row[c]) for c in columns])
    Console(width=200).print(table)
    overall = metrics["overall"]
    click.echo(f"overall: n={overall['n']} pass@1={overall['pass@1']:.3f} void={overall['void']}")
