"""The Service Catalog in a real Chromium, as UI16 has it: the home's category blocks, a category's page, the
search results, an item's order panel (Order Now, Add to Cart), the Shopping Cart widget and page, Check Out
and the Order Status; every order is order_catalog_item on the ui surface."""

from __future__ import annotations

from playwright.sync_api import expect


def _actions(episode, name):
    return [e for e in episode.events() if e.kind == "action" and e.name == name]


def test_home_shows_each_category_with_its_items_and_a_category_page_lists_them(desk):
    episode, page, ui = desk
    page.goto(ui("/"))
    page.get_by_role("link", name="Service Catalog").click()
    everything = episode.call("ticketing_list_catalog_items", limit=200)["records"]
    categories = sorted({i["category"] for i in everything})
    blocks = page.locator(".sc-block")
    expect(blocks).to_have_count(len(categories))
    for item in everything:  # every item is one link on the home page, under its category
        block = page.get_by_role("region", name=item["category"], exact=True)
        expect(block.get_by_role("link", name=item["name"], exact=True)).to_have_count(1)
    expect(page.get_by_role("complementary", name="Shopping Cart")).to_contain_text("Empty")

    category = everything[0]["category"]
    page.get_by_role("link", name=category, exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(category)
    in_category = [i for i in everything if i["category"] == category]
    rows = page.get_by_role("list", name="Items").get_by_role("listitem")
    expect(rows).to_have_count(len(in_category))
    expect(rows.first).to_contain_text(in_category[0]["short_description"])
    crumbs = page.get_by_role("navigation", name="Breadcrumb")
    expect(crumbs.get_by_role("link", name="Service Catalog")).to_be_visible()

    word = everything[0]["name"].split()[0]
    search = page.get_by_role("search", name="Search catalog")
    search.get_by_role("searchbox").fill(word)
    search.get_by_role("searchbox").press("Enter")  # the keyboard searches
    found = episode.call("ticketing_list_catalog_items", search=word, limit=200)
    expect(page.get_by_role("list", name="Items").get_by_role("listitem")).to_have_count(found["total"])
    page.get_by_role("link", name=everything[0]["name"], exact=True).click()
    expect(page.get_by_role("button", name="Order Now")).to_be_visible()


def test_order_now_checks_the_questions_and_ends_on_the_order_status(desk):
    episode, page, ui = desk
    page.goto(ui("/catalog"))
    page.get_by_role("link", name="Developer Laptop", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Developer Laptop")
    page.get_by_label("Model").select_option("MacBook Pro 16")
    page.get_by_role("button", name="Order Now").click()  # Memory is mandatory
    expect(page.locator("#f-var_memory-error")).to_contain_text("needs memory")
    expect(page.get_by_label("Memory")).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_label("Model")).to_have_value("MacBook Pro 16")
    page.get_by_label("Memory").select_option("64 GB")
    panel = page.get_by_role("complementary", name="Order this Item")  # the order panel, right of the item
    assert panel.bounding_box()["x"] > page.get_by_role("heading", level=1).bounding_box()["x"]
    expect(panel).to_contain_text("Delivery date")
    total = panel.get_by_role("status")
    price = total.inner_text()
    panel.get_by_label("Quantity").select_option("2")  # the total follows the quantity
    assert float(total.inner_text().strip("$").replace(",", "")) == 2 * float(
        price.strip("$").replace(",", "")
    )
    panel.get_by_role("button", name="Order Now").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Order Status")
    expect(page.get_by_role("status")).to_contain_text("submitted")
    refused, action = _actions(episode, "order_catalog_item")  # the first refused: no memory
    assert refused.outcome != "ok" and action.surface == "ui" and action.outcome == "ok"
    assert sorted(action.args["variables"]) == ["memory=64 GB", "model=MacBook Pro 16"]
    assert action.args["quantity"] == 2
    (cause,) = [e for e in episode.events() if e.kind == "browser" and e.parent == action.seq]
    assert (cause.name, cause.detail["name"], cause.detail["submits"]) == ("click", "Order Now", True)
    ritm = [c for c in episode.diff() if c.table == "ticketing_sc_req_item" and c.op == "insert"]
    assert len(ritm) == 1
    number = page.url.rsplit("=", 1)[-1]  # the Order Status of the requested item just ordered
    assert (
        episode.call("ticketing_get_requested_item", requested_item_id=number)["item"]["sys_id"] == ritm[0].pk
    )
    req = episode.call("ticketing_get_requested_item", requested_item_id=number)["request"]["number"]
    expect(page.locator(".sc-summary")).to_contain_text(req)
    items = page.get_by_role("table", name="Requested items")
    expect(items).to_contain_text("Developer Laptop")
    items.get_by_role("link", name=number).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(number)


def test_add_to_cart_then_check_out_orders_every_line(desk):
    episode, page, ui = desk
    page.goto(ui("/catalog"))
    page.get_by_role("link", name="Developer Laptop", exact=True).click()
    page.get_by_role("button", name="Add to Cart").click()  # Model and Memory are mandatory: not added
    expect(page.get_by_role("alert")).to_contain_text("Not added to your cart")
    expect(page.get_by_role("complementary", name="Shopping Cart")).to_contain_text("Empty")
    page.get_by_label("Model").select_option("MacBook Pro 14")
    page.get_by_label("Memory").select_option("32 GB")
    page.get_by_role("button", name="Add to Cart").click()
    expect(page.get_by_role("status").filter(has_text="added")).to_contain_text(
        "Developer Laptop added to your cart"
    )
    cart = page.get_by_role("complementary", name="Shopping Cart")
    expect(cart.get_by_role("row")).to_have_count(3)  # the header, one line, the total

    page.goto(ui("/catalog"))
    page.get_by_role("link", name="Headset", exact=True).click()
    page.get_by_role("complementary", name="Order this Item").get_by_label("Quantity").select_option("3")
    page.get_by_role("button", name="Add to Cart").focus()
    page.keyboard.press("Enter")  # the keyboard adds it too
    expect(page.get_by_role("status").filter(has_text="added")).to_contain_text("Headset added to your cart")
    page.goto(ui("/catalog"))
    page.get_by_role("link", name="Docking Station", exact=True).click()
    page.get_by_role("button", name="Add to Cart").click()
    assert _actions(episode, "order_catalog_item") == []  # the cart orders nothing by itself

    page.get_by_role("link", name="Proceed to Checkout").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Shopping Cart")
    lines = page.get_by_role("table", name="Items in your cart").locator("tbody tr")
    expect(lines).to_have_count(3)
    page.get_by_role("button", name="Remove Docking Station").click()
    expect(lines).to_have_count(2)
    page.get_by_role("button", name="Check Out").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Order Status")
    orders = _actions(episode, "order_catalog_item")
    assert [(a.args["item_id"], a.args["quantity"], a.surface) for a in orders] == [
        (a.args["item_id"], q, "ui") for a, q in zip(orders, (1, 3), strict=True)
    ]
    names = [
        episode.call("ticketing_get_catalog_item", item_id=a.args["item_id"])["item"]["name"] for a in orders
    ]
    assert names == ["Developer Laptop", "Headset"]
    assert sorted(orders[0].args["variables"]) == ["memory=32 GB", "model=MacBook Pro 14"]
    table = page.get_by_role("table", name="Requested items")
    expect(table.locator("tbody tr")).to_have_count(2)
    expect(table).to_contain_text("Headset")
    page.goto(ui("/catalog"))  # the cart was emptied by the checkout
    expect(page.get_by_role("complementary", name="Shopping Cart")).to_contain_text("Empty")
