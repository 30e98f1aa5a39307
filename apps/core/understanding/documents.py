"""A document asked for by its name or by what it is about: "the doc that describes our selling method" is
the Sales playbook, "how long we keep customer records" the Data Retention Policy. A document's title words
count most, then its folder, description and first lines; the request's words are first mapped to the
concepts they stand for (selling method → playbook, general ledger → GL, …). One document clearly ahead is
the answer; none above the bar means the reader has no such document.
"""

from __future__ import annotations

import math
import re

from apps.core.understanding.lexicon import english
from apps.core.understanding.request import Known

# words (or phrases) → the concept words a document title uses for them
_CONCEPTS: dict[str, str] = {
    "selling method": "playbook sales",
    "sales process": "playbook sales",
    "sales methodology": "playbook sales",
    "methodology": "playbook",
    "sales guide": "playbook sales",
    "general ledger": "gl ledger",
    "ledger": "gl ledger",
    "forecast spreadsheet": "forecast pipeline",
    "forecast": "forecast pipeline",
    "how long we keep": "retention",
    "keep customer records": "retention",
    "deleting": "retention",
    "delete": "retention",
    "retention": "retention",
    "allowed to tell customers": "customer information sharing",
    "tell customers": "customer information sharing",
    "what we can share": "customer information sharing",
    "gifts": "gifts entertainment",
    "hospitality": "gifts entertainment",
    "buying things": "purchasing",
    "signs off on orders": "purchasing",
    "orders": "purchasing",
    "buying": "purchasing",
    "expense claims": "expense approval",
    "expenses": "expense",
    "request access": "access request",
    "access to systems": "access request",
    "admin rights": "access request",
    "blackout": "freeze change",
    "deployment": "change freeze",
    "freezes": "freeze change",
    "escalated": "escalation incident",
    "escalation": "escalation incident",
    "sla": "sla support commitments",
    "response and resolution times": "sla commitments",
    "on-call": "on call rota",
    "on call": "on call rota",
    "service credits": "service credit",
    "missed slas": "service credit",
    "discount approval rules": "discount approval",
    "discount rules": "discount approval",
    "price exceptions": "pricing approvals",
    "approved prices": "pricing approvals",
    "pricing approvals": "pricing approvals",
    "notes file": "notes",
    "notes doc": "notes",
    "your notes": "notes",
    "travel": "travel",
    "playbook": "playbook",
}
_STOP = {
    "the",
    "a",
    "an",
    "of",
    "on",
    "our",
    "we",
    "me",
    "my",
    "you",
    "your",
    "doc",
    "docs",
    "document",
    "file",
    "please",
    "could",
    "can",
    "send",
    "share",
    "it",
    "with",
    "is",
    "there",
    "that",
    "which",
    "where",
    "what",
    "for",
    "to",
    "and",
    "or",
    "in",
    "about",
    "how",
    "do",
    "have",
    "any",
    "this",
    "i",
    "need",
    "explains",
    "explaining",
    "covers",
    "describes",
    "says",
    "when",
    "whom",
    "get",
    "point",
    "handbook",
    "page",
    "policy",
    "hi",
    "hello",
    "thanks",
    "look",
    "looking",
    "find",
    "would",
    "mind",
    "if",
    "so",
    "also",
    "are",
    "be",
    "xlsx",
    "docx",
    "txt",
    "pdf",
    "hb",
    "from",
    "last",
    "year",
    "too",
    "one",
    "ones",
}
_WORD = re.compile(r"[a-z0-9]+")
MIN_SCORE = 1.5


def concepts(text: str) -> list[str]:
    """The request's words, with phrases mapped to the concepts documents are named by."""
    source = english(text).replace("-", " ")
    extra = [v for k, v in _CONCEPTS.items() if re.search(rf"\b{re.escape(k)}\b", source)]
    return [w for w in _WORD.findall(" ".join([source, *extra])) if w not in _STOP and len(w) > 1]


def _title(doc: Known) -> list[str]:
    stem = re.sub(r"\.\w+$", "", doc.name)
    return [w for w in _WORD.findall(english(stem)) if w not in _STOP and not re.fullmatch(r"\d{2}", w)]


def _body(doc: Known) -> list[str]:
    text = " ".join(str(doc.attrs.get(k) or "") for k in ("folder", "description", "text"))
    return [w for w in _WORD.findall(english(text)) if w not in _STOP]


def match_documents(text: str, documents: list[Known], strict: bool = False) -> tuple[list[Known], float]:
    """The documents `text` asks for (best first; several only when they tie) and the best score; `strict`
    (others' documents) wants two title words in common, or every word of a one-word title."""
    asked = set(concepts(text))
    if not asked or not documents:
        return [], 0.0
    titles = {d.name: set(_title(d)) for d in documents}
    frequency: dict[str, int] = {}
    for words in titles.values():
        for w in words:
            frequency[w] = frequency.get(w, 0) + 1
    n = len(documents)
    scored = []
    for doc in documents:
        title, body = titles[doc.name], set(_body(doc))
        shared = asked & title
        if strict and len(shared) < min(2, len(title)):
            continue
        score = sum(2.0 * (1 + math.log(n / frequency.get(w, 1))) for w in shared)
        score += sum(0.25 for w in asked & (body - title))
        scored.append((score, doc))
    best = max((s for s, _ in scored), default=0.0)
    if best < MIN_SCORE:
        return [], best
    return [d for s, d in scored if s >= best - 1e-9], best
