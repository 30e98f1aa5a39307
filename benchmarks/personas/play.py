"""Playing a corpus case in an episode: send each message on its channel the way an agent would (the
office's mail and chat tools, a desk comment, a meeting request), let logical time pass until the person
answers, and read what they said in their own words.

Everything goes through the apps' tools (`Episode.call`); only reading the answer back uses SQL on the
episode, as a verifier would.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from apps.core.api import Episode
from benchmarks.personas.corpus import Case, Turn

QUOTE_MARK = "________________________________"
DAY = 1440
MAX_DAYS = 3  # how long an agent waits for an answer before giving up


@dataclass
class Heard:
    """What came back for one turn: the person's own words (None: no answer), an RSVP, the reading
    the person recorded (the structured request, when the persona records one), and when."""

    text: str | None = None
    rsvp: str | None = None
    reading: dict[str, Any] | None = None
    answered_at: datetime | None = None
    asked_at: datetime | None = None


@dataclass
class Thread:
    """What a case has going: the conversation of its mails, its chat, the last answer's id."""

    conversation_id: str | None = None
    last_message_id: str | None = None
    chat_id: str | None = None
    seen: set[str] = field(default_factory=set)


class Player:
    """Plays cases in one episode of the world (reset between cases)."""

    def __init__(self, episode: Episode):
        self.ep = episode
        self.me = episode.call("office_get_my_profile")

    def sql(self, query: str, *params: Any) -> list[tuple]:
        return self.ep.db.execute_raw(query, params)

    def play(self, case: Case) -> list[Heard]:
        """Send every turn of `case` and collect what was said back; the episode is reset first."""
        self.ep.reset()
        thread = Thread()
        return [self._turn(turn, thread) for turn in case.turns]

    def _turn(self, turn: Turn, thread: Thread) -> Heard:
        asked_at = self.ep.now
        play = {
            "mail": self._mail,
            "reply": self._reply,
            "chat": self._chat,
            "comment": self._comment,
            "invite": self._invite,
        }[turn.via]
        heard = play(turn, thread)
        heard.asked_at = asked_at
        return heard

    # --- mail -------------------------------------------------------------------------------------------
    def _mail(self, turn: Turn, thread: Thread) -> Heard:
        sent = self.ep.call(
            "office_send_mail", to=[turn.to], subject=turn.subject or "(no subject)", body=turn.body
        )
        thread.conversation_id, thread.last_message_id = sent["conversation_id"], sent["id"]
        return self._await_mail(turn.to, thread)

    def _reply(self, turn: Turn, thread: Thread) -> Heard:
        sent = self.ep.call("office_reply_to_message", message_id=thread.last_message_id, body=turn.body)
        thread.last_message_id = sent["id"]
        return self._await_mail(turn.to, thread)

    def _await_mail(self, sender: str, thread: Thread) -> Heard:
        for _ in range(MAX_DAYS):
            self.ep.call("office_wait_for_replies", minutes=DAY, stop_at_first_reply=True)
            rows = self.sql(
                "SELECT id, body_content, received_date_time FROM office_message WHERE owner_id = ? "
                "AND conversation_id = ? AND lower(from_address) = lower(?) ORDER BY received_date_time, id",
                self.me["id"],
                thread.conversation_id,
                sender,
            )
            new = [r for r in rows if r[0] not in thread.seen]
            if new:
                thread.seen.update(r[0] for r in new)
                msg_id, body, at = new[-1]
                thread.last_message_id = msg_id
                return Heard(text=own_words(body), reading=self._reading(msg_id), answered_at=_stamp(at))
        return Heard()

    # --- chat -------------------------------------------------------------------------------------------
    def _chat(self, turn: Turn, thread: Thread) -> Heard:
        if thread.chat_id is None:
            thread.chat_id = self.ep.call("office_create_chat", members=[turn.to])["id"]
        posted = self.ep.call("office_send_chat_message", chat_id=thread.chat_id, content=turn.body)
        thread.seen.add(posted["id"])
        for _ in range(MAX_DAYS):
            self.ep.call("office_wait_for_replies", minutes=DAY, stop_at_first_reply=True)
            rows = self.sql(
                "SELECT id, body_content, created_date_time FROM office_chat_message WHERE chat_id = ? "
                "AND from_user_id != ? ORDER BY created_date_time, id",
                thread.chat_id,
                self.me["id"],
            )
            new = [r for r in rows if r[0] not in thread.seen]
            if new:
                thread.seen.update(r[0] for r in new)
                return Heard(
                    text=new[-1][1], reading=self._reading(new[-1][0]), answered_at=_stamp(new[-1][2])
                )
        return Heard()

    # --- desk comment -----------------------------------------------------------------------------------
    def _comment(self, turn: Turn, thread: Thread) -> Heard:
        ours = self.ep.call("ticketing_add_comment", record_id=turn.incident, text=turn.body)
        thread.seen.add(ours["sys_id"])
        caller = self.sql("SELECT caller_id, sys_id FROM ticketing_incident WHERE number = ?", turn.incident)[
            0
        ]
        for _ in range(MAX_DAYS):
            self.ep.call("ticketing_advance_time", hours=24)
            rows = self.sql(
                "SELECT sys_id, value, sys_created_on FROM ticketing_sys_journal_field WHERE element_id = ? "
                "AND element = 'comments' AND sys_created_by = ? ORDER BY sys_created_on, sys_id",
                caller[1],
                caller[0],
            )
            new = [r for r in rows if r[0] not in thread.seen]
            if new:
                thread.seen.update(r[0] for r in new)
                return Heard(
                    text=new[-1][1], reading=self._reading(new[-1][0]), answered_at=_stamp(new[-1][2])
                )
        return Heard()

    # --- meeting request --------------------------------------------------------------------------------
    def _invite(self, turn: Turn, thread: Thread) -> Heard:
        event = self.ep.call(
            "office_create_event",
            subject=turn.subject,
            start=turn.start,
            end=turn.end,
            time_zone=turn.tz,
            attendees=[turn.to],
            body=turn.body,
        )
        for _ in range(MAX_DAYS):
            self.ep.call("office_wait_for_replies", minutes=DAY, stop_at_first_reply=True)
            status = self.sql(
                "SELECT response_status, response_time FROM office_attendee WHERE event_id = ? "
                "AND lower(email_address) = lower(?)",
                event["id"],
                turn.to,
            )
            if status and status[0][0] not in ("none", None):
                return Heard(rsvp=status[0][0], answered_at=_stamp(status[0][1]))
        return Heard()

    # --- what the persona recorded ----------------------------------------------------------------------
    def _reading(self, answer_id: str) -> dict[str, Any] | None:
        """The structured request the person recorded with the answer just delivered (the newest reaction
        carried out), if they record one."""
        import json

        for query in (
            "SELECT payload FROM office_scheduled_reply WHERE status = 'delivered' "
            "ORDER BY due_date_time DESC, id DESC LIMIT 1",
            "SELECT reading FROM ticketing_caller_followup WHERE status = 'done' ORDER BY due_at "
            "DESC, sys_id DESC LIMIT 1",
        ):
            try:
                rows = self.sql(query)
            except Exception:  # noqa: BLE001 - an app that is not in the episode, or records no reading
                continue
            if rows and rows[0][0]:
                found = json.loads(rows[0][0]) if isinstance(rows[0][0], str) else rows[0][0]
                reading = found.get("reading", found) if "asks" not in found else found
                if isinstance(reading, dict) and ("asks" in reading or not reading):
                    return reading
        return None

    def can_open(self, name: str) -> bool:
        """Whether the acting user can open the drive item called `name` (owner, or shared on it or on a
        folder above it)."""
        for item_id, owner in self.sql("SELECT id, owner_id FROM office_drive_item WHERE name = ?", name):
            if owner == self.me["id"]:
                return True
            node: str | None = item_id
            while node:
                held = self.sql(
                    "SELECT 1 FROM office_permission WHERE item_id = ? AND user_id = ?", node, self.me["id"]
                )
                if held:
                    return True
                parent = self.sql("SELECT parent_id FROM office_drive_item WHERE id = ?", node)
                node = parent[0][0] if parent else None
        return False


def own_words(body: str | None) -> str | None:
    """A mail body without the original it quotes."""
    return None if body is None else body.split(QUOTE_MARK, 1)[0].strip()


def _stamp(value: Any) -> datetime | None:
    if value is None or isinstance(value, datetime):
        return value
    return datetime.fromisoformat(str(value).replace(" ", "T").removesuffix("Z"))
