"""Teams-like chat pages: teams and channels with threads, 1:1 and group chats."""

from __future__ import annotations

import json

from fastapi import APIRouter, Request
from fastapi.responses import Response
from markupsafe import Markup, escape

from apps.core.ui_kit import UiKit
from apps.office.ui_submit import submit


def with_mentions(body: str, mentioned: list[str], names: dict[str, str]) -> Markup:
    """The message text with each stored mention ("@Full Name") highlighted, the rest escaped."""
    html = str(escape(body))
    for user_id in mentioned:
        name = names.get(user_id)
        if name:
            tag = str(escape("@" + name))
            html = html.replace(tag, f'<span class="o-mention">{tag}</span>')
    return Markup(html)


def build_chat_router(kit: UiKit) -> APIRouter:
    router = APIRouter()

    @router.get("/chat", name="chat")
    async def chat(request: Request) -> Response:
        q = request.query_params
        teams = (await kit.read(request, "list_teams"))["records"]
        channels = {
            t["id"]: (await kit.read(request, "list_channels", {"team_id": t["id"]}))["records"]
            for t in teams
        }
        chats = (await kit.read(request, "list_chats"))["records"]
        messages, heading, target = None, None, None
        if q.get("channel"):
            messages = await kit.read(request, "list_channel_messages", {"channel_id": q["channel"]})
            heading = next(
                (c["display_name"] for cs in channels.values() for c in cs if c["id"] == q["channel"]),
                "Channel",
            )
            target = ("channel", q["channel"])
        elif q.get("chat"):
            messages = await kit.read(request, "list_chat_messages", {"chat_id": q["chat"]})
            found = next((c for c in chats if c["id"] == q["chat"]), None)
            heading = (found["topic"] or ", ".join(found["members"])) if found else "Chat"
            target = ("chat", q["chat"])
        members = []
        if target:
            members = (await kit.read(request, "list_conversation_members", {f"{target[0]}_id": target[1]}))[
                "records"
            ]
            names = {p["id"]: p["display_name"] for p in members}
            for msg in messages["records"]:
                msg["body_html"] = with_mentions(msg["body_content"], msg.get("mentions") or [], names)
        return kit.render(
            request,
            "chat.html",
            {
                "title": "Chat",
                "teams": teams,
                "channels": channels,
                "chats": chats,
                "messages": messages,
                "heading": heading,
                "target": target,
                "members": json.dumps(
                    [{"display_name": p["display_name"], "mail": p["mail"]} for p in members]
                ),
            },
        )

    @router.post("/chat/send", name="chat_send")
    async def send(request: Request) -> Response:
        values, _ = await kit.form(request)
        content = values.get("content", "")
        if values.get("chat_id"):
            return await submit(
                kit,
                request,
                "send_chat_message",
                {"chat_id": values["chat_id"], "content": content},
                "/chat",
                chat=values["chat_id"],
            )
        channel = values.get("channel_id", "")
        if values.get("reply_to_id"):
            args = {"channel_id": channel, "message_id": values["reply_to_id"], "content": content}
            return await submit(kit, request, "reply_to_channel_message", args, "/chat", channel=channel)
        return await submit(
            kit,
            request,
            "post_channel_message",
            {"channel_id": channel, "content": content},
            "/chat",
            channel=channel,
        )

    return router
