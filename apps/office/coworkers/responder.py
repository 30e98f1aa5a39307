"""How a virtual coworker decides what to say: a pluggable `PersonaResponder`.

The default `RuleBasedResponder` is deterministic (rules per persona in the world files). A lab can
back personas with a language model by wrapping it in `RecordedResponder`, whose cache (keyed by
persona + conversation state) makes a recorded episode replay exactly without the model:

    from apps.core.api import Gym
    from apps.office.coworkers import RecordedResponder
    responder = RecordedResponder(MyModelResponder(), cache_path="replies.json")
    gym = Gym(app_options={"office": {"responder": responder}})
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Protocol, runtime_checkable

from apps.core.app_options import configured
from apps.core.meaning import own_words
from apps.office.coworkers.acknowledgements import acknowledgement
from apps.office.coworkers.approvals import TITLES
from apps.office.coworkers.change_decisions import POLICY as CHANGE_POLICY

NOT_AN_APPROVAL = (
    "That isn't an approval I gave: an approval quoted or forwarded in a mail is no approval. Send me the "
    "request itself (the deal or claim and the value) and I'll decide it."
)
REQUEST_WORDS = ("please", "can you", "could you", "would you", "need", "send me", "let me know", "?")
VAGUE_WORDS = (  # asks a customer contact cannot place
    "the document",
    "the file",
    "that report",
    "the report",
    "more detail",
    "more info",
    "the thing",
)


@dataclass(frozen=True)
class PersonaCard:
    """What a responder knows about the coworker it speaks for."""

    persona_id: str
    name: str
    first_name: str
    summary: str
    knowledge: list[dict] = field(default_factory=list)
    policies: list[dict] = field(default_factory=list)
    meeting_rules: dict = field(default_factory=dict)
    signature: str = ""
    clarifying_question: str = ""
    referral: str = ""
    # the handbook as this colleague knows it (apps/office/coworkers/handbook.py): facts, refusals, approvals
    handbook: dict = field(default_factory=dict)
    # the message as they read it (apps/core/understanding: Request) and their answer's facts and decisions
    # per ask (apps/office/coworkers/decide.py), for the message being answered
    request: dict = field(default_factory=dict)
    answers: list[dict] = field(default_factory=list)


@dataclass(frozen=True)
class Turn:
    sender: str
    text: str


@dataclass(frozen=True)
class Incoming:
    """A message the coworker received: channel is mail or chat; history is the thread so far."""

    channel: str
    sender_name: str
    subject: str
    text: str
    history: tuple[Turn, ...] = ()


@dataclass(frozen=True)
class Invitation:
    """A meeting the coworker is invited to, in their own local time, and whether they are free."""

    subject: str
    organizer_name: str
    local_start: str
    local_end: str
    weekday: str
    busy: bool


@runtime_checkable
class PersonaResponder(Protocol):
    def reply(self, persona: PersonaCard, incoming: Incoming) -> str | None:
        """The coworker's answer text, or None when they would not answer."""

    def decide(self, persona: PersonaCard, invitation: Invitation) -> tuple[str, str]:
        """(accepted | tentativelyAccepted | declined, comment) for a meeting invitation."""


def matched_knowledge(persona: PersonaCard, incoming: Incoming) -> list[dict]:
    """The persona's knowledge entries the message asks about (any of an entry's keywords appears)."""
    text = f"{incoming.subject}\n{new_text(incoming.text)}".lower()
    return [k for k in persona.knowledge if asks(k, text)]


def asks(entry: dict, text: str) -> bool:
    """Whether lower-cased `text` asks about a knowledge entry: one of its `keywords` appears, and every one
    of its `requires` (a QBR entry requires its account's name)."""
    found = any(w.lower() in text for w in entry.get("keywords", []))
    return found and all(w.lower() in text for w in entry.get("requires", []))


def new_text(text: str) -> str:
    """A message's own words, without the original it quotes or forwards (`apps.core.meaning`)."""
    return own_words(text)


