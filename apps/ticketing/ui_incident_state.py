"""The incident form's State field (UI16's state choice list): the states the incident can move to from its
current one, and the service action a changed State runs when the form is saved (Update), so the service's
rules hold as for its buttons: On Hold needs an On hold reason, Resolved a resolution code and notes,
reopening (Resolved to In Progress) an additional comment, canceling a work note."""

from __future__ import annotations

from typing import Any

from apps.ticketing import choices as c
from apps.ticketing.ui_form_layouts import Fld, sel

# current state -> the states its choice list offers (itself among them, in ServiceNow's order)
MOVES = {
    c.NEW: (c.NEW, c.IN_PROGRESS, c.ON_HOLD, c.RESOLVED, c.CANCELED),
    c.IN_PROGRESS: (c.IN_PROGRESS, c.ON_HOLD, c.RESOLVED, c.CANCELED),
    c.ON_HOLD: (c.IN_PROGRESS, c.ON_HOLD, c.RESOLVED, c.CANCELED),
    c.RESOLVED: (c.IN_PROGRESS, c.RESOLVED, c.CLOSED),
}
# a chosen state -> the form's button op that moves there (In Progress from Resolved is a reopen)
OP_OF = {c.IN_PROGRESS: "start", c.ON_HOLD: "hold", c.RESOLVED: "resolve", c.CLOSED: "close"}
OP_OF[c.CANCELED] = "cancel"
# what each chosen state makes mandatory on the form (the client-side UI policy; the service decides)
MANDATORY = {
    str(c.ON_HOLD): ["hold_reason"],
    str(c.RESOLVED): ["close_code", "close_notes"],
    str(c.CANCELED): ["work_notes"],
}


def state_field(state: int) -> Fld | None:
    """The State choice list of an incident in `state`; None where the state is final (Closed, Canceled).

    Args:
        state: the incident's current state.
    """
    moves = MOVES.get(state)
    if moves is None:
        return None
    choices = tuple((str(s), c.INCIDENT_STATES[s]) for s in moves)
    return sel("state", "State", choices, required=True, integer=True)


def state_op(op: str, values: dict[str, str], inc: dict[str, Any]) -> tuple[str, str | None]:
    """The op an Update runs when the State was changed: the button's op for the chosen state, or the
    same op with an error when the state is not one the incident can move to. Other ops (a button, Post)
    keep theirs: the button wins over the choice list.

    Args:
        op: the submitted op (update, a button's op, post).
        values: the submitted form.
        inc: the incident as get_incident returns it.
    """
    chosen = (values.get("state") or "").strip()
    if op != "update" or not chosen or chosen == str(inc["state"]):
        return op, None
    target = int(chosen) if chosen.isdigit() else None
    if target not in MOVES.get(inc["state"], ()):
        return op, f"{inc['number']} cannot move from {inc['state_label']} to that state."
    if target == c.IN_PROGRESS and inc["state"] == c.RESOLVED:
        return "reopen", None
    return OP_OF[target], None
