"""Instances: `<family>@<seed>` drawn in a world. Same world + family version + seed ⇒ the same bytes.

An instance is derived, never stored: its id names the family and the seed, its public part names the
family's code version, and the truth carries a canary derived from all of them.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache

from apps.core.naming import split_qualified
from apps.core.registry import discover
from tasks.families.base import Draw, Family, Redraw, Spec
from tasks.families.public import Profile, profile, public_tags, sample_seeds
from tasks.families.registry import families, get_family
from tasks.families.worldview import world_view
from tasks.model import Task, TaskPublic
from tasks.truth_model import Expectation, Measures, Mutations, OracleStep, TaskTruth
from worlds.splits import seed_split

ID = re.compile(r"^(?P<family>[a-z0-9][a-z0-9_-]*\.[a-z0-9_.-]+)@(?P<seed>[0-9]{1,9})$")
ATTEMPTS = 60
WORLDS = ("acme",)  # the worlds families draw from (tiny is too small for held-out splits)


class FamilyError(Exception):
    """An instance cannot be drawn (unknown family, bad id, or no draw met the preconditions)."""


def parse_id(text: str) -> tuple[str, int] | None:
    """(family, seed) of an instance id, or None when `text` is not one."""
    m = ID.match(text)
    return (m["family"], int(m["seed"])) if m else None


def _stream(world: str, fam: Family, seed: int) -> random.Random:
    digest = hashlib.sha256(f"stream|{world}|{fam.name}|v{fam.version}|{seed}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


def _canary(world: str, fam: Family, seed: int) -> str:
    digest = hashlib.sha256(f"canary|{world}|{fam.name}|v{fam.version}|{seed}".encode()).hexdigest()
    return f"SAASGYM-CANARY-{digest[:24]}"


def _measures(spec: Spec, distractors: int) -> Measures:
    apps = discover()
    calls = [s for s in spec.oracle if s.tool != "complete_task"]
    writes, used = 0, set()
    for s in calls:
        app, name = split_qualified(s.tool, apps) or (None, None)
        if app is None:
            raise FamilyError(f"oracle tool {s.tool} is not a tool of the loaded apps")
        used.add(app)
        writes += not apps[app].actions.get(name).read_only
    records = max(len(changed_records(spec.expect)), spec.records or 1)
    refusal = bool(spec.answer and spec.answer.refusal)
    return Measures(
        oracle_calls=len(calls),
        reads=len(calls) - writes,
        writes=writes,
        apps=len(used),
        records=records,
        distractors=distractors,
        refusal=refusal,
        scenario=spec.scenario,
        days=round(waited_minutes(spec.oracle) / 1440, 2),
        personas=sorted(set(spec.personas)),
        frontier=spec.frontier,
    )


def waited_minutes(oracle: list[OracleStep]) -> int:
    """The logical minutes an oracle surely lets pass: its full waits for replies (a wait that may stop at
    the first reply is not counted) and the desk's clock advances."""
    total = 0
    for s in oracle:
        if s.tool == "office_wait_for_replies" and s.args.get("stop_at_first_reply") is False:
            total += int(s.args.get("minutes", 60))
        elif s.tool == "ticketing_advance_time":
            total += int(s.args.get("hours", 0)) * 60 + int(s.args.get("minutes", 0))
    return total


# Rows that are part of another record, not records of their own: a work note or comment belongs to its
# task record, an attendee to its event, a stage-history row to its opportunity, a cell to its worksheet
# (by this field; a cell's own id is "<worksheet id>!<address>").
PART_OF = {
    "ticketing_sys_journal_field": "element_id",
    "office_attendee": "event_id",
    "crm_opportunity_history": "opportunity_id",
    "office_cell": "worksheet_id",
}


