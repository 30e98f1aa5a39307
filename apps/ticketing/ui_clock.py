"""The simulation strip's "Wait a custom time" page on the desk (the strip links it; no navigator module
does): the episode's logical time now, and a form that lets hours and minutes pass and runs the scheduled
jobs — the same `advance_time` action as the MCP tool and the CLI command. After the wait the page lists
what came due: the callers who wrote back and the approvals decided (links to their records), the
incidents closed and how many SLAs breached. A refused wait (none, not a number, more than 30 days) is
shown at the form with a 422 and changes nothing."""

from __future__ import annotations

import re

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.ticketing.ui_dates import sn_datetime

PATH = "/clock"
LISTS = (  # ClockResult list field -> (query key, what the page calls it)
    ("caller_replies", "replies", "Callers who wrote back"),
    ("approvals_decided", "decided", "Approvals decided"),
    ("incidents_closed", "closed", "Incidents closed"),
)
NUMBER = re.compile(r"^[A-Z]{2,4}[0-9]{7}$")  # a record number the page may link to


def build_clock_router(kit: UiKit) -> APIRouter:
    router = APIRouter()

    async def page(
        request: Request, values: dict[str, str] | None = None, error: str | None = None, status: int = 200
    ) -> Response:
        q = request.query_params
        waited = q.get("waited", "")
        lists = [(label, _numbers(q.get(key, ""))) for _, key, label in LISTS]
        return kit.render(
            request,
            "sn_clock.html",
            {
                "title": "Let time pass",
                "now": sn_datetime(await kit.now(request)),
                "values": values or {"hours": "24", "minutes": "0"},
                "waited": _duration(int(waited)) if waited.isdigit() and not error else None,
                "lists": lists,
                "breached": q.get("breached", "0") if q.get("breached", "").isdigit() else "0",
                "error": error,
            },
            status=status,
        )

    @router.get(PATH)
    async def show(request: Request) -> Response:
        return await page(request)

    @router.post(PATH, name="advance_time")
    async def advance(request: Request) -> Response:
        values, trace = await kit.form(request)
        args = {k: values[k].strip() or "0" for k in ("hours", "minutes") if k in values}
        outcome = await kit.run(request, "advance_time", args, trace)
        if not outcome.ok:
            return await page(request, values, error=outcome.error, status=422)
        r = outcome.data()
        query = {key: ",".join(r.get(field) or []) for field, key, _ in LISTS}
        return kit.redirect(request, PATH, waited=r["waited_seconds"], breached=r["slas_breached"], **query)

    return router


def _numbers(raw: str) -> list[str]:
    """The record numbers of a comma-joined list carried in the redirect (anything else dropped)."""
    return [n for n in raw.split(",") if NUMBER.match(n)]


def _duration(seconds: int) -> str:
    """ "1 day 2 hours 5 minutes" for a wait."""
    days, rest = divmod(seconds, 86400)
    parts = [(days, "day"), (rest // 3600, "hour"), (rest % 3600 // 60, "minute")]
    return " ".join(f"{n} {unit}{'s' if n != 1 else ''}" for n, unit in parts if n) or "0 minutes"
