"""What a caller says: a pluggable `CallerResponder`, by default deterministic rules over their facts.

A question the caller can answer gets the fact (the serial number of their laptop, where they sit, when it
started, the error they saw); a vague request gets a clarifying question; something they cannot know gets
"I don't know — ask X", naming the person who does. A resolution is confirmed or rejected: whether a fix
held is part of the caller's world (a pure function of the incident and how often it was reopened), so
the same run always hears the same answer. A lab can back callers with a model through the `ticketing`
app option `caller_responder` (any object with `answer` and `verdict`).
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Mapping
from typing import Protocol, runtime_checkable

from apps.core.app_options import configured
from apps.core.stable_hash import stable_number
from apps.ticketing.callers.knowledge import CallerFacts

ACCEPT_PERCENT = 70  # share of resolutions that hold for the caller
FIX_WORDS = (
    "fixed",
    "working",
    "works",
    "resolved",
    "solved",
    "still",
    "confirm",
    "better",
    "sorted",
    "okay now",
)

# topic -> words that ask about it (matched as whole words / phrases, lower case)
TOPICS: dict[str, tuple[str, ...]] = {
    "serial": ("serial",),
    "asset_tag": ("asset tag", "asset number", "asset id"),
    "model": ("model", "make", "manufacturer"),
    "os": ("os", "operating system", "windows version", "macos version", "os version"),
    "device": ("device", "laptop", "computer", "machine", "which pc", "hostname"),
    "location": ("where", "location", "office", "floor", "desk", "site", "building"),
    "started": ("when", "since", "start", "started", "first notice", "how long"),
    "error": ("error", "message", "code", "exact text", "screenshot", "what does it say"),
    "phone": ("phone", "call you", "reach you", "number to call", "callback"),
    "employee_number": ("employee number", "employee id", "staff number", "personnel number"),
    "manager": ("manager", "line manager", "supervisor", "who do you report"),
}


@runtime_checkable
class CallerResponder(Protocol):
    """Decides a caller's words. `answer` may return None (nothing to say); `verdict` says whether the
    resolution held and what the caller writes about it."""

    def answer(self, facts: CallerFacts, asked: str) -> str | None: ...

    def verdict(self, facts: CallerFacts, reopen_count: int) -> tuple[bool, str]: ...


def asks_about_fix(text: str) -> bool:
    """Whether the desk's comment asks the caller if the problem is solved."""
    lowered = text.lower()
    return "?" in text and any(w in lowered for w in FIX_WORDS)


def is_question(text: str) -> bool:
    """Whether the desk's comment asks the caller something (a question mark or a request)."""
    lowered = text.lower()
    return "?" in text or any(
        p in lowered for p in ("please send", "please provide", "please let us know", "let me know")
    )


VAGUE = ("more detail", "more info", "anything else", "tell us more", "describe", "elaborate", "clarify")


def is_vague(text: str) -> bool:
    """Whether the comment asks for "more details" without saying which."""
    lowered = text.lower()
    return any(v in lowered for v in VAGUE)


def topics_in(text: str) -> list[str]:
    """The facts the comment asks for, in the order of TOPICS."""
    lowered = f" {re.sub(r'[^a-z0-9 ]+', ' ', text.lower())} "
    return [t for t, words in TOPICS.items() if any(f" {w} " in lowered for w in words)]


class RuleBasedCaller:
    """The default caller: answers from their facts, deterministically."""

    def answer(self, facts: CallerFacts, asked: str, fields: list[str] | None = None) -> str | None:
        """The caller's comment: the facts asked for (`fields`, from their reading of the comment; read
        here when not given), "I don't know — ask X" for the rest, a refusal for a password."""
        topics = list(dict.fromkeys(fields if fields is not None else fields_in(asked)))
        if "password" in topics:
            return _dress(facts, _NO_PASSWORD)
        if asks_about_fix(asked) and not topics:
            return self.verdict(facts, 0)[1]
        if not topics:
            if not is_question(asked):
                return None
            if is_vague(asked):
                return _dress(facts, _CLARIFY)
            return _dress(facts, _dont_know(facts, ["that"]))
        known = [text for t in topics if t in TOPICS and (text := _fact(facts, t))]
        unknown = [
            _LABELS.get(t, t.replace("_", " ")) for t in topics if t not in TOPICS or not _fact(facts, t)
        ]
        parts = known + ([_dont_know(facts, unknown)] if unknown else [])
        return _dress(facts, " ".join(parts))

    def verdict(self, facts: CallerFacts, reopen_count: int) -> tuple[bool, str]:
        holds = stable_number(f"fix:{facts.number}:{reopen_count}") % 100 < ACCEPT_PERCENT
        if holds:
            text = _pick(
                facts,
                "ok",
                (
                    "Yes, it works now. Thanks for the help!",
                    "All good on my side now, thank you.",
                    "Confirmed, it's fixed.",
                ),
            )
        else:
            text = _pick(
                facts,
                "nok",
                (
                    f"Sorry, it's still not working: {facts.symptom.lower()}.",
                    f"No, the problem is back — {facts.symptom.lower()} again this morning.",
                    "It's still happening, nothing changed on my side.",
                ),
            )
        return holds, _sign(facts, text)


