"""The mix of every employee's mailbox: how many customer threads, internal threads with replies, ticketing
and CRM notifications, meeting requests and newsletters each holds, against `MAILBOX_MIN`."""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Iterator
from typing import Any

from worlds.audit.checks import SYSTEM_SENDERS, Finding, World
from worlds.generator import distributions as D

DESK, CRM, NEWS = SYSTEM_SENDERS


def _internal(address: str) -> bool:
    return address.endswith("@acme.example")


def kinds(w: World) -> dict[str, Counter]:
    """Per mailbox (owner id): how many of each kind of mail or thread it holds."""
    out: dict[str, Counter] = defaultdict(Counter)
    threads: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for m in w["office/message"]:
        owner, sender = m["owner_id"], m["from_address"]
        if sender == DESK:
            out[owner]["ticketing notifications"] += 1
        elif sender == CRM:
            out[owner]["CRM notifications"] += 1
        elif sender == NEWS:
            out[owner]["newsletters"] += 1
        elif m["meeting_message_type"] == "meetingRequest":
            out[owner]["meeting requests"] += 1
        else:
            threads[owner, m["conversation_id"]].append(m)
    for (owner, _), mails in threads.items():
        people = {m["from_address"] for m in mails} | {a for m in mails for a in m["to_recipients"]}
        if not all(_internal(a) for a in people):
            out[owner]["customer threads"] += 1
        elif len(mails) > 1 and any(m["subject"].startswith("RE: ") for m in mails):
            out[owner]["internal threads with replies"] += 1
    return out


def mailbox_mix(w: World) -> Iterator[Finding]:
    """Every employee's mailbox holds at least `MAILBOX_MIN` of each kind."""
    counts = kinds(w)
    users = [u["id"] for u in w["office/user"]]
    for kind, least in D.MAILBOX_MIN.items():
        short = [u for u in users if counts[u][kind] < least]
        values = [counts[u][kind] for u in users]
        yield Finding(
            f"mailboxes: every employee has >= {least} {kind}",
            f"{len(short)}/{len(users)} short; median {statistics.median(values) if values else 0:g}",
            not short,
        )


def table(w: World) -> list[tuple[str, float]]:
    """Median count of each kind per mailbox."""
    counts = kinds(w)
    users = [u["id"] for u in w["office/user"]]
    return (
        [(kind, statistics.median(counts[u][kind] for u in users)) for kind in D.MAILBOX_MIN] if users else []
    )
