"""The scenario family: a job about one customer account (its contacts, open deal and the open incident a
contact raised) that must clear a handbook approval before the deliverables go out. Each family names its
policies and its deliverables (`MOVES`); the prompt reads as a colleague's request listing them.

A move writes one milestone: a note on the account or the deal, the deal's next step, a task for the
account owner or for Amber, a work note on the incident, a mail to the customer contact or to the account
owner, a meeting with both. Its sentence names what a colleague would name: the account, the exact titles
and texts — never the record ids, the incident's number or the approver, which the reads find.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any

from crossapp.scenarios.approvals import draw_approval
from crossapp.scenarios.kit import Plan
from crossapp.xapp.common import AMBER, another, customer_incidents, open_deals, pick_incident
from tasks.families.base import Draw, Family, Redraw, Spec
from worlds.splits import seed_split

# the handbook policies whose approval a scenario obtains
D, G, E, C, P = (
    "discount-approval",
    "gifts-entertainment",
    "expense-approval",
    "service-credits",
    "purchase-approval",
)
DAYS = [date(2026, 11, d) for d in (10, 11, 12, 13, 16, 17, 18, 19)]
DUES = ["2026-11-13", "2026-11-16", "2026-11-18", "2026-11-20"]
SEEDS = 12  # a scenario is a family of few seeds
WITH_DEAL = (
    "i.state IN (1, 2, 3) AND c.account_id IN (SELECT account_id FROM crm_opportunity WHERE is_closed = 0 "
    "AND amount > 0)"
)


@dataclass
class Case:
    """What one instance is about: the incident row (account, contact, owner) and the account's biggest
    open deal, with Amber's CRM id and the drawn day and due date."""

    inc: dict[str, Any]
    deal: dict[str, Any]
    me_crm: str
    day: date
    due: str
    hour: int

    @property
    def acct(self) -> str:
        return self.inc["account"]

    @property
    def hidden(self) -> str:
        """How a prompt names the incident's number, which the performer must look up."""
        return f"<the number of {self.inc['caller']}'s open incident>"


Move = Callable[[Plan, Case, str], str]  # (plan, case, the family's word for it) -> the prompt's sentence


def deal_next_step(p: Plan, c: Case, word: str) -> str:
    text = f"{word} approved - send the revised quote"
    p.next_step(f"next step on {c.deal['name']} set", c.deal["id"], text)
    return f'set the Next Step of their biggest open opportunity to "{text}"'


def _note(p: Plan, c: Case, milestone: str, parent_id: str, title: str, body: str) -> tuple[str, str]:
    """A note whose title and body name the incident (`{n}`); returns them as the prompt shows them."""
    n = c.inc["number"]
    p.crm_note(milestone, parent_id, title.format(n=n), body.format(n=n))
    hidden = c.hidden
    return title.format(n=hidden), body.format(n=hidden)


def deal_note(p: Plan, c: Case, word: str) -> str:
    title, body = _note(
        p,
        c,
        f"note on {c.deal['name']}",
        c.deal["id"],
        f"{word}: {{n}}",
        f"{word} for {c.acct} agreed after reviewing {{n}}.",
    )
    return f'add a note to that opportunity titled "{title}" with the text "{body}"'


def account_note(p: Plan, c: Case, word: str) -> str:
    title, body = _note(
        p,
        c,
        f"note on the account {c.acct}",
        c.inc["account_id"],
        f"{word} - {{n}}",
        f"{word} logged for {c.acct}; related incident {{n}}.",
    )
    return f'put a note on the account titled "{title}" saying "{body}"'


def owner_task(p: Plan, c: Case, word: str) -> str:
    subject = f"{word} follow-up: {c.acct}"
    p.crm_task(
        f"task for {c.inc['owner']}",
        subject,
        c.inc["account_id"],
        c.inc["crm_contact_id"],
        c.due,
        c.inc["owner_id"],
    )
    return (
        f'give the account owner a High-priority task "{subject}" on the account, with {c.inc["caller"]} '
        f"as the contact, due {c.due}"
    )


