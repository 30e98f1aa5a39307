"""Products, price books and line items: totals, discount, amount roll-up, closed opportunities."""

from __future__ import annotations


def test_catalog(crm):
    products = crm.ok("list_products")["records"]
    assert products and all(p["is_active"] for p in products)
    assert all(p["list_price"] is not None for p in products)
    books = crm.ok("list_pricebooks")["records"]
    assert books[0]["is_standard"]
    page = crm.ok("list_pricebook_entries")
    assert page["pricebook_id"] == books[0]["id"] and page["records"][0]["product_name"]
    crm.refused("list_products", "family", "Software", family="Food")


def test_line_items_with_discount_roll_up_amount(crm):
    opp = crm.opportunity(amount=999)
    e1, e2 = crm.entries()[:2]
    i1 = crm.ok("add_line_item", opportunity_id=opp["id"], product_id=e1["product_id"], quantity=3)
    assert i1["unit_price"] == e1["unit_price"] and i1["total_price"] == round(e1["unit_price"] * 3, 2)
    i2 = crm.ok(
        "add_line_item",
        opportunity_id=opp["id"],
        pricebook_entry_id=e2["id"],
        quantity=2,
        unit_price=99.99,
        discount=12.5,
    )
    assert i2["total_price"] == round(99.99 * 2 * (1 - 0.125), 2)
    detail = crm.ok("get_opportunity", opportunity_id=opp["id"])
    assert detail["opportunity"]["amount"] == round(i1["total_price"] + i2["total_price"], 2)
    assert detail["opportunity"]["pricebook_id"] == crm.ok("list_pricebooks")["records"][0]["id"]
    assert [li["product_name"] for li in detail["line_items"]] == [e1["product_name"], e2["product_name"]]
    assert [h["amount"] for h in detail["stage_history"]] == [
        999,
        i1["total_price"],
        detail["opportunity"]["amount"],
    ]
    up = crm.ok("update_line_item", line_item_id=i2["id"], quantity=4, discount=0)
    assert up["discount"] is None and up["total_price"] == round(99.99 * 4, 2)
    # Salesforce keeps the rolled-up amount and saves the rest of the call
    kept = crm.ok("update_opportunity", opportunity_id=opp["id"], amount=5, next_step="Call back")
    assert (
        kept["amount"] == round(i1["total_price"] + up["total_price"], 2) and kept["next_step"] == "Call back"
    )
    crm.ok("remove_line_item", line_item_id=i1["id"])
    assert crm.ok("get_opportunity", opportunity_id=opp["id"])["opportunity"]["amount"] == up["total_price"]
    crm.ok("remove_line_item", line_item_id=i2["id"])
    last = crm.ok("get_opportunity", opportunity_id=opp["id"])
    assert last["opportunity"]["amount"] == 0.0 and last["line_items"] == []
    assert len(last["stage_history"]) == 6


def test_closed_won_with_line_items(crm):
    opp = crm.opportunity()
    crm.refused(
        "update_opportunity",
        "amount",
        "Amount greater than 0",
        opportunity_id=opp["id"],
        stage_name="Closed Won",
    )
    entry = crm.entries()[0]
    item = crm.ok("add_line_item", opportunity_id=opp["id"], pricebook_entry_id=entry["id"], quantity=2)
    won = crm.ok("update_opportunity", opportunity_id=opp["id"], stage_name="Closed Won")
    assert won["is_won"] and won["amount"] == item["total_price"]
    # a closed opportunity's products change like an open one's ...
    more = crm.ok("add_line_item", opportunity_id=opp["id"], pricebook_entry_id=entry["id"], quantity=1)
    crm.ok("update_line_item", line_item_id=item["id"], quantity=5)
    crm.ok("remove_line_item", line_item_id=more["id"])
    detail = crm.ok("get_opportunity", opportunity_id=opp["id"])["opportunity"]
    assert detail["amount"] == round(entry["unit_price"] * 5, 2) and detail["is_won"]
    # ... as long as the org's rule holds: a won deal cannot lose its last product (amount 0)
    crm.refused("remove_line_item", "amount", "Amount greater than 0", line_item_id=item["id"])


def test_line_item_rules(crm):
    opp = crm.opportunity()
    entry = crm.entries()[0]
    oid = opp["id"]
    crm.refused("add_line_item", "product_id", "exactly one", opportunity_id=oid, quantity=1)
    crm.refused(
        "add_line_item",
        "product_id",
        "exactly one",
        opportunity_id=oid,
        quantity=1,
        product_id=entry["product_id"],
        pricebook_entry_id=entry["id"],
    )
    crm.refused(
        "add_line_item",
        "quantity",
        "greater than 0",
        opportunity_id=oid,
        quantity=0,
        product_id=entry["product_id"],
    )
    crm.refused(
        "add_line_item",
        "discount",
        "between 0 and 100",
        opportunity_id=oid,
        quantity=1,
        product_id=entry["product_id"],
        discount=150,
    )
    crm.refused(
        "add_line_item",
        "unit_price",
        "at least 0",
        opportunity_id=oid,
        quantity=1,
        product_id=entry["product_id"],
        unit_price=-1,
    )
    crm.refused(
        "add_line_item",
        "pricebook_entry_id",
        "no price book entry",
        opportunity_id=oid,
        quantity=1,
        pricebook_entry_id="01uZZZZZZZZZZZZ",
    )
    crm.refused(
        "add_line_item",
        "opportunity_id",
        "no Opportunity",
        opportunity_id="006ZZZZZZZZZZZZ",
        quantity=1,
        product_id=entry["product_id"],
    )


def test_entry_must_be_in_the_opportunitys_book(crm):
    books = crm.ok("list_pricebooks")["records"]
    partner = next(b for b in books if not b["is_standard"])
    partner_entry = crm.ok("list_pricebook_entries", pricebook_id=partner["id"])["records"][0]
    opp = crm.opportunity()
    crm.ok("add_line_item", opportunity_id=opp["id"], product_id=partner_entry["product_id"], quantity=1)
    crm.refused(
        "add_line_item",
        "pricebook_entry_id",
        "not in this opportunity's price book",
        opportunity_id=opp["id"],
        pricebook_entry_id=partner_entry["id"],
        quantity=1,
    )


def test_inactive_entries_are_refused(crm, episode):
    entries = crm.ok("list_pricebook_entries", active_only=False, limit=200)["records"]
    inactive = [e for e in entries if not e["is_active"]]
    opp = crm.opportunity()
    for entry in inactive[:1]:
        crm.refused(
            "add_line_item",
            "pricebook_entry_id",
            "inactive",
            opportunity_id=opp["id"],
            pricebook_entry_id=entry["id"],
            quantity=1,
        )
