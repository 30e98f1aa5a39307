"""Suggestions for the reference fields' type-ahead and lookup list (ServiceNow's reference auto-complete
and magnifier): GET /ref/<table>?q=... answers JSON [{value, label, detail}], at most 10, from the same list
actions MCP and the CLI use; an assignee's suggestions are the members of the group named by `group`. The
(i) preview: GET /ref/<table>/preview?value=<display name> answers {title, fields: [[label, text]]} of the
record of that name (404 when none has it)."""

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

    @router.get("/ref/{table}/preview", include_in_schema=False)
    async def preview(request: Request, table: str) -> Response:
        name = request.query_params.get("value", "").strip()
        found: dict[str, Any] | None = None
        if table == "user" and name:
            records = (await kit.read(request, "list_users", {"search": name, "limit": LIMIT}))["records"]
            r = next((x for x in records if x["name"].lower() == name.lower()), None)
            fields = ("Name", "name"), ("Email", "email"), ("Department", "department"), ("Title", "title")
            found = r and {"title": r["name"], "fields": [(k, r.get(f) or "") for k, f in fields]}
        elif table == "group" and name:
            records = (await kit.read(request, "list_groups"))["records"]
            r = next((x for x in records if x["name"].lower() == name.lower()), None)
            fields = ("Name", "name"), ("Manager", "manager_name"), ("Email", "email"), ("Type", "type")
            found = r and {"title": r["name"], "fields": [(k, r.get(f) or "") for k, f in fields]}
        elif table == "ci" and name:
            data = await kit.read(request, "list_configuration_items", {"search": name, "limit": LIMIT})
            r = next((x for x in data["records"] if x["name"].lower() == name.lower()), None)
            fields = ("Name", "name"), ("Class", "class_label"), ("Status", "operational_status_label")
            found = r and {"title": r["name"], "fields": [(k, r.get(f) or "") for k, f in fields]}
        if not found:
            return JSONResponse({"error": f"No {table} record named {name!r}."}, status_code=404)
        found["fields"] = [[k, str(v)] for k, v in found["fields"] if v not in ("", None)]
        return JSONResponse(found)

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
