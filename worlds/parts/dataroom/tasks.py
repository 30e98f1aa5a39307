"""The data room's tasks, written from its truth (`dataroom/anomalies.jsonl`, `engagement.jsonl`; the
billing disputes' `disputes.jsonl` in `dispute_tasks.py`) into the world's `tasks/` folder — amounts, ids
and the materiality threshold all come from the generated records.

    python -m worlds.parts.dataroom.tasks acme     # then: saasgym tasks seal --world acme
"""

from __future__ import annotations

import base64
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from apps.core.worlds import load_world, worlds_root
from apps.office.families.common import AMBER as ACTING
from apps.office.services.stored_files import parse_xlsx
from worlds.parts.dataroom import dispute_tasks
from worlds.parts.dataroom import ui_oracles as ui

OPP_ID = r"\b006[0-9A-Za-z]{12}(?:[0-9A-Za-z]{3})?\b"
WORDS = {
    "duplicate": "duplicate",
    "amount_mismatch": "amount mismatch",
    "missing_counterpart": "missing counterpart",
    "wrong_period": "wrong period",
    "sign_flip": "sign flip",
    "split_invoice": "split invoice",
}


def _rows(world: Path, name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (world / "dataroom" / name).read_text().splitlines() if line]


def ledger_grid(world: Path) -> Any:
    """The GL export's (only) worksheet as a Grid."""
    content = json.loads((world / "dataroom/office/file_content.jsonl").read_text().splitlines()[0])
    return next(iter(parse_xlsx(base64.b64decode(content["content"])).values()))


def revenue_block(world: Path) -> str:
    """The address of the ledger's revenue rows (GL 4000-4999, contiguous: the export is sorted by
    account)."""
    grid = ledger_grid(world)
    rows, cols = grid.extent()
    accounts = [r[0] for r in grid.values(1, 11, rows, 11)]
    hits = [i + 1 for i, a in enumerate(accounts) if isinstance(a, str) and a.startswith("4")]
    return f"A{hits[0]}:{chr(64 + cols)}{hits[-1]}"


def brief(eng: dict[str, Any]) -> str:
    return (
        f"{eng['controller_name']} (Controller, {eng['controller_mail']}) shared the general-ledger export "
        f'"GL Detail FY2026.xlsx" with you (OneDrive folder "FY2026 Audit - Billings Reconciliation") for '
        f"the {eng['fiscal_year']} billings audit. In scope: every CRM opportunity Closed Won with a "
        "close date "
        f"from {eng['fy_start']} to {eng['fy_end']}. Each must be billed once: one invoice (Document Type "
        "Invoice) posted on its close date, to the period of its posting date, crediting revenue (GL "
        "4000-4299) "
        "with the opportunity's Amount and naming it in Opportunity Ref; credit memos debit GL 4900; an "
        f"invoice above ${eng['approval_limit']:,.0f} needs the controller's approval and may not be split. "
        "Anomaly kinds and their amount (a positive number): duplicate (an invoice posted twice: the "
        "duplicate's total), amount mismatch (invoiced total differs from the CRM Amount: the difference), "
        "missing counterpart (a deal never invoiced: its CRM Amount), wrong period (an invoice posted to a "
        "period other than its posting date's month: its total), sign flip (a credit memo credited "
        "to revenue "
        "instead of debited: twice its amount), split invoice (one deal billed on several same-day invoices "
        "under the approval limit: the deal's total). "
    )


def table(anomalies: list[dict[str, Any]], total: float | None = None) -> str:
    lines = ["| Opportunity | Kind | Amount |", "|---|---|---|"]
    lines += [f"| {a['opportunity_id']} | {WORDS[a['type']]} | {a['amount']:,.2f} |" for a in anomalies]
    if total is not None:
        lines.append(f"| Total | all anomalies | {total:,.2f} |")
    return "\n".join(lines)


def table_rule(anomalies: list[dict[str, Any]], total: float | None = None, words: bool = True) -> dict:
    rows = [
        {
            "key": a["opportunity_id"],
            "aliases": [a["opportunity_id"][:15]],
            "words": [WORDS[a["type"]]] if words else [],
            "amounts": [a["amount"]],
        }
        for a in anomalies
    ]
    if total is not None:
        rows.append({"key": "Total", "amounts": [total]})
    return {"table": {"rows": rows, "other_keys": OPP_ID}}


