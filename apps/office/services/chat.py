"""Chat (Teams): teams -> channels -> messages with replies; 1:1 and group chats; @mentions."""

from __future__ import annotations

from pydantic import BaseModel
from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind, NotFoundError
from apps.core.list_query import Limit
from apps.office.coworkers.engine import on_chat_message
from apps.office.error_shape import INVALID_RECIPIENTS
from apps.office.limits import MessageText, check_message_size
from apps.office.models import Channel, Chat, ChatMember, ChatMessage, Team, TeamMember, User
from apps.office.schemas import ChannelOut, ChatMessageOut, ChatOut, TeamOut, UserOut
from apps.office.services.common import (
    Emails,
    actions,
    check_addresses,
    check_id,
    check_limit,
    me,
    require_text,
    user_by_mail,
)


class TeamList(BaseModel):
    records: list[TeamOut]  # type: ignore[valid-type]


class ChannelList(BaseModel):
    team: TeamOut  # type: ignore[valid-type]
    records: list[ChannelOut]  # type: ignore[valid-type]


class ChatList(BaseModel):
    records: list[ChatOut]  # type: ignore[valid-type]


class ChatMessageList(BaseModel):
    """Messages oldest first; channel posts come with their replies (reply_to_id set)."""

    total: int
    records: list[ChatMessageOut]  # type: ignore[valid-type]


def _team(ctx: Ctx, team_id: str) -> Team:
    team = ctx.db.get(Team, team_id) if team_id else None
    member = ctx.db.exec(
        select(TeamMember).where(TeamMember.team_id == team_id, TeamMember.user_id == ctx.user_id)
    ).first()
    if team is None or member is None:
        raise NotFoundError(f"no team {team_id!r} that you are a member of", field="team_id")
    return team


def _channel(ctx: Ctx, channel_id: str) -> Channel:
    channel = ctx.db.get(Channel, channel_id) if channel_id else None
    if channel is None:
        raise NotFoundError(f"no channel {channel_id!r} in your teams", field="channel_id")
    try:
        _team(ctx, channel.team_id)
    except NotFoundError:
        raise NotFoundError(f"no channel {channel_id!r} in your teams", field="channel_id") from None
    return channel


def _members(ctx: Ctx, chat_id: str) -> list[str]:
    return [
        m.user_id
        for m in ctx.db.exec(select(ChatMember).where(ChatMember.chat_id == chat_id).order_by(ChatMember.id))
    ]


def _chat(ctx: Ctx, chat_id: str) -> Chat:
    check_id(chat_id, "chat_id")
    chat = ctx.db.get(Chat, chat_id) if chat_id else None
    if chat is None or ctx.user_id not in _members(ctx, chat_id):
        raise NotFoundError(f"no chat {chat_id!r} that you are in", field="chat_id")
    return chat


def _out(ctx: Ctx, rows) -> list[ChatMessageOut]:
    names = {
        u.id: u.display_name
        for u in ctx.db.exec(select(User).where(col(User.id).in_({r.from_user_id for r in rows})))
    }
    return [
        ChatMessageOut.model_validate({**r.model_dump(), "from_name": names.get(r.from_user_id)})
        for r in rows
    ]


def _thread(ctx: Ctx, condition) -> list[ChatMessage]:
    """Messages matching `condition`, oldest first."""
    stmt = select(ChatMessage).where(condition).order_by(ChatMessage.created_date_time, ChatMessage.id)
    return list(ctx.db.exec(stmt).all())


def mentions_in(ctx: Ctx, text: str, candidates: list[str]) -> list[str]:
    """User ids @mentioned in `text` by full name or address, among `candidates`."""
    lowered = text.lower()
    found = []
    for user in ctx.db.exec(select(User).where(col(User.id).in_(candidates)).order_by(User.id)):
        if f"@{user.display_name.lower()}" in lowered or f"@{user.mail.lower()}" in lowered:
            found.append(user.id)
    return found


