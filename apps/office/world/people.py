"""Office part: users (mailbox settings), mail folders, rooms and the virtual coworkers' personas."""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from apps.office.ids import ID_FORMATS
from worlds.generator.common import scaled
from worlds.generator.company import ROOMS

ZONES = {
    "San Francisco": "America/Los_Angeles",
    "New York": "America/New_York",
    "Chicago": "America/Chicago",
    "Austin": "America/Chicago",
    "London": "Europe/London",
}
FOLDERS = (
    ("inbox", "Inbox"),
    ("drafts", "Drafts"),
    ("sentitems", "Sent Items"),
    ("deleteditems", "Deleted Items"),
    ("archive", "Archive"),
)


@dataclass
class Office:
    """Everything generated so far for the office part, plus lookups the later steps need."""

    rng: random.Random
    fake: Any
    scale: float
    now: datetime
    crm: Any
    rows: dict[str, list[dict[str, Any]]] = field(default_factory=lambda: defaultdict(list))
    user_by_number: dict[str, dict[str, Any]] = field(default_factory=dict)
    folder: dict[tuple[str, str], str] = field(default_factory=dict)
    actor: dict[str, Any] = field(default_factory=dict)
    actor_crm_id: str = ""
    conversations: int = 0
    by_mail: dict[str, dict[str, Any]] = field(default_factory=dict)
    by_id: dict[str, dict[str, Any]] = field(default_factory=dict)
    attachables: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    personas: list[dict[str, Any]] = field(default_factory=list)

    def add(self, table: str, obj: str, **values: Any) -> dict[str, Any]:
        """Append a row with the next GUID of `obj` (the same ids the app's counters continue from)."""
        row = {"id": ID_FORMATS[obj](len(self.rows[table]) + 1), **values}
        self.rows[table].append(row)
        return row

    def conversation(self) -> str:
        self.conversations += 1
        return ID_FORMATS["Conversation"](self.conversations)

    @property
    def users(self) -> list[dict[str, Any]]:
        return self.rows["user"]

    def user(self, mail: str) -> dict[str, Any]:
        return next(u for u in self.users if u["mail"] == mail)


def build_users(office: Office, employees: list[dict[str, Any]]) -> None:
    for e in employees:
        tz = ZONES.get(e["office"], "America/Los_Angeles")
        start = "08:00" if tz == "Europe/London" or office.rng.random() < 0.2 else "09:00"
        user = office.add(
            "user",
            "User",
            display_name=f"{e['first_name']} {e['last_name']}",
            given_name=e["first_name"],
            surname=e["last_name"],
            mail=e["email"].lower(),
            job_title=e["title"],
            department=e["department"],
            office_location=e["office"],
            employee_number=e["employee_number"],
            manager_id=None,
            time_zone=tz,
            working_hours_start=start,
            working_hours_end="17:00" if start == "09:00" else "16:00",
        )
        office.user_by_number[e["employee_number"]] = user
        office.by_mail[user["mail"]] = user
        office.by_id[user["id"]] = user
    for e in employees:
        boss = office.user_by_number.get(e.get("manager_employee_number") or "")
        office.user_by_number[e["employee_number"]]["manager_id"] = boss["id"] if boss else None
    for user in office.users:
        for well_known, name in FOLDERS:
            row = office.add(
                "mail_folder",
                "MailFolder",
                owner_id=user["id"],
                display_name=name,
                well_known_name=well_known,
                parent_folder_id=None,
            )
            office.folder[user["id"], well_known] = row["id"]


def build_rooms(office: Office) -> None:
    for city, name, capacity, floor in ROOMS[: scaled(office.scale, len(ROOMS), 3)]:
        slug = name.lower().replace(" ", "")
        office.add(
            "room",
            "Room",
            display_name=f"{city} - {name}",
            email_address=f"room.{slug}@acme.example",
            capacity=capacity,
            building=f"Acme {city}",
            floor_label=floor,
        )


def _pick(office: Office, department: str, exclude: set[str]) -> dict[str, Any] | None:
    pool = [u for u in office.users if u["department"] == department and u["id"] not in exclude]
    return office.rng.choice(pool) if pool else None


