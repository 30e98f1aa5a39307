"""A whole day of office work (frontier): five or six waiting requests of different frontier families in one
episode, written down as a person lists their day — one line per request, the pointer each request's own
family gives ("Robert's mail from Thursday"), nothing more. Every day holds the skill agents most often
drop over several days: a purchase whose approver is away and silent, chased with a reminder after a
working day (`office.chase-approval`); a request where asking is right (`xapp.clarify-deal-request`: which
deal); and one where policy refuses all or part of what is asked (a confidential ask, a discount beyond
the matrix, another customer's price, a credit without a breach). The rest are drawn as a morning's are
(`crossapp/xapp/inbox_morning.py`), now and then a to-do handed over in words.

What decides the truth: every part's own truth (the conjunction); checkpoints and criteria are named by
requester, so a failed day says which request failed. Parts never share a person, a record, a subject, or
a table one part allows wholesale while another checks it (`tasks.families.compose`: a colliding part is
drawn again). The oracle asks everyone first, does the work that waits for nobody, then lets each day pass
once for all of them.
"""

from __future__ import annotations

from apps.office.families.chase_approval import ChaseApproval
from crossapp.xapp.clarify_request import ClarifyDealRequest
from crossapp.xapp.credit_claim import CreditClaim
from crossapp.xapp.customer_info_request import CustomerInfoRequest
from crossapp.xapp.discount_request import CustomerDiscountRequest
from crossapp.xapp.inbox_morning import HANDED_OVER, INBOX
from crossapp.xapp.inbox_triage import InboxTriage
from tasks.families.base import Draw, Family, Redraw
from tasks.families.compose import Composed, Part, fill, pick

CHASE = (ChaseApproval(),)
CLARIFY = (ClarifyDealRequest(),)
# the families whose request policy may refuse in part or whole (which instance does: `refuses`)
REFUSING: tuple[Family, ...] = (
    CustomerInfoRequest(),
    CustomerDiscountRequest(),
    InboxTriage(),
    CreditClaim(),
)
REFUSAL_TAGS = {"refusal", "partial-refusal"}


def refuses(part: Part) -> bool:
    """Whether the part's request is one policy refuses, in part or whole (its family tags it so)."""
    return bool(REFUSAL_TAGS & set(part.spec.tags))


class InboxDay(Composed):
    name = "xapp.inbox-day"
    # the parts' code decides what an instance holds: a part's new version is a new version of the day
    version = 1 + sum(f.version for f in (*INBOX, *HANDED_OVER))
    splits = ClarifyDealRequest.splits  # a day always holds a clarification: acme has none in dev
    size = 60  # a redraw in 40 days (5–6 requests fit); 60 distinct truths of 60 seeds
    distinct = 50
    no_ui_reason = "a day holds requests whose families have no browser oracle"
    ci_surfaces = ("python",)  # a day calibrates in 40–60 s on Python (the CLI: minutes)
    tags = ("inbox", "day", "cross-app")
    summary = (
        "frontier: a day's list of 5–6 waiting requests of different frontier families in one episode — "
        "always an away approver to chase after a working day, a request to clarify and a policy refusal"
    )

    def write(self, d: Draw, parts: list[Part]) -> tuple[str, int]:
        """The day's list, one request a line, nothing more: the mails in a drawn order (the chase, the
        question and the refusal anywhere), a to-do handed over after them."""
        todo = [p for p in parts if p.family in HANDED_OVER]
        mails = [p for p in parts if p not in todo]
        d.rng.shuffle(mails)
        return "\n".join(f"- {p.spec.prompt}" for p in [*mails, *todo]), 0

    def parts(self, d: Draw) -> list[Part]:
        """The day's requests: the chase, the clarification, a refusal, maybe a to-do, then inbox requests
        up to five or six."""
        n = d.choice([5, 6])
        parts: list[Part] = []
        pick(d, CHASE, 1, parts)
        pick(d, CLARIFY, 1, parts)
        pick(d, REFUSING, 1, parts, want=refuses)
        if len(parts) < 3:
            raise Redraw("the chase, the clarification and a refusal of a day do not fit together")
        if d.chance(0.4):
            pick(d, HANDED_OVER, 1, parts)
        return fill(d, INBOX, n, parts, "a day")


FAMILIES = [InboxDay()]
