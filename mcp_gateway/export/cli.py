"""`saasgym export`: write saasgym tasks in other harnesses' formats."""

from __future__ import annotations

import sys
from pathlib import Path

import click


@click.group()
def export() -> None:
    """Export tasks into other harnesses' task formats."""


@export.command("harbor")
@click.option("--task", "task_ids", multiple=True, required=True, help="task id (repeatable)")
@click.option("--out", required=True, type=click.Path(file_okay=False, path_type=Path), help="output folder")
@click.option(
    "--sidecar-url",
    default="http://saasgym:8000",
    show_default=True,
    help="where the agent's container reaches the sidecar (its compose service name and port)",
)
@click.option("--image", default="saasgym:latest", show_default=True, help="the sidecar's image")
@click.option("--force", is_flag=True, help="replace task folders that already exist")
def harbor(task_ids: tuple[str, ...], out: Path, sidecar_url: str, image: str, force: bool) -> None:
    """Write Harbor task directories (instruction, task.toml with the MCP server, sidecar, verifier step)."""
    from apps.core.worlds import list_worlds
    from mcp_gateway.export.harbor import ExportError, export
    from tasks.store import find_task

    found = {task_id: find_task(task_id, list_worlds()) for task_id in dict.fromkeys(task_ids)}
    unknown = [task_id for task_id, task in found.items() if task is None]
    try:
        if unknown:
            raise ExportError(f"unknown task(s) {', '.join(unknown)}; `saasgym tasks list` shows the tasks")
        publics = [t.public for t in found.values()]
        folders = export(publics, out, sidecar_url=sidecar_url, image=image, force=force)
    except ExportError as exc:
        click.secho(f"error: {exc}", fg="red", err=True)
        sys.exit(2)
    for folder in folders:
        click.echo(f"wrote {folder}")
