"""`saasgym tasks new|list|show|seal|check`: authoring and calibrating tasks."""

from __future__ import annotations

import json
import secrets
import sys
from pathlib import Path

import click

from apps.core.worlds import list_worlds, load_world, sha256_file, worlds_root


@click.group()
def tasks() -> None:
    """Author, inspect and calibrate tasks (public prompt + private truth, stored with their world)."""


def _add_family_commands() -> None:
    from mcp_gateway.taskcheck.families_cli import families_cmd, sample_cmd, stats_cmd

    for command in (families_cmd, sample_cmd, stats_cmd):
        tasks.add_command(command)


def _worlds(world: str | None) -> list[str]:
    return [world] if world else list_worlds()


@tasks.command("list")
@click.option("--world", help="only this world")
def list_tasks(world: str | None) -> None:
    """List tasks (public parts): id, world, apps, allowed surfaces, split, difficulty, prompt."""
    from tasks.store import tasks_of

    for name in _worlds(world):
        for task in tasks_of(load_world(name)).values():
            p = task.public
            surfaces = ",".join(p.surfaces)
            click.echo(
                f"{p.id}\t{name}\t{','.join(p.apps)}\t{surfaces}\t{p.split}\t{p.difficulty}\t{p.prompt[:70]}"
            )


@tasks.command("show")
@click.argument("task_id")
@click.option("--truth", is_flag=True, help="also print the private truth (authors only)")
def show(task_id: str, truth: bool) -> None:
    """Print one task."""
    from tasks.store import TaskError, find_task

    try:
        task = find_task(task_id, list_worlds())
    except TaskError as exc:
        raise click.UsageError(str(exc)) from None
    if task is None:
        raise click.UsageError(f"no task {task_id!r}")
    out = {"public": task.public.model_dump()} | ({"truth": task.truth.model_dump()} if truth else {})
    click.echo(json.dumps(out, indent=2))


@tasks.command("new")
@click.option("--world", default="acme", show_default=True)
@click.option("--id", "task_id", required=True, help="task id, e.g. crm-close-won-globex")
@click.option("--apps", required=True, help="comma-separated apps, e.g. crm")
@click.option("--prompt", required=True)
@click.option("--author", required=True)
@click.option("--difficulty", type=click.Choice(["easy", "medium", "hard"]), default="easy")
@click.option("--split", type=click.Choice(["train", "dev", "test"]), default="train")
def new(world: str, task_id: str, apps: str, prompt: str, author: str, difficulty: str, split: str) -> None:
    """Write a task skeleton (public + private) to fill in, then `seal` and `check` it."""
    folder = worlds_root() / world / "tasks"
    public, private = folder / "public" / f"{task_id}.json", folder / "private" / f"{task_id}.json"
    if public.exists() or private.exists():
        raise click.UsageError(f"task {task_id} already exists in {world}")
    public.parent.mkdir(parents=True, exist_ok=True)
    private.parent.mkdir(parents=True, exist_ok=True)
    app_list = [a.strip() for a in apps.split(",") if a.strip()]
    public.write_text(
        json.dumps(
            {
                "id": task_id,
                "world": world,
                "apps": app_list,
                "prompt": prompt,
                "split": split,
                "difficulty": difficulty,
                "tags": [],
            },
            indent=2,
        )
        + "\n"
    )
    private.write_text(
        json.dumps(
            {
                "id": task_id,
                "canary": f"SAASGYM-CANARY-{secrets.token_hex(12)}",
                "author": author,
                "expect": [],
                "allow": [],
                "oracle": [],
            },
            indent=2,
        )
        + "\n"
    )
    click.echo(
        f"wrote {public} and {private}; fill in expect/oracle, then `saasgym tasks seal --world {world}`"
    )


@tasks.command("seal")
@click.option("--world", required=True)
def seal(world: str) -> None:
    """Record the task files' checksums in the world's manifest (other files must be unchanged)."""
    folder = Path(world) if Path(world, "manifest.json").is_file() else worlds_root() / world
    manifest = json.loads((folder / "manifest.json").read_text())
    files = manifest["files"]
    for rel, digest in files.items():
        if not rel.startswith("tasks/") and sha256_file(folder / rel) != digest:
            raise click.ClickException(f"{rel} differs from the manifest: the world is frozen")
    kept = {rel: d for rel, d in files.items() if not rel.startswith("tasks/")}
    for path in sorted((folder / "tasks").rglob("*.json")):
        kept[path.relative_to(folder).as_posix()] = sha256_file(path)
    manifest["files"] = dict(sorted(kept.items()))
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    click.echo(f"sealed {sum(1 for r in kept if r.startswith('tasks/'))} task files in {folder.name}")


