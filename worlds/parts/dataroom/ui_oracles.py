"""Browser oracles of the data room's tasks: what an auditor does in Excel for the web, Sales and Outlook.

The oracle knows the answer, so it does not read 10,000 rows: it opens the shared folder and the ledger
from OneDrive, jumps with the Name Box to the revenue line that shows each anomaly (the credit memo of a
sign flip, else its first invoice), searches the ledger (Find) for a deal that was never invoiced and
reads its Amount in the CRM, then answers on the task page, edits the opportunity's Amount, or sends
the controller's report from Outlook's compose
form (a plain-text mail whose table is Markdown, as the MCP oracle sends it).
"""

from __future__ import annotations

from typing import Any

FOLDER = "FY2026 Audit - Billings Reconciliation"
LEDGER = "GL Detail FY2026.xlsx"
REF_COLUMN = "J"  # Opportunity Ref


def revenue_lines(grid: Any) -> dict[str, int]:
    """Row number of each revenue line's document (GL 4000-4999; its first line), by document number."""
    rows, _ = grid.extent()
    documents = grid.values(1, 6, rows, 6)
    accounts = grid.values(1, 11, rows, 11)
    found: dict[str, int] = {}
    for r, ((doc,), (account,)) in enumerate(zip(documents, accounts, strict=True), start=1):
        if isinstance(account, str) and account.startswith("4") and isinstance(doc, str):
            found.setdefault(doc, r)
    return found


def open_ledger() -> list[dict[str, Any]]:
    """OneDrive → Shared with me → the audit folder → the workbook."""
    return [
        {"goto": "/files"},
        {"click": ["link", "Shared with me"]},
        {"click": ["link", f"📁 {FOLDER}"]},
        {"click": ["link", f"📊 {LEDGER}"]},
        {"expect_text": "Journal No"},
    ]


def look_up(anomaly: dict[str, Any], lines: dict[str, int]) -> list[dict[str, Any]]:
    """Go to the ledger line that shows `anomaly` with the Name Box: the credit memo of a sign flip, else
    its first invoice."""
    documents = anomaly["documents"]
    document = documents[-1] if anomaly["type"] == "sign_flip" else documents[0]
    return [
        {"fill": ["Name Box", f"{REF_COLUMN}{lines[document]}"]},
        {"press": "Enter"},
        {"expect_text": anomaly["opportunity_id"]},
    ]


def find_absent(opportunity_ids: list[str]) -> list[dict[str, Any]]:
    """Find (Ctrl+F) each opportunity id in the ledger and see that no line names it."""
    steps: list[dict[str, Any]] = [{"click": ["button", "Find"]}] if opportunity_ids else []
    for opportunity_id in opportunity_ids:
        steps += [
            {"fill": ["Find what", opportunity_id]},
            {"press": "Enter"},
            {"expect_text": "couldn't find"},
        ]
    return steps


def not_invoiced(unbilled: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Find (Ctrl+F) each deal that was never invoiced in the ledger and see it is not there, then open
    it in Sales and read its Amount."""
    steps = find_absent([a["opportunity_id"] for a in unbilled])
    for anomaly in unbilled:
        steps += [
            {"goto": f"/s/crm/opportunities/{anomaly['opportunity_id']}"},
            {"expect_text": f"{anomaly['crm_amount']:,.0f}"},
        ]
    return steps


def review(anomalies: list[dict[str, Any]], lines: dict[str, int]) -> list[dict[str, Any]]:
    """Open the ledger and look every anomaly up: its line, or — never invoiced — Find and the CRM."""
    steps = open_ledger()
    for anomaly in anomalies:
        if anomaly["documents"]:
            steps += look_up(anomaly, lines)
    return steps + not_invoiced([a for a in anomalies if not a["documents"]])


def answer(text: str) -> list[dict[str, Any]]:
    """Finish the task on the task page with `text` as the answer."""
    return [
        {"goto": "/_task"},
        {"fill": ["Answer", text]},
        {"click": ["button", "Finish task"]},
        {"expect_text": "Task completed"},
    ]


def set_amount(opportunity_id: str, amount: float) -> list[dict[str, Any]]:
    """Edit the opportunity's Amount in Sales."""
    return [
        {"goto": f"/s/crm/opportunities/{opportunity_id}/edit"},
        {"fill": ["Amount", f"{amount:.2f}"]},
        {"click": ["button", "Save"]},
        {"expect_text": f"{amount:,.0f}"},
    ]


def send_mail(to: str, subject: str, body: str) -> list[dict[str, Any]]:
    """A new message from Outlook's compose form."""
    return [
        {"goto": "/s/office/mail/compose"},
        {"fill": ["To", to]},
        {"fill": ["Subject", subject]},
        {"fill": ["Message", body]},
        {"click": ["button", "Send"]},
    ]


def review_disputes(found: list[dict[str, Any]], lines: dict[str, int]) -> list[dict[str, Any]]:
    """Open the ledger and look at the document each billing dispute is about with the Name Box; a deal
    the customer says was never invoiced: Find; then read each dispute on its incident form, and the
    Amount in the CRM of the deals said to be uninvoiced."""
    steps = open_ledger()
    for d in found:
        if d["document"] in lines:
            steps += [
                {"fill": ["Name Box", f"{REF_COLUMN}{lines[d['document']]}"]},
                {"press": "Enter"},
                {"expect_text": d["opportunity_id"]},
            ]
    steps += find_absent([d["opportunity_id"] for d in found if d["document"] not in lines])
    for d in found:
        steps += [{"goto": f"/s/ticketing/incidents/{d['number']}"}, {"expect_text": d["number"]}]
    for d in found:
        if d["claim"] in ("missing_counterpart", "no_invoice"):
            steps += [
                {"goto": f"/s/crm/opportunities/{d['opportunity_id']}"},
                {"expect_text": f"{d['amount']:,.0f}"},
            ]
    return steps


def resolve_incident(number: str, code: str, notes: str) -> list[dict[str, Any]]:
    """Resolve the incident from its form: its Resolution Information tab, code and notes, then Resolve."""
    return [
        {"goto": f"/s/ticketing/incidents/{number}"},
        {"click": ["tab", "Resolution Information"]},  # the incident form's section tab
        {"select": ["Resolution code", code]},
        {"fill": ["Resolution notes", notes]},
        {"click": ["button", "Resolve"]},
        {"expect_text": "Resolved"},
    ]
