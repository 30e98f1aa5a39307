"""Requests that arrive as work: the families of the world's pending requests (`worlds/parts/requests`) read
them here, and their prompts only point at the mail — "handle Priya's request" — never restate it.

The requests are a world part's rows, so the families' world view hides them; what a request asks for is
the part's `requests/requests.jsonl`, and what decides the truth is the world the performer sees (the CRM's
deals, the desk's tickets, the handbook)."""

from __future__ import annotations

import json
from datetime import datetime
from functools import cache
from typing import Any

from apps.core.worlds import worlds_root
from tasks.families.base import Draw, step
from tasks.truth_model import CallPattern, Checkpoint, OracleStep, UiStep

DAY = 1440


@cache
def part_file(world: str, rel: str) -> tuple[dict[str, Any], ...]:
    """The rows of a world part's own file (`<part>/<name>.jsonl`, which no app loads); none when the world
    has no such part (`tiny`)."""
    path = worlds_root() / world / rel
    return tuple(json.loads(line) for line in path.read_text().splitlines() if line) if path.is_file() else ()


def _all(world: str) -> tuple[dict[str, Any], ...]:
    return part_file(world, "requests/requests.jsonl")


def pending(d: Draw, kind: str) -> list[dict[str, Any]]:
    """The world's pending requests of `kind`, in the part's order."""
    return [r for r in _all(d.world.world) if r["kind"] == kind]


def senders_that_day(d: Draw, req: dict[str, Any]) -> int:
    """How many people of `req`'s sender's first name mailed the same mailbox folder on the day it was sent
    (the world's every mail, world parts' included: another request's or a distractor's sender counts)."""
    first, day = req["sender_name"].split()[0], req["sent"][:10]
    return d.world.value(
        "SELECT count(DISTINCT m.from_address) FROM main.office_message m "
        "JOIN main.office_message r ON r.owner_id = m.owner_id AND r.parent_folder_id = m.parent_folder_id "
        "WHERE r.id = ? AND substr(m.received_date_time, 1, 10) = ? AND m.from_name LIKE ?",
        req["message_id"],
        day,
        first + " %",
    )


def handle(d: Draw, req: dict[str, Any]) -> tuple[str, int]:
    """A prompt that hands the performer the request and nothing of its content. "Christopher sent you
    something on Thursday" only where one Christopher mailed that day (a probe met two, 2026-12-06)."""
    name, first = req["sender_name"], req["sender_name"].split()[0]
    day = f"{datetime.fromisoformat(req['sent']):%A}"
    phrasings = [
        f"Handle {name}'s request — it's in your inbox.",
        f"{first} sent you something on {day} that is still waiting. Please take care of it.",
        f"There's a mail from {name} in your inbox that nobody has dealt with yet. Deal with it.",
        f"Catch up on {name}'s mail from {day} and do what's needed.",
        f"Please work through the request {name} sent you.",
    ]
    k = d.rng.randrange(len(phrasings))
    if k == 1 and senders_that_day(d, req) > 1:
        k = 3  # the full name, the same day
    return phrasings[k], k


def read_request(req: dict[str, Any]) -> list[OracleStep]:
    """Open the request mail."""
    return [step("office_get_message", message_id=req["message_id"])]


def wait_day() -> OracleStep:
    """A whole day on the clock (replies arrive on the way)."""
    return step("office_wait_for_replies", minutes=DAY, stop_at_first_reply=False)


def ask_and_wait(to: dict[str, Any], subject: str, body: str) -> list[OracleStep]:
    """Find a colleague, mail them, let a day pass and read what came in (their answer).

    Args:
        to: the colleague (`display_name`, `mail`).
        subject: the mail's subject.
        body: the mail's body.
    """
    return [
        step("office_find_people", query=to["display_name"]),
        step("office_send_mail", to=[to["mail"]], subject=subject, body=body),
        wait_day(),
        step("office_list_messages", folder="inbox", unread_only=True),
    ]


def wait_day_ui() -> list[UiStep]:
    return [
        UiStep(goto="/s/office/mail"),
        UiStep(select=("Wait for", str(DAY))),
        UiStep(click=("button", "Let time pass")),
    ]


def reply_ui(message_id: str, body: str) -> list[UiStep]:
    """Outlook's reply to a mail: the compose page in reply mode, the message, Send."""
    return [
        UiStep(goto=f"/s/office/mail/compose?id={message_id}&mode=reply"),
        UiStep(fill=("Message", body)),
        UiStep(click=("button", "Send")),
    ]


def waited() -> Checkpoint:
    return Checkpoint(name="time passed for the answer", called=CallPattern(tool="office_wait_for_replies"))
