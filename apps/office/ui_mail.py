"""Mail pages: the ribbon, folder pane, message list, reading pane (with meeting responses, the inline
reply / forward under the message, and New mail written in it), the full-page compose (/mail/compose: a
message popped out, and the address tasks and oracles open)."""

from __future__ import annotations

from typing import Any
from zoneinfo import ZoneInfo

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from apps.core.ui_kit import UiKit
from apps.office.ui_mail_people import cloud_files, display_names, picked_addresses, reply_recipients
from apps.office.ui_submit import submit

RESPONSES = ("reply", "replyall", "forward")  # what the reading pane opens inline under the message


async def user_zone(kit: UiKit, request: Request) -> ZoneInfo:
    """The signed-in user's time zone (their mailbox setting, as the calendar reads it): every mail time is
    shown on its clock."""
    return ZoneInfo((await kit.read(request, "get_my_profile")).get("time_zone") or "UTC")


async def compose_context(
    kit: UiKit, request: Request, original: dict[str, Any] | None, mode: str, values: dict[str, str]
) -> dict[str, Any]:
    """What a compose form (full page or inline) draws: whom a reply goes to, the Cc picker's start (the
    reply's default Cc), the files Attach file offers, the mailbox it is sent from (From).

    Args:
        original: the message answered or forwarded (None for New mail).
        mode: new, reply, replyall or forward.
        values: the form's values so far (a refused send's, to show again).
    """
    reply_to = None
    if original and mode in ("reply", "replyall"):
        reply_to = await reply_recipients(kit, request, original, mode)
        if "cc_picked" not in values:
            values = {**values, "cc_picked": ";".join(reply_to["cc"])}
    return {
        "original": original,
        "mode": mode,
        "values": values,
        "reply_to": reply_to,
        "cloud_files": await cloud_files(kit, request),
        "sender": await kit.read(request, "get_my_profile"),
    }


