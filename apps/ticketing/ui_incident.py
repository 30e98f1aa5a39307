"""The incident form (ServiceNow's one editable form): fields in two columns, reference fields as
type-ahead comboboxes, choice labels, header UI actions offered as the state allows, Resolution
Information, and the activity stream with Work notes / Additional comments tabs.

Every button submits the whole form; the handler turns what changed into service actions (see
ui_save): an edit (update_incident), an assignment (assign_incident), journal entries and the button's
state action, all or nothing."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.ticketing import choices as c
from apps.ticketing.ui_form_layouts import (
    ASSIGNEE,
    CALLER,
    CATEGORY_CHOICES,
    CHANNEL_CHOICES,
    CI,
    DESCRIPTION,
    GROUP,
    INCIDENT_LABELS,
    SHORT,
    SUBCATEGORY_CHOICES,
    Fld,
    level,
    sel,
)
from apps.ticketing.ui_forms import PRIORITY_TABLE, SUBCATEGORIES_OF, resolve_references
from apps.ticketing.ui_incident_state import MANDATORY, state_field, state_op
from apps.ticketing.ui_save import (
    Step,
    add_record_routes,
    changed,
    form_page,
    reference_message,
    save,
)

OPEN = (1, 2, 3)  # New, In Progress, On Hold
RESOLVED, CLOSED_OR_CANCELED = 6, (7, 8)
EDITS = (
    "caller_id",
    "category",
    "subcategory",
    "cmdb_ci",
    "impact",
    "urgency",
    "short_description",
    "description",
)
ASSIGNMENT = ("assignment_group", "assigned_to")
LEFT = (
    CALLER,
    sel("category", "Category", CATEGORY_CHOICES),
    sel("subcategory", "Subcategory", SUBCATEGORY_CHOICES),
    CI,
)
RIGHT_LEVELS = (level("impact", "Impact"), level("urgency", "Urgency"))
CLOSE_CODE = sel("close_code", "Resolution code", tuple((x, x) for x in c.CLOSE_CODES))
CLOSE_NOTES = Fld("close_notes", "Resolution notes", "textarea")
HOLD = sel("hold_reason", "On hold reason", tuple((v, v) for v in c.HOLD_REASONS.values()))
BUTTONS = {  # op -> (label, states it is offered in)
    "update": ("Update", (*OPEN, RESOLVED)),
    "start": ("Start Work", (1, 3)),
    "hold": ("On Hold", (1, 2)),
    "resolve": ("Resolve", OPEN),
    "close": ("Close Incident", (RESOLVED,)),
    "reopen": ("Reopen Incident", (RESOLVED,)),
    "cancel": ("Cancel Incident", (1,)),
}
DISPLAY = {"caller_id": "caller_name", "cmdb_ci": "cmdb_ci_name", "assigned_to": "assigned_to_name"}
DISPLAY |= {"assignment_group": "assignment_group_name"}


def current_values(inc: dict[str, Any]) -> dict[str, str]:
    """The incident as form text: reference fields by display name, choices by value."""
    out = {}
    for name in (*EDITS, *ASSIGNMENT, "close_code", "close_notes"):
        value = inc.get(DISPLAY.get(name, name)) if name in DISPLAY else inc.get(name)
        out[name] = "" if value is None else str(value)
    out["hold_reason"] = inc.get("hold_reason_label") or ""
    out["state"] = str(inc["state"])
    return out


def plan(
    op: str,
    values: dict[str, str],
    inc: dict[str, Any],
    edits: dict[str, Any],
    moved: dict[str, Any],
) -> list[Step]:
    """The service actions one submit makes, in order: the edit, the assignment, journal entries, then
    the button's state change. `edits` and `moved` are the changed fields, references as sys_ids."""
    number, steps = inc["number"], []
    if edits:
        args = {k: int(v) if k in ("impact", "urgency") and v.isdigit() else v for k, v in edits.items()}
        steps.append(Step("update_incident", {"incident_id": number, **args}))
    if moved:
        steps.append(Step("assign_incident", {"incident_id": number, **moved}))
    notes, comments = (values.get("work_notes") or "").strip(), (values.get("comments") or "").strip()
    if notes and op != "cancel":
        steps.append(Step("add_work_note", {"record_id": number, "text": notes}))
    if comments and op != "reopen":
        steps.append(Step("add_comment", {"record_id": number, "text": comments}))
    state = {
        "start": ("start_incident_work", {}),
        "hold": ("put_incident_on_hold", {"hold_reason": values.get("hold_reason", "")}),
        "resolve": (
            "resolve_incident",
            {k: (values.get(k) or "").strip() for k in ("close_code", "close_notes")},
        ),
        "close": ("close_incident", {}),
        "reopen": ("reopen_incident", {"comments": comments}),
        "cancel": ("cancel_incident", {"work_notes": notes}),
    }.get(op)
    if state:
        steps.append(Step(state[0], {"incident_id": number, **state[1]}))
    return steps


