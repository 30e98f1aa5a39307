"""Follow-ups: a message that leaves out what it is about takes it from the thread.

The asker's previous message is read again (the same reader, so a replay reads it the same way) and its
last ask gives what is missing: "and the amount?" (the same record, another fact), "the other one?" (the
account's other deal), "same for the Needs Analysis deal" / "what about the sensor kit one?" (the account's
deal of that stage or product, the same facts), "same question for Hamilton-Porter" (the same facts of a
new record), "could you do the same for Fox-Leonard?" (the same approval on another deal), "make it 14%
instead" (the same deal, a new value), "and the one on expenses?" (another document), "next week
instead?" (another meeting time).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from apps.core.meaning import find_numbers
from apps.core.understanding.documents import match_documents
from apps.core.understanding.mentions import account_of, key, narrow, product_words, stage_in
from apps.core.understanding.pieces import WRITERS_WORK, Piece
from apps.core.understanding.request import Ask, Known, Reading
from apps.core.understanding.values import meeting_days, meeting_minutes

_SAME = re.compile(r"\bsame\b|\bdo the same\b|\bas well\b|\btoo\b")
_OTHER = re.compile(r"\bother (?:one|deal)\b|\bthe other\b")
_DAYS = re.compile(r"\bnext week\b|\bthis week\b|\btomorrow\b|\btoday\b|\b(?:mon|tues|wednes|thurs|fri)day\b")


def _asks_of_turn(i: int, reading: Reading, role: str, read_message: Callable[..., Any]) -> list[Ask]:
    """The asks of the thread's turn `i`, read once (with the thread before it) and kept in the reading."""
    if i not in reading.earlier:
        turn = reading.history[i]
        earlier = Reading(
            now=reading.now,
            tz=reading.tz,
            history=reading.history[:i],
            own=reading.own,
            world=reading.world,
            documents=reading.documents,
            world_documents=reading.world_documents,
            people=reading.people,
            earlier=reading.earlier,
        )
        reading.earlier[i] = read_message("", turn.text, earlier, role).asks
    return reading.earlier[i]


def own_request_policies(reading: Reading, role: str, read_message: Callable[..., Any]) -> set[str]:
    """The policies of the approvals the reader asked for themselves in the message that opened the thread
    ("could you get my team's order approved?"): what is said of them later in it is news of their own
    request, never an approval asked of them."""
    if role == "caller" or not reading.history or not reading.history[0].mine:
        return set()
    opened = _asks_of_turn(0, reading, role, read_message)
    return {a.policy for a in opened if a.intent == "approval" and a.policy}


def _previous(reading: Reading, role: str, read_message: Callable[..., Any]) -> tuple[list[Ask], int]:
    """The asks of the asker's latest message that asked something, and its index in the thread."""
    for i in range(len(reading.history) - 1, -1, -1):
        if reading.history[i].mine:
            continue
        asks = _asks_of_turn(i, reading, role, read_message)
        if asks:
            return asks, i
    return [], -1


_DECISION = re.compile(r"^\s*(?:approved|rejected|declined)\b|\b(?:approved|rejected):", re.I)
_OF_THE_DECISION = re.compile(
    r"\byou(?:'ve| have)? (?:approved|rejected|declined|signed off|ok'?d)\b"
    r"|\bfor (?:approving|the approval)\b|\byour (?:approval|decision|sign-off|ok)\b",
    re.I,
)

_THANKS = re.compile(r"\b(?:thanks|thank you|many thanks|noted|much appreciated|cheers)\b", re.I)
# a sum added: "and $490 for the drinks after" — not a list of work done that names the decided sum ("I've
# offered her the $2,534.17 credit, declined the waiver, and logged it")
_ADDS = re.compile(
    r"(?:^|[.!?;,]\s*)(?:and|also|plus)\s+(?:[\w'’-]+\s+){0,3}?[$€£]?\d"
    r"|\b(?:another|extra|additional|as well|too|on top"
    r"|same (?:for|with|on)|what about|how about|instead|make it|go to)\b",
    re.I,
)


def _decided_already(reading: Reading, since: int, parts: list[Piece]) -> bool:
    """The reader has already decided the approval asked in turn `since` (a later message of theirs states a
    decision, "Approved: $1,500 of the $2,000"), and this message only speaks of that decision ("I've let
    Robert know you approved $1,500", "thanks for approving", "your approval") or thanks for it naming no sum
    but the decided ones, and asks nothing: a thank-you asks no new decision.
    """
    decisions = [t.text for t in reading.history[since + 1 :] if t.mine and _DECISION.search(t.text)]
    # "thanks for your approval" names the approval given, it asks none
    if not decisions or any(p.question or (p.approve and not _OF_THE_DECISION.search(p.text)) for p in parts):
        return False
    if any(_OF_THE_DECISION.search(p.text) for p in parts):
        return True
    # a thank-you naming only the sums decided ("Thanks, noted: $1,500 approved") — not a sum added ("and $490
    # for the drinks after", even of the same size)
    decided = {q.value for text in decisions for q in find_numbers(text) if q.kind == "money"}
    named = {v for p in parts for v in p.sums}
    text = " ".join(p.text for p in parts)
    if _ADDS.search(text):
        return False
    # no sum at all (its thanks dropped as a greeting: "I've passed it on to Robert"), or only decided ones
    # in thanks or in a report of what the writer did with them ("I've offered Janet the $2,534.17 credit")
    said = bool(_THANKS.search(text) or any(WRITERS_WORK.search(p.text) for p in parts))
    return not named or (named <= decided and said)