@tasks.command("check")
@click.option("--world", help="only this world")
@click.option("--task", "task_ids", multiple=True, help="only these tasks")
@click.option(
    "--surfaces",
    default="python,mcp,cli,ui",
    show_default=True,
    help="surfaces to run the oracle on (each task's allowed ones)",
)
@click.option(
    "--families/--no-families", default=True, show_default=True, help="also calibrate task families"
)
@click.option(
    "--family", "family_names", multiple=True, help="only these families (and no hand-written tasks)"
)
@click.option(
    "--per-family",
    default=3,
    show_default=True,
    type=click.IntRange(1, 1000),
    help="instances per family (seeds change with each release; CLI and UI on the first "
    "--slow-instances of them)",
)
@click.option(
    "--slow-instances",
    default=1,
    show_default=True,
    type=click.IntRange(1, 1000),
    help="instances per family that also run the slower surfaces, the CLI and the browser "
    "(e.g. --per-family 5 --slow-instances 5 --surfaces ui: the browser on five instances of each)",
)
@click.option(
    "--slow-share",
    default=1,
    show_default=True,
    type=click.IntRange(1, 100),
    help="the CLI and the browser on one in N hand-written tasks and one in N families, a different "
    "choice with each release (CI: 3); python and MCP on every one",
)
@click.option("--full", is_flag=True, help="calibrate every catalog instance of the families (slow)")
@click.option(
    "--scenarios",
    is_flag=True,
    help="only the long-horizon scenarios, each on every surface given (the full browser calibration: "
    "--scenarios --surfaces ui)",
)
@click.option("--json", "as_json", is_flag=True, help="machine-readable output")
def check(  # noqa: PLR0913
    world: str | None,
    task_ids: tuple[str, ...],
    surfaces: str,
    families: bool,
    family_names: tuple[str, ...],
    per_family: int,
    slow_instances: int,
    slow_share: int,
    full: bool,
    scenarios: bool,
    as_json: bool,
) -> None:
    """Validate every task and calibrate it: oracle passes, null and mutants fail, hacks are invalid.
    Task families are calibrated on a few instances each (or every instance with --full)."""
    import time

    from mcp_gateway.progress import progress_bar
    from mcp_gateway.taskcheck.checking import run_checks
    from mcp_gateway.taskcheck.family_checking import run_family_checks
    from tasks.families.registry import families as all_families
    from tasks.ui_oracle import browser_problem

    chosen = [s.strip() for s in surfaces.split(",") if s.strip()]
    if "ui" in chosen and (problem := browser_problem()):
        raise click.UsageError(f"{problem} (or leave the browser out: --surfaces python,mcp,cli)")
    if scenarios:
        family_names = (*family_names, *(n for n in all_families() if n.startswith(("scenario.", "long."))))
    unknown = sorted(set(family_names) - set(all_families()))
    if unknown:
        raise click.UsageError(f"unknown famil(ies) {', '.join(unknown)}; see `saasgym tasks families`")
    started = time.perf_counter()
    instances = [t for t in task_ids if "@" in t]
    plain = [t for t in task_ids if "@" not in t]
    with progress_bar("calibrating") as step:
        rows = []
        if not (family_names or (instances and not plain)):
            rows = run_checks(_worlds(world), plain, chosen, progress=step, share=slow_share)
        if instances:
            rows += run_family_checks(chosen, ids=instances, progress=step)
        elif families and not plain and world in (None, "acme"):
            rows += run_family_checks(
                chosen,
                per_family=per_family,
                full=full,
                only=list(family_names) or None,
                slow_instances=slow_instances,
                share=slow_share,
                progress=step,
            )
    if as_json:
        click.echo(json.dumps([r.as_dict() for r in rows], indent=2))
    else:
        _print_table(rows)
    bad = [r.task_id for r in rows if not r.ok]
    if not as_json:
        click.echo(f"calibrated {len(rows)} tasks and instances in {time.perf_counter() - started:.0f}s")
    if bad:
        click.echo(f"miscalibrated: {', '.join(bad)}", err=True)
    sys.exit(1 if bad or not rows else 0)


@tasks.command("lint")
@click.option("--world", help="only this world's hand-written tasks (families are drawn from acme)")
@click.option("--family", "family_names", multiple=True, help="only these families (no hand-written tasks)")
@click.option("--per-family", default=6, show_default=True, type=click.IntRange(1, 1000),
              help="instances per family, spread over its catalog")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="machine-readable output")
def lint_cmd(world: str | None, family_names: tuple[str, ...], per_family: int, as_json: bool) -> None:
    """Every literal a truth expectation, answer rule or checkpoint requires must be stated in the prompt or
    be a fact of the world; a checkpoint may not require more than its expectation. Lists each violation
    (family, instance, literal) and exits 1 on any."""
    from tasks.families.instances import instance
    from tasks.families.registry import families as all_families
    from tasks.lint import lint, sample_seeds
    from tasks.store import tasks_of

    fams = all_families()
    unknown = sorted(set(family_names) - set(fams))
    if unknown:
        raise click.UsageError(f"unknown famil(ies) {', '.join(unknown)}; see `saasgym tasks families`")
    chosen = [] if family_names else [t for w in _worlds(world) for t in tasks_of(load_world(w)).values()]
    if world in (None, "acme"):
        for name in family_names or fams:
            chosen += [instance("acme", name, s) for s in sample_seeds(fams[name].size, per_family)]
    found = lint(chosen)
    if as_json:
        click.echo(json.dumps([v.as_dict() for v in found], indent=2))
    else:
        for v in found:
            click.echo(f"{v.family or '-'}\t{v.task}\t{v.where}\t{v.literal!r}: {v.why}")
        click.echo(f"{len(found)} violation(s) in {len(chosen)} tasks and instances")
    sys.exit(1 if found else 0)


def _print_table(rows) -> None:  # noqa: ANN001
    from rich.console import Console
    from rich.table import Table

    from tasks.calibration import EXPECTED, NA

    columns = [c for c in EXPECTED if any(c in r.results for r in rows)]
    table = Table(title=f"calibration of {len(rows)} tasks")
    table.add_column("task")
    for c in columns:
        table.add_column(c.replace("_", " "))
    for r in rows:
        cells = []
        for c in columns:
            value = r.results.get(c, NA)
            good = value == NA or value == EXPECTED[c]
            cells.append(f"[green]{value}[/]" if good else f"[red]{value}[/]")
        table.add_row(r.task_id + ("" if r.ok else " ✗"), *cells)
    Console(width=250).print(table)
    for r in rows:
        for k, note in r.notes.items():
            click.echo(f"{r.task_id} {k}: {note}")


_add_family_commands()