def _post(ctx: Ctx, *, content: str, recipients: list[str], chat_type: str, **where) -> ChatMessageOut:
    text = check_message_size(require_text(content, "content", "message text"))
    msg = ChatMessage(
        id=ctx.new_id("ChatMessage"),
        from_user_id=me(ctx).id,
        body_content=text,
        mentions=mentions_in(ctx, text, recipients),
        created_date_time=ctx.now,
        **where,
    )
    ctx.db.add(msg)
    ctx.db.flush()
    on_chat_message(ctx, msg, recipients, chat_type)
    return _out(ctx, [msg])[0]


@actions.read
def list_teams(ctx: Ctx) -> TeamList:
    """The Teams teams you are a member of."""
    ids = [m.team_id for m in ctx.db.exec(select(TeamMember).where(TeamMember.user_id == ctx.user_id))]
    rows = ctx.db.exec(select(Team).where(col(Team.id).in_(ids)).order_by(Team.display_name))
    return TeamList(records=[TeamOut.model_validate(t) for t in rows])


@actions.read
def list_channels(ctx: Ctx, *, team_id: str) -> ChannelList:
    """The channels of one of your teams.

    Args:
        team_id: the team's id (from list_teams).
    """
    team = _team(ctx, team_id)
    rows = ctx.db.exec(select(Channel).where(Channel.team_id == team.id).order_by(Channel.display_name))
    return ChannelList(
        team=TeamOut.model_validate(team), records=[ChannelOut.model_validate(c) for c in rows]
    )


@actions.read
def list_channel_messages(ctx: Ctx, *, channel_id: str, limit: Limit = 50) -> ChatMessageList:
    """The latest posts of a channel with their replies, oldest first.

    Args:
        channel_id: the channel's id (from list_channels).
        limit: how many top-level posts (with all their replies), 1-200.
    """
    check_limit(limit)
    channel = _channel(ctx, channel_id)
    rows = _thread(ctx, ChatMessage.channel_id == channel.id)
    posts = [r for r in rows if r.reply_to_id is None][-limit:]
    keep = {p.id for p in posts}
    shown = [r for r in rows if r.id in keep or r.reply_to_id in keep]
    return ChatMessageList(total=len(shown), records=_out(ctx, shown))


def _team_members(ctx: Ctx, team_id: str) -> list[str]:
    return [m.user_id for m in ctx.db.exec(select(TeamMember).where(TeamMember.team_id == team_id))]


def _post_in_channel(
    ctx: Ctx, channel: Channel, content: str, reply_to_id: str | None = None
) -> ChatMessageOut:
    recipients = _team_members(ctx, channel.team_id)
    return _post(
        ctx,
        content=content,
        recipients=recipients,
        chat_type="channel",
        channel_id=channel.id,
        reply_to_id=reply_to_id,
    )


@actions.write
def post_channel_message(ctx: Ctx, *, channel_id: str, content: MessageText) -> ChatMessageOut:
    """Start a new post in a channel. Mention people with @Full Name (or @address) to notify them;
    mentioned colleagues may answer in the thread later (see wait_for_replies).

    Args:
        channel_id: the channel's id.
        content: the message text (at most about 28 KB).
    """
    return _post_in_channel(ctx, _channel(ctx, channel_id), content)


@actions.write
def reply_to_channel_message(
    ctx: Ctx, *, channel_id: str, message_id: str, content: MessageText
) -> ChatMessageOut:
    """Reply in the thread of a channel post.

    Args:
        channel_id: the channel's id.
        message_id: the post you reply to (a top-level post).
        content: the reply text (@mentions work here too; at most about 28 KB).
    """
    channel = _channel(ctx, channel_id)
    parent = ctx.db.get(ChatMessage, message_id)
    if parent is None or parent.channel_id != channel.id:
        raise NotFoundError(f"no post {message_id!r} in this channel", field="message_id")
    if parent.reply_to_id:
        raise ActionError(
            "reply to the thread's first post (its reply_to_id)",
            field="message_id",
            code=ErrorKind.INVALID_VALUE,
        )
    return _post_in_channel(ctx, channel, content, parent.id)


@actions.read
def list_chats(ctx: Ctx) -> ChatList:
    """Your 1:1 and group chats with their members' addresses."""
    ids = [m.chat_id for m in ctx.db.exec(select(ChatMember).where(ChatMember.user_id == ctx.user_id))]
    rows = ctx.db.exec(
        select(Chat).where(col(Chat.id).in_(ids)).order_by(Chat.created_date_time, Chat.id)
    ).all()
    mail = {u.id: u.mail for u in ctx.db.exec(select(User))}
    return ChatList(
        records=[
            ChatOut.model_validate({**c.model_dump(), "members": [mail[m] for m in _members(ctx, c.id)]})
            for c in rows
        ]
    )


