"""The ticketing browser UI (ServiceNow-like): list views, forms with sections, related lists, the
activity stream and state buttons. Every read and write runs a ticketing action through the UI kit."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import NavItem, UiKit, app_url
from apps.ticketing import choices as c
from apps.ticketing.ui_form_layouts import INCIDENT_LABELS, OPEN_PROBLEM_STATES
from apps.ticketing.ui_forms import build_form_router
from apps.ticketing.ui_lists import build_list_router
from apps.ticketing.ui_search import build_search_router

TABS = (
    ("Incidents", "/incidents?active=true"),
    ("Problems", "/problems"),
    ("Changes", "/changes"),
    ("Requests", "/requests"),
    ("My Approvals", "/approvals"),
    ("Knowledge", "/kb"),
    ("CMDB", "/cmdb"),
    ("Service Catalog", "/catalog"),
)
PREFIX_PATHS = {
    "INC": "/incidents/",
    "PRB": "/problems/",
    "CHG": "/changes/",
    "RITM": "/requests/",
    "KB": "/kb/",
}

# (path op, action, fixed args, argument names taken from the form)
INCIDENT_OPS = {
    "assign_to_me": ("assign_incident", {"assign_to_me": True}, ("assignment_group",)),
    "assign": ("assign_incident", {}, ("assignment_group", "assigned_to")),
    "start": ("start_incident_work", {}, ()),
    "hold": ("put_incident_on_hold", {}, ("hold_reason", "comments")),
    "resolve": ("resolve_incident", {}, ("close_code", "close_notes")),
    "close": ("close_incident", {}, ()),
    "reopen": ("reopen_incident", {}, ("comments",)),
    "cancel": ("cancel_incident", {}, ("work_notes",)),
}
# knowledge article UI actions: (op, button label, workflow state it is offered in)
KB_BUTTONS = (
    ("submit", "Submit for Review", "draft"),
    ("publish", "Publish", "review"),
    ("retire", "Retire", "published"),
)
KB_OPS = {
    "submit": ("submit_knowledge_article", {}, ()),
    "publish": ("publish_knowledge_article", {}, ()),
    "retire": ("retire_knowledge_article", {}, ()),
}
CHANGE_OPS = {
    "request_approval": ("request_change_approval", {}, ()),
    "approve": ("approve_change", {}, ("comments",)),
    "reject": ("reject_change", {}, ("comments",)),
    "implement": ("implement_change", {}, ()),
    "review": ("review_change", {}, ()),
    "close": ("close_change", {}, ("close_code", "close_notes")),
    "cancel": ("cancel_change", {}, ("work_notes",)),
}


async def crm_contact_url(kit: UiKit, request: Request, incident: dict[str, Any]) -> str | None:
    """The caller's CRM contact page when the episode has the CRM and the caller is a CRM contact."""
    root = kit.root(request)
    if not incident.get("caller_id") or app_url(kit.episode(request), root, "crm") is None:
        return None
    users = await kit.read(request, "list_users", {"search": incident["caller_name"], "limit": 50})
    found = next((u for u in users["records"] if u["sys_id"] == incident["caller_id"]), None)
    if not found or not found.get("crm_contact_id"):
        return None
    return app_url(kit.episode(request), root, "crm", f"/contacts/{found['crm_contact_id']}")


