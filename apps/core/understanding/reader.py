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
from apps.core.understanding.asked_sums import asked_apart
from apps.core.understanding.followup import continue_thread, own_request_policies
from apps.core.understanding.language import detect
from apps.core.understanding.mentions import find_deals
from apps.core.understanding.pieces import Piece, read_piece
from apps.core.understanding.record_questions import record_questions
from apps.core.understanding.request import Ask, Reading, Request
from apps.core.understanding.segments import pieces as cut
from apps.core.understanding.values import meeting_days, meeting_minutes, referred_sums, separate, shown

_EMPTY = Piece(text="", english="")
# what a person reads of one message: its first ~3,000 words (a mail padded to megabytes is not read to
# the end; reading it all made every colleague's reply cost seconds)
READ_AT_MOST = 20_000
_ANOTHER = re.compile(r"\b(?:another|additional|more|second|extra|plus|as well|too|also)\b")
_MONEY_POLICIES = ("expense", "travel", "purchase", "gift", "credit")
_CHANGE = re.compile(r"\bCHG\d{5,}\b", re.I)
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
        asks = [a for a in asks if not (a.intent == "approval" and a.policy in theirs)]
    if not any(a.about for a in asks if a.intent in ("record_status", "approval")):
        _context(asks, subject, split.quoted, reading, role)
    if any(a.intent != "record_status" for a in asks):  # "a trip to see Parker PLC" asks nothing of Parker
        asks = [a for a in asks if a.intent != "record_status" or a.fields or a.about == []]
    if any(a.intent == "approval" for a in asks):  # "Amount: 94,200" beside an approval describes its deal
        asks = [a for a in asks if a.intent != "record_status" or a.about]
    quoted = bool(_DECIDED.search(split.quoted)) and not any(_DECIDED.search(p.text) for p in parts)
    return Request(language=language, asks=asks, quoted_approval=quoted, news=news)


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
    listed = len({i for p in parts for i in p.incidents}) > 1
    done = any(_DONE.search(p.text) for p in parts)
    return listed or done or any(p.sums or p.percents or _DATE.search(p.text) for p in parts)


_DONE = re.compile(
    r"^\W*(?:(?:hi|hello|hey|dear)\s+[\w.'’-]+\W*)?(?:done|all done)\b"
    r"|\b(?:i've|i have|we've|we have|i)\s+(?:now\s+|just\s+)?(?:set|updated|moved"
    r"|changed|sent|added|closed|applied|entered|logged|created|raised|booked|scheduled|left|kept)\b"
    r"|\b(?:is|are|has been|have been)\s+(?:now\s+)?(?:updated|moved|changed|set|closed|logged|booked)\b",
    re.I,
)


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
    asks_for_doc = any(re.search(lx.DOCUMENT, p.english) for p in parts if p.document or not p.approve)

    def wants_doc(p: Piece) -> bool:  # a request for it, or a question about it ("the pricing sheet?")
        return asks_for_doc or (p.question and "?" in p.text and not p.approve)

    for i, p in enumerate(parts):  # a document asked for by name first: "the pricing approvals sheet"
        if p.document and wants_doc(p) and p.documents and not (p.percents or p.sums):
            asks.append(Ask(intent="document", about=[d.name for d in p.documents], pass_on=p.pass_on))
            used.add(i)
    approving = any(p.approve for i, p in enumerate(parts) if i not in used) or _approval_form(parts, subject)
    if approving:
        asks += _approvals(
            [p if i not in used else _EMPTY for i, p in enumerate(parts)], own, used, reading, subject
        )
    if any(p.meeting for p in parts):
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
    # a mail asking for an approval (or to approve a change on the desk, "Could you approve CHG0030399?")
    # cites its incidents as evidence ("INC0095001 breached its target"): only a piece asking of them asks
    evidence = any(a.intent == "approval" for a in asks) or any(
        p.approve and _CHANGE.search(p.text) for p in parts
    )
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