def _deals(names: list[str], reading: Reading) -> list[Known]:
    wanted = set(names)
    return [d for d in reading.own + reading.world if d.kind == "deal" and d.name in wanted]


def _refer(last: Ask, text: str, reading: Reading) -> list[str]:
    """What a follow-up without a record of its own is about, from the last ask."""
    base = _deals(last.about, reading)
    if not base:
        return list(last.about)
    accounts = {account_of(d) for d in base}
    family = [d for d in reading.own + reading.world if d.kind == "deal" and account_of(d) in accounts]
    words = key(text)
    if _OTHER.search(text):
        others = [d for d in family if d.name not in last.about]
        return list(dict.fromkeys(d.name for d in others)) or list(last.about)
    said = set(words)
    if stage_in(words) or any(product_words(d) & said for d in family):
        return list(dict.fromkeys(d.name for d in narrow(family, words)))
    return list(last.about)


def _fields(parts: list[Piece]) -> list[str]:
    return list(
        dict.fromkeys(
            f
            for p in parts
            for f in p.deal_fields + p.incident_fields + p.device_fields
            if f != "stage" or "stage" in p.english
        )
    )


def continue_thread(
    asks: list[Ask], parts: list[Piece], reading: Reading, role: str, read: Callable[..., Any]
) -> list[Ask]:
    """`asks` completed from the thread where they leave out what they are about (`read`: the reader,
    to read the asker's previous message again)."""
    if not reading.history or role == "caller":
        return asks
    previous, since = _previous(reading, role, read)
    if not previous:
        return asks
    last = previous[-1]
    text = " ".join(p.english for p in parts)
    fields = _fields(parts)
    if last.intent == "approval" and _decided_already(reading, since, parts):
        return [a for a in asks if a.intent != "approval"]
    if last.intent == "approval" and not any(a.intent == "approval" for a in asks):
        value = _new_value(parts, last)
        if value is not None:  # "and $350 for the hotel, same trip", "could we go to 19%?"
            about = _refer(last, text, reading) if last.policy == "discount" else []
            stacked = bool(re.search(r"\b(?:on top|extra|another|additional|stacked)\b", text))
            asks = [a for a in asks if a.intent != "record_status"]
            return [
                *asks,
                last.model_copy(update={"value": value, "about": about, "combined": [], "stacked": stacked}),
            ]
    if not asks:
        return _new_from(last, text, fields, parts, reading)
    for ask in asks:
        if ask.intent == "record_status" and not ask.about:
            ask.about = (
                _refer(last, text, reading) if last.intent in ("record_status", "approval") else ask.about
            )
            ask.fields = ask.fields or list(last.fields)
        elif ask.intent == "record_status" and not ask.fields:
            if last.intent == "approval" and _SAME.search(text):
                ask.intent, ask.value, ask.policy = "approval", last.value, last.policy
            else:
                ask.fields = list(last.fields)
        elif ask.intent == "approval" and not ask.about and ask.policy == "discount" and last.about:
            ask.about = _refer(last, text, reading)
            ask.stacked = ask.stacked and last.intent == "approval"
    return asks


def _new_value(parts: list[Piece], last: Ask) -> str | None:
    from apps.core.understanding.values import shown

    if last.policy == "discount":
        found = [v for p in parts for v in p.percents]
        return shown(found[-1], True) if found else None
    found = [v for p in parts for v in p.sums]
    return shown(found[-1], False) if found else None


def _new_from(last: Ask, text: str, fields: list[str], parts: list[Piece], reading: Reading) -> list[Ask]:
    """An ask for a message that only refers back (nothing of its own was read)."""
    asked = any(p.question or p.follow for p in parts) or bool(fields)
    if not asked:
        return []
    if last.intent == "document":
        found, _ = match_documents(text, reading.documents)
        return [Ask(intent="document", about=[d.name for d in found])]
    if last.intent == "meeting_time" and _DAYS.search(text) and reading.now is not None:
        days, after, before = meeting_days(text, reading.now)
        return [
            Ask(
                intent="meeting_time",
                minutes=meeting_minutes(text) or last.minutes,
                days=[d.isoformat() for d in days],
                after=after,
                before=before,
            )
        ]
    if last.intent in ("record_status", "approval"):
        about = _refer(last, text, reading)
        if last.intent == "approval" and not fields:
            return [last.model_copy(update={"about": about})]
        return [Ask(intent="record_status", about=about, fields=fields or list(last.fields))]
    return []
