"""Accounts (with subsidiaries) and their contacts in the CRM world."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from apps.crm import picklists as pl
from apps.crm.world.state import Crm
from worlds.generator.common import distribute, fmt_dt, rand_dt, scaled, slug, us_phone, weighted

EAST = frozenset(
    [
        "ME",
        "NH",
        "VT",
        "MA",
        "RI",
        "CT",
        "NY",
        "NJ",
        "PA",
        "DE",
        "MD",
        "DC",
        "VA",
        "WV",
        "NC",
        "SC",
        "GA",
        "FL",
    ]
)
CENTRAL = frozenset(
    [
        "OH",
        "MI",
        "IN",
        "IL",
        "WI",
        "MN",
        "IA",
        "MO",
        "ND",
        "SD",
        "NE",
        "KS",
        "KY",
        "TN",
        "AL",
        "MS",
        "AR",
        "LA",
        "OK",
        "TX",
    ]
)
EMEA_COUNTRIES = (
    ("United Kingdom", ("London", "Manchester", "Birmingham", "Leeds"), "+44 20 7946"),
    ("Germany", ("Berlin", "Munich", "Hamburg", "Frankfurt"), "+49 30 9018"),
    ("France", ("Paris", "Lyon", "Toulouse"), "+33 1 4567"),
    ("Netherlands", ("Amsterdam", "Rotterdam", "Utrecht"), "+31 20 7946"),
    ("Ireland", ("Dublin", "Cork"), "+353 1 4960"),
)
ACCOUNT_TYPES = {
    "Customer - Direct": 45,
    "Prospect": 30,
    "Customer - Channel": 10,
    "Channel Partner / Reseller": 6,
    "Installation Partner": 3,
    "Technology Partner": 3,
    "Other": 3,
}
SUBSIDIARY_SUFFIXES = (
    "Europe",
    "Holdings",
    "Services",
    "Labs",
    "Financial Services",
    "Canada",
    "Logistics",
    "Digital",
    "Manufacturing",
    "Health",
)
CONTACT_TITLES = (
    (
        ("Chief Executive Officer", "Executive"),
        ("Chief Financial Officer", "Finance"),
        ("Chief Information Officer", "IT"),
        ("Chief Operating Officer", "Operations"),
        ("Chief Technology Officer", "Engineering"),
    ),
    (
        ("VP of Operations", "Operations"),
        ("VP of Information Technology", "IT"),
        ("VP of Finance", "Finance"),
        ("VP of Engineering", "Engineering"),
        ("VP of Procurement", "Procurement"),
    ),
    (
        ("IT Director", "IT"),
        ("Director of Procurement", "Procurement"),
        ("Director of Facilities", "Operations"),
        ("Director of Engineering", "Engineering"),
        ("Finance Director", "Finance"),
    ),
    (
        ("IT Manager", "IT"),
        ("Procurement Manager", "Procurement"),
        ("Operations Manager", "Operations"),
        ("Network Manager", "IT"),
        ("Plant Manager", "Operations"),
        ("Project Manager", "Operations"),
    ),
    (
        ("Systems Administrator", "IT"),
        ("Buyer", "Procurement"),
        ("Network Engineer", "IT"),
        ("Business Analyst", "Operations"),
        ("Financial Analyst", "Finance"),
        ("Field Technician", "Operations"),
        ("Security Analyst", "IT"),
    ),
)


def _address(crm: Crm, intl: bool) -> tuple[dict[str, Any], str, str]:
    """(address parts, region, phone) of a new account."""
    rng, fake = crm.rng, crm.fake
    if intl:
        country, cities, prefix = rng.choice(EMEA_COUNTRIES)
        parts = {
            "street": fake.street_address(),
            "city": rng.choice(cities),
            "state": None,
            "postal_code": f"{rng.randint(10000, 99999)}",
            "country": country,
        }
        return parts, "EMEA", f"{prefix} {rng.randint(0, 9999):04d}"
    state = fake.state_abbr(include_territories=False, include_freely_associated_states=False)
    region = "East" if state in EAST else "Central" if state in CENTRAL else "West"
    parts = {
        "street": fake.street_address(),
        "city": fake.city(),
        "state": state,
        "postal_code": fake.zipcode_in_state(state),
        "country": "United States",
    }
    return parts, region, us_phone(rng)


def build_accounts(crm: Crm) -> None:
    """Accounts with unique Faker names, ~10% subsidiaries of a parent, owned by the region's reps."""
    rng, fake, now = crm.rng, crm.fake, crm.now
    n = scaled(crm.scale, 1000, 20)
    intl_share = 0.15 if "EMEA" in crm.company.region_names else 0.0
    names: set[str] = set()
    for i in range(n):
        parent = None
        if i >= 10 and rng.random() < 0.10:
            parent = rng.choice([a for a in crm.rows["account"][: i // 2] if not a["parent_id"]])
            name = f"{parent['name']} {rng.choice(SUBSIDIARY_SUFFIXES)}"
            if name in names:
                parent, name = None, fake.unique.company()
        else:
            name = fake.unique.company()
        names.add(name)
        addr, region, phone = _address(crm, rng.random() < intl_share)
        if region not in crm.company.region_names:
            region = rng.choice(crm.company.region_names)
        owner = rng.choice(crm.reps(region))
        created = rand_dt(rng, now - timedelta(days=3 * 365), now - timedelta(days=60))
        revenue = float(round(10 ** rng.uniform(6, 10.3), -3))
        industry = parent["industry"] if parent and rng.random() < 0.7 else rng.choice(pl.INDUSTRIES)
        atype = weighted(rng, ACCOUNT_TYPES)
        same_shipping = rng.random() < 0.8
        ship = addr if same_shipping else _address(crm, region == "EMEA")[0]
        domain = crm.domain_for(name)
        description = (
            rng.choice(
                (
                    f"{industry} company based in {addr['city']}.",
                    f"Strategic {atype.split(' - ')[0].lower()} account in {industry}.",
                    f"Referred by partner; operations across {rng.randint(2, 40)} sites.",
                )
            )
            if rng.random() < 0.4
            else None
        )
        account = crm.add(
            "account",
            "Account",
            name=name,
            account_number=f"CUST-{100000 + i + 1}",
            parent_id=parent["id"] if parent else None,
            type=atype,
            industry=industry,
            rating=weighted(rng, {"Hot": 20, "Warm": 40, "Cold": 25, "": 15}) or None,
            annual_revenue=revenue,
            number_of_employees=max(5, int(revenue / rng.uniform(150_000, 450_000))),
            phone=phone,
            website=f"www.{domain}",
            billing_street=addr["street"],
            billing_city=addr["city"],
            billing_state=addr["state"],
            billing_postal_code=addr["postal_code"],
            billing_country=addr["country"],
            shipping_street=ship["street"],
            shipping_city=ship["city"],
            shipping_state=ship["state"],
            shipping_postal_code=ship["postal_code"],
            shipping_country=ship["country"],
            description=description,
            owner_id=owner,
            created_date=fmt_dt(created),
            last_modified_date=fmt_dt(rand_dt(rng, created, now - timedelta(hours=1))),
            created_by_id=owner if rng.random() < 0.7 else crm.ops(),
            last_modified_by_id=owner if rng.random() < 0.85 else crm.ops(),
        )
        crm.account_region[account["id"]] = region
        crm.domains[account["id"]] = domain


def build_contacts(crm: Crm) -> None:
    """2-8 contacts per account, e-mails at the account's domain, some reporting lines."""
    rng, fake, now = crm.rng, crm.fake, crm.now
    accounts = crm.rows["account"]
    counts = distribute(rng, len(accounts), scaled(crm.scale, 4000, 80), 2, 8)
    for account, count in zip(accounts, counts, strict=True):
        created_acc = datetime.fromisoformat(account["created_date"])
        contacts: list[dict[str, Any]] = []
        levels: list[int] = []
        emails: set[str] = set()
        for j in range(count):
            level = rng.choice((0, 1)) if j == 0 else rng.choice((1, 2, 2, 3, 3, 4, 4))
            title, dept = rng.choice(CONTACT_TITLES[level])
            female = rng.random() < 0.45
            first = fake.first_name_female() if female else fake.first_name_male()
            last = fake.last_name()
            local = f"{slug(first)}.{slug(last)}"
            if local in emails:
                local = f"{slug(first)[:1]}{slug(last)}{rng.randint(2, 99)}"
            emails.add(local)
            salutation = None
            if rng.random() < 0.7:
                salutation = rng.choice(("Ms.", "Mrs.", "Dr.") if female else ("Mr.", "Mr.", "Dr."))
                salutation = "Prof." if rng.random() < 0.02 else salutation
            bosses = [c for c, lv in zip(contacts, levels, strict=True) if lv < level]
            created = rand_dt(
                rng, created_acc, min(created_acc + timedelta(days=400), now - timedelta(days=2))
            )
            phone = account["phone"]
            if account["billing_country"] == "United States":
                phone = f"{phone[:5]} 555-{rng.randint(100, 9999):04d}"
            contact = crm.add(
                "contact",
                "Contact",
                account_id=account["id"],
                salutation=salutation,
                first_name=first,
                last_name=last,
                title=title,
                department=dept,
                email=f"{local}@{crm.domains[account['id']]}",
                phone=phone,
                mobile_phone=us_phone(rng) if rng.random() < 0.6 else None,
                mailing_street=account["billing_street"],
                mailing_city=account["billing_city"],
                mailing_state=account["billing_state"],
                mailing_postal_code=account["billing_postal_code"],
                mailing_country=account["billing_country"],
                lead_source=rng.choice(pl.LEAD_SOURCES) if rng.random() < 0.5 else None,
                reports_to_id=rng.choice(bosses)["id"] if bosses and rng.random() < 0.55 else None,
                owner_id=account["owner_id"],
                created_date=fmt_dt(created),
                last_modified_date=fmt_dt(rand_dt(rng, created, now - timedelta(hours=1))),
                created_by_id=account["owner_id"],
                last_modified_by_id=account["owner_id"],
            )
            contacts.append(contact)
            levels.append(level)
        crm.contacts_of[account["id"]] = contacts
