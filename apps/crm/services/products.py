"""Products, price books and opportunity line items (products on an opportunity, which set its amount)."""

from __future__ import annotations

from datetime import date

from sqlmodel import col, or_, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError
from apps.core.text_search import contains
from apps.crm import picklists as pl
from apps.crm.models import Opportunity, OpportunityLineItem, Pricebook, PricebookEntry, Product
from apps.crm.params import Money, Offset, PageSize, ProductFamily, RecordId, number, text
from apps.crm.schemas import (
    LineItemOut,
    PricebookEntryListing,
    PricebookEntryPage,
    PricebookList,
    ProductListing,
    ProductPage,
)
from apps.crm.services.common import (
    Deleted,
    actions,
    apply_changes,
    check_choice,
    check_lengths,
    check_limit,
    check_range,
    count,
    load,
    stamp_modified,
    stamp_new,
)
from apps.crm.services.org import enforce_rules
from apps.crm.services.stages import record_history, roll_up_amount, snapshot

Quantity = number(0)  # > 0 in fact: 0 is refused with NUMBER_OUTSIDE_VALID_RANGE
Discount = number(0, 100)


def _standard_book(ctx: Ctx) -> Pricebook:
    book = ctx.db.exec(select(Pricebook).where(col(Pricebook.is_standard).is_(True))).first()
    if book is None:
        raise ActionError("this org has no standard price book", code="STANDARD_PRICE_NOT_DEFINED")
    return book


def _product_search(stmt, search: str | None):  # noqa: ANN001, ANN202
    if not search:
        return stmt
    text = search.strip()
    return stmt.where(or_(contains(Product.name, text), contains(Product.product_code, text)))


@actions.read
def list_products(
    ctx: Ctx,
    *,
    search: str | None = None,
    family: ProductFamily | None = None,
    active_only: bool = True,
    limit: PageSize = 50,
    offset: Offset = 0,
) -> ProductPage:
    """List products (Product2) by name, with each one's list price in the standard price book.

    Args:
        search: text matched against the product name and product code.
        family: only this product family (Software, Hardware, Services, Support, Training).
        active_only: hide inactive products (default true).
        limit: page size, 1-200.
        offset: rows to skip.
    """
    check_limit(limit)
    check_choice(family, pl.PRODUCT_FAMILIES, "family")
    stmt = _product_search(select(Product), search)
    if family:
        stmt = stmt.where(Product.family == family)
    if active_only:
        stmt = stmt.where(col(Product.is_active).is_(True))
    stmt = stmt.order_by(Product.name, Product.id)
    total = count(ctx, stmt)
    std = _standard_book(ctx)
    records = []
    for product in ctx.db.exec(stmt.offset(max(offset, 0)).limit(limit)).all():
        entry = ctx.db.exec(
            select(PricebookEntry).where(
                PricebookEntry.pricebook_id == std.id, PricebookEntry.product_id == product.id
            )
        ).first()
        records.append(
            ProductListing.model_validate(
                {
                    **product.model_dump(),
                    "list_price": entry and entry.unit_price,
                    "standard_pricebook_entry_id": entry and entry.id,
                }
            )
        )
    return ProductPage(total=total, offset=offset, limit=limit, records=records)


@actions.read
def list_pricebooks(ctx: Ctx) -> PricebookList:
    """List the price books (the standard one first)."""
    stmt = select(Pricebook).order_by(col(Pricebook.is_standard).desc(), Pricebook.name)
    return PricebookList(records=ctx.db.exec(stmt).all())


