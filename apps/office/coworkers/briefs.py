"""A colleague who asked the acting user for something answers questions about it from what they meant (the
world's `office_request_brief`): an under-specified request ("the Knox deal" when there are two) gets its
answer when the acting user asks — in the request's thread, or in a new mail naming the request — and a
guess gets none. Everything else they are asked goes to their usual responder."""

from __future__ import annotations

import re

from sqlmodel import select

from apps.core.actions import Ctx
from apps.core.understanding.mentions import find_deals
from apps.core.understanding.reader import read_message
from apps.core.understanding.request import Reading
from apps.office import planned
from apps.office.coworkers.reading import reading_for
from apps.office.coworkers.responder import REQUEST_WORDS, Incoming, new_text
from apps.office.models import Message, Persona, RequestBrief, User


def clarification(ctx: Ctx, persona: Persona, owner: User, asker: User, copy: Message) -> str | None:
    """The colleague's answer to `copy` (a mail the acting user sent them) when it asks about a request of
    theirs, or None.

    Args:
        persona: the colleague's persona (their signature closes the answer).
        owner: the colleague (whose copy of the mail `copy` is).
        asker: the acting user who wrote it.
        copy: the colleague's copy of the mail.
    """
    briefs = ctx.db.exec(
        select(RequestBrief).where(RequestBrief.user_id == owner.id).order_by(RequestBrief.id)
    ).all()
    if not briefs:
        return None
    own = new_text(copy.body_content)
    if "?" not in own and not any(w in own.lower() for w in REQUEST_WORDS):
        return None
    if not _about_what_was_meant(ctx, owner, copy.subject, own):
        return None
    about = f"{copy.subject}\n{own}".lower()
    sign = f"\n\n{persona.signature}" if persona.signature else f"\n\n{owner.given_name}"
    # several requests the mail's own words name, in its order; else the first whose thread it is in or that
    # it names
    named = sorted(
        (b for b in briefs if any(k in own.lower() for k in b.keywords)),
        key=lambda b: min(own.lower().find(k) for k in b.keywords if k in own.lower()),
    )
    if len(named) < 2:
        named = [
            b
            for b in briefs
            if copy.conversation_id == b.conversation_id or any(k in about for k in b.keywords)
        ][:1]
    if not named:
        return None

    reading = reading_for(ctx, owner, [])

    def meant(b: RequestBrief) -> str:  # their own later word in the request's thread stands (a revision)
        return fit_others(planned.later_word(ctx, owner, b.conversation_id) or b.clarification, own, reading)

    if len(named) == 1 and not _PERMISSION.search(own):
        return f"Hi {asker.given_name},\n\n{meant(named[0])}{sign}"
    said = meant(named[0])
    if len(named) > 1:  # a question about several of their requests: each one's answer, named
        said = "\n".join(f"- {_named(own, b)}: {meant(b)}" for b in named)
    if _PERMISSION.search(own):  # "is it fine if I …, or …?": how to carry it out is the asker's call
        said = f"Yes, that's fine — how you enter it is up to you, as long as it comes out as I said:\n{said}"
    return f"Hi {asker.given_name},\n\n{said}{sign}"


_ONE_OTHER = "the other one stays as it is"
_OTHERS = "the others stay as they are"
_ITEM = re.compile(r"^\s*(?:[-*•·]|\d+[.)])\s+\S", re.M)


def fit_others(said: str, question: str, reading: Reading) -> str:
    """The answer `said` ("… — the other one stays as it is") fitted to the question it answers: a question
    that lists more than two candidates (its list items, or the deals it names) gets "the others stay as
    they are", one that lists two gets "the other one stays as it is"; one that lists none keeps it.

    Args:
        said: what the colleague meant, as the world wrote it.
        question: the asking mail's own words.
        reading: the colleague's view of the CRM (the deals a question may name).
    """
    listed = max(len(_ITEM.findall(question)), len({d.name for d in find_deals(question, [], reading.world)}))
    if listed > 2:
        return said.replace(_ONE_OTHER, _OTHERS)
    if listed == 2:
        return said.replace(_OTHERS, _ONE_OTHER)
    return said


DECISIONS = ("approved", "rejected", "not_needed")
_DECIDES = re.compile(r"\b(?:approv\w*|reject\w*)\b", re.I)


def stand_by(ctx: Ctx, owner: User, incoming: Incoming, answers: list[dict]) -> list[dict]:
    """The answers to a mail, with a decision asked again on a request the colleague decided already (a
    request of their `office_request_brief` whose answer decides it, named in the mail or answered in its
    thread) replaced by the decision they gave, restated — never a new one against it ("Approved: $1,500"
    after "approved up to $800, not the full $1,500").

    Args:
        ctx: the action's context.
        owner: the colleague who answers.
        incoming: the mail they answer (its subject, text and thread).
        answers: their answer's entries (`decide.answers`).
    """
    if not any(a.get("kind") in DECISIONS for a in answers):
        return answers
    briefs = ctx.db.exec(
        select(RequestBrief).where(RequestBrief.user_id == owner.id).order_by(RequestBrief.id)
    ).all()
    about = f"{incoming.subject}\n{new_text(incoming.text)}".lower()
    said = [" ".join(t.text.split()) for t in incoming.history]
    decided = [
        b
        for b in briefs
        if _DECIDES.search(b.clarification)
        and (
            any(k in about for k in b.keywords)
            or any(" ".join(b.clarification.split())[:80] in t for t in said)
        )
    ]
    if not decided:
        return answers
    b = decided[0]
    stands = planned.later_word(ctx, owner, b.conversation_id) or b.clarification
    return [{"kind": "restated", "text": stands}, *(a for a in answers if a.get("kind") not in DECISIONS)]


def _about_what_was_meant(ctx: Ctx, owner: User, subject: str, own: str) -> bool:
    """Whether the mail asks what a request meant — which record, which figure or date, a sign-off, what is
    needed — rather than reporting work done ("I kept the amount at $19,500") or asking who (who took over
    from a contact who left, who approves): those the colleague's usual responder answers.

    Args:
        ctx: the action's context (the reader's view of the CRM).
        owner: the colleague who reads the mail.
        subject: the mail's subject.
        own: the acting user's own words in it (quoted text left out).
    """
    request = read_message(subject, own, reading_for(ctx, owner, []))
    if request.news:
        return False
    if any(a.fields or a.ambiguous or a.intent == "approval" for a in request.asks):
        return True
    questions = [q for q in re.split(r"(?<=[?.!])\s+", own) if q.rstrip().endswith("?")]
    return not questions or not all(_WHO.search(q) for q in questions)


_WHO = re.compile(r"\bwho(?:m|se)?\b", re.I)


# a yes/no question on how to carry a request out ("is it fine if I adjust the sales price …?")
_PERMISSION = re.compile(
    r"\b(?:is it (?:ok|okay|fine|alright|all right)|would it be (?:ok|okay|fine)|are you (?:ok|okay|fine)"
    r" (?:with|if)|do you mind if|(?:can|could|may|shall|should) i (?:just )?(?:adjust|change|set|update|put"
    r"|enter|use|go ahead))\b",
    re.I,
)


def _named(own: str, brief: RequestBrief) -> str:
    """The request as the mail names it (its keyword as written: "Rivas-Martinez")."""
    for k in brief.keywords:
        m = re.search(re.escape(k), own, re.I)
        if m:
            return m.group(0)
    return brief.keywords[0] if brief.keywords else "that one"
