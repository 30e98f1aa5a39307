"""Composing frontier families into one episode: several requests built from the same `Draw`, checked for
collisions, and merged into one `Spec` (a morning of work, `crossapp/xapp/inbox_morning.py`).

Soundness of the merge: the truth is the conjunction of the parts' truths (their expectations and criteria),
but the collateral check is one: an allowance of one part is an allowance of the episode. So two parts
collide — and one of them is drawn again — when they share a person, a record or a subject, or when one
part's allowance on a table that is not its own row (no `pk`) would cover a change the other part's truth
reads or expects on that table, unless the other part allows the same itself (`hides`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tasks.families.base import Draw, Family, Spec
from tasks.families.instances import changed_records
from tasks.model import Allowance, Checkpoint, Expectation, FrontierMeasures, OracleStep
from tasks.refs import REF, renumber

WAIT = "office_wait_for_replies"
STOP = {"Handle", "There", "Catch", "Please", "Sort", "From", "Can", "Could", "Before", "Deal", "The", "A"}
NAME = re.compile(r"[A-Z][a-z]+(?:[ -][A-Z][a-z]+)*")
MAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")


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


def requester(prompt: str, fallback: str) -> str:
    """Who a pointer names first ("Handle Robert Watkins's request" → "Robert Watkins")."""
    for found in NAME.findall(prompt):
        words = found.split(" ")
        while words and words[0] in STOP:
            words = words[1:]
        if words:
            return " ".join(words)
    return fallback


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
