"""UI16's homepage (the ITIL / Service Desk homepage): a dashboard of widgets, each read through the
ticketing actions: score tiles (open incidents, mine, unassigned, critical, breached, my approvals) linking
to their lists, My Work (the open incidents assigned to me), open incidents by priority as bars, the
changes scheduled next and the approvals waiting for me."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.ticketing import choices as c

OPEN = [1, 2, 3]  # New, In Progress, On Hold
SCHEDULED = -2


async def _total(kit: UiKit, request: Request, action: str, args: dict[str, Any]) -> int:
    """How many records `action` finds with `args` (one row read, its total)."""
    return (await kit.read(request, action, {**args, "limit": 1}))["total"]


async def scores(kit: UiKit, request: Request) -> list[dict[str, Any]]:
    """The score tiles: (label, count, the list it opens).

    Args:
        kit: the desk's UI kit.
        request: the homepage's request (its episode).
    """
    tiles = (
        ("Open incidents", {"state": OPEN}, "/incidents?active=true"),
        (
            "Assigned to me",
            {"state": OPEN, "assigned_to_me": True},
            "/incidents?active=true&assigned_to_me=true",
        ),
        ("Open - Unassigned", {"state": OPEN, "unassigned": True}, "/incidents?active=true&unassigned=true"),
        ("Critical", {"state": OPEN, "priority": [1]}, "/incidents?active=true&priority=1"),
        ("SLA breached", {"state": OPEN, "sla_breached": True}, "/incidents?active=true&sla_breached=true"),
    )
    out = [
        {"label": label, "count": await _total(kit, request, "list_incidents", args), "href": href}
        for label, args, href in tiles
    ]
    approvals = await _total(kit, request, "list_approvals", {})
    out.append({"label": "My approvals", "count": approvals, "href": "/approvals"})
    return out


async def by_priority(kit: UiKit, request: Request) -> list[dict[str, Any]]:
    """Open incidents per priority, each with its share of the largest (for the bar's length).

    Args:
        kit: the desk's UI kit.
        request: the homepage's request.
    """
    rows = [
        {
            "label": label,
            "priority": p,
            "count": await _total(kit, request, "list_incidents", {"state": OPEN, "priority": [p]}),
        }
        for p, label in c.PRIORITIES.items()
    ]
    top = max((r["count"] for r in rows), default=0) or 1
    return [{**r, "share": round(100 * r["count"] / top)} for r in rows]


def build_home_router(kit: UiKit) -> APIRouter:
    """GET /home: the homepage."""
    router = APIRouter()

    @router.get("/home")
    async def home(request: Request) -> Response:
        mine = await kit.read(
            request,
            "list_incidents",
            {"state": OPEN, "assigned_to_me": True, "sort_by": "priority", "descending": False, "limit": 6},
        )
        changes = await kit.read(
            request,
            "list_changes",
            {"state": [SCHEDULED], "sort_by": "start_date", "descending": False, "limit": 5},
        )
        approvals = await kit.read(request, "list_approvals", {"limit": 5})
        context = {
            "title": "Service Desk Homepage",
            "scores": await scores(kit, request),
            "priorities": await by_priority(kit, request),
            "mine": mine,
            "changes": changes,
            "approvals": approvals,
        }
        return kit.render(request, "sn_home.html", context)

    return router
