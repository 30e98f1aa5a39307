"""Editing a configuration item: the CI form's Update (cmdb_ci's fields, its people and its group)."""

from __future__ import annotations

from apps.core.actions import Ctx
from apps.ticketing import choices as c
from apps.ticketing.schemas import CiOut
from apps.ticketing.services.cmdb import cis_out, load_ci
from apps.ticketing.services.common import (
    actions,
    check_choice,
    fill_doc,
    find_group,
    find_user,
    require_text,
    stamp,
)


@actions.write
@fill_doc(statuses=", ".join(f"{k} {v}" for k, v in c.OPERATIONAL_STATUSES.items()))
def update_configuration_item(
    ctx: Ctx,
    *,
    ci_id: str,
    name: str | None = None,
    operational_status: int | None = None,
    short_description: str | None = None,
    environment: str | None = None,
    ip_address: str | None = None,
    os: str | None = None,
    manufacturer: str | None = None,
    model_number: str | None = None,
    serial_number: str | None = None,
    asset_tag: str | None = None,
    location: str | None = None,
    assigned_to: str | None = None,
    owned_by: str | None = None,
    managed_by: str | None = None,
    support_group: str | None = None,
) -> CiOut:  # type: ignore[valid-type]
    """Edit a configuration item's fields; omitted fields stay, an empty text clears a field.

    Args:
        ci_id: the configuration item's sys_id or name.
        name: the new name (not empty).
        operational_status: {statuses}.
        short_description: what the item is.
        environment: e.g. Production, Test, Development.
        ip_address: its IP address.
        os: its operating system.
        manufacturer: who made it.
        model_number: the model.
        serial_number: the serial number.
        asset_tag: the asset tag.
        location: where it is.
        assigned_to: the person using it: a user's sys_id, user_name, e-mail or name ("" clears).
        owned_by: the owner: a user ("" clears).
        managed_by: who manages it: a user ("" clears).
        support_group: the group that supports it: its sys_id or name ("" clears).
    """
    ci = load_ci(ctx, ci_id)
    changes: dict = {}
    if name is not None:
        changes["name"] = require_text(name, "name", "a name")
    if operational_status is not None:
        check_choice(operational_status, c.OPERATIONAL_STATUSES, "operational_status", c.OPERATIONAL_STATUSES)
        changes["operational_status"] = operational_status
    texts = {
        "short_description": short_description,
        "environment": environment,
        "ip_address": ip_address,
        "os": os,
        "manufacturer": manufacturer,
        "model_number": model_number,
        "serial_number": serial_number,
        "asset_tag": asset_tag,
        "location": location,
    }
    changes |= {k: (v.strip() or None) for k, v in texts.items() if v is not None}
    for field, key in (("assigned_to", assigned_to), ("owned_by", owned_by), ("managed_by", managed_by)):
        if key is not None:
            changes[field] = find_user(ctx, key, field).sys_id if key.strip() else None
    if support_group is not None:
        changes["support_group"] = (
            find_group(ctx, support_group, "support_group").sys_id if support_group.strip() else None
        )
    for key, value in changes.items():
        setattr(ci, key, value)
    stamp(ctx, ci)
    return cis_out(ctx, [ci])[0]
