"""Cross-app families between the CRM and the service desk: a customer contact's phoned-in issue becomes an
incident and a logged call; questions that join an incident's caller to their CRM account."""

from __future__ import annotations

from crossapp.xapp.common import new_incident_ui, next_incident
from tasks.families import mentions
from tasks.families.base import Draw, Family, Redraw, Spec, answer_steps, eq, step, ui_answer
from tasks.truth_model import Allowance, AnswerSpec, Expectation, UiStep

ISSUES = [
    ("Customer Portal", "software", "cannot log in to the Customer Portal"),
    ("Customer Portal", "software", "Customer Portal pages time out"),
    ("Email", "software", "invoices from Acme are not arriving by e-mail"),
    ("VPN", "network", "the partner VPN tunnel keeps dropping"),
    ("ERP", "software", "the order status report shows wrong totals"),
]
LEVELS = {1: "high", 2: "medium", 3: "low"}

CALLER_CONTACTS = """
SELECT u.sys_id, u.name, u.email, u.crm_contact_id, c.account_id, a.name AS account_name
FROM ticketing_sys_user u JOIN crm_contact c ON c.id = u.crm_contact_id
JOIN crm_account a ON a.id = c.account_id
ORDER BY u.crm_contact_id
"""


class ContactIncidentCall(Family):
    name = "xapp.contact-incident-call"
    apps = ("crm", "ticketing")
    surfaces = ("mcp", "cli", "ui", "python")
    # v3: the browser oracle (the desk's new-incident form, then Log a Call on the contact); v4: no subject
    # a world part's incidents are about (the data room's billing disputes)
    version = 4
    author = "saasgym-itsm-team"
    summary = "a CRM contact phones in an issue: incident with them as caller on the CI + the call in the CRM"

    def build(self, d: Draw) -> Spec:
        pool = d.world.rows(CALLER_CONTACTS)
        c = d.pick("account", pool, key="account_id")  # accounts are the CRM's held-out entity
        d.note("contact", c["crm_contact_id"])
        if sum(1 for r in pool if r["name"] == c["name"]) > 1:
            raise Redraw("two callers share the name")
        service, category, issue = d.choice(ISSUES)
        ci = d.world.rows(
            "SELECT sys_id, name FROM ticketing_cmdb_ci WHERE name = ? ORDER BY sys_id", service
        )
        if len(ci) != 1:
            raise Redraw(f"no single CI called {service}")
        impact, urgency = d.choice([1, 2, 3]), d.choice([1, 2, 3])
        who, acct = c["name"], c["account_name"]
        other_ci = d.world.value(
            "SELECT sys_id FROM ticketing_cmdb_ci WHERE sys_id != ? ORDER BY sys_id", ci[0]["sys_id"]
        )
        lv = f"impact {LEVELS[impact]}, urgency {LEVELS[urgency]}"
        phrasings = [
            f"{who} from {acct} just phoned: {issue}. Open an incident with them as the caller on "
            f"the {service} "
            f"service (category {category}, {lv}, channel phone) and log the call on their CRM contact.",
            f"Phone call from {acct} ({who}): {issue}. Please raise an incident for them on {service} — "
            f"{category}, {lv}, contact type phone — and record the inbound call in the CRM.",
            f"Log this in both systems: {who} ({acct}) called because {issue}. Incident on "
            f"{service}, category "
            f"{category}, {lv}, via phone; plus an inbound call on the contact.",
            f"Customer call: {who} at {acct} says {issue}. Create the incident (caller {who}, CI {service}, "
            f"{category}, {lv}, phone) and add the call to their contact record.",
            f"I just took a call from {who} of {acct}: {issue}. Incident please ({service}, "
            f"{category}, {lv}, "
            f"phone) and log the call in the CRM against them.",
        ]
        k = d.rng.randrange(len(phrasings))
        number, subject = next_incident(d), f"{service} issue reported"
        ui = [
            *new_incident_ui(number, c["email"], "phone", category, impact, urgency, issue[:80], service),
            UiStep(goto=f"/s/crm/calls/new?who_id={c['crm_contact_id']}&what_id={c['account_id']}"),
            UiStep(fill=("Subject", subject)),
            UiStep(select=("Call Type", "Inbound")),
            UiStep(fill=("Comments", f"Logged incident {number}")),
            UiStep(click=("button", "Save")),
            UiStep(expect_text=subject),
        ]
        priority = {(1, 1): 1, (1, 2): 2, (2, 1): 2, (1, 3): 3, (2, 2): 3, (3, 1): 3, (2, 3): 4, (3, 2): 4}
        return Spec(
            prompt=phrasings[k],
            oracle=[
                step("ticketing_list_users", search=who),
                step("ticketing_list_configuration_items", search=service),
                step(
                    "ticketing_create_incident",
                    caller_id=c["sys_id"],
                    short_description=issue[:80],
                    cmdb_ci=ci[0]["sys_id"],
                    category=category,
                    impact=impact,
                    urgency=urgency,
                    contact_type="phone",
                ),
                step("crm_list_contacts", search=who),
                step(
                    "crm_log_call",
                    subject=subject,
                    who_id=c["crm_contact_id"],
                    what_id=c["account_id"],
                    call_type="Inbound",
                    description="Logged incident $3.number",
                ),
            ],
            expect=[
                Expectation(
                    table="ticketing_incident",
                    op="insert",
                    fields={
                        "caller_id": eq(c["sys_id"]),
                        "cmdb_ci": eq(ci[0]["sys_id"]),
                        "category": eq(category),
                        "impact": eq(impact),
                        "urgency": eq(urgency),
                        "priority": eq(priority.get((impact, urgency), 5)),
                        "contact_type": eq("phone"),
                    },
                ),
                Expectation(
                    table="crm_task",
                    op="insert",
                    fields={
                        "who_id": eq(c["crm_contact_id"]),
                        "task_subtype": eq("Call"),
                        "call_type": eq("Inbound"),
                        "status": eq("Completed"),
                    },
                ),
            ],
            allow=[Allowance(table="ticketing_task_sla", ops=["insert"])],
            ui_oracle=ui,
            wrong_record={ci[0]["sys_id"]: other_ci},
            tags=["incident", "call", "cross-app"],
            phrasing=k,
        )


