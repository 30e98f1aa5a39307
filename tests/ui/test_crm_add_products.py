"""Add Products as Lightning's two-step modal, in real Chromium: step 1 searches the price book and ticks
products in a table (Product Name, Product Code, List Price, Product Description, Product Family); Next opens
"Edit Selected Products", a grid of the ticked products (Quantity, Sales Price, ...); Back keeps the ticks;
Save adds each row through add_line_item (a refused row stays in the grid with the reason)."""

from __future__ import annotations

from playwright.sync_api import expect


def test_two_steps_tick_then_grid_then_save(crm):
    episode, page, ui = crm
    opp = episode.call("crm_list_opportunities", limit=1)["records"][0]["id"]
    entries = episode.call("crm_list_pricebook_entries", limit=2)["records"]
    first, second = entries[0], entries[1]
    page.goto(ui(f"/opportunities/{opp}/products/new"))
    dialog = page.get_by_role("dialog", name="Add Products")
    table = dialog.get_by_role("table", name="Products")
    headers = table.locator("thead th").all_inner_texts()
    columns = ["Product Name", "Product Code", "List Price", "Product Description", "Product Family"]
    assert headers[1:] == columns
    dialog.get_by_label("Search Products").fill(first["product_code"] or first["product_name"])
    dialog.get_by_label("Search Products").press("Enter")
    expect(table.locator("tbody tr")).to_have_count(1)
    page.get_by_label(f"Select {first['product_name']}").check()
    page.get_by_role("button", name="Next").click()

    grid = page.get_by_role("dialog", name="Edit Selected Products").get_by_role("table")
    expect(grid.get_by_role("rowheader")).to_have_text([first["product_name"]])
    expect(page.get_by_label("Sales Price")).to_have_value(f"{first['unit_price']:.2f}")
    page.get_by_role("link", name="Back").click()  # step 1 again, the tick kept
    expect(page.get_by_label(f"Select {first['product_name']}")).to_be_checked()
    page.get_by_label(f"Select {second['product_name']}").check()
    page.get_by_role("button", name="Next").click()
    expect(grid.get_by_role("rowheader")).to_have_count(2)
    quantities = page.get_by_label("Quantity", exact=True)
    quantities.nth(0).fill("2")
    quantities.nth(1).fill("0")  # refused: quantity must be > 0
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("alert")).to_contain_text(second["product_name"])
    expect(grid.get_by_role("rowheader")).to_have_text([second["product_name"]])  # only the refused row
    page.get_by_label("Quantity", exact=True).fill("3")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status").first).to_contain_text("was created")

    items = episode.call("crm_get_opportunity", opportunity_id=opp)["line_items"]
    added = {li["pricebook_entry_id"]: li["quantity"] for li in items}
    assert added.get(first["id"]) == 2 and added.get(second["id"]) == 3
    saved = [e for e in episode.events() if e.kind == "action" and e.name == "add_line_item"]
    assert {e.surface for e in saved} == {"ui"}
