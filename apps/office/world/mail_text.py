"""The mail's texts, written after the mail exists so they are grounded in the world's records: a mail about
a deal quotes the deal as "<name> (<stage>, $<amount>)" with its real stage and amount; an out-of-office
names a real colleague who covers; a lunch & learn books a real room; a process question asks for a real
document. Subjects of the acting user's customer and internal threads are kept (tasks quote them).

Draws from its own stream (`{seed}:office:text`), after all mail exists: ids and folders are unchanged.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any

from apps.office.world.people import Office
from worlds.generator.common import make_faker

WORK = {
    "Sales": ("the Q4 commit review", "the renewal campaign", "territory plans", "the partner pipeline"),
    "Marketing": ("the webinar series", "the November newsletter", "the pricing page refresh", "event leads"),
    "Support": ("the backlog clean-up", "the new macro set", "the escalation runbook", "CSAT follow-ups"),
    "Engineering": (
        "the 4.2 release",
        "the flaky integration tests",
        "the API rate limits",
        "the on-call rota",
    ),
    "IT": ("the laptop refresh", "the VPN gateway upgrade", "the MFA roll-out", "the asset audit"),
    "Finance": ("the month-end close", "the audit requests", "the FY27 budget", "vendor payments"),
    "HR": ("open requisitions", "the benefits enrolment", "the engagement survey", "onboarding packs"),
}
TOPICS = (
    "our new product roadmap",
    "writing good support macros",
    "the FY27 pricing changes",
    "security basics",
    "how the forecast is built",
    "negotiation tips",
    "what customers ask for in renewals",
)
VENDORS_ITEMS = ("licences", "cloud hosting", "office supplies", "catering", "travel", "consulting days")
PROCESS_DOCS = (
    "travel policy",
    "approval matrix",
    "onboarding checklist",
    "escalation guide",
    "RACI sheet",
    "purchase request form",
    "quote template",
    "handover checklist",
    "data retention guide",
)
RISKS = ("none", "waiting on Legal", "one open hire", "budget sign-off")
CLOSERS = ("Thanks,", "Cheers,", "Best,", "Thanks in advance,", "Regards,")


def deal_phrase(opp: dict[str, Any]) -> str:
    """How a mail quotes a deal: its name, stage and amount exactly as the CRM holds them."""
    return f"{opp['name']} ({opp['stage_name']}, ${opp['amount'] or 0:,.0f})"


def _when(d: datetime, days: int) -> datetime:
    d = d + timedelta(days=days)
    while d.weekday() >= 5:
        d += timedelta(days=1)
    return d


def _everyday(rng: random.Random, fake, office: Office, sender: dict, old: str, sent: datetime):  # noqa: ANN001, ANN202
    dept = sender["department"]
    work = rng.sample(WORK.get(dept, WORK["Sales"]), 2)
    mates = [u for u in office.users if u["department"] == dept and u is not sender] or office.users
    mate = rng.choice(mates)
    if old == "Out of office next week":
        start = _when(sent, rng.randint(3, 7))
        end = _when(start, rng.randint(1, 4))
        return (
            f"Out of office {start:%b %d}-{end:%b %d}",
            f"I'm out from {start:%A %b %d} and back on {_when(end, 1):%A %b %d}. {mate['display_name']} "
            f"covers {work[0]}; for anything on {work[1]} please mail {mate['given_name']} directly.",
        )
    if old == "Lunch & learn on Thursday":
        room = rng.choice(office.rows["room"])
        day, topic = _when(sent, rng.randint(2, 9)), rng.choice(TOPICS)
        return (
            f"Lunch & learn {day:%a %b %d}: {topic}",
            f"{mate['display_name']} presents {topic} on {day:%A} at {rng.choice(('12:00', '12:30'))} in "
            f"{room['display_name']}. Lunch is provided for the first {rng.randint(12, 30)} who reply.",
        )
    if old == "Weekly status":
        return (
            f"Status week {sent.isocalendar().week}: {work[0]}",
            f"Done: {work[0]} is {rng.randint(40, 95)}% through, {rng.randint(2, 9)} items closed. Next: "
            f"{work[1]} with {mate['given_name']}. Risks: {rng.choice(RISKS)}.",
        )
    if old == "Notes from today's meeting":
        other = rng.choice(mates)
        return (
            f"Notes: {work[0]} sync {sent:%b %d}",
            f"Decisions: {work[0]} moves to {_when(sent, rng.randint(5, 20)):%b %d}. Actions: "
            f"{mate['given_name']} drafts the plan, {other['given_name']} checks the numbers by "
            f"{_when(sent, 2):%A}.",
        )
    if old == "Question about the process":
        doc = f"{dept} {rng.choice(PROCESS_DOCS)} (v{rng.randint(2, 9)})"
        return (
            f"Where is the latest {doc}?",
            f"Does anyone know where the current version of {doc} lives? I found two copies and the one "
            f"I have is from {sent - timedelta(days=rng.randint(20, 200)):%B}. Need it for {work[0]}.",
        )
    if old == "Quarterly planning":
        q = (sent.month - 1) // 3 + 2
        label = f"Q{q if q <= 4 else 1}"
        return (
            f"{label} planning: {work[0]} input by {_when(sent, 4):%b %d}",
            f"Please add your {label} goals for {work[0]} and {work[1]} to the planning doc by "
            f"{_when(sent, 4):%A}; we review them with {mate['given_name']} the week after.",
        )
    vendor, inv = fake.company(), f"INV-{rng.randint(10000, 99999)}"
    amount = rng.randint(300, 48000)
    return (
        f"Invoice {inv} from {vendor} (${amount:,})",
        f"{vendor} sent invoice {inv} for ${amount:,} ({rng.choice(VENDORS_ITEMS)}). Can you confirm PO "
        f"{rng.randint(4500000, 4599999)} so I can route it to {mate['given_name']} for approval?",
    )


def _customer_body(rng: random.Random, subject: str, opp: dict, products: list[str], first: str) -> str:
    deal = deal_phrase(opp)
    product = rng.choice(products) if products else "the platform"
    if subject.startswith("Pricing question"):
        text = (
            f"we are reviewing {deal}. Could you send an updated quote for {product} with both the "
            f"Standard and Premium support options before our budget meeting on {opp['close_date']}?"
        )
    elif subject.startswith("Contract redlines"):
        text = (
            f"our legal team marked up the agreement for {deal}: the liability cap and the auto-renewal "
            f"clause in section {rng.randint(7, 14)}.{rng.randint(1, 6)} need another look."
        )
    elif "renewal" in subject:
        text = (
            f"our renewal is due by {opp['close_date']}. Where do we stand on {deal}, and is {product} "
            "included?"
        )
    elif subject.startswith("Security questionnaire"):
        text = (
            f"procurement needs the security questionnaire ({rng.randint(40, 180)} questions) completed "
            f"before {deal} can move on. Can your team cover the {product} section?"
        )
    else:
        text = (
            f"thanks for the call. Following up on {deal}: can the {product} implementation start in "
            f"{rng.choice(('January', 'February', 'March'))}, and who is our main contact?"
        )
    return f"Hi {first},\n\n" + text[0].upper() + text[1:]


def rewrite(office: Office, seed: int, everyday: range, threads: range) -> None:
    """Rewrite the everyday mail (subject and body) and the bodies of the acting user's threads."""
    rng = random.Random(f"{seed}:office:text")
    fake = make_faker(rng)
    messages = office.rows["message"]
    by_conv: dict[str, list[dict]] = {}
    for m in messages:
        by_conv.setdefault(m["conversation_id"], []).append(m)
    opps = {o["name"]: o for o in office.crm.rows["opportunity"]}
    accounts = {a["name"]: a for a in office.crm.rows["account"]}
    done: set[str] = set()
    for i in everyday:
        m = messages[i]
        if m["internet_message_id"] in done:
            continue
        sender = office.by_mail[m["from_address"]]
        subject, text = _everyday(
            rng, fake, office, sender, m["subject"], datetime.fromisoformat(m["sent_date_time"])
        )
        greeting = rng.choice(("Hi all,", "Hi team,", "Hello everyone,", "Hi,"))
        body = f"{greeting}\n\n{text}\n\n{rng.choice(CLOSERS)}\n{sender['given_name']}"
        _set(by_conv, m, subject, body, done)
    for i in threads:
        m = messages[i]
        if m["internet_message_id"] in done or m["meeting_message_type"]:
            continue
        opp = _opp_in(m["subject"], opps, accounts, office)
        body = m["body_content"]
        head, _, sign = body.rpartition("\n\n")
        if opp is None:
            extra = rng.choice(FOLLOW).format(
                day=_when(datetime.fromisoformat(m["sent_date_time"]), rng.randint(1, 6)),
                n=rng.randint(2, 9),
                clock=f"{rng.randint(9, 16)}:{rng.choice(('00', '30'))}",
            )
            more = rng.choice(STATUS_FREE).format(
                n=rng.randint(2, 40), clock=f"{rng.randint(9, 16)}:{rng.choice(('15', '45'))}"
            )
            body = head + "\n\n" + extra + " " + more + "\n\n" + sign if head else body + "\n\n" + extra
        elif not m["subject"].startswith("RE: ") and not m["from_address"].endswith("@acme.example"):
            first = body.split(",")[0].removeprefix("Hi ").strip() or "there"
            body = _customer_body(rng, m["subject"], opp, _products(office, opp), first) + "\n\n" + sign
        else:
            line = rng.choice(STATUS).format(deal=deal_phrase(opp), close=opp["close_date"])
            body = (head + "\n\n" + line + "\n\n" + sign) if head else body + "\n\n" + line
        _set(by_conv, m, m["subject"], body, done)


