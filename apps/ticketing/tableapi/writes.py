"""Writing through the Table API: a POST or PATCH body becomes the desk's own actions — the ones its
form runs — in one transaction, so the business rules hold (a state change only along the state model,
resolution code and notes to resolve, priority from impact and urgency, a Closed incident read-only).

As on an instance, fields the caller may not set (number, priority, sys_id, the audit fields) and
fields a table does not have are ignored; `work_notes` and `comments` add journal entries; setting an
incident's `state` runs its transition (2 start work, 3 on hold with `hold_reason`, 6 resolve with
`close_code` and `close_notes`, 7 close, 8 cancel, 1/2 from Resolved reopen). Tables without a way to
create, change or delete their records here refuse with ServiceNow's ACL error.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind
from apps.ticketing import choices as c

INTEGER_FIELDS = {"impact", "urgency", "risk", "state", "quantity"}
STATE_MOVES = {
    2: ("start_incident_work", ()),
    3: ("put_incident_on_hold", ("hold_reason",)),
    6: ("resolve_incident", ("close_code", "close_notes")),
    7: ("close_incident", ()),
    8: ("cancel_incident", ("work_notes",)),
}
CREATES = {
    "incident": "create_incident",
    "problem": "create_problem",
    "change_request": "create_change",
    "kb_knowledge": "create_knowledge_article",
}
UPDATES = {
    "incident": ("update_incident", "incident_id"),
    "problem": ("update_problem", "problem_id"),
    "change_request": ("update_change", "change_id"),
    "kb_knowledge": ("update_knowledge_article", "article_id"),
    "sc_req_item": ("update_requested_item", "requested_item_id"),
}
KB_ALIASES = {"kb_knowledge_base": "knowledge_base"}


def denied(operation: str, table: str) -> ActionError:
    return ActionError(
        f"{operation} Failed due to security constraints: records of {table} cannot be "
        f"{'deleted' if operation == 'Delete' else 'changed'} through the API here",
        field="table",
        code=ErrorKind.ACCESS_DENIED,
    )


def _call(ctx: Ctx, name: str, args: dict[str, Any]) -> Any:
    from apps.ticketing.services.common import actions  # the registry (filled once the services load)

    action = actions.get(name)
    return action.fn(ctx, **action.validate(args))


def _typed(name: str, value: Any) -> Any:
    if name in INTEGER_FIELDS and isinstance(value, str) and value.lstrip("-").isdigit():
        return int(value)
    return value


def _pick(name: str, fields: dict[str, Any], skip: tuple[str, ...] = ()) -> dict[str, Any]:
    from apps.ticketing.services.common import actions  # the registry (filled once the services load)

    params = {p.name for p in actions.get(name).params} - set(skip)
    picked = {KB_ALIASES.get(k, k): _typed(k, v) for k, v in fields.items()}
    return {k: v for k, v in picked.items() if k in params and v not in (None,)}


def insert(ctx: Ctx, table: str, fields: dict[str, Any], read: Callable[[str], dict]) -> str:
    """Create a record of `table` from `fields`; its sys_id."""
    name = CREATES.get(table)
    if name is None:
        raise denied("ACL Exception Insert", table)
    created = _call(ctx, name, _pick(name, fields))
    sys_id = created.sys_id
    rest = {k: v for k, v in fields.items() if k in ("state", "work_notes", "comments")}
    if table == "incident" and str(rest.get("state", "1")) == "1":
        rest.pop("state", None)
    if rest:
        update(
            ctx,
            table,
            sys_id,
            {
                **rest,
                **{k: v for k, v in fields.items() if k in ("hold_reason", "close_code", "close_notes")},
            },
            read,
        )
    return sys_id


def update(ctx: Ctx, table: str, sys_id: str, fields: dict[str, Any], read: Callable[[str], dict]) -> None:
    """Change a record of `table`: its edits, assignment, journal entries and state move, in that order."""
    found = UPDATES.get(table)
    if found is None:
        raise denied("ACL Exception Update", table)
    name, id_arg = found
    current = read(sys_id)
    skip = ("assignment_group", "assigned_to") if table == "incident" else ()
    skip += ("state",) if table in ("incident",) else ()
    edits = {k: v for k, v in _pick(name, fields, skip).items() if str(current.get(k) or "") != str(v)}
    if edits:
        _call(ctx, name, {id_arg: sys_id, **edits})
    if table != "incident":
        _journal(ctx, sys_id, fields)
        return
    moved = {k: fields[k] for k in ("assignment_group", "assigned_to") if k in fields}
    moved = {k: v for k, v in moved.items() if str(current.get(k) or "") != str(v or "")}
    if moved:
        _call(ctx, "assign_incident", {"incident_id": sys_id, **moved})
    state = _typed("state", fields.get("state"))
    if state is not None and str(state) != str(current.get("state")):
        _incident_state(ctx, sys_id, int(state), int(current["state"]), fields)
    else:
        _journal(ctx, sys_id, fields)


def _journal(ctx: Ctx, sys_id: str, fields: dict[str, Any]) -> None:
    if fields.get("work_notes"):
        _call(ctx, "add_work_note", {"record_id": sys_id, "text": fields["work_notes"]})
    if fields.get("comments"):
        _call(ctx, "add_comment", {"record_id": sys_id, "text": fields["comments"]})


def _incident_state(ctx: Ctx, sys_id: str, state: int, was: int, fields: dict[str, Any]) -> None:
    if was == c.RESOLVED and state in (c.NEW, c.IN_PROGRESS):
        _call(
            ctx, "reopen_incident", {"incident_id": sys_id, "comments": fields.get("comments") or "Reopened"}
        )
        if fields.get("work_notes"):
            _call(ctx, "add_work_note", {"record_id": sys_id, "text": fields["work_notes"]})
        return
    move = STATE_MOVES.get(state)
    if move is None:
        raise ActionError(
            f"state {state} is not a state an incident can be moved to here; use 2 In Progress, 3 On Hold, "
            "6 Resolved, 7 Closed or 8 Canceled",
            field="state",
            code=ErrorKind.INVALID_STATE,
        )
    name, wanted = move
    args = {k: fields.get(k) or "" for k in wanted}
    if name == "put_incident_on_hold":
        args["hold_reason"] = c.HOLD_REASONS.get(str(args["hold_reason"]), args["hold_reason"])
    if name == "cancel_incident":
        args["work_notes"] = fields.get("work_notes") or "Canceled"
    else:
        _journal(ctx, sys_id, fields)
    _call(ctx, name, {"incident_id": sys_id, **args})
