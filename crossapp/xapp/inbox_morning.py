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
from tasks.families.base import Draw, Family, Redraw, Spec
from tasks.families.compose import Part, collision, merge, requester
from tasks.families.instances import ATTEMPTS, _stream
from tasks.families.worldview import world_view
from worlds.splits import seed_split

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


def _part(fam: Family, d: Draw) -> Part | None:
    """`fam` built on `d`'s world, split and stream (None when it has no valid draw this time)."""
    sub = Draw(world=d.world, split=d.split, rng=d.rng)
    try:
        spec = fam.build(sub)
    except Redraw:
        return None
    if spec.answer is not None:  # a morning's requests end in work and mails, not in one answer
        return None
    if "ticketing" in fam.apps and not fam.reads_part_rows:
        parts = d.world.part_subjects
        if any(s.split(":", 1)[-1] in parts for s in sub.subjects):
            return None  # what a world part's incidents are about (as `instances.draw` would redraw)
    label = f"{requester(spec.prompt, fam.name)} ({fam.name.split('.', 1)[1]})"
    return Part(fam, spec, sub, label=label)


def _pick(d: Draw, pool: tuple[Family, ...], n: int, parts: list[Part]) -> None:
    """Add up to `n` parts from `pool` (in a drawn order) to `parts`, skipping those that collide."""
    order = list(pool)
    d.rng.shuffle(order)
    added = 0
    for fam in order:
        if added == n:
            return
        part = _part(fam, d)
        if part is None or any(collision(part, p) for p in parts):
            continue
        parts.append(part)
        added += 1


class InboxMorning(Family):
    name = "xapp.inbox-morning"
    apps = ("office", "crm", "ticketing")
    # the parts' code decides what an instance holds: a part's new version is a new version of the morning
    version = 1 + sum(f.version for f in (*INBOX, *HANDED_OVER))
    tier = "frontier"
    reads_part_rows = True  # each part that must not read them is drawn again by `_part`
    surfaces = ("mcp", "cli", "python")
    no_ui_reason = "a morning holds requests whose families have no browser oracle"
    size = 60
    distinct = 50
    ci_instances = 1  # a morning calibrates in 100–220 s; `tasks check --family xapp.inbox-morning` runs more
    ci_surfaces = ("python", "mcp")
    author = "saasgym-frontier"
    summary = (
        "frontier: a morning of 3–4 waiting requests of different frontier families in one episode (mails "
        "the prompt only points at, maybe a to-do handed over): ask first, wait once, finish each"
    )

    def build(self, d: Draw) -> Spec:
        return self.compose(d)[0]

    def compose(self, d: Draw) -> tuple[Spec, list[Part]]:
        """The morning's Spec and its parts (each with its steps' places in the merged oracle)."""
        parts = self.parts(d)
        k = d.rng.randrange(len(INTROS))
        outro = d.choice(OUTROS)
        todo = [p for p in parts if p.family in HANDED_OVER]  # a to-do handed over comes after the mails
        lines = "\n".join(f"- {p.spec.prompt}" for p in [*(p for p in parts if p not in todo), *todo])
        prompt = f"{INTROS[k]}\n{lines}\n{outro}"
        for p in parts:
            d.subjects += p.draw.subjects
            d.distractors += p.draw.distractors
        return merge(parts, prompt, k, ["inbox", "morning", "cross-app"]), parts

    def parts(self, d: Draw) -> list[Part]:
        """The morning's requests: three inbox requests and maybe a to-do, or four inbox requests."""
        n = d.choice([3, 3, 4])
        parts: list[Part] = []
        if n == 3 and d.chance(0.4):
            _pick(d, HANDED_OVER, 1, parts)
        _pick(d, INBOX, n - len(parts), parts)
        if len(parts) < n:
            raise Redraw(f"only {len(parts)} requests of a morning fit together")
        return parts


def morning(world: str, seed: int) -> list[Part]:
    """The parts of `xapp.inbox-morning@seed` as `instances.draw` draws it (which steps are whose)."""
    fam = FAMILIES[0]
    rng = _stream(world, fam, seed)
    split = seed_split(world, fam.name, seed, fam.splits)
    for _ in range(ATTEMPTS):
        try:
            return fam.compose(Draw(world=world_view(world), split=split, rng=rng))[1]
        except Redraw:
            continue
    raise Redraw(f"{fam.name}@{seed}: no valid draw")


FAMILIES = [InboxMorning()]