_FIELDS = (*LEFT, *RIGHT_LEVELS, GROUP, ASSIGNEE, SHORT, DESCRIPTION, HOLD, CLOSE_CODE, CLOSE_NOTES)
LABELS = {f.name: f.label for f in _FIELDS} | {"work_notes": "Work notes", "comments": "Additional comments"}
LABELS["state"] = "State"


def build_incident_router(kit: UiKit) -> APIRouter:
    """GET /incidents/{number} (the form), POST /incidents/{number}/{op} (a header button or Post)."""
    router = APIRouter()

    async def context(request: Request, number: str, values: dict[str, str]) -> dict[str, Any]:
        d = await kit.read(request, "get_incident", {"incident_id": number})
        inc = d["incident"]
        shown = {**current_values(inc), **values}
        readonly = inc["state"] in CLOSED_OR_CANCELED
        problem = d.get("problem_number") and await kit.read(
            request, "get_problem", {"problem_id": d["problem_number"]}
        )
        change = inc.get("rfc") and await kit.read(request, "get_change", {"change_id": inc["rfc"]})
        return {
            "problem": problem["problem"] if problem else None,  # its Problems related list
            "change": change["change"] if change else None,  # its Change Requests related list
            "title": inc["number"],
            "d": d,
            "i": inc,
            "v": shown,
            "readonly": readonly,
            "labels": INCIDENT_LABELS,
            "left": LEFT,
            "levels": RIGHT_LEVELS,
            "group": GROUP,
            "assignee": ASSIGNEE,
            "short": SHORT,
            "description": DESCRIPTION,
            "hold": HOLD,
            "state_field": None if readonly else state_field(inc["state"]),
            "mandatory": MANDATORY,
            "close_code": CLOSE_CODE,
            "close_notes": CLOSE_NOTES,
            "channel": dict(CHANNEL_CHOICES).get(inc["contact_type"], inc["contact_type"]),
            "buttons": [(op, label) for op, (label, states) in BUTTONS.items() if inc["state"] in states],
            "resolving": inc["state"] in OPEN,
            "priority_table": PRIORITY_TABLE,
            "subcategories": SUBCATEGORIES_OF,
        }

    page = form_page(kit, "incident.html", context)

    async def submit(request: Request, number: str, op: str) -> Response:
        if op not in BUTTONS and op != "post":
            return kit.error_page(request, f"Unknown operation {op!r}.")
        values, trace = await kit.form(request)
        inc = (await kit.read(request, "get_incident", {"incident_id": number}))["incident"]
        op, state_error = state_op(op, values, inc)  # a changed State runs its button's action
        if state_error:
            await kit.record_events(request, trace)
            return await page(request, number, values, {"state": state_error}, f"State: {state_error}", 422)
        now = current_values(inc)
        edits, moved = changed(values, now, EDITS), changed(values, now, ASSIGNMENT)
        fields = [CALLER, CI, ASSIGNEE]
        errors = {
            **await resolve_references(kit, request, fields, edits),
            **await resolve_references(kit, request, fields, moved),
        }
        if errors:
            await kit.record_events(request, trace)
            return await page(request, number, values, errors, reference_message(fields, errors), 422)
        steps = plan(op, values, inc, edits, moved)
        done = (f"/incidents/{number}", "Posted." if op == "post" else "Record updated.")
        return await save(kit, request, (number, values, trace), steps, page, LABELS, done)

    add_record_routes(router, kit, "/incidents", page, submit)
    return router