@actions.write
def create_chat(ctx: Ctx, *, members: Emails, topic: str | None = None) -> ChatOut:
    """Start a chat: one colleague makes a 1:1 chat (an existing one is reused), several a group chat.

    Args:
        members: colleagues' addresses (you are added yourself).
        topic: a name for a group chat.
    """
    user = me(ctx)
    ids = []
    for address in check_addresses(ctx, members, "members"):
        found = user_by_mail(ctx, address)
        if found is None:
            raise ActionError(
                f"{address} is not a colleague; chats are internal", field="members", code=INVALID_RECIPIENTS
            )
        if found.id != user.id and found.id not in ids:
            ids.append(found.id)
    if not ids:
        raise ActionError("name at least one colleague", field="members", code=ErrorKind.REQUIRED)
    kind = "oneOnOne" if len(ids) == 1 else "group"
    if kind == "oneOnOne":
        for existing in list_chats(ctx).records:
            if existing.chat_type == "oneOnOne" and set(existing.members) == {
                user.mail,
                ctx.db.get(User, ids[0]).mail,
            }:
                return existing
    chat = Chat(
        id=ctx.new_id("Chat"),
        chat_type=kind,
        topic=topic if kind == "group" else None,
        created_date_time=ctx.now,
    )
    ctx.db.add(chat)
    for uid in [user.id, *ids]:
        ctx.db.add(ChatMember(id=ctx.new_id("ChatMember"), chat_id=chat.id, user_id=uid))
    ctx.db.flush()
    return ChatOut.model_validate(
        {**chat.model_dump(), "members": [ctx.db.get(User, u).mail for u in _members(ctx, chat.id)]}
    )


@actions.read
def list_chat_messages(ctx: Ctx, *, chat_id: str, limit: Limit = 50) -> ChatMessageList:
    """The latest messages of one of your chats, oldest first.

    Args:
        chat_id: the chat's id (from list_chats or create_chat).
        limit: how many, 1-200.
    """
    check_limit(limit)
    chat = _chat(ctx, chat_id)
    rows = _thread(ctx, ChatMessage.chat_id == chat.id)[-limit:]
    return ChatMessageList(total=len(rows), records=_out(ctx, rows))


@actions.write
def send_chat_message(ctx: Ctx, *, chat_id: str, content: MessageText) -> ChatMessageOut:
    """Send a message in one of your chats. In a 1:1 chat the colleague answers after their usual
    delay; in a group chat only @mentioned people answer (see wait_for_replies).

    Args:
        chat_id: the chat's id.
        content: the message text (at most about 28 KB).
    """
    chat = _chat(ctx, chat_id)
    return _post(
        ctx, content=content, recipients=_members(ctx, chat.id), chat_type=chat.chat_type, chat_id=chat.id
    )


class MemberList(BaseModel):
    """The people of a channel's team or of a chat, by name: whom an @mention can notify."""

    records: list[UserOut]  # type: ignore[valid-type]


@actions.read
def list_conversation_members(
    ctx: Ctx, *, channel_id: str | None = None, chat_id: str | None = None
) -> MemberList:
    """The members of a channel (its team's members) or of a chat, by name: the people an @mention
    in that conversation can notify. Give exactly one of channel_id and chat_id.

    Args:
        channel_id: a channel's id (from list_channels).
        chat_id: a chat's id (from list_chats).
    """
    if bool(channel_id) == bool(chat_id):
        raise ActionError(
            "give exactly one of channel_id and chat_id", field="channel_id", code=ErrorKind.INVALID_VALUE
        )
    ids = (
        _team_members(ctx, _channel(ctx, channel_id).team_id)
        if channel_id
        else _members(ctx, _chat(ctx, chat_id).id)
    )
    rows = ctx.db.exec(select(User).where(col(User.id).in_(ids)).order_by(User.display_name, User.id))
    return MemberList(records=[UserOut.model_validate(u) for u in rows])
