"""Queries, references and truth pieces the CRM families share.

Held-out entities: accounts (kind `account`; their contacts and opportunities are noted under them) and
leads (kind `lead`). Users are shared. An account is referred to by name, by account number, by its
billing city (when no other account matches that text) or through one of its contacts.
"""

from __future__ import annotations

from typing import Any

from tasks.families.base import Draw, Redraw, step
from tasks.truth_model import Allowance

TODAY = "2026-11-02"  # the acme world's clock date
ME = "0055g000000000PAAQ"  # the acting user (Amber Miller)

ACCOUNTS = """
SELECT a.id, a.name, a.account_number, a.parent_id, a.type, a.industry, a.rating, a.billing_street,
       a.billing_city, a.billing_state, a.billing_postal_code, a.billing_country, a.phone, a.website,
       a.number_of_employees, a.owner_id, u.name AS owner_name
FROM crm_account a JOIN crm_user u ON u.id = a.owner_id
"""

OPPS = """
SELECT o.id, o.name, o.account_id, a.name AS account_name, o.amount, o.close_date, o.stage_name,
       o.probability, o.forecast_category, o.next_step, o.owner_id, u.name AS owner_name, o.pricebook_id,
       o.is_closed
FROM crm_opportunity o JOIN crm_account a ON a.id = o.account_id JOIN crm_user u ON u.id = o.owner_id
"""

CONTACTS = """
SELECT c.id, c.first_name, c.last_name, c.first_name || ' ' || c.last_name AS full_name, c.title, c.email,
       c.account_id, c.owner_id, c.mailing_street, c.mailing_city, c.mailing_postal_code
FROM crm_contact c
"""

HISTORY = Allowance(table="crm_opportunity_history", ops=["insert"])
SELLERS = "title LIKE '%Account Executive%' AND is_active = 1"


def accounts(d: Draw, where: str = "1 = 1", *params: Any) -> list[dict[str, Any]]:
    """Accounts matching `where` (with their owner's name), in id order."""
    return d.world.rows(f"{ACCOUNTS} WHERE {where} ORDER BY a.id", *params)


def opportunities(d: Draw, where: str = "1 = 1", *params: Any) -> list[dict[str, Any]]:
    """Opportunities matching `where` (with account and owner names), in id order."""
    return d.world.rows(f"{OPPS} WHERE {where} ORDER BY o.id", *params)


def open_opps_of(d: Draw, account_id: str) -> list[dict[str, Any]]:
    """The open opportunities of one account."""
    return opportunities(d, "o.account_id = ? AND o.is_closed = 0", account_id)


def contacts_of(d: Draw, account_id: str) -> list[dict[str, Any]]:
    """The contacts of one account, by last and first name."""
    return d.world.rows(
        f"{CONTACTS} WHERE c.account_id = ? ORDER BY c.last_name, c.first_name, c.id", account_id
    )


def sellers(d: Draw) -> list[dict[str, Any]]:
    """Active account executives (owners a record can be given to)."""
    return d.world.rows(f"SELECT id, name, email FROM crm_user WHERE {SELLERS} ORDER BY id")


def user_name(d: Draw, user_id: str) -> str:
    return d.world.value("SELECT name FROM crm_user WHERE id = ?", user_id)


def other(rows: list[dict[str, Any]], chosen: dict[str, Any], key: str = "id") -> dict[str, Any]:
    """A plausible other record for the wrong-record mutant (the next one in order, wrapping)."""
    rest = [r for r in rows if r[key] != chosen[key]]
    if not rest:
        raise Redraw("no other record for the wrong-record mutant")
    return rest[rows.index(chosen) % len(rest)] if chosen in rows else rest[0]


def _matches(d: Draw, text: str) -> int:
    """How many accounts a list_accounts search for `text` finds (name, number or billing city)."""
    like = f"%{text.lower()}%"
    return int(
        d.world.value(
            "SELECT count(*) FROM crm_account WHERE lower(name) LIKE ? OR lower(account_number) LIKE ? "
            "OR lower(coalesce(billing_city, '')) LIKE ?",
            like,
            like,
            like,
        )
    )


def account_ref(d: Draw, acc: dict[str, Any], ways: tuple[str, ...] = ("name", "number", "city", "contact")):
    """How a prompt names `acc`, and the read an agent needs to find it: (text, [oracle steps]).

    id: "account 0015g…" (nothing to look up) · name: "Leon Inc" · number: "account CUST-100001" ·
    city: "our account based in Lake Adamshire" (only when the search finds that account alone) ·
    contact: "the account Jane Doe works for" (a contact whose full name no other contact has)."""
    way = d.choice(list(ways))
    if way == "id":
        return f"account {acc['id']}", []
    if way == "number" and acc["account_number"]:
        n = acc["account_number"]
        return f"account {n}", [step("crm_list_accounts", search=n)]
    if way == "city" and acc["billing_city"] and _matches(d, acc["billing_city"]) == 1:
        return f"our account based in {acc['billing_city']}", [
            step("crm_list_accounts", search=acc["billing_city"])
        ]
    if way == "contact":
        people = [
            c
            for c in contacts_of(d, acc["id"])
            if d.world.value(
                "SELECT count(*) FROM crm_contact WHERE first_name = ? AND last_name = ?",
                c["first_name"],
                c["last_name"],
            )
            == 1
        ]
        if people:
            c = d.choice(people)
            d.note("contact", c["id"])
            return f"the account {c['full_name']} works for", [
                step("crm_list_contacts", search=c["full_name"]),
                step("crm_get_contact", contact_id=c["id"]),
            ]
    return acc["name"], [step("crm_list_accounts", search=acc["name"])]


def similar_names(d: Draw, name: str) -> int:
    """How many other accounts share the first word of `name` (distractors a name search shows)."""
    first = name.replace(",", " ").split()[0]
    return int(
        d.world.value("SELECT count(*) FROM crm_account WHERE name LIKE ? AND name != ?", f"{first}%", name)
    )


def phrase(d: Draw, phrasings: list[str]) -> tuple[str, int]:
    """One of the phrasings (≥ 5) and its index."""
    if len(phrasings) < 5:
        raise ValueError("a family needs at least five phrasings")
    k = d.rng.randrange(len(phrasings))
    return phrasings[k], k


def money(x: float) -> str:
    return f"${x:,.2f}"
