"""The ticketing browser UI (ServiceNow-like): list views, forms with sections, related lists, the
activity stream and state buttons. Every read and write runs a ticketing action through the UI kit."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_assets import add_design_system_route
from apps.core.ui_kit import TimeControls, UiKit
from apps.ticketing import choices as c
from apps.ticketing import design_system, ui_dates
from apps.ticketing.seed import COMPANY
from apps.ticketing.ui_catalog_cart import build_cart_router, cart_of
from apps.ticketing.ui_catalog_home import CATEGORIES, build_catalog_router
from apps.ticketing.ui_catalog_item import build_catalog_item_router
from apps.ticketing.ui_change import build_change_router
from apps.ticketing.ui_clock import build_clock_router
from apps.ticketing.ui_cmdb import build_cmdb_router
from apps.ticketing.ui_forms import build_form_router
from apps.ticketing.ui_home import build_home_router
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


def build_router(kit: UiKit) -> APIRouter:
    kit.nav = []  # no module tabs under UI16's banner: the modules are in the application navigator
    kit.home_path = "/home"  # the banner's logo opens the homepage
    kit.env.globals["sn_navigator"] = NAVIGATOR
    kit.env.globals["sn_company"] = COMPANY
    kit.env.globals["sn_me"] = lambda request: kit.signed_in_name(request, "get_current_user", "name")
    kit.env.globals["sn_store_key"] = lambda request: kit.episode(request).id
    kit.env.globals["sn_approval_labels"] = c.APPROVAL_LABELS
    kit.env.globals["sn_stages"] = c.RITM_STAGES
    kit.env.globals["sn_cart"] = cart_of  # the Shopping Cart widget's lines
    kit.env.globals["sn_catalog_icons"] = {name: icon for name, (_, icon) in CATEGORIES.items()}
    ui_dates.install(kit)
    # the simulator's, in the simulation strip: advance_time by a chosen stretch, or any hours and minutes on
    # the Let time pass page
    kit.time_controls = TimeControls("/clock", page="/clock", page_label="Wait a custom time")
    kit.env.globals["sn_font_installed"] = design_system.installed
    router = APIRouter()
    kit.static_sources["/_fonts"] = add_design_system_route(
        router, "fonts", design_system.asset, design_system.package_tag
    )

    @router.get("/")
    async def home(request: Request) -> Response:
        return kit.redirect(request, "/incidents", active="true", assigned_to_me="true")

    router.include_router(build_home_router(kit))
    router.include_router(build_list_router(kit))
    router.include_router(build_list_actions_router(kit))
    router.include_router(build_catalog_router(kit))
    router.include_router(build_cart_router(kit))  # before the items: /catalog/cart
    router.include_router(build_catalog_item_router(kit))
    router.include_router(build_search_router(kit))
    router.include_router(build_form_router(kit))  # before the record routes: /incidents/new
    router.include_router(build_incident_router(kit))
    router.include_router(build_ref_router(kit))
    router.include_router(build_kb_router(kit))
    router.include_router(build_change_router(kit))
    router.include_router(build_clock_router(kit))
    router.include_router(build_problem_incidents_router(kit))  # before the problem's POST /{op}
    router.include_router(build_problem_router(kit))
    router.include_router(build_request_router(kit))
    router.include_router(build_cmdb_router(kit))

    @router.get("/record/{number}")
    async def any_record(request: Request, number: str) -> Response:
        prefix = next(
            (p for p in sorted(PREFIX_PATHS, key=len, reverse=True) if number.upper().startswith(p)), None
        )
        if prefix is None:
            return kit.error_page(request, f"No page for record {number!r}.")
        return kit.redirect(request, PREFIX_PATHS[prefix] + number)

    return router
