"""Service catalog: items with variables, ordered into a request (REQ) with requested items (RITM)."""

from __future__ import annotations

from datetime import date, timedelta

from pydantic import BaseModel
from sqlmodel import select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind
from apps.core.list_query import Limit, Offset
from apps.core.references import Ref, resolve
from apps.ticketing import choices as c
from apps.ticketing.models import Group, SysUser
from apps.ticketing.models_itsm import (
    CatalogItem,
    CatalogVariable,
    Request,
    RequestedItem,
    VariableValue,
)
from apps.ticketing.schemas import CatalogItemOut, CatalogItemPage, RequestedItemOut, VariableOut
from apps.ticketing.services import approvals
from apps.ticketing.services.common import actions, find_user, page, search_filter, stamp
from apps.ticketing.services.fulfilment import start_fulfilment
from apps.ticketing.services.present import display_names
from apps.ticketing.services.request_views import ritms_out


class CatalogItemDetail(BaseModel):
    """A catalog item with the variables (questions) to answer when ordering it."""

    item: CatalogItemOut  # type: ignore[valid-type]
    variables: list[VariableOut]  # type: ignore[valid-type]


ITEM = Ref(CatalogItem, "catalog item", key="sys_id", listing="list_catalog_items")


def load_item(ctx: Ctx, key: str) -> CatalogItem:
    return resolve(ctx, ITEM, key, field="item_id")


def items_out(ctx: Ctx, rows: list[CatalogItem]) -> list[CatalogItemOut]:
    names = display_names(ctx, [r.group for r in rows])
    return [CatalogItemOut.model_validate({**r.model_dump(), "group_name": names.get(r.group)}) for r in rows]


def variables_of(ctx: Ctx, item_id: str) -> list[CatalogVariable]:
    stmt = select(CatalogVariable).where(CatalogVariable.cat_item == item_id)
    return list(ctx.db.exec(stmt.order_by(CatalogVariable.order, CatalogVariable.name)).all())


@actions.read
def list_catalog_items(
    ctx: Ctx, *, search: str | None = None, category: str | None = None, limit: Limit = 25, offset: Offset = 0
) -> CatalogItemPage:
    """List active service catalog items (what employees can order), by name.

    Args:
        search: text in the name or short description (e.g. "laptop", "VPN").
        category: only this catalog category (e.g. "Hardware", "Software", "Access").
        limit: page size, 1-200.
        offset: rows to skip (for the next page: offset + limit).
    """
    stmt = select(CatalogItem).where(CatalogItem.active == True)  # noqa: E712
    if search:
        stmt = stmt.where(search_filter(CatalogItem, search, ("name", "short_description")))
    if category:
        stmt = stmt.where(CatalogItem.category == category)
    total, rows = page(ctx, stmt.order_by(CatalogItem.name), limit, offset)
    return CatalogItemPage(total=total, offset=offset, limit=limit, records=items_out(ctx, rows))


@actions.read
def get_catalog_item(ctx: Ctx, *, item_id: str) -> CatalogItemDetail:
    """Get a catalog item (sys_id or name) with its variables: name, question, type, whether
    mandatory, and the allowed choices of select boxes. Pass the answers to order_catalog_item.

    Args:
        item_id: the catalog item's sys_id or name (see list_catalog_items).
    """
    item = load_item(ctx, item_id)
    variables = [
        VariableOut.model_validate({**v.model_dump(), "type_label": c.VARIABLE_TYPES.get(v.type)})
        for v in variables_of(ctx, item.sys_id)
    ]
    return CatalogItemDetail(item=items_out(ctx, [item])[0], variables=variables)


