"""Office part: OneDrive contents — the acting user's customer folders, account plans (documents),
forecast and commission workbooks (formulas computed by the app's formula engine), shared folders."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import openpyxl

from apps.office.services.doc_format import parse_markdown
from apps.office.services.workbook import a1, evaluate, parse_input
from apps.office.world.notes import notes_text
from apps.office.world.people import Office
from worlds.generator.common import fmt_dt, rand_dt, scaled

DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def item(
    office: Office, owner: dict[str, Any], name: str, parent: dict[str, Any] | None, kind: str, **extra: Any
) -> dict[str, Any]:
    when = rand_dt(office.rng, office.now - timedelta(days=120), office.now - timedelta(days=1))
    row = office.add(
        "drive_item",
        "DriveItem",
        name=name,
        parent_id=parent["id"] if parent else None,
        owner_id=owner["id"],
        kind=kind,
        mime_type={"document": DOCX, "workbook": XLSX}.get(kind, extra.pop("mime_type", None)),
        size=len((extra.get("content_text") or "").encode()),
        content_text=extra.pop("content_text", None),
        description=extra.pop("description", None),
        web_url=None,
        created_date_time=fmt_dt(when),
        last_modified_date_time=fmt_dt(when),
        last_modified_by_id=owner["id"],
    )
    row["web_url"] = f"https://acme-my.sharepoint.example/personal/items/{row['id']}"
    return row


def share(
    office: Office, target: dict[str, Any], user: dict[str, Any], role: str, by: dict[str, Any]
) -> None:
    office.add(
        "permission",
        "Permission",
        item_id=target["id"],
        user_id=user["id"],
        roles=[role],
        granted_by_id=by["id"],
        created_date_time=target["created_date_time"],
    )


def document(
    office: Office, owner: dict[str, Any], name: str, parent: dict[str, Any] | None, markdown: str
) -> dict[str, Any]:
    doc = item(office, owner, name, parent, "document")
    for i, (kind, text, rows) in enumerate(parse_markdown(markdown)):
        office.add(
            "doc_block", "DocBlock", item_id=doc["id"], position=i, block_type=kind, text=text, rows=rows
        )
    doc["size"] = len(markdown)
    return doc


def workbook(
    office: Office,
    owner: dict[str, Any],
    name: str,
    parent: dict[str, Any] | None,
    sheets: dict[str, list[list[Any]]],
) -> dict[str, Any]:
    """A workbook whose formula values are computed with the same engine the app uses."""
    book = item(office, owner, name, parent, "workbook")
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    cells = []
    for position, (sheet_name, rows) in enumerate(sheets.items()):
        ws_row = office.add("worksheet", "Worksheet", item_id=book["id"], name=sheet_name, position=position)
        ws = wb.create_sheet(sheet_name)
        for r, values in enumerate(rows, start=1):
            for c, raw in enumerate(values, start=1):
                formula, value = parse_input(raw)
                if formula is None and value is None:
                    continue
                ws.cell(row=r, column=c).value = formula or value
                cells.append(
                    {
                        "id": f"{ws_row['id']}!{a1(r, c)}",
                        "worksheet_id": ws_row["id"],
                        "address": a1(r, c),
                        "row_index": r,
                        "column_index": c,
                        "formula": formula,
                        "value": value,
                        "number_format": "General",
                        "_sheet": sheet_name,
                    }
                )
    computed = evaluate(wb, [(c["_sheet"], c["address"]) for c in cells if c["formula"]])
    for c in cells:
        sheet_name = c.pop("_sheet")
        if c["formula"]:
            c["value"] = computed[sheet_name, c["address"]]
        office.rows["cell"].append(c)
    return book


def build_drives(office: Office) -> None:
    rng, actor, crm = office.rng, office.actor, office.crm
    roots = {u["id"]: item(office, u, "root", None, "folder") for u in office.users}
    accounts = {a["id"]: a for a in crm.rows["account"]}
    contacts: dict[str, list[dict]] = {}
    for c in crm.rows["contact"]:
        contacts.setdefault(c["account_id"], []).append(c)
    opps = [o for o in crm.rows["opportunity"] if o["owner_id"] == office.actor_crm_id]
    open_opps = [o for o in opps if not o["is_closed"]]
    customers = item(office, actor, "Customers", roots[actor["id"]], "folder")
    item(office, actor, "Personal", roots[actor["id"]], "folder")
    my_accounts = list(dict.fromkeys(o["account_id"] for o in open_opps))[: scaled(office.scale, 8, 2)]
    for account_id in my_accounts:
        account = accounts[account_id]
        folder = item(office, actor, account["name"], customers, "folder")
        people = "\n".join(
            f"- {c['first_name']} {c['last_name']}, {c.get('title') or 'contact'} ({c['email']})"
            for c in contacts.get(account_id, [])[:5]
        )
        deals = "\n".join(
            f"| {o['name']} | {o['stage_name']} | {o['amount'] or 0:,.0f} | {o['close_date']} |"
            for o in opps
            if o["account_id"] == account_id
        )
        plan = document(
            office,
            actor,
            f"Account plan - {account['name']}.docx",
            folder,
            f"# Account plan: {account['name']}\n{account['name']} is a {account.get('industry') or 'key'} "
            f"customer in {account.get('billing_city') or 'our region'}.\n"
            f"## Stakeholders\n{people}\n## Opportunities\n| Opportunity | Stage | Amount | Close date "
            f"|\n{deals}\n## Next steps\n1. Confirm the decision process\n2. Send the updated proposal\n",
        )
        proposal = item(
            office,
            actor,
            f"Proposal - {account['name']}.txt",
            folder,
            "file",
            mime_type="text/plain",
            content_text=f"Proposal for {account['name']}\nScope: platform licenses, implementation and "
            f"premium support.\nValid until {office.now.date() + timedelta(days=30)}.",
        )
        office.attachables[account_id] = [
            {
                "name": proposal["name"],
                "content_type": "text/plain",
                "size": proposal["size"],
                "source_item_id": proposal["id"],
            }
        ]
        if office.personas and (account_id == my_accounts[0] or rng.random() < 0.5):
            first = office.rows["doc_block"][-1]
            office.add(
                "doc_comment",
                "DocComment",
                item_id=plan["id"],
                block_id=first["id"],
                author_id=office.personas[0]["user_id"],
                content="Can we get the economic buyer on a call before the proposal goes out?",
                created_date_time=plan["last_modified_date_time"],
                resolved=False,
                reply_to_id=None,
            )
    document(
        office,
        actor,
        "Q4 kickoff notes.docx",
        roots[actor["id"]],
        "# Q4 kickoff notes\nFocus on expansion deals in existing accounts.\n## Priorities\n- Close the "
        "deals in Negotiation/Review\n- Book QBRs with the top accounts\n- Keep the CRM current every "
        "Friday",
    )
    rows: list[list[Any]] = [
        ["Opportunity", "Account", "Stage", "Amount", "Probability", "Weighted", "Close date"]
    ]
    for o in open_opps[: scaled(office.scale, 25, 4)]:
        r = len(rows) + 1
        rows.append(
            [
                o["name"],
                accounts[o["account_id"]]["name"],
                o["stage_name"],
                o["amount"] or 0,
                o["probability"],
                f"=D{r}*E{r}/100",
                o["close_date"],
            ]
        )
    n = len(rows)
    rows += [
        [],
        ["Total", None, None, f"=SUM(D2:D{n})", None, f"=SUM(F2:F{n})"],
        ["Deals in Negotiation/Review", None, f'=COUNTIF(C2:C{n},"Negotiation/Review")'],
        ["Average deal", None, None, f"=IF(COUNT(D2:D{n})=0,0,AVERAGE(D2:D{n}))"],
    ]
    manager = next((u for u in office.users if u["id"] == actor["manager_id"]), actor)
    team_folder = item(office, manager, "Sales Team", roots[manager["id"]], "folder")
    workbook(
        office,
        manager,
        "Q4 Pipeline Forecast.xlsx",
        team_folder,
        {
            "Forecast": rows,
            "Assumptions": [
                ["Quota", 1500000],
                ["Commit", "=Forecast!F" + str(n + 2)],
                ["Coverage", "=ROUND(B2/B1,2)"],
            ],
        },
    )
    document(
        office,
        manager,
        "Sales playbook.docx",
        team_folder,
        "# Sales playbook\n## Discounts\n- Up to 15%: your manager approves\n- Above 15%: the CFO "
        "approves\n## Forecast\nUpdate the Q4 Pipeline Forecast workbook every Friday by noon.",
    )
    if manager is not actor:
        for member in [u for u in office.users if u["manager_id"] == manager["id"]]:
            share(office, team_folder, member, "write", manager)
    workbook(
        office,
        actor,
        "Commission calculator.xlsx",
        roots[actor["id"]],
        {
            "Calculator": [
                ["Quota", 1200000],
                ["Closed won", sum(o["amount"] or 0 for o in opps if o.get("is_won"))],
                ["Attainment", "=B2/B1"],
                ["Rate", "=IF(B3>=1,0.1,0.08)"],
                ["Commission", "=ROUND(B2*B4,2)"],
            ]
        },
    )
    finance = next(
        (
            office.by_id[p["user_id"]]
            for p in office.personas
            if office.by_id[p["user_id"]]["department"] == "Finance"
        ),
        None,
    )
    if finance:
        pricing = workbook(
            office,
            finance,
            "Pricing approvals.xlsx",
            roots[finance["id"]],
            {
                "Approvals": [
                    ["Deal", "Discount", "Approver"],
                    ["Standard", 0.15, "Manager"],
                    ["Strategic", 0.25, "CFO"],
                    ["Max discount", "=MAX(B2:B3)"],
                ]
            },
        )
        share(office, pricing, actor, "read", finance)
        document(
            office,
            finance,
            "Compensation plan 2026.docx",
            roots[finance["id"]],
            "# Compensation plan 2026\nConfidential: salary bands per level.",
        )
    for u in rng.sample(office.users, k=min(len(office.users), scaled(office.scale, 80, 5))):
        item(
            office,
            u,
            "Notes.txt",
            roots[u["id"]],
            "file",
            mime_type="text/plain",
            content_text=notes_text(u, office.users, office.rows["room"]),
        )
