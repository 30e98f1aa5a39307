"""Graph's OneDrive, workbook and Teams chat resources: drive items (root children, by id, by path),
content download and upload, invite (share with people), createLink, a workbook's ranges, chats and
chat messages."""

from __future__ import annotations

import base64
import re
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from apps.office.graphapi import shapes
from apps.office.graphapi.common import body_of, collection, error, guard, json_response, page, run, select

RANGE = re.compile(r"^range\(address='([^']+)'\)$")
ROLES = {"read": "read", "write": "write", "edit": "write", "view": "read"}


async def _children(request: Request, folder_id: str | None) -> Response:
    data, failed = await run(request, "list_drive_items", {"folder_id": folder_id})
    if failed:
        return failed
    chunk, top, skip, total = page(request, [shapes.drive_item(i) for i in data["records"]])
    return json_response(collection(request, chunk, top=top, skip=skip, total=total, count=False))


async def _item(request: Request, item_id: str) -> tuple[dict | None, Response | None]:
    if item_id == "root":
        item_id, failed = await _root(request)
        if failed:
            return None, failed
    return await run(request, "get_drive_item", {"item_id": item_id})


async def _by_path(request: Request, path: str) -> tuple[dict | None, Response | None]:
    """Walk `a/b/c.txt` from the root of your drive, one folder listing at a time."""
    folder_id, found = None, None
    for name in [p for p in path.split("/") if p]:
        data, failed = await run(request, "list_drive_items", {"folder_id": folder_id})
        if failed:
            return None, failed
        found = next((i for i in data["records"] if i["name"].lower() == name.lower()), None)
        if found is None:
            return None, error("itemNotFound", f"The resource could not be found: {path}")
        folder_id = found["id"]
    return (found, None) if found else await _item(request, (await _root(request))[0])


async def _root(request: Request) -> tuple[str, Response | None]:
    data, failed = await run(request, "list_drive_items", {})
    return (data or {}).get("folder_id") or "", failed


async def drive(request: Request) -> Response:
    root, failed = await _root(request)
    profile, failed2 = await run(request, "get_my_profile", {})
    if failed or failed2:
        return failed or failed2
    owner = {"user": {"id": profile["id"], "displayName": profile["display_name"], "email": profile["mail"]}}
    return json_response({"id": root, "driveType": "business", "owner": owner})


async def root_children(request: Request) -> Response:
    return await _children(request, None)


async def root_item(request: Request) -> Response:
    found, failed = await _item(request, "root")
    return failed or json_response(select([shapes.drive_item(found)], request)[0])


async def item(request: Request) -> Response:
    item_id, tail = request.path_params["item_id"], request.path_params.get("tail", "")
    if request.method == "DELETE" and not tail:
        _, failed = await run(request, "delete_drive_item", {"item_id": item_id})
        return failed or Response(status_code=204)
    if tail == "children":
        return await _children(request, None if item_id == "root" else item_id)
    if tail == "content":
        return await _download(request, item_id)
    found, failed = await _item(request, item_id)
    return failed or json_response(select([shapes.drive_item(found)], request)[0])


async def by_path(request: Request) -> Response:
    path, _, tail = request.path_params["rest"].partition(":/")
    path = path.rstrip(":")
    if request.method == "PUT" and tail == "content":
        return await _upload(request, path)
    found, failed = await _by_path(request, path)
    if failed:
        return failed
    if tail == "children":
        return await _children(request, found["id"])
    if tail == "content":
        return await _download(request, found["id"])
    return json_response(select([shapes.drive_item(found)], request)[0])


async def _download(request: Request, item_id: str) -> Response:
    found, failed = await _item(request, item_id)
    if failed:
        return failed
    if found["kind"] in ("workbook", "document"):
        exported, failed = await run(request, f"export_{found['kind']}", {"item_id": item_id})
        if failed:
            return failed
        return Response(base64.b64decode(exported["content_base64"]), media_type=exported["content_type"])
    if found["kind"] == "folder":
        return error("notSupported", "A folder has no content to download.", 400)
    return Response(
        (found.get("content_text") or "").encode(), media_type=found.get("mime_type") or "text/plain"
    )


async def _upload(request: Request, path: str) -> Response:
    folder, _, name = path.rstrip("/").rpartition("/")
    parent_id = None
    if folder:
        parent, failed = await _by_path(request, folder)
        if failed:
            return failed
        parent_id = parent["id"]
    try:
        text = (await request.body()).decode("utf-8")
    except UnicodeDecodeError:
        return error(
            "notSupported",
            "Only text content can be uploaded here; create Word and Excel files with their tools.",
            400,
        )
    made, failed = await run(request, "create_file", {"name": name, "content": text, "parent_id": parent_id})
    return failed or json_response(shapes.drive_item(made), 201)


async def upload_into(request: Request) -> Response:
    """PUT /drive/items/{parent-id}:/{filename}:/content."""
    parent_id, rest = request.path_params["item_id"], request.path_params["rest"]
    name = rest.removesuffix(":/content").strip("/")
    try:
        text = (await request.body()).decode("utf-8")
    except UnicodeDecodeError:
        return error("notSupported", "Only text content can be uploaded here.", 400)
    made, failed = await run(request, "create_file", {"name": name, "content": text, "parent_id": parent_id})
    return failed or json_response(shapes.drive_item(made), 201)


