"""Teams-like chat pages: teams and channels with threads (each with its own Reply box), 1:1 and group
chats, and New chat (a To people picker and the first message)."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from markupsafe import Markup, escape

from apps.core.ui_kit import UiKit
from apps.office.chat_filters import CHAT_FILTERS, EMPTY, chosen_filter, filtered
from apps.office.chat_labels import reply_label
from apps.office.chat_presence import presences
from apps.office.chat_shared import shared_in
from apps.office.ui_dates import chat_list_time
from apps.office.ui_mail_people import display_names, picked_addresses
from apps.office.ui_submit import submit


def threads_of(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A channel's posts as Teams shows them: one card per thread, its root (oldest first) with `replies`
    under it; a reply whose root is not among `messages` (older than the page) keeps a card of its own,
    without a Reply of its own (`orphan`)."""
    roots: dict[str, dict[str, Any]] = {}
    cards: list[dict[str, Any]] = []
    for msg in messages:
        root = roots.get(msg.get("reply_to_id") or "")
        if root is not None:
            root["replies"].append(msg)
            continue
        card = {**msg, "replies": [], "orphan": bool(msg.get("reply_to_id"))}
        roots[msg["id"]] = card
        cards.append(card)
    return cards


def with_mentions(body: str, mentioned: list[str], names: dict[str, str]) -> Markup:
    """The message text with each stored mention ("@Full Name") highlighted, the rest escaped."""
    html = str(escape(body))
    for user_id in mentioned:
        name = names.get(user_id)
        if name:
            tag = str(escape("@" + name))
            html = html.replace(tag, f'<span class="o-mention">{tag}</span>')
    return Markup(html)


async def _conversation(kit: UiKit, request: Request, q: Any, channels: dict, chats: list) -> dict[str, Any]:
    """The open channel or chat: its messages (mentions highlighted, threads' reply labels), heading,
    target ("channel"|"chat", id), a channel's team id and its posts as `threads`, and the members; empty
    when none is open."""
    if q.get("channel"):
        messages = await kit.read(request, "list_channel_messages", {"channel_id": q["channel"]})
        heading = next(
            (c["display_name"] for cs in channels.values() for c in cs if c["id"] == q["channel"]),
            "Channel",
        )
        team = next((t for t, cs in channels.items() if any(c["id"] == q["channel"] for c in cs)), None)
        target = ("channel", q["channel"])
    elif q.get("chat"):
        messages = await kit.read(request, "list_chat_messages", {"chat_id": q["chat"]})
        found = next((c for c in chats if c["id"] == q["chat"]), None)
        heading = found["label"] if found else "Chat"
        team = None
        target = ("chat", q["chat"])
    else:
        return {"messages": None, "heading": None, "target": None, "members": "[]", "shared": {}}
    scope = {f"{target[0]}_id": target[1]}
    members = (await kit.read(request, "list_conversation_members", scope))["records"]
    names = {p["id"]: p["display_name"] for p in members}
    for msg in messages["records"]:
        msg["body_html"] = with_mentions(msg["body_content"], msg.get("mentions") or [], names)
        msg["reply_label"] = reply_label(msg["from_name"], msg["body_content"])
    people = [{"display_name": p["display_name"], "mail": p["mail"]} for p in members]
    person = found["others"][0] if target[0] == "chat" and found and found["others"] else None
    return {
        "messages": messages,
        "heading": heading,
        "heading_person": person,
        "heading_presence": found.get("presence") if target[0] == "chat" and found else None,
        "target": target,
        "team_id": team,
        "threads": threads_of(messages["records"]) if target[0] == "channel" else [],
        "members": json.dumps(people),
        "shared": await shared_in(kit, request, messages["records"]),
    }


async def named_chats(kit: UiKit, request: Request) -> tuple[list[dict[str, Any]], str]:
    """Your chats, each with `others` (the other members by name), `label` (its topic, or the others' names
    as Teams names a chat: one person's full name, a group's first names) and a 1:1 chat's `presence` (the
    other person's, chat_presence.py); and your own name."""
    me = await kit.read(request, "get_my_profile")
    chats = (await kit.read(request, "list_chats"))["records"]
    addresses = [a for c in chats for a in c["members"] if a.lower() != me["mail"].lower()]
    names = await display_names(kit, request, addresses, limit=60)
    alone = [c for c in chats if not c["topic"] and len(c["members"]) == 2]  # a 1:1 chat shows presence
    mine = me["mail"].lower()
    present = await presences(kit, request, [a for c in alone for a in c["members"] if a.lower() != mine])
    for c in chats:
        others = [names.get(a, a) for a in c["members"] if a.lower() != me["mail"].lower()]
        c["others"] = others
        other = [a.lower() for a in c["members"] if a.lower() != mine]
        c["presence"] = present.get(other[0]) if c in alone and other else None
        firsts = ", ".join(n.split()[0] if "@" not in n else n for n in others)
        c["label"] = c["topic"] or (others[0] if len(others) == 1 else firsts) or me["display_name"]
    return chats, me["display_name"]


