"""The configuration item form (ServiceNow's CI form, e.g. a Computer): the class as the form's title over
the item's name, its fields edited in place (the people and the support group as reference fields), the
Update button, the Related Items formatter (the CI's relationships, upstream and downstream) beside its
Dependency Views map, and the related lists (Affected CIs, Incidents, Change Requests, Outages) as tabs.

Update saves what changed through update_configuration_item, the action MCP and the CLI use (ui_save)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.ticketing import choices as c
from apps.ticketing.ui_form_layouts import Fld, sel
from apps.ticketing.ui_forms import record_values
from apps.ticketing.ui_save import Step, edited, form_page, save

STATUS_CHOICES = tuple((str(k), v) for k, v in c.OPERATIONAL_STATUSES.items())


def _user(name: str, label: str) -> Fld:
    return Fld(name, label, "lookup", ref="user", help="Type the person's name.")


# in the order the two-column grid fills (left, right, left ...), as the Computer form lays them out; the
# read-only Class, Install status and Company are placed by ci.html
CI_FIELDS = (
    Fld("name", "Name", required=True),
    _user("assigned_to", "Assigned to"),
    Fld("asset_tag", "Asset tag"),
    _user("managed_by", "Managed by"),
    Fld("serial_number", "Serial number"),
    _user("owned_by", "Owned by"),
    Fld("model_number", "Model ID"),
    Fld("support_group", "Support group", "lookup", ref="group", help="Type the group's name."),
    Fld("manufacturer", "Manufacturer"),
    sel("operational_status", "Operational status", STATUS_CHOICES, required=True, integer=True),
    Fld("location", "Location"),
    Fld("environment", "Environment"),
    Fld("os", "Operating System"),
    Fld("ip_address", "IP Address"),
    Fld("short_description", "Description", "textarea", wide=True),
)
# Install status (alm's hardware state) as the form shows it, following the operational status
INSTALL_STATUS = {
    1: "Installed",
    2: "In Maintenance",
    3: "In Maintenance",
    4: "On Order",
    5: "Pending Install",
}
NAMES = tuple(f.name for f in CI_FIELDS)
REFS = [f for f in CI_FIELDS if f.ref == "user"]  # typed names become sys_ids; a group goes by its name
LABELS = {f.name: f.label for f in CI_FIELDS}
DISPLAY = {
    "assigned_to": "assigned_to_name",
    "managed_by": "managed_by_name",
    "owned_by": "owned_by_name",
    "support_group": "support_group_name",
}


def related_items(relationships: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The Related Items formatter's branches: each relationship seen from this CI ("Depends on" a
    parent's child, "Used by" a child's parent), grouped by that label, upstream first."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for rel in relationships:
        parent_side, child_side = rel["type"].split("::", 1)
        label = parent_side if rel["direction"] == "parent" else child_side
        groups.setdefault(label, []).append(rel["ci"])
    return [{"label": label, "cis": cis} for label, cis in groups.items()]


def dependency_map(relationships: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """The Dependency Views map's two rows around the CI: `upstream` (the CIs that depend on it or run on it:
    it is their child) and `downstream` (the CIs it depends on: it is their parent), each CI with the label
    of the relationship as seen from it.

    Args:
        relationships: get_configuration_item's relationships (type, direction, ci).
    """
    rows: dict[str, list[dict[str, Any]]] = {"upstream": [], "downstream": []}
    for rel in relationships:
        parent_side, child_side = rel["type"].split("::", 1)
        if rel["direction"] == "parent":
            rows["downstream"].append({"ci": rel["ci"], "label": parent_side})
        else:
            rows["upstream"].append({"ci": rel["ci"], "label": child_side})
    return rows


def build_cmdb_router(kit: UiKit) -> APIRouter:
    """GET /cmdb/{ci} (the form), POST /cmdb/{ci}/update."""
    router = APIRouter()

    async def context(request: Request, key: str, values: dict[str, str]) -> dict[str, Any]:
        d = await kit.read(request, "get_configuration_item", {"ci_id": key})
        ci = d["ci"]
        current = record_values(ci, list(CI_FIELDS), DISPLAY)
        return {
            "title": ci["name"],
            "d": d,
            "ci": ci,
            "fields": CI_FIELDS,
            "v": {**current, **values},
            "related": related_items(d["relationships"]),
            "map": dependency_map(d["relationships"]),
            "install_status": INSTALL_STATUS.get(ci.get("operational_status") or 0, "Retired"),
        }

    page = form_page(kit, "ci.html", context)

    @router.get("/cmdb/{key}")
    async def show(request: Request, key: str) -> Response:
        return await page(request, key)

    @router.post("/cmdb/{key}/{op}")
    async def submit(request: Request, key: str, op: str) -> Response:
        if op != "update":
            return kit.error_page(request, f"Unknown operation {op!r}.")
        values, trace = await kit.form(request)
        ci = (await kit.read(request, "get_configuration_item", {"ci_id": key}))["ci"]
        form = (key, values, trace)
        edits = await edited(
            kit, request, page, form, record_values(ci, list(CI_FIELDS), DISPLAY), NAMES, REFS
        )
        if isinstance(edits, Response):
            return edits
        steps = []
        if edits:
            args = {k: int(v) if k == "operational_status" and v.isdigit() else v for k, v in edits.items()}
            steps.append(Step("update_configuration_item", {"ci_id": ci["sys_id"], **args}))
        return await save(
            kit, request, form, steps, page, LABELS, (f"/cmdb/{ci['sys_id']}", "Record updated.")
        )

    return router
