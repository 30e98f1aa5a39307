"""Deals: products with price-book arithmetic (add, change, remove), moving between open stages and
reassigning an account's open deals."""

from __future__ import annotations

from typing import Any

from apps.crm.families.common import (
    HISTORY,
    account_ref,
    accounts,
    open_opps_of,
    opportunities,
    other,
    phrase,
    sellers,
)
from apps.crm.families.pricebook import (
    STANDARD,
    add_products_ui,
    amount_match,
    items_of,
    new_product,
    one_item,
    pick_deal,
    total,
    with_items,
    wrong_opp,
)
from apps.crm.picklists import OPEN_STAGES, STAGES_BY_NAME
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.families.batch import COUNTS, PAIRS, intros, several
from tasks.match_model import Match
from tasks.truth_model import Expectation, UiStep


class AddLineItem(Family):
    name = "crm.add-line-item"
    version = 3  # v2: the batch knob (several()); v3: Add Products in two steps (tick, Next, the grid)
    apps = ("crm",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-crm-team"
    summary = (
        "add a product (quantity, optional discount) to an open deal at its price book's list price (or a"
        " batch of 2–3)"
    )

    def build(self, d: Draw) -> Spec:
        return several(d, self.one, d.choice(PAIRS), intros("product"))

    def one(self, d: Draw) -> Spec:
        """One request, drawn with its own preconditions (build may batch several)."""
        deal, opps, ref, lookup = pick_deal(d)
        book = deal["pricebook_id"] or STANDARD
        entry, qty = new_product(d, deal)
        discount = d.choice([None, None, 5, 10, 15, 20])
        line = total(entry["unit_price"], qty, discount)
        amount = round(sum(i["total_price"] for i in items_of(d, deal["id"])) + line, 2)
        off = f" with a {discount}% discount" if discount else " at list price"
        p = entry["name"]
        phrasings = [
            f"Add {qty} × {p}{off} to {ref}.",
            f"The customer wants {qty} of {p}. Put them on {ref}{off}.",
            f"Please add the product {p} (quantity {qty}){off} to {ref}.",
            f"Line item needed on {ref}: {p}, qty {qty}{off}.",
            f"Update the products of {ref}: add {qty} units of {p}{off}; the amount should follow.",
        ]
        prompt, k = phrase(d, phrasings)
        args: dict[str, Any] = {
            "opportunity_id": deal["id"],
            "product_id": entry["product_id"],
            "quantity": qty,
        }
        item = {
            "opportunity_id": eq(deal["id"]),
            "product_id": eq(entry["product_id"]),
            "quantity": amount_match(qty),
            "total_price": amount_match(line),
        }
        if discount:
            args["discount"] = discount
            item["discount"] = amount_match(discount)
        opp_fields = {"amount": amount_match(amount)}
        if deal["pricebook_id"] is None:
            opp_fields["pricebook_id"] = eq(STANDARD)
        return Spec(
            prompt=prompt,
            oracle=[
                *lookup,
                step("crm_get_opportunity", opportunity_id=deal["id"]),
                step("crm_list_pricebook_entries", pricebook_id=book, search=p),
                step("crm_add_line_item", **args),
            ],
            expect=[
                Expectation(table="crm_opportunity_line_item", op="insert", fields=item),
                Expectation(table="crm_opportunity", op="update", pk=deal["id"], fields=opp_fields),
            ],
            allow=[HISTORY],
            ui_oracle=[
                *add_products_ui(deal["id"], p, qty, discount),
                UiStep(expect_text=f"${amount:,.2f}"),
            ],
            wrong_record={deal["id"]: wrong_opp(d, opps, deal)},
            tags=["opportunity", "products", "amount"],
            phrasing=k,
        )


class UpdateLineItem(Family):
    name = "crm.update-line-item"
    version = 3  # v2: the batch knob (several()); v3: a UI oracle (the Products row's Edit)
    apps = ("crm",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-crm-team"
    summary = (
        "change the quantity or the discount of one product on an open deal (the amount follows; or a batch"
        " of 2–3)"
    )

    def build(self, d: Draw) -> Spec:
        return several(d, self.one, d.choice(PAIRS), intros("product"))

    def one(self, d: Draw) -> Spec:
        """One request, drawn with its own preconditions (build may batch several)."""
        deal, opps, ref, lookup = pick_deal(d, "items")
        items, item, rest = one_item(d, deal)
        p = item["product_name"]
        if d.chance(0.5):
            qty = d.choice([q for q in (1, 2, 4, 6, 10, 15, 30, 50) if q != item["quantity"]])
            change, said = {"quantity": qty}, f"change the quantity of {p} to {qty}"
            new = total(item["unit_price"], qty, item["discount"])
            typed = ("Quantity", str(qty))
        else:
            disc = d.choice([v for v in (5, 10, 12, 20, 25) if v != item["discount"]])
            change, said = {"discount": disc}, f"give {p} a {disc}% discount"
            new = total(item["unit_price"], item["quantity"], disc)
            typed = ("Discount (%)", str(disc))
        amount = round(sum(i["total_price"] for i in items if i["id"] != item["id"]) + new, 2)
        phrasings = [
            f"On {ref}, {said}.",
            f"Please {said} on {ref}; the deal amount should follow.",
            f"Negotiation update for {ref}: {said}.",
            f"Rework the products of {ref}: {said}. Nothing else changes.",
            f"The customer agreed — {said} on {ref}.",
        ]
        prompt, k = phrase(d, phrasings)
        fields = {f: amount_match(v) for f, v in change.items()} | {"total_price": amount_match(new)}
        return Spec(
            prompt=prompt,
            oracle=[
                *lookup,
                step("crm_get_opportunity", opportunity_id=deal["id"]),
                step("crm_update_line_item", line_item_id=item["id"], **change),
            ],
            expect=[
                Expectation(table="crm_opportunity_line_item", op="update", pk=item["id"], fields=fields),
                Expectation(
                    table="crm_opportunity",
                    op="update",
                    pk=deal["id"],
                    fields={"amount": amount_match(amount)},
                ),
            ],
            allow=[HISTORY],
            ui_oracle=[
                UiStep(goto=f"/opportunities/{deal['id']}"),
                UiStep(click=("link", f"Edit {p}")),
                UiStep(fill=typed),
                UiStep(click=("button", "Save")),
                UiStep(expect_text=f"${amount:,.2f}"),
            ],
            wrong_record={item["id"]: (rest or items_of(d, wrong_opp(d, with_items(d), deal)))[0]["id"]},
            tags=["opportunity", "products", "amount"],
            phrasing=k,
        )


class RemoveLineItem(Family):
    name = "crm.remove-line-item"
    version = 3  # v2: the batch knob (several()); v3: a UI oracle (the Products row's Remove)
    apps = ("crm",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-crm-team"
    summary = (
        "remove one product from an open deal with several (the amount becomes the rest's total; or a batch"
        " of 2–3)"
    )

    def build(self, d: Draw) -> Spec:
        return several(d, self.one, d.choice(PAIRS), intros("product"))

    def one(self, d: Draw) -> Spec:
        """One request, drawn with its own preconditions (build may batch several)."""
        deal, opps, ref, lookup = pick_deal(d, "several")
        items, item, rest = one_item(d, deal)
        p = item["product_name"]
        amount = round(sum(i["total_price"] for i in rest), 2)
        phrasings = [
            f"Remove {p} from {ref}.",
            f"The customer dropped {p}. Take it off {ref}.",
            f"Please delete the {p} line item on {ref}; keep the other products.",
            f"{ref[0].upper() + ref[1:]} should no longer include {p}.",
            f"Products change on {ref}: {p} is out, the rest stays.",
        ]
        prompt, k = phrase(d, phrasings)
        return Spec(
            prompt=prompt,
            oracle=[
                *lookup,
                step("crm_get_opportunity", opportunity_id=deal["id"]),
                step("crm_remove_line_item", line_item_id=item["id"]),
            ],
            expect=[
                Expectation(table="crm_opportunity_line_item", op="delete", pk=item["id"]),
                Expectation(
                    table="crm_opportunity",
                    op="update",
                    pk=deal["id"],
                    fields={"amount": amount_match(amount)},
                ),
                *[Expectation(table="crm_opportunity_line_item", op="unchanged", pk=i["id"]) for i in rest],
            ],
            allow=[HISTORY],
            ui_oracle=[
                UiStep(goto=f"/opportunities/{deal['id']}"),
                UiStep(click=("button", f"Remove {p}")),
                UiStep(expect_text=f"${amount:,.2f}"),
            ],
            wrong_record={item["id"]: rest[0]["id"]},
            tags=["opportunity", "products", "amount"],
            phrasing=k,
        )


NEXT_STEPS = [
    "Send pricing to procurement",
    "Book technical deep-dive",
    "Confirm budget with CFO",
    "Get legal review started",
    "Share the pilot plan",
]


class AdvanceStage(Family):
    name = "crm.advance-stage"
    version = 4  # v2: the batch knob; v3: a UI oracle (the Edit form); v4: the path marks the stage
    apps = ("crm",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-crm-team"
    summary = (
        "move an open deal to another open stage (next step text, custom probability as knobs)"
        " (or a batch of 3–4)"
    )

    def build(self, d: Draw) -> Spec:
        return several(d, self.one, d.choice(COUNTS), intros("deal"))

    def one(self, d: Draw) -> Spec:
        """One request, drawn with its own preconditions (build may batch several)."""
        deal, opps, ref, lookup = pick_deal(d)
        here = OPEN_STAGES.index(deal["stage_name"])
        forward = d.chance(0.75) and here + 1 < len(OPEN_STAGES)
        stage = (
            OPEN_STAGES[here + 1]
            if forward
            else d.choice([s for s in OPEN_STAGES if s != deal["stage_name"]])
        )
        how = "the next stage" if forward and d.chance(0.4) else stage
        args: dict[str, Any] = {"opportunity_id": deal["id"], "stage_name": stage}
        st = STAGES_BY_NAME[stage]
        fields: dict[str, Match] = {"stage_name": eq(stage), "forecast_category": eq(st.forecast_category)}
        ui = [UiStep(goto=f"/opportunities/{deal['id']}/edit"), UiStep(select=("Stage", stage))]
        extra = ""
        if d.chance(0.3):
            prob = d.choice([p for p in (15, 25, 35, 45, 55, 65, 80, 85) if p != st.probability])
            args["probability"] = prob
            fields["probability"] = eq(prob)
            extra += f" with a probability of {prob}%"
            ui.append(UiStep(fill=("Probability (%)", str(prob))))
        else:
            fields["probability"] = eq(st.probability)
        if d.chance(0.5):
            nxt = d.choice(NEXT_STEPS)
            args["next_step"] = nxt
            fields["next_step"] = Match(text=nxt)
            extra += f'; next step: "{nxt}"'
            ui.append(UiStep(fill=("Next Step", nxt)))
        phrasings = [
            f"Move {ref} to {how}{extra}.",
            f"Good news on {ref} — advance it to {how}{extra}.",
            f"Please update the stage of {ref}: {how}{extra}.",
            f"{ref[0].upper() + ref[1:]} should now be in {how}{extra}.",
            f"Pipeline review: set {ref} to {how}{extra}.",
        ]
        prompt, k = phrase(d, phrasings)
        if how == "the next stage":
            lookup.append(step("crm_get_opportunity", opportunity_id=deal["id"]))
        return Spec(
            prompt=prompt,
            oracle=[*lookup, step("crm_update_opportunity", **args)],
            expect=[Expectation(table="crm_opportunity", op="update", pk=deal["id"], fields=fields)],
            allow=[HISTORY],
            ui_oracle=[
                *ui,
                UiStep(click=("button", "Save")),
                UiStep(expect_text=f'aria-current="step" title="{stage}"'),
            ],
            wrong_record={deal["id"]: wrong_opp(d, opps, deal)},
            tags=["opportunity", "stage"],
            phrasing=k,
        )


class ReassignOpenDeals(Family):
    name = "crm.reassign-open-deals"
    version = 2  # v2: a UI oracle (each open deal's Change Owner page)
    apps = ("crm",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-crm-team"
    summary = "give every open deal of an account (two to seven) to another rep; closed deals stay"

    def build(self, d: Draw) -> Spec:
        pool = accounts(
            d,
            "a.id IN (SELECT account_id FROM crm_opportunity WHERE is_closed = 0 GROUP BY account_id "
            "HAVING count(*) >= 2)",
        )
        acc = d.pick("account", pool, key="id")
        opps = open_opps_of(d, acc["id"])
        rep = d.choice(sellers(d))
        moving = [o for o in opps if o["owner_id"] != rep["id"]]
        if len(moving) < 2:
            raise Redraw("the rep already owns the deals")
        for o in opps:
            d.note("opportunity", o["id"])
        closed = opportunities(d, "o.account_id = ? AND o.is_closed = 1", acc["id"])
        ref, lookup = account_ref(d, acc)
        phrasings = [
            f"{rep['name']} is taking over {ref}'s open deals. Reassign all of its open opportunities "
            "to them; closed ones stay as they are.",
            f"Please make {rep['name']} the owner of every open opportunity of {ref} (leave closed "
            "deals alone).",
            f"Territory change: all open deals on {ref} go to {rep['name']}.",
            f"Reassign {ref}'s open pipeline to {rep['name']} — each open opportunity, not the closed ones.",
            f"Change the owner of the open opportunities of {ref} to {rep['name']}.",
        ]
        prompt, k = phrase(d, phrasings)
        oracle = [
            *lookup,
            step("crm_list_users", search=rep["name"]),
            step("crm_list_opportunities", account_id=acc["id"], status="open"),
            *[step("crm_update_opportunity", opportunity_id=o["id"], owner_id=rep["id"]) for o in moving],
        ]
        expect = [
            Expectation(table="crm_opportunity", op="update", pk=o["id"], fields={"owner_id": eq(rep["id"])})
            for o in moving
        ]
        expect += [Expectation(table="crm_opportunity", op="unchanged", pk=o["id"]) for o in closed]
        far = other(opportunities(d, "o.is_closed = 0"), moving[0])
        return Spec(
            prompt=prompt,
            oracle=oracle,
            expect=expect,
            ui_oracle=[
                u
                for o in moving
                for u in (
                    UiStep(goto=f"/opportunities/{o['id']}/owner"),
                    UiStep(fill=("Owner", rep["name"])),
                    UiStep(click=("button", "Change Owner")),
                    UiStep(expect_text="was saved."),
                )
            ],
            wrong_record={moving[0]["id"]: far["id"]},
            tags=["opportunity", "owner", "bulk"],
            phrasing=k,
        )


FAMILIES = [
    AddLineItem(),
    UpdateLineItem(),
    RemoveLineItem(),
    AdvanceStage(),
    ReassignOpenDeals(),
]