async def with_previews(kit: UiKit, request: Request, chats: list[dict[str, Any]], me_name: str) -> None:
    """Each chat's row as Teams' chat list shows it: `preview` (the last message, "You: " before your own),
    `when` (its time: today's clock, else month/day) and `unread` (its last message is someone else's)."""
    now = await kit.now(request)
    for c in chats:
        last = (await kit.read(request, "list_chat_messages", {"chat_id": c["id"], "limit": 1}))["records"]
        msg = last[-1] if last else None
        c["preview"] = ""
        c["when"] = ""
        c["unread"] = False
        c["last_at"] = ""
        if msg:
            mine = msg.get("from_name") == me_name
            text = " ".join(msg["body_content"].split())
            c["preview"] = f"You: {text}" if mine else text
            c["when"] = chat_list_time(msg.get("created_date_time"), now)
            c["unread"] = not mine
            c["last_at"] = str(msg.get("created_date_time") or "")


def opened(q: Any, chats: list[dict[str, Any]]) -> dict[str, str]:
    """What the page opens: the query's chat or channel; with neither (Chat itself, not a search), the chat
    with the latest message, as Teams lands on it.

    Args:
        q: the page's query.
        chats: your chats, each with `last_at` (its last message's time, "" when it has none).
    """
    shown = dict(q)
    if not (shown.get("chat") or shown.get("channel") or shown.get("q")):
        latest = max(chats, key=lambda c: c["last_at"], default=None)
        if latest is not None and latest["last_at"]:
            shown["chat"] = latest["id"]
    return shown


async def _page(
    kit: UiKit, request: Request, values: dict[str, str] | None = None, error: str | None = None
) -> Response:
    q = request.query_params
    teams = (await kit.read(request, "list_teams"))["records"]
    channels = {
        t["id"]: (await kit.read(request, "list_channels", {"team_id": t["id"]}))["records"] for t in teams
    }
    chats, me_name = await named_chats(kit, request)
    await with_previews(kit, request, chats, me_name)
    chats.sort(key=lambda c: c["last_at"], reverse=True)  # Teams lists chats by their latest message
    found = (q.get("q") or "").strip().lower()
    if found:  # the title bar's Search: the chats and channels whose name has the text
        chats = [c for c in chats if found in c["label"].lower()]
        channels = {t: [c for c in cs if found in c["display_name"].lower()] for t, cs in channels.items()}
    new = values is not None or bool(q.get("new"))
    chosen = chosen_filter(q.get("filter"))
    shown = {} if new else opened(q, chats)
    empty = filtered(chats, channels, chosen, shown.get("chat") or shown.get("channel"))
    context = {
        "chat_filters": CHAT_FILTERS,
        "chat_filter": chosen,
        "filter_words": EMPTY,
        "filter_empty": empty,
        "keep_filter": {"filter": chosen} if chosen else {},
        "title": "New chat" if new else "Chat",
        "teams": teams,
        "channels": channels,
        "chats": chats,
        "me_name": me_name,
        "new_chat": new,
        "values": values or {"to_picked": q.get("to_picked", "")},  # Chat with participants: prefilled
        "error": error,
        **({} if new else await _conversation(kit, request, shown, channels, chats)),
    }
    return kit.render(request, "chat.html", context, status=422 if error else 200)


def build_chat_router(kit: UiKit) -> APIRouter:
    router = APIRouter()

    @router.get("/chat", name="chat")
    async def chat(request: Request) -> Response:
        return await _page(kit, request)

    @router.post("/chat/new", name="chat_new")
    async def new_chat(request: Request) -> Response:
        """Teams' New chat: start (or reuse) the chat with the people in To, then send the first message;
        a blank message is refused before anything is created."""
        values, trace = await kit.form(request)
        content = values.get("content", "")
        if not content.strip():
            return await _page(kit, request, values, "Type a message to start the chat.")
        created = await kit.run(request, "create_chat", {"members": picked_addresses(values, "to")}, trace)
        if not created.ok:
            return await _page(kit, request, values, created.error or "The chat could not be started.")
        chat_id = created.data()["id"]
        args = {"chat_id": chat_id, "content": content}
        sent = await kit.run(request, "send_chat_message", args, caused_by=created.cause_seq)
        if not sent.ok:
            return kit.error_page(request, sent.error or "send_chat_message failed", status=422)
        return kit.redirect(request, "/chat", chat=chat_id)

    @router.post("/chat/send", name="chat_send")
    async def send(request: Request) -> Response:
        values, _ = await kit.form(request)
        content = values.get("content", "")
        if values.get("chat_id"):
            args = {"chat_id": values["chat_id"], "content": content}
            return await submit(kit, request, "send_chat_message", args, "/chat", chat=values["chat_id"])
        channel = values.get("channel_id", "")
        if values.get("reply_to_id"):
            args = {"channel_id": channel, "message_id": values["reply_to_id"], "content": content}
            return await submit(kit, request, "reply_to_channel_message", args, "/chat", channel=channel)
        args = {"channel_id": channel, "content": content}
        return await submit(kit, request, "post_channel_message", args, "/chat", channel=channel)

    return router
