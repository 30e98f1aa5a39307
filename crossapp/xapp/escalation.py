"""Cross-app families between the service desk and the CRM that start from a customer's incident: a task
for the account owner when an urgent incident hits their customer, a note on each of the account's open
deals, and a refusal to hand deals to the (non-CRM) analyst working the incident."""

from __future__ import annotations

from apps.crm.families.common import phrase
from crossapp.xapp.common import (
    account_of_caller,
    another,
    cap,
    customer_incidents,
    incident_ref,
    note_ui,
    open_deals,
    pick_incident,
    work_note_ui,
)
from tasks.families import mentions
from tasks.families.base import Draw, Family, Redraw, Spec, answer_steps, eq, step, ui_answer
from tasks.match_model import Match
from tasks.truth_model import AnswerSpec, Criterion, Deliverable, Expectation, UiStep

DUES = ["2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06"]
PRIORITY = {1: "1 - Critical", 2: "2 - High", 3: "3 - Moderate", 4: "4 - Low", 5: "5 - Planning"}


class EscalationOwnerTask(Family):
    name = "xapp.escalation-owner-task"
    version = 3  # its UI oracle follows the new pages (UI16, event pane, slides)
    version = 2  # v2: no subject a world part's incidents are about (the data room's billing disputes)
    apps = ("crm", "ticketing")
    author = "saasgym-xapp-team"
    surfaces = ("mcp", "cli", "ui", "python")
    summary = "an open incident hits a customer: a CRM task for the account's owner (and maybe a work note)"

    def build(self, d: Draw) -> Spec:
        pool = customer_incidents(d, "i.state IN (1, 2, 3)")
        inc = pick_incident(d, pool)
        ref, lookup = incident_ref(d, inc)
        due = d.choice(DUES)
        urgent = inc["priority"] <= 3
        prio = "High" if urgent else "Normal"
        subject = f"Customer incident {inc['number']}"
        note = d.chance(0.5)
        tail = (
            f" Then add a work note on the incident saying the account owner has been told (task {subject})."
            if note
            else ""
        )
        phrasings = [
            f"{cap(ref)} hit one of our customers. Give the CRM owner of the caller's account a "
            f'{prio}-priority task "{subject}" on that account, with the caller as contact, due {due}.',
            f'Make sure sales hears about {ref}: create a task "{subject}" (priority {prio}, due {due}) for '
            "whoever owns the caller's account in the CRM, related to the account and to the caller.",
            f'The account owner of the customer behind {ref} needs a to-do: "{subject}", {prio} priority, '
            f"due {due}, on the account, who = the caller's contact record.",
            f'Escalation: {ref}. Put a task "{subject}" on the caller\'s CRM account, assigned to the '
            f"account owner, contact = the caller, priority {prio}, due {due}.",
            f'Please log a follow-up task "{subject}" for the rep who owns the account of {ref}\'s caller '
            f"(on the account, with the caller as the contact; {prio}; due {due}).",
        ]
        prompt, k = phrase(d, phrasings)
        oracle = [
            *lookup,
            *account_of_caller(inc),
            step(
                "crm_create_task",
                subject=subject,
                what_id=inc["account_id"],
                who_id=inc["crm_contact_id"],
                activity_date=due,
                priority=prio,
                owner_id=inc["owner_id"],
            ),
        ]
        expect = [
            Expectation(
                table="crm_task",
                op="insert",
                fields={
                    "subject": Match(contains=inc["number"]),
                    "what_id": eq(inc["account_id"]),
                    "who_id": eq(inc["crm_contact_id"]),
                    "owner_id": eq(inc["owner_id"]),
                    "activity_date": eq(due),
                    "priority": eq(prio),
                },
            )
        ]
        ui = [
            UiStep(goto=f"/s/crm/tasks/new?what_id={inc['account_id']}&who_id={inc['crm_contact_id']}"),
            UiStep(fill=("Subject", subject)),
            UiStep(fill=("Due Date", due)),
            UiStep(select=("Priority", prio)),
            UiStep(fill=("Assigned To", inc["owner"])),
            UiStep(click=("button", "Save")),
            UiStep(expect_text=subject),
        ]
        if note:
            text = f"Account owner {inc['owner']} informed: CRM task {subject}."
            oracle.append(step("ticketing_add_work_note", record_id=inc["number"], text=text))
            ui += work_note_ui(inc["number"], text)
            expect.append(
                Expectation(
                    table="ticketing_sys_journal_field",
                    op="insert",
                    fields={
                        "element_id": eq(inc["sys_id"]),
                        "element": eq("work_notes"),
                        # says the owner was told: names them, or the task made for them (any wording)
                        "value": mentions.any_of(
                            mentions.person(inc["owner"]), mentions.record(name=subject)
                        ),
                    },
                )
            )
        wrong = another(
            customer_incidents(d, "i.state IN (1, 2, 3) AND a.owner_id != ?", inc["owner_id"]),
            inc,
            "owner_id",
        )
        return Spec(
            prompt=prompt + tail,
            oracle=oracle,
            expect=expect,
            ui_oracle=ui,
            wrong_record={inc["owner_id"]: wrong},
            tags=["incident", "task", "escalation", "cross-app", *(["work-note"] if note else [])],
            phrasing=k,
        )


