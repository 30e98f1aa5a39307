"""A morning of office work (frontier): three or four requests of different frontier families waiting at
once — colleagues' and customers' mails the prompt only points at ("Robert's mail from Thursday"), now and
then a to-do someone handed over in words (a change to book tonight, a team's SLA review) — in one episode.
Each request is what its own family makes of the same draw (same world, split and random stream); the
morning adds the juggling: asking several people before waiting for any of them, keeping each answer with
its request, and not letting one request's work spill into another's records.

What decides the truth: every part's own truth (the conjunction); the verdict's checkpoints and criteria
are named by requester, so a failed morning says which request failed. Parts never share a person, a
record, a subject, or a table one part allows wholesale while another checks it (`tasks.families.compose`).
The oracle asks first, does the work that waits for nobody, then lets the days pass once for everybody.
"""

from __future__ import annotations

from apps.office.families.chase_approval import ChaseApproval
from crossapp.xapp.clarify_request import ClarifyDealRequest
from crossapp.xapp.credit_claim import CreditClaim
from crossapp.xapp.customer_info_request import CustomerInfoRequest
from crossapp.xapp.discount_request import CustomerDiscountRequest
from crossapp.xapp.freeze_request import FreezeChangeRequest
from crossapp.xapp.inbox_conflict import InboxConflict
from crossapp.xapp.inbox_triage import InboxTriage
from crossapp.xapp.sla_review import DeskSlaReview
from crossapp.xapp.stale_contact import StaleContact
from tasks.families.base import Draw, Family
from tasks.families.compose import Composed, Part, fill, pick

# requests that arrive as work: the prompt points at the inbox or at a person
INBOX: tuple[Family, ...] = (
    ChaseApproval(),
    ClarifyDealRequest(),
    CustomerDiscountRequest(),
    CustomerInfoRequest(),
    InboxTriage(),
    InboxConflict(),
    CreditClaim(),
    StaleContact(),
)
# to-do items handed over in words (their prompt carries the request)
HANDED_OVER: tuple[Family, ...] = (FreezeChangeRequest(), DeskSlaReview())
INTROS = (
    "A few things are waiting for you this morning:",
    "Your list for today — several people are waiting on you:",
    "Before anything else today, please get through these:",
    "Catching up after a few busy days, this is what's open:",
)
OUTROS = (
    "Each of them is its own request; see them all through.",
    "Please take care of all of them.",
    "Work through the lot — none of them can wait for next week.",
)


class InboxMorning(Composed):
    name = "xapp.inbox-morning"
    # the parts' code decides what an instance holds: a part's new version is a new version of the morning;
    # +1: a request is named by a person, never by the customer or the word the pointer opens with
    version = 2 + sum(f.version for f in (*INBOX, *HANDED_OVER))
    size = 60
    distinct = 50
    no_ui_reason = "a morning holds requests whose families have no browser oracle"
    ci_surfaces = ("python", "mcp")  # a morning calibrates in 100–220 s
    tags = ("inbox", "morning", "cross-app")
    summary = (
        "frontier: a morning of 3–4 waiting requests of different frontier families in one episode (mails "
        "the prompt only points at, maybe a to-do handed over): ask first, wait once, finish each"
    )

    def write(self, d: Draw, parts: list[Part]) -> tuple[str, int]:
        """The morning's list between an intro and an outro, a to-do handed over after the mails."""
        k = d.rng.randrange(len(INTROS))
        outro = d.choice(OUTROS)
        todo = [p for p in parts if p.family in HANDED_OVER]
        lines = "\n".join(f"- {p.spec.prompt}" for p in [*(p for p in parts if p not in todo), *todo])
        return f"{INTROS[k]}\n{lines}\n{outro}", k

    def parts(self, d: Draw) -> list[Part]:
        """The morning's requests: three inbox requests and maybe a to-do, or four inbox requests."""
        n = d.choice([3, 3, 4])
        parts: list[Part] = []
        if n == 3 and d.chance(0.4):
            pick(d, HANDED_OVER, 1, parts)
        return fill(d, INBOX, n, parts, "a morning")


def morning(world: str, seed: int) -> list[Part]:
    """The parts of `xapp.inbox-morning@seed` as `instances.draw` draws it (which steps are whose)."""
    return FAMILIES[0].drawn(world, seed)


FAMILIES = [InboxMorning()]
