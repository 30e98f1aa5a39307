"""CMDB: configuration items, their relationships, and the open work on them."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel
from sqlmodel import col, or_, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind
from apps.core.list_query import Limit, Offset
from apps.core.param_schema import Choices
from apps.ticketing import choices as c
from apps.ticketing.models import CiRelationship, ConfigurationItem, Incident
from apps.ticketing.models_itsm import ChangeRequest
from apps.ticketing.schemas import ChangeOut, CiOut, CiPage, IncidentOut
from apps.ticketing.services.common import (
    actions,
    check_choice,
    fill_doc,
    find_ci,
    find_group,
    page,
    search_filter,
    stamp,
)
from apps.ticketing.services.present import changes_out, display_names, incidents_out


class CiRelation(BaseModel):
    """One relationship seen from a CI: `direction` is "parent" (this CI is the parent) or "child"."""

    sys_id: str
    type: str
    direction: str
    ci: CiOut  # type: ignore[valid-type]


class CiDetail(BaseModel):
    """A configuration item with its relationships, open incidents and open changes."""

    ci: CiOut  # type: ignore[valid-type]
    relationships: list[CiRelation]
    open_incidents: list[IncidentOut]  # type: ignore[valid-type]
    open_changes: list[ChangeOut]  # type: ignore[valid-type]


def cis_out(ctx: Ctx, rows: list[ConfigurationItem]) -> list[CiOut]:
    names = display_names(
        ctx, [i for r in rows for i in (r.support_group, r.assigned_to, r.owned_by, r.managed_by)]
    )
    return [
        CiOut.model_validate(
            {
                **r.model_dump(),
                "class_label": c.CI_CLASSES.get(r.sys_class_name),
                "operational_status_label": c.OPERATIONAL_STATUSES.get(r.operational_status),
                "support_group_name": names.get(r.support_group),
                # references shown by their display values, as the Table API's sysparm_display_value does
                "assigned_to_name": names.get(r.assigned_to),
                "owned_by_name": names.get(r.owned_by),
                "managed_by_name": names.get(r.managed_by),
            }
        )
        for r in rows
    ]


def load_ci(ctx: Ctx, key: str, field: str = "ci_id") -> ConfigurationItem:
    return find_ci(ctx, key, field)


@actions.read
@fill_doc(classes=", ".join(c.CI_CLASSES))
def list_configuration_items(
    ctx: Ctx,
    *,
    search: str | None = None,
    sys_class_name: Annotated[str | None, Choices(c.CI_CLASSES)] = None,
    operational_status: int | None = None,
    support_group: str | None = None,
    limit: Limit = 25,
    offset: Offset = 0,
) -> CiPage:
    """List configuration items (cmdb_ci) by name.

    Args:
        search: text in the name, IP address, serial number or asset tag.
        sys_class_name: one class: {classes}.
        operational_status: 1 Operational, 2 Non-Operational, 3 Repair in Progress, 4 DR Standby,
            5 Ready, 6 Retired.
        support_group: the support group's sys_id or name.
        limit: page size, 1-200.
        offset: rows to skip (for the next page: offset + limit).
    """
    stmt = select(ConfigurationItem)
    if search:
        stmt = stmt.where(
            search_filter(ConfigurationItem, search, ("name", "ip_address", "serial_number", "asset_tag"))
        )
    if sys_class_name:
        check_choice(sys_class_name, c.CI_CLASSES, "sys_class_name")
        stmt = stmt.where(ConfigurationItem.sys_class_name == sys_class_name)
    if operational_status is not None:
        stmt = stmt.where(ConfigurationItem.operational_status == operational_status)
    if support_group:
        stmt = stmt.where(
            ConfigurationItem.support_group
            == find_group(ctx, support_group, "support_group", active=False).sys_id
        )
    total, rows = page(ctx, stmt.order_by(ConfigurationItem.name, ConfigurationItem.sys_id), limit, offset)
    return CiPage(total=total, offset=offset, limit=limit, records=cis_out(ctx, rows))


@actions.read
def get_configuration_item(ctx: Ctx, *, ci_id: str) -> CiDetail:
    """Get a configuration item (sys_id or name) with its relationships (upstream and downstream),
    its open incidents and its open changes — use it to see what an outage affects.

    Args:
        ci_id: the configuration item's sys_id or name.
    """
    ci = load_ci(ctx, ci_id)
    rels = ctx.db.exec(
        select(CiRelationship)
        .where(or_(CiRelationship.parent == ci.sys_id, CiRelationship.child == ci.sys_id))
        .order_by(CiRelationship.sys_id)
    ).all()
    others = {r.child if r.parent == ci.sys_id else r.parent for r in rels}
    by_id = {
        o.sys_id: o
        for o in cis_out(
            ctx,
            list(
                ctx.db.exec(select(ConfigurationItem).where(col(ConfigurationItem.sys_id).in_(others))).all()
            ),
        )
    }
    relations = [
        CiRelation(
            sys_id=r.sys_id,
            type=r.type,
            direction="parent" if r.parent == ci.sys_id else "child",
            ci=by_id[r.child if r.parent == ci.sys_id else r.parent],
        )
        for r in rels
    ]
    incs = ctx.db.exec(
        select(Incident)
        .where(Incident.cmdb_ci == ci.sys_id, col(Incident.state).in_((1, 2, 3)))  # open: not yet Resolved
        .order_by(Incident.number)
    ).all()  # noqa: E712
    chgs = ctx.db.exec(
        select(ChangeRequest)
        .where(ChangeRequest.cmdb_ci == ci.sys_id, col(ChangeRequest.active).is_(True))
        .order_by(ChangeRequest.number)
    ).all()  # noqa: E712
    return CiDetail(
        ci=cis_out(ctx, [ci])[0],
        relationships=relations,
        open_incidents=incidents_out(ctx, list(incs)),
        open_changes=changes_out(ctx, list(chgs)),
    )


@actions.write
@fill_doc(types=", ".join(c.REL_TYPES))
def add_ci_relationship(ctx: Ctx, *, parent_ci: str, child_ci: str, type: str) -> CiRelation:
    """Relate two configuration items: parent --type--> child (e.g. an application "Runs on::Runs" a server).

    Args:
        type: one of {types}.
        parent_ci: the parent (upstream) configuration item's sys_id or name.
        child_ci: the child (downstream) configuration item's sys_id or name; not the parent.
    The same relationship cannot be added twice.
    """
    check_choice(type, c.REL_TYPES, "type")
    parent, child = load_ci(ctx, parent_ci, "parent_ci"), load_ci(ctx, child_ci, "child_ci")
    if parent.sys_id == child.sys_id:
        raise ActionError(
            "a configuration item cannot be related to itself", field="child_ci", code=ErrorKind.INVALID_VALUE
        )
    dup = ctx.db.exec(
        select(CiRelationship).where(
            CiRelationship.parent == parent.sys_id,
            CiRelationship.child == child.sys_id,
            CiRelationship.type == type,
        )
    ).first()
    if dup:
        raise ActionError(
            f"{parent.name} already {type.split('::')[0].lower()} {child.name}",
            field="child_ci",
            code=ErrorKind.DUPLICATE,
        )
    rel = CiRelationship(
        sys_id=ctx.new_id("cmdb_rel_ci"), parent=parent.sys_id, child=child.sys_id, type=type
    )
    stamp(ctx, rel, new=True)
    ctx.db.add(rel)
    return CiRelation(sys_id=rel.sys_id, type=type, direction="parent", ci=cis_out(ctx, [child])[0])
