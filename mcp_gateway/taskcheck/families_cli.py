"""`saasgym tasks families|sample|stats`: the task families, their instances and their difficulty."""

from __future__ import annotations

import json
from collections import Counter

import click

from worlds.splits import SPLITS


def _fail(exc: Exception) -> None:
    raise click.UsageError(str(exc.args[0] if exc.args else exc)) from None


@click.command("families")
@click.option("--json", "as_json", is_flag=True, help="machine-readable output")
@click.option("--probe", default=20, show_default=True, help="instances drawn per family for the ranges")
def families_cmd(as_json: bool, probe: int) -> None:
    """Table of the task families: app, difficulty range, catalog size and splits."""
    from tasks.families.instances import instance
    from tasks.families.registry import families

    rows = []
    for fam in families().values():
        drawn = [instance("acme", fam.name, s).public.difficulty for s in range(min(probe, fam.size))]
        order = [x for x in ("easy", "medium", "hard", "frontier") if x in drawn]
        rows.append(
            {
                "family": fam.name,
                "apps": list(fam.apps),
                "version": fam.version,
                "difficulty": f"{order[0]}–{order[-1]}" if len(order) > 1 else order[0],
                "instances": fam.size,
                "splits": list(fam.splits),
                "summary": fam.summary,
            }
        )
    if as_json:
        click.echo(json.dumps(rows, indent=2))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{len(rows)} task families, {sum(r['instances'] for r in rows)} instances")
    for c in ("family", "apps", "v", "difficulty", "instances", "splits", "summary"):
        table.add_column(c)
    for r in rows:
        table.add_row(
            r["family"],
            ",".join(r["apps"]),
            str(r["version"]),
            r["difficulty"],
            str(r["instances"]),
            ",".join(r["splits"]),
            r["summary"],
        )
    Console(width=200).print(table)


@click.command("sample")
@click.option("--family", required=True, help="family name, e.g. ticketing.assign-incident")
@click.option("--split", type=click.Choice(SPLITS), default="train", show_default=True)
@click.option("--n", "n", default=5, show_default=True, type=click.IntRange(1, 10_000))
@click.option("--seed", default=0, show_default=True, type=click.IntRange(0, 999_999_999), help="first seed")
@click.option("--json", "as_json", is_flag=True, help="public parts as JSON lines")
def sample_cmd(family: str, split: str, n: int, seed: int, as_json: bool) -> None:
    """Draw N instances of a family in a split (public parts only)."""
    from tasks.families.instances import FamilyError, sample

    try:
        found = sample("acme", family, split, n, seed)
    except (KeyError, FamilyError) as exc:
        _fail(exc)
    for task in found:
        p = task.public
        if as_json:
            click.echo(json.dumps(p.model_dump()))
        else:
            click.echo(f"{p.id}\t{p.split}\t{p.difficulty}\t{p.prompt}")


def _hist(counter: Counter, width: int = 30) -> list[str]:
    top = max(counter.values()) if counter else 1
    return [f"{k!s:>5} {'█' * max(1, round(v * width / top))} {v}" for k, v in sorted(counter.items())]


@click.command("stats")
@click.option("--family", help="only this family")
@click.option("--json", "as_json", is_flag=True, help="machine-readable output")
@click.option(
    "--long-horizon",
    "long_only",
    is_flag=True,
    help="only the long-horizon scenarios: calls (≥15/≥30/≥100), days simulated, apps, personas",
)
@click.option(
    "--frontier",
    "frontier_only",
    is_flag=True,
    help="only the frontier tier: records to discover, people to involve, policies in play, distractors",
)
def stats_cmd(family: str | None, as_json: bool, long_only: bool, frontier_only: bool) -> None:
    """Per split: histograms of oracle calls, apps, records, refusals and difficulty over every catalog
    instance, then the long-horizon scenarios' distribution (calls, days simulated, personas involved) and
    the frontier tier's (records to discover, people, policies, distractors, asking first)."""
    from crossapp.scenarios.stats import lines, long_horizon
    from tasks.families import frontier_stats
    from tasks.families.instances import instance, parse_id
    from tasks.families.instances import instance_ids as ids

    try:
        chosen = list(ids("acme", family=family))
    except KeyError as exc:
        _fail(exc)
    if not chosen:
        raise click.UsageError(f"no instances (unknown family {family!r}?)")
    if long_only:
        dist = long_horizon(
            [instance("acme", *parse_id(i)) for i in chosen if i.startswith(("scenario.", "long."))]
        )
        click.echo(json.dumps(dist, indent=2) if as_json else "\n".join(lines(dist)))
        return
    if frontier_only:
        from tasks.families.registry import families

        tiered = {f.name for f in families().values() if f.tier == "frontier"}
        drawn_tier = [instance("acme", *parse_id(i)) for i in chosen if parse_id(i)[0] in tiered]
        dist = frontier_stats.frontier(drawn_tier)
        click.echo(json.dumps(dist, indent=2) if as_json else "\n".join(frontier_stats.lines(dist)))
        return
    per: dict[str, dict[str, Counter]] = {}
    drawn = []
    for iid in chosen:
        task = instance("acme", *parse_id(iid))
        drawn.append(task)
        m = task.truth.measures
        bucket = per.setdefault(
            task.public.split,
            {k: Counter() for k in ("calls", "apps", "records", "refusal", "difficulty", "families")},
        )
        bucket["calls"][m.oracle_calls] += 1
        bucket["apps"][m.apps] += 1
        bucket["records"][min(m.records, 10)] += 1
        bucket["refusal"]["yes" if m.refusal else "no"] += 1
        bucket["difficulty"][task.public.difficulty] += 1
        bucket["families"][task.public.family] += 1
    if as_json:
        out = {s: {k: {str(x): y for x, y in c.items()} for k, c in b.items()} for s, b in per.items()}
        click.echo(json.dumps(out, indent=2))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{len(chosen)} instances")
    table.add_column("split")
    table.add_column("instances")
    table.add_column("families")
    for c in ("oracle calls", "apps", "records (10 = 10+)", "refusal", "difficulty"):
        table.add_column(c)
    for split in SPLITS:
        b = per.get(split)
        if b is None:
            continue
        table.add_row(
            split,
            str(sum(b["refusal"].values())),
            str(len(b["families"])),
            *["\n".join(_hist(b[k], 12)) for k in ("calls", "apps", "records", "refusal", "difficulty")],
        )
    Console(width=220).print(table)
    click.echo("\n".join(lines(long_horizon(drawn))))
    click.echo("\n".join(frontier_stats.lines(frontier_stats.frontier(drawn))))