def _reads(eng: dict[str, Any], block: str) -> list[dict[str, Any]]:
    return [
        {"tool": "office_search_drive", "args": {"query": "GL Detail FY2026"}},
        {"tool": "office_get_used_range", "args": {"item_id": eng["item_id"]}},
        {"tool": "office_get_range", "args": {"item_id": eng["item_id"], "address": block}},
    ]


def _question(tid: str, eng: dict, block: str, prompt: str, answer: str, match: dict, tags: list) -> tuple:
    public = dispute_tasks.public_part(tid, prompt, ["office", "crm"], ["question", *tags], True)
    truth = {
        "id": tid,
        "author": "saasgym-dataroom",
        "answer": {"match": match},
        "oracle": [*_reads(eng, block), {"tool": "complete_task", "args": {"answer": answer}}],
    }
    return public, truth


def build_tasks(world: Path) -> list[tuple[dict, dict]]:
    """(public, truth) of every data-room task of `world`."""
    eng = _rows(world, "engagement.jsonl")[0]
    found = _rows(world, "anomalies.jsonl")
    block = revenue_block(world)
    lines = ui.revenue_lines(ledger_grid(world))
    of = {kind: [a for a in found if a["type"] == kind] for kind in WORDS}
    pre = brief(eng)
    answer_as = (
        " Answer with a table only: one row per opportunity with its 18-character id,"
        " the kind and the amount."
    )
    tasks = []
    for tid, kinds, ask, tags in (
        (
            "dataroom-qa-duplicates-splits",
            ("duplicate", "split_invoice"),
            "Find every duplicate and every split invoice.",
            ["duplicate"],
        ),
        (
            "dataroom-qa-unbilled",
            ("missing_counterpart",),
            "Find every in-scope deal with no invoice at all (missing counterpart).",
            ["reconcile"],
        ),
        (
            "dataroom-qa-period-signs",
            ("wrong_period", "sign_flip"),
            "Find every wrong-period posting and every sign flip.",
            ["cutoff"],
        ),
    ):
        rows = [a for k in kinds for a in of[k]]
        task = _question(tid, eng, block, pre + ask + answer_as, table(rows), table_rule(rows), tags)
        task[1]["ui_oracle"] = ui.review(rows, lines) + ui.answer(table(rows))
        tasks.append(task)
    total = eng["combined_effect"]
    task = _question(
        "dataroom-qa-combined-effect",
        eng,
        block,
        pre + "Find every anomaly of every kind. What is their combined effect (the sum of their amounts)? "
        "Answer with the number only.",
        f"{total:.2f}",
        {"approx": total, "tol": 0.005},
        ["materiality"],
    )
    task[1]["ui_oracle"] = ui.review(found, lines) + ui.answer(f"{total:.2f}")
    tasks.append(task)
    tasks.append(_fix_crm(eng, block, pre, of["amount_mismatch"], found, lines))
    tasks.append(_report(eng, block, pre, found, world, lines))
    return tasks + dispute_tasks.build(world, eng, block, pre, lines, _colleague(eng, world))


def _fix_crm(
    eng: dict, block: str, pre: str, mismatched: list[dict], found: list[dict], lines: dict[str, int]
) -> tuple:
    tid = "dataroom-fix-crm-amounts"
    prompt = pre + (
        "Billing follows the signed order forms: where an in-scope deal's invoiced total differs "
        "from its CRM "
        "Amount (amount mismatch), the CRM is stale. Set each such opportunity's Amount to its "
        "invoiced total "
        "and change nothing else."
    )
    public, truth = _question(tid, eng, block, prompt, "", {"approx": 0}, ["write", "opportunity"])
    public["tags"] = ["dataroom", "audit", "write", "opportunity"]
    public["answer_required"] = False
    del truth["answer"]
    truth["oracle"] = (
        _reads(eng, block)
        + [
            {"tool": "crm_get_opportunity", "args": {"opportunity_id": a["opportunity_id"]}}
            for a in mismatched
        ]
        + [
            {
                "tool": "crm_update_opportunity",
                "args": {"opportunity_id": a["opportunity_id"], "amount": a["invoiced"]},
            }
            for a in mismatched
        ]
    )
    truth["ui_oracle"] = ui.review(mismatched, lines) + [
        step for a in mismatched for step in ui.set_amount(a["opportunity_id"], a["invoiced"])
    ]
    truth["expect"] = [
        {
            "table": "crm_opportunity",
            "op": "update",
            "pk": a["opportunity_id"],
            "fields": {"amount": {"equals": a["invoiced"]}},
        }
        for a in mismatched
    ]
    other = next(a for a in found if a["type"] == "duplicate")
    truth["mutations"] = {"wrong_record": {mismatched[0]["opportunity_id"]: other["opportunity_id"]}}
    truth["allow"] = [{"table": "crm_opportunity_history", "ops": ["insert"]}]
    return public, truth