async def action(request: Request) -> Response:
    item_id, verb = request.path_params["item_id"], request.path_params["verb"]
    body, failed = await body_of(request)
    if failed:
        return failed
    if verb == "invite":
        role = ROLES.get(((body.get("roles") or ["read"])[0]), "read")
        made = []
        for r in body.get("recipients") or []:
            args: dict[str, Any] = {"item_id": item_id, "email": r.get("email", ""), "role": role}
            if body.get("message"):
                args["message"] = body["message"]
            permission, failed = await run(request, "share_drive_item", args)
            if failed:
                return failed
            made.append({"id": permission["id"], "roles": permission.get("roles") or [role],
                         "grantedTo": {"user": {"email": r.get("email")}}})  # fmt: skip
        return json_response({"value": made})
    if verb == "createLink":
        scope, kind = body.get("scope", "organization"), body.get("type", "view")
        if scope == "anonymous":
            return error("notSupported", "Anonymous sharing links are disabled for this organization.", 400)
        found, failed = await _item(request, item_id)
        if failed:
            return failed
        link = {"type": kind, "scope": scope, "webUrl": found.get("web_url")}
        return json_response({"id": f"link-{item_id}", "roles": [ROLES.get(kind, "read")], "link": link})
    return error("BadRequest", f"Resource not found for the segment '{verb}'.")


async def workbook(request: Request) -> Response:
    item_id, sheet, what = (request.path_params[k] for k in ("item_id", "sheet", "what"))
    if what == "usedRange":  # its address, then its values (get_range reads up to 30,000 cells)
        used, failed = await run(request, "get_used_range", {"item_id": item_id, "worksheet": sheet})
        if failed:
            return failed
        args = {"item_id": item_id, "address": used["address"].split("!")[-1], "worksheet": sheet}
        data, failed = await run(request, "get_range", args)
    else:
        m = RANGE.match(what)
        if not m:
            return error("BadRequest", f"Resource not found for the segment '{what}'.")
        if request.method == "PATCH":
            body, failed = await body_of(request)
            if failed:
                return failed
            start = m.group(1).split(":")[0]
            args = {
                "item_id": item_id,
                "start_address": start,
                "values": body.get("values") or [],
                "worksheet": sheet,
            }
            _, failed = await run(request, "update_range", args)
            if failed:
                return failed
        data, failed = await run(
            request, "get_range", {"item_id": item_id, "address": m.group(1), "worksheet": sheet}
        )
    if failed:
        return failed
    values = data.get("values") or []
    width = max((len(r) for r in values), default=0)
    address = f"{sheet}!{data.get('address', '')}"
    return json_response(
        {"address": address, "values": values, "rowCount": len(values), "columnCount": width}
    )


async def chats(request: Request) -> Response:
    data, failed = await run(request, "list_chats", {})
    if failed:
        return failed
    chunk, top, skip, total = page(request, [shapes.chat(c) for c in data["records"]])
    return json_response(collection(request, chunk, top=top, skip=skip, total=total, count=False))


async def chat_messages(request: Request) -> Response:
    chat_id = request.path_params["chat_id"]
    if request.method == "POST":
        body, failed = await body_of(request)
        if failed:
            return failed
        content = (body.get("body") or {}).get("content", "")
        made, failed = await run(request, "send_chat_message", {"chat_id": chat_id, "content": content})
        return failed or json_response(shapes.chat_message(made), 201)
    data, failed = await run(request, "list_chat_messages", {"chat_id": chat_id})
    if failed:
        return failed
    chunk, top, skip, total = page(request, [shapes.chat_message(m) for m in data["records"]])
    return json_response(collection(request, chunk, top=top, skip=skip, total=total, count=False))


def drive_routes(d: str) -> list[Route]:
    """A drive's items under `d` (`/me/drive` or `/drives/{drive-id}`)."""
    return [
        Route(f"{d}/root", guard(root_item), methods=["GET"]),
        Route(f"{d}/root/children", guard(root_children), methods=["GET"]),
        Route(f"{d}/root:/{{rest:path}}", guard(by_path), methods=["GET", "PUT"]),
        Route(f"{d}/items/{{item_id}}:/{{rest:path}}", guard(upload_into), methods=["PUT"]),
        Route(
            f"{d}/items/{{item_id}}/workbook/worksheets/{{sheet}}/{{what}}",
            guard(workbook),
            methods=["GET", "PATCH"],
        ),
        Route(f"{d}/items/{{item_id}}", guard(item), methods=["GET", "DELETE"]),
        Route(f"{d}/items/{{item_id}}/{{tail}}", guard(item), methods=["GET"]),
        Route(f"{d}/items/{{item_id}}/{{verb}}", guard(action), methods=["POST"]),
    ]


def routes(user: str) -> list[Route]:
    return [
        Route(f"{user}/drive", guard(drive), methods=["GET"]),
        *drive_routes(f"{user}/drive"),
        Route(f"{user}/chats", guard(chats), methods=["GET"]),
        Route(f"{user}/chats/{{chat_id}}/messages", guard(chat_messages), methods=["GET", "POST"]),
    ]
