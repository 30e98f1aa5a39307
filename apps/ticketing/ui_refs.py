"""Suggestions for the reference fields' type-ahead (ServiceNow's reference auto-complete): GET
/ref/<table>?q=... answers JSON [{value, label, detail}], at most 10, from the same list actions MCP
and the CLI use. An assignee's suggestions are the members of the group named by `group`."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from apps.core.runtime import Outcome
from apps.core.ui_kit import UiKit

LIMIT = 10


def _matches(records: list[dict[str, Any]], q: str, keys: tuple[str, ...]) -> list[dict[str, Any]]:
    q = q.strip().lower()
    return [r for r in records if not q or any(q in (r.get(k) or "").lower() for k in keys)]


def build_ref_router(kit: UiKit) -> APIRouter:
    router = APIRouter()

    @router.get("/ref/{table}", include_in_schema=False)
    async def suggest(request: Request, table: str) -> Response:
        q, group = request.query_params.get("q", ""), request.query_params.get("group", "").strip()
        if table == "user":
            if group:
                outcome: Outcome = await kit.run(request, "get_group_members", {"group": group})
                records = (
                    _matches(outcome.data()["records"], q, ("name", "user_name", "email"))
                    if outcome.ok
                    else []
                )
            else:
                records = (await kit.read(request, "list_users", {"search": q, "limit": LIMIT}))["records"]
            rows = [{"value": r["name"], "label": r["name"], "detail": r.get("email")} for r in records]
        elif table == "group":
            records = _matches((await kit.read(request, "list_groups"))["records"], q, ("name",))
            rows = [{"value": r["name"], "label": r["name"], "detail": None} for r in records]
        elif table == "ci":
            data = await kit.read(request, "list_configuration_items", {"search": q, "limit": LIMIT})
            rows = [
                {"value": r["name"], "label": r["name"], "detail": r.get("class_label")}
                for r in data["records"]
            ]
        else:
            return JSONResponse(
                {"error": f"no reference table {table!r}; use user, group or ci"}, status_code=404
            )
        return JSONResponse(rows[:LIMIT])

    return router
