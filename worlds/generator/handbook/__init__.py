"""The company handbook part: ≥ 12 policies, each with machine-readable `params` and the prose stated
from them, published twice — as documents in a "Company Handbook" folder in the VP of People's OneDrive
shared (read) with every employee, and as published articles of a "Company Handbook" knowledge base in
the service desk — with the same text.

Files (all under `handbook/`): `policy.jsonl` (one record per policy: params, the facts personas answer
and the requests they decline; loaded into `office_policy`), `office_<table>.jsonl` and
`ticketing_<table>.jsonl` (rows the office and ticketing seed loaders add to their tables). Ids are in
their own namespace and draws come from `{seed}:handbook`, so adding the part changes no other file and
no id an app's counters hand out.
"""

from __future__ import annotations

import hashlib
import random
import uuid
from datetime import timedelta
from typing import Any

from worlds.generator.common import fmt_dt
from worlds.generator.parts import BuildContext, Part

from . import commercial, finance, operations
from .publish import kb_html

FOLDER = "Company Handbook"
PUBLISHER_TITLE = "VP of People"
DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


def office_id(obj: str, n: int) -> str:
    """A Graph-style GUID of a handbook row (namespace apart from the office part's counters)."""
    return str(
        uuid.UUID(bytes=hashlib.sha256(f"office:handbook:{obj}:{n}".encode()).digest()[:16], version=4)
    )


def ticketing_id(obj: str, n: int) -> str:
    return hashlib.md5(f"handbook:{obj}:{n}".encode()).hexdigest()


def policies(ctx: BuildContext, rng: random.Random, employees: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every policy of the handbook, in publication order."""
    engineers = [e for e in employees if e["department"] == "IT" and "Director" not in e["title"]]
    if len(engineers) < 2:  # a small world: the IT and engineering directors carry the pager
        engineers = [e for e in employees if e["department"] in ("IT", "Engineering")]
    return [
        commercial.discount_approval(),
        commercial.customer_sharing(),
        commercial.support_tiers(),
        commercial.service_credits(),
        commercial.gifts(),
        operations.change_freeze(ctx.now),
        operations.incident_escalation(),
        operations.major_incident(),
        operations.on_call_rota(ctx.now, engineers, rng),
        operations.data_retention(),
        finance.expense_approval(),
        finance.purchase_approval(),
        finance.travel(),
        finance.access_requests(),
    ]


def _by_title(employees: list[dict[str, Any]], title: str) -> dict[str, Any]:
    return next((e for e in employees if e["title"] == title), employees[0])


def build(ctx: BuildContext) -> tuple[dict[str, list[dict[str, Any]]], dict[str, str]]:
    from apps.office.services.doc_format import parse_markdown
    from apps.ticketing.ids import user_sys_id

    rng = random.Random(f"{ctx.seed}:handbook")
    employees = ctx.shared["company"].employees
    office = ctx.shared["office"]
    publisher = office.user_by_number[_by_title(employees, PUBLISHER_TITLE)["employee_number"]]
    root = next(
        r for r in office.rows["drive_item"] if r["name"] == "root" and r["owner_id"] == publisher["id"]
    )
    published = ctx.now - timedelta(days=60)
    stamp = fmt_dt(published)
    folder = _drive_item(office_id("DriveItem", 1), FOLDER, root["id"], publisher["id"], "folder", stamp)
    items, blocks, records, articles = [folder], [], [], []
    base = {
        "sys_id": ticketing_id("kb_knowledge_base", 1),
        "title": FOLDER,
        "active": True,
        "description": "Company policies, published by People Operations "
        "(same text as the Company Handbook folder in OneDrive)",
        "owner": user_sys_id(_by_title(employees, PUBLISHER_TITLE)["employee_number"]),
        "sys_created_by": None,
        "sys_created_on": stamp,
        "sys_updated_by": None,
        "sys_updated_on": stamp,
    }
    for n, policy in enumerate(policies(ctx, rng, employees), start=1):
        owner = _by_title(employees, policy["owner_title"])
        number = f"HB-{n:02d}"
        doc = _drive_item(
            office_id("DriveItem", n + 1),
            f"{number} {policy['title']}.docx",
            folder["id"],
            publisher["id"],
            "document",
            stamp,
            size=len(policy["markdown"]),
        )
        items.append(doc)
        for i, (kind, text, rows) in enumerate(parse_markdown(policy["markdown"])):
            blocks.append(
                {
                    "id": office_id("DocBlock", len(blocks) + 1),
                    "item_id": doc["id"],
                    "position": i,
                    "block_type": kind,
                    "text": text,
                    "rows": rows,
                }
            )
        kb_number = f"KB{90000 + n:07d}"
        articles.append(
            _article(
                ticketing_id("kb_knowledge", n),
                kb_number,
                policy,
                base["sys_id"],
                user_sys_id(owner["employee_number"]),
                stamp,
            )
        )
        records.append(
            {
                "id": policy["slug"],
                "number": number,
                "title": policy["title"],
                "owner_title": policy["owner_title"],
                "owner_employee_number": owner["employee_number"],
                "audience": policy["audience"],
                "params": policy["params"],
                "facts": policy["facts"],
                "refusals": policy["refusals"],
                "item_id": doc["id"],
                "kb_number": kb_number,
                "effective": stamp[:10],
                "markdown": policy["markdown"],
            }
        )
    permissions = [
        {
            "id": office_id("Permission", i),
            "item_id": folder["id"],
            "user_id": u["id"],
            "roles": ["read"],
            "granted_by_id": publisher["id"],
            "created_date_time": stamp,
        }
        for i, u in enumerate((u for u in office.users if u["id"] != publisher["id"]), start=1)
    ]
    ctx.shared["handbook"] = records
    files = {
        "handbook/policy.jsonl": records,
        "handbook/office_drive_item.jsonl": items,
        "handbook/office_doc_block.jsonl": blocks,
        "handbook/office_permission.jsonl": permissions,
        "handbook/ticketing_kb_knowledge_base.jsonl": [base],
        "handbook/ticketing_kb_knowledge.jsonl": articles,
    }
    return files, {}


def _drive_item(item_id: str, name: str, parent: str, owner: str, kind: str, stamp: str, size: int = 0):
    return {
        "id": item_id,
        "name": name,
        "parent_id": parent,
        "owner_id": owner,
        "kind": kind,
        "mime_type": DOCX if kind == "document" else None,
        "size": size,
        "content_text": None,
        "description": None,
        "web_url": f"https://acme-my.sharepoint.example/personal/items/{item_id}",
        "created_date_time": stamp,
        "last_modified_date_time": stamp,
        "last_modified_by_id": owner,
    }


def _article(sys_id: str, number: str, policy: dict[str, Any], base: str, author: str, stamp: str):
    return {
        "sys_id": sys_id,
        "number": number,
        "version": "1.0",
        "latest": True,
        "short_description": policy["title"],
        "text": kb_html(policy["markdown"]),
        "kb_knowledge_base": base,
        "kb_category": "Policy",
        "meta": ", ".join(["policy", "handbook", policy["slug"]]),
        "workflow_state": "published",
        "author": author,
        "cmdb_ci": None,
        "published": stamp,
        "valid_to": None,
        "sys_view_count": 0,
        "sys_created_by": None,
        "sys_created_on": stamp,
        "sys_updated_by": None,
        "sys_updated_on": stamp,
    }


PART = Part("handbook", 90, build)
