"""Several requests of one family in one instance, the way queue work really arrives ("before you leave:
resolve these three incidents …"). Each request is drawn by the family's own one-record builder, with its
own preconditions, on records no other request of the instance touches; the instance's prompt lists them,
its truth and oracles are the union of theirs. A batch of three or more is hard by its records.
"""

from __future__ import annotations

from collections.abc import Callable

from tasks.families.base import Draw, Redraw, Spec

TRIES = 12  # draws of one request before the whole instance is redrawn
COUNTS = (1, 3, 3, 3, 4, 4)  # the usual knob: how many requests an instance holds (one in six is single)
PAIRS = (1, 2, 2, 2, 3, 3)  # the knob of a family whose one request already changes two records


def intros(noun: str) -> list[str]:
    """Five openings of a numbered list of `{n}` requests about `noun`s (e.g. "incident")."""
    return [
        f"{{n}} {noun} requests came in this morning. Please handle each of them:",
        f"Work through this list of {{n}} {noun} requests, one at a time:",
        "Before the end of the day, take care of all {n} of these:",
        f"A batch of {{n}} {noun} updates from the team meeting; do every one:",
        "My to-do list for you ({n} items, they are independent):",
    ]


def _keys(spec: Spec) -> tuple[set[str], set[str]]:
    """The ids a request acts on (the records it changes, the ids its mutant swaps) and the records it
    keeps unchanged."""
    changed = {str(e.pk) for e in spec.expect if e.pk is not None and e.op != "unchanged"}
    kept = {str(e.pk) for e in spec.expect if e.pk is not None and e.op == "unchanged"}
    return changed | set(spec.wrong_record), kept


def several(d: Draw, one: Callable[[Draw], Spec], n: int, intros: list[str]) -> Spec:
    """`n` requests drawn by `one` (n = 1: just that request). Requests never share a subject entity nor
    a record, and no later request touches what the first one's wrong-record mutant swaps in (the batch's
    mutant is the first request's: it fails that request alone). `intros` (≥ 5, with `{n}`) open the
    numbered list. A request that is a question or a refusal is not batched (it is drawn again)."""
    if n == 1:
        return one(d)
    items: list[Spec] = []
    used: set[str] = set()
    kept: set[str] = set()
    subjects: set[str] = set()
    distractors = 0
    for _ in range(n):
        for _ in range(TRIES):
            mark = len(d.subjects)
            spec = one(d)
            touched, unchanged = _keys(spec)
            fresh = set(d.subjects[mark:])
            clash = touched & (used | kept) or unchanged & used or fresh & subjects
            if spec.answer is None and not clash:
                break
            del d.subjects[mark:]
        else:
            raise Redraw(f"no request {len(items) + 1} on records of its own")
        items.append(spec)
        used |= touched | (set(spec.wrong_record.values()) if len(items) == 1 else set())
        kept |= unchanged
        subjects |= fresh
        distractors += d.distractors
    d.distractors = distractors
    k = d.rng.randrange(len(intros))
    lines = "\n".join(f"{i}. {s.prompt}" for i, s in enumerate(items, 1))
    ui = [u for s in items for u in s.ui_oracle] if all(s.ui_oracle for s in items) else None
    return Spec(
        prompt=f"{intros[k].format(n=n)}\n{lines}",
        oracle=[o for s in items for o in s.oracle],
        expect=[e for s in items for e in s.expect],
        allow=[a for s in items for a in s.allow],
        ui_oracle=ui,
        wrong_record=items[0].wrong_record,
        tags=[*dict.fromkeys(t for s in items for t in s.tags), "batch", f"batch-{n}"],
        phrasing=k,
        records=sum(s.records for s in items) if all(s.records for s in items) else None,
        off_by_one=all(s.off_by_one for s in items),
        # each request's rubric criteria, their ids numbered like the requests
        criteria=[
            c.model_copy(update={"id": f"r{i}-{c.id}"}) for i, s in enumerate(items, 1) for c in s.criteria
        ],
    )
