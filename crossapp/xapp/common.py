"""Queries and references the cross-app families share.

A customer incident is one whose caller is a service-desk user linked to a CRM contact
(`ticketing_sys_user.crm_contact_id`); its account is the contact's account. Accounts are the CRM's
held-out entity, so families that touch the CRM pick by account and note the rest under it.
"""

from __future__ import annotations

from typing import Any

from tasks.families.base import Draw, Redraw, step
from tasks.truth_model import Allowance, OracleStep, UiStep
from worlds.splits import entity_split

AMBER = "amber.miller@acme.example"
STATES = {1: "New", 2: "In Progress", 3: "On Hold", 6: "Resolved", 7: "Closed", 8: "Canceled"}

CUSTOMER_INCIDENTS = """
SELECT i.sys_id, i.number, i.short_description, i.state, i.priority, i.active, i.opened_at,
       u.sys_id AS caller_sys_id, u.name AS caller, u.email AS caller_email, u.crm_contact_id,
       c.account_id, a.name AS account, a.owner_id, o.name AS owner, o.email AS owner_email,
       i.assigned_to, s.name AS assignee, s.email AS assignee_email
FROM ticketing_incident i JOIN ticketing_sys_user u ON u.sys_id = i.caller_id
JOIN crm_contact c ON c.id = u.crm_contact_id JOIN crm_account a ON a.id = c.account_id
JOIN crm_user o ON o.id = a.owner_id LEFT JOIN ticketing_sys_user s ON s.sys_id = i.assigned_to
"""

CONTACT_CALLERS = """
SELECT c.id, c.first_name || ' ' || c.last_name AS name, c.email, c.title, u.sys_id AS caller_sys_id
FROM crm_contact c JOIN ticketing_sys_user u ON u.crm_contact_id = c.id
WHERE c.account_id = ? ORDER BY c.last_name, c.first_name, c.id
"""

OPEN_DEALS = """
SELECT o.id, o.name, o.amount, o.stage_name, o.close_date, o.owner_id
FROM crm_opportunity o WHERE o.account_id = ? AND o.is_closed = 0 ORDER BY o.amount DESC, o.id
"""

MAIL_SIDE_EFFECTS = [
    Allowance(table="office_message", ops=["insert"]),
    Allowance(table="office_scheduled_reply", ops=["insert"]),
]
SLA = Allowance(table="ticketing_task_sla", ops=["insert"])


def customer_incidents(d: Draw, where: str = "1 = 1", *params: Any) -> list[dict[str, Any]]:
    """Incidents raised by CRM contacts (with account, account owner and assignee), by number."""
    return d.world.rows(f"{CUSTOMER_INCIDENTS} WHERE {where} ORDER BY i.number", *params)


def pick_incident(d: Draw, pool: list[dict[str, Any]]) -> dict[str, Any]:
    """One incident of `pool`, drawn by its account (the CRM's held-out entity, as in the other cross-app
    families: the few open customer incidents would not fill three splits if the caller were held out too);
    notes contact and incident."""
    account = d.pick("account", _by_account(pool), key="account_id")
    inc = d.choice([r for r in pool if r["account_id"] == account["account_id"]])
    d.note("contact", inc["crm_contact_id"])
    d.note("incident", inc["number"])
    return inc


def _by_account(pool: list[dict[str, Any]]) -> list[dict[str, Any]]:
    seen: dict[str, dict[str, Any]] = {}
    for r in pool:
        seen.setdefault(r["account_id"], r)
    return list(seen.values())


def callers_of(d: Draw, account_id: str) -> list[dict[str, Any]]:
    """The account's contacts with their service-desk user, by last and first name."""
    return d.world.rows(CONTACT_CALLERS, account_id)


def open_deals(d: Draw, account_id: str) -> list[dict[str, Any]]:
    """The account's open opportunities, biggest first."""
    return d.world.rows(OPEN_DEALS, account_id)


def incidents_of(
    d: Draw, caller_sys_id: str, active_only: bool = False, with_parts: bool = False
) -> list[dict[str, Any]]:
    """One caller's incidents by number (open ones only with `active_only`; with the ones world parts
    add, which the world view hides, with `with_parts`)."""
    extra = " AND state IN (1, 2, 3)" if active_only else ""
    table = "main.ticketing_incident" if with_parts else "ticketing_incident"
    return d.world.rows(
        f"SELECT sys_id, number, short_description, state, priority, caller_id FROM {table} "
        f"WHERE caller_id = ?{extra} ORDER BY number",
        caller_sys_id,
    )


ACCOUNT_CALLERS = """
SELECT DISTINCT c.account_id, i.caller_id FROM ticketing_incident i
JOIN ticketing_sys_user u ON u.sys_id = i.caller_id JOIN crm_contact c ON c.id = u.crm_contact_id
ORDER BY c.account_id, i.caller_id
"""