class IncidentDealNotes(Family):
    name = "xapp.incident-deal-notes"
    # v2: the request as sales would make it — a note on each open deal telling its reader what is going on,
    # any title and wording (no dictated title or body); each note read by a judged rubric criterion;
    # v3: world v10 — the incident's short description names the month it is for from its final opening
    version = 3
    apps = ("crm", "ticketing")
    splits = ("test",)
    author = "saasgym-xapp-team"
    summary = "a note on every open deal of the account whose contact raised an incident (test only)"
    surfaces = ("mcp", "cli", "ui", "python")

    def build(self, d: Draw) -> Spec:
        pool = customer_incidents(d)
        inc = pick_incident(d, pool)
        deals = open_deals(d, inc["account_id"])
        if not 2 <= len(deals) <= 6:
            raise Redraw("not two to six open deals")
        for o in deals:
            d.note("opportunity", o["id"])
        ref, lookup = incident_ref(d, inc)
        phrasings = [
            f"Sales should know about {ref} before they next talk to the customer. Leave a note on each open "
            "opportunity of the caller's account saying what is going on.",
            f"The customer behind {ref} has deals in flight. Put a short note on every one of their open "
            "deals so whoever picks it up knows about the incident.",
            f"Please flag {ref} on the CRM side: a note on each open deal of the caller's account about it.",
            f"The caller of {ref} is a customer contact. Make sure each of their account's open "
            "opportunities carries a note about the incident.",
            f"Before the account team calls them: note {ref} on all the open deals of the account whose "
            "contact raised it.",
        ]
        prompt, k = phrase(d, phrasings)
        title = f"Support: {inc['number']}"
        body = f"Open support incident {inc['number']}: {inc['short_description']}."
        oracle = [
            *lookup,
            *account_of_caller(inc),
            step("crm_list_opportunities", account_id=inc["account_id"], status="open"),
            *[step("crm_add_note", parent_id=o["id"], title=title, body=body) for o in deals],
        ]
        expect = [
            Expectation(table="crm_note", op="insert", fields={"parent_id": eq(o["id"])}) for o in deals
        ]
        criteria = [
            Criterion(
                id=f"note-{i + 1}-tells-the-incident",
                kind="judged",
                type="answers_request",
                holds=f"the note on {o['name']} tells its reader that the customer has a support incident, "
                f"{inc['number']}: {inc['short_description']}",
                deliverable=Deliverable(table="crm_note", where={"parent_id": eq(o["id"])}, field="body"),
            )
            for i, o in enumerate(deals)
        ]
        closed = d.world.value(
            "SELECT id FROM crm_opportunity WHERE account_id = ? AND is_closed = 1 ORDER BY id",
            inc["account_id"],
        ) or another(
            d.world.rows("SELECT id FROM crm_opportunity WHERE is_closed = 0 ORDER BY id LIMIT 9"),
            deals[0],
            "id",
        )
        return Spec(
            prompt=prompt,
            oracle=oracle,
            expect=expect,
            ui_oracle=[u for o in deals for u in note_ui(o["id"], title, body)],
            wrong_record={deals[0]["id"]: closed},
            tags=["incident", "note", "opportunity", "bulk", "cross-app"],
            phrasing=k,
            criteria=criteria,
        )


