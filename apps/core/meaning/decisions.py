"""A decision read from someone's own words: approved, rejected, not needed, or more information wanted —
in any wording, and aware of negation and of talk about approvals that decides nothing.

"Approved", "you have my approval", "go ahead", "signed off" approve; "not approved", "can't approve",
"I won't sign off", "rejected", "declined", "denied", "beyond my limit", "I'm not the right person" reject;
"no approval needed", "doesn't need approval" say it is not needed; a question back asks for more. Talk
that decides nothing — "could you approve", "this needs to be approved by the CFO", "who can approve",
"pending approval" — is not read as a decision. A message mixing approval and rejection is a rejection
(an approval must be unambiguous). Read quoted text out first (`quoting.own_words`).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Literal

from apps.core.meaning.text import fold

Decision = Literal["approved", "rejected", "not_needed", "more_info"]

_SIGN_OFF = r"(?:approval|sign[- ]?off|authori[sz]ation)"
_NOT_NEEDED = [
    rf"\bno (?:\w+ )?{_SIGN_OFF}s? (?:is |are )?(?:needed|required|necessary)\b",
    rf"\b{_SIGN_OFF} (?:is |are )?(?:not|n't) (?:needed|required|necessary)\b",
    rf"\b(?:does|do|did|will)(?: not|n't) (?:need|require) (?:\w+ ){{0,2}}{_SIGN_OFF}\b",
    r"\b(?:needs|requires) no (?:\w+ )?(?:approval|sign[- ]?off)\b",
    r"\bno need (?:for|of) (?:\w+ ){0,2}(?:approval|sign[- ]?off)\b",
    r"\bno need to (?:ask|get|seek|request)\b",
    r"\bnot needed\b|\bnot required\b|\bunnecessary\b|\bnothing to approve\b",
    r"\bwithin (?:your|the) own (?:approval )?(?:limit|authority)\b",
]
_REJECT = [
    r"\breject(?:ed|ing)?\b|\bdeclin(?:e|ed|ing)\b|\bden(?:y|ied|ying)\b|\brefus(?:e|ed|ing)\b|\bveto(?:ed)?\b",
    r"\b(?:beyond|above|over|exceeds?|outside) (?:my|the) (?:own )?(?:approval |signing )?"
    r"(?:limit|authority|level)\b",
    r"\bnot (?:the right person|my (?:call|decision)|in a position|authori[sz]ed|permitted|allowed)\b",
    r"\b(?:is|'s|are|'re) not (?:permitted|allowed|possible)\b",
    r"\bnobody can approve\b|\bno one can approve\b|\bcannot be approved\b|\bcan't be approved\b",
    r"\bnot (?:going|able) to (?:approve|sign)\b|\bunable to (?:approve|sign)\b",
    r"^\s*no\b(?! (?:problem|worries|need|approval|objection))|\b(?:said|says|answered) no\b",
]
_APPROVE = [
    r"\bapprov(?:e|ed|ing|al)\b",
    r"\bgo(?:ing)? ahead\b|\bgreen[- ]light\b|\bsign(?:ed|ing)? off\b|\bsigned\b",
    r"\bok(?:ay)? (?:to|with|from me|by me)\b|\bfine (?:by|with) me\b|\bno objections?\b",
    r"\bgranted\b|\bauthori[sz]ed\b|\byou have my (?:approval|blessing|ok|okay|sign[- ]?off)\b",
    r"^\s*(?:yes|yep|sure|agreed|ok|okay)\b",
    r"\bapproval\W{0,3}(?:yes|granted|given|confirmed|ok)\b",
]
# An approval word that is negated: the writer refuses.
_NEGATION = re.compile(
    r"\b(?:not|no|never|cannot|can't|cant|won't|wont|don't|didn't|doesn't|isn't|wasn't|couldn't|wouldn't|"
    r"shouldn't|unable to|refuse to|decline to|n't)\b(?:\W+\w+){0,3}\W*$"
)
# An approval word in talk about approval that decides nothing (asking, needing, waiting, naming who may).
_TALK = re.compile(
    r"(?:\b(?:could|can|would|will) you\b|\bplease\b|\bneeds?\b|\brequires?\b|\bmust\b|\bhas to\b|\bhave to\b"
    r"|\bshould\b|\bwho\b|\bwhoever\b|\bif\b|\bonce\b|\bunless\b|\buntil\b|\bwhether\b|\bpending\b|\bawaiting\b"
    r"|\bwaiting\b|\bfor (?:your|his|her|their)\b|\byour\b|\bhis\b|\bher\b|\btheir\b|\brequest(?:ing|ed)?\b"
    r"|\basking\b|\bask\b|\bseek(?:ing)?\b|\bto be\b|\bget\b|\bgetting\b|\bwhich\b|\bwhat\b|\bhow\b)"
    r"(?:\W+\w+){0,4}\W*$"
)
_ANSWERS = r"(?:yes|no|approved|rejected|declined|not needed)"
_HEDGE = re.compile(
    rf"\b{_ANSWERS}\s*(?:/|\bor\b|\band/or\b)\s*(?:maybe\s+)?{_ANSWERS}\b"
    rf"|\b{_ANSWERS}\s*,\s*{_ANSWERS}\s*,?\s*(?:or\s+|and\s+)?{_ANSWERS}\b"
)
_HARMLESS_NO = re.compile(r"\bno (?:problem|worries)\b")
_QUESTION = re.compile(
    r"\?|\b(?:could|can|would) you (?:send|share|tell|confirm|clarify|explain|give)\b|\bmore (?:detail|info)"
)


@dataclass(frozen=True)
class DecisionReading:
    """What a message decides (`decision`, None when it decides nothing) and the words that showed it."""

    decision: Decision | None
    evidence: tuple[str, ...] = ()


# A greeting or lead-in before the answer ("Hello, no", "For the record: no") starts no clause of its own.
_LEAD_IN = re.compile(
    r"^\s*(?:hello|hi|hey|dear \w+|good (?:morning|afternoon|evening)|for the record)\s*[,:!]\s*"
)


def _clauses(text: str) -> list[str]:
    text = _LEAD_IN.sub("", text)
    parts = re.split(r"[.;!\n]+|,\s*(?:but|however|though|although)\b|\s-\s|\bbut\b", text)
    return [p.strip() for p in parts if p.strip()]


def _first(patterns: list[str], clause: str) -> re.Match | None:
    hits = [m for p in patterns if (m := re.search(p, clause))]
    return min(hits, key=lambda m: m.start()) if hits else None


@functools.lru_cache(maxsize=4096)
def read_decision(text: str | None) -> DecisionReading:
    """The decision `text` states (a pure function of the text, kept for the texts read last: a verdict reads
    the same mails against many expectations, twice).

    Args:
        text: the decider's own words (quoted text removed first).

    Returns:
        `DecisionReading(decision, evidence)`: None for a hedge ("approved or rejected", "yes/no");
        "not_needed" when any clause says no approval is needed;
        else "rejected" when any clause rejects (a negated approval included); else "approved" when a
        clause approves; else "more_info" when it asks something back; else None.
    """
    if _HEDGE.search(fold(text or "")):  # "approved or rejected", "yes/no": a guess decides nothing
        return DecisionReading(None, ("a hedge",))
    found: dict[str, list[str]] = {"not_needed": [], "rejected": [], "approved": []}
    for clause in _clauses(fold(text or "")):
        if m := _first(_NOT_NEEDED, clause):
            found["not_needed"].append(m.group(0))
            continue
        if m := _first(_REJECT, clause):
            found["rejected"].append(m.group(0))
            continue
        clause = _HARMLESS_NO.sub("fine", clause)
        for m in (m for p in _APPROVE for m in re.finditer(p, clause)):
            before = clause[: m.start()]
            if _NEGATION.search(before):
                found["rejected"].append(f"{before.split()[-1] if before.split() else ''} {m.group(0)}")
            elif not _TALK.search(before) and m.group(0) != "approval":  # the noun alone decides nothing
                found["approved"].append(m.group(0))
    for decision in ("not_needed", "rejected", "approved"):
        if found[decision]:
            return DecisionReading(decision, tuple(found[decision]))  # type: ignore[arg-type]
    if _QUESTION.search(fold(text or "")):
        return DecisionReading("more_info", ("a question",))
    return DecisionReading(None)


def decision_of(text: str | None) -> Decision | None:
    """Only the decision of `read_decision(text)`."""
    return read_decision(text).decision
