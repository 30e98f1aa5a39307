"""The data room: an audit of FY2026 billings. A general-ledger detail export (an .xlsx of >= 10,000 journal
lines at scale 1) in the controller's OneDrive, shared read-only with the acting user, that should agree
with the CRM's closed-won deals — and doesn't, in planted ways (`anomalies.py`).

Draws only from its own stream (`{seed}:dataroom`) and writes only its own files:
`dataroom/office/{drive_item,permission,file_content}.jsonl` (loaded by the office app after its own
files), the customers' billing disputes `dataroom/ticketing/{incident,sys_user_group,sys_user_grmember}`
(`disputes.py`, stream `{seed}:dataroom:disputes`; loaded by the ticketing app after its id counters) and
`dataroom/anomalies.jsonl` + `dataroom/engagement.jsonl` + `dataroom/disputes.jsonl`, the truth, which no
app loads.
"""

from __future__ import annotations

import base64
import hashlib
import random
from datetime import date, datetime
from typing import Any

from apps.office.ids import graph_guid
from worlds.generator.common import fmt_dt, make_faker, scaled
from worlds.generator.parts import BuildContext, Part
from worlds.parts.dataroom.anomalies import APPROVAL_LIMIT, post_deals
from worlds.parts.dataroom.disputes import build_disputes
from worlds.parts.dataroom.ledger import FY_END, FY_START, Ledger, gl_order, payroll, vendor_activity
from worlds.parts.dataroom.workbook import SHEET, ledger_xlsx

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
FOLDER, FILE = "FY2026 Audit - Billings Reconciliation", "GL Detail FY2026.xlsx"
MIN_DEALS = 40  # closed-won deals in the fiscal year needed to plant every kind of anomaly twice
_ids = graph_guid("DataroomDriveItem"), graph_guid("DataroomPermission")


def controller(office: Any) -> dict[str, Any]:
    """The Controller (else the first Finance employee): owner of the ledger and the report's reader."""
    users = sorted(office.users, key=lambda u: u["mail"])
    for test in (lambda u: u.get("job_title") == "Controller", lambda u: u.get("department") == "Finance"):
        found = [u for u in users if test(u)]
        if found:
            return found[0]
    raise ValueError("the world has no Finance employee to own the data room")


def _won(crm: Any) -> list[dict[str, Any]]:
    return sorted(
        (
            o
            for o in crm.rows["opportunity"]
            if o["stage_name"] == "Closed Won" and FY_START <= date.fromisoformat(o["close_date"]) <= FY_END
        ),
        key=lambda o: o["id"],
    )


def build(ctx: BuildContext) -> tuple[dict[str, list[dict[str, Any]]], dict[str, str]]:
    rng = random.Random(f"{ctx.seed}:dataroom")
    fake = make_faker(rng)
    crm, office = ctx.shared["crm"], ctx.shared["office"]
    items: dict[str, list] = {}
    for item in sorted(crm.rows["opportunity_line_item"], key=lambda i: i["id"]):
        items.setdefault(item["opportunity_id"], []).append(item)
    products = {p["id"]: p for p in crm.rows["product"]}
    accounts = {a["id"]: a for a in crm.rows["account"]}
    won = _won(crm)
    if len(won) < MIN_DEALS:  # a small world (tiny) has no data room
        return {}, {}
    led = Ledger(rng)
    anomalies = post_deals(led, won, items, products, accounts)
    payroll(led, sorted({e["department"] for e in ctx.shared["company"].employees}))
    vendor_activity(led, fake, scaled(ctx.scale, 2_300, 60))
    rows = gl_order(led.rows)
    owner = controller(office)
    created = (
        datetime(FY_END.year, FY_END.month, FY_END.day)
        + (ctx.now - datetime(FY_END.year, FY_END.month, FY_END.day)) / 2
    )
    data = ledger_xlsx(rows, created.replace(microsecond=0), owner["display_name"])
    root = next(
        i for i in office.rows["drive_item"] if i["owner_id"] == owner["id"] and i["parent_id"] is None
    )
    stamp = fmt_dt(created)
    common = {
        "owner_id": owner["id"],
        "created_date_time": stamp,
        "last_modified_date_time": stamp,
        "last_modified_by_id": owner["id"],
        "content_text": None,
    }
    folder_id, file_id = _ids[0](1), _ids[0](2)
    drive = [
        {
            **common,
            "id": folder_id,
            "name": FOLDER,
            "parent_id": root["id"],
            "kind": "folder",
            "mime_type": None,
            "size": 0,
            "description": "Working papers of the FY2026 billings audit (Finance)",
            "web_url": f"https://acme-my.sharepoint.example/personal/items/{folder_id}",
        },
        {
            **common,
            "id": file_id,
            "name": FILE,
            "parent_id": folder_id,
            "kind": "workbook",
            "mime_type": XLSX,
            "size": len(data),
            "description": f"General ledger detail, periods {FY_START:%Y-%m} to {FY_END:%Y-%m}, "
            "exported from the ERP",
            "web_url": f"https://acme-my.sharepoint.example/personal/items/{file_id}",
        },
    ]
    permission = [
        {
            "id": _ids[1](1),
            "item_id": folder_id,
            "user_id": office.actor["id"],
            "roles": ["read"],
            "granted_by_id": owner["id"],
            "created_date_time": stamp,
        }
    ]
    content = [
        {
            "id": file_id,
            "sha256": hashlib.sha256(data).hexdigest(),
            "content": base64.b64encode(data).decode("ascii"),
        }
    ]
    total = round(sum(a["amount"] for a in anomalies), 2)
    engagement = [
        {
            "controller_id": owner["id"],
            "controller_mail": owner["mail"],
            "controller_name": owner["display_name"],
            "item_id": file_id,
            "folder_id": folder_id,
            "worksheet": SHEET,
            "rows": len(rows),
            "fiscal_year": "FY2026",
            "fy_start": FY_START.isoformat(),
            "fy_end": FY_END.isoformat(),
            "approval_limit": APPROVAL_LIMIT / 100,
            "combined_effect": total,
            "materiality": float(int(total * 0.6) // 1000 * 1000),
        }
    ]
    files = {
        "dataroom/office/drive_item.jsonl": drive,
        "dataroom/office/permission.jsonl": permission,
        "dataroom/office/file_content.jsonl": content,
        "dataroom/anomalies.jsonl": anomalies,
        "dataroom/engagement.jsonl": engagement,
    }
    if "ticketing" in ctx.shared:  # the customers' billing disputes, from their own stream
        files |= build_disputes(
            random.Random(f"{ctx.seed}:dataroom:disputes"),
            ctx.now,
            won,
            anomalies,
            rows,
            ctx.shared["ticketing"],
        )
    return files, {}


PART = Part("dataroom", 40, build)
