"""What one piece of a message says: the records it names, the facts it asks for, the values and policy
words it holds, and which kinds of request its words signal."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from apps.core.understanding import lexicon as lx
from apps.core.understanding.documents import match_documents
from apps.core.understanding.mentions import find_changes, find_deals, find_incidents
from apps.core.understanding.request import Known, Reading
from apps.core.understanding.values import nightly_rate, percents, requested_sums

_TICKET = re.compile(r"\b(?:tickets?|incidents?|case|support request|issues?|problems?|outage|error)\b")
_QUESTION = re.compile(  # a request, with or without "?"
    r"\?|\b(?:what|when|which|who|how|where|whether|do you know|can you|could you|tell me|let me"
    r" know|please|need|send|share|reply|confirm|give)\b"
)
# without "?", a wh-word asks only where it opens the sentence ("What's the amount on …"); inside one it
# joins a clause ("I didn't send what Johnson-Fisher paid", "overstated by $15,480 where it should have been
# reduced")
_WH = r"(?:what|when|which|who|how|where|whether)\b"
_UNMARKED = re.compile(
    rf"^\W*(?:(?:hi|hello|hey|dear)\s+[\w.'’-]+\W*)?{_WH}"
    rf"|\b(?:wondering|wonder|curious|unsure|not sure)\s+{_WH}"
    r"|\b(?:do you know|can you|could you|tell me|let me know|please|need|send|share|reply|confirm|give)\b",
    re.I,
)
# "Jacqueline let me know the order moved", "she let me know": someone told the writer — news, no request
_TOLD = re.compile(
    r"\b(?!(?:Please|Pls|Just|Also|So|Then|And|Kindly|Simply|Now|Ok|Okay|Thanks|Do|Can|Could|Would|Will|Pl)\b)"
    r"(?:[A-Z][\w'’-]+|[Hh]e|[Ss]he|[Tt]hey|who) (?:(?:has|have|had) )?(?:let me know|told me|mentioned)\b"
)
# an offer on a condition ("Let me know if you would like it cut differently", "If anything is missing, tell
# me", "Please let me know if anything doesn't match your records") and a request declined ("I cannot share
# what another customer was offered") ask nothing
_OFFER = re.compile(
    r"\b(?:(?:please|pls|kindly|just|do)\s+)?(?:let me know|tell me|reach out|feel free to \w+)\b[^.?!]*?"
    r"\bif\b(?!\s+you\s+(?:can|could|are able))"
    r"[^.?!]*|\bif\b(?!\s+you\s+(?:can|could|are able))[^.?!]*?,?\s*(?:please\s+|just\s+)?"
    r"(?:let me know|tell me|reach out)\b[^.?!]*"
    r"|\b(?:can't|cannot|can not|won't|unable to|not able to|(?:doesn't|does not|don't|do not) allow"
    r" (?:us|me) to|(?:isn't|is not|aren't|are not|not) (?:allowed|permitted) to)\s+"
    r"(?:share|send|give|confirm|reply)\b[^.?!]*",
    re.I,
)
# a relative clause ("the quote, which I also put on the opportunity") asks nothing
_RELATIVE = re.compile(r",\s*(?:which|who|where|when)\b", re.I)
# what the writer did or did not do ("Done: …", "I've sent …", "I didn't send …"): news of their work
WRITERS_WORK = re.compile(
    r"^\W*(?:(?:hi|hello|hey|dear|thanks?|thank you|many thanks)(?:,?\s+[\w.'’-]+)?\W*)?(?:done|all done)\b"
    r"|\b(?:i've|i have|we've|we have|i)\s+(?:now\s+|just\s+)?(?:set|updated|moved"
    r"|changed|sent|added|closed|applied|entered|logged|created|raised|booked|scheduled|left|kept|told|offered"
    r"|declined|replied|answered|passed|forwarded|shared)\b"
    # what the writer did not do is news of their work too ("I've held off on the amount: …", "I haven't
    # changed the amount yet", "I didn't update the close date")
    r"|\b(?:i've|i have|we've|we have|i|we|i'm|we're|i am|we are)\s+(?:now\s+|just\s+)?"
    r"(?:held|holding)\s+off\b"
    r"|\b(?:i|we)\s+(?:haven't|have not|didn't|did not|won't|will not)\s+(?:yet\s+)?(?:set|updated?|moved?"
    r"|changed?|touched?|applied|apply|entered|enter|logged|closed|sent|send|share|shared|pass|passed|forward"
    r"|forwarded|include|included|edited|edit)\b"
    r"|\b(?:is|are|has been|have been)\s+(?:now\s+)?(?:updated|moved|changed|set|closed|logged|booked)\b"
    # a field stated as it now stands ('the next step is now "Legal review"'), another left as it was
    r"|\b(?:is|are)\s+now\s+[\"“‘]"
    r"|\b(?:is|are|stays?|remains?|left|kept)\s+(?:still\s+)?unchanged\b",
    re.I,
)
# a wh-clause closed by a colon heads what follows ("What I did:", "Here's where things stand:"): no question
_HEADING = re.compile(r"^\W*(?:here'?s |here is )?(?:what|where|how|which)\b[^?:\n]{0,60}:\s*$", re.I)
_QUOTED_VALUE = re.compile(r"[“\"][^”\"\n]{1,80}[”\"]")
# a sign-off stated as done ("the price Brian signed off", "I signed off on it"), not one asked for
_SIGNED = re.compile(r"\bsigned off\b", re.I)
# records said to wait for approval ("Both are waiting for approval", "it is still pending sign-off"): their
# state, not an approval asked of the reader ("CHG0030331 is waiting for your approval" asks)
_WAITING = re.compile(
    r"\b(?:is|are|'s|'re|remains?|remain|stays?|both|all|still|now)\s+(?:still\s+|now\s+)?"
    r"(?:waiting|awaiting|pending)\s+(?:for\s+)?(?:an?\s+|the\s+|its\s+|their\s+)?"
    r"(?:approv\w*|sign[- ]?off)\b",
    re.I,
)
_APPROVAL_NEEDED = re.compile(
    r"\b(?:needs?|needed|requires?|required|request(?:s|ing|ed)?|ask(?:s|ing|ed)?|seek(?:s|ing)?|like|want|would"
    r"|awaiting"
    r"|pending|for)\b[^.;]{0,40}\b(?:approv\w*|sign[- ]?off)\b"
    r"|\b(?:approv\w*|sign[- ]?off)\b\W{0,3}(?:needed|required|requested|request|please)\b"
    r"|(?:^|[,:;.!]\s*)(?:[\w']+\s+){0,2}(?:approve|sign off)\b"  # "…, por favor approve my expense"
)
_PROPOSAL = re.compile(r"\b(?:proposal|quote|quotation|order|renewal|pricing|offer)\b")
_INTERNATIONAL = re.compile(r"\binternational\b|\babroad\b|\boverseas\b|\blondon\b|\bdublin\b|\btoronto\b")
_FOLLOW = re.compile(
    r"\b(?:the other (?:one|deal)|other one|same (?:for|question|as)|what about|instead|too\b|as well"
    r"|which of them"
    r"|and (?:the|its|it|when|what|how)|the one (?:in|on)|make it|go to|that one|its\b|\bit\b)"
)
_STACKED = re.compile(r"\b(?:another|extra|additional|on top|stacked|second|more)\b")
_OWN_CLAIM = re.compile(r"\byour own\b")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z$])")
_READERS_OWN = re.compile(
    r"\byour (?!own\b)(?:team'?s |new |recent |\$?[\d,.]+k? )?(?:purchase|order|request|claim|expense)s?\b"
)
# the reader's own order or claim, however described ("your $1,500 webinar platform purchase") — not their
# team's or a report's, which a manager may be asked to approve ("your direct report's claim"), nor their
# approval or their manager's
_READERS_OWN_ORDER = re.compile(
    r"\byour (?:(?!own\b|team|approv|sign|decision|manager|line\b|ok\b|report|direct|staff)"
    r"(?![\w$,.-]*['’]s\b)[\w$][\w$,.'-]* ){0,4}?"
    r"(?:purchase|order|claim|expense)s?\b"
    # the reader's line manager named as its approver ("approved by your line manager, Jennifer Smith", "the
    # approver is your line manager"): the order is the reader's own, whoever else is asked to approve it
    r"|\b(?:by|is|as|needs|need|from|to) your (?:line )?manager(?:['’]s)?\b"
)


@dataclass
class Piece:
    """The readings of one piece of a message."""

    text: str
    english: str
    deals: list[Known] = field(default_factory=list)
    incidents: list[str] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)  # change requests named (CHG0030399)
    deal_fields: list[str] = field(default_factory=list)
    incident_fields: list[str] = field(default_factory=list)
    device_fields: list[str] = field(default_factory=list)
    person_fields: list[str] = field(default_factory=list)
    percents: list[float] = field(default_factory=list)
    sums: list[float] = field(default_factory=list)
    nightly: float | None = None
    policies: list[str] = field(default_factory=list)
    approve: bool = False
    meeting: bool = False
    document: bool = False
    documents: list[Known] = field(default_factory=list)
    topic: str | None = None
    ticket: bool = False
    proposal: bool = False
    question: bool = False
    follow: bool = False
    stacked: bool = False
    international: bool = False
    pass_on: bool = False
    own_claim: bool = False
    for_person: str | None = None
    readers_own: bool = False  # speaks of the reader's own order or claim

    @property
    def records(self) -> list[str]:
        return [d.name for d in self.deals] + self.incidents


def _matched(patterns: dict[str, str], text: str) -> list[str]:
    return [name for name, pattern in patterns.items() if re.search(pattern, text)]


def _asking_sums(text: str, names: list[str]) -> list[float]:
    """In a piece of several sentences ("Amount to approve: $803.33. The customer's $4,000 … I'll offer
    the $803.33"), the sums of the sentences that ask for the approval: the others say what came before or
    what follows from it. Empty when no asking sentence names a sum."""
    sentences = _SENTENCE_END.split(text)
    if len(sentences) < 2:
        return []
    return [v for s in sentences if re.search(lx.APPROVE, lx.english(s)) for v in requested_sums(s, names)]


def read_piece(text: str, reading: Reading, role: str) -> Piece:
    """Read one piece of a message (`role`: who reads it — colleague, customer or caller)."""
    eng = lx.english(text)
    p = Piece(text=text, english=eng)
    if role != "caller":
        p.deals = find_deals(text, reading.own, reading.world)
    p.incidents = find_incidents(text, [])
    p.changes = find_changes(text)
    p.deal_fields = _matched(lx.DEAL_FIELDS, eng)
    p.incident_fields = _matched(lx.INCIDENT_FIELDS, eng)
    p.device_fields = _matched(lx.DEVICE_FIELDS, eng) if role == "caller" else []
    p.person_fields = _matched(lx.PERSON_FIELDS, eng)
    p.percents = percents(text)
    stated = text if "?" in text else _RELATIVE.sub(",", _OFFER.sub(" ", _TOLD.sub(" ", text)))
    if "?" not in text and _HEADING.match(text):  # "What I did:", "Where things stand:" — a list's heading
        stated = ""
    if "?" in text:
        p.question = bool(_QUESTION.search(lx.english(stated)))
    else:  # a statement: the writer's own work asks nothing; a wh-word asks only opening the sentence; a
        # value quoted ('the next step is now "Send revised proposal"') is a value, not a request
        own = WRITERS_WORK.sub(" did ", _QUOTED_VALUE.sub(" value ", stated))
        p.question = bool(_UNMARKED.search(lx.english(own)))
    # an approval is asked by a request ("could you approve", "please sign off") or by a need for one ("I'd
    # like your approval for …", "approval needed"); an approval only mentioned asks nothing ("which your
    # approval covers", "it has no sign-off yet", "the $85,500 Brian signed off")
    p.approve = bool(re.search(lx.APPROVE, eng)) and (
        p.question or bool(_APPROVAL_NEEDED.search(lx.english(_WAITING.sub(" ", _SIGNED.sub(" ", text)))))
    )
    p.sums = (p.approve and _asking_sums(text, [d.name for d in p.deals])) or requested_sums(
        text, [d.name for d in p.deals]
    )
    if _READERS_OWN.search(eng):  # "your order of $1,500 was approved": news of the reader's own request
        p.sums, p.percents = [], []
    p.nightly = nightly_rate(text)
    p.policies = _matched(lx.POLICY_WORDS, eng)
    p.meeting = bool(re.search(lx.MEETING, eng))
    if role != "caller" and re.search(lx.DOCUMENT_NOUNS, eng) and not (p.deal_fields and p.deals):
        p.document = True
        p.documents, _ = match_documents(text, reading.documents)
        if not p.documents:
            p.documents, _ = match_documents(text, reading.world_documents, strict=True)
    p.topic = next(iter(_matched(lx.OTHER_TOPICS, eng)), None)
    p.ticket = bool(_TICKET.search(eng)) or bool(p.incidents)
    p.proposal = bool(_PROPOSAL.search(eng))
    p.follow = bool(_FOLLOW.search(eng))
    p.stacked = bool(_STACKED.search(eng))
    p.international = bool(_INTERNATIONAL.search(eng))
    p.pass_on = bool(re.search(lx.PASS_ON, eng))
    p.own_claim = bool(_OWN_CLAIM.search(eng))
    p.for_person = _claimant(text, reading)
    p.readers_own = bool(_READERS_OWN_ORDER.search(eng))
    return p


_FOR_SOMEONE = re.compile(
    r"\b(?:claim|expense|approved|approve|approval|purchase|order|behalf|requester|requested by|ordered by"
    r"|asked me|budget|approves|orders)\b"
)
_POSSESSIVE = re.compile(r"([A-Z][a-z]+(?: [A-Z][a-z]+)?)['’]s\b")
_MEMBERSHIP = re.compile(
    r"\s+(?:own\s+)?(?:team|department|group|org|organisation|organization|reports?)\b", re.I
)


def _claimant(text: str, reading: Reading) -> str | None:
    """Whose claim or order an approval is for, when the text says ("Michael Walker's expense", "Beverly's",
    "Michael Walker asked me to route his claim", "on behalf of Robert Nixon", "a purchase for Christopher
    Mccarty (Marketing)", "the requester is Robert Nixon")."""
    if not _FOR_SOMEONE.search(lx.english(text)):
        return None
    names = {k.name: k for k in reading.people}
    said = _FOR_WHOM_CUES.search(text) and _for_whom(text, sorted(names, key=len, reverse=True))
    if said:
        return said
    pronoun = re.search(
        r"\b(?:his|her|their)\s+(?:\$?[\d,.]+\s+)?(?:expense|claim|hospitality|purchase)", text, re.I
    )
    if pronoun:
        before = text[: pronoun.start()]
        named = [n for n in names if n in before]
        if named:
            return max(named, key=before.rfind)
    for m in _POSSESSIVE.finditer(text):
        if _MEMBERSHIP.match(text, m.end()):  # "on Catherine Newman's team" says who someone works for
            continue
        said = m.group(1)
        if (
            said not in names and " " in said
        ):  # "Normally Christopher's": a sentence's first word before the name
            said = said.split()[-1]
        full = [n for n in names if n == said or n.split()[0] == said]
        if len(full) == 1:
            return full[0]
        if said in names:
            return said
    for name in names:
        if any(
            not _MEMBERSHIP.match(text, m.end()) for m in re.finditer(rf"\b{re.escape(name)}['’]s\b", text)
        ):
            return name
    return None


_FOR_WHOM_CUES = re.compile(
    r"\b(?:behalf|for|helping|asked me|requester|requested by|ordered by|raised by|needs|wants|would like"
    r"|requests|requesting|asking|request from|covering|team has)\b",
    re.I,
)


def _for_whom(text: str, names: list[str]) -> str | None:
    """The person (one of `names`, longest first) the text says the request is for: "on behalf of X", "for
    X", "helping X", "X … asked me to", "the requester is X", "X needs your approval", "a request from X",
    "X's team has an order")."""
    if not names:
        return None
    name = "|".join(re.escape(n) for n in names)
    for pattern in (
        rf"\b(?i:on behalf of|for|helping|requested by|ordered by|raised by)\s*:?\s+(?P<n>{name})\b",
        # "I'm covering a request from Christopher Mccarty", "Robert Nixon's team has a $1,750 order"
        rf"\b(?i:request from|covering for)\s+(?P<n>{name})\b",
        rf"\b(?P<n>{name})['’]s team (?:has|is placing|wants to order|needs to order)\b",
        # "Robert Nixon, a Recruiter on Catherine Newman's team, asked me …": an aside between commas
        rf"\b(?P<n>{name})\b(?:\s*\([^)]*\))?(?:,[^,.;]{{1,80}},)?,?\s+(?:[\w'’]+\s+){{0,10}}?asked me\b",
        rf"\brequester(?:'s| is)\s+(?P<n>{name})\b",
        rf"\b(?P<n>{name})\b(?:\s*\([^)]*\))?(?:'s team)?\s+(?:needs|wants|would like|requests|is requesting"
        r"|is asking)\b",
    ):
        m = re.search(pattern, text)
        if m:
            return m.group("n")
    return None
