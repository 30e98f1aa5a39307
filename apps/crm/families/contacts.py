"""Contacts: a new contact on an account, an office move for every contact of an account, and an
account handed over to another rep with its contacts (and open deals)."""

from __future__ import annotations

from typing import Any

from apps.crm.families.common import (
    account_ref,
    accounts,
    contacts_of,
    open_opps_of,
    other,
    phrase,
    sellers,
    similar_names,
    user_name,
)
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.families.batch import COUNTS, intros, several
from tasks.match_model import Match
from tasks.truth_model import Allowance, Expectation, UiStep

FIRST = [
    "Priya",
    "Marcus",
    "Elena",
    "Tomas",
    "Aisha",
    "Lars",
    "Mei",
    "Diego",
    "Hannah",
    "Kofi",
    "Ingrid",
    "Rahul",
]
LAST = ["Okafor", "Lindqvist", "Moreau", "Takahashi", "Castellanos", "Novak", "Brennan", "Haddad", "Ferreira"]
TITLES = ["Head of Procurement", "IT Director", "VP of Operations", "Finance Director", "Security Analyst"]
STREETS = [
    "100 Harbor Point Blvd",
    "2500 Innovation Way",
    "18 Market Square",
    "740 Riverside Drive",
    "9 Station Road",
]


def _domain(acc: dict[str, Any]) -> str:
    site = (acc["website"] or "").removeprefix("www.")
    if not site:
        raise Redraw("the account has no website to take the e-mail domain from")
    return site


def _edit_ui(record: str, values: dict[str, str]) -> list[UiStep]:
    """The record's edit form with `values` filled in by label, saved."""
    fills = [UiStep(fill=(label, value)) for label, value in values.items()]
    return [
        UiStep(goto=f"{record}/edit"),
        *fills,
        UiStep(click=("button", "Save")),
        UiStep(expect_text="was saved"),
    ]


def _owner_ui(record: str, owner: str, others_deals: bool = False) -> list[UiStep]:
    """The record's Change Owner page (its list row action), giving it to `owner`.

    Args:
        record: the record's path (/accounts/<id>, /contacts/<id>, /opportunities/<id>).
        owner: the new owner's name, typed into the Owner lookup.
        others_deals: tick Change Account Owner's "Transfer open opportunities not owned by the existing
            account owner" (accounts only).
    """
    tick = [UiStep(check="Transfer open opportunities not owned by the existing account owner")]
    return [
        UiStep(goto=f"{record}/owner"),
        UiStep(fill=("Owner", owner)),
        *(tick if others_deals else []),
        UiStep(click=("button", "Change Owner")),
    ]