_NO_PASSWORD = (
    "I won't send my password — nobody should ask for it, and I'd rather reset it through the self-service "
    "portal or with you on a call."
)


def fields_in(text: str) -> list[str]:
    """The facts a desk comment asks the caller for, as the understanding layer reads it (any wording,
    English, Spanish, German or French)."""
    from apps.core.understanding import Reading
    from apps.core.understanding.reader import read_message

    request = read_message("", text, Reading(), "caller")
    return [f for a in request.asks for f in a.fields]


def answer_with(responder: CallerResponder, facts: CallerFacts, asked: str, fields: list[str]) -> str | None:
    """The caller's answer: the rule-based caller gets the facts the recorded reading asks for; a lab's
    responder gets the comment."""
    if "fields" in inspect.signature(responder.answer).parameters:
        return responder.answer(facts, asked, fields or None)
    return responder.answer(facts, asked)


_CLARIFY = (
    "Happy to help, but what exactly do you need from me — the device details, the error message, "
    "or when it started?"
)


_LABELS = {
    "serial": "the serial number",
    "asset_tag": "the asset tag",
    "os": "the operating system version",
    "model": "the model",
    "device": "which device it is",
    "location": "where I'm registered",
    "phone": "a phone number",
    "error": "the error message",
    "started": "when it started",
    "employee_number": "my employee number",
    "manager": "who my manager is",
    "firmware": "the firmware version",
    "root_cause": "the root cause",
    "sla": "the SLA target",
}


def _fact(facts: CallerFacts, topic: str) -> str | None:
    """The caller's sentence for `topic`, or None when they do not know it."""
    d = facts.device
    if topic == "started":
        return f"It started on {facts.started:%A %d %B} around {facts.started:%H:%M}."
    if topic == "location":
        return f"I'm in the {facts.location} office." if facts.location else None
    if topic == "employee_number":
        return f"My employee number is {facts.employee_number}." if facts.employee_number else None
    if topic == "manager":
        return f"My manager is {facts.manager}." if facts.manager else None
    if topic == "phone":
        return f"You can reach me on {facts.phone}." if facts.phone else None
    if topic == "error":
        if facts.error_text:
            return f'The message says: "{facts.error_text}".'
        return f"There's no error message as such — {facts.symptom.lower()}."
    if topic == "device":
        if d is not None:
            made = " ".join(filter(None, (d.manufacturer, d.model)))
            return f"It's my {d.kind_label}, {d.name}" + (f" ({made})." if made else ".")
        return f"It's about {facts.service}." if facts.service else None
    if d is None:
        return None
    value = {
        "serial": d.serial,
        "asset_tag": d.asset_tag,
        "os": d.os,
        "model": " ".join(filter(None, (d.manufacturer, d.model))) or None,
    }[topic]
    return f"{_LABELS[topic].capitalize()} of {d.name} is {value}." if value else None


def _dont_know(facts: CallerFacts, what: list[str]) -> str:
    listed = what[0] if len(what) == 1 else ", ".join(what[:-1]) + " or " + what[-1]
    if facts.referral is None:
        return f"I'm afraid I don't know {listed}."
    return f"I don't know {listed} — please ask {facts.referral.name} ({facts.referral.why})."


def _pick(facts: CallerFacts, salt: str, options: tuple[str, ...]) -> str:
    return options[stable_number(f"{salt}:{facts.number}:{facts.caller_id}") % len(options)]


def _dress(facts: CallerFacts, body: str) -> str:
    opener = {"formal": "Hello,", "friendly": "Hi there!", "brief": ""}[facts.tone]
    return _sign(facts, f"{opener} {body}".strip())


def _sign(facts: CallerFacts, text: str) -> str:
    closing = {
        "formal": f"Kind regards,\n{facts.name}",
        "friendly": f"Thanks,\n{facts.first_name}",
        "brief": facts.first_name,
    }[facts.tone]
    return f"{text}\n\n{closing}"


def caller_responder_for(options: Mapping[str, object]) -> CallerResponder:
    """The caller responder configured for the ticketing app (`Gym(app_options={"ticketing":
    {"caller_responder": ...}})`), or the rule-based one.

    Args:
        options: the ticketing app's options on the episode's Gym (`ctx.options`).
    """
    return configured(options, "caller_responder", CallerResponder, RuleBasedCaller)
