"""The change request form: the state flow across its top (New, Assess, Authorize, Scheduled, Implement,
Review, Closed, the current one marked; an emergency change skips Assess, a standard one Assess and
Authorize); one two-column block of fields as UI16's (no section bars), then the tabs; while New its
fields are edited in place (update_change), after
that its assignment (group, assignee) stays editable until it is Closed or Canceled and the plan is shown
read-only with its choice labels; the header UI actions follow the state (Request Approval, Approve /
Reject for the approver, the work notes saying why, Implement, Review, Close, Cancel Change).
Every button submits the form: what changed is saved first, then the button's action, all or nothing
(ui_save)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.ticketing import choices as c
from apps.ticketing.ui_form_layouts import CHANGE_FORM, Fld, flow_steps, sel
from apps.ticketing.ui_forms import iso_datetime, record_values, resolve_references, visible
from apps.ticketing.ui_save import Step, add_record_routes, changed, form_page, reference_message, run_steps

NEW, SCHEDULED, IMPLEMENT, REVIEW, CLOSED, CANCELED = -5, -2, -1, 0, 3, 4
FLOW = (-5, -4, -3, -2, -1, 0, 3)  # ServiceNow's normal change model, in order
# the other models skip steps: an emergency change has no Assess, a standard one is pre-approved
FLOWS = {"emergency": (-5, -3, -2, -1, 0, 3), "standard": (-5, -2, -1, 0, 3)}
ALWAYS = ("number", "requested_by", "priority")  # the left column's read-only fields
LEFT = ("category", "business_service", "service_offering", "cmdb_ci", "risk", "impact")  # its form fields
ASSIGNMENT = ("assignment_group", "assigned_to")  # editable after New, until Closed or Canceled


def state_flow(state: int, kind: str = "normal") -> list[dict[str, Any]]:
    """The process flow over the form: each state of the change model of type `kind`, `done` or
    `current` (a canceled change ends Canceled)."""
    flow = FLOWS.get(kind, FLOW)
    order = flow if state != CANCELED else (*flow[:-1], CANCELED)
    return flow_steps(order, c.CHANGE_STATES, state)


def editable_fields(state: int, updatable: set[str]) -> set[str]:
    """What the form lets you edit in `state`: everything while New, the assignment until it ends."""
    if state == NEW:
        return updatable
    return set() if state in (CLOSED, CANCELED) else updatable & set(ASSIGNMENT)


DISPLAY = {
    "cmdb_ci": "cmdb_ci_name",
    "business_service": "business_service_name",
    "service_offering": "service_offering_name",
    "assigned_to": "assigned_to_name",
    "assignment_group": "assignment_group_name",
}
# op -> (label, states offered in (None: the approver's decision), action, form fields it takes, message)
BUTTONS: dict[str, tuple[str, tuple[int, ...] | None, str | None, dict[str, str], str]] = {
    "update": ("Update", (NEW, -4, -3, SCHEDULED, IMPLEMENT, REVIEW), None, {}, "Record updated."),
    "request_approval": ("Request Approval", (NEW,), "request_change_approval", {}, "Approval requested."),
    "approve": ("Approve", None, "approve_change", {}, "Change approved."),
    "reject": ("Reject", None, "reject_change", {"comments": "work_notes"}, "Change rejected."),
    "implement": ("Implement", (SCHEDULED,), "implement_change", {}, "Implementation started."),
    "review": ("Review", (IMPLEMENT,), "review_change", {}, "Change moved to Review."),
    "close": (
        "Close",
        (REVIEW,),
        "close_change",
        {"close_code": "close_code", "close_notes": "close_notes"},
        "Change closed.",
    ),
    "cancel": (
        "Cancel Change",
        (NEW, -4, -3, SCHEDULED),
        "cancel_change",
        {"work_notes": "work_notes"},
        "Change canceled.",
    ),
}
CLOSE_CODE = sel("close_code", "Close code", tuple(c.CHANGE_CLOSE_CODES.items()))
CLOSE_NOTES = Fld("close_notes", "Close notes", "textarea", wide=True)
WORK_NOTES = Fld(
    "work_notes",
    "Work notes",
    "textarea",
    wide=True,
    help="Also the reason when you cancel or reject the change.",
)


def shown_values(ch: dict[str, Any], fields: list[Fld]) -> dict[str, str]:
    """Each field's text as shown read-only: choice labels, display names, dates."""
    labels = {
        "type": ch["type"].capitalize(),
        "risk": ch["risk_label"],
        "impact": c.IMPACTS.get(ch["impact"], ""),
    }
    raw = record_values(ch, fields, DISPLAY)
    raw |= {f.name: raw[f.name].replace("T", " ") for f in fields if f.kind == "datetime" and f.name in raw}
    return {f.name: labels.get(f.name, raw.get(f.name, "")) for f in fields}


