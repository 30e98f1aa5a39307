"""`saasgym trajectory export EPISODE`: an episode's GUI trajectory as JSON lines, from a running gateway."""

from __future__ import annotations

import sys
from pathlib import Path

import click
import httpx


@click.group()
def trajectory() -> None:
    """GUI trajectories of episodes (schema: docs/trajectory.schema.json)."""


@trajectory.command("export")
@click.argument("episode_id")
@click.option("--url", envvar="SAASGYM_GATEWAY_URL", required=True, help="gateway base URL")
@click.option("--key", envvar="SAASGYM_HARNESS_KEY", required=True, help="harness key")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="write to this file, not stdout")
def export(episode_id: str, url: str, key: str, out: Path | None) -> None:
    """Write the browser steps of EPISODE (one JSON object a line) to stdout or --out."""
    try:
        response = httpx.get(
            f"{url.rstrip('/')}/v1/episodes/{episode_id}/trajectory",
            headers={"Authorization": f"Bearer {key}"},
            timeout=60,
        )
    except httpx.HTTPError as exc:
        click.secho(f"error: cannot reach the gateway at {url}: {exc}", fg="red", err=True)
        sys.exit(2)
    if response.status_code != 200:
        try:
            detail = response.json().get("detail") or response.json().get("error") or response.text
        except ValueError:
            detail = response.text
        click.secho(f"error: HTTP {response.status_code}: {detail}", fg="red", err=True)
        sys.exit(2)
    if out is None:
        click.echo(response.text, nl=False)
        return
    out.write_text(response.text, encoding="utf-8")
    click.echo(f"wrote {len(response.text.splitlines())} steps to {out}", err=True)
