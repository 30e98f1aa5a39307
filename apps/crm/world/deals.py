"""Opportunities (with line items and stage history) and leads of the CRM world."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from apps.crm import picklists as pl
from apps.crm.world.accounts import CONTACT_TITLES, _address
from apps.crm.world.state import Crm
from worlds.generator.common import business_dt, fmt_date, fmt_dt, rand_date, rand_dt, scaled, weighted

OPEN_STAGE_WEIGHTS = (18, 16, 14, 12, 10, 9, 11, 10)  # matches pl.OPEN_STAGES
OUTCOMES_BY_TYPE = {  # (open, won, lost) shares per account type
    "Customer - Direct": (50, 33, 17),
    "Customer - Channel": (50, 33, 17),
    "Prospect": (72, 0, 28),
}
OTHER_OUTCOMES = (50, 30, 20)
ACCOUNT_WEIGHTS = {"Customer - Direct": 1.7, "Customer - Channel": 1.7, "Prospect": 1.2}
NEEDS = (
    "Platform Expansion",
    "Hardware Refresh",
    "New Seats",
    "Annual Renewal",
    "Edge Rollout",
    "Analytics Pilot",
    "Support Upgrade",
    "Security Modernization",
    "Field Service Deployment",
    "IoT Pilot",
    "Data Center Upgrade",
    "Training Program",
    "Multi-site Deployment",
)
NEXT_STEPS = (
    "Send revised proposal",
    "Schedule demo with IT team",
    "Confirm budget with CFO",
    "Security review call",
    "Get legal redlines back",
    "Set up technical workshop",
    "Follow up on pricing questions",
    "Book onsite visit",
    "Send reference customers",
    "Align on implementation timeline",
    "Draft order form",
    "Executive sponsor meeting",
)
COMPETITORS = ("Globex", "Initech", "Hooli", "Vandelay Systems", "Soylent Data", "Umbrella Networks")
LEAD_SOURCE_WEIGHTS = {
    "Web": 35,
    "Phone Inquiry": 15,
    "Partner Referral": 15,
    "Purchased List": 20,
    "Other": 15,
}


def _stage_path(crm: Crm, stage: pl.Stage) -> list[str]:
    """The stages an opportunity went through to reach `stage` (first to last, 2-5 entries)."""
    rng, opens = crm.rng, list(pl.OPEN_STAGES)
    if stage.is_closed:
        earlier = sorted(rng.sample(range(len(opens)), rng.randint(1, 4)))
        return [opens[i] for i in earlier] + [stage.name]
    i = opens.index(stage.name)
    if i == 0:
        return [stage.name, stage.name]
    earlier = sorted(rng.sample(range(i), min(i, rng.randint(1, 3))))
    return [opens[j] for j in earlier] + [stage.name]


def _history(crm: Crm, opp: dict[str, Any], last_at: datetime) -> None:
    """Opportunity history rows up to the current stage; the last equals the opportunity."""
    rng = crm.rng
    path = _stage_path(crm, pl.STAGES_BY_NAME[opp["stage_name"]])
    start = datetime.fromisoformat(opp["created_date"])
    span = max(len(path), int((last_at - start).total_seconds()))
    offsets = sorted(rng.sample(range(1, span), len(path) - 2)) if len(path) > 2 else []
    times = [start] + [start + timedelta(seconds=s) for s in offsets] + [last_at]
    close = datetime.fromisoformat(opp["close_date"]).date()
    for k, (name, at) in enumerate(zip(path, times, strict=True)):
        stage = pl.STAGES_BY_NAME[name]
        last = k == len(path) - 1
        amount = (
            opp["amount"] if last else float(round(opp["amount"] * rng.choice((0.8, 0.9, 1, 1, 1.1, 1.25))))
        )
        close_k = close if last else close - timedelta(days=rng.choice((0, 0, 0, 14, 30)))
        crm.add(
            "opportunity_history",
            "OpportunityHistory",
            opportunity_id=opp["id"],
            stage_name=name,
            amount=amount,
            probability=stage.probability,
            forecast_category=stage.forecast_category,
            close_date=fmt_date(close_k),
            created_date=fmt_dt(at),
            created_by_id=opp["owner_id"],
        )


def _line_items(crm: Crm, opp: dict[str, Any], when: datetime) -> float:
    """1-4 line items from the standard price book; returns their total."""
    rng = crm.rng
    std_book = crm.rows["pricebook"][0]["id"]
    entries = [e for e in crm.rows["pricebook_entry"] if e["pricebook_id"] == std_book]
    total = 0.0
    for entry in rng.sample(entries, min(len(entries), rng.choices((1, 2, 3, 4), (45, 30, 15, 10))[0])):
        product = crm.by_id[entry["product_id"]]
        lo, hi = crm.company.quantity_ranges[product["product_code"]]
        quantity = float(rng.randint(lo, hi))
        discount = rng.choice((5.0, 10.0, 12.5, 15.0, 20.0, 25.0)) if rng.random() < 0.35 else None
        price = round(entry["unit_price"] * quantity * (1 - (discount or 0) / 100), 2)
        service = (
            opp["close_date"]
            if product["family"] in ("Services", "Training") and rng.random() < 0.5
            else None
        )
        crm.add(
            "opportunity_line_item",
            "OpportunityLineItem",
            opportunity_id=opp["id"],
            pricebook_entry_id=entry["id"],
            product_id=product["id"],
            quantity=quantity,
            unit_price=entry["unit_price"],
            discount=discount,
            total_price=price,
            service_date=service,
            created_date=fmt_dt(when),
            last_modified_date=fmt_dt(when),
            created_by_id=opp["owner_id"],
            last_modified_by_id=opp["owner_id"],
        )
        total += price
    return round(total, 2)


def _primary_contact(crm: Crm, contacts: list[dict[str, Any]], created: datetime) -> str | None:
    """Often a contact of the account that existed when the opportunity was created (senior ones first)."""
    known = [c for c in contacts if c["created_date"] <= fmt_dt(created)]
    if not known or crm.rng.random() >= 0.7:
        return None
    return crm.rng.choice(known[:2] + known)["id"]


def build_opportunities(crm: Crm) -> None:
    """Opportunities across accounts with a realistic stage mix, line items and stage history."""
    rng, now = crm.rng, crm.now
    accounts = crm.rows["account"]
    n = scaled(crm.scale, 1500, 30)
    weights = [ACCOUNT_WEIGHTS.get(a["type"], 1.3) for a in accounts]
    per_account = [0] * len(accounts)
    for i in rng.choices(range(len(accounts)), weights=weights, k=n):
        per_account[i] += 1
    std_book = crm.rows["pricebook"][0]["id"]
    for account, count in zip(accounts, per_account, strict=True):
        acc_created = datetime.fromisoformat(account["created_date"])
        contacts = crm.contacts_of[account["id"]]
        plans = []
        for _ in range(count):
            open_w, won_w, lost_w = OUTCOMES_BY_TYPE.get(account["type"], OTHER_OUTCOMES)
            outcome = rng.choices(("open", "won", "lost"), (open_w, won_w, lost_w))[0]
            if outcome == "open":
                created = rand_dt(rng, max(acc_created, now - timedelta(days=300)), now - timedelta(days=2))
            else:
                created = rand_dt(rng, acc_created, now - timedelta(days=45))
            plans.append((created, outcome))
        plans.sort()
        won_before = False
        crm.opps_of[account["id"]] = []
        for created, outcome in plans:
            if outcome == "open":
                stage = pl.STAGES_BY_NAME[rng.choices(pl.OPEN_STAGES, OPEN_STAGE_WEIGHTS)[0]]
                if rng.random() < 0.06:
                    close = rand_date(rng, max(created.date(), (now - timedelta(days=45)).date()), now.date())
                    close = min(close, (now - timedelta(days=1)).date())
                else:
                    close = rand_date(
                        rng, (now + timedelta(days=3)).date(), (now + timedelta(days=180)).date()
                    )
            else:
                stage = pl.STAGES_BY_NAME["Closed Won" if outcome == "won" else "Closed Lost"]
                latest = min(created + timedelta(days=200), now - timedelta(days=1))
                close = rand_date(rng, (created + timedelta(days=14)).date(), latest.date())
            existing = account["type"] != "Prospect" and (
                won_before or account["type"] not in ACCOUNT_WEIGHTS
            )
            opp_type = rng.choices(pl.OPPORTUNITY_TYPES[:3], (60, 25, 15))[0] if existing else "New Customer"
            won_before = won_before or stage.is_won
            owner = account["owner_id"] if rng.random() < 0.85 else crm.teammate(account["owner_id"])
            with_items = rng.random() < 0.6
            opp = crm.add(
                "opportunity",
                "Opportunity",
                name=account["name"],
                account_id=account["id"],
                contact_id=_primary_contact(crm, contacts, created),
                amount=None,
                close_date=fmt_date(close),
                stage_name=stage.name,
                probability=stage.probability,
                forecast_category=stage.forecast_category,
                type=opp_type,
                lead_source=rng.choice(pl.LEAD_SOURCES) if rng.random() < 0.7 else None,
                next_step=rng.choice(NEXT_STEPS) if not stage.is_closed and rng.random() < 0.85 else None,
                loss_reason__c=rng.choice(pl.LOSS_REASONS) if outcome == "lost" else None,
                is_closed=stage.is_closed,
                is_won=stage.is_won,
                pricebook_id=std_book if with_items else None,
                owner_id=owner,
                created_date=fmt_dt(created),
                created_by_id=owner,
                last_modified_by_id=owner,
            )
            if with_items:
                opp["amount"] = _line_items(crm, opp, created)
                items = [
                    i for i in crm.rows["opportunity_line_item"][-4:] if i["opportunity_id"] == opp["id"]
                ]
                first_item = items[0]
                opp["name"] = f"{account['name']} - {crm.by_id[first_item['product_id']]['name']}"
            else:
                opp["amount"] = float(round(10 ** rng.uniform(3.7, 5.8), -2))
                opp["name"] = f"{account['name']} - {rng.choice(NEEDS)}"
            if outcome == "lost" and rng.random() < 0.5:
                opp["description"] = rng.choice(
                    (
                        f"Lost to {rng.choice(COMPETITORS)}.",
                        "Project shelved after budget review.",
                        f"{rng.choice(COMPETITORS)} came in lower on price.",
                        "Champion left the company.",
                    )
                )
            if stage.is_closed:
                last_at = min(business_dt(rng, close), now - timedelta(hours=1))
            else:
                last_at = rand_dt(rng, created + timedelta(hours=1), now - timedelta(hours=1))
            last_at = max(last_at, created + timedelta(minutes=5))
            opp["last_modified_date"] = fmt_dt(last_at)
            _history(crm, opp, last_at)
            crm.opps_of[account["id"]].append(opp)


def _lead_statuses(crm: Crm, n: int) -> list[str]:
    """A shuffled list of n lead statuses: ~15% converted, ~15% not converted, the rest open."""
    converted = max(2, round(0.15 * n))
    lost = max(1, round(0.15 * n))
    rest = crm.rng.choices(pl.LEAD_STATUSES[:2], (50, 50), k=max(0, n - converted - lost))
    statuses = [pl.LEAD_CONVERTED_STATUS] * converted + ["Closed - Not Converted"] * lost + rest
    crm.rng.shuffle(statuses)
    return statuses


def build_leads(crm: Crm) -> None:
    """Leads: open/working ones (a few naming an existing account), not converted, and converted ones."""
    rng, fake, now = crm.rng, crm.fake, crm.now
    statuses = _lead_statuses(crm, scaled(crm.scale, 600, 12))
    used_contacts: set[str] = set()
    accounts = crm.rows["account"]
    open_seen = 0
    for status in statuses:
        source = weighted(rng, LEAD_SOURCE_WEIGHTS)
        owner = rng.choice(crm.users_by_kind["sdr"]) if rng.random() < 0.7 else rng.choice(crm.reps())
        values: dict[str, Any] = {
            "status": status,
            "lead_source": source,
            "owner_id": owner,
            "is_converted": False,
            "rating": rng.choice(pl.RATINGS + (None,)),
        }
        if status == pl.LEAD_CONVERTED_STATUS:
            account = rng.choice(
                [a for a in accounts if any(c["id"] not in used_contacts for c in crm.contacts_of[a["id"]])]
            )
            contact = rng.choice([c for c in crm.contacts_of[account["id"]] if c["id"] not in used_contacts])
            used_contacts.add(contact["id"])
            opps = crm.opps_of[account["id"]]
            opp = rng.choice(opps) if opps and rng.random() < 0.6 else None
            when = datetime.fromisoformat((opp or contact)["created_date"])
            contact["created_date"] = fmt_dt(when)
            contact["last_modified_date"] = max(contact["last_modified_date"], contact["created_date"])
            contact["lead_source"] = source
            if opp:
                opp["lead_source"], opp["contact_id"] = source, contact["id"]
            created = rand_dt(rng, when - timedelta(days=90), when - timedelta(days=3))
            values.update(
                salutation=contact["salutation"],
                first_name=contact["first_name"],
                last_name=contact["last_name"],
                title=contact["title"],
                email=contact["email"],
                phone=contact["phone"],
                company=account["name"],
                industry=account["industry"],
                annual_revenue=account["annual_revenue"],
                number_of_employees=account["number_of_employees"],
                street=account["billing_street"],
                city=account["billing_city"],
                state=account["billing_state"],
                postal_code=account["billing_postal_code"],
                country=account["billing_country"],
                is_converted=True,
                converted_date=fmt_date(when.date()),
                converted_account_id=account["id"],
                converted_contact_id=contact["id"],
                converted_opportunity_id=opp["id"] if opp else None,
                created_date=fmt_dt(created),
                last_modified_date=fmt_dt(when),
            )
            if rng.random() < 0.5:
                values["owner_id"] = account["owner_id"]
        else:
            female = rng.random() < 0.45
            first = fake.first_name_female() if female else fake.first_name_male()
            last = fake.last_name()
            is_open = status != "Closed - Not Converted"
            match = None
            if is_open:
                open_seen += 1
                if open_seen % 10 == 3:
                    match = rng.choice(accounts)
            if match:
                company, domain = match["name"], crm.domains[match["id"]]
                addr = {
                    "street": match["billing_street"],
                    "city": match["billing_city"],
                    "state": match["billing_state"],
                    "postal_code": match["billing_postal_code"],
                    "country": match["billing_country"],
                }
                industry = match["industry"]
            else:
                company = fake.unique.company()
                domain = crm.domain_for(company)
                addr = _address(crm, rng.random() < 0.1)[0]
                industry = rng.choice(pl.INDUSTRIES) if rng.random() < 0.8 else None
            revenue = float(round(10 ** rng.uniform(5.5, 9.5), -3)) if rng.random() < 0.6 else None
            if is_open:
                created = rand_dt(rng, now - timedelta(days=120), now - timedelta(hours=2))
            else:
                created = rand_dt(rng, now - timedelta(days=730), now - timedelta(days=60))
            modified = (
                created
                if status == "Open - Not Contacted"
                else rand_dt(rng, created, now - timedelta(hours=1))
            )
            values.update(
                salutation=rng.choice(("Ms.", "Mrs.") if female else ("Mr.",))
                if rng.random() < 0.5
                else None,
                first_name=first,
                last_name=last,
                title=rng.choice(rng.choice(CONTACT_TITLES))[0],
                email=f"{first.lower()}.{last.lower()}@{domain}".replace("'", ""),
                phone=f"({rng.randint(201, 989)}) 555-{rng.randint(100, 9999):04d}",
                company=company,
                industry=industry,
                annual_revenue=revenue,
                number_of_employees=int(revenue / rng.uniform(150_000, 450_000)) + 1 if revenue else None,
                street=addr["street"],
                city=addr["city"],
                state=addr["state"],
                postal_code=addr["postal_code"],
                country=addr["country"],
                created_date=fmt_dt(created),
                last_modified_date=fmt_dt(modified),
                description=rng.choice(
                    (
                        "Not interested at this time.",
                        "No budget this fiscal year.",
                        "Chose a competitor.",
                        "Unresponsive after several attempts.",
                    )
                )
                if not is_open
                else None,
            )
        crm.add(
            "lead", "Lead", created_by_id=values["owner_id"], last_modified_by_id=values["owner_id"], **values
        )
