"""Cross-app families that start from a customer's mail in Amber's inbox: the sender is a CRM contact, and
so a caller on the service desk."""

from __future__ import annotations

from typing import Any

from apps.crm.families.common import phrase
from apps.office.families.common import inbox, search_text
from crossapp.xapp.common import (
    AMBER,
    MAIL_SIDE_EFFECTS,
    SLA,
    cap,
    new_incident_ui,
    next_incident,
)
from crossapp.xapp.service import ISSUES as PHONED
from crossapp.xapp.service import LEVELS
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.match_model import Match
from tasks.rubric.build import fact_and_reading, mail_body
from tasks.truth_model import Criterion, Expectation, UiStep

ISSUES = [
    *PHONED,
    (None, "hardware", "a delivered rack server does not power on"),
    (None, "inquiry", "they need a copy of last month's support report"),
]
PRIORITY = {(1, 1): 1, (1, 2): 2, (2, 1): 2, (1, 3): 3, (2, 2): 3, (3, 1): 3, (2, 3): 4, (3, 2): 4}


def customer_mails(d: Draw) -> list[dict[str, Any]]:
    """Amber's inbox mails whose sender is a CRM contact (with the contact, account and desk user)."""
    contacts = {
        r["email"]: r
        for r in d.world.rows(
            "SELECT lower(c.email) AS email, c.id AS contact_id, c.account_id, a.name AS account, "
            "u.sys_id AS caller_sys_id, u.name AS caller FROM crm_contact c "
            "JOIN crm_account a ON a.id = c.account_id JOIN ticketing_sys_user u ON u.crm_contact_id = c.id "
            "WHERE c.email IS NOT NULL ORDER BY c.id"
        )
    }
    return [
        {**m, **contacts[m["from_address"].lower()]}
        for m in inbox(d)
        if m["from_address"].lower() in contacts
    ]


def pick_mail(d: Draw) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A customer mail drawn by the sender's account, whose subject no other mail of that sender has."""
    pool = customer_mails(d)
    accounts = list({m["account_id"]: m for m in pool}.values())
    acc = d.pick("account", accounts, key="account_id")
    msg = d.choice([m for m in pool if m["account_id"] == acc["account_id"]])
    same = [m for m in pool if m["subject"] == msg["subject"] and m["from_address"] == msg["from_address"]]
    if len(same) > 1:
        raise Redraw("the sender has two mails with this subject")
    d.note("contact", msg["contact_id"])
    return msg, pool


def _reply_criteria(owner: str, msg: dict[str, Any], number: str, issue: str) -> list[Criterion]:
    """The reply to the customer, read for its meaning: the incident's number, and an answer they can use."""
    reply = mail_body(
        {"owner_id": eq(owner), "conversation_id": eq(msg["conversation_id"]), "is_draft": eq(False)}
    )
    return fact_and_reading(
        reply,
        ("incident-number", f"the reply gives the new incident's number, {number}", {"names": [number]}),
        (
            "tells-the-customer",
            "answers_request",
            f"tells {msg['from_name']} that what they reported ({issue}) was logged with the service desk as "
            f"incident {number}",
        ),
    )


class MailToIncident(Family):
    name = "xapp.mail-to-incident"
    version = 2  # v2: the reply is read by rubric criteria (the number; a judged answer to the customer)
    apps = ("crm", "office", "ticketing")
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-xapp-team"
    summary = (
        "a customer mailed a problem: an incident with the sender (a CRM contact) as caller, then a reply"
    )

    def build(self, d: Draw) -> Spec:
        msg, pool = pick_mail(d)
        service, category, issue = d.choice(ISSUES)
        impact, urgency = d.choice([1, 2, 3]), d.choice([1, 2, 3])
        ci = None
        if service:
            found = d.world.rows(
                "SELECT sys_id FROM ticketing_cmdb_ci WHERE name = ? ORDER BY sys_id", service
            )
            if len(found) != 1:
                raise Redraw(f"no single CI called {service}")
            ci = found[0]["sys_id"]
        number = next_incident(d)
        who, subj = msg["from_name"], msg["subject"]
        lv = f"impact {LEVELS[impact]}, urgency {LEVELS[urgency]}"
        on = f" on the {service} CI" if service else ""
        ref = f'{who}\'s mail "{subj}"'
        phrasings = [
            f"In {ref} they also report that {issue}. Open an incident with them as the caller{on} "
            f"(category {category}, {lv}, channel email), then reply to the mail with the incident number.",
            f'{who} of {msg["account"]} wrote to me ("{subj}"): {issue}. Raise an incident for them — caller '
            f"{who}{on}, {category}, {lv}, contact type email — and answer their mail with its number.",
            f"Turn {ref} into a service-desk incident: {issue}. Caller: the sender; {category}; {lv}; via "
            f"email{on}. Reply to them with the INC number.",
            f"A customer problem arrived by mail ({ref}): {issue}. Log it as an incident (caller = sender, "
            f"{category}, {lv}, email){on} and reply so they know the incident number.",
            f'Please open an incident for the sender of "{subj}" ({who}) because {issue}: {category}, {lv}, '
            f"channel email{on}. Then reply to that mail quoting the new incident's number.",
        ]
        prompt, k = phrase(d, phrasings)
        short = cap(issue)[:80]
        reply = f"Hi {who.split()[0]}, we opened incident {number} for this: {issue}."
        create = {
            "caller_id": msg["caller_sys_id"],
            "short_description": short,
            "category": category,
            "impact": impact,
            "urgency": urgency,
            "contact_type": "email",
            **({"cmdb_ci": ci} if ci else {}),
        }
        owner = d.world.value("SELECT id FROM office_user WHERE mail = ?", AMBER)
        fields = {
            "caller_id": eq(msg["caller_sys_id"]),
            "category": eq(category),
            "impact": eq(impact),
            "urgency": eq(urgency),
            "priority": eq(PRIORITY.get((impact, urgency), 5)),
            "contact_type": eq("email"),
            **({"cmdb_ci": eq(ci)} if ci else {}),
        }
        ui = [
            *new_incident_ui(number, msg["from_address"], "email", category, impact, urgency, short, service),
            UiStep(goto=f"/s/office/mail/compose?id={msg['id']}&mode=reply"),
            UiStep(fill=("Message", reply)),
            UiStep(click=("button", "Send")),
        ]
        other = next(m for m in pool if m["caller_sys_id"] != msg["caller_sys_id"])
        return Spec(
            prompt=prompt,
            oracle=[
                step("office_search_messages", query=search_text(subj)),
                step("crm_list_contacts", search=msg["from_address"]),
                step("ticketing_list_users", search=msg["from_address"]),
                step("ticketing_create_incident", **create),
                step("office_reply_to_message", message_id=msg["id"], body=reply),
            ],
            expect=[
                Expectation(table="ticketing_incident", op="insert", fields=fields),
                Expectation(
                    table="office_message",
                    op="insert",
                    fields={
                        "owner_id": eq(owner),
                        "conversation_id": eq(msg["conversation_id"]),
                        "to_recipients": Match(contains=msg["from_address"]),
                        "is_draft": eq(False),
                    },
                ),
            ],
            criteria=_reply_criteria(owner, msg, number, issue),
            allow=[SLA, *MAIL_SIDE_EFFECTS],
            ui_oracle=ui,
            wrong_record={msg["caller_sys_id"]: other["caller_sys_id"]},
            tags=["mail", "incident", "reply", "cross-app"],
            phrasing=k,
        )


FAMILIES = [MailToIncident()]
