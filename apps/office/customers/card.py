"""A customer contact's persona, built when they answer from the episode's current records: who they are
(the address book), what the CRM shows them (their account, its account manager, their colleagues, the open
deals as a quote shows them) and the desk's incidents they and their colleagues raised — each only when the
episode holds that app (`apps.core.peer_knowledge`). Time zone from where they work; office hours
09:00-17:00 local.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from apps.core.actions import Ctx
from apps.core.peer_knowledge import peer
from apps.core.stable_hash import stable_number
from apps.office.models import Contact

PREFIX = "customer:"
HOURS = ("09:00", "17:00")
COUNTRY_ZONES = {
    "Netherlands": "Europe/Amsterdam",
    "Ireland": "Europe/Dublin",
    "France": "Europe/Paris",
    "United Kingdom": "Europe/London",
    "Germany": "Europe/Berlin",
    "Canada": "America/Toronto",
}
US_ZONES = {
    "America/Los_Angeles": {"CA", "WA", "OR", "NV"},
    "America/Denver": {"CO", "UT", "NM", "WY", "MT", "ID"},
    "America/Phoenix": {"AZ"},
    "America/Chicago": {
        "TX",
        "IL",
        "MN",
        "WI",
        "IA",
        "MO",
        "AR",
        "LA",
        "MS",
        "AL",
        "OK",
        "KS",
        "NE",
        "SD",
        "ND",
        "TN",
    },
    "America/Anchorage": {"AK"},
    "Pacific/Honolulu": {"HI"},
}


@dataclass(frozen=True)
class CustomerCard:
    """What a customer contact knows and how they write."""

    persona_id: str
    name: str
    first_name: str
    email: str
    title: str | None
    department: str | None
    company: str | None
    time_zone: str
    account_manager: dict[str, Any] | None = None
    colleagues: list[dict[str, Any]] = field(default_factory=list)
    deals: list[dict[str, Any]] = field(default_factory=list)
    incidents: list[dict[str, Any]] = field(default_factory=list)
    # the tickets they raised that are resolved, closed or cancelled (their latest ones): still theirs
    settled: list[dict[str, Any]] = field(default_factory=list)
    # the tickets their colleagues raised (open or settled, each with `raised_by`): their company's
    company_tickets: list[dict[str, Any]] = field(default_factory=list)
    # the message being answered as they read it (apps/core/understanding: Request) and the meeting times
    # they could offer (apps/office/coworkers/slots.py), in their own zone
    request: dict[str, Any] = field(default_factory=dict)
    slots: str = ""

    @property
    def signature(self) -> str:
        role = ", ".join(filter(None, (self.title, self.company)))
        return "\n".join(filter(None, (self.name, role)))


def time_zone_of(view: dict[str, Any] | None) -> str:
    """Where the contact works (the CRM's mailing country and state), as an IANA zone; New York by default."""
    if not view:
        return "America/New_York"
    if view.get("country") in COUNTRY_ZONES:
        return COUNTRY_ZONES[view["country"]]
    for zone, states in US_ZONES.items():
        if view.get("state") in states:
            return zone
    return "America/New_York"


def reply_delay_minutes(contact_id: str) -> int:
    """How long the contact takes to answer: 20 minutes to 4 hours, fixed per contact."""
    return 20 + stable_number(f"customer-delay:{contact_id}") % 221


def customer_card(ctx: Ctx, contact: Contact) -> CustomerCard:
    """The contact's persona as of now (rebuilt on every answer, never stored).

    Args:
        ctx: the answering action's context.
        contact: the address-book entry of the contact.
    """
    crm, desk = peer(ctx, "crm"), peer(ctx, "ticketing")
    view = crm.customer_view(ctx, contact.email_address, contact.company_name) if crm else None
    first = contact.display_name.split()[0] if contact.display_name else contact.email_address
    return CustomerCard(
        persona_id=PREFIX + contact.id,
        name=contact.display_name,
        first_name=first,
        email=contact.email_address,
        title=(view or {}).get("title") or contact.job_title,
        department=(view or {}).get("department"),
        company=(view or {}).get("account") or contact.company_name,
        time_zone=time_zone_of(view),
        account_manager=(view or {}).get("account_manager"),
        colleagues=(view or {}).get("colleagues", []),
        deals=(view or {}).get("deals", []),
        incidents=desk.raised_by(ctx, contact.email_address) if desk else [],
        settled=desk.raised_by(ctx, contact.email_address, settled=True) if desk else [],
        company_tickets=_company_tickets(ctx, desk, (view or {}).get("colleagues", [])),
    )


def _company_tickets(ctx: Ctx, desk: Any, colleagues: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The tickets the contact's colleagues raised, open and settled, each marked with who raised it.

    Args:
        ctx: the answering action's context.
        desk: the desk's knowledge (`apps.core.peer_knowledge`), None without the desk.
        colleagues: the contact's colleagues as the CRM lists them (name, address).
    """
    if desk is None:
        return []
    return [
        {**ticket, "raised_by": c["name"]}
        for c in colleagues
        if c.get("email")
        for settled in (False, True)
        for ticket in desk.raised_by(ctx, c["email"], settled=settled)
    ]
