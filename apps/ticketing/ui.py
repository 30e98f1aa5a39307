"""The ticketing browser UI (ServiceNow-like): list views, forms with sections, related lists, the
activity stream and state buttons. Every read and write runs a ticketing action through the UI kit."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import TimeControls, UiKit, app_url
from apps.ticketing import ui_dates
from apps.ticketing.ui_catalog_home import build_catalog_router
from apps.ticketing.ui_change import build_change_router
from apps.ticketing.ui_clock import build_clock_router
from apps.ticketing.ui_forms import build_form_router
from apps.ticketing.ui_incident import build_incident_router
from apps.ticketing.ui_kb import build_kb_router
from apps.ticketing.ui_list_actions import build_list_actions_router
from apps.ticketing.ui_lists import build_list_router
from apps.ticketing.ui_navigator import NAVIGATOR
from apps.ticketing.ui_problem import build_problem_router
from apps.ticketing.ui_problem_incidents import build_problem_incidents_router
from apps.ticketing.ui_refs import build_ref_router
from apps.ticketing.ui_request import build_request_router
from apps.ticketing.ui_search import build_search_router

PREFIX_PATHS = {
    "INC": "/incidents/",
    "PRB": "/problems/",
    "CHG": "/changes/",
    "RITM": "/requests/",
    "KB": "/kb/",
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
    kit.nav = []  # no module tabs under UI16's banner: the modules are in the application navigator
    kit.home_path = "/incidents?active=true"
    kit.env.globals["sn_navigator"] = NAVIGATOR
    kit.env.globals["sn_me"] = lambda request: kit.signed_in_name(request, "get_current_user", "name")
    kit.env.globals["sn_store_key"] = lambda request: kit.episode(request).id
    ui_dates.install(kit)
    # the simulator's, in the simulation strip: advance_time by a chosen stretch, or any hours and minutes on
    # the Let time pass page
    kit.time_controls = TimeControls("/clock", page="/clock", page_label="Wait a custom time")
    router = APIRouter()

    @router.get("/")
    async def home(request: Request) -> Response:
        return kit.redirect(request, "/incidents", active="true", assigned_to_me="true")

    router.include_router(build_list_router(kit))
    router.include_router(build_list_actions_router(kit))
    router.include_router(build_catalog_router(kit))
    router.include_router(build_search_router(kit))
    router.include_router(build_form_router(kit))  # before the record routes: /incidents/new
    router.include_router(build_incident_router(kit, crm_contact_url))
    router.include_router(build_ref_router(kit))
    router.include_router(build_kb_router(kit))
    router.include_router(build_change_router(kit))
    router.include_router(build_clock_router(kit))
    router.include_router(build_problem_incidents_router(kit))  # before the problem's POST /{op}
    router.include_router(build_problem_router(kit))
    router.include_router(build_request_router(kit))

    async def record(
        request: Request,
        action: str,
        arg: str,
        key: str,
        kind: str,
        error: str | None = None,
        status: int = 200,
    ) -> Response:
        """The generic read-only record page with its related lists."""
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
                "flash": request.query_params.get("saved"),
                "error": error,
            },
            status=status,
        )

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


def field_rows(record: dict[str, Any], skip: tuple[str, ...] = ()) -> list[tuple[str, Any]]:
    """(label, value) of a record's fields as the form shows them: no system fields (sys_*), a
    reference by its display name (the id left out when a *_name or *_label field is there), a choice
    by its label, a boolean as Yes / No, a timestamp without its seconds."""
    rows = []
    for k, v in record.items():
        if k in skip or k.startswith("sys_") or isinstance(v, list | dict):
            continue
        if (
            f"{k}_name" in record
            or f"{k}_label" in record
            or k.endswith("_id")
            and k[:-3] + "_name" in record
        ):
            continue
        name = k.removesuffix("_name").removesuffix("_label")
        if isinstance(v, bool):
            v = "Yes" if v else "No"
        elif isinstance(v, str) and len(v) == 20 and v[4] == "-" and v[10] == "T" and v.endswith("Z"):
            v = ui_dates.sn_datetime(v)
        rows.append((FIELD_LABELS.get(name, name.replace("_", " ").capitalize()), v))
    return rows


# the labels ServiceNow gives fields whose names do not read as words ("os" is "Operating System")
FIELD_LABELS = {
    "os": "Operating System",
    "os_version": "OS Version",
    "ip_address": "IP Address",
    "mac_address": "MAC Address",
    "fqdn": "Fully qualified domain name",
    "cpu_count": "CPU count",
    "ram": "RAM (MB)",
    "class": "Class",
    "cmdb_ci": "Configuration item",
    "sys_class_name": "Class",
}