def my_task(p: Plan, c: Case, word: str) -> str:
    subject = f"Check in with {c.inc['caller']} on {word.lower()}"
    p.crm_task(
        "my own follow-up task", subject, c.inc["account_id"], c.inc["crm_contact_id"], c.due, c.me_crm
    )
    return (
        f'create a High-priority task for me, "{subject}", on the account with them as contact, due {c.due}'
    )


def work_note(p: Plan, c: Case, word: str) -> str:
    text = f"Account team update: {word.lower()} approved for {c.acct}."
    p.work_note(f"work note on {c.inc['number']}", c.inc["number"], c.inc["sys_id"], text)
    return f'add a work note on {c.inc["caller"]}\'s open incident: "{text}"'


def mail_contact(p: Plan, c: Case, word: str) -> str:
    subject = f"{c.acct}: {word}"
    body = f"Hi {c.inc['caller'].split()[0]}, good news: the {word.lower()} is approved. Best, Amber"
    p.mail(
        f"mail to {c.inc['caller']}", c.inc["caller_email"], subject, body, f"the {word.lower()} is approved"
    )
    return f'mail {c.inc["caller"]} (subject "{subject}"): "{body}"'


def mail_owner(p: Plan, c: Case, word: str) -> str:
    subject = f"{word} approved: {c.acct}"
    first = c.inc["owner"].split()[0]
    body = f"Hi {first}, the {word.lower()} for {c.acct} is approved (see {c.inc['number']})."
    p.mail(f"mail to {c.inc['owner']}", c.inc["owner_email"], subject, body, f"see {c.inc['number']}")
    return (
        f'tell the account owner by mail (subject "{subject}"): "Hi <first name>, the {word.lower()} for '
        f'{c.acct} is approved (see {c.hidden})."'
    )


def meeting(p: Plan, c: Case, word: str) -> str:
    title = f"{c.acct} {word}"
    agenda = f"Agenda: {c.inc['number']} and next steps"
    p.read("office_list_events", start=f"{c.day.isoformat()}T00:00:00", end=f"{c.day.isoformat()}T23:59:00")
    p.meeting(f"{title} booked", title, [c.inc["caller_email"], c.inc["owner_email"]], c.day, c.hour, agenda)
    return (
        f'book a one-hour "{title}" on {c.day:%A, %B} {c.day.day} at {c.hour % 12 or 12}:00 '
        f"{'am' if c.hour < 12 else 'pm'} New York time with {c.inc['caller']} and the account owner, "
        f'agenda "Agenda: {c.hidden} and next steps"'
    )


MOVES: dict[str, Move] = {
    "deal_next_step": deal_next_step,
    "deal_note": deal_note,
    "account_note": account_note,
    "owner_task": owner_task,
    "my_task": my_task,
    "work_note": work_note,
    "mail_contact": mail_contact,
    "mail_owner": mail_owner,
    "meeting": meeting,
}
SUBJECTS = {
    "expense-approval": "the {acct} on-site workshop",
    "purchase-approval": "spare hardware for {acct}",
    "gifts-entertainment": "a dinner with the {acct} team",
    "service-credits": "{acct} after {number}",
}


def catalog_size(name: str, splits: tuple[str, ...], least: int = SEEDS) -> int:
    """At least `least` seeds, and as many more as it takes for every split to get one."""
    size = least
    while {seed_split("acme", name, s, splits) for s in range(size)} != set(splits):
        size += 1
    return size