def changed_records(expect: list[Expectation]) -> set[str]:
    """The distinct records an instance changes: each updated or deleted row, each inserted row, with
    rows that are part of another record (`PART_OF`) counted as that record (or, when it is created
    alongside, not again); rows that must stay unchanged are not changes."""
    found: set[str] = set()
    for i, e in enumerate(expect):
        if e.op == "unchanged":
            continue
        parent = PART_OF.get(e.table)
        owner = e.fields.get(parent) if parent else None
        if owner is not None and owner.equals is not None:
            found.add(f"record:{owner.equals}")
        elif parent and e.op != "insert":
            found.add(f"record:{str(e.pk).split('!')[0]}")  # a changed cell: its worksheet
        elif parent:
            continue  # part of a record created alongside it (an attendee of the new event)
        elif e.op == "insert":
            found.add(f"{e.table}:new{i}")
        else:
            found.add(f"record:{e.pk}")
    return found


def difficulty(m: Measures) -> str:
    """frontier: an instance of a frontier family (judgment and discovery, measured apart); hard: ≥ 8
    oracle calls, ≥ 3 records or two apps; medium: a lookup, several calls or a refusal."""
    if m.frontier is not None:
        return "frontier"
    if m.oracle_calls >= 8 or m.records >= 3 or m.apps >= 2:
        return "hard"
    if m.oracle_calls >= 3 or m.reads >= 1 or m.refusal or m.distractors:
        return "medium"
    return "easy"


def draw(world: str, fam: Family, seed: int) -> tuple[Spec, Draw]:
    """The first draw of `fam@seed` in `world` that meets its preconditions."""
    rng = _stream(world, fam, seed)
    split = seed_split(world, fam.name, seed, fam.splits)
    reasons = []
    for _ in range(ATTEMPTS):
        d = Draw(world=world_view(world), split=split, rng=rng)
        try:
            spec = fam.build(d)
        except Redraw as exc:
            reasons.append(str(exc))
            continue
        if "ticketing" in fam.apps and not fam.reads_part_rows and (touched := _part_subjects(d)):
            reasons.append(f"{touched} is what a world part's incidents are about")
            continue
        return spec, d
    raise FamilyError(f"{fam.name}@{seed}: no valid draw in {ATTEMPTS} attempts (last: {reasons[-1]})")


def _part_subjects(d: Draw) -> str | None:
    """The first of the draw's subjects a world part's incidents are about (see WorldView.part_subjects)."""
    parts = d.world.part_subjects
    return next((s for s in d.subjects if s.split(":", 1)[-1] in parts), None)


@lru_cache(maxsize=8192)
def instance(world: str, family: str, seed: int) -> Task:
    """The instance `family@seed` of `world`."""
    if world not in WORLDS:
        raise FamilyError(f"families draw from {', '.join(WORLDS)}, not {world!r}")
    try:
        fam = get_family(family)
    except KeyError as exc:
        raise FamilyError(str(exc.args[0])) from None
    return build_task(world, fam, seed)


def build_task(world: str, fam: Family, seed: int) -> Task:
    """Draw `fam@seed` in `world` and complete it into a task (id, canary, split, measures, difficulty)."""
    spec, d = draw(world, fam, seed)
    if (fam.tier == "frontier") != (spec.frontier is not None):
        raise FamilyError(f"{fam.name}: frontier measures go with tier frontier (tier {fam.tier!r})")
    measures = _measures(spec, d.distractors)
    shared = family_profile(world, fam)  # the public fields that could tell variants apart: the family's
    iid = f"{fam.name}@{seed}"
    surfaces = [s for s in fam.surfaces if s != "ui" or spec.ui_oracle]
    no_ui = None if "ui" in surfaces else (fam.no_ui_reason or f"no UI oracle is written for {fam.name} yet")
    public = TaskPublic(
        id=iid,
        world=world,
        apps=list(fam.apps),
        prompt=spec.prompt,
        surfaces=surfaces,
        no_ui_reason=no_ui,
        split=d.split,
        difficulty=shared.difficulty,
        tags=list(shared.tags),
        answer_required=shared.answer_required or spec.answer is not None,
        family=fam.name,
        version=fam.version,
    )
    truth = TaskTruth(
        id=iid,
        canary=_canary(world, fam, seed),
        author=fam.author,
        expect=spec.expect,
        allow=spec.allow,
        answer=spec.answer,
        oracle=spec.oracle,
        ui_oracle=spec.ui_oracle,
        mutations=Mutations(
            wrong_record=spec.wrong_record,
            off_by_one=spec.off_by_one,
            exchange=spec.exchange,
            late=spec.late,
            unseen=spec.unseen,
        ),
        checkpoints=spec.checkpoints,
        criteria=spec.criteria,
        measures=measures,
        entities=sorted(set(d.subjects)),
        variant_tags=[t for t in public_tags(spec) if t not in shared.tags],
        arrivals=spec.arrivals,
    )
    return Task(public=public, truth=truth)


