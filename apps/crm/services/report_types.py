"""The report builder's report types, as Salesforce's standard report types: the object a report counts
(one row per opportunity, account, lead, or per opportunity product), the fields it can filter, group,
summarize and show, its standard date filter, its default columns, and how its rows are read.

"Opportunities with Products" (`opportunity_products`) is a report over related objects: one row per
opportunity product (line item) with its opportunity's fields beside the product's (Product Name, Quantity,
Sales Price, List Price, Discount, Subtotal, Total Price ...); an opportunity without products is not in it.
Field names are the snake_case column names the other tools use (stage_name, close_date, owner_id ...).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.crm.models import Account, Lead, Opportunity, OpportunityLineItem, PricebookEntry, Product

TEXT, NUMBER, DATE, BOOL, REF = "text", "number", "date", "boolean", "reference"
Rows = Callable[[Ctx, str | None], list[dict[str, Any]]]  # (ctx, owner id for "my" reports) -> rows


@dataclass(frozen=True)
class ReportType:
    """One report type: its fields ({column: (label, kind)}), its standard date filter, its default detail
    columns and the reader of its rows (each a dict of the fields plus `id`, the record the row is)."""

    name: str
    label: str
    fields: dict[str, tuple[str, str]]
    date_field: str
    columns: tuple[str, ...]
    rows: Rows


def _records(model: type) -> Rows:
    """Every record of `model` (only those `owner` owns, when given) as a dict of its columns."""

    def read(ctx: Ctx, owner: str | None) -> list[dict[str, Any]]:
        stmt = select(model).order_by(col(model.id))
        if owner:
            stmt = stmt.where(model.owner_id == owner)
        return [record.model_dump() for record in ctx.db.exec(stmt).all()]

    return read


def _opportunity_products(ctx: Ctx, owner: str | None) -> list[dict[str, Any]]:
    """One row per opportunity product: the opportunity's fields, then the product's and the line's."""
    item = OpportunityLineItem
    stmt = (
        select(item, Opportunity, Product, PricebookEntry)
        .join(Opportunity, col(Opportunity.id) == col(item.opportunity_id))
        .join(Product, col(Product.id) == col(item.product_id))
        .join(PricebookEntry, col(PricebookEntry.id) == col(item.pricebook_entry_id), isouter=True)
        .order_by(col(item.id))
    )
    if owner:
        stmt = stmt.where(Opportunity.owner_id == owner)
    rows = []
    for line, opp, product, entry in ctx.db.exec(stmt).all():
        row = {name: getattr(opp, name) for name in OPPORTUNITY_FIELDS}
        row.update(
            id=line.id,
            opportunity_id=opp.id,
            product_name=product.name,
            product_code=product.product_code,
            product_family=product.family,
            quantity=line.quantity,
            unit_price=line.unit_price,
            list_price=entry.unit_price if entry else None,
            discount=line.discount,
            subtotal=round(line.quantity * line.unit_price, 2),
            total_price=line.total_price,
            service_date=line.service_date,
            line_description=line.description,
        )
        rows.append(row)
    return rows


OPPORTUNITY_FIELDS = {
    "name": ("Opportunity Name", TEXT),
    "account_id": ("Account Name", REF),
    "stage_name": ("Stage", TEXT),
    "amount": ("Amount", NUMBER),
    "probability": ("Probability (%)", NUMBER),
    "close_date": ("Close Date", DATE),
    "type": ("Type", TEXT),
    "lead_source": ("Lead Source", TEXT),
    "forecast_category": ("Forecast Category", TEXT),
    "is_closed": ("Closed", BOOL),
    "is_won": ("Won", BOOL),
    "owner_id": ("Opportunity Owner", REF),
}
PRODUCT_FIELDS = {
    "product_name": ("Product Name", TEXT),
    "product_code": ("Product Code", TEXT),
    "product_family": ("Product Family", TEXT),
    "quantity": ("Quantity", NUMBER),
    "unit_price": ("Sales Price", NUMBER),
    "list_price": ("List Price", NUMBER),
    "discount": ("Discount", NUMBER),
    "subtotal": ("Subtotal", NUMBER),
    "total_price": ("Total Price", NUMBER),
    "service_date": ("Date", DATE),
    "line_description": ("Line Description", TEXT),
}
ACCOUNT_FIELDS = {
    "name": ("Account Name", TEXT),
    "type": ("Type", TEXT),
    "industry": ("Industry", TEXT),
    "rating": ("Rating", TEXT),
    "annual_revenue": ("Annual Revenue", NUMBER),
    "number_of_employees": ("Employees", NUMBER),
    "billing_state": ("Billing State/Province", TEXT),
    "billing_country": ("Billing Country", TEXT),
    "created_date": ("Created Date", DATE),
    "owner_id": ("Account Owner", REF),
}
LEAD_FIELDS = {
    "first_name": ("First Name", TEXT),
    "last_name": ("Last Name", TEXT),
    "company": ("Company / Account", TEXT),
    "status": ("Lead Status", TEXT),
    "lead_source": ("Lead Source", TEXT),
    "industry": ("Industry", TEXT),
    "rating": ("Rating", TEXT),
    "annual_revenue": ("Annual Revenue", NUMBER),
    "number_of_employees": ("No. of Employees", NUMBER),
    "country": ("Country", TEXT),
    "is_converted": ("Converted", BOOL),
    "created_date": ("Created Date", DATE),
    "owner_id": ("Lead Owner", REF),
}
REPORT_TYPES = {
    t.name: t
    for t in (
        ReportType(
            "opportunities",
            "Opportunities",
            OPPORTUNITY_FIELDS,
            "close_date",
            ("name", "account_id", "stage_name", "amount", "close_date", "owner_id"),
            _records(Opportunity),
        ),
        ReportType(
            "opportunity_products",
            "Opportunities with Products",
            {**OPPORTUNITY_FIELDS, **PRODUCT_FIELDS},
            "close_date",
            (
                "name",
                "account_id",
                "stage_name",
                "product_name",
                "quantity",
                "unit_price",
                "discount",
                "total_price",
            ),  # fmt: skip
            _opportunity_products,
        ),
        ReportType(
            "accounts",
            "Accounts",
            ACCOUNT_FIELDS,
            "created_date",
            ("name", "type", "industry", "billing_state", "annual_revenue", "owner_id"),
            _records(Account),
        ),
        ReportType(
            "leads",
            "Leads",
            LEAD_FIELDS,
            "created_date",
            ("first_name", "last_name", "company", "status", "lead_source", "owner_id"),
            _records(Lead),
        ),
    )
}