def build_mail_router(kit: UiKit) -> APIRouter:
    router = APIRouter()

    @router.get("/mail/people", name="people", include_in_schema=False)
    async def people(request: Request) -> Response:
        """The To/Cc people picker's suggestions as JSON: colleagues, then contacts, matching `q`."""
        text = (request.query_params.get("q") or "").strip()
        if len(text) < 2:
            return JSONResponse({"results": []})
        outcome = await kit.run(request, "find_people", {"query": text, "limit": 8})
        if not outcome.ok:
            return JSONResponse({"error": outcome.error, "results": []}, status_code=422)
        data = outcome.data()
        found = [(u["display_name"], u["mail"], u.get("job_title") or "") for u in data["colleagues"]]
        found += [
            (c["display_name"], c["email_address"], c.get("company_name") or "")
            for c in data["external_contacts"]
            if c.get("email_address")
        ]
        return JSONResponse({"results": [{"name": n, "address": a, "meta": m} for n, a, m in found]})

    @router.get("/mail", name="mail")
    async def mail(request: Request) -> Response:
        return await mail_page(request, dict(request.query_params), {}, None)

    async def mail_page(
        request: Request, q: dict[str, str], values: dict[str, str], error: str | None
    ) -> Response:
        """The mail page of `q` (folder, q: a search, id: the open message, compose: reply, replyall or
        forward opened inline under it, sent: the message just sent from there), with `values` (a refused
        inline send's) and its `error`."""
        respond = q.get("compose") or ""
        folder, query, selected = q.get("folder", "inbox"), (q.get("q") or "").strip(), q.get("id")
        if selected:  # Outlook marks a message read when the reading pane shows it (before the counts)
            message = await kit.read(request, "get_message", {"message_id": selected})
            if not message["is_read"] and not error:
                await kit.run(request, "update_message", {"message_id": selected, "is_read": True})
                message["is_read"] = True
        folders = await kit.read(request, "list_mail_folders")
        list_error = None
        if query:
            outcome = await kit.run(request, "search_messages", {"query": query, "limit": 50})
            messages, list_error = (
                (outcome.data(), None) if outcome.ok else ({"records": [], "total": 0}, outcome.error)
            )
        else:
            messages = await kit.read(request, "list_messages", {"folder": folder, "limit": 50})
        message = message if selected else None
        categories = (await kit.read(request, "list_categories"))["records"] if message else []
        recipients = {"to": [], "cc": []}
        if message:
            names = await display_names(kit, request, message["to_recipients"] + message["cc_recipients"])
            recipients = {k: [names.get(a, a) for a in message[f"{k}_recipients"]] for k in ("to", "cc")}
        inline = {}
        if message and respond in RESPONSES and not message.get("is_draft"):
            inline = await compose_context(kit, request, message, respond, values)
        elif respond == "new":  # New mail opens in the reading pane (nothing else is shown there)
            message, inline = None, await compose_context(kit, request, None, "new", values)
        context = {
            "title": "Mail",
            "folders": folders["records"],
            "folder": folder,
            "query": query,
            "messages": messages,
            "message": message,
            "categories": categories,
            "recipients": recipients,
            "error": error or list_error,
            "inline": inline,
            "sent_id": q.get("sent"),
            "where": {"folder": folder, "q": query or None, "id": selected},
            "zone": await user_zone(kit, request),
        }
        return kit.render(request, "mail.html", context, status=422 if error else 200)

    @router.get("/mail/compose", name="compose")
    async def compose(request: Request) -> Response:
        q = request.query_params
        original, mode = None, q.get("mode", "new")
        if q.get("id"):
            original = await kit.read(request, "get_message", {"message_id": q["id"]})
        return await _compose(request, original, mode, {}, None)

    async def _compose(
        request: Request,
        original: dict[str, Any] | None,
        mode: str,
        values: dict[str, str],
        error: str | None,
    ) -> Response:
        context = {
            "title": "New message",
            "error": error,
            "zone": await user_zone(kit, request),
            **await compose_context(kit, request, original, mode, values),
        }
        return kit.render(request, "compose.html", context, status=422 if error else 200)

    @router.post("/mail/send", name="send")
    async def send(request: Request) -> Response:
        values, trace = await kit.form(request)
        mode, original = values.get("mode", "new"), values.get("original_id")
        if mode in ("reply", "replyall") and original:
            action, args = (
                "reply_to_message",
                {
                    "message_id": original,
                    "body": values.get("body", ""),
                    "reply_all": mode == "replyall",
                    "cc": picked_addresses(values, "cc"),  # the Cc picker, started with the default Cc
                    "bcc": picked_addresses(values, "bcc"),
                },
            )
        elif mode == "forward" and original:
            action, args = (
                "forward_message",
                {
                    "message_id": original,
                    "to": picked_addresses(values, "to"),
                    "cc": picked_addresses(values, "cc"),
                    "bcc": picked_addresses(values, "bcc"),
                    "comment": values.get("body", ""),
                },
            )
        else:
            action = "send_mail"
            args = {
                "to": picked_addresses(values, "to"),
                "cc": picked_addresses(values, "cc"),
                "bcc": picked_addresses(values, "bcc"),
                "subject": values.get("subject", ""),
                "body": values.get("body", ""),
            }
        if values.get("importance") in ("low", "high"):  # the Message tab's High / Low importance
            args["importance"] = values["importance"]
        outcome = await kit.run(request, action, args, trace)
        inline = values.get("inline") and ((original and mode in RESPONSES) or mode == "new")
        if outcome.ok and inline and mode != "new":  # Outlook stays on the message answered, the reply sent
            back = {"folder": values.get("folder") or "inbox", "q": values.get("q") or None}
            return kit.redirect(request, "/mail", **back, id=original, sent=outcome.data()["id"])
        if outcome.ok:
            return kit.redirect(request, "/mail", folder="sentitems", id=outcome.data()["id"])
        if inline:
            where = {
                "folder": values.get("folder") or "inbox",
                "q": values.get("q") or "",
                "id": original or "",
            }
            refused = outcome.error or "The message was not sent."
            return await mail_page(request, {**where, "compose": mode}, values, refused)
        shown = await kit.read(request, "get_message", {"message_id": original}) if original else None
        return await _compose(request, shown, mode, values, outcome.error or "The message was not sent.")

    @router.post("/mail/{message_id}/update", name="update_message")
    async def update(request: Request, message_id: str) -> Response:
        values, _ = await kit.form(request)
        args: dict = {"message_id": message_id}
        if "flag_status" in values:
            args["flag_status"] = values["flag_status"]
        if "is_read" in values:
            args["is_read"] = values["is_read"] == "true"
        # "Mark unread" leaves the reading pane, which would mark the message read again
        shown = None if args.get("is_read") is False else message_id
        return await submit(
            kit, request, "update_message", args, "/mail", folder=values.get("folder", "inbox"), id=shown
        )

    @router.post("/mail/{message_id}/categorize", name="categorize_message")
    async def categorize(request: Request, message_id: str) -> Response:
        """Outlook's Categorize menu: an entry toggles its category on the message, Clear empties the list."""
        values, _ = await kit.form(request)
        chosen: list[str] = []
        if "clear" not in values:
            current = (await kit.read(request, "get_message", {"message_id": message_id}))["categories"]
            name = values.get("category", "")
            chosen = [c for c in current if c != name] if name in current else [*current, name]
        return await submit(
            kit,
            request,
            "update_message",
            {"message_id": message_id, "categories": chosen},
            "/mail",
            folder=values.get("folder", "inbox"),
            id=message_id,
        )

    @router.post("/mail/{message_id}/delete", name="delete_message")
    async def delete(request: Request, message_id: str) -> Response:
        values, _ = await kit.form(request)
        return await submit(
            kit,
            request,
            "delete_message",
            {"message_id": message_id},
            "/mail",
            folder=values.get("folder", "inbox"),
        )

    @router.post("/mail/{message_id}/move", name="move_message")
    async def move(request: Request, message_id: str) -> Response:
        values, _ = await kit.form(request)
        args = {"message_id": message_id, "destination_folder": values.get("destination_folder", "archive")}
        return await submit(kit, request, "move_message", args, "/mail", folder=values.get("folder", "inbox"))

    @router.post("/mail/check", name="check_mail")
    async def check(request: Request) -> Response:
        values, _ = await kit.form(request)
        if values.get("minutes"):
            args = {"minutes": values["minutes"]}
            if values.get("full"):  # the "Let time pass" form: the whole time, not only until the first reply
                args["stop_at_first_reply"] = False
            return await submit(kit, request, "wait_for_replies", args, "/mail")
        return await submit(kit, request, "check_new_mail", {}, "/mail")

    return router
