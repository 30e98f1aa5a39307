"""The requested item form (ServiceNow's sc_req_item form): the item, its request and requester
read-only, Stage and State by their choice labels, the assignment as reference comboboxes, the
Variables the requester answered, the activity stream, and the related lists Approvers and Catalog
Tasks. An open item is edited in place; a closed one is read-only.

Every button submits the whole form; what changed becomes the service actions MCP and the CLI use
(update_requested_item, add_work_note, add_comment), run in order, all or nothing (see ui_save)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.ticketing import choices as c
from apps.ticketing.services.requests import ITEM_STATES
from apps.ticketing.ui_form_layouts import ASSIGNEE, GROUP, SHORT, sel
from apps.ticketing.ui_forms import record_values
from apps.ticketing.ui_save import Step, add_record_routes, edited, form_page, save

STATE = sel("state", "State", tuple((str(k), v) for k, v in ITEM_STATES.items()), required=True, integer=True)
EDITED = (STATE, GROUP, ASSIGNEE, SHORT)  # update_requested_item's fields
EDITS = tuple(f.name for f in EDITED)
LABELS = {f.name: f.label for f in EDITED} | {"work_notes": "Work notes", "comments": "Additional comments"}
BUTTONS = {"update": "Record updated.", "post": "Posted."}
DISPLAY = {"assigned_to": "assigned_to_name", "assignment_group": "assignment_group_name"}


def header(d: dict[str, Any]) -> list[tuple[str, str, Any]]:
    """The read-only fields around the editable ones: (name, label, text)."""
    item, req = d["item"], d["request"]
    return [
        ("number", "Number", item["number"]),
        ("cat_item", "Item", item["cat_item_name"]),
        ("request", "Request", item["request_number"]),
        ("requested_for", "Requested for", item["requested_for_name"]),
        ("opened_by", "Opened by", req.get("opened_by_name")),
        ("stage", "Stage", c.RITM_STAGES.get(item["stage"], item["stage"])),
        ("approval", "Approval", c.APPROVAL_LABELS.get(item["approval"], item["approval"])),
        ("quantity", "Quantity", item["quantity"]),
        ("price", "Price", f"${item['price']:,.2f}"),
    ]


def plan(values: dict[str, str], number: str, edits: dict[str, Any]) -> list[Step]:
    """The service actions one submit makes, in order: the edit, then the journal entries. `edits` are
    the changed fields, the assignee as a sys_id."""
    steps = []
    if edits:
        args = {k: int(v) if k == "state" and v.lstrip("-").isdigit() else v for k, v in edits.items()}
        steps.append(Step("update_requested_item", {"requested_item_id": number, **args}))
    for action, name in (("add_work_note", "work_notes"), ("add_comment", "comments")):
        text = (values.get(name) or "").strip()
        if text:
            steps.append(Step(action, {"record_id": number, "text": text}))
    return steps


def build_request_router(kit: UiKit) -> APIRouter:
    """GET /requests/{number} (the form; /edit redirects to it), POST /requests/{number}/{op}."""
    router = APIRouter()

    async def context(request: Request, number: str, values: dict[str, str]) -> dict[str, Any]:
        d = await kit.read(request, "get_requested_item", {"requested_item_id": number})
        item = d["item"]
        return {
            "title": item["number"],
            "d": d,
            "r": item,
            "v": {**record_values(item, list(EDITED), DISPLAY), **values},
            "readonly": not item["active"],
            "header": header(d),
            "state": STATE,
            "fields": (GROUP, ASSIGNEE, SHORT),
        }

    page = form_page(kit, "requested_item.html", context)

    async def submit(request: Request, number: str, op: str) -> Response:
        if op not in BUTTONS:
            return kit.error_page(request, f"Unknown operation {op!r}.")
        values, trace = await kit.form(request)
        item = (await kit.read(request, "get_requested_item", {"requested_item_id": number}))["item"]
        form = (number, values, trace)
        current = record_values(item, list(EDITED), DISPLAY)
        edits = await edited(kit, request, page, form, current, EDITS, [ASSIGNEE])
        if isinstance(edits, Response):
            return edits
        done = (f"/requests/{number}", BUTTONS[op])
        return await save(kit, request, form, plan(values, number, edits), page, LABELS, done)

    add_record_routes(router, kit, "/requests", page, submit)
    return router
