"""A deal's products by its price book: the line items a deal has, a product it has not, a line's total
and how to refer to a deal — shared by the line-item families and the mixes."""

from __future__ import annotations

from typing import Any

from apps.crm.families.activities import deal_ref, open_deal_accounts
from apps.crm.families.common import open_opps_of, opportunities, other
from tasks.families.base import Draw, Redraw
from tasks.match_model import Match
from tasks.truth_model import UiStep

STANDARD = "01s5g0000000001AAA"
ITEMS = """
SELECT li.id, li.opportunity_id, li.product_id, p.name AS product_name, li.quantity, li.unit_price,
       li.discount, li.total_price
FROM crm_opportunity_line_item li JOIN crm_product p ON p.id = li.product_id
WHERE li.opportunity_id = ? ORDER BY li.id
"""


def items_of(d: Draw, opp_id: str) -> list[dict[str, Any]]:
    return d.world.rows(ITEMS, opp_id)


def total(price: float, qty: float, discount: float | None) -> float:
    return round(price * qty * (1 - (discount or 0) / 100), 2)


def amount_match(value: float) -> Match:
    return Match(approx=round(value, 2), tol=0.01)


def pick_deal(d: Draw, where: str = "") -> tuple[dict[str, Any], list[dict[str, Any]], str, list]:
    """An open deal of a picked account (named as deal_ref names it) with the account's open deals."""
    pool = open_deal_accounts(d)
    acc = d.pick("account", pool, key="id")
    opps = [o for o in open_opps_of(d, acc["id"]) if not where or _has_items(d, o, where)]
    if not opps:
        raise Redraw("no open deal fits")
    deal, ref, lookup = deal_ref(d, acc, opps)
    d.note("opportunity", deal["id"])
    d.distractors = len(open_opps_of(d, acc["id"])) - 1
    return deal, opps, ref, lookup


def _has_items(d: Draw, opp: dict[str, Any], where: str) -> bool:
    n = len(items_of(d, opp["id"]))
    return n >= 1 if where == "items" else n >= 2


def one_item(d: Draw, deal: dict[str, Any]) -> tuple[list, dict[str, Any], list]:
    """The deal's line items, one of them (its product only once on the deal) and the others."""
    items = items_of(d, deal["id"])
    item = d.choice(items)
    if sum(1 for i in items if i["product_id"] == item["product_id"]) > 1:
        raise Redraw("the product is on the deal twice")
    return items, item, [i for i in items if i["id"] != item["id"]]


def new_product(d: Draw, deal: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """A price book entry of a product the deal does not have yet (from its book, else the standard
    one), and a quantity that fits its price."""
    have = {i["product_id"] for i in items_of(d, deal["id"])}
    entries = d.world.rows(
        "SELECT e.id, e.product_id, e.unit_price, p.name, p.product_code AS code "
        "FROM crm_pricebook_entry e JOIN crm_product p ON p.id = e.product_id "
        "WHERE e.pricebook_id = ? AND e.is_active = 1 AND p.is_active = 1 ORDER BY e.id",
        deal["pricebook_id"] or STANDARD,
    )
    entry = d.choice([e for e in entries if e["product_id"] not in have])
    cheap = entry["unit_price"] < 5000
    return entry, d.choice([1, 2, 3, 5, 8, 10, 12, 20, 25, 40] if cheap else [1, 2, 3])


def with_items(d: Draw) -> list[dict[str, Any]]:
    """Open deals with products (for a wrong-record line item of another deal)."""
    return opportunities(
        d, "o.is_closed = 0 AND o.id IN (SELECT opportunity_id FROM crm_opportunity_line_item)"
    )


def wrong_opp(d: Draw, opps: list[dict[str, Any]], deal: dict[str, Any]) -> str:
    rest = [o for o in opps if o["id"] != deal["id"]]
    return rest[0]["id"] if rest else other(opportunities(d, "o.is_closed = 0"), deal)["id"]


def add_products_ui(deal_id: str, name: str, qty: int, discount: float | None = None) -> list[UiStep]:
    """Add Products on the deal, as Lightning's two steps: tick the product (step 1), Next, then its
    Quantity (and Discount (%)) in the Edit Selected Products grid, Save.

    Args:
        deal_id: the opportunity.
        name: the product's name.
        qty: the quantity.
        discount: the discount in percent, if any.
    """
    return [
        UiStep(goto=f"/opportunities/{deal_id}/products/new"),
        UiStep(check=f"Select {name}"),
        UiStep(click=("button", "Next")),
        UiStep(fill=("Quantity", str(qty))),
        *([UiStep(fill=("Discount (%)", str(discount)))] if discount else []),
        UiStep(click=("button", "Save")),
    ]


def rework_ui(
    deal_id: str, changes: dict[str, str], gone: str, entry: dict[str, Any], qty: int
) -> list[UiStep]:
    """On the deal's page: each product of `changes` to its new quantity (the row's Edit), `gone` removed
    (the row's Remove), and `qty` of `entry` added (Add Products)."""
    steps = [UiStep(goto=f"/opportunities/{deal_id}")]
    for name, quantity in changes.items():
        steps += [
            UiStep(click=("link", f"Edit {name}")),
            UiStep(fill=("Quantity", quantity)),
            UiStep(click=("button", "Save")),
        ]
    return [
        *steps,
        UiStep(click=("button", f"Remove {gone}")),
        *add_products_ui(deal_id, entry["name"], qty),
    ]
