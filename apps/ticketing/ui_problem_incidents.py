"""The problem's Incidents related list, Edit... (ServiceNow's slushbucket): a Collection of incidents on
the left (open ones by default, any state when a search is given), the Incidents List on the right (the
ones already linked, which stay, and the ones added). Add and Remove move the selected incidents between
the two lists; Save links each added incident to the problem with link_incident_to_problem, the action
MCP and the CLI use, all or nothing (see ui_steps): a refused link ("INC… is Closed and read-only")
shows the page again with the refusal, the additions kept and nothing changed."""

from __future__ import annotations

import re
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.ticketing.ui_save import Step, refusal, run_steps

CLOSED = 107  # a closed problem's list cannot change
NUMBER = re.compile(r"^INC[0-9]{7}$")
PAGE = 200  # list_incidents' largest page
MAX_ROWS = 1000  # the Collection shows at most this many incidents
LABELS = {"incidents": "Incidents"}
# the condition builder's row: a field (Keywords: the service's search over number, short description and
# description), an operator, a value; the named fields are matched here on what the search found
FILTER_FIELDS = (("keywords", "Keywords"), ("number", "Number"), ("short_description", "Short description"))
FILTER_OPS = (("contains", "contains"), ("starts", "starts with"), ("is", "is"))
ALIASES = {"incident_id": "incidents"}


def pending_numbers(raw: str | None) -> list[str]:
    """The incident numbers carried in the form's comma-joined `incidents` field, in order, once each."""
    seen: list[str] = []
    for part in (raw or "").split(","):
        n = part.strip().upper()
        if NUMBER.match(n) and n not in seen:
            seen.append(n)
    return seen


async def collection(kit: UiKit, request: Request, search: str) -> list[dict[str, Any]]:
    """The incidents the Collection offers: those matching `search` (any state), else the open ones."""
    args: dict[str, Any] = {"search": search} if search else {"active": True}
    rows: list[dict[str, Any]] = []
    while len(rows) < MAX_ROWS:
        args |= {"sort_by": "number", "descending": False, "limit": PAGE, "offset": len(rows)}
        page = await kit.read(request, "list_incidents", args)
        rows += page["records"]
        if not page["records"] or len(rows) >= page["total"]:
            break
    return rows


def matching(rows: list[dict[str, Any]], field: str, op: str, value: str) -> list[dict[str, Any]]:
    """The rows whose `field` (number or short_description; keywords: all) matches `value` by `op`
    (contains, starts, is), ignoring case."""
    if field not in ("number", "short_description") or not value:
        return rows
    want = value.lower()
    tests = {"starts": str.startswith, "is": str.__eq__}
    test = tests.get(op, str.__contains__)
    return [r for r in rows if test((r.get(field) or "").lower(), want)]


def build_problem_incidents_router(kit: UiKit) -> APIRouter:
    """GET /problems/{number}/incidents (the slushbucket), POST the same path (Save)."""
    router = APIRouter()

    async def page(
        request: Request,
        number: str,
        values: dict[str, str],
        error: str | None = None,
        status: int = 200,
    ) -> Response:
        d = await kit.read(request, "get_problem", {"problem_id": number})
        prb = d["problem"]
        if prb["state"] == CLOSED:
            return kit.error_page(request, f"{prb['number']} is Closed; its incidents cannot change.", 409)
        search = (values.get("search") or "").strip()
        linked = {i["number"] for i in d["incidents"]}
        pending = [n for n in pending_numbers(values.get("incidents")) if n not in linked]
        field = values.get("field") if values.get("field") in dict(FILTER_FIELDS) else "keywords"
        op = values.get("op") if values.get("op") in dict(FILTER_OPS) else "contains"
        offered = matching(await collection(kit, request, search), field, op, search)
        label = {r["number"]: r["short_description"] for r in offered}
        context = {
            "title": f"Edit Incidents · {prb['number']}",
            "p": prb,
            "search": search,
            "field": field,
            "op": op,
            "filter_fields": FILTER_FIELDS,
            "filter_ops": FILTER_OPS,
            "filter_label": f"{dict(FILTER_FIELDS)[field]} {dict(FILTER_OPS)[op]} {search}",
            "linked": d["incidents"],
            "pending": [(n, label.get(n, "")) for n in pending],
            "offered": [r for r in offered if r["number"] not in linked and r["number"] not in pending],
            "error": error,
        }
        return kit.render(request, "problem_incidents.html", context, status=status)

    @router.get("/problems/{number}/incidents", name="problem_incidents")
    async def show(request: Request, number: str) -> Response:
        return await page(request, number, dict(request.query_params))

    @router.post("/problems/{number}/incidents", name="problem_incidents_save")
    async def save(request: Request, number: str) -> Response:
        values, trace = await kit.form(request)
        d = await kit.read(request, "get_problem", {"problem_id": number})
        problem = d["problem"]["number"]
        linked = {i["number"] for i in d["incidents"]}
        added = [n for n in pending_numbers(values.get("incidents")) if n not in linked]
        steps = [Step("link_incident_to_problem", {"incident_id": n, "problem_id": problem}) for n in added]
        failed = await run_steps(kit, request, steps, trace)
        if failed is None:
            return kit.redirect(request, f"/problems/{problem}")
        message, _ = refusal(failed, LABELS, ALIASES)
        return await page(request, problem, values, message, 422)

    return router