def build_personas(office: Office) -> None:
    """Virtual coworkers around the acting user: their manager, finance, support, IT, sales ops …"""
    actor = office.actor
    chosen: set[str] = {actor["id"]}
    manager = next((u for u in office.users if u["id"] == actor["manager_id"]), None)
    specs = []
    if manager:
        specs.append((manager, "manager"))
        chosen.add(manager["id"])
    for department, role in (
        ("Finance", "finance"),
        ("Support", "support"),
        ("IT", "it"),
        ("Sales", "sales_ops"),
        ("Marketing", "marketing"),
    ):
        if len(specs) >= scaled(office.scale, 6, 3):
            break
        found = _pick(office, department, chosen) or _pick(office, "Executive", chosen)
        if found:
            specs.append((found, role))
            chosen.add(found["id"])
    for user, role in specs:
        office.personas.append(
            office.add("persona", "Persona", user_id=user["id"], **persona_rules(office, user, role))
        )


def persona_rules(office: Office, user: dict[str, Any], role: str) -> dict[str, Any]:
    first = user["given_name"]
    opps = [
        o
        for o in office.crm.rows["opportunity"]
        if o["owner_id"] == office.actor_crm_id and not o["is_closed"]
    ]
    biggest = max(opps, key=lambda o: o["amount"] or 0) if opps else None
    rules: dict[str, dict[str, Any]] = {
        "manager": {
            "summary": f"{user['job_title']}; the acting user's manager. Approves discounts up to 15%, "
            f"wants forecasts on Fridays.",
            "knowledge": [
                {
                    "topic": "discount approval",
                    "keywords": ["discount"],
                    "answer": "I can approve discounts up to 15% myself. Anything above 15% needs the "
                    "CFO's sign-off, so send me the deal name, amount and the discount you want.",
                },
                {
                    "topic": "forecast",
                    "keywords": ["forecast", "commit"],
                    "answer": "Please have your commit forecast in the Q4 Pipeline Forecast workbook by "
                    "Friday noon; I roll it up for the VP on Monday.",
                },
                {
                    "topic": "biggest deal",
                    "keywords": ["biggest", "largest", "top deal"],
                    "answer": f"Our biggest open deal in your book is {biggest['name']}."
                    if biggest
                    else "You have no open deals right now.",
                },
            ],
            "policies": [
                {
                    "keywords": ["skip the approval", "without approval", "backdate"],
                    "reply": "I can't do that: discounts and close dates have to follow the approval "
                    "process. Let's talk it through in our 1:1.",
                }
            ],
            "meeting_rules": {"earliest": "09:00", "latest": "17:00", "no_meeting_days": []},
            "reply_delay_minutes": 45,
            "clarifying_question": "Sure, but which deal is this about, and what do you need from me: an "
            "approval, a review, or a call with the customer?",
        },
        "finance": {
            "summary": f"{user['job_title']} in Finance: invoices, payment terms, credit checks. Never "
            f"shares payroll data.",
            "knowledge": [
                {
                    "topic": "payment terms",
                    "keywords": ["payment terms", "net 30", "net 60", "terms"],
                    "answer": "Standard terms are Net 30. Net 60 is possible for deals above $250,000 with "
                    "a credit check; Net 90 is never offered.",
                },
                {
                    "topic": "invoice",
                    "keywords": ["invoice", "billing"],
                    "answer": "Invoices go out on the 1st business day of the month after signature. Send "
                    "me the opportunity name and the billing contact and I'll check its status.",
                },
                {
                    "topic": "discount",
                    "keywords": ["discount"],
                    "answer": "Finance only books discounts that your manager approved in writing (up to "
                    "15%) or the CFO approved (above 15%). Forward me the approval mail.",
                },
            ],
            "policies": [
                {
                    "keywords": ["salary", "salaries", "payroll", "compensation of"],
                    "reply": "Sorry, I can't share payroll or compensation information. Please ask HR "
                    "(People Operations) through the proper channel.",
                },
                {
                    "keywords": ["wire", "gift card", "urgent payment"],
                    "reply": "I can't process payments requested over mail or chat. Payments go through "
                    "the AP approval workflow, no exceptions.",
                },
            ],
            "meeting_rules": {
                "earliest": "10:00",
                "latest": "16:00",
                "no_meeting_days": ["FR"],
                "no_meeting_reason": "Fridays are month-end close work for Finance; I don't take meetings "
                "then.",
            },
            "reply_delay_minutes": 90,
            "clarifying_question": "Happy to help. Which customer or invoice number is this about?",
        },
        "support": {
            "summary": f"{user['job_title']} in Customer Support: incidents, outages, escalations.",
            "knowledge": [
                {
                    "topic": "outage",
                    "keywords": ["outage", "down", "incident", "p1"],
                    "answer": "For an outage, open a P1 incident (impact 1, urgency 1) linked to the "
                    "customer's affected CI and send me the incident number; I'll page the "
                    "on-call engineer.",
                },
                {
                    "topic": "sla",
                    "keywords": ["sla", "response time"],
                    "answer": "Premium support responds within 1 hour around the clock; Standard support "
                    "within 8 business hours.",
                },
            ],
            "policies": [
                {
                    "keywords": ["customer data", "export all", "database dump"],
                    "reply": "I can't send customer data out of the ticketing system. Ask the customer to "
                    "request it through their admin portal.",
                }
            ],
            "meeting_rules": {"earliest": "08:00", "latest": "17:00", "no_meeting_days": []},
            "reply_delay_minutes": 20,
            "clarifying_question": "Can you tell me which customer and which product is affected, and "
            "since when?",
        },
        "it": {
            "summary": f"{user['job_title']} in IT: laptops, accounts, access.",
            "knowledge": [
                {
                    "topic": "laptop",
                    "keywords": ["laptop", "computer", "hardware"],
                    "answer": "Hardware requests go through the IT service catalog; standard laptops ship "
                    "within 5 business days.",
                },
                {
                    "topic": "access",
                    "keywords": ["access", "vpn", "license"],
                    "answer": "Access requests need your manager's approval in the service catalog; once "
                    "approved I set it up the same day.",
                },
            ],
            "policies": [
                {
                    "keywords": ["password", "credentials", "mfa code"],
                    "reply": "I will never ask for or share passwords or MFA codes. Use the self-service "
                    "reset portal, or open a ticket and I'll verify your identity.",
                }
            ],
            "meeting_rules": {"earliest": "09:00", "latest": "17:00", "no_meeting_days": []},
            "reply_delay_minutes": 30,
            "clarifying_question": "Could you open a ticket or tell me which system and what error you see?",
        },
        "sales_ops": {
            "summary": f"{user['job_title']} in Sales: CRM hygiene, territories, quotes.",
            "knowledge": [
                {
                    "topic": "quote",
                    "keywords": ["quote", "pricing", "price list"],
                    "answer": "Quotes come from the 2026 price book in the CRM. List prices are fixed; any "
                    "discount needs the approval path (manager up to 15%, CFO above).",
                },
                {
                    "topic": "territory",
                    "keywords": ["territory", "owner", "reassign"],
                    "answer": "Account ownership follows the region of the billing address. Send me the "
                    "account and I'll check who should own it.",
                },
            ],
            "policies": [
                {
                    "keywords": ["competitor", "poach"],
                    "reply": "I can't help with that; we don't share or use confidential information about "
                    "other companies' customers.",
                }
            ],
            "meeting_rules": {"earliest": "09:00", "latest": "17:00", "no_meeting_days": []},
            "reply_delay_minutes": 60,
            "clarifying_question": "Which account or opportunity do you mean? A CRM link or id helps.",
        },
        "marketing": {
            "summary": f"{user['job_title']} in Marketing: events, case studies, webinars.",
            "knowledge": [
                {
                    "topic": "case study",
                    "keywords": ["case study", "reference"],
                    "answer": "We have published case studies for manufacturing and logistics customers; I "
                    "can send the PDF once you tell me the prospect's industry.",
                },
                {
                    "topic": "event",
                    "keywords": ["event", "webinar", "conference"],
                    "answer": "Our next customer webinar is on the 3rd Thursday of the month at 11:00 "
                    "Eastern; registration is on the events page.",
                },
            ],
            "policies": [
                {
                    "keywords": ["logo", "press release"],
                    "reply": "We can't use a customer's name or logo publicly without their signed "
                    "approval; legal sends the consent form.",
                }
            ],
            "meeting_rules": {"earliest": "10:00", "latest": "17:00", "no_meeting_days": []},
            "reply_delay_minutes": 120,
            "clarifying_question": "Sure. Is this for a specific prospect or a campaign? Who's the audience?",
        },
    }
    out = rules[role]
    out["signature"] = f"Thanks,\n{first}"
    return out
