"""Microsoft Graph v1.0 under `/v1.0/`, for `/me/…` and `/users/{your id or address}/…`, over the
office app's actions (surface `api`). The resources: `routes_mail.py` (user, messages, sendMail, mail
folders), `routes_calendar.py` (events, calendarView, invitations, findMeetingTimes) and
`routes_files.py` (drive items, content, invite, createLink, workbook ranges, chats). Errors are Graph's
body `{"error": {"code", "message", "innerError"}}` with its status; a path Graph has but this clone
does not is `BadRequest` "Resource not found for the segment …", as Graph answers an unknown segment."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route, Router

from apps.core.product_api import episode_of
from apps.office.graphapi import routes_calendar, routes_files, routes_mail
from apps.office.graphapi.common import error


async def not_found(request: Request) -> Response:
    if episode_of(request) is None:
        return error("InvalidAuthenticationToken", "Access token is empty.", 401)
    segment = request.url.path.rstrip("/").rsplit("/", 1)[-1]
    return error("BadRequest", f"Resource not found for the segment '{segment}'.")


def build() -> Router:
    routes: list[Route] = []
    for user in ("/v1.0/me", "/v1.0/users/{user}"):
        routes += routes_mail.routes(user) + routes_calendar.routes(user) + routes_files.routes(user)
    routes += routes_files.drive_routes("/v1.0/drives/{drive_id}")  # your own drive, by its id
    routes.append(Route("/{rest:path}", not_found, methods=["GET", "POST", "PATCH", "PUT", "DELETE"]))
    return Router(routes=routes, redirect_slashes=False)
