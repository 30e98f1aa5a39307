"""The office app's browser UI (Outlook / Teams / OneDrive-like): pages over the office actions only.

Every read and write runs an office action through the UI kit (`kit.read` / `kit.run`), so the UI does
exactly what the MCP tools do and every step lands in the event log with surface "ui".
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_assets import add_asset_route, add_design_system_route
from apps.core.ui_kit import NavItem, TimeControls, UiKit
from apps.office import design_system
from apps.office.ui_calendar import build_calendar_router
from apps.office.ui_chat import build_chat_router
from apps.office.ui_decks import build_decks_router
from apps.office.ui_docs import build_docs_router
from apps.office.ui_files import build_files_router
from apps.office.ui_frame import install as install_frame
from apps.office.ui_mail import build_mail_router
from apps.office.ui_sheet_nav import build_sheet_nav_router
from apps.office.ui_sheets import build_sheets_router
from apps.office.ui_suite import build_suite_router

TABS = (("Mail", "/mail"), ("Calendar", "/calendar"), ("Files", "/files"), ("Chat", "/chat"))
STATIC = Path(__file__).parent / "static"
STYLESHEETS = (
    "office.css",
    "office-fluent.css",
    "office-controls.css",
    "deck.css",
    "deck_chrome.css",
    "deck_start.css",
    "calendar.css",
    "teams.css",
    "onedrive.css",
    "ribbon.css",
    "mail.css",
)
ASSETS = {name: "text/css" for name in STYLESHEETS}


def build_router(kit: UiKit) -> APIRouter:
    kit.nav = [NavItem(label, path) for label, path in TABS]
    kit.home_path = "/mail"
    # the simulator's, in the simulation strip of every office page: receive what arrived, wait up to an hour
    # (until the first reply), or let a whole stretch pass (a day for an approver): all wait_for_replies
    kit.time_controls = TimeControls(
        "/mail/check",
        fields=(("full", "1"),),
        quick=(("Check for new mail", ()), ("Wait an hour for replies", (("minutes", "60"),))),
    )
    kit.env.globals["fluent_installed"] = design_system.installed
    kit.env.globals["page_frame"] = "office_layout.html"  # the core pages (task, error) in the office frame
    install_frame(kit)
    router = APIRouter()

    kit.static_sources["/_assets"] = add_asset_route(router, STATIC, ASSETS)
    kit.static_sources["/_fluent"] = add_design_system_route(router, "fluent", design_system.served_file)

    @router.get("/", name="home")
    async def home(request: Request) -> Response:
        return kit.redirect(request, "/mail")

    for sub in (
        build_mail_router,
        build_calendar_router,
        build_files_router,
        build_docs_router,
        build_sheets_router,
        build_sheet_nav_router,
        build_decks_router,
        build_chat_router,
        build_suite_router,
    ):
        router.include_router(sub(kit))
    return router
