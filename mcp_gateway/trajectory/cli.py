"""`saasgym trajectory export|replay`: episode trajectories from a running gateway or from saved files.

export: one or more episodes (by id from the gateway, or `--from` saved trajectory files and folders, e.g.
`saasgym rollout --save-trajectories DIR`) as `jsonl` (every line of each trajectory), `messages` (one
OpenAI-style chat record a line), `hf` (a Hugging Face dataset folder) or `gui` (browser steps only).
replay: a saved trajectory's calls made again on a new episode, reporting whether it reaches the same state.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import anyio
import click
import httpx

FORMATS = ("jsonl", "messages", "hf", "gui")


def _fail(message: str, code: int = 2) -> None:
    click.secho(f"error: {message}", fg="red", err=True)
    sys.exit(code)


def _fetch(url: str, key: str, episode_id: str, fmt: str) -> str:
    """One episode's trajectory text from the gateway (jsonl with the tool listing, or gui)."""
    params = {"format": "gui"} if fmt == "gui" else {"format": "jsonl", "tools": "true"}
    try:
        response = httpx.get(
            f"{url.rstrip('/')}/v1/episodes/{episode_id}/trajectory",
            params=params,
            headers={"Authorization": f"Bearer {key}"},
            timeout=120,
        )
    except httpx.HTTPError as exc:
        _fail(f"cannot reach the gateway at {url}: {exc}")
    if response.status_code != 200:
        try:
            detail = response.json().get("detail") or response.text
        except ValueError:
            detail = response.text
        _fail(f"HTTP {response.status_code}: {detail}")
    return response.text


def episodes_of(text: str, where: str) -> list[list[dict]]:
    """The episodes in a trajectory file's text (each starts at its `episode` line)."""
    found: list[list[dict]] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
        except ValueError:
            _fail(f"{where}:{n}: not a JSON line")
        if line.get("type") == "episode":
            found.append([])
        if not found:
            _fail(f"{where}:{n}: a trajectory starts with its episode line")
        found[-1].append(line)
    return found


def _saved(paths: tuple[Path, ...]) -> list[list[dict]]:
    files = [f for p in paths for f in (sorted(p.glob("*.jsonl")) if p.is_dir() else [p])]
    return [ep for f in files for ep in episodes_of(f.read_text(encoding="utf-8"), str(f))]


def _write(text: str, out: Path | None, what: str) -> None:
    if out is None:
        click.echo(text, nl=False)
        return
    out.write_text(text, encoding="utf-8")
    click.echo(f"wrote {what} to {out}", err=True)


@click.group()
def trajectory() -> None:
    """Episode trajectories: every call with its observation, time, arrivals, browser steps and verdict
    (docs/TRAJECTORY.md; schema docs/episode-trajectory.schema.json)."""


@trajectory.command("export")
@click.argument("episode_ids", nargs=-1)
@click.option("--url", envvar="SAASGYM_GATEWAY_URL", help="gateway base URL (for EPISODE_IDS)")
@click.option("--key", envvar="SAASGYM_HARNESS_KEY", help="harness key (or $SAASGYM_HARNESS_KEY)")
@click.option(
    "--from",
    "sources",
    multiple=True,
    type=click.Path(exists=True, path_type=Path),
    help="saved trajectory files or folders of them (repeatable), e.g. from rollout --save-trajectories",
)
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="jsonl", show_default=True)
@click.option("--out", type=click.Path(path_type=Path), help="file (a folder for hf); default stdout")
def export(episode_ids: tuple[str, ...], url: str | None, key: str | None, sources, fmt: str, out) -> None:
    """Write the trajectories of EPISODE_IDS (live on the gateway) and of --from files in a format."""
    from mcp_gateway.trajectory import formats
    from mcp_gateway.trajectory.record import to_jsonl

    if not episode_ids and not sources:
        raise click.UsageError("name episodes (EPISODE_IDS) or saved trajectories (--from)")
    if episode_ids and not (url and key):
        raise click.UsageError("episodes on a gateway need --url and --key (or $SAASGYM_HARNESS_KEY)")
    if fmt == "gui":
        if sources or len(episode_ids) != 1:
            raise click.UsageError("--format gui exports one live episode's browser steps")
        _write(_fetch(url, key, episode_ids[0], "gui"), out, "the browser steps")
        return
    episodes = [ep for i in episode_ids for ep in episodes_of(_fetch(url, key, i, fmt), i)] + _saved(sources)
    if fmt == "jsonl":
        _write("".join(to_jsonl(ep) for ep in episodes), out, f"{len(episodes)} trajectories")
    elif fmt == "messages":
        records = [json.dumps(formats.to_messages(ep), ensure_ascii=False) + "\n" for ep in episodes]
        _write("".join(records), out, f"{len(records)} chat records")
    else:
        if out is None:
            raise click.UsageError("--format hf writes a dataset folder: give it with --out")
        try:
            rows = formats.write_hf(episodes, out)
        except RuntimeError as exc:
            _fail(str(exc))
        click.echo(f"wrote a dataset of {rows} episodes to {out} (datasets.load_from_disk)", err=True)


@trajectory.command("replay")
@click.argument("source", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--url", envvar="SAASGYM_GATEWAY_URL", required=True, help="gateway base URL")
@click.option("--key", envvar="SAASGYM_HARNESS_KEY", required=True, help="harness key")
@click.option("--json", "as_json", is_flag=True, help="print the result as JSON")
def replay(source: Path, url: str, key: str, as_json: bool) -> None:
    """Make SOURCE's calls again on a new episode; exit 0 when it ends at the trajectory's state hash."""
    from mcp_gateway.trajectory.replay_calls import ReplayError
    from mcp_gateway.trajectory.replay_calls import replay as run

    found = episodes_of(source.read_text(encoding="utf-8"), str(source))
    if len(found) != 1:
        _fail(f"{source} holds {len(found)} trajectories; replay takes one")
    try:
        done = anyio.run(run, found[0], url, key)
    except (ReplayError, httpx.HTTPError) as exc:
        _fail(str(exc))
    result = {
        "episode_id": done.episode_id,
        "calls": done.calls,
        "state_hash": done.state_hash,
        "expected": done.expected_hash,
        "same": done.same,
        "mismatches": done.mismatches,
    }
    if as_json:
        click.echo(json.dumps(result, indent=2))
    else:
        verdict = "the same end state" if done.same else "a DIFFERENT end state"
        click.echo(f"replayed {done.calls} calls on {done.episode_id}: {verdict} ({done.state_hash[:16]})")
    sys.exit(0 if done.same else 1)
