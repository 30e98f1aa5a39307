"""ServiceNow's global search in the banner: a record number opens that record (INC0012345 goes straight to
the incident, as the platform does); other text searches every search group — Tasks (incidents, problems,
changes), Knowledge & Catalog, People and Configuration — as UI16's results page does: the banner's field
keeps the words, a navigation on the left counts All results and each group (and its tables), a group
link shows that group alone, and each table shows its first matches with their key fields and a "View all"
into its list filtered by the same words. Nothing found: the product's "No results" message."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit

NUMBER = re.compile(r"^(INC|PRB|CHG|RITM|KB)\d{7}$", re.IGNORECASE)
PER_TABLE = 5


@dataclass(frozen=True)
class Source:
    """One searched table: its heading, read action and search argument, its record page (prefix + key;
    none: rows without a link), its list (for View all; none: no list page) and its columns (header,
    field, kind: text or date; the first is the row's header)."""

    title: str
    action: str
    arg: str
    prefix: str | None
    key: str
    list_path: str | None
    list_arg: str
    columns: tuple[tuple[str, str, str], ...]


def _columns(spec: str) -> tuple[tuple[str, str, str], ...]:
    """Columns (header, field, kind) from "Header:field, ..." (a field ending in @ is a date)."""
    out = []
    for part in spec.split(", "):
        header, field = part.split(":")
        out.append((header, field.rstrip("@"), "date" if field.endswith("@") else "text"))
    return tuple(out)


TASK = "Number:number, Short description:short_description, State:state_label, Updated:sys_updated_on@"
# group key, group, table, read action, its search argument, page and list path ("": none), link key, columns
SOURCES = (
    ("tasks", "Tasks", "Incidents", "list_incidents", "search", "/incidents", "number", TASK),
    ("tasks", "Tasks", "Problems", "list_problems", "search", "/problems", "number", TASK),
    ("tasks", "Tasks", "Change Requests", "list_changes", "search", "/changes", "number", TASK),
    ("knowledge", "Knowledge & Catalog", "Knowledge", "search_knowledge", "query", "/kb", "number",
     "Number:number, Title:short_description, Knowledge base:kb_name, Updated:sys_updated_on@"),
    ("knowledge", "Knowledge & Catalog", "Catalog Items", "list_catalog_items", "search", "/catalog",
     "sys_id", "Name:name, Short description:short_description, Category:category, Updated:sys_updated_on@"),
    ("people", "People", "Users", "list_users", "search", "", "sys_id",
     "Name:name, User ID:user_name, Email:email, Department:department"),
    ("configuration", "Configuration", "Configuration Items", "list_configuration_items", "search", "/cmdb",
     "sys_id", "Name:name, Class:class_label, Status:operational_status_label, Updated:sys_updated_on@"),
)  # fmt: skip


def _groups() -> dict[str, tuple[str, list[Source]]]:
    """SOURCES by search group: group key -> (its name, its tables in order)."""
    out: dict[str, tuple[str, list[Source]]] = {}
    for key, group, title, action, arg, path, link, spec in SOURCES:
        source = Source(
            title, action, arg, path + "/" if path else None, link, path or None, arg, _columns(spec)
        )
        out.setdefault(key, (group, []))[1].append(source)
    return out


GROUPS = _groups()


def _anchor(title: str) -> str:
    """The id of a table's section (res-incidents, res-catalog-items)."""
    return "res-" + re.sub(r"[^a-z]+", "-", title.lower()).strip("-")


async def _table(kit: UiKit, request: Request, source: Source, query: str) -> dict[str, Any]:
    """One table's matches: its total, first rows (cells per column, the link of the row's header) and the
    View all link.

    Args:
        kit: the desk's UI kit.
        request: the search page's request (its episode).
        source: the table searched.
        query: the words.
    """
    found = await kit.read(request, source.action, {source.arg: query, "limit": PER_TABLE})
    rows = [
        {
            "url": source.prefix + str(r[source.key]) if source.prefix else None,
            "cells": [(kind, r.get(field) or "") for _, field, kind in source.columns],
        }
        for r in found["records"]
    ]
    more = source.list_path + "?" + urlencode({source.list_arg: query}) if source.list_path else None
    return {
        "title": source.title,
        "id": _anchor(source.title),
        "headers": [h for h, _, _ in source.columns],
        "rows": rows,
        "total": found["total"],
        "all_url": more,
    }


async def search_groups(kit: UiKit, request: Request, query: str) -> list[dict[str, Any]]:
    """Every search group with its tables' matches and its total.

    Args:
        kit: the desk's UI kit.
        request: the search page's request.
        query: the words searched.
    """
    out = []
    for key, (title, sources) in GROUPS.items():
        tables = [await _table(kit, request, s, query) for s in sources]
        out.append({"key": key, "title": title, "tables": tables, "total": sum(t["total"] for t in tables)})
    return out


def build_search_router(kit: UiKit) -> APIRouter:
    """The `/search` page behind the banner's search box."""
    kit.search_path = "/search"
    kit.search_placeholder = "Search"
    router = APIRouter()

    @router.get("/search")
    async def search(request: Request, q: str = "", group: str = "") -> Response:
        query = q.strip()
        if NUMBER.match(query):
            return kit.redirect(request, f"/record/{query.upper()}")
        groups = await search_groups(kit, request, query) if query else []
        chosen = group if any(g["key"] == group for g in groups) else ""
        context = {
            "title": f"Search: {query}" if query else "Search",
            "query": query,
            "search_query": query,  # the banner's field keeps the words
            "groups": groups,
            "group": chosen,
            "total": sum(g["total"] for g in groups),
        }
        return kit.render(request, "sn_search.html", context)

    return router
