"""The data room's tasks on its ticketing side (`dataroom/disputes.jsonl`): resolve the customers' billing
disputes by the ledger's evidence, and report which of them the planted anomalies confirm."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from worlds.parts.dataroom.disputes import CODES, GROUP

INC = r"\bINC\d{7}\b"
WORDS = {
    "duplicate": "duplicate",
    "split_invoice": "split invoice",
    "sign_flip": "sign flip",
    "missing_counterpart": "missing counterpart",
    "wrong_period": "wrong period",
}


def disputes(world: Path) -> list[dict[str, Any]]:
    path = world / "dataroom" / "disputes.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines() if line] if path.is_file() else []


def _frame() -> str:
    return (
        "Customers raised billing disputes with the service desk: the New incidents of the "
        f"{GROUP} group whose category is Inquiry / Help and whose caller writes about an invoice, "
        "a credit memo or a missing invoice of a deal in scope. The ledger is the evidence: a dispute "
        "is right when the ledger shows "
        "the anomaly the customer describes, wrong when the ledger bills the deal as it should. "
    )


def _reads(eng: dict[str, Any], block: str) -> list[dict[str, Any]]:
    return [
        {
            "tool": "ticketing_list_incidents",
            "args": {"assignment_group": GROUP, "state": [1], "category": "inquiry"},
        },
        {"tool": "office_search_drive", "args": {"query": "GL Detail FY2026"}},
        {"tool": "office_get_used_range", "args": {"item_id": eng["item_id"]}},
        {"tool": "office_get_range", "args": {"item_id": eng["item_id"], "address": block}},
    ]


def _public(tid: str, prompt: str, tags: list[str], answer: bool, no_ui: str) -> dict[str, Any]:
    return {
        "id": tid,
        "world": "acme",
        "apps": ["office", "ticketing", "crm"],
        "prompt": prompt,
        "surfaces": ["mcp", "cli", "python"],
        "no_ui_reason": no_ui,
        "split": "test",
        "difficulty": "hard",
        "tags": ["dataroom", "audit", "dispute", *tags],
        "answer_required": answer,
    }


def note(d: dict[str, Any]) -> str:
    """Resolution notes that name the ledger's evidence and the disputed amount."""
    if d["confirmed"]:
        kind = WORDS[d["anomaly_type"]]
        return (
            f"The ledger confirms it: {d['document']} shows the {kind}, ${d['amount']:,.2f}; we correct it."
        )
    return (
        f"The ledger bills it right: {d['document']} for ${d['amount']:,.2f} is correct; nothing to change."
    )


def resolve_task(eng: dict, block: str, pre: str, found: list[dict], no_ui: str) -> tuple[dict, dict]:
    """Resolve every dispute: the right ones as solved, the wrong ones as not, with the evidence."""
    tid = "dataroom-resolve-disputes"
    prompt = (
        pre
        + _frame()
        + (
            "Resolve every such dispute. One the ledger confirms: resolution code "
            f'"{CODES[True]}". One the ledger contradicts: resolution code "{CODES[False]}". '
            "In the resolution notes name the ledger document that shows it (the invoice or credit "
            "memo; for a deal never invoiced, the opportunity's name) and the disputed amount. "
            "Change nothing else."
        )
    )
    expect = [
        {
            "table": "ticketing_incident",
            "op": "update",
            "pk": d["sys_id"],
            "fields": {
                "state": {"equals": 6},
                "close_code": {"equals": d["close_code"]},
                "close_notes": {
                    "table": {
                        "rows": [
                            {"key": d["document"], "aliases": [d["opportunity_id"]], "amounts": [d["amount"]]}
                        ]
                    }
                },
            },
        }
        for d in found
    ]
    oracle = _reads(eng, block) + [
        {
            "tool": "ticketing_resolve_incident",
            "args": {"incident_id": d["number"], "close_code": d["close_code"], "close_notes": note(d)},
        }
        for d in found
    ]
    right = next(d for d in found if d["confirmed"])
    wrong = next(d for d in found if not d["confirmed"])
    truth = {
        "id": tid,
        "author": "saasgym-dataroom",
        "oracle": oracle,
        "expect": expect,
        "allow": [
            {
                "table": "ticketing_incident",
                "ops": ["update"],
                "fields": ["sys_updated_on", "sys_updated_by"],
            },
            {"table": "ticketing_sys_journal_field", "ops": ["insert"]},
            {"table": "ticketing_task_sla", "ops": ["update"]},
        ],
        "mutations": {"wrong_record": {right["number"]: wrong["number"]}},
    }
    return _public(tid, prompt, ["write", "incident"], False, no_ui), truth


def qa_task(eng: dict, block: str, pre: str, found: list[dict], no_ui: str) -> tuple[dict, dict]:
    """Which disputes a planted anomaly confirms, with the anomaly's kind and amount."""
    tid = "dataroom-qa-disputes"
    right = [d for d in found if d["confirmed"]]
    prompt = (
        pre
        + _frame()
        + (
            "Which of these disputes are right? Answer with a table only: one row per right dispute with its "
            "incident number, the kind of anomaly the ledger shows and that anomaly's amount."
        )
    )
    lines = ["| Incident | Kind | Amount |", "|---|---|---|"]
    lines += [f"| {d['number']} | {WORDS[d['anomaly_type']]} | {d['anomaly_amount']:,.2f} |" for d in right]
    rows = [
        {"key": d["number"], "words": [WORDS[d["anomaly_type"]]], "amounts": [d["anomaly_amount"]]}
        for d in right
    ]
    truth = {
        "id": tid,
        "author": "saasgym-dataroom",
        "answer": {"match": {"table": {"rows": rows, "other_keys": INC}}},
        "oracle": [*_reads(eng, block), {"tool": "complete_task", "args": {"answer": "\n".join(lines)}}],
    }
    return _public(tid, prompt, ["question"], True, no_ui), truth


def build(world: Path, eng: dict, block: str, pre: str, no_ui: str) -> list[tuple[dict, dict]]:
    """The dispute tasks of `world` (none without a ticketing side); `pre` is the engagement's brief."""
    found = disputes(world)
    # resolve_task is written but not yet calibrated (its oracle fails the check): not published yet
    return [qa_task(eng, block, pre, found, no_ui)] if found else []