@actions.read
def list_pricebook_entries(
    ctx: Ctx,
    *,
    pricebook_id: RecordId | None = None,
    search: str | None = None,
    active_only: bool = True,
    limit: PageSize = 100,
    offset: Offset = 0,
) -> PricebookEntryPage:
    """List the products priced in a price book with their unit prices (default: the standard book).

    Args:
        pricebook_id: the price book (see list_pricebooks); default the standard price book.
        search: text matched against the product name and code.
        active_only: hide inactive entries and inactive products (default true).
        limit: page size, 1-200.
        offset: rows to skip.
    """
    check_limit(limit)
    book = (
        load(ctx, Pricebook, pricebook_id, field="pricebook_id", ref=True)
        if pricebook_id
        else _standard_book(ctx)
    )
    stmt = _product_search(
        select(PricebookEntry, Product)
        .join(Product, col(Product.id) == col(PricebookEntry.product_id))
        .where(PricebookEntry.pricebook_id == book.id),
        search,
    )
    if active_only:
        stmt = stmt.where(col(PricebookEntry.is_active).is_(True), col(Product.is_active).is_(True))
    stmt = stmt.order_by(Product.name, PricebookEntry.id)
    total = count(ctx, stmt)
    records = [
        PricebookEntryListing.model_validate(
            {**entry.model_dump(), "product_name": p.name, "product_code": p.product_code, "family": p.family}
        )
        for entry, p in ctx.db.exec(stmt.offset(max(offset, 0)).limit(limit)).all()
    ]
    return PricebookEntryPage(
        total=total,
        offset=offset,
        limit=limit,
        pricebook_id=book.id,
        pricebook_name=book.name,
        records=records,
    )


def _entry_for(ctx: Ctx, opp: Opportunity, product_id: str | None, entry_id: str | None) -> PricebookEntry:
    """The price book entry to use, giving the opportunity a price book if it has none."""
    if (product_id is None) == (entry_id is None):
        raise ActionError(
            "give exactly one of product_id or pricebook_entry_id",
            field="product_id",
            code="REQUIRED_FIELD_MISSING" if product_id is None else "FIELD_INTEGRITY_EXCEPTION",
        )
    if entry_id:
        entry = load(
            ctx, PricebookEntry, entry_id, label="price book entry", field="pricebook_entry_id", ref=True
        )
        book_id = opp.pricebook_id or entry.pricebook_id  # a first product picks the opportunity's book
        if entry.pricebook_id != book_id:
            raise ActionError(
                f"price book entry {entry_id} is not in this opportunity's price book {book_id}; "
                "use list_pricebook_entries(pricebook_id=...) to find the right entry",
                field="pricebook_entry_id",
                code="FIELD_INTEGRITY_EXCEPTION",
            )
    else:
        product = load(ctx, Product, product_id, field="product_id", ref=True)
        book_id = opp.pricebook_id or _standard_book(ctx).id
        entry = ctx.db.exec(
            select(PricebookEntry).where(
                PricebookEntry.pricebook_id == book_id, PricebookEntry.product_id == product.id
            )
        ).first()
        if entry is None:
            raise ActionError(
                f"product {product.name!r} has no price in this opportunity's price book {book_id}",
                field="product_id",
                code="FIELD_INTEGRITY_EXCEPTION",
            )
    product = load(ctx, Product, entry.product_id, field="product_id")
    if not (entry.is_active and product.is_active):
        raise ActionError(
            f"product {product.name!r} is inactive in this price book and cannot be added",
            field="pricebook_entry_id" if entry_id else "product_id",
            code="FIELD_INTEGRITY_EXCEPTION",
        )
    if opp.pricebook_id is None:
        opp.pricebook_id = book_id
    return entry


def _check_numbers(quantity: float | None, unit_price: float | None, discount: float | None) -> None:
    if quantity is not None and quantity <= 0:
        raise ActionError(
            f"quantity must be greater than 0 (got {quantity:g})",
            field="quantity",
            code="NUMBER_OUTSIDE_VALID_RANGE",
        )
    check_range(unit_price, 0, None, "unit_price", "unit price")
    check_range(discount, 0, 100, "discount", "discount (a percentage)")


def _total(item: OpportunityLineItem) -> float:
    return round(item.unit_price * item.quantity * (1 - (item.discount or 0) / 100), 2)


def _after_items_changed(ctx: Ctx, opp: Opportunity, before: tuple) -> None:
    roll_up_amount(ctx, opp)
    enforce_rules(ctx, "Opportunity", opp)  # the new amount must still satisfy the org's rules
    stamp_modified(ctx, opp)
    if snapshot(opp) != before:
        record_history(ctx, opp)


