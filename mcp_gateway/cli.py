"""The `saasgym` command line: serve, worlds, MCP over stdio, and one command group per app.

Built on click (the per-app groups are generated from the actions, see apps/core/cli_adapter.py).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from apps.core.cli_adapter import app_group, complete_task_command
from apps.core.registry import app_names, load_app, selected_apps


class _Root(click.Group):
    """The root group: its fixed commands, plus one generated group per app, built when a command
    needs it (the apps are imported only then). Nothing is added to the group after it is built."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        selected = selected_apps()
        apps_here = [n for n in app_names() if selected is None or n in selected]
        return sorted({*self.commands, *apps_here})  # named without importing them

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.commands:
            return self.commands[name]
        selected = selected_apps()
        if name not in app_names() or (selected is not None and name not in selected):
            return None
        spec = load_app(name)  # only this app is imported: a command on one app pays for no other
        return None if spec is None else app_group(spec)


@click.group(
    help="saasgym: enterprise SaaS clones (CRM, ITSM, office) for training and evaluating agents.",
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 110},
)
def cli() -> None:
    pass


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="address to bind")
@click.option("--port", default=8000, show_default=True, type=int, help="port to listen on")
@click.option("--world", default="acme", show_default=True, help="world to open")
@click.option("--task", "task_id", help="sidecar mode: provision one episode of TASK, its MCP at /task/mcp")
@click.option(
    "--token-file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="sidecar mode: file holding the harness key (read, or generated with mode 0600)",
)
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    help="worker processes, each owning a shard of episodes (default: one per core; sidecar: 1)",
)
@click.option(
    "--worker-port-base",
    type=click.IntRange(min=1, max=65535),
    help="worker i also listens on this port + i (default: --port + 1 + i); performer URLs name it",
)
@click.option(
    "--ray",
    "ray_address",
    is_flag=False,
    flag_value="auto",
    default=None,
    help="run the episode workers as Ray actors on the Ray cluster at ADDRESS (bare --ray: 'auto', the "
    "cluster this machine belongs to; 'local': start a one-machine Ray)",
)
@click.option("--ray-workers", type=click.IntRange(min=1), help="with --ray: actors (default: one per node)")
@click.option("--ray-cpus", type=float, default=1.0, show_default=True, help="with --ray: CPUs per actor")
@click.option("--ray-memory", type=float, help="with --ray: memory (GiB) Ray reserves per actor")
@click.option(
    "--ray-capacity",
    type=click.IntRange(min=1),
    help="with --ray: episodes per actor (default: the capacity)",
)
def serve(
    host: str,
    port: int,
    world: str,
    task_id: str | None,
    token_file: Path | None,
    workers: int | None,
    worker_port_base: int | None,
    ray_address: str | None,
    ray_workers: int | None,
    ray_cpus: float,
    ray_memory: float | None,
    ray_capacity: int | None,
) -> None:
    """Start the gateway with one ready episode of WORLD (or of TASK) and print its URLs once it accepts
    connections. With --task and --token-file it is a harness's sidecar: the episode's MCP is at the
    predictable /task/mcp and the harness key (for /verify) is in the token file. --workers N runs N
    processes (each holds its own episodes; their URLs name it); --ray runs them across a Ray cluster
    (docs/SCALING.md)."""
    from mcp_gateway.server import PortInUseError, bind
    from mcp_gateway.settings import Settings
    from mcp_gateway.sidecar import SidecarError, check_task, use_token_file
    from mcp_gateway.workers import default_workers, plan

    if (task_id is None) != (token_file is None):
        raise click.UsageError("sidecar mode takes both --task and --token-file")
    if task_id is not None and ((workers or 1) > 1 or ray_address):
        raise click.UsageError("sidecar mode serves one episode: no --workers above 1, no --ray")
    workers = 1 if task_id is not None else workers or default_workers()
    try:
        if task_id is not None:
            check_task(task_id)
        settings = Settings.from_env(host=host, port=port)
        if ray_address:
            from mcp_gateway.ray_serve import RayUnavailable, serve_on_ray

            try:
                sys.exit(serve_on_ray(settings, ray_address, ray_workers, ray_cpus, ray_memory, ray_capacity))
            except RayUnavailable as exc:
                click.secho(f"error: {exc}", fg="red", err=True)
                sys.exit(1)
        if workers == 1:
            sock, slots = bind(host, port), []
        else:
            sock, slots = plan(settings, workers, worker_port_base)
        if token_file is not None:
            use_token_file(settings, token_file)
    except (PortInUseError, SidecarError) as exc:
        hint = " (is another saasgym serve running? pick one with --port)" if isinstance(exc, OSError) else ""
        click.secho(f"error: {exc}{hint}", fg="red", err=True)
        sys.exit(1)
    if slots:
        from mcp_gateway.workers import Supervisor

        def first(gateway) -> list[str]:  # noqa: ANN001
            return _banner(gateway, world, None, None, settings)

        sys.exit(Supervisor(settings, sock, slots, first, echo=click.echo).run())
    _serve_one(settings, sock, world, task_id, token_file)


