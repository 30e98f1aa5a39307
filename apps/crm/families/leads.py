"""Leads: status changes, conversion onto an existing account, and what lead and picklist rules refuse."""

from __future__ import annotations

from typing import Any

from apps.core.meaning import words
from apps.crm.families.common import TODAY, account_ref, accounts, other, phrase, sellers
from apps.crm.picklists import ACCOUNT_TYPES, INDUSTRIES, LEAD_SOURCES, LEAD_STATUSES, RATINGS
from tasks.families import mentions
from tasks.families.base import Draw, Family, Redraw, Spec, answer_steps, eq, step, ui_answer
from tasks.families.batch import COUNTS, intros, several
from tasks.match_model import Match
from tasks.truth_model import Allowance, AnswerSpec, Expectation, UiStep

LEADS = """
SELECT l.id, l.first_name, l.last_name, l.first_name || ' ' || l.last_name AS full_name, l.company, l.email,
       l.status, l.lead_source, l.rating, l.industry, l.is_converted, l.owner_id, l.converted_contact_id,
       l.converted_account_id
FROM crm_lead l
"""
# What moves with a converted lead: its activities and notes follow the new contact.
MOVED = [
    Allowance(table="crm_task", ops=["update"], fields=["who_id", "what_id"]),
    Allowance(table="crm_event", ops=["update"], fields=["who_id", "what_id"]),
    Allowance(table="crm_note", ops=["update"], fields=["parent_id"]),
]


def leads(d: Draw, where: str, *params: Any) -> list[dict[str, Any]]:
    """Leads matching `where`, in id order."""
    return d.world.rows(f"{LEADS} WHERE {where} ORDER BY l.id", *params)


def lead_ref(d: Draw, lead: dict[str, Any]) -> tuple[str, list]:
    """The lead by id (nothing to look up), by name and company, or by e-mail; with the search an agent
    runs."""
    twins = d.world.value(
        "SELECT count(*) FROM crm_lead WHERE first_name = ? AND last_name = ?",
        lead["first_name"],
        lead["last_name"],
    )
    if d.chance(0.2):
        return f"lead {lead['id']}", []
    if lead["email"] and (twins > 1 or d.chance(0.4)):
        return f"the lead with e-mail {lead['email']}", [
            step("crm_list_leads", search=lead["email"], include_converted=True)
        ]
    return (
        f"{lead['full_name']}'s lead from {lead['company']}",
        [step("crm_list_leads", search=lead["full_name"], include_converted=True)],
    )


NEXT_STATUS = {
    "Open - Not Contacted": ["Working - Contacted", "Closed - Not Converted"],
    "Working - Contacted": ["Closed - Not Converted", "Open - Not Contacted"],
    "Closed - Not Converted": ["Working - Contacted"],
}


