"""An approval asked for a change request on the service desk ("please approve CHG0030399 on the desk",
"could you approve a freeze exception for it?"): one ask of policy "change" about the changes it names.

The approver decides it as the desk does (the Change Freeze Policy, `apps/ticketing/approvers/policy.py`), so
the asking words need no sum: a piece asks for a change's approval when it asks an approval and names a
change (by number, or "emergency change", "freeze exception" …), or when it asks an approval of no money
("could you approve it?") in a message that names a change. The incidents the change restores, its window
and the freeze it falls in are context, never more asks.
"""

from __future__ import annotations

import re

from apps.core.understanding.mentions import find_changes
from apps.core.understanding.pieces import Piece
from apps.core.understanding.request import Ask

_MONEY = ("discount", "expense", "travel", "purchase", "gift", "credit")
CHANGE_WORDS = re.compile(
    r"\bchanges? requests?\b|\b(?:emergency|normal|standard) changes?\b|\bfreeze exceptions?\b"
    r"|\bexceptions? (?:to|from) the (?:change |code )?freeze\b|\bchange freeze\b"
)


def change_approvals(parts: list[Piece], subject: str, used: set[int]) -> list[Ask]:
    """The approval of the changes a message asks for (one ask; `about`: the change numbers it names, the
    asking pieces' own first, else the message's, else the subject's); the asking pieces join `used`.

    Args:
        parts: the message's pieces as read.
        subject: the mail's subject ("Approval: CHG0030399" names what "could you approve it?" means).
        used: indexes of pieces already answered; the asking pieces are added.
    """
    named = list(dict.fromkeys(n for p in parts for n in p.changes)) or find_changes(subject)
    talk = bool(named) or any(CHANGE_WORDS.search(p.english) for p in parts)
    asking = [
        i
        for i, p in enumerate(parts)
        if i not in used
        and p.approve
        and talk
        and (
            p.changes
            or CHANGE_WORDS.search(p.english)
            or not (p.sums or p.percents or set(p.policies) & set(_MONEY) or p.deals)
        )
    ]
    if not asking:
        return []
    used.update(asking)
    own = list(dict.fromkeys(n for i in asking for n in parts[i].changes))
    return [Ask(intent="approval", policy="change", about=own or named)]


def names_a_change(p: Piece) -> bool:
    """Whether a piece speaks of a change request (its window or slot is the change's, not a meeting's)."""
    return bool(p.changes or CHANGE_WORDS.search(p.english))