def same_split_accounts(d: Draw, pool: list[dict[str, Any]], key: str = "id") -> list[dict[str, Any]]:
    """The accounts of `pool` whose every incident caller falls in the account's own split, so that an
    instance about their incidents holds out both the CRM's and the desk's entities."""
    world = d.world.world
    mixed = {
        r["account_id"]
        for r in d.world.rows(ACCOUNT_CALLERS)
        if entity_split(world, "caller", r["caller_id"]) != entity_split(world, "account", r["account_id"])
    }
    return [a for a in pool if a[key] not in mixed]


def hold_callers(d: Draw, found: list[dict[str, Any]]) -> None:
    """Every caller of the incidents `found` must be of the instance's split; the incidents are noted."""
    for caller in sorted({i["caller_id"] for i in found}):
        d.require("caller", caller)
    for i in found:
        d.note("incident", i["sys_id"])


def unique_name(d: Draw, name: str) -> None:
    """Redraw unless exactly one CRM contact and one desk user carry the full name `name`."""
    contacts = d.world.value(
        "SELECT count(*) FROM crm_contact WHERE first_name || ' ' || last_name = ?", name
    )
    users = d.world.value("SELECT count(*) FROM ticketing_sys_user WHERE name = ?", name)
    if contacts != 1 or users != 1:
        raise Redraw(f"{name} is not a unique name")


def incident_ref(d: Draw, inc: dict[str, Any]) -> tuple[str, list[OracleStep]]:
    """How a prompt names an incident and the reads that find it: by number, or (when the caller has no
    other open incident) as "the open incident Jane Doe of Acme raised"."""
    lookup = [step("ticketing_get_incident", incident_id=inc["number"])]
    if inc["state"] in (1, 2, 3) and d.chance(0.4):  # open: New, In Progress, On Hold
        others = d.world.value(
            "SELECT count(*) FROM ticketing_incident WHERE caller_id = ? AND state IN (1, 2, 3)",
            inc["caller_sys_id"],
        )
        same = d.world.value("SELECT count(*) FROM ticketing_sys_user WHERE name = ?", inc["caller"])
        if others == 1 and same == 1:
            found = step("ticketing_list_incidents", caller_id=inc["caller_email"], active=True)
            return f"the open incident {inc['caller']} of {inc['account']} raised", [found, *lookup]
    return inc["number"], lookup


def account_of_caller(inc: dict[str, Any]) -> list[OracleStep]:
    """The reads from an incident's caller to their CRM account."""
    return [
        step("crm_list_contacts", search=inc["caller"]),
        step("crm_get_account", account_id=inc["account_id"]),
    ]


def another(rows: list[dict[str, Any]], chosen: dict[str, Any], key: str) -> str:
    """Another row's `key` (for the wrong-record mutant)."""
    rest = [r[key] for r in rows if r[key] != chosen[key]]
    if not rest:
        raise Redraw("no other record for the wrong-record mutant")
    return rest[0]


def cap(text: str) -> str:
    return text[0].upper() + text[1:]


def work_note_ui(number: str, text: str) -> list[UiStep]:
    """The desk's incident page: post a work note."""
    return [
        UiStep(goto=f"/s/ticketing/incidents/{number}"),
        UiStep(check="Work notes"),
        UiStep(fill=("Work notes", text)),
        UiStep(click=("button", "Post")),
        UiStep(expect_text=text[:40]),
    ]


def compose_ui(to: str, subject: str, body: str) -> list[UiStep]:
    """The office's new-mail page: To, Subject, Message, Send."""
    return [
        UiStep(goto="/s/office/mail/compose"),
        UiStep(fill=("To", to)),
        UiStep(fill=("Subject", subject)),
        UiStep(fill=("Message", body)),
        UiStep(click=("button", "Send")),
    ]


def next_incident(d: Draw) -> str:
    """The number the next new incident gets (the episode numbers on from the world's highest)."""
    top = d.world.value("SELECT max(number) FROM ticketing_incident")
    return f"INC{int(top[3:]) + 1:07d}"


def new_incident_ui(
    number: str,
    caller: str,
    channel: str,
    category: str,
    impact: int,
    urgency: int,
    short: str,
    service: str | None = None,
) -> list[UiStep]:
    """The desk's new-incident form: the caller (an address, chosen in the lookup), channel, category,
    impact, urgency, the configuration item when given, the short description, Submit; `number` is what
    the new incident gets."""
    return [
        UiStep(goto="/s/ticketing/incidents/new"),
        UiStep(fill=("Caller", caller)),
        UiStep(select=("Channel", channel)),
        UiStep(select=("Category", category)),
        UiStep(select=("Impact", str(impact))),
        UiStep(select=("Urgency", str(urgency))),
        *([UiStep(fill=("Configuration item", service))] if service else []),
        UiStep(fill=("Short description", short)),
        UiStep(click=("button", "Submit")),
        UiStep(expect_text=number),
    ]


def note_ui(parent_id: str, title: str, body: str) -> list[UiStep]:
    """The CRM's new-note form on a record."""
    return [
        UiStep(goto=f"/s/crm/notes/new?parent_id={parent_id}"),
        UiStep(fill=("Title", title)),
        UiStep(fill=("Body", body)),
        UiStep(click=("button", "Save")),
        UiStep(expect_text=title),
    ]