def _approvals(
    parts: list[Piece], own: str, used: set[int], reading: Reading, subject: str = ""
) -> list[Ask]:
    """One ask per value to approve; sums for one purpose add up to one ask (the subject names what the
    money is for when the mail's own words do not: "RE: Service credit approval" over "the credit I'm asking
    you to approve")."""
    asks: list[Ask] = []
    all_deals = list(dict.fromkeys(d.name for p in parts for d in p.deals))
    sums: list[tuple[int, float, str]] = []
    english = lx.english(own)
    message_policies = [k for k, pattern in lx.POLICY_WORDS.items() if re.search(pattern, english)]
    if not set(message_policies).intersection(_MONEY_POLICIES):
        titled = lx.english(subject)
        message_policies += [k for k in _MONEY_POLICIES if re.search(lx.POLICY_WORDS[k], titled)]
    # a service credit's percentage is how it was computed ("5% of one month's fees"), never a discount
    discount_words = re.search(r"\bdiscounts?\b|% off\b|\bpercent off\b", english)
    credit = "credit" in message_policies and not discount_words
    discount_asked = any(p.percents for p in parts) and not credit
    # the pieces that ask for an approval and name a sum: when there are any, the sums of the other pieces
    # are how it was worked out or what it is measured against ("one month's fees are …", "5 % of that is
    # …", "the threshold is …"), not more to approve
    asking = {i for i, p in enumerate(parts) if p.sums and p.approve}
    only = None  # the one sum asked of the asking pieces, when they name others too
    if not asking:
        asking, only = asked_apart(parts, own, subject, reading)
    for i, p in enumerate(parts):
        if p.percents and not credit and ("discount" in p.policies or p.deals or not p.sums):
            deals = [d.name for d in p.deals] or (all_deals if len(all_deals) == 1 else [])
            if len(p.percents) == len(deals) > 1:  # "18% on A, and 31% on B"
                pairs = [([d], v) for d, v in zip(deals, p.percents, strict=True)]
            elif len(deals) == 1 and len(p.percents) > 1:  # "24% on quote A and 24% on quote B" of one deal
                pairs = [(deals, v) for v in p.percents]
            elif p.deals:
                pairs = [(deals, p.percents[0])]
            else:
                pairs = [(deals, v) for v in p.percents]
            earlier = list(asks)  # asks of the pieces before (this piece's own figures are separate parts)
            for about, value in pairs:
                restated = any(  # the ask said again in another sentence ("… if we can give them 12% off")
                    a.value == shown(value, True) and a.about == about and a.policy == "discount"
                    for a in earlier
                )
                if restated and not p.stacked and not _ANOTHER.search(p.english):
                    continue
                asks.append(
                    Ask(
                        intent="approval",
                        policy="discount",
                        about=about,
                        value=shown(value, True),
                        stacked=p.stacked,
                    )
                )
            used.add(i)
        elif p.sums and asking and i not in asking:
            used.add(i)  # how the sum asked was worked out: read, not asked
        elif p.sums:
            # one purpose per mail: a piece that only says "claim" or "catering" in a mail about a service
            # credit or an order falls under the mail's policy
            named = p.policies + [m for m in message_policies if m in ("credit", "purchase", "gift")]
            policy = "travel" if p.nightly else _money_policy(named or message_policies)
            if discount_asked and not set(p.policies or message_policies) - {"discount"}:
                continue  # a discount request's sum is the deal's amount ("Amount: $19,500"), not a claim
            again = referred_sums(p.text)
            for value in p.sums:
                if only is not None and (value != only or any(v == value for _, v, _ in sums)):
                    continue  # a cap, a basis or someone else's ask beside the sum asked, or it said again
                if value in again and any(v == value for _, v, _ in sums):
                    continue  # "the $1,120 credit" again: the sum given before, not one more
                sums.append((i, value, policy))
            used.add(i)
    by_policy: dict[str, list[tuple[int, float, str]]] = {}
    for entry in sums:
        by_policy.setdefault(entry[2], []).append(entry)
    for policy, entries in by_policy.items():
        if len(entries) > 1 and not separate(own) and policy != "travel":
            total = sum(v for _, v, _ in entries)
            asks.append(
                Ask(
                    intent="approval",
                    policy=policy,
                    value=shown(total, False),
                    combined=[shown(v, False) for _, v, _ in entries],
                )
            )
        else:
            for _, value, _ in entries:
                asks.append(Ask(intent="approval", policy=policy, value=shown(value, False)))
    for i, p in enumerate(parts):
        trip = (
            "travel" in p.policies and not p.sums and not re.search(r"\b(?:claims?|expenses?)\b", p.english)
        )
        if trip and not any(a.policy == "travel" for a in asks):
            fields = ["international"] if any(q.international for q in parts) else []
            value = next((q.nightly for q in parts if q.nightly), None)
            asks.append(
                Ask(
                    intent="approval",
                    policy="travel",
                    value=shown(value, False) if value else None,
                    fields=fields,
                )
            )
            used.add(i)
    for ask in asks:
        if (
            ask.policy == "travel"
            and any(p.international for p in parts)
            and "international" not in ask.fields
        ):
            ask.fields = [*ask.fields, "international"]
    names = {w for k in reading.people for w in k.name.lower().split()}
    purpose = _purpose(" ".join(p.english for p in parts if p.sums or p.percents or p.policies), names)
    for ask in asks:
        if ask.policy in ("expense", "purchase", "gift", "credit"):
            ask.topic = purpose
    claimant = next((p.for_person for p in parts if p.for_person), None)
    own_claim = any(p.own_claim for p in parts)
    for ask in asks:
        if claimant and ask.policy in ("expense", "purchase", "gift"):
            ask.for_person = claimant
        if own_claim and ask.policy in ("expense", "purchase", "gift"):
            ask.for_person = "yourself"
    return asks


_PLAIN = {
    *("please", "approve", "approval", "approvals", "expense", "expenses", "claim", "claims", "could"),
    *("would", "thanks", "thank", "your", "with", "from", "this", "that", "need", "about", "just", "also"),
    *("them", "they", "their", "have", "sign", "off", "okay", "mine", "here", "there", "which", "when"),
    *("what", "were", "will", "amount", "purpose", "category", "policy", "total", "description"),
}


def _purpose(english: str, names: set[str] = frozenset()) -> str:
    """The words that say what a claim or an order is for ("hotel chicago workshop trip"): a later one of
    the same purpose shares a distinctive word, or says "same"."""
    words = re.findall(r"[a-z]{4,}", english)
    return " ".join(dict.fromkeys(w for w in words if w not in _PLAIN)) + (
        " same" if " same " in f" {english} " else ""
    )


def _money_policy(policies: list[str]) -> str:
    """The policy a sum to approve falls under (a trip's costs claimed are expenses)."""
    for policy in ("gift", "purchase", "credit"):
        if policy in policies:
            return policy
    return "expense"
