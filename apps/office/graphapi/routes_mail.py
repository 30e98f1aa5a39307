"""Graph's mail resources: the signed-in user, messages (OData query options), sendMail, reply,
replyAll, forward, move, update and delete, and mail folders."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from apps.office.graphapi import shapes
from apps.office.graphapi.common import (
    body_of,
    collection,
    error,
    guard,
    json_response,
    odata_int,
    run,
    select,
)

FLAGS = {"notFlagged", "flagged", "complete"}


def _addresses(items: Any) -> list[str]:
    return [
        r["emailAddress"]["address"] for r in items or [] if isinstance(r, dict) and r.get("emailAddress")
    ]


async def me(request: Request) -> Response:
    profile, failed = await run(request, "get_my_profile", {})
    return failed or json_response(select([shapes.user(profile)], request)[0])


async def messages(request: Request) -> Response:
    q = request.query_params
    top, skip = odata_int(request, "$top", 10), odata_int(request, "$skip", 0)
    if top is None or skip is None or not 1 <= top <= 1000:
        return error("BadRequest", "$top and $skip take whole numbers ($top 1-1000)")
    args = {"filter": q.get("$filter", ""), "orderby": q.get("$orderby", ""), "search": q.get("$search", "")}
    args |= {"top": top, "skip": skip, "count": True}
    if "folder" in request.path_params:
        args["folder"] = request.path_params["folder"]
    data, failed = await run(request, "graph_list_messages", args)
    if failed:
        return failed
    wants_count = q.get("$count", "false").lower() == "true"
    return json_response(
        collection(request, data["value"], top=top, skip=skip, total=data["count"], count=wants_count)
    )


async def message(request: Request) -> Response:
    message_id = request.path_params["message_id"]
    if request.method == "DELETE":
        _, failed = await run(request, "delete_message", {"message_id": message_id})
        return failed or Response(status_code=204)
    if request.method == "PATCH":
        body, failed = await body_of(request)
        if failed:
            return failed
        args: dict[str, Any] = {"message_id": message_id}
        if "isRead" in body:
            args["is_read"] = body["isRead"]
        if isinstance(body.get("flag"), dict) and body["flag"].get("flagStatus") in FLAGS:
            args["flag_status"] = body["flag"]["flagStatus"]
        for key, arg in (("categories", "categories"), ("importance", "importance")):
            if key in body:
                args[arg] = body[key]
        _, failed = await run(request, "update_message", args)
        if failed:
            return failed
    data, failed = await run(request, "graph_get_message", {"message_id": message_id})
    return failed or json_response(select([data], request)[0])


async def send_mail(request: Request) -> Response:
    body, failed = await body_of(request)
    if failed:
        return failed
    msg = body.get("message") or {}
    content = (msg.get("body") or {}).get("content", "")
    args = {"to": _addresses(msg.get("toRecipients")), "subject": msg.get("subject", ""), "body": content}
    if msg.get("ccRecipients"):
        args["cc"] = _addresses(msg["ccRecipients"])
    if msg.get("bccRecipients"):
        args["bcc"] = _addresses(msg["bccRecipients"])
    if msg.get("importance"):
        args["importance"] = str(msg["importance"]).lower()
    _, failed = await run(request, "send_mail", args)
    return failed or Response(status_code=202)


async def respond(request: Request) -> Response:
    """reply, replyAll, forward and move of one message."""
    message_id, verb = request.path_params["message_id"], request.path_params["verb"]
    body, failed = await body_of(request)
    if failed:
        return failed
    comment = body.get("comment") or ((body.get("message") or {}).get("body") or {}).get("content", "")
    importance = str((body.get("message") or {}).get("importance") or "").lower()
    chosen = {"importance": importance} if importance else {}  # the message's importance, as Graph sets it
    if verb in ("reply", "replyAll"):
        args = {"message_id": message_id, "body": comment, "reply_all": verb == "replyAll", **chosen}
        message = body.get("message") or {}
        for prop, arg in (("toRecipients", "to"), ("ccRecipients", "cc"), ("bccRecipients", "bcc")):
            if message.get(prop) is not None:  # the reply's whole To, Cc or Bcc line, as Graph writes it
                args[arg] = _addresses(message[prop])
        _, failed = await run(request, "reply_to_message", args)
        return failed or Response(status_code=202)
    if verb == "forward":
        message = body.get("message") or {}
        to = _addresses(body.get("toRecipients") or message.get("toRecipients"))
        args = {"message_id": message_id, "to": to, "comment": comment, **chosen}
        for prop, arg in (("ccRecipients", "cc"), ("bccRecipients", "bcc")):
            if message.get(prop):
                args[arg] = _addresses(message[prop])
        _, failed = await run(request, "forward_message", args)
        return failed or Response(status_code=202)
    if verb in ("move", "copy") and verb == "move":
        args = {"message_id": message_id, "destination_folder": body.get("destinationId", "")}
        moved, failed = await run(request, "move_message", args)
        if failed:
            return failed
        data, failed = await run(request, "graph_get_message", {"message_id": moved["id"]})
        return failed or json_response(data, 201)
    return error("BadRequest", f"Resource not found for the segment '{verb}'.")


async def folders(request: Request) -> Response:
    data, failed = await run(request, "list_mail_folders", {})
    if failed:
        return failed
    items = [shapes.folder(f) for f in data["records"]]
    wanted = request.path_params.get("folder")
    if wanted is None:
        return json_response(
            collection(request, items, top=len(items), skip=0, total=len(items), count=False)
        )
    found = next(
        (
            f
            for f in items
            if wanted in (f["id"], f.get("wellKnownName")) or wanted.lower() == f["displayName"].lower()
        ),
        None,
    )
    return (
        json_response(found)
        if found
        else error("ErrorItemNotFound", f"The specified folder {wanted!r} could not be found in the store.")
    )


def routes(user: str) -> list[Route]:
    return [
        Route(user, guard(me), methods=["GET"]),
        Route(f"{user}/messages", guard(messages), methods=["GET"]),
        Route(f"{user}/mailFolders/{{folder}}/messages", guard(messages), methods=["GET"]),
        Route(f"{user}/messages/{{message_id}}", guard(message), methods=["GET", "PATCH", "DELETE"]),
        Route(f"{user}/messages/{{message_id}}/{{verb}}", guard(respond), methods=["POST"]),
        Route(f"{user}/sendMail", guard(send_mail), methods=["POST"]),
        Route(f"{user}/mailFolders", guard(folders), methods=["GET"]),
        Route(f"{user}/mailFolders/{{folder}}", guard(folders), methods=["GET"]),
    ]
