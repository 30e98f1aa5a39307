"""`saasgym bench`: run the benchmark suite, print the table, optionally write JSON."""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path

import click

FAMILIES = ("start", "store", "scaling", "mcp", "workers", "fair", "ui", "scripted", "durable", "personas")
# the ui family: server time and page weight


def _module(name: str):  # noqa: ANN202
    from benchmarks import (
        durable,
        fairness,
        mcp_calls,
        personas,
        scaling,
        scripted,
        startup,
        store_ops,
        ui_pages,
        ui_weight,
        workers,
    )

    return {
        "start": startup,
        "store": store_ops,
        "scaling": scaling,
        "mcp": mcp_calls,
        "workers": workers,
        "fair": fairness,
        "ui": (ui_pages, ui_weight),
        "scripted": scripted,
        "durable": durable,
        "personas": personas,
    }[name]


@click.command("bench")
@click.option(
    "--quick", is_flag=True, help="fewer repetitions and no scaled world (a few minutes; more when loaded)"
)
@click.option("--json", "json_path", type=click.Path(path_type=Path), help="also write every figure here")
@click.option(
    "--only",
    "only",
    multiple=True,
    type=click.Choice(FAMILIES),
    help="run only these figure families (repeatable)",
)
@click.option(
    "--scale",
    type=float,
    default=None,
    help="size of the scaled world for reset/verify (default 10; 0 = acme only; --quick: 0)",
)
def bench(quick: bool, json_path: Path | None, only: tuple[str, ...], scale: float | None) -> None:
    """Measure every cost that grows with the work, each against a baseline taken in the same run."""
    from apps.core.api import Gym
    from benchmarks import report
    from benchmarks.runner import Config
    from mcp_gateway.progress import progress_bar

    cfg = Config(quick=quick, scale=scale if scale is not None else (0 if quick else 10.0))
    cfg.log = lambda msg: click.echo(msg, err=True)
    started = time.perf_counter()
    gym = Gym()
    figures = []
    chosen = only or FAMILIES
    with progress_bar("bench") as step:
        step("", len(chosen))
        for name in chosen:
            modules = _module(name)
            for module in modules if isinstance(modules, tuple) else (modules,):
                figures.extend(module.run(gym, cfg))
            step(name, 0)
    seconds = time.perf_counter() - started
    command = "saasgym " + shlex.join(sys.argv[1:]) if sys.argv[1:2] == ["bench"] else "saasgym bench"
    title = f"saasgym bench{' --quick' if quick else ''} ({seconds:.0f} s)"
    report.print_table(figures, title)
    if json_path is not None:
        report.write_json(json_path, report.document(figures, command=command, quick=quick, seconds=seconds))
        click.echo(f"wrote {json_path}", err=True)