def _report(eng: dict, block: str, pre: str, found: list[dict], world: Path, lines: dict[str, int]) -> tuple:
    tid = "dataroom-report-controller"
    total = eng["combined_effect"]
    verdict = "exceeds" if total > eng["materiality"] else "does not exceed"
    prompt = pre + (
        f"Find every anomaly of every kind and report them to {eng['controller_name']} by mail: a "
        "table with one "
        "row per anomaly (the opportunity's 18-character id, the kind, the amount) and a last row "
        '"Total" with '
        "their combined effect, and say whether it exceeds the materiality threshold of "
        f"${eng['materiality']:,.0f}."
    )
    public, truth = _question(tid, eng, block, prompt, "", {"approx": 0}, ["mail", "report", "coworker"])
    public["tags"] = ["dataroom", "audit", "mail", "report", "coworker"]
    public["answer_required"] = False
    del truth["answer"]
    body = (
        f"Hi {eng['controller_name'].split()[0]},\n\nThe {eng['fiscal_year']} billings reconciliation found "
        f"{len(found)} anomalies:\n\n{table(found, total)}\n\nThe combined effect {verdict} the materiality "
        f"threshold of ${eng['materiality']:,.0f}.\n"
    )
    truth["oracle"] = _reads(eng, block) + [
        {
            "tool": "office_send_mail",
            "args": {
                "to": [eng["controller_mail"]],
                "subject": f"{eng['fiscal_year']} billings reconciliation: anomalies",
                "body": body,
            },
        }
    ]
    subject = truth["oracle"][-1]["args"]["subject"]
    truth["ui_oracle"] = ui.review(found, lines) + ui.send_mail(eng["controller_mail"], subject, body)
    truth["expect"] = [
        {
            "table": "office_message",
            "op": "insert",
            "fields": {
                "from_address": {"contains": "@"},
                "to_recipients": {"contains": eng["controller_mail"]},
                "body_content": table_rule(found, total),
            },
        }
    ]
    truth["allow"] = [
        {"table": "office_message", "ops": ["insert"]},
        {"table": "office_scheduled_reply", "ops": ["insert"]},
    ]
    truth["mutations"] = {"wrong_record": {eng["controller_mail"]: _colleague(eng, world)}}
    # the memo's conclusion is prose: the table rule reads the rows, a judged criterion reads the verdict
    sent = {"owner_id": {"equals": _sender(world)}, "to_recipients": {"contains": eng["controller_mail"]}}
    truth["criteria"] = [
        {
            "id": "materiality-verdict",
            "kind": "judged",
            "type": "answers_request",
            "holds": f"tells {eng['controller_name']} that the anomalies' combined effect, ${total:,.2f}, "
            f"{verdict} the materiality threshold of ${eng['materiality']:,.0f}",
            "deliverable": {"table": "office_message", "where": sent, "field": "body_content"},
        }
    ]
    return public, truth


def _sender(world: Path) -> str:
    """The acting user's office id (her Sent Items copy is the memo the criterion reads)."""
    users = load_world(world).rows("office/user.jsonl")
    return next(u["id"] for u in users if u["mail"] == ACTING)


def _colleague(eng: dict, world: Path) -> str:
    """Another Finance employee's address: the report sent to the wrong person (a calibration mutant)."""
    users = sorted(load_world(world).rows("office/user.jsonl"), key=lambda u: u["mail"])
    return next(
        u["mail"] for u in users if u["department"] == "Finance" and u["mail"] != eng["controller_mail"]
    )


def write_tasks(world: Path) -> list[str]:
    """Write every data-room task into `world`'s tasks folder; returns their ids."""
    ids = []
    for public, truth in build_tasks(world):
        digest = hashlib.sha256(f"{public['id']}:{json.dumps(truth, sort_keys=True)}".encode()).hexdigest()
        truth = {"id": truth.pop("id"), "canary": f"SAASGYM-CANARY-{digest[:24]}", **truth}
        for part, data in (("public", public), ("private", truth)):
            path = world / "tasks" / part / f"{public['id']}.json"
            path.write_text(json.dumps(data, indent=2) + "\n")
        ids.append(public["id"])
    return ids


if __name__ == "__main__":
    for task_id in write_tasks(worlds_root() / (sys.argv[1] if len(sys.argv) > 1 else "acme")):
        print(task_id)
