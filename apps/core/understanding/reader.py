"""The rule-based reader: a message → `Request`.

Only the writer's own words are read for what is asked (quoted and forwarded text may name the record the
question is about, never a decision); the message is cut into pieces (`segments`), each piece read
(`pieces`), and the pieces assembled into asks: approvals (one per value, sums for one purpose added up),
record questions (a piece asking for facts without naming a record takes the record its neighbour
names), a meeting time, documents, the reader's own details, other topics. A message that names no record
takes it from the thread: "and the amount?", "the other one?", "same for the Needs Analysis deal",
"make it 14% instead" (`followup`).
"""

from __future__ import annotations

import re

from apps.core.meaning import split_message
from apps.core.understanding import lexicon as lx
from apps.core.understanding.change_asks import change_approvals, names_a_change
from apps.core.understanding.courtesy import only_courtesy
from apps.core.understanding.followup import continue_thread, own_request_policies
from apps.core.understanding.language import detect
from apps.core.understanding.mentions import find_deals
from apps.core.understanding.money_asks import money_approvals
from apps.core.understanding.pieces import WRITERS_WORK, Piece, read_piece
from apps.core.understanding.record_questions import record_questions
from apps.core.understanding.request import Ask, Reading, Request
from apps.core.understanding.segments import pieces as cut
from apps.core.understanding.values import meeting_days, meeting_minutes

_EMPTY = Piece(text="", english="")
# what a person reads of one message: its first ~3,000 words (a mail padded to megabytes is not read to
# the end; reading it all made every colleague's reply cost seconds)
READ_AT_MOST = 20_000
_DECIDED = re.compile(r"^\s*(?:approved|rejected)\b|\bapproved:", re.I)


def read_message(subject: str, text: str, reading: Reading, role: str = "colleague") -> Request:
    """What a message asks, as a `Request`.

    Args:
        subject: the mail's subject ("" for chat and comments).
        text: the message as received (quoted text below it is read only for context).
        reading: the thread, the clock and what the reader can match mentions against.
        role: who reads it — "colleague", "customer" or "caller".
    """
    split = split_message(text[:READ_AT_MOST])
    own = split.own
    parts = [read_piece(p, reading, role) for p in cut(own)]
    names = [d for p in parts for d in p.records]
    language = detect(own, names)
    news = _news(parts, subject)
    asks = continue_thread(
        [] if news else _assemble(parts, own, reading, role, subject), parts, reading, role, read_message
    )
    if news:  # figures sent for information, work reported done: its fields, topics and sums ask nothing —
        # but a value that continues an approval asked in the thread ("and $490 for the drinks after") does
        asks = [a for a in asks if a.intent == "approval"]
        news = not asks
    theirs = own_request_policies(reading, role, read_message)
    if theirs:  # news of the approval the reader asked for ("it is not approved yet"): nothing asked of them
        kept = [a for a in asks if not (a.intent == "approval" and a.policy in theirs)]
        news = news or (len(kept) < len(asks) and not kept)
        asks = kept
    if any(p.readers_own for p in parts) and "?" not in own:
        # news of the reader's own order ("your $1,500 purchase needs Jennifer's approval; I've sent it to
        # her", "only $800 of your order was approved — please keep it within that"): asks them no approval
        asks = [a for a in asks if a.intent != "approval"]
        news = news or not asks
    if "?" not in own and _NOTHING_ASKED.search(lx.english(own)) and not any(p.approve for p in parts):
        asks, news = [], True  # "nothing further is needed from you": a note closing the loop asks nothing
    if not asks and "?" not in own and _REPORTED.search(lx.english(own)):
        news = True  # a decision reported ("only $800 was approved, not the full $1,500"): it asks nothing
    if not any(a.about for a in asks if a.intent in ("record_status", "approval")):
        _context(asks, subject, split.quoted, reading, role)
    asks = _forwarded_asks(asks, news, subject, own, split.quoted, reading, role)
    _forwarded_for(asks, subject, split.quoted, reading)
    if any(a.intent != "record_status" for a in asks):  # "a trip to see Parker PLC" asks nothing of Parker
        asks = [a for a in asks if a.intent != "record_status" or a.fields or a.about == []]
    if any(a.intent == "approval" for a in asks):  # "Amount: 94,200" beside an approval describes its deal
        asks = [a for a in asks if a.intent != "record_status" or a.about]
    # a decision quoted is none — unless it is the reader's own, said earlier in the thread (a thank-you
    # quoting their "Approved: …" passes on nothing of anyone else's)
    quoted = (
        bool(_DECIDED.search(split.quoted))
        and not any(_DECIDED.search(p.text) for p in parts)
        and not _own_decisions(split.quoted, reading)
    )
    courtesy = not (asks or news or quoted) and only_courtesy(own)
    return Request(language=language, asks=asks, quoted_approval=quoted, news=news, courtesy=courtesy)