def build_router(kit: UiKit) -> APIRouter:
    kit.nav = [NavItem(label, path) for label, path in TABS]
    kit.home_path = "/incidents?active=true"
    router = APIRouter()

    @router.get("/")
    async def home(request: Request) -> Response:
        return kit.redirect(request, "/incidents", active="true", assigned_to_me="true")

    router.include_router(build_list_router(kit))
    router.include_router(build_search_router(kit))
    router.include_router(build_form_router(kit))  # before the record routes: /incidents/new

    async def incident_page(
        request: Request, number: str, error: str | None = None, status: int = 200
    ) -> Response:
        d = await kit.read(request, "get_incident", {"incident_id": number})
        groups = (await kit.read(request, "list_groups"))["records"]
        members = []
        if d["incident"]["assignment_group"]:
            members = (
                await kit.read(request, "get_group_members", {"group": d["incident"]["assignment_group"]})
            )["records"]
        return kit.render(
            request,
            "incident.html",
            {
                "title": d["incident"]["number"],
                "d": d,
                "i": d["incident"],
                "groups": groups,
                "members": members,
                "error": error,
                "default_group": next((g["sys_id"] for g in groups if g["name"] == "Service Desk"), ""),
                "hold_reasons": list(c.HOLD_REASONS.values()),
                "close_codes": c.CLOSE_CODES,
                "flash": request.query_params.get("saved"),
                "labels": INCIDENT_LABELS,
                "caller_in_crm": await crm_contact_url(kit, request, d["incident"]),
            },
            status=status,
        )

    async def change_page(
        request: Request, number: str, error: str | None = None, status: int = 200
    ) -> Response:
        d = await kit.read(request, "get_change", {"change_id": number})
        me = await kit.read(request, "get_current_user")
        can_decide = any(a["approver"] == me["sys_id"] and a["state"] == "requested" for a in d["approvals"])
        return kit.render(
            request,
            "change.html",
            {
                "title": d["change"]["number"],
                "d": d,
                "ch": d["change"],
                "error": error,
                "can_decide": can_decide,
                "close_codes": c.CHANGE_CLOSE_CODES,
                "flash": request.query_params.get("saved"),
            },
            status=status,
        )

    @router.get("/incidents/{number}")
    async def incident(request: Request, number: str) -> Response:
        return await incident_page(request, number)

    @router.get("/changes/{number}")
    async def change(request: Request, number: str) -> Response:
        return await change_page(request, number)

    async def run_op(request: Request, number: str, op: tuple, id_arg: str, page, back: str) -> Response:  # noqa: ANN001
        action, fixed, names = op
        values, trace = await kit.form(request)
        args = {id_arg: number, **fixed, **{n: (values.get(n) or "").strip() for n in names if n in values}}
        outcome = await kit.run(request, action, args, trace)
        if not outcome.ok:
            return await page(request, number, error=outcome.error, status=422)
        return kit.redirect(request, back, saved="Record updated.")

    @router.post("/incidents/{number}/{op}")
    async def incident_op(request: Request, number: str, op: str) -> Response:
        if op == "journal":
            values, trace = await kit.form(request)
            action = "add_work_note" if values.get("element") == "work_notes" else "add_comment"
            outcome = await kit.run(
                request, action, {"record_id": number, "text": values.get("text", "")}, trace
            )
            if not outcome.ok:
                return await incident_page(request, number, error=outcome.error, status=422)
            return kit.redirect(request, f"/incidents/{number}", saved="Posted.")
        if op not in INCIDENT_OPS:
            return kit.error_page(request, f"Unknown operation {op!r}.")
        return await run_op(
            request, number, INCIDENT_OPS[op], "incident_id", incident_page, f"/incidents/{number}"
        )

    @router.post("/changes/{number}/{op}")
    async def change_op(request: Request, number: str, op: str) -> Response:
        if op not in CHANGE_OPS:
            return kit.error_page(request, f"Unknown operation {op!r}.")
        return await run_op(request, number, CHANGE_OPS[op], "change_id", change_page, f"/changes/{number}")

    async def record(
        request: Request,
        action: str,
        arg: str,
        key: str,
        kind: str,
        edit: str | None = None,
        error: str | None = None,
        status: int = 200,
    ) -> Response:
        """The generic record page; `edit` is the path of the record's Edit form while it is editable."""
        d = await kit.read(request, action, {arg: key})
        main = next(iter(d.values()))
        title = main.get("number") or main.get("name") or key
        related = [
            (name.replace("_", " ").capitalize(), rows)
            for name, rows in list(d.items())[1:]
            if isinstance(rows, list)
        ]
        return kit.render(
            request,
            "record.html",
            {
                "title": title,
                "kind": kind,
                "main": main,
                "rows": field_rows(main),
                "related": related,
                "edit_path": edit if edit and _editable(main) else None,
                "flash": request.query_params.get("saved"),
                "error": error,
                "ui_actions": [
                    (kit.url(request, f"/kb/{title}/{op}"), label)
                    for op, label, state in KB_BUTTONS
                    if main.get("workflow_state") == state
                ],
            },
            status=status,
        )

    @router.get("/problems/{number}")
    async def problem(request: Request, number: str) -> Response:
        return await record(
            request, "get_problem", "problem_id", number, "Problem", f"/problems/{number}/edit"
        )

    @router.get("/requests/{number}")
    async def requested_item(request: Request, number: str) -> Response:
        return await record(request, "get_requested_item", "requested_item_id", number, "Requested Item")

    @router.get("/kb/{number}")
    async def article(request: Request, number: str, error: str | None = None, status: int = 200) -> Response:
        return await record(
            request,
            "get_knowledge_article",
            "article_id",
            number,
            "Knowledge Article",
            f"/kb/{number}/edit",
            error=error,
            status=status,
        )

    @router.post("/kb/{number}/{op}")
    async def article_op(request: Request, number: str, op: str) -> Response:
        if op not in KB_OPS:
            return kit.error_page(request, f"Unknown operation {op!r}.")
        return await run_op(request, number, KB_OPS[op], "article_id", article, f"/kb/{number}")

    @router.get("/cmdb/{ci}")
    async def ci(request: Request, ci: str) -> Response:
        return await record(request, "get_configuration_item", "ci_id", ci, "Configuration Item")

    @router.get("/record/{number}")
    async def any_record(request: Request, number: str) -> Response:
        prefix = next(
            (p for p in sorted(PREFIX_PATHS, key=len, reverse=True) if number.upper().startswith(p)), None
        )
        if prefix is None:
            return kit.error_page(request, f"No page for record {number!r}.")
        return kit.redirect(request, PREFIX_PATHS[prefix] + number)

    return router


def _editable(main: dict[str, Any]) -> bool:
    """Whether the record page offers Edit: an open problem, a draft article (the service decides)."""
    if "workflow_state" in main:
        return main["workflow_state"] == "draft"
    return main.get("state") in OPEN_PROBLEM_STATES


def field_rows(record: dict[str, Any], skip: tuple[str, ...] = ()) -> list[tuple[str, Any]]:
    """(label, value) of a record's plain fields, for the generic record page."""
    return [
        (k.replace("_", " ").capitalize(), v)
        for k, v in record.items()
        if k not in skip and not isinstance(v, list | dict)
    ]
