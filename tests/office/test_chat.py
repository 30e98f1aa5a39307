"""Teams: channels with threads, mentions, 1:1 and group chats, membership privacy."""

from __future__ import annotations


def test_channel_posts_replies_and_mentions(office):
    team = next(t for t in office.ok("list_teams")["records"] if t["display_name"] == "Sales")
    channel = next(
        c for c in office.ok("list_channels", team_id=team["id"])["records"] if c["display_name"] == "Deals"
    )
    mate = office.sql(
        "SELECT u.display_name, u.id FROM office_team_member m JOIN office_user u ON u.id = m.user_id "
        "WHERE m.team_id = ? AND u.id != ? AND u.id NOT IN (SELECT user_id FROM office_persona) ORDER BY "
        "u.id LIMIT 1",
        team["id"],
        office.me["id"],
    )[0]
    post = office.ok(
        "post_channel_message",
        channel_id=channel["id"],
        content=f"@{mate[0]} can you review the Globex quote?",
    )
    assert post["mentions"] == [mate[1]]
    reply = office.ok(
        "reply_to_channel_message", channel_id=channel["id"], message_id=post["id"], content="Adding details"
    )
    assert reply["reply_to_id"] == post["id"]
    office.refused(
        "reply_to_channel_message",
        "message_id",
        "first post",
        channel_id=channel["id"],
        message_id=reply["id"],
        content="x",
    )
    listed = office.ok("list_channel_messages", channel_id=channel["id"])["records"]
    assert [m["id"] for m in listed][-2:] == [post["id"], reply["id"]]
    office.refused("post_channel_message", "content", "message text", channel_id=channel["id"], content="  ")


def test_chats_are_reused_and_private(office):
    other = office.colleague_without_persona()
    chat = office.ok("create_chat", members=[other])
    again = office.ok("create_chat", members=[other])
    assert chat["id"] == again["id"] and chat["chat_type"] == "oneOnOne"
    office.ok("send_chat_message", chat_id=chat["id"], content="hi")
    assert office.ok("list_chat_messages", chat_id=chat["id"])["records"][-1]["body_content"] == "hi"
    group = office.ok("create_chat", members=[other, office.personas()[0]["mail"]], topic="Deal")
    assert group["chat_type"] == "group" and len(group["members"]) == 3
    office.refused("create_chat", "members", "chats are internal", members=["x@customer.com"])
    foreign = office.sql(
        "SELECT id FROM office_chat WHERE id NOT IN (SELECT chat_id FROM office_chat_member WHERE user_id "
        "= ?) LIMIT 1",
        office.me["id"],
    )
    if foreign:
        office.refused("list_chat_messages", "chat_id", "no chat", chat_id=foreign[0][0])
    office.refused("list_channels", "team_id", "no team", team_id="nope")
