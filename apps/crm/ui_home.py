"""Home page and global search results."""

from __future__ import annotations

from datetime import timedelta

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.crm import ui_home_cards as cards

# the search page's sidebar, as Lightning's: Top Results (every object's matches), then one object at a time
SEARCH_SCOPES = {
    "top": "Top Results",
    "accounts": "Accounts",
    "contacts": "Contacts",
    "leads": "Leads",
    "opportunities": "Opportunities",
}


def build_home_router(kit: UiKit) -> APIRouter:
    router = APIRouter()

    @router.get("/", name="home")
    async def home(request: Request) -> Response:
        opps = await kit.read(
            request,
            "list_opportunities",
            {"mine": True, "status": "open", "sort_by": "close_date", "limit": 5},
        )
        tasks = None
        if kit.has_action("list_tasks"):
            tasks = (await kit.read(request, "list_tasks", {"mine": True, "open_only": True, "limit": 5}))[
                "records"
            ]
        me = await kit.run(request, "get_current_user", {})
        now = await kit.now(request)
        today = now.date()
        start, end = cards.quarter_bounds(today)
        quarter = {"mine": True, "close_date_from": str(start), "close_date_to": str(end), "limit": 200}
        won = await kit.read(request, "list_opportunities", {**quarter, "status": "won"})
        ahead = await kit.read(request, "list_opportunities", {**quarter, "status": "open"})
        yesterday = str(today - timedelta(days=1))
        late = await kit.read(
            request, "list_opportunities", {"mine": True, "status": "open", "close_date_to": yesterday}
        )
        overdue = []
        if tasks is not None:
            args = {"mine": True, "open_only": True, "due_before": yesterday, "limit": 5}
            overdue = (await kit.read(request, "list_tasks", args))["records"]
        return kit.render(
            request,
            "home.html",
            {
                "title": "Home",
                "opps": opps,
                "tasks": tasks,
                "performance": cards.performance(won["records"], ahead["records"], today),
                "assistant": cards.assistant_items(overdue, late["records"][:5]),
                "as_of": f"{now:%I:%M %p}".lstrip("0"),
                "me": me.data() if me.ok else None,
            },
        )

    @router.get("/search", name="search")
    async def search(request: Request) -> Response:
        query = (request.query_params.get("q") or "").strip()
        scope = request.query_params.get("scope") or "top"
        results, error = None, None
        if query:
            outcome = await kit.run(request, "search_records", {"query": query, "limit": 25})
            results, error = (outcome.data(), None) if outcome.ok else (None, outcome.error)
        return kit.render(
            request,
            "search.html",
            {
                "title": f"Search Results: {query}" if query else "Search",
                "query": query,
                "search_query": query,
                "results": results,
                "error": error,
                "scope": scope if scope in SEARCH_SCOPES else "top",
                "scopes": SEARCH_SCOPES,
            },
        )

    return router
