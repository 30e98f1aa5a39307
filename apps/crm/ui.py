"""The CRM's browser UI (Salesforce Lightning-like): pages over the CRM actions, no business logic.

Every read and write runs a CRM action through the UI kit (`kit.read` / `kit.run`), so the UI does
exactly what the MCP tools do and every step lands in the episode's event log with surface "ui".
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

from fastapi import APIRouter

from apps.core.ui_assets import add_asset_route, add_design_system_route
from apps.core.ui_kit import NavItem, UiKit
from apps.core.ui_templates import format_number
from apps.crm import design_system, ui_dates
from apps.crm.services.report_engine import shown_filter
from apps.crm.ui_activity import build_activity_router
from apps.crm.ui_add_products import build_add_products_router
from apps.crm.ui_common import TOAST_COOKIE
from apps.crm.ui_convert import build_convert_router
from apps.crm.ui_edit import build_edit_router
from apps.crm.ui_home import build_home_router
from apps.crm.ui_line_items import build_line_item_router
from apps.crm.ui_list_actions import build_list_action_router
from apps.crm.ui_lists import build_list_router
from apps.crm.ui_lookup import OBJECT_LABEL, build_lookup_router, object_of_value, objects_of, placeholder
from apps.crm.ui_modal import modal_of, register_pages
from apps.crm.ui_records import build_record_router
from apps.crm.ui_reports import build_report_router
from apps.crm.ui_stage import build_stage_router

STATIC = Path(__file__).parent / "static"
ASSETS = {
    "crm.css": "text/css",
    "crm-slds.css": "text/css",
    "crm-inputs.css": "text/css",
    "crm.js": "text/javascript",
    "crm-dates.js": "text/javascript",
    "crm-numbers.js": "text/javascript",
}

TABS = (
    ("Home", "/"),
    ("Accounts", "/accounts"),
    ("Contacts", "/contacts"),
    ("Leads", "/leads"),
    ("Opportunities", "/opportunities"),
    ("Products", "/products"),
    ("Reports", "/reports"),
)


def build_router(kit: UiKit) -> APIRouter:
    """All CRM pages; routes with fixed paths (/accounts/new) come before /accounts/{id}."""
    kit.nav = [NavItem(label, path) for label, path in TABS]
    kit.search_path = "/search"
    kit.flash_cookies = (TOAST_COOKIE,)
    kit.search_placeholder = "Search accounts, contacts, leads, opportunities…"
    kit.env.globals["lookup_placeholder"] = placeholder
    kit.env.globals.update(lookup_objects=objects_of, lookup_object_of=object_of_value)
    kit.env.filters["object_choice"] = lambda obj: (obj, OBJECT_LABEL.get(obj, "User"))
    kit.env.filters["unquote"] = unquote
    kit.env.filters["percent"] = lambda v: "" if v is None else f"{format_number(v)}%"
    kit.env.filters["shown_filter"] = lambda text, rtype: shown_filter(rtype, text)
    ui_dates.install(kit)
    kit.env.globals["slds_installed"] = design_system.installed
    kit.env.globals["crm_modal"] = modal_of
    kit.env.globals["page_frame"] = "crm_base.html"  # the core pages (task, error) in the CRM's frame
    kit.env.globals["crm_me"] = lambda request: kit.signed_in_name(request, "get_current_user", "name")
    router = APIRouter()

    kit.static_sources["/_assets"] = add_asset_route(router, STATIC, ASSETS)
    kit.static_sources["/_slds"] = add_design_system_route(
        router, "slds", design_system.asset, design_system.package_tag
    )

    for sub in (
        build_lookup_router,
        build_home_router,
        build_report_router,
        build_list_router,
        build_list_action_router,
        build_edit_router,
        build_activity_router,
        build_add_products_router,
        build_line_item_router,
        build_stage_router,
        build_convert_router,
        build_record_router,
    ):
        pages = sub(kit)
        register_pages(kit, pages.routes)  # the pages a create/edit modal opens over (ui_modal.py)
        router.include_router(pages)
    return router
