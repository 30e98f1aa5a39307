"""The suite header's tools on the right of every office page, as Microsoft 365 shows them: Meet now,
Notifications, Settings and Help. Each button opens a small pane (suite_tools.html); Notifications and
Settings load theirs when opened (`/suite/{pane}`), from the same read actions the MCP tools offer, so a
page's render reads nothing extra."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from apps.core.ui_dates import clock_12h
from apps.core.ui_kit import UiKit

REMINDER_WINDOW = timedelta(hours=24)  # Outlook's reminders: meetings starting within this long from now
HELP = {  # the Help pane's topics per product: (question, answer) that hold in this environment
    "Outlook": (
        ("Write a message", "Select New mail, add people in To and Cc, then Send."),
        ("Find a message", "Type in Search at the top; results replace the message list."),
        ("Schedule a meeting", "In Calendar, select New event; the Scheduling Assistant shows who is free."),
        ("Answer an invitation", "Open the event and choose Accept, Tentative or Decline."),
    ),
    "OneDrive": (
        ("Find a file", "Type in Search at the top of My files."),
        ("Share a file", "Select the file's Share command and add people."),
        ("Organise files", "Use New folder, Move to, Rename and Delete on a file's menu."),
    ),
    "Teams": (
        ("Start a chat", "Select New chat, add people in To and write the first message."),
        ("Post in a channel", "Open the channel under its team and write in the box at the bottom."),
    ),
}
DEFAULT_HELP = (
    ("Open a file", "Files lists your documents, workbooks and presentations; select one to open it."),
    ("Save", "Your changes are saved as you make them."),
)


def help_topics(product: str) -> tuple[tuple[str, str], ...]:
    """The Help pane's topics for `product` (Outlook, OneDrive, Teams; Word, Excel, PowerPoint share the
    files' topics)."""
    return HELP.get(product, DEFAULT_HELP)


def reminders(events: list[dict[str, Any]], now: datetime, tz: ZoneInfo) -> list[dict[str, str]]:
    """Notifications for meetings that start within the reminder window: subject, local start, its link.

    events: list_events records (start_date_time in UTC).
    now: the episode's time.
    tz: the viewer's zone, for the start's clock.
    """
    out = []
    for ev in sorted(events, key=lambda e: e["start_date_time"]):
        start = datetime.fromisoformat(ev["start_date_time"].replace("Z", "+00:00"))
        if start < now or ev.get("is_cancelled"):
            continue
        local = start.astimezone(tz)
        day = "Today" if local.date() == now.astimezone(tz).date() else f"{local:%a}"
        out.append({"id": ev["id"], "subject": ev["subject"], "when": f"{day} {clock_12h(local)}"})
    return out


def build_suite_router(kit: UiKit) -> APIRouter:
    router = APIRouter()

    def fragment(request: Request, name: str, context: dict[str, Any]) -> HTMLResponse:
        link = lambda path, **q: kit.url(request, path, **q)  # noqa: E731
        html = kit.env.get_template("suite_panes.html").render(pane=name, u=link, **context)
        return HTMLResponse(html)

    @router.get("/suite/notifications", name="suite_notifications")
    async def notifications(request: Request) -> Response:
        me = await kit.read(request, "get_my_profile")
        tz = ZoneInfo(me["time_zone"])
        now = await kit.now(request)
        window = {"start": now.isoformat(), "end": (now + REMINDER_WINDOW).isoformat()}
        events = (await kit.read(request, "list_events", window))["records"]
        return fragment(request, "notifications", {"items": reminders(events, now, tz)})

    @router.get("/suite/settings", name="suite_settings")
    async def settings(request: Request) -> Response:
        me = await kit.read(request, "get_my_profile")
        return fragment(request, "settings", {"me": me})

    return router
