"""Open opportunities: add products to a deal at list price (the amount follows its line items), and
questions about an account's open pipeline. Closing opportunities is left out for now."""

from __future__ import annotations

from mcp_gateway.families.base import Draw, Family, Redraw, Spec, answer_steps, eq, step, ui_answer
from mcp_gateway.tasks.model import Allowance, AnswerSpec, Expectation, Match, UiStep

OPEN_DEALS = """
SELECT o.id, o.name, o.stage_name, o.amount, o.account_id, a.name AS account_name,
       (SELECT coalesce(sum(l.total_price), 0) FROM crm_opportunity_line_item l WHERE l.opportunity_id = o.id)
         AS items_total
FROM crm_opportunity o JOIN crm_account a ON a.id = o.account_id
WHERE o.is_closed = 0 ORDER BY o.id
"""
PRODUCTS = """
SELECT p.id, p.name, p.product_code, e.unit_price FROM crm_product p
JOIN crm_pricebook_entry e ON e.product_id = p.id JOIN crm_pricebook b ON b.id = e.pricebook_id
WHERE b.is_standard = 1 AND e.is_active = 1 AND p.is_active = 1 ORDER BY p.product_code
"""


def money(x: float) -> str:
    return f"${x:,.2f}"


class AddLineItem(Family):
    name = "crm.add-line-item"
    apps = ("crm",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-crm-team"
    summary = "add N units of a product at list price to an open opportunity (amount follows)"

    def build(self, d: Draw) -> Spec:
        pool = d.world.rows(OPEN_DEALS)
        opp = d.pick("account", pool, key="account_id")
        d.note("opportunity", opp["id"])
        same = [r for r in pool if r["account_id"] == opp["account_id"]]
        if sum(1 for r in same if r["name"] == opp["name"]) > 1:
            raise Redraw("the account has two open deals with that name")
        d.distractors = len(same) - 1
        product = d.choice(d.world.rows(PRODUCTS))
        qty = d.choice([1, 2, 3, 5, 8, 10, 12, 20, 25, 40])
        total = qty * product["unit_price"]
        amount = opp["items_total"] + total
        deal = f"the {opp['name']} opportunity ({opp['account_name']})"
        p = product["name"]
        phrasings = [
            f"Add {qty} × {p} at list price to {deal}.",
            f"{opp['account_name']} wants {qty} of {p} on their {opp['name']} deal. Add the line "
            f"item, list price.",
            f"Please put {qty} units of {p} (standard price book) on {deal}.",
            f"Line item for {deal}: {p}, quantity {qty}, no discount.",
            f"Update {deal} with {qty} more {p} at the list price.",
        ]
        k = d.rng.randrange(len(phrasings))
        wrong = next(r for r in pool if r["account_id"] != opp["account_id"])
        standard = d.world.value("SELECT id FROM crm_pricebook WHERE is_standard = 1")
        option = f"{p} ({product['product_code']}) — {money(product['unit_price'])}"
        return Spec(
            prompt=phrasings[k],
            oracle=[
                step("crm_list_opportunities", account_id=opp["account_id"], status="open"),
                step("crm_list_products", search=p),
                step("crm_add_line_item", opportunity_id=opp["id"], product_id=product["id"], quantity=qty),
            ],
            expect=[
                Expectation(
                    table="crm_opportunity_line_item",
                    op="insert",
                    fields={
                        "opportunity_id": eq(opp["id"]),
                        "product_id": eq(product["id"]),
                        "quantity": Match(approx=qty, tol=0.01),
                        "total_price": Match(approx=total, tol=0.01),
                    },
                ),
                Expectation(
                    table="crm_opportunity",
                    op="update",
                    pk=opp["id"],
                    fields={"amount": Match(approx=amount, tol=0.01), "pricebook_id": eq(standard)},
                ),
            ],
            allow=[Allowance(table="crm_opportunity_history", ops=["insert"])],
            ui_oracle=[
                UiStep(goto=f"/opportunities/{opp['id']}/products/new"),
                UiStep(select=("*Product", option)),
                UiStep(fill=("Quantity", str(qty))),
                UiStep(click=("button", "Save")),
                UiStep(expect_text=money(amount)),
            ],
            wrong_record={opp["id"]: wrong["id"]},
            tags=["opportunity", "line-item"],
            phrasing=k,
        )


class AccountOpenPipeline(Family):
    name = "crm.qa-account-pipeline"
    apps = ("crm",)
    splits = ("test",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-crm-team"
    summary = "question (test only): an account's open pipeline — total amount or number of open deals"

    def build(self, d: Draw) -> Spec:
        pool = d.world.rows(OPEN_DEALS)
        opp = d.pick("account", pool, key="account_id")
        mine = [r for r in pool if r["account_id"] == opp["account_id"]]
        for r in mine:
            d.note("opportunity", r["id"])
        a = opp["account_name"]
        if d.chance(0.6):
            value = round(sum(r["amount"] or 0 for r in mine), 2)
            answer, match = f"{value:.2f}", Match(approx=value, tol=0.01)
            phrasings = [
                f"What is the total amount of {a}'s open opportunities?",
                f"How much open pipeline do we have with {a}? (sum of the open deals' amounts)",
                f"Add up the amounts of every open opportunity of {a} and tell me the total.",
                f"{a}: total value of the deals that are still open?",
                f"I need {a}'s open pipeline in dollars.",
            ]
        else:
            answer, match = str(len(mine)), Match(approx=len(mine), tol=0.4)
            phrasings = [
                f"How many open opportunities does {a} have?",
                f"Count the deals of {a} that are not closed yet.",
                f"{a} — how many open opportunities are there?",
                f"Number of open deals on the account {a}?",
                f"Tell me how many opportunities of {a} are still open.",
            ]
        k = d.rng.randrange(len(phrasings))
        return Spec(
            prompt=phrasings[k],
            oracle=[
                step("crm_list_accounts", search=a),
                step("crm_list_opportunities", account_id=opp["account_id"], status="open"),
                *answer_steps(answer),
            ],
            answer=AnswerSpec(match=match),
            ui_oracle=ui_answer(answer),
            tags=["question", "opportunity", "pipeline"],
            phrasing=k,
            records=len(mine) + 1,
        )


FAMILIES = [AddLineItem(), AccountOpenPipeline()]
