"""The data room's tasks on its ticketing side (`dataroom/disputes.jsonl`): triage the customers' billing
disputes by the ledger's evidence, and report them to the controller."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from worlds.parts.dataroom import ui_oracles as ui
from worlds.parts.dataroom.disputes import CODES, GROUP

INC = r"\bINC\d{7}\b"
WORDS = {
    "duplicate": "duplicate",
    "split_invoice": "split invoice",
    "sign_flip": "sign flip",
    "missing_counterpart": "missing counterpart",
    "wrong_period": "wrong period",
}
SUBJECT = "Customer billing disputes: what the ledger shows"


def disputes(world: Path) -> list[dict[str, Any]]:
    """The disputes' truth (none in a world without a ticketing side)."""
    path = world / "dataroom" / "disputes.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines() if line] if path.is_file() else []


def _frame() -> str:
    return (
        f"Customers have raised billing disputes with us: the open incidents of the {GROUP} group. Check "
        "each one against the ledger (and the CRM): a dispute is founded when the ledger shows the "
        "anomaly the customer complains about, unfounded when the ledger bills the deal as it should. "
    )


def _reads(eng: dict[str, Any], block: str, found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {"tool": "ticketing_list_incidents", "args": {"assignment_group": GROUP, "active": True}},
        *[{"tool": "ticketing_get_incident", "args": {"incident_id": d["number"]}} for d in found],
        {"tool": "office_search_drive", "args": {"query": "GL Detail FY2026"}},
        {"tool": "office_get_used_range", "args": {"item_id": eng["item_id"]}},
        {"tool": "office_get_range", "args": {"item_id": eng["item_id"], "address": block}},
        *[
            {"tool": "crm_get_opportunity", "args": {"opportunity_id": d["opportunity_id"]}}
            for d in found
            if d["claim"] in ("missing_counterpart", "no_invoice")
        ],
    ]


def public_part(tid: str, prompt: str, apps: list[str], tags: list[str], answer: bool) -> dict[str, Any]:
    """The public part of a data-room task (every one is a hard test task any surface may perform;
    `tasks.py` writes its own with it too)."""
    return {
        "id": tid,
        "world": "acme",
        "apps": apps,
        "prompt": prompt,
        "surfaces": ["mcp", "cli", "python", "ui"],
        "split": "test",
        "difficulty": "hard",
        "tags": ["dataroom", "audit", *tags],
        "answer_required": answer,
    }


def _public(tid: str, prompt: str, tags: list[str]) -> dict[str, Any]:
    return public_part(tid, prompt, ["office", "ticketing", "crm"], ["dispute", *tags], False)


def note(d: dict[str, Any]) -> str:
    """Resolution notes: a founded dispute's anomaly and its amount; an unfounded one's evidence."""
    if d["confirmed"]:
        return (
            f"The ledger confirms it: {WORDS[d['anomaly_type']]} of ${d['anomaly_amount']:,.2f} "
            f"({d['document']}); we correct the billing."
        )
    return (
        f"The ledger bills it as it should: {d['document']} for ${d['amount']:,.2f} matches the signed "
        "order; nothing to correct."
    )


def _notes_rule(d: dict[str, Any]) -> dict[str, Any]:
    if d["confirmed"]:
        row = {"key": WORDS[d["anomaly_type"]], "amounts": [d["anomaly_amount"]]}
    else:
        row = {"key": d["document"], "amounts": [d["amount"]]}
    return {"table": {"rows": [row]}}


def triage_task(
    eng: dict, block: str, pre: str, found: list[dict], lines: dict[str, int]
) -> tuple[dict, dict]:
    """Resolve every dispute: a founded one with the anomaly and its amount, an unfounded one with the
    document that shows the deal billed correctly."""
    tid = "dataroom-disputes-triage"
    prompt = (
        pre
        + _frame()
        + (
            f'Resolve every founded dispute with resolution code "{CODES[True]}" and resolution notes '
            "that give, on one line, the anomaly's kind and its amount (as defined above). An unfounded "
            "dispute needs no correction, but the customer is owed an answer: resolve it too, with "
            f'resolution code "{CODES[False]}" and resolution notes that give, on one line, the ledger '
            "document (invoice or credit memo) that shows the deal billed correctly and its amount. "
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
                "close_notes": _notes_rule(d),
            },
        }
        for d in found
    ]
    oracle = _reads(eng, block, found) + [
        {
            "tool": "ticketing_resolve_incident",
            "args": {"incident_id": d["number"], "close_code": d["close_code"], "close_notes": note(d)},
        }
        for d in found
    ]
    ui_oracle = ui.review_disputes(found, lines) + [
        step for d in found for step in ui.resolve_incident(d["number"], d["close_code"], note(d))
    ]
    right = next(d for d in found if d["confirmed"])
    wrong = next(d for d in found if not d["confirmed"])
    truth = {
        "id": tid,
        "author": "saasgym-dataroom",
        "oracle": oracle,
        "ui_oracle": ui_oracle,
        "expect": expect,
        "allow": [
            {
                "table": "ticketing_incident",
                "ops": ["update"],
                "fields": ["active", "resolved_at", "resolved_by", "sys_updated_on", "sys_updated_by"],
            },
            {"table": "ticketing_caller_followup", "ops": ["insert"]},  # a caller may write back later
        ],
        "mutations": {"wrong_record": {right["number"]: wrong["number"]}},
    }
    return _public(tid, prompt, ["write", "incident"]), truth