FOLLOW = (
    "I'll follow up once I have the numbers, probably by {day:%A}.",
    "Does {day:%A} at {clock} work for a quick call?",
    "Happy to loop in Finance; they need {n} working days for a review.",
    "I'll put it on the agenda for {day:%A %b %d}.",
    "Ping me on Teams if anything changes before {clock}.",
    "We discussed {n} options last time; let's pick one by {day:%b %d}.",
    "I have blocked {clock} on {day:%A} to go through it.",
)
STATUS_FREE = (
    "I have {n} open items on my list today.",
    "My calendar is free after {clock}.",
    "The last version I saw had {n} comments.",
    "Travelling until {clock}, then online.",
    "We are at {n}% of the quarter's target.",
    "",
    "I can take it at {clock} if that helps.",
)
STATUS = (
    "For reference, the CRM has {deal}, closing {close}.",
    "Where we are: {deal}, target close {close}.",
    "Current status on our side: {deal}; close date {close}.",
    "Deal on file: {deal}, expected {close}.",
)


def _set(by_conv: dict, m: dict, subject: str, body: str, done: set[str]) -> None:
    for copy in by_conv[m["conversation_id"]]:
        if copy["internet_message_id"] == m["internet_message_id"]:
            copy["subject"], copy["body_content"] = subject, body
            copy["body_preview"] = " ".join(body.split())[:255]
    done.add(m["internet_message_id"])


def _opp_in(subject: str, opps: dict, accounts: dict, office: Office) -> dict | None:
    for name, opp in opps.items():
        if name in subject:
            return opp
    for name, acc in accounts.items():
        if name in subject:
            theirs = [o for o in office.crm.rows["opportunity"] if o["account_id"] == acc["id"]]
            mine = [o for o in theirs if o["owner_id"] == office.actor_crm_id] + theirs
            return mine[0] if mine else None
    return None


def _products(office: Office, opp: dict) -> list[str]:
    names = {p["id"]: p["name"] for p in office.crm.rows["product"]}
    return [
        names[li["product_id"]]
        for li in office.crm.rows["opportunity_line_item"]
        if li["opportunity_id"] == opp["id"]
    ]