def _banner(gateway, world: str, task_id: str | None, token_file: Path | None, settings) -> list[str]:  # noqa: ANN001
    """Provision the start-up episode and return the lines that present it (after the socket accepts)."""
    from mcp_gateway.sidecar import capability_rows, pinned_rows

    if task_id is not None:
        episode, urls = gateway.create(None, task=task_id, ttl_s=settings.max_ttl_s)
        gateway.pin(urls)
        rows, key_source = pinned_rows(gateway.base, episode), token_file
    else:
        episode, urls = gateway.create(world, ttl_s=settings.max_ttl_s)
        rows = capability_rows(urls, episode) + [("CLI", f"export SAASGYM_URL={urls.cli}")]
        in_env = "SAASGYM_HARNESS_KEY" in os.environ
        key_source = "$SAASGYM_HARNESS_KEY" if in_env else settings.state_dir / "harness.key"
    rows += [("harness API", f"http://{settings.host}:{settings.port}/v1  (bearer key in {key_source})")]
    width = max(len(label) for label, _ in rows) + 2
    subject = f"task {task_id!r}" if task_id else f"world {world!r}"
    return (
        [f"saasgym: {subject}, episode {episode.id}"]
        + _design_notices(rows)
        + [f"  {label + ':':<{width}}{value}" for label, value in rows]
    )


def _design_notices(rows: list[tuple[str, str]]) -> list[str]:
    """One line per web UI on the banner that falls back from its vendor's design system (not installed)."""
    from apps.crm import design_system as slds
    from apps.office import design_system as fluent
    from apps.ticketing import design_system as source_sans

    labels = {label for label, _ in rows}
    return [
        system.NOTICE
        for app, system in (("crm", slds), ("office", fluent), ("ticketing", source_sans))
        if f"{app} web UI" in labels and not system.installed()
    ]


def _serve_one(settings, sock, world: str, task_id: str | None, token_file: Path | None) -> None:  # noqa: ANN001
    """The single-process gateway (one worker, or a sidecar)."""
    from apps.core.api import Gym
    from mcp_gateway.gateway import Gateway
    from mcp_gateway.server import ReadyServer, uvicorn_config

    gateway = Gateway(Gym(), settings)
    lines = gateway.restart_lines() + _banner(gateway, world, task_id, token_file, settings)

    def ready() -> None:
        for line in lines:
            click.echo(line)

    config = uvicorn_config(gateway.asgi(), settings, host=settings.host, port=settings.port)
    ReadyServer(config, on_ready=ready).run(sockets=[sock])


@cli.command()
@click.argument("app")
@click.option("--stdio", is_flag=True, help="serve over stdin/stdout")
@click.option("--world", default="acme", show_default=True, help="world to open")
def mcp(app: str, stdio: bool, world: str) -> None:
    """Serve one APP's MCP tools over stdio on a fresh episode of WORLD."""
    from concurrent.futures import ThreadPoolExecutor

    from apps.core.api import Gym
    from apps.core.mcp_adapter import build_mcp_server, run_stdio
    from apps.core.registry import load_app
    from apps.core.worlds import list_worlds

    if not stdio:
        raise click.UsageError("only --stdio is served here; over HTTP use `saasgym serve`")
    spec = load_app(app) if app in app_names() else None
    if spec is None:
        raise click.BadParameter(f"unknown app {app!r}; apps: {', '.join(app_names())}", param_hint="APP")
    gym = Gym(apps={app: spec})  # only this app is imported: the client is waiting for `initialize`
    if world not in list_worlds() and not Path(world, "manifest.json").is_file():
        raise click.BadParameter(
            f"unknown world {world!r}; worlds: {', '.join(list_worlds())}", param_hint="--world"
        )
    # The episode is provisioned while the client initializes; the first tool call waits for it.
    episode = ThreadPoolExecutor(max_workers=1).submit(gym.create_episode, world, apps=[app])

    def resolve(ctx: object) -> object:
        try:
            return episode.result()
        except Exception as exc:
            raise LookupError(f"the episode could not be provisioned: {exc}") from exc

    server = build_mcp_server([spec], name=f"saasgym-{app}", prefix=False, resolve=resolve)
    run_stdio(server)


@cli.group()
def world() -> None:
    """Generate, verify and list frozen worlds."""


@world.command("list")
def world_list() -> None:
    """List the worlds found under the worlds folder."""
    from apps.core.worlds import list_worlds, load_world

    for name in list_worlds():
        w = load_world(name)
        click.echo(
            f"{name}\tseed={w.seed}\tscale={w.manifest.get('scale')}\tnow={w.manifest['now']}\t"
            f"files={len(w.manifest['files'])}"
        )


