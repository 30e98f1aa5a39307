"""The problem form (ServiceNow's Problem form): the process flow across its top (New, Assess, Root Cause
Analysis, Fix in Progress, Resolved, Closed), the header fields, Analysis Information (Known error,
Workaround, Cause notes), Resolution Information, Work notes and the related list of the problem's
incidents. State is read-only: the state model's buttons move it (Assess, Confirm, Start Fix, Re-Analyze,
Resolve, Accept Risk, Mark Duplicate, Cancel). Open problems are edited in place; a resolved or closed
one keeps Update for its work notes.

Every button submits the whole form; what changed becomes the service actions MCP and the CLI use
(update_problem, add_work_note, mark_known_error, resolve_problem), run in order, all or nothing (see
ui_save)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.ticketing import choices as c
from apps.ticketing.ui_form_layouts import (
    ASSIGNEE,
    CATEGORY_CHOICES,
    DESCRIPTION,
    GROUP,
    OPEN_PROBLEM_STATES,
    SHORT,
    Fld,
    flow_steps,
    sel,
)
from apps.ticketing.ui_forms import record_values
from apps.ticketing.ui_save import (
    Step,
    add_record_routes,
    edited,
    form_page,
    save,
)

KNOWN_ERROR = Fld("known_error", "Known error", "checkbox", help="Needs a workaround.")
WORKAROUND = Fld("workaround", "Workaround", "textarea", wide=True)
CAUSE_NOTES = Fld("cause_notes", "Cause notes", "textarea", wide=True)
RESOLUTION_CODE = sel(
    "resolution_code",
    "Resolution code",
    tuple(c.PROBLEM_RESOLUTION_CODES.items()),
    help="Fix Applied needs the cause notes and the fix notes.",
)
FIX_NOTES = Fld("fix_notes", "Fix notes", "textarea", wide=True)
WORK_NOTES = Fld("work_notes", "Work notes", "textarea", wide=True)
EDITED = (GROUP, ASSIGNEE, SHORT, DESCRIPTION, WORKAROUND, CAUSE_NOTES)  # update_problem's fields
EDITS = tuple(f.name for f in EDITED)
LABELS = {f.name: f.label for f in (*EDITED, KNOWN_ERROR, RESOLUTION_CODE, FIX_NOTES, WORK_NOTES)}
NEW, ASSESS, RCA, FIX, RESOLVED, CLOSED = 101, 102, 103, 104, 106, 107
FLOW = (NEW, ASSESS, RCA, FIX, RESOLVED, CLOSED)
# op -> (label, the states that offer it, the state it moves to (update_problem) or the resolution code
# it resolves with (resolve_problem; "" for the form's Resolution code), the message)
BUTTONS: dict[str, tuple[str, tuple[int, ...], int | str | None, str]] = {
    "update": ("Update", FLOW, None, "Record updated."),
    "assess": ("Assess", (NEW,), ASSESS, "Problem moved to Assess."),
    "confirm": ("Confirm", (ASSESS,), RCA, "Problem confirmed: Root Cause Analysis."),
    "start_fix": ("Start Fix", (RCA,), FIX, "Fix in progress."),
    "re_analyze": ("Re-Analyze", (FIX,), RCA, "Problem moved back to Root Cause Analysis."),
    "resolve": ("Resolve", (FIX,), "", "Problem resolved."),
    "accept_risk": ("Accept Risk", (RCA,), "risk_accepted", "Risk accepted: problem resolved."),
    "mark_duplicate": ("Mark Duplicate", (ASSESS, RCA), "duplicate", "Problem marked as a duplicate."),
    "cancel": ("Cancel", (NEW, ASSESS, RCA, FIX), "canceled", "Problem canceled."),
}
DISPLAY = {"assigned_to": "assigned_to_name", "assignment_group": "assignment_group_name"}


def header(prb: dict[str, Any]) -> list[tuple[str, str, Any]]:
    """The read-only header fields: (name, label, text)."""
    return [
        ("number", "Number", prb["number"]),
        ("priority", "Priority", prb.get("priority_label")),
        ("category", "Category", dict(CATEGORY_CHOICES).get(prb.get("category") or "", prb.get("category"))),
        ("impact", "Impact", c.IMPACTS.get(prb["impact"])),
        ("cmdb_ci", "Configuration item", prb.get("cmdb_ci_name")),
        ("urgency", "Urgency", c.URGENCIES.get(prb["urgency"])),
    ]


def plan(op: str, values: dict[str, str], prb: dict[str, Any], edits: dict[str, Any]) -> list[Step]:
    """The service actions one submit makes, in order: the edit, the work note, Known error, then the
    button's state move (update_problem's state, or resolve_problem). `edits` are the changed fields,
    the assignee as a sys_id."""
    number, steps = prb["number"], []
    if edits:
        steps.append(Step("update_problem", {"problem_id": number, **edits}))
    notes = (values.get("work_notes") or "").strip()
    if notes:
        steps.append(Step("add_work_note", {"record_id": number, "text": notes}))
    if values.get("known_error") and not prb["known_error"]:
        steps.append(Step("mark_known_error", {"problem_id": number}))
    move = BUTTONS[op][2]
    if isinstance(move, int):
        steps.append(Step("update_problem", {"problem_id": number, "state": move}))
    elif isinstance(move, str):
        code = move or (values.get("resolution_code") or "fix_applied").strip()
        fix = (values.get("fix_notes") or "").strip() if not move else ""
        args = {"problem_id": number, "resolution_code": code, "fix_notes": fix}
        steps.append(Step("resolve_problem", args))
    return steps


def build_problem_router(kit: UiKit) -> APIRouter:
    """GET /problems/{number} (the form; /edit redirects to it), POST /problems/{number}/{op}."""
    router = APIRouter()

    async def context(request: Request, number: str, values: dict[str, str]) -> dict[str, Any]:
        d = await kit.read(request, "get_problem", {"problem_id": number})
        prb = d["problem"]
        current = record_values(prb, [*EDITED, RESOLUTION_CODE, FIX_NOTES], DISPLAY)
        editing = prb["state"] in OPEN_PROBLEM_STATES
        return {
            "title": prb["number"],
            "d": d,
            "p": prb,
            "v": {**current, "known_error": "true" if prb["known_error"] else "", **values},
            "editing": editing,
            "header": header(prb),
            "flow": flow_steps(FLOW, c.PROBLEM_STATES, prb["state"]),
            "fields": (GROUP, ASSIGNEE, SHORT, DESCRIPTION),
            "known_error": KNOWN_ERROR,
            "analysis": (WORKAROUND, CAUSE_NOTES),
            "resolution": (RESOLUTION_CODE, FIX_NOTES),
            "resolution_label": c.PROBLEM_RESOLUTION_CODES.get(prb.get("resolution_code") or "", ""),
            "work_notes": WORK_NOTES,
            "buttons": [(op, spec[0]) for op, spec in BUTTONS.items() if prb["state"] in spec[1]],
        }

    page = form_page(kit, "problem.html", context)

    async def submit(request: Request, number: str, op: str) -> Response:
        if op not in BUTTONS:
            return kit.error_page(request, f"Unknown operation {op!r}.")
        values, trace = await kit.form(request)
        prb = (await kit.read(request, "get_problem", {"problem_id": number}))["problem"]
        form = (number, values, trace)
        if prb["state"] not in BUTTONS[op][1]:
            offered = f"{BUTTONS[op][0]} is not offered on a {prb['state_label']} problem."
            return kit.error_page(request, offered)
        current = record_values(prb, list(EDITED), DISPLAY)
        names = EDITS if prb["state"] in OPEN_PROBLEM_STATES else ()  # a resolved problem: its work notes
        edits = await edited(kit, request, page, form, current, names, [ASSIGNEE])
        if isinstance(edits, Response):
            return edits
        steps = plan(op, values, prb, edits)
        done = (f"/problems/{number}", BUTTONS[op][3])
        return await save(kit, request, form, steps, page, LABELS, done, {"text": "work_notes"})

    add_record_routes(router, kit, "/problems", page, submit)
    return router