class Scenario(Family):
    """A long-horizon scenario about one customer account; each is a row of the catalog: `job` (the
    role whose work it is), `policies` (the approvals to obtain, in order), `moves` (keys of MOVES),
    `word` (what the work is called in the texts) and `intros` (how a colleague opens the request:
    {acct} and {caller} are filled in)."""

    apps = ("crm", "office", "ticketing")
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-scenarios"
    # v2: any holder of the approver role is accepted, the approval is a decision of the value in the
    # approver's own words (a quoted "Approved" is not)
    version = 3  # its UI oracle follows the new pages (UI16, event pane, slides)

    def __init__(  # noqa: PLR0913
        self,
        slug: str,
        job: str,
        summary: str,
        policies: tuple[str, ...],
        moves: tuple[str, ...],
        word: str,
        intros: tuple[str, ...],
    ):
        unknown = [m for m in moves if m not in MOVES]
        if unknown or not policies or not intros:
            raise ValueError(f"scenario {slug}: unknown moves {unknown} or no policy / intro")
        self.name = f"scenario.{slug}"
        self.job, self.summary, self.policies, self.moves = job, summary, policies, moves
        self.word, self.intros = word, intros
        self.size = catalog_size(self.name, self.splits)

    def build(self, d: Draw) -> Spec:
        inc = pick_incident(d, customer_incidents(d, WITH_DEAL))
        deals = open_deals(d, inc["account_id"])
        if not deals:
            raise Redraw("no open deal")
        deal = deals[0]
        if len(deals) > 1 and deals[1]["amount"] == deal["amount"]:
            raise Redraw("no single biggest open deal")
        if (
            d.world.value(
                "SELECT count(*) FROM ticketing_incident WHERE caller_id = ? AND state IN (1, 2, 3)",
                inc["caller_sys_id"],
            )
            != 1
        ):
            raise Redraw("the contact has more than one open incident")
        d.note("opportunity", deal["id"])
        me_crm = d.world.value("SELECT id FROM crm_user WHERE email = ?", AMBER)
        if inc["owner_email"] == AMBER or inc["caller_email"] == AMBER:
            raise Redraw("Amber is a party of the case")
        case = Case(inc, deal, me_crm, d.choice(DAYS), d.choice(DUES), d.choice([9, 10, 11, 14, 15]))
        p = Plan(d)
        self._context(p, case)
        asks = []
        for slug in self.policies:
            if slug == "discount-approval":
                ap = draw_approval(d, slug, deal["name"], float(deal["amount"]))
            else:
                ap = draw_approval(d, slug, SUBJECTS[slug].format(acct=case.acct, number=inc["number"]))
            p.approval(ap)
            asks.append(f"{ap.what} (see the {ap.policy})")
        todo = [MOVES[m](p, case, self.word) for m in self.moves]
        others = customer_incidents(d, "i.state IN (1, 2, 3) AND c.account_id != ?", inc["account_id"])
        p.wrong[inc["account_id"]] = another(others, inc, "account_id")
        k = d.rng.randrange(len(self.intros))
        intro = self.intros[k].format(acct=case.acct, caller=inc["caller"])
        prompt = (
            f"{intro} First get approval for {' and for '.join(asks)}: mail whoever the handbook says "
            "must approve, state the amount, and give them a day to answer. Once it is approved, "
            + "; ".join(todo)
            + "."
        )
        return p.spec(prompt, [self.job, *self.policies, *self.moves], k)

    def _context(self, p: Plan, c: Case) -> None:
        """What a colleague reads first: the account, its people and deals, the open incident, the mail."""
        acc, inc = c.inc["account_id"], c.inc
        p.read("crm_list_accounts", f"/s/crm/accounts/{acc}", search=c.acct)
        p.read("crm_get_account", account_id=acc)
        p.read("crm_list_contacts", account_id=acc)
        p.read("crm_list_opportunities", account_id=acc, status="open")
        p.read("crm_get_opportunity", opportunity_id=c.deal["id"])
        p.read("crm_list_activities", record_id=acc)
        p.read("ticketing_list_incidents", caller_id=inc["caller_email"], active=True)
        p.read("ticketing_get_incident", f"/s/ticketing/incidents/{inc['number']}", incident_id=inc["number"])
        p.read("office_search_messages", query=c.acct)
