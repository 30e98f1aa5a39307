"""The FY2026 general-ledger detail export: customer invoices from the CRM's closed-won deals, credit memos,
cash receipts, vendor bills and payroll, one row per journal line, sorted as a GL detail report is (by GL
account, then posting date).

Amounts are integer cents while building; the workbook shows dollars. Every deal's invoice totals its
CRM amount until `anomalies.plant` changes that on purpose.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

FY_START, FY_END = date(2025, 11, 1), date(2026, 10, 31)
COLUMNS = (
    "Journal No",
    "Line",
    "Posting Date",
    "Period",
    "Source",
    "Document No",
    "Document Type",
    "Account No",
    "Account Name",
    "Opportunity Ref",
    "GL Account",
    "GL Account Name",
    "Description",
    "Amount",
    "D/C",
    "Currency",
)
GL = {
    "1000": "Cash - Operating",
    "1200": "Accounts Receivable",
    "2000": "Accounts Payable",
    "4000": "Product Revenue",
    "4100": "Subscription Revenue",
    "4200": "Professional Services Revenue",
    "4900": "Sales Returns and Allowances",
    "6000": "Salaries and Wages",
    "6100": "Rent and Facilities",
    "6200": "Software and Hosting",
    "6300": "Travel and Entertainment",
    "6400": "Professional Fees",
    "6500": "Marketing Programs",
}
REVENUE_GL = {"Hardware": "4000", "Software": "4100", "Services": "4200"}
EXPENSE_GL = ("6100", "6200", "6300", "6400", "6500")


def period(day: date) -> str:
    return f"{day.year:04d}-{day.month:02d}"


@dataclass
class Ledger:
    """Rows being built, with counters for journal and document numbers."""

    rng: random.Random
    rows: list[dict[str, Any]] = field(default_factory=list)
    journals: int = 0
    docs: dict[str, int] = field(default_factory=dict)

    def document(self, prefix: str) -> str:
        self.docs[prefix] = self.docs.get(prefix, 0) + 1
        return f"{prefix}-2026-{self.docs[prefix]:05d}"

    def journal(
        self,
        day: date,
        source: str,
        doc: str,
        doc_type: str,
        party: tuple[str, str],
        ref: str | None,
        lines: list[tuple[str, str, int, str]],
        period_text: str | None = None,
    ) -> str:
        """Post one balanced journal: lines of (GL account, description, cents, 'D' or 'C')."""
        self.journals += 1
        number = f"JE{self.journals:07d}"
        for i, (gl, text, cents, dc) in enumerate(lines, start=1):
            self.rows.append(
                {
                    "Journal No": number,
                    "Line": i,
                    "Posting Date": day.isoformat(),
                    "Period": period_text or period(day),
                    "Source": source,
                    "Document No": doc,
                    "Document Type": doc_type,
                    "Account No": party[0],
                    "Account Name": party[1],
                    "Opportunity Ref": ref,
                    "GL Account": gl,
                    "GL Account Name": GL[gl],
                    "Description": text,
                    "cents": cents,
                    "D/C": dc,
                    "Currency": "USD",
                }
            )
        return number


def cents(amount: float) -> int:
    return round(amount * 100)


def invoice_lines(opp: dict[str, Any], items: list[dict[str, Any]], products: dict[str, dict]) -> list:
    """Revenue lines of a deal's invoice: one per product line (GL by product family), or one line for a
    deal without products; the lines always total the CRM amount."""
    lines = [
        (
            REVENUE_GL.get(products[i["product_id"]]["family"], "4000"),
            products[i["product_id"]]["name"],
            cents(i["total_price"]),
        )
        for i in items
    ]
    if not lines or sum(c for _, _, c in lines) != cents(opp["amount"]):
        lines = [("4000", opp["name"], cents(opp["amount"]))]
    return lines


def post_invoice(
    led: Ledger,
    day: date,
    party: tuple[str, str],
    opp_id: str,
    lines: list,
    period_text: str | None = None,
    doc_type: str = "Invoice",
) -> tuple[str, int]:
    """An AR invoice: revenue credits plus the receivable debit. Returns (document no, total cents)."""
    doc = led.document("INV")
    total = sum(c for _, _, c in lines)
    posted = [(gl, text, c, "C") for gl, text, c in lines] + [("1200", f"Invoice {doc}", total, "D")]
    led.journal(day, "AR", doc, doc_type, party, opp_id, posted, period_text)
    return doc, total


def post_credit_memo(
    led: Ledger, day: date, party: tuple[str, str], opp_id: str, amount: int, flipped: bool = False
) -> str:
    """A credit memo: a debit to returns and allowances, a credit to the receivable (reversed if flipped)."""
    doc = led.document("CM")
    revenue, ar = ("C", "D") if flipped else ("D", "C")
    led.journal(
        day,
        "AR",
        doc,
        "Credit Memo",
        party,
        opp_id,
        [("4900", "Service credit", amount, revenue), ("1200", f"Credit memo {doc}", amount, ar)],
    )
    return doc


def post_receipt(led: Ledger, day: date, party: tuple[str, str], doc: str, amount: int) -> None:
    led.journal(
        day,
        "CR",
        f"RCPT-{doc}",
        "Payment",
        party,
        None,
        [("1000", f"Payment for {doc}", amount, "D"), ("1200", f"Payment for {doc}", amount, "C")],
    )


def vendor_activity(led: Ledger, fake: Any, n_bills: int) -> None:
    """Vendor bills (expense debit, payable credit) and their payments, spread over the fiscal year."""
    vendors = [(f"V-{20001 + i}", fake.company()) for i in range(max(8, n_bills // 40))]
    span = (FY_END - FY_START).days
    for _ in range(n_bills):
        vendor = led.rng.choice(vendors)
        day = FY_START + timedelta(days=led.rng.randint(0, span))
        gl = led.rng.choice(EXPENSE_GL)
        amount = led.rng.randint(150_00, 48_000_00)
        doc = f"BILL-{led.rng.randint(100000, 999999)}"
        text = f"{GL[gl]} - {fake.bs()}"[:80]
        led.journal(
            day,
            "AP",
            doc,
            "Vendor Bill",
            vendor,
            None,
            [(gl, text, amount, "D"), ("2000", text, amount, "C")],
        )
        paid = day + timedelta(days=led.rng.choice((15, 30, 45)))
        if paid <= FY_END:
            led.journal(
                paid,
                "AP",
                f"PAY-{doc}",
                "Payment",
                vendor,
                None,
                [("2000", f"Payment {doc}", amount, "D"), ("1000", f"Payment {doc}", amount, "C")],
            )


def payroll(led: Ledger, departments: list[str]) -> None:
    """Month-end payroll per department (salaries debit, cash credit)."""
    day = FY_START
    while day <= FY_END:
        end = (day.replace(day=28) + timedelta(days=4)).replace(day=1) - timedelta(days=1)
        for dept in departments:
            amount = led.rng.randint(40_000_00, 400_000_00)
            led.journal(
                end,
                "PR",
                f"PR-{period(end)}-{dept[:3].upper()}",
                "Payroll",
                ("", dept),
                None,
                [
                    ("6000", f"Payroll {dept} {period(end)}", amount, "D"),
                    ("1000", f"Payroll {dept} {period(end)}", amount, "C"),
                ],
            )
        day = end + timedelta(days=1)


def gl_order(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """GL detail order: account, posting date, journal, line."""
    return sorted(rows, key=lambda r: (r["GL Account"], r["Posting Date"], r["Journal No"], r["Line"]))