_REPORTED = re.compile(
    r"\b(?:was|were|is|are|has been|have been|got|been) (?:only )?(?:approved|rejected|declined)\b"
    r"|\bapproved (?:it |them )?only up to\b"
)
_NOTHING_ASKED = re.compile(
    r"\bnothing (?:further |more |else )?(?:is )?(?:needed|required)\b"
    r"|\bno (?:further )?action (?:is )?(?:needed|required)\b|\bno need to (?:reply|respond|do anything)\b"
)
_FORWARD = re.compile(r"^\s*(?:fw|fwd)\s*:", re.I)
_FROM_LINE = re.compile(r"^[>\s]*From:\s*([^<\n]+?)\s*(?:<[^>\n]*>)?\s*$", re.M)


_HEADERS_END = re.compile(r"^[>\s]*Subject:[^\n]*\n", re.M | re.I)


def _forwarded_asks(  # noqa: PLR0913
    asks: list[Ask], news: bool, subject: str, own: str, quoted: str, reading: Reading, role: str
) -> list[Ask]:
    """A forward whose cover note asks the reader to handle the request below without restating it ("could
    you look at Christopher's order below?") asks the forwarded request's approvals; one that restates it
    without its sum ("could you approve the purchase below?") asks for the sum the forwarded request names.

    Args:
        asks: what the cover note asks, as read so far.
        news: whether the cover note only reports.
        subject: the mail's subject (a forward's starts "FW:").
        own: the cover note (the writer's own words).
        quoted: the forwarded mail, its header lines first.
        reading: what the reader reads the message with.
        role: who reads it ("colleague", "customer", "caller").
    """
    found = _FROM_LINE.search(quoted) if quoted and _FORWARD.search(subject) else None
    if news or found is None or found.group(1).strip() not in {k.name for k in reading.people}:
        return asks
    header = _HEADERS_END.search(quoted, found.end())
    body = quoted[header.end() :] if header else quoted[found.end() :]
    title = header.group(0).split(":", 1)[1].strip() if header else ""
    inner = [a for a in read_message(title, body, reading, role).asks if a.intent == "approval"]
    for ask in asks:
        if ask.intent == "approval" and ask.value is None:
            same = [a for a in inner if a.policy == ask.policy and a.value]
            if len(same) == 1:
                ask.value = same[0].value
    if not asks and ("?" in own or re.search(r"\bplease\b", own, re.I)):
        return inner
    return asks


def _forwarded_for(asks: list[Ask], subject: str, quoted: str, reading: Reading) -> None:
    """An approval forwarded with the request below it ("could you approve the purchase below?") is for
    whoever wrote the request forwarded — the requester, not the writer who forwards it (whose line
    manager has nothing to do with it)."""
    found = _FROM_LINE.search(quoted) if quoted and _FORWARD.search(subject) else None
    if found is None or found.group(1).strip() not in {k.name for k in reading.people}:
        return
    for ask in asks:
        if ask.intent == "approval" and not ask.for_person and ask.policy in ("purchase", "expense", "gift"):
            ask.for_person = found.group(1).strip()