@actions.write
def add_line_item(
    ctx: Ctx,
    *,
    opportunity_id: RecordId,
    quantity: Quantity,
    product_id: RecordId | None = None,
    pricebook_entry_id: RecordId | None = None,
    unit_price: Money | None = None,
    discount: Discount | None = None,
    service_date: date | None = None,
    description: text("OpportunityLineItem", "description") | None = None,
) -> LineItemOut:
    """Add a product to an opportunity. The opportunity's amount becomes the sum of its line items.

    Give exactly one of `product_id` (priced from the opportunity's price book; the standard book
    when it has none yet) or `pricebook_entry_id` (see list_pricebook_entries; it must be in the
    opportunity's price book). The entry and product must be active. quantity > 0; unit_price defaults
    to the list price; discount is a percentage 0-100.
    total_price = unit_price x quantity x (1 - discount/100). Products of a closed opportunity can
    change too; the new amount must satisfy the org's validation rules (describe_object).

    Args:
        opportunity_id: the opportunity to add the product to.
        quantity: how many, > 0.
        product_id: the product (01t...), priced from the opportunity's price book.
        pricebook_entry_id: or the price book entry (01u...) to use.
        unit_price: the sales price, >= 0 (default: the list price).
        discount: a percentage, 0-100.
        service_date: the date of the service or delivery (YYYY-MM-DD).
        description: a line description (at most 255 characters).
    """
    opp = load(ctx, Opportunity, opportunity_id, field="opportunity_id")
    check_lengths("OpportunityLineItem", {"description": description})
    _check_numbers(quantity, unit_price, discount)
    before = snapshot(opp)
    entry = _entry_for(ctx, opp, product_id, pricebook_entry_id)
    item = OpportunityLineItem(
        id=ctx.new_id("OpportunityLineItem"),
        opportunity_id=opp.id,
        pricebook_entry_id=entry.id,
        product_id=entry.product_id,
        quantity=quantity,
        total_price=0.0,
        unit_price=entry.unit_price if unit_price is None else unit_price,
        discount=discount or None,
        service_date=service_date,
        description=description or None,
    )
    item.total_price = _total(item)
    stamp_new(ctx, item)
    ctx.db.add(item)
    _after_items_changed(ctx, opp, before)
    return LineItemOut.model_validate(item)


@actions.write
def update_line_item(
    ctx: Ctx,
    *,
    line_item_id: RecordId,
    quantity: Quantity | None = None,
    unit_price: Money | None = None,
    discount: Discount | None = None,
    service_date: date | None = None,
    description: text("OpportunityLineItem", "description") | None = None,
) -> LineItemOut:
    """Change a line item's quantity, unit price, discount (percent 0-100; 0 removes it), service date or
    description. Its total price and the opportunity's amount are recomputed (and must satisfy the
    org's validation rules).

    Args:
        line_item_id: the line item (00k...) to change.
        quantity: a new quantity, > 0.
        unit_price: a new sales price, >= 0.
        discount: a new discount percentage, 0-100 (0 removes it).
        service_date: a new service date (YYYY-MM-DD).
        description: a new line description (at most 255 characters).
    """
    item = load(ctx, OpportunityLineItem, line_item_id, label="line item", field="line_item_id")
    opp = load(ctx, Opportunity, item.opportunity_id, field="line_item_id")
    check_lengths("OpportunityLineItem", {"description": description})
    _check_numbers(quantity, unit_price, discount)
    before = snapshot(opp)
    changes = dict(
        quantity=quantity, unit_price=unit_price, service_date=service_date, description=description
    )
    changes["discount"] = None if discount is None else (discount or "")
    if apply_changes(item, changes):
        item.total_price = _total(item)
        stamp_modified(ctx, item)
        _after_items_changed(ctx, opp, before)
    return LineItemOut.model_validate(item)


@actions.destructive
def remove_line_item(ctx: Ctx, *, line_item_id: RecordId) -> Deleted:
    """Remove a product from an opportunity; its amount becomes the total of the remaining items (0 if
    none), which must satisfy the org's validation rules.

    Args:
        line_item_id: the line item (00k...) to remove.
    """
    item = load(ctx, OpportunityLineItem, line_item_id, label="line item", field="line_item_id")
    opp = load(ctx, Opportunity, item.opportunity_id, field="line_item_id")
    before = snapshot(opp)
    ctx.db.delete(item)
    _after_items_changed(ctx, opp, before)
    return Deleted(id=item.id, deleted=[item.id])