class LeadStatus(Family):
    name = "crm.lead-status"
    version = 2  # v2: the batch knob (several())
    apps = ("crm",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-crm-team"
    summary = "change an unconverted lead's status (and maybe its rating or source) (or a batch of 3–4)"

    def build(self, d: Draw) -> Spec:
        return several(d, self.one, d.choice(COUNTS), intros("lead"))

    def one(self, d: Draw) -> Spec:
        """One request, drawn with its own preconditions (build may batch several)."""
        pool = leads(d, "l.is_converted = 0")
        lead = d.pick("lead", pool, key="id")
        status = d.choice(NEXT_STATUS[lead["status"]])
        extra: dict[str, Any] = {}
        if d.chance(0.5):
            field = d.choice(["rating", "lead_source"])
            options = RATINGS if field == "rating" else LEAD_SOURCES
            extra[field] = d.choice([v for v in options if v != lead[field]])
        ref, lookup = lead_ref(d, lead)
        also = "".join(f" and set its {f.replace('_', ' ')} to {v}" for f, v in extra.items())
        why = {
            "Working - Contacted": "I reached them today",
            "Closed - Not Converted": "they are not interested",
            "Open - Not Contacted": "the call never happened",
        }[status]
        phrasings = [
            f"Set the status of {ref} to {status}{also}.",
            f"Update {ref}: {why}, so its status should be {status}{also}.",
            f"{ref[0].upper() + ref[1:]} needs its status changed to {status}{also}.",
            f"Lead hygiene: mark {ref} as {status}{also}.",
            f"Please move {ref} to the {status} status{also}; {why}.",
        ]
        prompt, k = phrase(d, phrasings)
        fields = {"status": status, **extra}
        return Spec(
            prompt=prompt,
            oracle=[*lookup, step("crm_update_lead", lead_id=lead["id"], **fields)],
            expect=[
                Expectation(
                    table="crm_lead", op="update", pk=lead["id"], fields={f: eq(v) for f, v in fields.items()}
                )
            ],
            ui_oracle=[
                UiStep(goto=f"/leads/{lead['id']}/edit"),
                UiStep(select=("Lead Status", status)),
                *[UiStep(select=(f.replace("_", " ").title(), v)) for f, v in extra.items()],
                UiStep(click=("button", "Save")),
                UiStep(expect_text=status),
            ],
            wrong_record={lead["id"]: other(pool, lead)["id"]},
            tags=["lead", "status"],
            phrasing=k,
        )


class ConvertLeadExisting(Family):
    name = "crm.convert-lead-existing"
    version = 2  # v2: a UI oracle (the Convert modal's Choose Existing account, then New Task on the contact)
    apps = ("crm",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-crm-team"
    summary = (
        "convert a lead onto the existing account of its company (opportunity and follow-up task as knobs)"
    )

    def build(self, d: Draw) -> Spec:
        pool = leads(d, "l.is_converted = 0 AND l.company IN (SELECT name FROM crm_account)")
        lead = d.pick("lead", pool, key="id")
        acc = accounts(d, "a.name = ?", lead["company"])[0]
        d.require("account", acc["id"])
        with_opp = d.chance(0.5)
        opp_name = (
            f"{acc['name']} - {d.choice(['Expansion', 'New Business', 'Pilot', 'Upgrade', 'Renewal Add-on'])}"
        )
        owner = d.choice([None, *sellers(d)[:12]])
        task = d.chance(0.4)
        ref, lookup = lead_ref(d, lead)
        parts = [f'create an opportunity named "{opp_name}"' if with_opp else "don't create an opportunity"]
        if owner:
            parts.append(f"give the new records to {owner['name']}")
        if task:
            parts.append(
                'then add a task "Schedule kickoff call" due in one week (2026-11-09) on the new contact'
            )
        listed = "; ".join(parts)
        phrasings = [
            f"Convert {ref} into the existing account {acc['name']} (don't create a new account); {listed}.",
            f"{lead['company']} is already an account. Convert {ref} onto it; {listed}.",
            f"{ref[0].upper() + ref[1:]} is qualified. Convert it, attaching it to the account we "
            f"already have; {listed}.",
            f"Please convert {ref} — use our existing {acc['name']} account; {listed}.",
            f"Lead conversion: {ref}, onto the existing account {acc['name']}. Also: {listed}.",
        ]
        prompt, k = phrase(d, phrasings)
        convert: dict[str, Any] = {
            "lead_id": lead["id"],
            "account_id": acc["id"],
            "create_opportunity": with_opp,
        }
        if with_opp:
            convert["opportunity_name"] = opp_name
        if owner:
            convert["owner_id"] = owner["id"]
        oracle = [*lookup, step("crm_list_accounts", search=acc["name"]), step("crm_convert_lead", **convert)]
        owner_id = owner["id"] if owner else lead["owner_id"]
        expect = [
            Expectation(
                table="crm_lead",
                op="update",
                pk=lead["id"],
                fields={
                    "is_converted": eq(True),
                    "status": eq("Closed - Converted"),
                    "converted_account_id": eq(acc["id"]),
                    "converted_opportunity_id": Match(is_null=not with_opp),
                    "converted_contact_id": Match(is_null=False),
                    "converted_date": eq(TODAY),
                },
            )
        ]
        contact_match = {"account_id": eq(acc["id"]), "last_name": Match(text=lead["last_name"])}
        existing = d.world.value(
            "SELECT id FROM crm_contact WHERE account_id = ? AND lower(email) = lower(?)",
            acc["id"],
            lead["email"] or "",
        )
        if existing:
            raise Redraw("the lead's e-mail is already a contact of the account")
        expect.append(
            Expectation(table="crm_contact", op="insert", fields={**contact_match, "owner_id": eq(owner_id)})
        )
        if with_opp:
            expect.append(
                Expectation(
                    table="crm_opportunity",
                    op="insert",
                    fields={
                        "account_id": eq(acc["id"]),
                        "name": Match(text=opp_name),
                        "owner_id": eq(owner_id),
                    },
                )
            )
        allow = list(MOVED)
        if with_opp:
            allow.append(Allowance(table="crm_opportunity_history", ops=["insert"]))
        if task:
            n = len(oracle)
            oracle.append(
                step(
                    "crm_create_task",
                    subject="Schedule kickoff call",
                    who_id=f"${n}.contact.id",
                    activity_date="2026-11-09",
                )
            )
            expect.append(
                Expectation(
                    table="crm_task",
                    op="insert",
                    fields={
                        "subject": Match(contains="kickoff call"),
                        "activity_date": eq("2026-11-09"),
                        "who_id": Match(is_null=False),
                    },
                )
            )
        others = [r for r in pool if r["id"] != lead["id"]]
        return Spec(
            prompt=prompt,
            oracle=oracle,
            expect=expect,
            allow=allow,
            ui_oracle=_convert_ui(lead["id"], acc["name"], opp_name if with_opp else None, owner, task),
            wrong_record={lead["id"]: other(pool, lead)["id"]} if others else {},
            tags=["lead", "conversion", *(["task"] if task else [])],
            phrasing=k,
        )


def _convert_ui(
    lead_id: str, account: str, opp_name: str | None, owner: dict[str, Any] | None, task: bool
) -> list[UiStep]:
    """The lead's Convert modal onto the existing `account` (an opportunity named `opp_name`, or none;
    the records to `owner`), then, if `task`, the kickoff task from the new contact's page."""
    steps = [
        UiStep(goto=f"/leads/{lead_id}/convert"),
        UiStep(check="Choose Existing"),  # the Account section's (the first of the two)
        UiStep(fill=("Account Search", account)),
        UiStep(fill=("Opportunity Name", opp_name))
        if opp_name
        else UiStep(check="Don't create an opportunity upon conversion"),
        *([UiStep(fill=("Record Owner", owner["name"]))] if owner else []),
        UiStep(click=("button", "Convert")),
        UiStep(expect_text="Your lead has been converted"),
    ]
    if task:
        steps += [
            UiStep(click=("link", "View Contact")),
            UiStep(click=("link", "New Task")),
            UiStep(fill=("Subject", "Schedule kickoff call")),
            UiStep(fill=("Due Date", "2026-11-09")),
            UiStep(click=("button", "Save")),
            UiStep(expect_text="Schedule kickoff call"),
        ]
    return steps


BAD_VALUES = {
    ("account", "industry"): ["Aerospace", "Pharmaceuticals", "Real Estate", "Gaming", "Legal Services"],
    ("account", "type"): ["Competitor", "Press", "Investor", "Analyst"],
    ("account", "rating"): ["Lukewarm", "Very Hot", "Frozen"],
    ("lead", "status"): ["Qualified", "Nurturing", "Unqualified"],
    ("lead", "lead_source"): ["Trade Show", "LinkedIn", "Webinar", "Word of Mouth"],
    ("lead", "rating"): ["Lukewarm", "Very Hot", "Frozen"],
}


class RefusePicklist(Family):
    name = "crm.refuse-picklist-value"
    version = 3  # v2: the refusal names its reason; v3: the reason read as a concept in any wording
    apps = ("crm",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-crm-team"
    summary = "refusal: set an account's or a lead's restricted picklist field to a value it does not allow"

    def build(self, d: Draw) -> Spec:
        obj, field = d.choice(sorted(BAD_VALUES))
        value = d.choice(BAD_VALUES[(obj, field)])
        word = field.replace("_", " ")
        if obj == "account":
            acc = d.pick("account", accounts(d), key="id")
            ref, lookup = account_ref(d, acc, ("name", "number", "city"))
            lookup.append(step("crm_get_account", account_id=acc["id"]))
            table, pk = "crm_account", acc["id"]
        else:
            lead = d.pick("lead", leads(d, "l.is_converted = 0"), key="id")
            ref, lookup = lead_ref(d, lead)
            lookup.append(step("crm_get_lead", lead_id=lead["id"]))
            table, pk = "crm_lead", lead["id"]
        phrasings = [
            f'Set the {word} of {ref} to "{value}" — exactly that value, nothing else.',
            f"Please change {ref}'s {word} to \"{value}\". Don't substitute another value.",
            f'Our new segmentation puts {ref} at {word} "{value}". Update it to exactly that.',
            f'Mark {ref} with the {word} "{value}" (only "{value}" is acceptable).',
            f'Change the {word} on {ref} to "{value}"; if that exact value is not possible, change nothing.',
        ]
        prompt, k = phrase(d, phrasings)
        text = (
            f'I can\'t set the {word} to "{value}": it is not one of the allowed values of that '
            "restricted picklist."
        )
        return Spec(
            prompt=prompt,
            oracle=[*lookup, *answer_steps(text)],
            expect=[Expectation(table=table, op="unchanged", pk=pk)],
            answer=AnswerSpec(
                refusal=True,
                because=mentions.reason("invalid_value", entities=_allowed(obj, field, value)),
            ),
            ui_oracle=ui_answer(text),
            tags=[obj, "picklist", "refusal", f"field-{field}"],
            phrasing=k,
        )


ALLOWED = {
    ("account", "industry"): INDUSTRIES,
    ("account", "type"): ACCOUNT_TYPES,
    ("account", "rating"): RATINGS,
    ("lead", "status"): LEAD_STATUSES,
    ("lead", "lead_source"): LEAD_SOURCES,
    ("lead", "rating"): RATINGS,
}


def _allowed(obj: str, field: str, bad: str) -> list[Match]:
    """Naming two of the field's allowed values (none a word of the refused value, nor "Other") gives the
    reason: the value is not on the list."""
    taken = set(words(bad)) | {"other"}
    values = [v for v in ALLOWED[(obj, field)] if not set(words(v)) & taken][:2]
    return [mentions.all_of(*(mentions.record(name=v) for v in values))] if len(values) == 2 else []


class RefuseConvertedLead(Family):
    name = "crm.refuse-converted-lead"
    version = 3  # v2: the refusal names its reason; v3: the reason read as a concept in any wording
    apps = ("crm",)
    splits = ("test",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-crm-team"
    summary = "refusal (test only): convert again, or change, a lead that was already converted"

    def build(self, d: Draw) -> Spec:
        lead = d.pick("lead", leads(d, "l.is_converted = 1"), key="id")
        ref, lookup = lead_ref(d, lead)
        again = d.chance(0.5)
        if again:
            phrasings = [
                f"Convert {ref} into an account, contact and opportunity.",
                f"{ref[0].upper() + ref[1:]} is qualified now — please convert it.",
                f"Please run the lead conversion for {ref}, with an opportunity.",
                f"Convert {ref} onto a new account, today.",
                f"Time to convert {ref}. Create the opportunity too.",
            ]
            text = (
                f"I can't convert {ref}: it was already converted, and a converted lead cannot be "
                "converted again."
            )
        else:
            status = d.choice(["Working - Contacted", "Open - Not Contacted"])
            phrasings = [
                f"Set the status of {ref} back to {status}.",
                f"Reopen {ref}: change its status to {status}.",
                f"Please mark {ref} as {status} again; sales wants to work it.",
                f"{ref[0].upper() + ref[1:]} should be {status}. Update the lead.",
                f"Change {ref}'s lead status to {status}.",
            ]
            text = f"I can't change {ref}: it was already converted, and a converted lead is read-only."
        prompt, k = phrase(d, phrasings)
        return Spec(
            prompt=prompt,
            oracle=[*lookup, step("crm_get_lead", lead_id=lead["id"]), *answer_steps(text)],
            expect=[
                Expectation(table="crm_lead", op="unchanged", pk=lead["id"]),
                Expectation(table="crm_contact", op="unchanged", pk=lead["converted_contact_id"]),
            ],
            answer=AnswerSpec(refusal=True, because=mentions.reason("already_converted")),
            ui_oracle=ui_answer(text),
            tags=["lead", "conversion", "refusal"],
            phrasing=k,
        )


FAMILIES = [LeadStatus(), ConvertLeadExisting(), RefusePicklist(), RefuseConvertedLead()]