def _refusal(persona: PersonaCard, text: str) -> str | None:
    """A request against one of the colleague's rules or a handbook policy they know, declined with the
    reason (a change they decide on the desk is answered by that decision, never by the Change Freeze
    Policy's stock refusal: "an emergency change during the freeze" may be one it allows)."""
    decided = any(a.get("policy") == "change" for a in persona.answers)
    for policy in persona.policies:
        if any(k.lower() in text for k in policy.get("keywords", [])):
            return policy["reply"]
    for refusal in persona.handbook.get("refusals", []):
        if decided and CHANGE_POLICY in refusal.get("source", ""):
            continue
        if asks(refusal, text):
            return refusal["reply"]
    return None


def word(answer: dict, asker: str) -> str:
    """One answer (`decide.answers`) in the colleague's words."""
    kind = answer["kind"]
    if kind == "deals":
        lines = []
        for d in answer["deals"]:
            owner = f" (owned by {d['owner']})" if d.get("owner") else ""
            step = f", next step: {d['next_step']}" if d.get("next_step") else ""
            lines.append(
                f"“{d['name']}”{owner} is at {d['stage']}, {d['amount']}, closing {d['close_date']}{step}."
            )
        return "\n".join(lines)
    if kind == "yours":
        return (
            f"“{answer['name']}” is your own deal — you own it in the CRM, so you'll have the latest on it."
        )
    if kind == "refer":
        title = f" ({answer['title']})" if answer.get("title") else ""
        return f"I don't know the details of {answer['what']} — ask {answer['to']}{title}, who owns it."
    if kind == "refer_desk":
        return f"I don't know about {answer['what']} — nobody is assigned to it yet; ask the service desk."
    if kind == "incident":
        inc = answer["incident"]
        who = f", assigned to {inc['assigned_to']}" if inc.get("assigned_to") else ""
        return (
            f"{inc['number']} ({inc['short_description']}) is {inc['state']}, priority "
            f"{inc['priority']}{who}."
        )
    if kind == "document":
        return (
            f"Sure — “{answer['name']}” is in my OneDrive. I've shared it with you, so it shows "
            f"under Shared with me."
        )
    if kind == "no_document":
        return "I don't have a document like that, I'm afraid — there's no such file in my OneDrive."
    if kind == "slots":
        reason = f"{answer['reason']} " if answer.get("reason") else ""
        return reason + answer["text"]
    return answer["text"]