def report_body(eng: dict[str, Any], found: list[dict[str, Any]]) -> str:
    """The controller's mail: a Markdown table of the disputes and the confirmed total against
    materiality."""
    total = round(sum(d["anomaly_amount"] for d in found if d["confirmed"]), 2)
    verdict = "exceeds" if total > eng["materiality"] else "does not exceed"
    lines = ["| Incident | Customer | Claimed | Confirmed | Anomaly |", "|---|---|---|---|---|"]
    lines += [
        f"| {d['number']} | {d['account']} | {d['amount']:,.2f} | "
        f"{d['anomaly_amount'] if d['confirmed'] else 0:,.2f} | "
        f"{WORDS[d['anomaly_type']] if d['confirmed'] else 'none (billed correctly)'} |"
        for d in found
    ]
    lines.append(f"| Total | confirmed | | {total:,.2f} | |")
    return (
        f"Hi {eng['controller_name'].split()[0]},\n\nThe customers' billing disputes against the "
        f"{eng['fiscal_year']} ledger:\n\n" + "\n".join(lines) + f"\n\nThe confirmed total {verdict} the "
        f"materiality threshold of ${eng['materiality']:,.0f}.\n"
    )


def report_task(
    eng: dict, block: str, pre: str, found: list[dict], lines: dict[str, int], colleague: str
) -> tuple[dict, dict]:
    """Mail the controller a table of the disputes: claimed and confirmed amounts, the anomaly's kind."""
    tid = "dataroom-disputes-report"
    prompt = (
        pre
        + _frame()
        + (
            f"Do not change the incidents. Mail {eng['controller_name']} a table with one row per "
            "dispute: its incident number, the customer (the account), the amount the customer claims, "
            "the amount the ledger confirms (the anomaly's amount as defined above; 0 for an unfounded "
            'dispute) and the kind of anomaly ("none" for an unfounded one), then a last row "Total" '
            "with the sum of the confirmed amounts, and say whether that total exceeds the materiality "
            f"threshold of ${eng['materiality']:,.0f}."
        )
    )
    total = round(sum(d["anomaly_amount"] for d in found if d["confirmed"]), 2)
    rows = [
        {
            "key": d["number"],
            "words": [d["account"], *([WORDS[d["anomaly_type"]]] if d["confirmed"] else [])],
            "amounts": [d["amount"], d["anomaly_amount"] if d["confirmed"] else 0],
        }
        for d in found
    ]
    rows.append({"key": "Total", "amounts": [total]})
    body = report_body(eng, found)
    truth = {
        "id": tid,
        "author": "saasgym-dataroom",
        "oracle": _reads(eng, block, found)
        + [
            {
                "tool": "office_send_mail",
                "args": {"to": [eng["controller_mail"]], "subject": SUBJECT, "body": body},
            }
        ],
        "ui_oracle": ui.review_disputes(found, lines) + ui.send_mail(eng["controller_mail"], SUBJECT, body),
        "expect": [
            {
                "table": "office_message",
                "op": "insert",
                "fields": {
                    "from_address": {"contains": "@"},
                    "to_recipients": {"contains": eng["controller_mail"]},
                    "body_content": {"table": {"rows": rows, "other_keys": INC}},
                },
            }
        ],
        "allow": [
            {"table": "office_message", "ops": ["insert"]},
            {"table": "office_scheduled_reply", "ops": ["insert"]},
        ],
        "mutations": {"wrong_record": {eng["controller_mail"]: colleague}},
    }
    return _public(tid, prompt, ["mail", "report", "coworker"]), truth


def build(
    world: Path, eng: dict, block: str, pre: str, lines: dict[str, int], colleague: str
) -> list[tuple[dict, dict]]:
    """The dispute tasks of `world` (none without a ticketing side); `pre` is the engagement's brief."""
    found = disputes(world)
    if not found:
        return []
    return [triage_task(eng, block, pre, found, lines), report_task(eng, block, pre, found, lines, colleague)]
