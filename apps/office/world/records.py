"""Contract records (v5): the acting user's "Contract records" folder in OneDrive, holding the signed
contract and the invoices of former customers (CRM accounts she no longer serves), each file saying when
the customer's contract ended — some ended more than the Data Retention Policy's seven years before now,
some within them, and a few files are under legal hold. What retention tasks delete and keep.

Appended after every other office row from its own stream (`{seed}:office:records`): the ids and texts of
the rows before it stay as they were.
"""

from __future__ import annotations

import random
from datetime import date, timedelta

from apps.office.world.people import Office
from worlds.generator.common import fmt_dt

FOLDER = "Contract records"
CUSTOMERS = 30
PDF = "application/pdf"
MATTERS = [
    "the Hartwell arbitration",
    "a pending tax audit",
    "the 2023 billing dispute",
    "a regulator's inquiry",
]


def contract_records(office: Office, seed: int) -> None:
    """The folder, and for each of `CUSTOMERS` former customers a contract and one or two invoices."""
    rng = random.Random(f"{seed}:office:records")
    actor, crm = office.actor, office.crm
    served = {o["account_id"] for o in crm.rows["opportunity"] if o["owner_id"] == office.actor_crm_id}
    with_contacts = {c["account_id"] for c in crm.rows["contact"] if c.get("email")}
    former = [a for a in crm.rows["account"] if a["id"] not in served and a["id"] in with_contacts]
    names = [a["name"] for a in crm.rows["account"]]
    former = [a for a in former if names.count(a["name"]) == 1]
    root = next(
        r for r in office.rows["drive_item"] if r["owner_id"] == actor["id"] and r["parent_id"] is None
    )
    stamp = office.now - timedelta(days=200)
    folder = _file(office, actor["id"], FOLDER, root["id"], "folder", None, None, None, fmt_dt(stamp))
    cutoff = years_later(office.now.date(), -7)
    chosen = rng.sample(former, min(CUSTOMERS, len(former)))
    for i, account in enumerate(chosen):
        # alternate sides of the cutoff so every world has both; a quarter of the old ones on hold
        old = i % 2 == 0
        days = rng.randrange(60, 5 * 365)
        ended = cutoff - timedelta(days=days) if old else cutoff + timedelta(days=days)
        ended = min(ended, office.now.date() - timedelta(days=90))
        hold = old and i % 4 == 0
        matter = rng.choice(MATTERS) if hold else None
        name = account["name"]
        signed = years_later(ended, -rng.choice([1, 2, 3]))
        note = f" Legal hold: {matter} - do not delete." if hold else ""
        _file(
            office,
            actor["id"],
            f"Contract - {name}.pdf",
            folder["id"],
            "file",
            f"Signed customer contract with {name}. Contract ended {ended}.{note}",
            f"Master services agreement between Acme Corporation and {name}, signed {signed}. "
            f"The contract ended on {ended} and was not renewed.",
            PDF,
            fmt_dt(stamp),
        )
        for k in range(rng.choice([1, 2])):
            billed = ended - timedelta(days=30 + 365 * k + rng.randrange(0, 60))
            number = f"INV-{billed.year}-{rng.randrange(1000, 9999)}"
            _file(
                office,
                actor["id"],
                f"Invoice {number} - {name}.pdf",
                folder["id"],
                "file",
                f"Invoice {number} to {name}, {billed}. Contract ended {ended}.{note}",
                f"Invoice {number}\nBill to: {name}\nDate: {billed}\nAnnual subscription and support under "
                f"the master services agreement (contract ended {ended}).",
                PDF,
                fmt_dt(stamp),
            )


def _file(office, owner, name, parent, kind, description, text, mime, stamp: str) -> dict:
    row = office.add(
        "drive_item",
        "DriveItem",
        name=name,
        parent_id=parent,
        owner_id=owner,
        kind=kind,
        mime_type=mime,
        size=len((text or "").encode()),
        content_text=text,
        description=description,
        web_url=None,
        created_date_time=stamp,
        last_modified_date_time=stamp,
        last_modified_by_id=owner,
    )
    row["web_url"] = f"https://acme-my.sharepoint.example/personal/items/{row['id']}"
    return row


def years_later(day: date, years: int) -> date:
    """The same day `years` later (earlier when negative); 29 February becomes the 28th in other years."""
    try:
        return day.replace(year=day.year + years)
    except ValueError:
        return day.replace(year=day.year + years, day=28)


def ended_on(description: str) -> date | None:
    """The contract end date a record's description states."""
    marker = "Contract ended "
    if marker not in (description or ""):
        return None
    return date.fromisoformat(description.split(marker, 1)[1][:10])
