"""UI16's homepages: a title bar (the homepage's name, the "Switch to page..." chooser among the homepages,
Add content and the layout control), then report gauges in columns, every figure read through the ticketing
actions: single scores (open incidents, mine, unassigned, critical, breached, my approvals) linking to their
lists, list gauges (My Work, unassigned incidents, critical incidents, scheduled changes, my approvals) with
View all, open incidents by priority as a pie with its legend and by category as bars."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.ticketing import choices as c
from apps.ticketing.ui_charts import bars, pie

OPEN = [1, 2, 3]  # New, In Progress, On Hold
SCHEDULED = -2
LIST_ROWS = 5

# homepage key -> (its name, its gauges in order); the first is the desk's default
HOMEPAGES: dict[str, tuple[str, tuple[str, ...]]] = {
    "service_desk": (
        "Service Desk Homepage",
        ("scores", "mine", "by_priority", "unassigned", "by_category", "changes", "approvals"),
    ),
    "itil": ("ITIL Homepage", ("critical", "by_priority", "by_category", "unassigned", "changes")),
    "my_work": ("My Work", ("mine", "approvals", "changes")),
}
# gauge key -> its title (the widget's header, its region's name)
GAUGES = {
    "scores": "Incidents at a glance",
    "mine": "My Work",
    "by_priority": "Open Incidents by Priority",
    "by_category": "Open Incidents by Category",
    "unassigned": "Open Unassigned Incidents",
    "critical": "Critical and High Priority Incidents",
    "changes": "Scheduled Changes",
    "approvals": "My Approvals",
}


async def _total(kit: UiKit, request: Request, action: str, args: dict[str, Any]) -> int:
    """How many records `action` finds with `args` (one row read, its total)."""
    return (await kit.read(request, action, {**args, "limit": 1}))["total"]


async def scores(kit: UiKit, request: Request) -> list[dict[str, Any]]:
    """The single scores: (label, count, the list it opens).

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


async def _open_by(kit: UiKit, request: Request, field: str, labels: dict[Any, str]) -> list[dict[str, Any]]:
    """Open incidents counted per value of `field` (label, the list's filter args, count), in `labels`' order.

    Args:
        kit: the desk's UI kit.
        request: the homepage's request (its episode).
        field: priority (its filter takes a list) or category.
        labels: each value's label.
    """
    out = []
    for value, label in labels.items():
        arg = [value] if field == "priority" else value
        count = await _total(kit, request, "list_incidents", {"state": OPEN, field: arg})
        out.append({"label": label, "args": {field: value}, "count": count})
    return out


async def by_priority(kit: UiKit, request: Request) -> list[dict[str, Any]]:
    """Open incidents per priority as pie slices (label, count, colour, share, path).

    Args:
        kit: the desk's UI kit.
        request: the homepage's request.
    """
    return pie(await _open_by(kit, request, "priority", c.PRIORITIES))


async def by_category(kit: UiKit, request: Request) -> dict[str, Any]:
    """Open incidents per category as a bar chart's layout (see ui_charts.bars).

    Args:
        kit: the desk's UI kit.
        request: the homepage's request.
    """
    labels = {key: label for key, (label, _) in c.CATEGORIES.items()}
    return bars(await _open_by(kit, request, "category", labels))


async def _incidents(kit: UiKit, request: Request, **args: Any) -> dict[str, Any]:
    """The open incidents matching `args`, most urgent first (a list gauge's first rows and total)."""
    query = {"state": OPEN, "sort_by": "priority", "descending": False, "limit": LIST_ROWS}
    return await kit.read(request, "list_incidents", {**query, **args})


async def gauge(kit: UiKit, request: Request, key: str) -> Any:
    """The data of one gauge.

    Args:
        kit: the desk's UI kit.
        request: the homepage's request.
        key: the gauge (a key of GAUGES).
    """
    if key == "scores":
        return await scores(kit, request)
    if key == "by_priority":
        return await by_priority(kit, request)
    if key == "by_category":
        return await by_category(kit, request)
    if key == "mine":
        return await _incidents(kit, request, assigned_to_me=True)
    if key == "unassigned":
        return await _incidents(kit, request, unassigned=True)
    if key == "critical":
        return await _incidents(kit, request, priority=[1, 2])
    if key == "changes":
        args = {"state": [SCHEDULED], "sort_by": "start_date", "descending": False, "limit": LIST_ROWS}
        return await kit.read(request, "list_changes", args)
    return await kit.read(request, "list_approvals", {"limit": LIST_ROWS})


def build_home_router(kit: UiKit) -> APIRouter:
    """GET /home: the homepage (`?page=` another homepage of HOMEPAGES)."""
    router = APIRouter()

    @router.get("/home")
    async def home(request: Request, page: str = "") -> Response:
        key = page if page in HOMEPAGES else next(iter(HOMEPAGES))
        name, keys = HOMEPAGES[key]
        gauges = [{"key": g, "title": GAUGES[g], "data": await gauge(kit, request, g)} for g in keys]
        context = {
            "title": name,
            "homepage": key,
            "homepages": {k: v[0] for k, v in HOMEPAGES.items()},
            "gauges": gauges,
            "open_states": OPEN,
        }
        return kit.render(request, "sn_home.html", context)

    return router
