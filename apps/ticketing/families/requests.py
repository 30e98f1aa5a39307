"""Service catalog orders for an employee (named, by e-mail, or as the caller of an incident), with the
item's variables answered; the manager approves an item that needs approval, others go straight to
fulfilment. More than ten of an item is against the catalog's rule and must be refused."""

from __future__ import annotations

from typing import Any

from tasks.families import mentions
from tasks.families.base import Draw, Family, Redraw, Spec, answer_steps, eq, step, ui_answer
from tasks.match_model import Match
from tasks.truth_model import Allowance, AnswerSpec, Expectation, UiStep

# values for the free-text and date variables of the catalog (choice variables take one of their choices)
ANSWERS = {
    "budget": ["500", "1200", "250"],
    "room": ["Boardroom 3", "Harbor Room", "Training Room B"],
    "database": ["db-erp-01", "db-bidash-01", "db-crm-02"],
    "list_name": ["emea-field-sales", "project-orion", "finance-close"],
    "start_date": ["2026-11-16", "2026-12-01"],
    "department": ["Finance", "Engineering", "Marketing"],
    "last_day": ["2026-11-27", "2026-12-18"],
    "mailbox_name": ["accounts-payable", "events-team", "supplier-onboarding"],
    "justification": ["Replacing a laptop that no longer charges.", "New starter in the team next month."],
    "reason": ["Working from client sites next quarter.", "On-call duty from home."],
}
EMPLOYEES = """
SELECT u.sys_id, u.name, u.email, u.manager, u.department FROM ticketing_sys_user u
WHERE u.active = 1 AND u.email LIKE '%@acme.example' AND u.manager IS NOT NULL ORDER BY u.sys_id
"""


def _variables(d: Draw, item: dict[str, Any]) -> list[tuple[dict[str, Any], str]]:
    """The item's variables the order answers (mandatory ones and choices), with their values."""
    rows = d.world.rows(
        "SELECT sys_id, name, question_text, type, mandatory, choices FROM ticketing_item_option_new "
        'WHERE cat_item = ? ORDER BY "order", name',
        item["sys_id"],
    )
    out = []
    for v in rows:
        if v["type"] == 5:
            out.append((v, d.choice(v["choices"].split("|"))))
        elif v["mandatory"]:
            if v["name"] not in ANSWERS:
                raise Redraw(f"no answer for the variable {v['name']}")
            out.append((v, d.choice(ANSWERS[v["name"]])))
    return out


def _person_ref(d: Draw, who: dict[str, Any]) -> tuple[str, list]:
    """How the prompt names the employee, and the lookup an agent needs."""
    how = d.choice(["name", "email", "caller"])
    if how == "caller":
        incs = d.world.rows(
            "SELECT number FROM ticketing_incident WHERE caller_id = ? ORDER BY opened_at DESC, number",
            who["sys_id"],
        )
        if incs:
            n = incs[0]["number"]
            return f"the caller of {n}", [step("ticketing_get_incident", incident_id=n)]
        how = "name"
    if how == "name":
        same = d.world.value("SELECT COUNT(*) FROM ticketing_sys_user WHERE name = ?", who["name"])
        if same > 1:
            raise Redraw("two users share the name")
        return who["name"], [step("ticketing_list_users", search=who["name"])]
    return who["email"], []


