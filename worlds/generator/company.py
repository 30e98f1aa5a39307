"""The company every app shares: Acme Corporation's employees and product catalog."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from .common import fmt_date, make_faker, rand_date, scaled, slug, us_phone

COMPANY_NAME = "Acme Corporation"
DOMAIN = "acme.example"

# (title, department, kind) of the executive team; the first is the CEO.
EXECUTIVES = (
    ("Chief Executive Officer", "Executive", "ceo"),
    ("VP of Sales", "Executive", "vp_sales"),
    ("Chief Financial Officer", "Executive", "exec:Finance"),
    ("Chief Technology Officer", "Executive", "exec:Engineering"),
    ("VP of Marketing", "Executive", "exec:Marketing"),
    ("VP of Customer Support", "Executive", "exec:Support"),
    ("Chief Information Officer", "Executive", "exec:IT"),
    ("VP of People", "Executive", "exec:HR"),
)

# Sales regions: name, office city, phone area code.
REGIONS = (
    ("East", "New York", "212"),
    ("Central", "Chicago", "312"),
    ("West", "San Francisco", "415"),
    ("EMEA", "London", None),
)
HQ = "San Francisco"
# Meeting rooms of the offices: city, name, capacity, floor (the office books them; the desk names them).
ROOMS = (
    ("San Francisco", "Golden Gate", 12, "4"),
    ("San Francisco", "Presidio", 6, "4"),
    ("San Francisco", "Alcatraz", 4, "3"),
    ("New York", "Hudson", 10, "21"),
    ("New York", "Bryant", 4, "21"),
    ("Chicago", "Lakeshore", 8, "12"),
    ("Austin", "Congress", 8, "2"),
    ("London", "Thames", 10, "5"),
)

# Other departments: size at scale 1.0, office, director title, staff titles.
DEPARTMENTS = (
    (
        "Support",
        45,
        "Austin",
        "Director of Customer Support",
        ("Support Engineer", "Senior Support Engineer", "Support Team Lead", "Customer Success Manager"),
    ),
    (
        "IT",
        14,
        HQ,
        "Director of IT",
        ("IT Support Specialist", "Systems Administrator", "Network Engineer", "IT Service Desk Analyst"),
    ),
    (
        "Engineering",
        60,
        HQ,
        "Director of Engineering",
        (
            "Software Engineer",
            "Senior Software Engineer",
            "Hardware Engineer",
            "QA Engineer",
            "Engineering Manager",
            "Firmware Engineer",
            "DevOps Engineer",
        ),
    ),
    (
        "Finance",
        12,
        HQ,
        "Controller",
        ("Accountant", "Financial Analyst", "Billing Specialist", "Accounts Receivable Specialist"),
    ),
    ("HR", 8, HQ, "Director of People Operations", ("HR Generalist", "Recruiter", "HR Business Partner")),
    (
        "Marketing",
        18,
        "New York",
        "Director of Marketing",
        (
            "Marketing Manager",
            "Product Marketing Manager",
            "Demand Generation Manager",
            "Content Marketing Specialist",
            "Marketing Operations Analyst",
        ),
    ),
)

# Product catalog, one per line: family|name|description|list price|min-max quantity on a deal.
_CATALOG_TEXT = """
Software|Acme Insight Analytics - Standard|Self-service dashboards and reports, per user per year|600|10-250
Hardware|Acme Edge Gateway E100|Compact industrial IoT gateway, 4 ports, fanless|1450|2-60
Services|Implementation Services - Standard|Fixed-scope deployment of one Acme platform module|15000|1-1
Support|Standard Support (Annual)|Business-hours support with 8-hour response target|5000|1-1
Training|Administrator Certification Course|Three-day certification course for platform admins|1500|1-12
Software|Acme Insight Analytics - Enterprise|Governed analytics with row-level security, per user|1200|25-500
Hardware|Acme Rack Server R720|2U rack server, dual CPU, 256 GB RAM|8900|1-20
Services|Data Migration Package|Migration of legacy records with validation and reconciliation|12000|1-2
Support|Premier Support (Annual)|24x7 support with 1-hour response for severity 1|15000|1-1
Training|End-User Training (per seat)|Instructor-led online training for business users|250|10-200
Software|Acme Flow Automation|Workflow automation engine, per 10,000 runs per month|900|1-40
Hardware|Acme Edge Gateway E300|Rugged edge gateway with LTE failover and 8 ports|3200|2-40
Services|Implementation Services - Premium|Multi-module deployment with dedicated project manager|45000|1-1
Support|Hardware Warranty Extension (1 Year)|Extends hardware warranty by one year, per device|450|5-80
Training|Developer Bootcamp|Five-day hands-on course on Acme APIs and SDKs|3500|1-8
Software|Acme Secure Gateway License|Zero-trust access gateway, per site per year|4500|1-25
Hardware|Acme Storage Array S40|40 TB all-flash storage array|24500|1-6
Services|Custom Integration (per day)|Integration engineering billed per consultant day|2000|5-40
Support|24x7 Critical Support|Round-the-clock support with 15-minute critical response|30000|1-1
Training|Onsite Training Day|One day of onsite instructor-led training, up to 15 attendees|4000|1-5
Software|Acme Edge Manager|Fleet management for Acme gateways, per 50 devices per year|2400|1-30
Hardware|Acme Network Switch 48-Port|Managed 48-port gigabit switch with PoE+|3900|1-24
Services|Onsite Installation|Rack, cable and commission hardware at one site|3500|1-10
Support|Technical Account Manager (Annual)|Named technical account manager for one year|60000|1-1
Training|Online Learning Subscription|Annual access to the Acme Academy catalog, per user|300|10-300
Software|Acme DataSync Connector|Bi-directional sync connector for ERP and CRM systems, per year|3000|1-10
Hardware|Acme Industrial Sensor Kit|Temperature, vibration and humidity sensor bundle|650|10-200
Services|Solution Architecture Workshop|Two-day architecture and roadmap workshop|7500|1-1
Support|Next-Business-Day Replacement|Advance hardware replacement, per device per year|900|5-60
Software|Acme Identity Suite|Single sign-on and lifecycle management, per 100 users per year|800|1-50
Hardware|Acme Rugged Tablet T10|10-inch rugged tablet for field teams|1299|5-150
Services|Managed Services (Monthly)|Monitoring and administration of Acme deployments, per month|5000|3-36
Software|Acme IoT Hub Subscription|Cloud IoT hub for up to 1,000 devices, per year|7200|1-12
Hardware|Acme Barcode Scanner BX2|Wireless 2D barcode scanner with charging cradle|349|10-300
Software|Acme Backup Cloud (1 TB)|Encrypted cloud backup, per terabyte per year|1800|1-50
Hardware|Acme Wireless Access Point W6|Wi-Fi 6 enterprise access point|499|5-120
Software|Acme API Management|API gateway and developer portal, per environment per year|15000|1-4
Hardware|Acme Smart Display 55|55-inch collaboration display with built-in camera|2199|1-30
Software|Acme Field Service App|Mobile field service app, per technician per year|450|10-300
Software|Acme Compliance Vault|Immutable audit archive with retention policies, per year|9600|1-6
"""
CATALOG = tuple(
    (f, n, d, float(p), tuple(int(x) for x in q.split("-")))
    for f, n, d, p, q in (line.split("|") for line in _CATALOG_TEXT.strip().splitlines())
)
FAMILY_CODES = {"Software": "SW", "Hardware": "HW", "Services": "PS", "Support": "SP", "Training": "TR"}


@dataclass
class Company:
    """Employees and products, plus in-memory facts the CRM part builds on."""

    employees: list[dict[str, Any]] = field(default_factory=list)
    products: list[dict[str, Any]] = field(default_factory=list)
    kinds: dict[str, str] = field(
        default_factory=dict
    )  # employee_number -> ceo/vp_sales/ops/sdr/manager/ae/...
    regions: dict[str, str] = field(default_factory=dict)  # employee_number -> sales region
    region_names: list[str] = field(default_factory=list)
    quantity_ranges: dict[str, tuple[int, int]] = field(default_factory=dict)  # sku -> (min, max)


def build_company(seed: int, scale: float, now: datetime) -> Company:
    """Generate Acme's employees and product catalog from the `{seed}:company` random stream."""
    rng = random.Random(f"{seed}:company")
    fake = make_faker(rng)
    company = Company()
    emails: set[str] = set()
    today = now.date()

    def add(title, dept, office, manager, kind, region=None, earliest=date(2011, 3, 1)):
        number = f"E{len(company.employees) + 1:04d}"
        female = rng.random() < 0.45
        first = fake.first_name_female() if female else fake.first_name_male()
        last = fake.last_name()
        base = f"{slug(first)}.{slug(last)}"
        email, k = f"{base}@{DOMAIN}", 2
        while email in emails:
            email, k = f"{base}{k}@{DOMAIN}", k + 1
        emails.add(email)
        area = next((a for _, city, a in REGIONS if city == office), None) or {"Austin": "512"}.get(office)
        phone = us_phone(rng, area) if area else f"+44 20 7946 {rng.randint(0, 999):04d}"
        company.employees.append(
            {
                "employee_number": number,
                "first_name": first,
                "last_name": last,
                "email": email,
                "title": title,
                "department": dept,
                "manager_employee_number": manager,
                "office": office,
                "phone": phone,
                "hire_date": fmt_date(rand_date(rng, earliest, today - timedelta(days=45))),
            }
        )
        company.kinds[number] = kind
        if region:
            company.regions[number] = region
        return number

    execs = {}
    ceo = None
    for title, dept, kind in EXECUTIVES:
        execs[kind] = add(title, dept, HQ, ceo, kind, earliest=date(2009, 1, 1))
        ceo = ceo or execs[kind]
    vp_sales = execs["vp_sales"]

    # Sales: regional managers and account executives, sales development, sales operations.
    regions = REGIONS if scale >= 0.25 else (REGIONS[0], REGIONS[2])
    company.region_names = [r[0] for r in regions]
    managers = {}
    for region, city, _ in regions:
        managers[region] = add(
            f"Regional Sales Manager, {region}", "Sales", city, vp_sales, "manager", region
        )
    n_ae = scaled(scale, 36, 6)
    for i in range(n_ae):
        region, city, _ = regions[i % len(regions)]
        title = rng.choices(
            ("Account Executive", "Senior Account Executive", "Enterprise Account Executive"),
            weights=(5, 3, 2),
        )[0]
        add(title, "Sales", city, managers[region], "ae", region)
    sdr_lead = add("Sales Development Manager", "Sales", HQ, vp_sales, "sdr")
    for _ in range(scaled(scale, 6, 2) - 1):
        add("Sales Development Representative", "Sales", HQ, sdr_lead, "sdr")
    ops_lead = None
    for i in range(scaled(scale, 5, 1)):
        if i == 0:
            ops_lead = add("Sales Operations Manager", "Sales Operations", HQ, vp_sales, "ops")
        else:
            title = rng.choice(("Sales Operations Analyst", "CRM Administrator", "Deal Desk Analyst"))
            add(title, "Sales Operations", HQ, ops_lead, "ops")

    for dept, size, office, director_title, titles in DEPARTMENTS:
        n = scaled(scale, size, 1)
        director = add(director_title, dept, office, execs[f"exec:{dept}"], "staff")
        for _ in range(n - 1):
            add(rng.choice(titles), dept, office, director, "staff")

    n_products = min(len(CATALOG), scaled(scale, 40, 10))
    for i, (family, name, description, price, qty) in enumerate(CATALOG[:n_products], start=1):
        sku = f"ACM-{FAMILY_CODES[family]}-{1000 + i}"
        company.products.append(
            {"sku": sku, "name": name, "family": family, "description": description, "list_price": price}
        )
        company.quantity_ranges[sku] = qty
    return company