def _answers(ctx: Ctx, item: CatalogItem, given: list[str]) -> dict[str, str]:
    """Validate "name=value" answers against the item's variables; returns {variable sys_id: value}."""
    variables = {v.name: v for v in variables_of(ctx, item.sys_id)}
    values: dict[str, str] = {}
    for pair in given:
        name, sep, value = pair.partition("=")
        name, value = name.strip(), value.strip()
        if not sep or name not in variables:
            known = ", ".join(variables) or "none"
            raise ActionError(
                f"{pair!r} is not name=value for a variable of {item.name} (variables: {known})",
                field="variables",
                code=ErrorKind.INVALID_VALUE,
            )
        values[name] = value
    out = {}
    for name, var in variables.items():
        value = values.get(name, var.default_value or "")
        if var.mandatory and not value:
            raise ActionError(
                f"{item.name} needs {name} ({var.question_text})", field="variables", code=ErrorKind.REQUIRED
            )
        if value and var.type == 5 and value not in (var.choices or "").split("|"):
            raise ActionError(
                f"{name} must be one of: {', '.join((var.choices or '').split('|'))}",
                field="variables",
                code=ErrorKind.INVALID_CHOICE,
            )
        if value and var.type in (1, 7) and value.lower() not in ("true", "false"):
            raise ActionError(
                f"{name} must be true or false", field="variables", code=ErrorKind.INVALID_VALUE
            )
        if value and var.type == 9:
            try:
                date.fromisoformat(value)
            except ValueError:
                raise ActionError(
                    f"{name} must be a date YYYY-MM-DD", field="variables", code=ErrorKind.INVALID_VALUE
                ) from None
        if value:
            out[var.sys_id] = value.lower() if var.type in (1, 7) else value
    return out


@actions.write
def order_catalog_item(
    ctx: Ctx,
    *,
    item_id: str,
    requested_for: str | None = None,
    quantity: int = 1,
    variables: list[str] | None = None,
    special_instructions: str | None = None,
) -> RequestedItemOut:
    """Order a catalog item ("Order Now"): creates a request (REQ...) with one requested item (RITM...).

    Args:
        item_id: the catalog item's sys_id or name.
        requested_for: who it is for (sys_id, user_name, e-mail or name); defaults to you.
        quantity: 1-10.
        variables: the answers as "name=value" strings, e.g. ["model=MacBook Pro 14", "memory=32 GB"];
            see get_catalog_item for names, mandatory ones and choices.
        special_instructions: notes for the fulfilment team.
    Items that need approval wait for the requested-for person's manager (stage waiting_for_approval);
    others go straight to fulfilment with a catalog task (SCTASK...) for the fulfilment group.
    """
    item = load_item(ctx, item_id)
    if not item.active:
        raise ActionError(f"{item.name} is no longer offered", field="item_id", code=ErrorKind.INVALID_STATE)
    if not 1 <= quantity <= 10:
        raise ActionError("quantity must be between 1 and 10", field="quantity", code=ErrorKind.INVALID_VALUE)
    user = find_user(ctx, requested_for or ctx.user_id, "requested_for")
    answers = _answers(ctx, item, variables or [])
    approver = None
    if item.approval_required:
        approver = user.manager or (ctx.db.get(Group, item.group).manager if item.group else None)
        if not approver or not ctx.db.get(SysUser, approver):
            raise ActionError(
                f"{user.name} has no manager to approve {item.name}",
                field="requested_for",
                code=ErrorKind.INVALID_STATE,
            )
    request = Request(
        sys_id=ctx.new_id("sc_request"),
        number=ctx.new_id("sc_request.number"),
        requested_for=user.sys_id,
        opened_by=ctx.user_id,
        opened_at=ctx.now,
        approval="requested" if approver else "approved",
        price=item.price * quantity,
        special_instructions=special_instructions or None,
    )
    ritm = RequestedItem(
        sys_id=ctx.new_id("sc_req_item"),
        number=ctx.new_id("sc_req_item.number"),
        request=request.sys_id,
        cat_item=item.sys_id,
        short_description=item.name,
        requested_for=user.sys_id,
        quantity=quantity,
        price=item.price,
        approval="requested" if approver else "not requested",
        assignment_group=item.group,
        opened_at=ctx.now,
        due_date=ctx.now + timedelta(days=item.delivery_days),
    )
    for row in (request, ritm):
        stamp(ctx, row, new=True)
        ctx.db.add(row)
    for var_id, value in answers.items():
        ctx.db.add(
            VariableValue(
                sys_id=ctx.new_id("sc_item_option"),
                request_item=ritm.sys_id,
                item_option_new=var_id,
                value=value,
            )
        )
    if approver:
        approvals.request_approvals(ctx, ritm, "sc_req_item", [approver])
    else:
        start_fulfilment(ctx, ritm, request)
    ctx.db.flush()
    return ritms_out(ctx, [ritm])[0]