def _own_decisions(quoted: str, reading: Reading) -> bool:
    """Every decision line of the quoted text is the reader's own, said earlier in the thread."""
    mine = [" ".join(t.text.split()) for t in reading.history if t.mine]
    lines = [" ".join(line.lstrip("> ").split()) for line in quoted.splitlines() if _DECIDED.search(line)]
    return bool(lines) and all(any(line in said for said in mine) for line in lines)


_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?"
    r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
_DATE = re.compile(
    rf"\b{_MONTH}\.? \d{{1,2}}\b|\b\d{{1,2}} {_MONTH}\b|\b\d{{4}}-\d{{2}}-\d{{2}}\b",
    re.I,
)


def _news(parts: list[Piece], subject: str) -> bool:
    """The message reports — figures sent for information ("Order amount: $24,500.00 / Expected signing
    date: March 25, 2027"), work done ("Done: the close date is now December 14"), the records asked for
    (an SLA report listing its incidents) — and no piece asks anything (a question, a request, an approval;
    an offer on a condition, "let me know if …", asks nothing): what it states is news."""
    if not parts or any(p.question or p.approve for p in parts) or _approval_form(parts, subject):
        return False
    # a report lists records (an SLA report, a ticket overview) or says work is done; a note naming one record
    # and its fields ("Wesley — deal: X, asking for: close date") asks, as does a terse follow-up
    listed = len({i for p in parts for i in p.incidents + p.changes}) > 1
    done = any(WRITERS_WORK.search(p.text) for p in parts)
    return listed or done or any(p.sums or p.percents or _DATE.search(p.text) for p in parts)


def _context(asks: list[Ask], subject: str, quoted: str, reading: Reading, role: str) -> None:
    """Asks that name no record take the one the subject (or else the quoted thread) names."""
    if role == "caller":
        return
    for source in (subject, quoted):
        deals = find_deals(source, reading.own, reading.world) if source else []
        if deals:
            for ask in asks:
                if (
                    ask.intent in ("record_status", "approval")
                    and not ask.about
                    and ask.policy in (None, "discount")
                ):
                    ask.about = list(dict.fromkeys(d.name for d in deals))
            return