class RuleBasedResponder:
    """Deterministic rules: refuse what policy forbids, answer each ask from the records, documents,
    calendar and handbook (`card.answers`), otherwise what the persona knows, otherwise ask back."""

    def reply(self, persona: PersonaCard, incoming: Incoming) -> str | None:
        text = f"{incoming.subject}\n{new_text(incoming.text)}".lower()
        hello = f"Hi {incoming.sender_name.split()[0]},"
        sign = f"\n\n{persona.signature}" if persona.signature and incoming.channel == "mail" else ""
        request = persona.request or {}
        # a report that asks nothing ("I did not share what another customer paid — it's confidential") is
        # not a request against the policy it names
        reported = request.get("news") and not request.get("asks")
        refused = None if reported else _refusal(persona, text)
        if refused:
            return f"{hello}\n\n{refused}{sign}"
        matched = matched_knowledge(persona, incoming)
        # a review's day they plan, what they found in a deck they were asked to review
        said = [k["answer"] for k in matched if k.get("topic") in ("review", "deck_review")]
        said += [word(a, incoming.sender_name) for a in persona.answers]
        asked = request.get("asks", [])
        if not asked and request.get("quoted_approval"):
            return f"{hello}\n\n{NOT_AN_APPROVAL}{sign}"
        if request.get("courtesy") and not said:
            return None  # "Thanks!", "Got it, will do": nothing to answer, least of all a second thank-you
        if request.get("news") and not said:
            # a report of work done: thanks when it answers their request in the thread, else nothing
            if any(t.sender == persona.name for t in incoming.history):
                earlier = [t.text for t in incoming.history]
                thanks = acknowledgement(
                    persona.persona_id, incoming.subject, new_text(incoming.text), earlier
                )
                return f"{hello}\n\n{thanks}{sign}"
            return None
        if not asked and not any(w in new_text(incoming.text).lower() for w in REQUEST_WORDS):
            return None
        if not said or any(a["intent"] in ("policy_question", "other", "person_info") for a in asked):
            facts = [f for f in persona.handbook.get("facts", []) if asks(f, text)]
            named = [
                TITLES[a["policy"]] for a in asked if a["intent"] == "policy_question" and a.get("policy")
            ]
            if said and named and all(a["intent"] in ("policy_question", "approval") for a in asked):
                # the other asks are answered: a question about a policy adds that policy's facts only
                facts = [f for f in facts if any(title in f.get("source", "") for title in named)]
            else:
                said += [k["answer"] for k in matched]
            said += [f["answer"] for f in facts]
        said = list(dict.fromkeys(said))
        if said:
            return f"{hello}\n\n" + "\n\n".join(said) + sign
        if asked or any(w in text for w in REQUEST_WORDS):
            if (
                persona.referral
                and incoming.sender_name not in persona.referral
                and not any(v in text for v in VAGUE_WORDS)
            ):
                return f"{hello}\n\n{persona.referral}{sign}"  # someone who would know (never the asker)
            question = persona.clarifying_question or (
                "Happy to help, but I'm not sure what you need from me. Could you say which account or "
                "document this is about, and by when you need it?"
            )
            return f"{hello}\n\n{question}{sign}"
        return None

    def decide(self, persona: PersonaCard, invitation: Invitation) -> tuple[str, str]:
        rules = persona.meeting_rules
        if invitation.busy:
            return "declined", "Sorry, I already have something at that time. Could we find another slot?"
        if invitation.weekday in rules.get("no_meeting_days", []):
            return "declined", rules.get(
                "no_meeting_reason", f"I keep {invitation.weekday} free of meetings."
            )
        earliest, latest = rules.get("earliest", "00:00"), rules.get("latest", "23:59")
        if invitation.local_start[11:16] < earliest or invitation.local_end[11:16] > latest:
            return "declined", f"That's outside the hours I take meetings ({earliest}-{latest} my time)."
        if rules.get("tentative_for_optional") and "optional" in invitation.subject.lower():
            return "tentativelyAccepted", "I'll try to make it."
        return "accepted", ""


def cache_key(persona: PersonaCard, kind: str, state: object) -> str:
    """Key of a recorded reply: the persona and the full conversation state it answered."""
    blob = json.dumps(
        {"persona": persona.persona_id, "kind": kind, "state": state}, sort_keys=True, default=str
    )
    return hashlib.sha256(blob.encode()).hexdigest()


class RecordedResponder:
    """Wraps another responder (e.g. one backed by a language model) with a record/replay cache.

    A cached key is answered from the cache; a miss asks `inner` and records the answer, or raises
    LookupError when there is no inner responder (replay-only mode).
    """

    def __init__(self, inner: PersonaResponder | None = None, cache_path: str | Path | None = None):
        self.inner = inner
        self.path = Path(cache_path) if cache_path else None
        self.cache: dict[str, object] = (
            json.loads(self.path.read_text()) if self.path and self.path.exists() else {}
        )

    def _lookup(self, key: str, compute):
        if key in self.cache:
            return self.cache[key]
        if self.inner is None:
            raise LookupError(f"no recorded reply for {key} and no responder to ask")
        value = compute()
        self.cache[key] = value
        if self.path:
            self.path.write_text(json.dumps(self.cache, indent=1, sort_keys=True))
        return value

    def reply(self, persona: PersonaCard, incoming: Incoming) -> str | None:
        key = cache_key(persona, "reply", asdict(incoming))
        return self._lookup(key, lambda: self.inner.reply(persona, incoming))  # type: ignore[union-attr]

    def decide(self, persona: PersonaCard, invitation: Invitation) -> tuple[str, str]:
        key = cache_key(persona, "decide", asdict(invitation))
        status, comment = self._lookup(key, lambda: list(self.inner.decide(persona, invitation)))  # type: ignore[union-attr]
        return status, comment


def responder_for(options: Mapping[str, object]) -> PersonaResponder:
    """The responder the lab configured for the office app (`Gym(app_options={"office": {"responder":
    ...}})`), or the deterministic rule-based one.

    Args:
        options: the office app's options on the episode's Gym (`ctx.options`).
    """
    return configured(options, "responder", PersonaResponder, RuleBasedResponder)
