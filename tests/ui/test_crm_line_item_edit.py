"""An opportunity's Products related list in real Chromium: a row's Edit changes the line item's Quantity
and Sales Price through update_line_item (total and amount recomputed); a value the action refuses is
shown at its field, Salesforce-style, and changes nothing."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.ui.test_accessibility import _violations


def _opportunity_with_product(episode):
    opp = episode.call("crm_list_opportunities", limit=1)["records"][0]
    product = episode.call("crm_list_products", limit=1)["records"][0]
    item = episode.call(
        "crm_add_line_item", opportunity_id=opp["id"], product_id=product["id"], quantity=2, unit_price=100
    )
    rows = episode.call("crm_get_opportunity", opportunity_id=opp["id"])["line_items"]
    return opp["id"], next(li for li in rows if li["id"] == item["id"])


def test_edit_changes_quantity_and_sales_price(crm):
    episode, page, ui = crm
    opp, item = _opportunity_with_product(episode)
    page.goto(ui(f"/opportunities/{opp}"))
    products = page.get_by_role("region", name="Products")
    products.get_by_role("link", name=f"Edit {item['product_name']}").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Edit {item['product_name']}")
    expect(page.get_by_label("Quantity")).to_have_value("2")
    page.get_by_label("Quantity").fill("5")
    page.get_by_label("Sales Price").fill("80")
    page.get_by_role("button", name="Save", exact=True).click()

    expect(page.get_by_role("status").first).to_contain_text("was saved")
    expect(products).to_contain_text("$400.00")
    tried = [e for e in episode.events() if e.kind == "action" and e.name == "update_line_item"]
    assert (tried[-1].surface, tried[-1].outcome) == ("ui", "ok")
    assert float(tried[-1].args["quantity"]) == 5 and float(tried[-1].args["unit_price"]) == 80
    data = episode.call("crm_get_opportunity", opportunity_id=opp)
    row = next(li for li in data["line_items"] if li["id"] == item["id"])
    assert (row["quantity"], row["unit_price"], row["total_price"]) == (5, 80, 400)
    assert data["opportunity"]["amount"] == sum(li["total_price"] for li in data["line_items"])


def test_edit_refuses_a_zero_quantity_and_changes_nothing(crm):
    episode, page, ui = crm
    opp, item = _opportunity_with_product(episode)
    page.goto(ui(f"/opportunities/{opp}/products/{item['id']}/edit"))
    before = episode.state_hash()
    page.get_by_label("Quantity").fill("0")
    page.get_by_role("button", name="Save", exact=True).click()

    expect(page.get_by_role("alert")).to_contain_text("greater than 0")
    expect(page.get_by_label("Quantity")).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_label("Quantity")).to_have_value("0")  # the typed value stays
    assert episode.state_hash() == before
    assert _violations(page) == []  # axe over the refusal shown: no serious or critical


def test_an_opportunity_with_products_shows_its_amount_read_only_in_edit(crm):
    """CUA probe (s12): Edit Opportunity took a new Amount on a deal with products, said "was saved" and kept
    the products' sum. As in Salesforce, the Amount is read-only once products set it; without products it is
    a field to type in."""
    episode, page, ui = crm
    opp, _ = _opportunity_with_product(episode)
    amount = episode.call("crm_get_opportunity", opportunity_id=opp)["opportunity"]["amount"]
    page.goto(ui(f"/opportunities/{opp}/edit"))
    form = page.locator("form.modal-form")
    expect(form.get_by_role("textbox", name="Amount")).to_have_count(0)
    expect(form.locator(".readonly-field", has_text="Amount")).to_contain_text(f"{amount:,.0f}")
    form.get_by_label("Next Step").fill("Send the revised quote")
    form.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("status")).to_contain_text("was saved")
    saved = episode.call("crm_get_opportunity", opportunity_id=opp)["opportunity"]
    assert (saved["next_step"], saved["amount"]) == ("Send the revised quote", amount)
    bare = next(
        o
        for o in episode.call("crm_list_opportunities", limit=50)["records"]
        if o["id"] != opp and not episode.call("crm_get_opportunity", opportunity_id=o["id"])["line_items"]
    )
    page.goto(ui(f"/opportunities/{bare['id']}/edit"))
    expect(page.locator("form.modal-form").get_by_role("textbox", name="Amount")).to_have_count(1)
