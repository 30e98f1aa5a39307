"""Which sum an approval asks for when the asking words stand apart from it (`asked_apart`): the reader adds
the sums of the pieces that ask, and a well-written mail often asks in one sentence and gives the sum, how it
was worked out, a cap and the customer's own ask in others."""

from __future__ import annotations

import re
from collections import Counter

from apps.core.meaning import find_numbers
from apps.core.understanding import lexicon as lx
from apps.core.understanding.pieces import Piece, read_piece
from apps.core.understanding.request import Reading

_AMOUNT = r"\$\s?(\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?)"
# a sum worked out ("= $803.33", "comes to $803.33", "$803.33 in total")
_WORKED_OUT = re.compile(
    rf"(?:=|->|→|\bworks? out (?:to|at)|\bcomes? to|\btotals?|\bin total)\s*:?\s*{_AMOUNT}"
    rf"|{_AMOUNT}\s+in total\b",
    re.I,
)


def asked_apart(
    parts: list[Piece], own: str, subject: str, reading: Reading
) -> tuple[set[int], float | None]:
    """The pieces naming the sum an approval is asked for when the asking words stand apart from it, and,
    when only one of their sums is asked, that sum: the piece right after one that asks without a sum ("I'd
    like your approval for a service credit …; at $4,229.75 it falls in your band"), else the pieces
    naming the one sum the subject asks to approve ("Service credit approval: Lee-Miller, $4,229.75"), else,
    in a mail that asks an approval, the worked-out sum it names more often than any other ("works out to
    $803.33 … 5% x 2 tickets = $803.33 (cap of 25% = $2,008.33 not reached). The customer asked for $4,000."):
    the other sums are how it was worked out, a cap, or what someone else asked. Empty when none: every sum
    is then read as asked.

    Args:
        parts: the message's pieces, in order.
        own: the writer's own words.
        subject: the message's subject.
        reading: what the reader reads the message with.
    """
    after = {i + 1 for i, p in enumerate(parts[:-1]) if p.approve and not p.sums and parts[i + 1].sums}
    if after:
        return after, None
    titled = read_piece(subject, reading, "colleague") if subject else None
    if (
        titled and len(titled.sums) == 1 and re.search(lx.APPROVE, lx.english(subject))
    ):  # a subject is a label
        return {i for i, p in enumerate(parts) if titled.sums[0] in p.sums}, titled.sums[0]
    if not any(p.approve for p in parts):
        return set(), None
    said = Counter(round(q.value, 2) for q in find_numbers(own) if q.kind == "money")
    worked = {float((a or b).replace(",", "")) for a, b in _WORKED_OUT.findall(own)}
    ranked = said.most_common(2)
    if ranked and ranked[0][1] > 1 and (len(ranked) == 1 or ranked[1][1] < ranked[0][1]):
        top = ranked[0][0]
        if top in worked:  # the result worked out, named again — not two claims of the same size
            return {i for i, p in enumerate(parts) if top in p.sums}, top
    return set(), None
