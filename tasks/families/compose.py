"""Composing frontier families into one episode: several requests built from the same `Draw` (`part`),
picked so that none collides with another (`pick`), and merged into one `Spec` (`merge`, `combine`): a
morning of work (`crossapp/xapp/inbox_morning.py`) or a whole day (`crossapp/xapp/inbox_day.py`).

Soundness of the merge: the truth is the conjunction of the parts' truths (their expectations and criteria),
but the collateral check is one: an allowance of one part is an allowance of the episode. So two parts
collide — and one of them is drawn again — when they share a person, a record or a subject, or when one
part's allowance on a table that is not its own row (no `pk`) would cover a change the other part's truth
reads or expects on that table, unless the other part allows the same itself (`hides`).
"""

from __future__ import annotations

import re
from abc import abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field

from tasks.families.base import Draw, Family, Redraw, Spec
from tasks.families.instances import ATTEMPTS, _stream, changed_records
from tasks.families.worldview import world_view
from tasks.refs import REF, renumber
from tasks.truth_model import Allowance, Checkpoint, Expectation, FrontierMeasures, OracleStep
from worlds.splits import seed_split

WAIT = "office_wait_for_replies"
STOP = {
    "Tonight",
    "Handle",
    "There",
    "Catch",
    "Please",
    "Sort",
    "From",
    "Can",
    "Could",
    "Before",
    "Deal",
    "The",
    "A",
}
FIRMS = {"PLC", "LLC", "Inc", "Ltd", "Group", "Corp", "Co"}
NAME = re.compile(r"[A-Z][a-z]+(?:[ -][A-Z][a-z]+)*")
MAIL = re.compile(r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+")


@dataclass
class Part:
    """One component request of a composed instance: its family, its Spec and the Draw it was built on."""

    family: Family
    spec: Spec
    draw: Draw
    label: str = ""
    steps: list[int] = field(default_factory=list)  # its oracle steps' places in the merged oracle

    @property
    def slug(self) -> str:
        return self.family.name.split(".", 1)[1]

    def people(self) -> set[str]:
        """Every mail address the part's truth, oracle and subjects name (lower case)."""
        text = " ".join(
            [
                *self.spec.personas,
                *self.draw.subjects,
                *(e.model_dump_json() for e in self.spec.expect),
                *(str(s.args) for s in self.spec.oracle),
            ]
        )
        return {m.lower() for m in MAIL.findall(text)}

    def records(self) -> set[str]:
        """The subjects drawn and every record the truth, the mutants or the oracle's id arguments name."""
        found = {s.split(":", 1)[-1] for s in self.draw.subjects}
        found |= {e.pk for e in self.spec.expect if e.pk}
        found |= {a.pk for a in self.spec.allow if a.pk}
        found |= set(self.spec.wrong_record) | set(self.spec.wrong_record.values())
        for s in self.spec.oracle:
            found |= {str(v) for k, v in s.args.items() if k.endswith("id") and not REF.fullmatch(str(v))}
        return found

    def tables(self) -> set[str]:
        """The tables the part's truth expects something of or allows on one of its own rows."""
        return {e.table for e in self.spec.expect} | {a.table for a in self.spec.allow if a.pk}


def requester(prompt: str, fallback: str, people: set[str] | frozenset[str] = frozenset()) -> str:
    """Who a pointer names first ("Handle Robert Watkins's request" → "Robert Watkins"), never a customer
    ("the Stewart PLC mails Alan … sent" → "Alan": a company's suffix, or a name that opens the domain
    of one of the part's `people`) nor a word opening the line ("Tonight's work …").

    prompt: the part's pointer · fallback: when it names nobody · people: the part's addresses."""
    domains = {m.split("@", 1)[-1] for m in people}
    for found in NAME.finditer(prompt):
        words = found.group().split(" ")
        while words and words[0] in STOP:
            words = words[1:]
        suffix = prompt[found.end() :].split(" ", 2)[1:2]  # "Stewart PLC": the word after the name
        firm = words and (
            bool(set(suffix) & FIRMS)
            or words[-1] in FIRMS
            or any(d.startswith(words[0].lower()) for d in domains)
        )
        if words and not firm:
            return " ".join(words)
    return fallback


def part(fam: Family, d: Draw) -> Part | None:
    """`fam` built on `d`'s world, split and stream (None when it has no valid draw this time)."""
    sub = Draw(world=d.world, split=d.split, rng=d.rng)
    try:
        spec = fam.build(sub)
    except Redraw:
        return None
    if spec.answer is not None:  # a composed episode's requests end in work and mails, not in one answer
        return None
    if "ticketing" in fam.apps and not fam.reads_part_rows:
        parts = d.world.part_subjects
        if any(s.split(":", 1)[-1] in parts for s in sub.subjects):
            return None  # what a world part's incidents are about (as `instances.draw` would redraw)
    new = Part(fam, spec, sub)
    new.label = f"{requester(spec.prompt, fam.name, new.people())} ({new.slug})"
    return new


def pick(
    d: Draw, pool: tuple[Family, ...], n: int, parts: list[Part], want: Callable[[Part], bool] | None = None
) -> None:
    """Add up to `n` parts to `parts`, one per family of `pool` (tried in a drawn order), skipping those
    that collide with a part already there.

    d: the episode's draw (its stream orders the pool and builds each part) · pool: the families to draw
    from · n: how many to add · parts: the episode's parts so far (appended to) · want: a part must also
    pass it (a refusal, say), else its family is passed over this time."""
    order = list(pool)
    d.rng.shuffle(order)
    added = 0
    for fam in order:
        if added == n:
            return
        new = part(fam, d)
        if new is None or (want and not want(new)) or any(collision(new, p) for p in parts):
            continue
        parts.append(new)
        added += 1


def _covers(mine: Allowance, theirs: Allowance) -> bool:
    """Whether `mine` (a table-wide allowance) allows no more than `theirs` does."""
    return (
        theirs.table == mine.table
        and theirs.pk is None
        and set(mine.ops) <= set(theirs.ops)
        and (theirs.fields is None or (mine.fields is not None and set(mine.fields) <= set(theirs.fields)))
    )


def hides(a: Part, b: Part) -> str | None:
    """A table-wide allowance of `a` that could hide damage `b`'s truth is about (None when there is none)."""
    for allowance in a.spec.allow:
        wide = allowance.pk is None and allowance.table in b.tables()
        if wide and not any(_covers(allowance, theirs) for theirs in b.spec.allow):
            return f"{a.slug} allows {allowance.ops} on {allowance.table}, which {b.slug} checks"
    return None


def collision(a: Part, b: Part) -> str | None:
    """Why two parts cannot share an episode (a person, a record, a hidden check), or None."""
    if a.family.name == b.family.name:
        return f"two {a.slug} requests"
    if shared := a.people() & b.people():
        return f"{a.slug} and {b.slug} both involve {sorted(shared)[0]}"
    if shared := a.records() & b.records():
        return f"{a.slug} and {b.slug} both touch {sorted(shared)[0]}"
    return hides(a, b) or hides(b, a)


def segments(oracle: list[OracleStep]) -> list[list[int]]:
    """A part's oracle cut at its waits: [[steps before the first wait], [the wait, steps after it], …]."""
    out: list[list[int]] = [[]]
    for i, s in enumerate(oracle):
        if s.tool == WAIT and i:
            out.append([])
        out[-1].append(i)
    return out


def schedule(parts: list[Part]) -> list[OracleStep]:
    """One oracle for all parts: every part's work up to its first wait (the parts that ask first, then the
    ones that wait for nobody), one wait for all of them, every part's next stretch, and so on. A part's own
    timeline keeps its days (its n-th wait is the episode's n-th), so a deadline of one part is met as alone.
    Sets each part's `steps`."""
    cut = [segments(p.spec.oracle) for p in parts]
    order = sorted(range(len(parts)), key=lambda k: len(cut[k]) == 1)  # stable: askers first
    merged: list[OracleStep] = []
    for rnd in range(max(len(c) for c in cut)):
        waits = [(k, c[rnd][0]) for k, c in enumerate(cut) if rnd and len(c) > rnd]
        if waits:  # the longest of this round's waits stands for all of them
            k, i = max(waits, key=lambda w: int(parts[w[0]].spec.oracle[w[1]].args.get("minutes", 60)))
            merged.append(parts[k].spec.oracle[i])
            for k, _ in waits:
                parts[k].steps.append(len(merged) - 1)
        for k in order:
            if len(cut[k]) <= rnd:
                continue
            for i in cut[k][rnd][1 if rnd else 0 :]:
                parts[k].steps.append(len(merged))
                merged.append(parts[k].spec.oracle[i])
    for p in parts:  # references between a part's steps follow them
        places = {i + 1: new + 1 for i, new in enumerate(p.steps)}
        for new in p.steps:
            step = merged[new]
            if "$" in str(step.args):
                merged[new] = OracleStep(tool=step.tool, args=renumber(step.args, places.__getitem__))
    return merged


def _labelled(e: Expectation, label: str) -> Expectation:
    return e.model_copy(update={"note": f"{label}: {e.note}" if e.note else label})


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def combine(d: Draw, parts: list[Part], prompt: str, phrasing: int, tags: list[str]) -> Spec:
    """The episode's Spec (`merge`), its draw given every part's subjects and distractors.

    d: the episode's draw · parts: its requests · prompt: what the agent reads · phrasing: which wording ·
    tags: the episode's own tags (the parts' follow them)."""
    for p in parts:
        d.subjects += p.draw.subjects
        d.distractors += p.draw.distractors
    return merge(parts, prompt, phrasing, tags)


def fill(d: Draw, pool: tuple[Family, ...], n: int, parts: list[Part], what: str) -> list[Part]:
    """`parts` with parts of `pool` added up to `n` (`pick`); Redraw when fewer fit.

    d: the episode's draw · pool: the families to draw the rest from · n: how many parts the episode holds
    · parts: the parts so far (appended to) · what: the episode's name in the redraw's reason."""
    pick(d, pool, n - len(parts), parts)
    if len(parts) < n:
        raise Redraw(f"only {len(parts)} requests of {what} fit together")
    return parts


class Composed(Family):
    """A family whose instance is several other families' requests in one episode: `parts` draws them,
    `write` writes the prompt; the Spec is their `combine`. Its parts are frontier requests of the inbox,
    the CRM and the desk, none with a browser oracle; a composed episode calibrates slowly (one in CI)."""

    apps = ("office", "crm", "ticketing")
    tier = "frontier"
    reads_part_rows = True  # each part that must not read them is drawn again by `part`
    surfaces = ("mcp", "cli", "python")
    no_ui_reason = "a composed episode holds requests whose families have no browser oracle"
    ci_instances = 1  # `tasks check --task <family>@N …` calibrates more, on every surface
    author = "saasgym-frontier"
    tags: tuple[str, ...] = ("inbox", "cross-app")

    @abstractmethod
    def parts(self, d: Draw) -> list[Part]:
        """The episode's requests, none colliding with another (Redraw when too few fit)."""

    @abstractmethod
    def write(self, d: Draw, parts: list[Part]) -> tuple[str, int]:
        """The prompt of `parts` (drawn from `d`'s stream) and its phrasing's number."""

    def build(self, d: Draw) -> Spec:
        return self.compose(d)[0]

    def compose(self, d: Draw) -> tuple[Spec, list[Part]]:
        """The episode's Spec and its parts (each with its steps' places in the merged oracle)."""
        parts = self.parts(d)
        prompt, phrasing = self.write(d, parts)
        return combine(d, parts, prompt, phrasing, list(self.tags)), parts

    def drawn(self, world: str, seed: int) -> list[Part]:
        """The parts of `self@seed` as `instances.draw` draws it (which steps are whose)."""
        rng = _stream(world, self, seed)
        split = seed_split(world, self.name, seed, self.splits)
        for _ in range(ATTEMPTS):
            try:
                return self.compose(Draw(world=world_view(world), split=split, rng=rng))[1]
            except Redraw:
                continue
        raise Redraw(f"{self.name}@{seed}: no valid draw")


def merge(parts: list[Part], prompt: str, phrasing: int, tags: list[str]) -> Spec:
    """The parts as one Spec: their truths' conjunction, checkpoints and criteria named by requester."""
    oracle = schedule(parts)
    expect, allow, checkpoints, criteria = [], [], [], []
    for p in parts:
        expect += [_labelled(e, p.label) for e in p.spec.expect]
        allow += [a for a in p.spec.allow if a not in allow]
        done = Checkpoint(
            name=f"{p.label}: request done"[:120], expect=[_labelled(e, p.label) for e in p.spec.expect]
        )
        checkpoints += [
            done,
            *(c.model_copy(update={"name": f"{p.label}: {c.name}"[:120]}) for c in p.spec.checkpoints),
        ]
        prefix = _slug(p.label)[:30].strip("-")
        criteria += [c.model_copy(update={"id": f"{prefix}--{c.id}"[:60]}) for c in p.spec.criteria]
    measures = [p.spec.frontier for p in parts if p.spec.frontier]
    policies = [x for m in measures for x in m.policies]
    return Spec(
        prompt=prompt,
        oracle=oracle,
        expect=expect,
        allow=allow,
        wrong_record={k: v for p in parts for k, v in p.spec.wrong_record.items()},
        tags=list(dict.fromkeys([*tags, *(t for p in parts for t in p.spec.tags)])),
        phrasing=phrasing,
        records=sum(max(len(changed_records(p.spec.expect)), p.spec.records or 1) for p in parts),
        off_by_one=False,  # the first number of a merged oracle is any part's: no one number decides
        checkpoints=checkpoints,
        exchange=sorted(p.steps[i] for p in parts for i in p.spec.exchange),
        late=sorted(p.steps[i] for p in parts for i in p.spec.late),
        unseen=sorted(p.steps[i] for p in parts for i in p.spec.unseen),
        personas=sorted({x for p in parts for x in p.spec.personas}),
        criteria=criteria,
        frontier=FrontierMeasures(
            discover=sum(m.discover for m in measures),
            people=sum(m.people for m in measures),
            policies=list(dict.fromkeys(policies)),
            distractors=sum(m.distractors for m in measures),
            ask=any(m.ask for m in measures),
        ),
    )
