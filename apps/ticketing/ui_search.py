"""ServiceNow's global search in the banner: a record number opens that record (INC0012345 goes straight to
the incident, as the platform does); other text lists the matches per table — incidents, problems,
changes, knowledge articles and configuration items — each row linking to its record, each group's "View
all" opening its list filtered by the same words, the groups named in a navigation on the left."""

from __future__ import annotations

import re
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit

NUMBER = re.compile(r"^(INC|PRB|CHG|RITM|KB)\d{7}$", re.IGNORECASE)
PER_TABLE = 10

# (heading, read action, its search argument, record page prefix, key of the link)
TABLES = (
    ("Incidents", "list_incidents", "search", "/incidents/", "number"),
    ("Problems", "list_problems", "search", "/problems/", "number"),
    ("Changes", "list_changes", "search", "/changes/", "number"),
    ("Knowledge", "search_knowledge", "query", "/kb/", "number"),
    ("Configuration Items", "list_configuration_items", "search", "/cmdb/", "sys_id"),
)


def _row(record: dict, prefix: str, key: str) -> dict[str, str]:
    """One result line: the record's number (a CI: its name), its description, its state's label."""
    maker = " ".join(str(record[k]) for k in ("manufacturer", "model_number") if record.get(k))
    return {
        "url": prefix + str(record[key]),
        "label": str(record.get("number") or record.get("name")),
        "text": record.get("short_description") or maker,
        "state": record.get("state_label") or "",
    }


def build_search_router(kit: UiKit) -> APIRouter:
    """The `/search` page behind the banner's search box."""
    kit.search_path = "/search"
    kit.search_placeholder = "Search (number or text)"
    router = APIRouter()

    @router.get("/search")
    async def search(request: Request, q: str = "") -> Response:
        query = q.strip()
        if NUMBER.match(query):
            return kit.redirect(request, f"/record/{query.upper()}")
        groups = []
        if query:
            for title, action, arg, prefix, key in TABLES:
                found = await kit.read(request, action, {arg: query, "limit": PER_TABLE})
                rows = [_row(r, prefix, key) for r in found["records"]]
                all_url = prefix.rstrip("/") + "?" + urlencode({arg: query})
                groups.append({"title": title, "rows": rows, "total": found["total"], "all_url": all_url})
        return kit.render(
            request,
            "sn_search.html",
            {"title": f"Search: {query}" if query else "Search", "query": query, "groups": groups},
        )

    return router