class IncidentCallerOwner(Family):
    name = "xapp.qa-incident-caller-owner"
    apps = ("crm", "ticketing")
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-itsm-team"
    # v4: no subject a world part's incidents are about (the data room's billing disputes);
    # v3: a browser oracle (the task page's answer form)
    version = 5  # v5: the answer names what was asked in any form, and no rival candidate
    summary = "question: the CRM account (or its owner) of an incident's caller"

    def build(self, d: Draw) -> Spec:
        pool = d.world.rows(
            "SELECT i.number, i.short_description, u.name AS caller, u.crm_contact_id, a.id AS account_id, "
            "a.name AS account, "
            "o.name AS owner FROM ticketing_incident i JOIN ticketing_sys_user u ON u.sys_id = i.caller_id "
            "JOIN crm_contact c ON c.id = u.crm_contact_id JOIN crm_account a ON a.id = c.account_id "
            "JOIN crm_user o ON o.id = a.owner_id ORDER BY u.crm_contact_id, i.number"
        )
        row = d.pick("account", pool, key="account_id")  # accounts are the CRM's held-out entity
        d.note("contact", row["crm_contact_id"])
        owner = d.chance(0.5)
        n = row["number"]
        if owner:
            answer = row["owner"]
            phrasings = [
                f"Who owns, in the CRM, the account of the caller of {n}?",
                f"The caller on {n} is a customer contact. Which Acme rep owns their account?",
                f"I want to warn the account manager about {n}. Who is the CRM owner of the "
                f"caller's account?",
                f"Find the caller of {n}, their account in the CRM and tell me the account owner's name.",
                f"Which sales rep should hear about {n}? (the owner of the caller's CRM account)",
            ]
        else:
            answer = row["account"]
            phrasings = [
                f"Which customer account does the caller of {n} belong to?",
                f"{n} was raised by a customer contact. What is the name of their account in the CRM?",
                f"Look up the caller of {n} and tell me which CRM account they are a contact of.",
                f"For {n}, which company (CRM account) is the caller from?",
                f"Name the account of the person who opened {n}.",
            ]
        k = d.rng.randrange(len(phrasings))
        return Spec(
            prompt=phrasings[k],
            oracle=[
                step("ticketing_get_incident", incident_id=n),
                step("crm_get_contact", contact_id=row["crm_contact_id"]),
                *answer_steps(answer),
            ],
            answer=AnswerSpec(
                match=mentions.one_person(d.world, answer, sql=mentions.CRM_USERS)
                if owner
                else mentions.record(
                    name=answer, others=[r for r in d.world.rows(mentions.ACCOUNTS) if r["name"] != answer]
                )
            ),
            ui_oracle=ui_answer(answer),
            tags=["question", "cross-app"],
            phrasing=k,
            records=2,
        )


FAMILIES = [ContactIncidentCall(), IncidentCallerOwner()]