class CreateContact(Family):
    name = "crm.create-contact"
    version = 3  # v2: the batch knob (several()); v3: a UI oracle (New Contact with Reports To)
    apps = ("crm",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-crm-team"
    summary = (
        "a new contact (name, title, e-mail, optional manager) on an account named several ways"
        " (or a batch of 3–4)"
    )

    def build(self, d: Draw) -> Spec:
        return several(d, self.one, d.choice(COUNTS), intros("contact"))

    def one(self, d: Draw) -> Spec:
        """One request, drawn with its own preconditions (build may batch several)."""
        pool = accounts(d, "a.id IN (SELECT account_id FROM crm_contact)")
        acc = d.pick("account", pool, key="id")
        first, last, title = d.choice(FIRST), d.choice(LAST), d.choice(TITLES)
        email = f"{first.lower()}.{last.lower()}@{_domain(acc)}"
        ref, lookup = account_ref(d, acc, ("id", "name", "number", "city", "contact"))
        d.distractors = similar_names(d, acc["name"]) if lookup else 0
        boss = None
        if d.chance(0.4):
            people = contacts_of(d, acc["id"])
            boss = d.choice(people)
            if (
                d.world.value(
                    "SELECT count(*) FROM crm_contact WHERE first_name = ? AND last_name = ?",
                    boss["first_name"],
                    boss["last_name"],
                )
                > 1
            ):  # the Reports To lookup offers every contact of that name
                raise Redraw("two contacts share the manager's name")
            d.note("contact", boss["id"])
        reports = f", reporting to {boss['full_name']}" if boss else ""
        phrasings = [
            f"Add a contact to {ref}: {first} {last}, {title}, {email}{reports}.",
            f"We met {first} {last} ({title}) from {ref}. Create the contact with e-mail {email}{reports}.",
            f"New contact on {ref} — name {first} {last}, title {title}, e-mail {email}{reports}.",
            f"Please create {first} {last} as a contact of {ref}. Title: {title}. E-mail: {email}{reports}.",
            f"{ref[0].upper() + ref[1:]} has a new {title}, {first} {last} ({email}){reports}. Add them.",
        ]
        prompt, k = phrase(d, phrasings)
        args: dict[str, Any] = {
            "account_id": acc["id"],
            "first_name": first,
            "last_name": last,
            "title": title,
            "email": email,
        }
        fields = {
            "account_id": eq(acc["id"]),
            "first_name": Match(text=first),
            "last_name": Match(text=last),
            "title": Match(text=title),
            "email": Match(text=email),
        }
        if boss:
            args["reports_to_id"] = boss["id"]
            fields["reports_to_id"] = eq(boss["id"])
            lookup = [*lookup, step("crm_list_contacts", account_id=acc["id"], search=boss["full_name"])]
        ui = [
            UiStep(goto="/contacts/new"),
            UiStep(fill=("First Name", first)),
            UiStep(fill=("Last Name", last)),
            UiStep(fill=("Account Name", acc["name"])),
            UiStep(fill=("Title", title)),
            UiStep(fill=("Email", email)),
            *([UiStep(fill=("Reports To", boss["full_name"]))] if boss else []),
            UiStep(click=("button", "Save")),
            UiStep(expect_text=f"{first} {last}"),
        ]
        return Spec(
            prompt=prompt,
            oracle=[*lookup, step("crm_create_contact", **args)],
            expect=[Expectation(table="crm_contact", op="insert", fields=fields)],
            ui_oracle=ui,
            wrong_record={acc["id"]: other(pool, acc)["id"]},
            tags=["contact", "create"],
            phrasing=k,
        )


class OfficeMove(Family):
    name = "crm.office-move"
    version = 2  # v2: a UI oracle (the account's and each contact's edit form)
    apps = ("crm",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-crm-team"
    summary = (
        "an account moved within its city: new billing street and postal code on it and on all its contacts"
    )

    def build(self, d: Draw) -> Spec:
        pool = accounts(
            d, "a.id IN (SELECT account_id FROM crm_contact GROUP BY account_id HAVING count(*) <= 6)"
        )
        acc = d.pick("account", pool, key="id")
        people = contacts_of(d, acc["id"])
        if any(p["mailing_street"] != acc["billing_street"] for p in people):
            raise Redraw("a contact does not share the account's address")
        for p in people:
            d.note("contact", p["id"])
        street = d.choice(STREETS)
        code = acc["billing_postal_code"] or ""
        new_code = (
            code[:-1] + str((int(code[-1]) + d.rng.randrange(1, 9)) % 10) if code[-1:].isdigit() else code
        )
        if new_code == code:
            raise Redraw("no postal code to change")
        ref, lookup = account_ref(d, acc)
        city = acc["billing_city"]
        phrasings = [
            f"{ref[0].upper() + ref[1:]} moved to {street}, {new_code} (same city, {city}). Update the "
            "account's "
            "billing address and the mailing address of every one of its contacts.",
            f"New office for {ref}: {street}, postal code {new_code}. Change the billing street and "
            "postal code on "
            "the account and the mailing street and postal code on all its contacts.",
            f"Please apply an address change to {ref} and all of its contacts: street {street}, postal code "
            f"{new_code}; the city stays {city}.",
            f"{ref[0].upper() + ref[1:]} relocated within {city} to {street} ({new_code}). Every "
            "contact there "
            "should get the new mailing address too.",
            f"Address update — account {ref} and each of its contacts: {street}, {new_code}, {city}.",
        ]
        prompt, k = phrase(d, phrasings)
        oracle = [
            *lookup,
            step(
                "crm_update_account",
                account_id=acc["id"],
                billing_street=street,
                billing_postal_code=new_code,
            ),
            step("crm_list_contacts", account_id=acc["id"]),
            *[
                step(
                    "crm_update_contact",
                    contact_id=p["id"],
                    mailing_street=street,
                    mailing_postal_code=new_code,
                )
                for p in people
            ],
        ]
        expect = [
            Expectation(
                table="crm_account",
                op="update",
                pk=acc["id"],
                fields={"billing_street": Match(text=street), "billing_postal_code": eq(new_code)},
            ),
            *[
                Expectation(
                    table="crm_contact",
                    op="update",
                    pk=p["id"],
                    fields={"mailing_street": Match(text=street), "mailing_postal_code": eq(new_code)},
                )
                for p in people
            ],
        ]
        allow = [
            Allowance(
                table="crm_account",
                ops=["update"],
                pk=acc["id"],
                fields=["shipping_street", "shipping_postal_code"],
            )
        ]
        ui = [
            *_edit_ui(
                f"/accounts/{acc['id']}", {"Billing Street": street, "Billing Zip/Postal Code": new_code}
            ),
            *[
                step_
                for p in people
                for step_ in _edit_ui(
                    f"/contacts/{p['id']}", {"Mailing Street": street, "Mailing Zip/Postal Code": new_code}
                )
            ],
        ]
        return Spec(
            prompt=prompt,
            oracle=oracle,
            expect=expect,
            allow=allow,
            ui_oracle=ui,
            wrong_record={people[0]["id"]: other(contacts_of(d, other(pool, acc)["id"]), {"id": ""})["id"]},
            tags=["account", "contact", "address", "bulk"],
            phrasing=k,
        )


class AccountHandover(Family):
    name = "crm.account-handover"
    # v2: a UI oracle (Change Owner of the account, each contact and deal); v3: Change Account Owner takes
    # along what the previous owner held on the account (Lightning's), so only the rest is changed one by
    # one, others' open deals move with the "not owned by the existing account owner" option, and "keep"
    # gives the previous owner's deals back
    version = 3
    apps = ("crm",)
    surfaces = ("mcp", "cli", "ui", "python")
    splits = ("test",)
    author = "saasgym-crm-team"
    summary = (
        "hand an account to another rep with all its contacts (and, as a knob, its open deals, or else"
        " the deals keep their owners); test only"
    )

    def build(self, d: Draw) -> Spec:
        pool = accounts(
            d, "a.id IN (SELECT account_id FROM crm_contact GROUP BY account_id HAVING count(*) <= 6)"
        )
        acc = d.pick("account", pool, key="id")
        rep = d.choice([s for s in sellers(d) if s["id"] != acc["owner_id"]])
        previous = acc["owner_id"]
        people = [p for p in contacts_of(d, acc["id"]) if p["owner_id"] != rep["id"]]
        open_deals = open_opps_of(d, acc["id"])
        deals = [o for o in open_deals if o["owner_id"] != rep["id"]] if d.chance(0.5) else []
        # without the deals, the previous owner's open deals (moved with the account) are given back
        back = [] if deals else [o for o in open_deals if o["owner_id"] == previous]
        if back and not d.world.value("SELECT is_active FROM crm_user WHERE id = ?", previous):
            raise Redraw("the account's owner is inactive: its deals could not be given back")
        for r in people:
            d.note("contact", r["id"])
        for r in deals:
            d.note("opportunity", r["id"])
        ref, lookup = account_ref(d, acc)
        also = " and its open opportunities" if deals else ""
        keep = "" if deals else " Its opportunities keep their owners."
        phrasings = [
            f"{rep['name']} takes over {ref}. Make them the owner of the account and of all its "
            f"contacts{also}.{keep}",
            f"Account handover: {ref} goes to {rep['name']}, together with every contact on it{also}.{keep}",
            f"Please transfer {ref} to {rep['name']} — the account record, each of its contacts{also}.{keep}",
            f"Change the owner of {ref} to {rep['name']}, and cascade that to its contacts{also}.{keep}",
            f"From today {rep['name']} owns {ref}: reassign the account, its contacts{also}.{keep}",
        ]
        prompt, k = phrase(d, phrasings)
        others = any(o["owner_id"] != previous for o in deals)
        options = {"transfer_other_open_opportunities": True} if others else {}
        rest = [p for p in people if p["owner_id"] != previous]
        prev_name = user_name(d, previous)
        oracle = [
            *lookup,
            step("crm_list_users", search=rep["name"]),
            step("crm_get_account", account_id=acc["id"]),
            step("crm_update_account", account_id=acc["id"], owner_id=rep["id"], **options),
            *[step("crm_update_contact", contact_id=p["id"], owner_id=rep["id"]) for p in rest],
            *[step("crm_update_opportunity", opportunity_id=o["id"], owner_id=previous) for o in back],
        ]
        new_owner = {"owner_id": eq(rep["id"])}
        expect = [Expectation(table="crm_account", op="update", pk=acc["id"], fields=new_owner)]
        expect += [
            Expectation(table="crm_contact", op="update", pk=p["id"], fields=new_owner) for p in people
        ]
        expect += [
            Expectation(table="crm_opportunity", op="update", pk=o["id"], fields=new_owner) for o in deals
        ]
        if not deals:
            expect += [
                Expectation(
                    table="crm_opportunity",
                    op="unchanged",
                    pk=o["id"],
                    fields={"owner_id": eq(o["owner_id"])},
                )
                for o in open_deals
            ]
        ui = _owner_ui(f"/accounts/{acc['id']}", rep["name"], others)
        ui += [s for p in rest for s in _owner_ui(f"/contacts/{p['id']}", rep["name"])]
        ui += [s for o in back for s in _owner_ui(f"/opportunities/{o['id']}", prev_name)]
        return Spec(
            prompt=prompt,
            oracle=oracle,
            expect=expect,
            allow=_moved_activities(d, acc["id"], previous),
            ui_oracle=ui,
            wrong_record={acc["id"]: other(pool, acc)["id"]},
            tags=["account", "contact", "owner", "bulk"],
            phrasing=k,
        )


def _moved_activities(d: Draw, account_id: str, owner: str) -> list[Allowance]:
    """The previous owner's tasks, events and notes on the account, which Change Account Owner moves too."""
    rows = [
        ("crm_task", "SELECT id FROM crm_task WHERE what_id = ? AND owner_id = ? AND is_closed = 0"),
        ("crm_event", "SELECT id FROM crm_event WHERE what_id = ? AND owner_id = ?"),
        ("crm_note", "SELECT id FROM crm_note WHERE parent_id = ? AND owner_id = ?"),
    ]
    return [
        Allowance(table=table, ops=["update"], pk=r["id"], fields=["owner_id"])
        for table, sql in rows
        for r in d.world.rows(sql, account_id, owner)
    ]


FAMILIES = [CreateContact(), OfficeMove(), AccountHandover()]