@world.command("verify")
@click.argument("names", nargs=-1)
def world_verify(names: tuple[str, ...]) -> None:
    """Check every file of each world (default: all) against its manifest's sha256."""
    from apps.core.worlds import list_worlds, verify_world, worlds_root

    bad = 0
    for name in names or list_worlds():
        folder = Path(name) if Path(name, "manifest.json").is_file() else worlds_root() / name
        problems = verify_world(folder)
        click.echo(f"{name}: {'ok' if not problems else 'REFUSED'}")
        for p in problems:
            click.echo(f"  {p}")
        bad += bool(problems)
    sys.exit(1 if bad else 0)


@world.command("audit")
@click.argument("names", nargs=-1)
def world_audit(names: tuple[str, ...]) -> None:
    """Realism audit of each world (default: all): checks and distributions; exit 1 on a violation."""
    from apps.core.worlds import list_worlds, worlds_root
    from worlds.audit.report import render

    bad = 0
    for name in names or list_worlds():
        folder = Path(name) if Path(name, "manifest.json").is_file() else worlds_root() / name
        if not (folder / "manifest.json").is_file():
            raise click.UsageError(f"unknown world {name!r}; worlds: {', '.join(list_worlds())}")
        bad += render(name, folder)
    sys.exit(1 if bad else 0)


@world.command("generate")
@click.option("--name", required=True, help="world name (folder under worlds/ unless --out)")
@click.option("--seed", required=True, type=int, help="random seed")
@click.option(
    "--scale", default=1.0, show_default=True, type=float, help="size relative to the default world"
)
@click.option("--out", type=click.Path(path_type=Path), help="output folder (default worlds/NAME)")
@click.option("--force", is_flag=True, help="overwrite an existing folder")
@click.option(
    "--world-version",
    default=1,
    show_default=True,
    type=click.IntRange(1),
    help="version recorded in the manifest",
)
def world_generate(
    name: str, seed: int, scale: float, out: Path | None, force: bool, world_version: int
) -> None:
    """Generate a world (authors only: committed worlds are frozen and never regenerated)."""
    from apps.core.worlds import worlds_root
    from worlds.generator import generate

    folder = out or worlds_root() / name
    if (folder / "manifest.json").exists() and not force:
        raise click.UsageError(f"{folder} already holds a world; worlds are frozen (use --force for scratch)")
    manifest = generate(name, seed, scale, folder, version=world_version)
    click.echo(f"wrote {folder} ({len(manifest['files'])} files)")


@world.command("extend")
@click.argument("name")
@click.option("--part", "part_names", multiple=True, required=True, help="part to add (repeatable)")
def world_extend(name: str, part_names: tuple[str, ...]) -> None:
    """Add new parts (e.g. ticketing) to world NAME; existing parts' files stay byte-identical."""
    from apps.core.worlds import worlds_root
    from worlds.generator import generate_parts, parts

    known = {p.name for p in parts()}
    unknown = sorted(set(part_names) - known)
    if unknown:
        raise click.UsageError(f"unknown part(s) {', '.join(unknown)}; parts: {', '.join(sorted(known))}")
    folder = Path(name) if Path(name, "manifest.json").is_file() else worlds_root() / name
    manifest = generate_parts(folder, list(part_names))
    click.echo(f"extended {folder} ({len(manifest['files'])} files)")


@cli.command("docs")
@click.argument("action", type=click.Choice(["check", "write"]))
def docs(action: str) -> None:
    """Figures and tables in README.md and docs/ from the code (mcp_gateway/doc_facts.py): `check` exits 1
    naming each one that differs from the live count; `write` fills them in."""
    from mcp_gateway.doc_facts import sync

    stale = sync(write=action == "write")
    for path, changed in stale.items():
        for item in changed:
            click.echo(f"{path}: {item}")
    if action == "check" and stale:
        click.secho("stale figures: run `saasgym docs write`", fg="red", err=True)
        sys.exit(1)
    click.echo("docs: every figure matches the code" if not stale else "docs: figures written")


def build() -> click.Group:
    """The whole command tree: the commands declared here, `complete-task`, the task, rollout, bench,
    export and judge groups, and (when first needed) one group per app — a new root each call."""
    from benchmarks.cli import bench
    from mcp_gateway.export.cli import export
    from mcp_gateway.judge_cli import judge
    from mcp_gateway.rollout.cli import rollout
    from mcp_gateway.taskcheck.cli import tasks
    from mcp_gateway.trajectory.cli import trajectory

    extra = [complete_task_command(), tasks, rollout, bench, export, trajectory, judge]
    return _Root(
        name="saasgym",
        help=cli.help,
        context_settings=cli.context_settings,
        commands=[*cli.commands.values(), *extra],
    )


def main() -> None:
    """Entry point of the `saasgym` console script."""
    build().main(prog_name="saasgym")
