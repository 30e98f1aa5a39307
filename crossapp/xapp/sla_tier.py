"""The Customer Support SLA Commitments in action: a CRM contact phones in a P1 or P2 problem; the incident
is logged and its work note states the response and resolution targets of the customer's tier — a tier
the policy derives from the account's number of employees in the CRM, so the note differs by account."""

from __future__ import annotations

import json
from typing import Any

from apps.crm.families.common import phrase
from crossapp.xapp.common import SLA, new_incident_ui, next_incident, work_note_ui
from crossapp.xapp.service import ISSUES, LEVELS
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.match_model import Match
from tasks.truth_model import Expectation

CONTACTS = """
SELECT u.sys_id, u.name, u.email, u.crm_contact_id, c.account_id, a.name AS account_name,
       a.number_of_employees AS employees
FROM ticketing_sys_user u JOIN crm_contact c ON c.id = u.crm_contact_id
JOIN crm_account a ON a.id = c.account_id
WHERE u.email IS NOT NULL AND a.number_of_employees IS NOT NULL
ORDER BY u.crm_contact_id
"""


def tier_of(tiers: list[dict[str, Any]], employees: int) -> dict[str, Any]:
    """The policy's tier for an account of `employees` (the first whose minimum it reaches)."""
    ordered = sorted(tiers, key=lambda t: -t["min_employees"])
    return next(t for t in ordered if employees >= t["min_employees"])


class SlaTierIncident(Family):
    name = "xapp.sla-tier-incident"
    version = 3  # its UI oracle follows the new pages (UI16, event pane, slides)
    apps = ("crm", "ticketing")
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-handbook"
    summary = "log a customer's P1/P2 incident and note the response/resolution targets of their SLA tier"

    def build(self, d: Draw) -> Spec:
        pool = d.world.rows(CONTACTS)
        c = d.pick("account", pool, key="account_id")
        d.note("contact", c["crm_contact_id"])
        if sum(1 for r in pool if r["name"] == c["name"]) > 1:
            raise Redraw("two callers share the name")
        params = json.loads(d.world.value("SELECT params FROM office_policy WHERE number = 'HB-03'"))
        tier = tier_of(params["tiers"], c["employees"])
        _, category, issue = d.choice(ISSUES)
        urgency = d.choice([1, 2])
        p = urgency  # impact 1: urgency 1 gives P1, urgency 2 gives P2
        resp, res = tier[f"p{p}_response_min"], tier[f"p{p}_resolve_h"]
        note = f"SLA: {tier['tier']} - respond within {resp} min, resolve within {res} h"
        number = next_incident(d)
        who, acct = c["name"], c["account_name"]
        lv = f"impact high, urgency {LEVELS[urgency]}"
        form = '"SLA: <tier> - respond within <N> min, resolve within <H> h"'
        phrasings = [
            f"{who} of {acct} phoned: {issue}. Log an incident with them as the caller ({category}, {lv}, "
            f"channel phone) and add a work note {form} with the targets the Customer Support SLA "
            "Commitments give their account's tier.",
            f"Customer call from {acct}: {who} says {issue}. Raise the incident ({category}, {lv}, phone) "
            f"and put the SLA targets of {acct}'s support tier in a work note, written as {form}.",
            f"Please open a {category} incident for {who} ({acct}) — {issue}; {lv}, contact type phone. "
            f"Then work-note the response and resolution targets our SLA policy sets for their tier: {form}.",
            f"{acct}'s {who} reports that {issue}. New incident, caller {who}, {category}, {lv}, via phone. "
            f"Check their tier (account size in the CRM, SLA Commitments in the knowledge base) and add the "
            f"work note {form}.",
            f"Log it: {who} from {acct} called because {issue} ({category}; {lv}; phone). Add a work note "
            f"with the tier's targets from the Customer Support SLA Commitments, in the form {form}.",
        ]
        prompt, k = phrase(d, phrasings)
        short = (issue[0].upper() + issue[1:])[:80]
        create = {
            "caller_id": c["sys_id"],
            "short_description": short,
            "category": category,
            "impact": 1,
            "urgency": urgency,
            "contact_type": "phone",
        }
        ui = [
            *new_incident_ui(number, c["email"], "phone", category, 1, urgency, short),
            *work_note_ui(number, note),
        ]
        other = next(
            r
            for r in pool
            if r["account_id"] != c["account_id"] and tier_of(params["tiers"], r["employees"]) != tier
        )
        return Spec(
            prompt=prompt,
            oracle=[
                step("crm_list_contacts", search=c["email"]),
                step("crm_get_account", account_id=c["account_id"]),
                step("ticketing_search_knowledge", query="Customer Support SLA Commitments"),
                step("ticketing_create_incident", **create),
                step("ticketing_add_work_note", record_id=number, text=note),
            ],
            expect=[
                Expectation(
                    table="ticketing_incident",
                    op="insert",
                    fields={
                        "caller_id": eq(c["sys_id"]),
                        "impact": eq(1),
                        "urgency": eq(urgency),
                        "priority": eq(p),
                        "category": eq(category),
                    },
                ),
                Expectation(
                    table="ticketing_sys_journal_field",
                    op="insert",
                    fields={"element": eq("work_notes"), "value": Match(contains=note)},
                ),
            ],
            allow=[SLA],
            ui_oracle=ui,
            wrong_record={c["sys_id"]: other["sys_id"]},
            tags=["handbook", "sla-commitments", tier["tier"].lower(), f"p{p}", "cross-app"],
            phrasing=k,
        )


FAMILIES = [SlaTierIncident()]
