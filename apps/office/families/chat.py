"""Teams work: reply in a channel thread found by who started it and what it asked, mentioning the
thread's author or everyone who already answered.

Held-out entity: the colleague who started the thread (kind `coworker`, by mail).
"""

from __future__ import annotations

import json
from typing import Any

from apps.office.chat_labels import reply_label
from apps.office.families.common import AMBER, me_id, phrase
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.match_model import Match
from tasks.truth_model import Allowance, Expectation, UiStep

ROOTS = """
SELECT m.id, m.channel_id, m.body_content, m.created_date_time, u.id AS user_id, u.display_name, u.mail,
       c.display_name AS channel, c.team_id, t.display_name AS team
FROM office_chat_message m JOIN office_user u ON u.id = m.from_user_id
JOIN office_channel c ON c.id = m.channel_id JOIN office_team t ON t.id = c.team_id
WHERE m.reply_to_id IS NULL AND u.mail != ?
ORDER BY m.created_date_time, m.id
"""
REPLIES = [
    ("I can take this one and will follow up today.", "follow up today"),
    ("Thanks for raising it. Let's pick it up in Monday's team call.", "Monday's team call"),
    ("I have a customer example for this; sending details shortly.", "sending details shortly"),
    ("Good question. I'll check with Finance and report back here.", "check with Finance"),
    ("Count me in. I can share my notes from last quarter.", "notes from last quarter"),
]


def _repliers(d: Draw, root: dict[str, Any]) -> list[dict[str, Any]]:
    return d.world.rows(
        "SELECT DISTINCT u.id, u.display_name, u.mail FROM office_chat_message m "
        "JOIN office_user u ON u.id = m.from_user_id WHERE m.reply_to_id = ? AND u.mail != ? ORDER BY u.id",
        root["id"],
        AMBER,
    )


class ReplyInThread(Family):
    name = "office.reply-in-thread"
    apps = ("office",)
    version = 2
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-office-team"
    summary = (
        "reply in a Teams channel thread found by its author and question, @mentioning the author or "
        "everyone who already replied"
    )

    def build(self, d: Draw) -> Spec:
        roots = d.world.rows(ROOTS, AMBER)
        root = d.pick("coworker", roots, key="mail")
        d.note("chat_message", root["id"])
        same = [r for r in roots if r["mail"] == root["mail"] and r["channel_id"] == root["channel_id"]]
        twins = [
            r
            for r in roots
            if r["body_content"] == root["body_content"] and r["channel_id"] == root["channel_id"]
        ]
        if len(same) > 1 and len(twins) > 1:
            raise Redraw("the author asked the same thing twice in the channel")
        d.distractors = len(twins) - 1
        for p in (root, *_repliers(d, root)):
            if (
                d.world.value("SELECT count(*) FROM office_user WHERE display_name = ?", p["display_name"])
                != 1
            ):
                raise Redraw("a namesake would make the mention ambiguous")
        repliers = _repliers(d, root)
        who = d.choice(["author", "repliers", "repliers"] if len(repliers) > 1 else ["author"])
        mentioned = [root] if who == "author" else repliers
        text, key = d.choice(REPLIES)
        tags = " ".join(f"@{p['display_name']}" for p in mentioned)
        content = f"{tags} {text}"
        where = f"the {root['channel']} channel of {root['team']}"
        post = f'{root["display_name"]}\'s post "{root["body_content"]}" in {where}'
        if who == "author":
            ask = f"mention {root['display_name']}"
        else:
            ask = "mention everyone who has already replied there"
        phrasings = [
            f'Reply in the thread of {post}: "{text}" — and {ask}.',
            f'Answer {post} in its thread with "{text}"; {ask}.',
            f'In {where}, {root["display_name"]} asked "{root["body_content"]}". Reply in that thread '
            f'("{text}") and {ask}.',
            f'Please post "{text}" as a reply to {post}, and {ask}.',
            f'Thread reply needed on {post}. Say "{text}" and {ask} so they get notified.',
        ]
        prompt, k = phrase(d, phrasings)
        ids = sorted(p.get("user_id") or p["id"] for p in mentioned)
        oracle = [
            step("office_list_teams"),
            step("office_list_channels", team_id=root["team_id"]),
            step("office_list_channel_messages", channel_id=root["channel_id"], limit=200),
            *[step("office_find_people", query=p["display_name"]) for p in mentioned],
            step(
                "office_reply_to_channel_message",
                channel_id=root["channel_id"],
                message_id=root["id"],
                content=content,
            ),
        ]
        label = reply_label(root["display_name"], root["body_content"])  # the thread's own Reply box
        if any(
            r["id"] != root["id"] and reply_label(r["display_name"], r["body_content"]) == label
            for r in roots
            if r["channel_id"] == root["channel_id"]
        ):
            raise Redraw("another thread of the channel has the same Reply label")
        ui = [
            UiStep(goto=f"/chat?channel={root['channel_id']}"),
            UiStep(click=("button", label)),
            UiStep(fill=(label, content)),
            UiStep(click=("button", "Send"), in_form=label),
        ]
        decoy = next(r for r in roots if r["channel_id"] == root["channel_id"] and r["id"] != root["id"])
        return Spec(
            prompt=prompt,
            oracle=oracle,
            expect=[
                Expectation(
                    table="office_chat_message",
                    op="insert",
                    fields={
                        "channel_id": eq(root["channel_id"]),
                        "reply_to_id": eq(root["id"]),
                        "from_user_id": eq(me_id(d)),
                        "body_content": Match(contains=key),
                        "mentions": eq(json.dumps(ids)),
                    },
                )
            ],
            allow=[
                Allowance(table="office_scheduled_reply", ops=["insert"]),
                Allowance(table="office_message", ops=["insert"]),
            ],
            ui_oracle=ui,
            wrong_record={root["id"]: decoy["id"]},
            records=1 + len(mentioned),
            tags=["chat", "channel", "reply", who],
            phrasing=k,
        )


FAMILIES = [ReplyInThread()]