def build_change_router(kit: UiKit) -> APIRouter:
    router = APIRouter()

    def layout() -> list:
        return visible(CHANGE_FORM, kit.params("create_change"))

    async def context(request: Request, number: str, values: dict[str, str]) -> dict[str, Any]:
        d = await kit.read(request, "get_change", {"change_id": number})
        ch, me = d["change"], await kit.read(request, "get_current_user")
        can_decide = any(a["approver"] == me["sys_id"] and a["state"] == "requested" for a in d["approvals"])
        sections = layout()
        fields = [f for _, group in sections for f in group]
        editable = editable_fields(ch["state"], kit.params("update_change"))
        current = record_values(ch, fields, DISPLAY)
        buttons = [
            (op, spec[0])
            for op, spec in BUTTONS.items()
            if (spec[1] is None and can_decide) or (spec[1] is not None and ch["state"] in spec[1])
        ]
        return {
            "title": ch["number"],
            "d": d,
            "ch": ch,
            "sections": sections,
            "editing": bool(editable),
            "updatable": editable,
            "flow": state_flow(ch["state"], ch.get("type") or "normal"),
            "fields_by_name": {f.name: f for f in fields},
            "left_count": len(ALWAYS) + sum(f.name in LEFT for f in fields),
            "v": {**current, **values},
            "labels": shown_values(ch, fields),  # the read-only fields' text
            "buttons": buttons,
            "can_decide": can_decide,
            "close_code": CLOSE_CODE,
            "close_notes": CLOSE_NOTES,
            "work_notes": WORK_NOTES,
            "close_code_label": c.CHANGE_CLOSE_CODES.get(ch.get("close_code") or "", ch.get("close_code")),
        }

    page = form_page(kit, "change.html", context)

    async def submit(request: Request, number: str, op: str) -> Response:
        if op not in BUTTONS:
            return kit.error_page(request, f"Unknown operation {op!r}.")
        label, _, action, takes, done = BUTTONS[op]
        values, trace = await kit.form(request)
        ch = (await kit.read(request, "get_change", {"change_id": number}))["change"]
        editable = editable_fields(ch["state"], kit.params("update_change"))
        fields = [f for _, group in layout() for f in group if f.name in editable]
        values |= {
            f.name: iso_datetime(values[f.name]) for f in fields if f.kind == "datetime" and f.name in values
        }
        edits = changed(values, record_values(ch, fields, DISPLAY), tuple(f.name for f in fields))
        errors = await resolve_references(kit, request, fields, edits)
        if errors:
            await kit.record_events(request, trace)
            return await page(request, number, values, errors, reference_message(fields, errors), 422)
        steps = []
        if edits:
            ints = {f.name for f in fields if f.integer}
            args = {k: int(v) if k in ints and v.isdigit() else v for k, v in edits.items()}
            steps.append(Step("update_change", {"change_id": number, **args}))
        notes = (values.get("work_notes") or "").strip()
        if notes and op not in ("cancel", "reject"):
            steps.append(Step("add_work_note", {"record_id": number, "text": notes}))
        if action:
            steps.append(
                Step(
                    action,
                    {"change_id": number, **{a: (values.get(f) or "").strip() for a, f in takes.items()}},
                )
            )
        failed = await run_steps(kit, request, steps, trace)
        if failed is None:
            return kit.redirect(request, f"/changes/{number}", saved=done if steps else None)
        names = {f.name: f.label for f in fields} | {
            "comments": "Work notes",
            "close_code": "Close code",
            "close_notes": "Close notes",
            "work_notes": "Work notes",
        }
        field = {"comments": "work_notes"}.get(failed.field or "", failed.field)
        label = names.get(failed.field or "")
        message = f"{label}: {failed.error}" if label else failed.error
        return await page(request, number, values, {field: failed.error or ""} if label else {}, message, 422)

    add_record_routes(router, kit, "/changes", page, submit)
    return router