class CatalogOrder(Family):
    name = "ticketing.catalog-order"
    answers = True  # its refusal variant ends with an answer
    version = 3  # v2: the refusal names its reason; v3: the reason read as a concept in any wording
    apps = ("ticketing",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-itsm-team"
    summary = (
        "order a catalog item for an employee (by name, e-mail or as an incident's caller) with its "
        "variables answered; manager approval or fulfilment follows; refusal: more than ten"
    )

    def build(self, d: Draw) -> Spec:
        who = d.pick("caller", d.world.rows(EMPLOYEES))
        items = d.world.rows(
            "SELECT sys_id, name, price, approval_required, [group] FROM ticketing_sc_cat_item "
            "WHERE active = 1 ORDER BY name"
        )
        item = d.choice(items)
        answers = _variables(d, item)
        ref, lookup = _person_ref(d, who)
        too_many = d.chance(0.15)
        qty = d.choice([12, 15, 25]) if too_many else d.choice([1, 1, 2, 3])
        said = "; ".join(f"{v['question_text']}: {value}" for v, value in answers)
        details = f" ({said})" if said else ""
        what = f"{qty} × {item['name']}" if qty > 1 else f"one {item['name']}"
        phrasings = [
            f"Please order {what} for {ref}{details}.",
            f"Request for {ref}: they need {what}{details}. Raise the catalog request on their behalf.",
            f"Service catalog: {item['name']}, quantity {qty}, requested for {ref}{details}.",
            f"Can you put in a request for {what} for {ref}?{details}",
            f"Order Now: {item['name']} × {qty} for {ref}{details}.",
        ]
        k = d.rng.randrange(len(phrasings))
        oracle = [*lookup, step("ticketing_get_catalog_item", item_id=item["name"])]
        if too_many:
            text = f"I can't order {qty} {item['name']}: the catalog allows at most 10 per request."
            return Spec(
                prompt=phrasings[k],
                oracle=oracle + answer_steps(text),
                expect=[],
                answer=AnswerSpec(
                    refusal=True,
                    because=mentions.reason("over_limit", entities=[mentions.number(10)]),
                ),
                ui_oracle=ui_answer(text),
                tags=["catalog", "request", "refusal"],
                phrasing=k,
            )
        args: dict[str, Any] = {"item_id": item["name"], "requested_for": who["email"], "quantity": qty}
        if answers:
            args["variables"] = [f"{v['name']}={value}" for v, value in answers]
        oracle.append(step("ticketing_order_catalog_item", **args))
        approval = bool(item["approval_required"])
        expect = [
            Expectation(
                table="ticketing_sc_request",
                op="insert",
                fields={"requested_for": eq(who["sys_id"]), "price": Match(approx=item["price"] * qty)},
            ),
            Expectation(
                table="ticketing_sc_req_item",
                op="insert",
                fields={
                    "cat_item": eq(item["sys_id"]),
                    "requested_for": eq(who["sys_id"]),
                    "quantity": eq(qty),
                    "approval": eq("requested" if approval else "not requested"),
                    "stage": eq("waiting_for_approval" if approval else "fulfillment"),
                },
            ),
            *(
                Expectation(
                    table="ticketing_sc_item_option",
                    op="insert",
                    fields={"item_option_new": eq(v["sys_id"]), "value": eq(value)},
                )
                for v, value in answers
            ),
        ]
        if approval:
            expect.append(
                Expectation(
                    table="ticketing_sysapproval_approver",
                    op="insert",
                    fields={"approver": eq(who["manager"]), "state": eq("requested")},
                )
            )
        else:
            expect.append(
                Expectation(
                    table="ticketing_sc_task", op="insert", fields={"assignment_group": eq(item["group"])}
                )
            )
        ui = [UiStep(goto="/catalog"), UiStep(click=("link", item["name"]))]
        for v, value in answers:
            ui.append(
                UiStep(select=(v["question_text"], value))
                if v["type"] == 5
                else UiStep(fill=(v["question_text"], value))
            )
        ui += [
            UiStep(fill=("Requested for", who["email"])),
            UiStep(select=("Quantity", str(qty))),
            UiStep(click=("button", "Order Now")),
            UiStep(expect_text=item["name"]),
        ]
        others = d.world.rows(EMPLOYEES)
        wrong = others[(others.index(who) + 1) % len(others)]
        return Spec(
            prompt=phrasings[k],
            oracle=oracle,
            expect=expect,
            allow=[Allowance(table="ticketing_sysapproval_approver", ops=["insert"])],
            ui_oracle=ui,
            wrong_record={who["email"]: wrong["email"]},
            tags=["catalog", "request"] + (["approval"] if approval else ["fulfilment"]),
            phrasing=k,
        )


FAMILIES = [CatalogOrder()]