class RefuseDealsToAnalyst(Family):
    name = "xapp.refuse-deals-to-analyst"
    version = 3  # v2: the refusal names its reason; v3: the reason read as a concept in any wording
    apps = ("crm", "ticketing")
    splits = ("test",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-xapp-team"
    summary = (
        "refusal (test only): give a customer's account or open deals to the desk analyst of its incident"
    )

    def build(self, d: Draw) -> Spec:
        pool = customer_incidents(d, "i.assigned_to IS NOT NULL")
        inc = pick_incident(d, pool)
        deals = open_deals(d, inc["account_id"])
        ref, lookup = incident_ref(d, inc)
        what = d.choice(["deals", "account"]) if deals else "account"
        a = inc["assignee"]
        whose = f"the account whose contact raised {ref}"
        thing = f"all open opportunities of {whose}" if what == "deals" else whose
        phrasings = [
            f"{a} is doing such good work on {ref} — make them the owner of {thing} in the CRM.",
            f"Hand {thing} over to the analyst assigned to that incident.",
            f"The assignee of {ref} should own {thing} from now on. Please change the owner in the CRM.",
            f"Reassign {thing} to {a}, who is working the incident.",
            f"Whoever is assigned to {ref} takes over {thing}: set them as CRM owner.",
        ]
        prompt, k = phrase(d, phrasings)
        text = (
            f"I can't do that: {a}, the service-desk analyst on {inc['number']}, is not a user of the CRM, "
            "and only CRM users can own accounts or opportunities."
        )
        rows = [Expectation(table="crm_opportunity", op="unchanged", pk=o["id"]) for o in deals]
        rows.append(Expectation(table="crm_account", op="unchanged", pk=inc["account_id"]))
        return Spec(
            prompt=prompt,
            oracle=[
                *lookup,
                *account_of_caller(inc),
                step("crm_list_users", search=a),
                *answer_steps(text),
            ],
            expect=rows,
            answer=AnswerSpec(
                refusal=True,
                because=mentions.reason("not_a_user"),
            ),
            ui_oracle=ui_answer(text),
            tags=["incident", "owner", "refusal", "cross-app", f"refuse-{what}"],
            phrasing=k,
            records=2 + len(deals),
        )


class QaAccountOfIncident(Family):
    name = "xapp.qa-account-of-incident"
    version = 3  # v2: no subject a world part's incidents are about (the data room's billing disputes);
    # v3: the answer names what was asked in any form, and no rival candidate
    apps = ("crm", "ticketing")
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-xapp-team"
    summary = "question: the biggest open deal (amount or name) or the open pipeline of an incident's account"

    def build(self, d: Draw) -> Spec:
        inc = pick_incident(d, customer_incidents(d))
        deals = open_deals(d, inc["account_id"])
        if not deals or (len(deals) > 1 and deals[0]["amount"] == deals[1]["amount"]):
            raise Redraw("no single biggest open deal")
        ref, lookup = incident_ref(d, inc)
        kind = d.choice(["amount", "name", "total"])
        if kind == "total":
            value = round(sum(o["amount"] or 0 for o in deals), 2)
            asks = [
                f"What is the total amount of the open opportunities of the account that raised {ref}?",
                f"How much open pipeline does the customer behind {ref} have in the CRM (sum of open deals)?",
                f"Sum the open deals of the caller's account on {ref}. What is the total?",
                f"The caller of {ref} works for one of our accounts: what is that account's open pipeline?",
                f"Total open opportunity amount for the company whose contact opened {ref}?",
            ]
        else:
            value = deals[0]["amount"] if kind == "amount" else deals[0]["name"]
            word = "amount" if kind == "amount" else "name"
            asks = [
                f"What is the {word} of the biggest open deal of the account that owns {ref}?",
                f"{cap(ref)} was raised by a customer contact. Give me the {word} of their account's largest "
                "open opportunity.",
                f"Look up who opened {ref}, find their CRM account and tell me the {word} of its biggest "
                "open deal.",
                f"Which is the largest open opportunity of the caller's account on {ref}? I need its {word}.",
                f"For the customer behind {ref}: the {word} of their top open deal, please.",
            ]
        prompt, k = phrase(d, asks)
        if isinstance(value, str):
            rivals = [{"name": o["name"]} for o in deals[1:]]
            match, text = mentions.record(name=value, others=rivals), value
        else:
            match, text = Match(approx=value, tol=0.01), f"{value:.2f}"
        return Spec(
            prompt=prompt,
            oracle=[
                *lookup,
                *account_of_caller(inc),
                step("crm_list_opportunities", account_id=inc["account_id"], status="open"),
                *answer_steps(text),
            ],
            answer=AnswerSpec(match=match),
            ui_oracle=ui_answer(text),
            tags=["question", "opportunity", "incident", "cross-app", f"ask-{kind}"],
            phrasing=k,
            records=2 + len(deals),
        )


FAMILIES = [EscalationOwnerTask(), IncidentDealNotes(), RefuseDealsToAnalyst(), QaAccountOfIncident()]
