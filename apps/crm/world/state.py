"""CRM part of a world: roles and users, accounts, contacts and the product catalog.

Opportunities and leads are in `crm_deals`, activities in `crm_activity`; `crm_world.build_crm` runs them all
from the single `{seed}:crm` random stream.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from apps.crm.ids import ID_FORMATS
from apps.crm.models import crm_registry
from worlds.generator.common import fmt_dt, rand_dt, slug
from worlds.generator.company import Company

# saved reports (crm_report) are made in an episode, never part of a generated world
TABLES = {
    t.name.removeprefix("crm_"): t for t in crm_registry.metadata.sorted_tables if t.name != "crm_report"
}

CORP_WORDS = {"inc", "llc", "ltd", "plc", "group", "and", "sons", "co", "corp", "corporation"}


# Contact titles by seniority (0 = C-level ... 4 = individual contributor): (title, department).
def record(table: str, **values: Any) -> dict[str, Any]:
    """A row of `crm_<table>` with exactly its columns (missing ones None); unknown keys are an error."""
    columns = TABLES[table].columns.keys()
    unknown = set(values) - set(columns)
    if unknown:
        raise KeyError(f"crm_{table}: unknown columns {sorted(unknown)}")
    return {c: values.get(c) for c in columns}


@dataclass
class Crm:
    """Everything generated so far, plus lookups the later steps need."""

    rng: random.Random
    fake: Any
    scale: float
    now: datetime
    company: Company
    rows: dict[str, list[dict[str, Any]]] = field(default_factory=lambda: {t: [] for t in TABLES})
    users_by_kind: dict[str, list[str]] = field(default_factory=dict)
    region_of_user: dict[str, str] = field(default_factory=dict)
    account_region: dict[str, str] = field(default_factory=dict)
    domains: dict[str, str] = field(default_factory=dict)  # account id -> e-mail domain
    contacts_of: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    opps_of: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    by_id: dict[str, dict[str, Any]] = field(default_factory=dict)
    used_domains: set[str] = field(default_factory=set)

    def add(self, table: str, obj: str, **values: Any) -> dict[str, Any]:
        """Append a new row with the next id of `obj`, and index it."""
        row = record(table, id=ID_FORMATS[obj](len(self.rows[table]) + 1), **values)
        self.rows[table].append(row)
        self.by_id[row["id"]] = row
        return row

    def reps(self, region: str | None = None) -> list[str]:
        """Active account executives (optionally of one region)."""
        return [u for u in self.users_by_kind["ae"] if region is None or self.region_of_user[u] == region]

    def teammate(self, owner: str) -> str:
        """Another rep of the owner's region (or the owner when alone)."""
        team = [u for u in self.reps(self.region_of_user.get(owner)) if u != owner]
        return self.rng.choice(team) if team else owner

    def ops(self) -> str:
        """A sales operations user (data imports, admin changes)."""
        return self.rng.choice(self.users_by_kind["ops"])

    def domain_for(self, name: str) -> str:
        """A unique .com domain derived from a company name."""
        words = [slug(w) for w in name.replace("-", " ").split()]
        base = "".join(w for w in words if w and w not in CORP_WORDS)[:24] or "company"
        domain, k = f"{base}.com", 2
        while domain in self.used_domains:
            domain, k = f"{base}{k}.com", k + 1
        self.used_domains.add(domain)
        return domain


def build_users(crm: Crm) -> None:
    """User roles (CEO > VP Sales > regional managers > reps, plus ops and SDRs) and one user per seller."""
    company = crm.company
    role_ids: dict[str, str] = {}

    def role(name: str, parent: str | None) -> str:
        role_ids[name] = crm.add("user_role", "UserRole", name=name, parent_role_id=role_ids.get(parent))[
            "id"
        ]
        return role_ids[name]

    role("CEO", None)
    role("Executive Team", "CEO")
    role("VP Sales", "CEO")
    role("Sales Operations", "VP Sales")
    role("Sales Development", "VP Sales")
    for region in company.region_names:
        role(f"{region} Sales Manager", "VP Sales")
        role(f"{region} Sales Rep", f"{region} Sales Manager")

    user_of: dict[str, str] = {}
    crm.users_by_kind = {k: [] for k in ("ceo", "exec", "vp_sales", "ops", "sdr", "manager", "ae")}
    for emp in company.employees:
        if emp["department"] not in ("Sales", "Sales Operations", "Executive"):
            continue
        kind = company.kinds[emp["employee_number"]].split(":")[0]
        region = company.regions.get(emp["employee_number"])
        role_name = {
            "ceo": "CEO",
            "exec": "Executive Team",
            "vp_sales": "VP Sales",
            "ops": "Sales Operations",
            "sdr": "Sales Development",
            "manager": f"{region} Sales Manager",
            "ae": f"{region} Sales Rep",
        }[kind]
        user = crm.add(
            "user",
            "User",
            username=emp["email"],
            first_name=emp["first_name"],
            last_name=emp["last_name"],
            name=f"{emp['first_name']} {emp['last_name']}",
            email=emp["email"],
            title=emp["title"],
            department=emp["department"],
            role_id=role_ids[role_name],
            manager_id=user_of.get(emp["manager_employee_number"]),
            employee_number=emp["employee_number"],
            is_active=True,
        )
        user_of[emp["employee_number"]] = user["id"]
        crm.users_by_kind[kind].append(user["id"])
        if region:
            crm.region_of_user[user["id"]] = region


def build_catalog(crm: Crm) -> None:
    """Products from the company catalog, the standard and partner price books and their entries."""
    rng, now = crm.rng, crm.now
    admin = crm.users_by_kind["ops"][0]
    stamp = {"created_by_id": admin, "last_modified_by_id": admin}
    start = now - timedelta(days=3 * 365 + 30)
    created_at = rand_dt(rng, start, start + timedelta(days=20))
    created = fmt_dt(created_at)
    for p in crm.company.products:
        crm.add(
            "product",
            "Product",
            name=p["name"],
            product_code=p["sku"],
            family=p["family"],
            description=p["description"],
            is_active=True,
            created_date=created,
            last_modified_date=fmt_dt(rand_dt(rng, created_at, now - timedelta(days=30))),
            **stamp,
        )
    std = crm.add(
        "pricebook",
        "Pricebook",
        name="Standard Price Book",
        description="List prices",
        is_standard=True,
        is_active=True,
        created_date=created,
        last_modified_date=created,
        **stamp,
    )
    partner = crm.add(
        "pricebook",
        "Pricebook",
        name="Partner Price Book",
        description="Discounted prices for resellers and channel partners",
        is_standard=False,
        is_active=True,
        created_date=created,
        last_modified_date=created,
        **stamp,
    )
    for book, share in ((std, 1.0), (partner, 0.85)):
        for prod, p in zip(crm.rows["product"], crm.company.products, strict=True):
            if book is partner and rng.random() > share:
                continue
            price = (
                p["list_price"] if book is std else round(p["list_price"] * rng.choice((0.75, 0.8, 0.85)), 2)
            )
            crm.add(
                "pricebook_entry",
                "PricebookEntry",
                pricebook_id=book["id"],
                product_id=prod["id"],
                unit_price=price,
                is_active=True,
                created_date=created,
                last_modified_date=created,
                **stamp,
            )
