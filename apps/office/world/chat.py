"""Office part: Teams — a sales team and a company-wide team with channels, threads and @mentions,
plus the acting user's 1:1 and group chats."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from apps.office.world.people import Office
from worlds.generator.common import fmt_dt, rand_dt, scaled

POSTS = (
    "Reminder: CRM hygiene day on Friday, please update next steps on your open deals.",
    "Great win this week, congrats to everyone involved!",
    "Does anyone have a recent reference customer in manufacturing?",
    "New pricing sheet is in the Sales Team folder.",
    "Heads-up: the customer portal will be down for maintenance on Saturday night.",
    "Who is covering the East region while Jamie is out?",
)
REPLIES = ("Thanks!", "On it.", "I can help with that, ping me.", "+1", "Good to know, thanks for sharing.")


def _team(
    office: Office, name: str, description: str, members: list[dict[str, Any]], channels: list[str]
) -> list[dict[str, Any]]:
    team = office.add("team", "Team", display_name=name, description=description)
    for i, m in enumerate(members):
        office.add(
            "team_member",
            "TeamMember",
            team_id=team["id"],
            user_id=m["id"],
            roles=["owner"] if i == 0 else [],
        )
    return [
        office.add(
            "channel",
            "Channel",
            team_id=team["id"],
            display_name=c,
            description=None,
            membership_type="standard",
        )
        for c in channels
    ]


def _message(
    office: Office, author: dict[str, Any], text: str, when, mentions: list[str] | None = None, **where: Any
) -> dict[str, Any]:
    return office.add(
        "chat_message",
        "ChatMessage",
        channel_id=where.get("channel_id"),
        chat_id=where.get("chat_id"),
        reply_to_id=where.get("reply_to_id"),
        from_user_id=author["id"],
        body_content=text,
        mentions=mentions or [],
        created_date_time=fmt_dt(when),
    )


def build_chat(office: Office) -> None:
    rng, actor = office.rng, office.actor
    sales = [u for u in office.users if u["department"] == "Sales" or u["job_title"] == "VP of Sales"]
    if actor not in sales:
        sales.append(actor)
    everyone = office.users
    channels = _team(office, "Sales", "Acme sales team", sales, ["General", "Deals", "Forecast"])
    channels += _team(
        office, "Acme All Hands", "Company-wide announcements", everyone, ["General", "Announcements"]
    )
    for _ in range(scaled(office.scale, 120, 8)):
        channel = rng.choice(channels)
        pool = sales if channel in channels[:3] else everyone
        author = rng.choice(pool)
        when = rand_dt(rng, office.now - timedelta(days=60), office.now - timedelta(hours=1))
        text = rng.choice(POSTS)
        mentions = []
        if rng.random() < 0.2:
            target = rng.choice(pool)
            text = f"@{target['display_name']} {text}"
            mentions = [target["id"]]
        post = _message(office, author, text, when, mentions, channel_id=channel["id"])
        for _ in range(rng.randint(0, 3)):
            when += timedelta(minutes=rng.randint(5, 240))
            if when >= office.now:
                break
            _message(
                office,
                rng.choice(pool),
                rng.choice(REPLIES),
                when,
                channel_id=channel["id"],
                reply_to_id=post["id"],
            )
    partners = [office.by_id[p["user_id"]] for p in office.personas]
    for partner in partners:
        chat = office.add(
            "chat",
            "Chat",
            chat_type="oneOnOne",
            topic=None,
            created_date_time=fmt_dt(office.now - timedelta(days=rng.randint(10, 90))),
        )
        for u in (actor, partner):
            office.add("chat_member", "ChatMember", chat_id=chat["id"], user_id=u["id"])
        when = office.now - timedelta(days=rng.randint(1, 9))
        _message(
            office,
            partner,
            f"Hi {actor['given_name']}, do you have a minute later today?",
            when,
            chat_id=chat["id"],
        )
        _message(office, actor, "Sure, after 3pm works.", when + timedelta(minutes=12), chat_id=chat["id"])
    if len(partners) >= 2:
        chat = office.add(
            "chat",
            "Chat",
            chat_type="group",
            topic="Deal desk",
            created_date_time=fmt_dt(office.now - timedelta(days=30)),
        )
        for u in [actor, *partners[:3]]:
            office.add("chat_member", "ChatMember", chat_id=chat["id"], user_id=u["id"])
        _message(
            office,
            partners[0],
            "Using this chat for discount approvals this quarter.",
            office.now - timedelta(days=29),
            chat_id=chat["id"],
        )
