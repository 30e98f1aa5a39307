"""`saasgym judge …`: calibrate the configured rubric judge and show where it stands."""

from __future__ import annotations

import json
from pathlib import Path

import click

from apps.core.model_endpoint import EndpointSettingsError


def _judge():  # noqa: ANN202
    from tasks.rubric.judge import Judge

    try:
        judge = Judge.from_env()
    except EndpointSettingsError as exc:
        raise click.ClickException(str(exc)) from None
    if judge is None:
        raise click.ClickException(
            "no judge is configured: set SAASGYM_JUDGE_URL (an OpenAI-compatible /v1 base URL) and "
            "SAASGYM_JUDGE_MODEL (and the key's variable in SAASGYM_JUDGE_API_KEY_ENV if it needs one)"
        )
    return judge


@click.group(help="The rubric judge: a lab's model behind an OpenAI-compatible endpoint (docs/TASKS.md).")
def judge() -> None:
    pass


@judge.command()
@click.option("--world", default="acme", show_default=True, help="the world the labelled set is built from")
@click.option(
    "--per-type", default=8, show_default=True, type=click.IntRange(2, 200), help="subjects per type"
)
@click.option("--json", "as_json", is_flag=True, help="print the report as JSON")
@click.option(
    "--export-set",
    type=click.Path(dir_okay=False, path_type=Path),
    help="only write the labelled set (JSON lines: type, criterion, text, label, how made) to this file",
)
def calibrate(world: str, per_type: int, as_json: bool, export_set: Path | None) -> None:
    """Run the configured judge over a labelled set built from the world and store the report (TPR, TNR and
    Cohen's κ per criterion type); a type below the thresholds is refused for scoring."""
    from apps.core.worlds import load_world
    from tasks.rubric.calibrate import calibrate as run
    from tasks.rubric.calibrate import render
    from tasks.rubric.labelled import labelled_set

    opened = load_world(world)
    if export_set is not None:
        items = labelled_set(opened, per_type)
        export_set.write_text("".join(json.dumps(i.as_dict()) + "\n" for i in items))
        click.echo(f"wrote {len(items)} labelled items to {export_set}")
        return
    report = run(_judge(), opened, per_type)
    click.echo(json.dumps(report, indent=2) if as_json else render(report))


@judge.command()
def status() -> None:
    """The configured judge's id and its stored calibration (which criterion types it may score)."""
    from tasks.rubric.calibrate import render

    found = _judge()
    report = found.calibrations.load(found.id)
    if report is None:
        raise click.ClickException(f"judge {found.id} has no calibration: run `saasgym judge calibrate`")
    click.echo(render(report))
