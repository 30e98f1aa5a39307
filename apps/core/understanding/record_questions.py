"""Questions about records in a message: which deals and incidents a person asks about, and which of their
fields (`record_questions`); a piece naming fields without a record joins its neighbour's record, and a
customer's "the ticket" is their own incident (`own_incidents`)."""

from __future__ import annotations

import re

from apps.core.understanding.mentions import key
from apps.core.understanding.pieces import Piece
from apps.core.understanding.request import Ask, Reading

_ASKS_ABOUT = re.compile(
    r"\?|\b(?:what|when|which|who|how|whether|tell me|let me know|can you (?:check|confirm|send|share))\b",
    re.I,
)


def own_incidents(p: Piece, reading: Reading) -> list[str]:
    """The reader's own incident a piece means without its number: the only one, or the one whose
    description shares most words with the piece."""
    mine = [k for k in reading.own if k.kind == "incident"]
    if len(mine) <= 1:
        return [k.name for k in mine]
    said = set(key(p.text))
    scored = [(len(said & set(key(k.attrs.get("short_description", "")))), k.name) for k in mine]
    best = max(s for s, _ in scored)
    return [name for s, name in scored if s == best] if best else []


def record_questions(
    parts: list[Piece], used: set[int], role: str, reading: Reading, *, evidence: bool = False
) -> list[Ask]:
    """Questions about deals and incidents; a piece of fields without a record joins its neighbour (a
    customer's question about "the ticket" or "the issue" is about their own incident). With `evidence`
    (the mail asks for an approval), a piece that only states facts about its records asks nothing."""
    asks: list[Ask] = []
    pending: list[str] = []
    tickets = role == "customer" and any(p.ticket for p in parts)
    for i, p in enumerate(parts):
        if i in used:
            continue
        incident_talk = p.incidents or (tickets and (p.ticket or p.incident_fields) and not p.deals)
        if evidence and not _ASKS_ABOUT.search(p.text):
            continue
        if p.person_fields:
            continue
        if role == "customer" and p.topic and not p.deals and not p.incidents:
            continue
        if role == "customer" and p.proposal and not p.deals and not p.ticket:
            own = [k.name for k in reading.own if k.kind == "deal"]
            fields = p.deal_fields or ["amount"]
            if len(own) > 1:  # "the proposal" of a customer with several: which one is unclear
                asks.append(Ask(intent="record_status", fields=fields, ambiguous=own))
            else:
                asks.append(Ask(intent="record_status", about=own, fields=fields))
            used.add(i)
        elif p.deals and not p.incidents:
            fields = list(dict.fromkeys(pending + p.deal_fields))
            pending = []
            about = [d.name for d in p.deals]
            asks.append(Ask(intent="record_status", about=about, fields=fields, pass_on=p.pass_on))
            used.add(i)
        elif incident_talk and (p.incident_fields or p.question or p.incidents):
            fields = list(dict.fromkeys(pending + p.incident_fields))
            pending = []
            about = p.incidents or own_incidents(p, reading)
            if asks and asks[-1].intent == "record_status" and asks[-1].about == about:
                asks[-1].fields = list(dict.fromkeys(asks[-1].fields + fields))
            else:
                asks.append(
                    Ask(intent="record_status", about=about, fields=fields or ["state"], pass_on=p.pass_on)
                )
            used.add(i)
        elif (p.deal_fields or p.incident_fields) and not p.person_fields and not p.topic:
            mine = p.incident_fields if tickets else p.deal_fields
            if asks and asks[-1].intent == "record_status":
                asks[-1].fields = list(dict.fromkeys(asks[-1].fields + mine))
            else:
                pending += mine
            used.add(i)
    if pending:
        asks.append(Ask(intent="record_status", fields=pending))
    return asks