def _assemble(parts: list[Piece], own: str, reading: Reading, role: str, subject: str = "") -> list[Ask]:
    asks: list[Ask] = []
    if role == "caller":
        fields = list(dict.fromkeys(f for p in parts for f in p.device_fields))
        return (
            [Ask(intent="device_facts", fields=[f]) for f in fields]
            if _several(parts)
            else (
                [Ask(intent="device_facts", fields=fields)]
                if fields or any(p.question for p in parts)
                else []
            )
        )
    used: set[int] = set()
    # a document is asked for by a piece that names one or asks no approval ("approve it, or tell me which
    # lead I should send it to" asks for no document; "send me the document with the approval rules" does)
    # (the writer's own offer, "I can send over the workings", asks for nothing); in a mail asking for an
    # approval a document cited as its ground ("Per HB-04 Service Credit Policy.docx, …") is asked for only
    # by the piece naming it
    approval_mail = any(p.approve for p in parts)
    asks_for_doc = any(_asks_for_doc(p) for p in parts if p.document or not p.approve)

    def wants_doc(p: Piece) -> bool:  # a request for it, or a question about it ("the pricing sheet?")
        return (_asks_for_doc(p) if approval_mail else asks_for_doc) or (
            p.question and "?" in p.text and not p.approve
        )

    for i, p in enumerate(parts):  # a document asked for by name first: "the pricing approvals sheet"
        if p.document and wants_doc(p) and p.documents and not (p.percents or p.sums):
            asks.append(Ask(intent="document", about=[d.name for d in p.documents], pass_on=p.pass_on))
            used.add(i)
    approving = any(p.approve for i, p in enumerate(parts) if i not in used) or _approval_form(parts, subject)
    changing = change_approvals(parts, subject, used) if approving else []  # "please approve CHG0030399"
    asks += changing
    if approving and (not changing or any(p.approve for i, p in enumerate(parts) if i not in used)):
        asks += money_approvals(
            [p if i not in used else _EMPTY for i, p in enumerate(parts)], own, used, reading, subject
        )
    # a change's window or slot ("the emergency fix slot tonight") is no meeting asked of the approver
    if any(p.meeting and not (changing and (i in used or names_a_change(p))) for i, p in enumerate(parts)):
        days, after, before = meeting_days(own, reading.now) if reading.now else ([], None, None)
        asks.append(
            Ask(
                intent="meeting_time",
                minutes=meeting_minutes(own),
                days=[d.isoformat() for d in days],
                after=after,
                before=before,
            )
        )
        used |= {i for i, p in enumerate(parts) if p.meeting and not p.records}
    for i, p in enumerate(parts):
        if p.document and wants_doc(p) and i not in used and not p.approve:
            asks.append(Ask(intent="document", about=[d.name for d in p.documents], pass_on=p.pass_on))
            used.add(i)
    for i, p in enumerate(parts):  # "up to what discount can you approve yourself?": the policy, not a deal
        if i not in used and p.question and not p.records and _policy_question(p) and "?" in p.text:
            asks.append(Ask(intent="policy_question", policy=(p.policies or [None])[0]))
            used.add(i)
    # a mail asking for an approval (a credit, a change on the desk: "Could you approve CHG0030399?", even
    # one whose sum is unclear) cites its incidents as evidence ("INC0095001 breached its target"): only a
    # piece asking of them asks
    evidence = any(a.intent == "approval" for a in asks) or any(p.approve for p in parts)
    asks += record_questions(parts, used, role, reading, evidence=evidence)
    for i, p in enumerate(parts):
        if i in used:
            continue
        if p.person_fields:
            asks.append(Ask(intent="person_info", fields=p.person_fields))
        elif p.topic and role == "customer" and not p.ticket:
            asks.append(Ask(intent="other", topic=p.topic, pass_on=p.pass_on))
        elif p.question and not p.records and _policy_question(p) and ("?" in p.text or not p.approve):
            asks.append(Ask(intent="policy_question", policy=(p.policies or [None])[0]))
    if any(p.pass_on for p in parts):
        for ask in asks:
            ask.pass_on = True
    return asks


_OFFERED = re.compile(
    r"\b(?:i|we)\s*(?:'ll|'d|will|would|can|could|am|'m|are|'re)\s+(?:also\s+)?(?:(?:be\s+)?(?:happy|glad)\s+to\s+)?"
    r"(?:send|share|forward|pass)\b[^.?!]*"
)


def _asks_for_doc(p: Piece) -> bool:
    """Whether a piece's own words ask for a document (not the writer's offer to send one)."""
    return bool(re.search(lx.DOCUMENT, _OFFERED.sub(" ", p.english)))


def _approval_form(parts: list[Piece], subject: str) -> bool:
    """A request the subject calls one for approval, its body only the figures ("Amount: $2,400" under
    "Expense approval"): nothing in it asks a question."""
    return (
        _subject_asks_approval(subject)
        and any(p.sums or p.percents for p in parts)
        and not any(p.question for p in parts)
    )


def _subject_asks_approval(subject: str) -> bool:
    """The subject of a new mail (not a reply) names an approval to give — not one given ("Approved: the
    workshop venue ($1,750)", news of a decision)."""
    return (
        bool(re.search(r"\b(?:approv\w*|sign[- ]?off)\b", lx.english(subject)))
        and not re.search(r"^\s*(?:re|aw|rv|sv)\s*:", subject, re.I)
        and not _DECIDED.search(subject)
    )


def _several(parts: list[Piece]) -> bool:
    return sum(bool(p.device_fields) for p in parts) > 1


def _policy_question(p: Piece) -> bool:
    return bool(
        re.search(
            r"\b(?:limit|terms|policy|who approves|when do|what are our|how long|up to what|approve yourself"
            r"|can you approve on your own|what (?:discount|amount) can you approve)\b",
            p.english,
        )
    )