def _samples(world: str, fam: Family) -> list[tuple[Spec, str]]:
    drawn = [draw(world, fam, seed) for seed in sample_seeds(fam)]
    return [(spec, difficulty(_measures(spec, d.distractors))) for spec, d in drawn]


@cache
def family_profile(world: str, fam: Family) -> Profile:
    """The public tags, difficulty and answer flag every instance of `fam` shows (`tasks.families.public`)."""
    return profile(world, fam, lambda: _samples(world, fam))


@dataclass(frozen=True)
class Summary:
    """What the catalog filters and the split checks read of an instance, kept for every instance drawn
    (a few hundred bytes each, where a whole instance is tens of kilobytes: the instance cache holds a
    fraction of the catalog, this one all of it, so a second scan of the catalog draws nothing)."""

    split: str
    difficulty: str
    apps: tuple[str, ...]
    entities: tuple[str, ...]
    tags: tuple[str, ...] = ()


@cache
def summary(world: str, family: str, seed: int) -> Summary:
    """The split, difficulty, apps, entities and tags of `family@seed` in `world` (drawn once per process)."""
    task = instance(world, family, seed)
    p = task.public
    return Summary(p.split, p.difficulty, tuple(p.apps), tuple(task.truth.entities), tuple(p.tags))


def find_instance(task_id: str, worlds: list[str]) -> Task | None:
    """The instance called `task_id` in the first of `worlds` families draw from (None if not an id)."""
    parsed = parse_id(task_id)
    if parsed is None or parsed[0] not in families():
        return None
    world = next((w for w in worlds if w in WORLDS), None)
    return instance(world, *parsed) if world else None


def instance_bytes(task: Task) -> bytes:
    """The canonical bytes of an instance (both parts): equal bytes ⇔ equal instances. An instance without
    rubric criteria (or frontier measures) is written as before they existed, so its digest did not move."""
    dump = task.model_dump(mode="json")
    if not dump["truth"]["criteria"]:
        del dump["truth"]["criteria"]
    if dump["truth"]["measures"] and dump["truth"]["measures"]["frontier"] is None:
        del dump["truth"]["measures"]["frontier"]
    return json.dumps(dump, sort_keys=True, ensure_ascii=False).encode()


def truth_key(task: Task) -> str:
    """What makes two instances really different: their truth without id and canary."""
    dump = task.truth.model_dump(mode="json", exclude={"id", "canary", "measures"})
    return json.dumps(dump, sort_keys=True)


def instance_ids(
    world: str = "acme", *, family: str | None = None, split: str | None = None, app: str | None = None
) -> Iterator[str]:
    """The catalog's instance ids (each family's seeds 0 … size-1), filtered without drawing them."""
    for fam in families().values():
        if (family and fam.name != family) or (app and app not in fam.apps):
            continue
        for seed in range(fam.size):
            if split is None or seed_split(world, fam.name, seed, fam.splits) == split:
                yield f"{fam.name}@{seed}"


def sample(world: str, family: str, split: str, n: int, seed: int = 0) -> list[Task]:
    """`n` instances of `family` in `split`, taking seeds from `seed` upwards."""
    fam = get_family(family)
    if split not in fam.splits:
        raise FamilyError(f"{family} has no {split} instances (its splits: {', '.join(fam.splits)})")
    out: list[Task] = []
    current = seed
    while len(out) < n:
        if seed_split(world, fam.name, current, fam.splits) == split:
            out.append(instance(world, fam.name, current))
        current += 1
    return out
