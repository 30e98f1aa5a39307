"""The data room's ticketing side: customers' billing disputes, raised as incidents by a contact of the
deal's account, about the invoices the ledger holds. Some are right (the ledger shows the planted anomaly
they complain about: an invoice charged twice, an order billed on several invoices, a credit memo that
raised the balance, a signed deal never invoiced, an invoice in the wrong period); the others are about
correct invoices (distractors: the ledger shows one invoice of the CRM amount, or a credit memo posted
as it should be). Each dispute is recorded in the truth (`dataroom/disputes.jsonl`) with whether the
ledger confirms it, the document that shows it and the disputed amount.

The incidents are written to `dataroom/ticketing/incident.jsonl` with sys_ids and numbers of their own
(`INC009xxxx`), loaded after the ticketing app's id counters, so new records get the same ids with or
without a data room. The service desk routed them to a Billing group of its own (Accounts Receivable,
`dataroom/ticketing/sys_user_group.jsonl` and `sys_user_grmember.jsonl`), each assigned to one of its
specialists: they are not in the desk's New, unassigned queue nor in any desk group's backlog.
"""

from __future__ import annotations

import hashlib
import random
from collections import defaultdict
from datetime import date, datetime, timedelta
from typing import Any

from apps.ticketing.ids import user_sys_id
from worlds.generator.common import business_day, fmt_dt
from worlds.parts.desk_rows import group_row

GROUP = "Billing"
GROUP_TEXT = "Accounts receivable: customer billing disputes and invoice questions"
SPECIALIST = "Accounts Receivable Specialist"
CONFIRMED = ("duplicate", "split_invoice", "sign_flip", "missing_counterpart", "wrong_period")
DISTRACTORS = ("charged_twice", "credit_not_applied", "no_invoice", "wrong_amount")
CODES = {True: "Solution provided", False: "No resolution provided"}


def sys_id(n: int) -> str:
    """The sys_id of the data room's dispute `n` (a namespace apart from the ticketing part's)."""
    return hashlib.md5(f"dataroom:incident:{n}".encode()).hexdigest()


def number(n: int) -> str:
    return f"INC{90000 + n:07d}"


def documents(rows: list[dict[str, Any]]) -> dict[str, dict[str, list[tuple[str, float, str]]]]:
    """Per opportunity: its invoices and credit memos as (document, amount in $, posting date), from the
    receivable (GL 1200) lines of the ledger."""
    out: dict[str, dict[str, list]] = defaultdict(lambda: {"Invoice": [], "Credit Memo": []})
    for r in rows:
        if (
            r["GL Account"] == "1200"
            and r["Opportunity Ref"]
            and r["Document Type"] in ("Invoice", "Credit Memo")
        ):
            out[r["Opportunity Ref"]][r["Document Type"]].append(
                (r["Document No"], r["cents"] / 100, r["Posting Date"])
            )
    return out


def _money(x: float) -> str:
    return f"${x:,.2f}"


def _day(iso: str) -> str:
    d = date.fromisoformat(iso)
    return f"{d:%B} {d.day}, {d.year}"


def _claim(
    kind: str, opp: dict, docs: dict, anomaly: dict | None, po: str
) -> tuple[str, str, str, float, str]:
    """(short description, the body of the customer's mail, the document that shows it, the disputed
    amount, the date of the latest document it quotes)."""
    inv, cms = docs["Invoice"], docs["Credit Memo"]
    name = opp["name"]
    if kind == "duplicate":
        (a, total, day), (b, _, _) = inv[0], inv[1]
        return (
            f"Duplicate invoice {b} for PO {po}",
            f"We received two invoices for the same order ({name}, our PO {po}): {a} and {b}, both dated "
            f"{_day(day)} and both for {_money(total)}. It is one order, so one of them is a duplicate. We "
            f"will pay {a}; please cancel {b} and send us a credit note for {_money(total)}.",
            b,
            total,
            day,
        )
    if kind == "split_invoice":
        listed = ", ".join(d for d, _, _ in inv)
        total = round(sum(x for _, x, _ in inv), 2)
        return (
            f"Order billed on {len(inv)} invoices, PO {po}",
            f"Our order {name} (PO {po}, {_money(total)} in total) came as {len(inv)} separate invoices on "
            f"{_day(inv[0][2])}: {listed}. Our accounts payable system accepts one invoice per PO, so all "
            f"{len(inv)} are blocked. Please reissue them as a single invoice for {_money(total)}.",
            inv[0][0],
            total,
            max(d for _, _, d in inv),
        )
    if kind in ("sign_flip", "credit_not_applied"):
        memo, credit, day = cms[0]
        return (
            f"Credit memo {memo} added to our balance instead of deducted",
            f"Your credit memo {memo} of {_money(credit)} for {name}, dated {_day(day)}, should reduce what "
            f"we owe, but on your latest statement our balance went up by {_money(credit)} instead of down. "
            "Can you check how it was posted and send a corrected statement?",
            memo,
            credit,
            day,
        )
    if kind in ("missing_counterpart", "no_invoice"):
        amount = opp["amount"] or 0
        return (
            f"No invoice received for PO {po}",
            f"We signed {name} on {_day(opp['close_date'])} ({_money(amount)}, our PO {po}) but we have not "
            "received an invoice for it. The budget for this purchase closes at the end of the quarter; "
            "please send the invoice, or tell us when to expect it.",
            inv[0][0] if inv else name,
            amount,
            opp["close_date"],
        )
    if kind == "wrong_period":
        doc, total, day = inv[0]
        month = date.fromisoformat(anomaly["period"] + "-01")
        return (
            f"Invoice {doc} shows in the wrong month on your statement",
            f"Invoice {doc} for {name} ({_money(total)}) is dated {_day(day)}, but your statement lists it "
            f"under {month:%B %Y}, so our month-end reconciliation of PO {po} does not match. Please post it "
            "in the month of its date and send us a corrected statement.",
            doc,
            total,
            day,
        )
    doc, total, day = inv[0]
    if kind == "charged_twice":
        return (
            f"Were we invoiced twice for PO {po}?",
            f"Our accounts payable team sees two charges of {_money(total)} pending for {name} (PO {po}). "
            f"The only invoice we have on file is {doc} of {_day(day)}. Were we invoiced twice? If so, "
            "please cancel the second one.",
            doc,
            total,
            day,
        )
    return (  # wrong_amount
        f"Invoice {doc} higher than our PO",
        f"Invoice {doc} of {_day(day)} bills {_money(total)} for {name}. That is more than we expected for "
        f"PO {po}. Could you check the amount against the signed order form and send a corrected invoice "
        "if it is wrong?",
        doc,
        total,
        day,
    )


def _opened(rng: random.Random, now: datetime, quoted: str) -> datetime:
    """When the customer wrote: a weekday in the last two weeks, at least three days after the document
    it quotes, in the customer's working hours (08:00-17:00 at HQ, UTC-8)."""
    earliest = max(date.fromisoformat(quoted) + timedelta(days=3), (now - timedelta(days=14)).date())
    days = [
        d
        for n in range(1, 15)
        if (d := (now - timedelta(days=n)).date()) >= earliest and business_day(d) == d
    ]
    day = rng.choice(days or [(now - timedelta(days=1)).date()])
    minutes = rng.randrange(8 * 60, 17 * 60) + 8 * 60  # HQ time to UTC
    return datetime(day.year, day.month, day.day) + timedelta(minutes=minutes)


def billing_group(desk: Any) -> tuple[dict, list[dict]]:
    """The Billing group (managed by the Controller) and its members, the Accounts Receivable
    Specialists."""
    emps = sorted(desk.company.employees, key=lambda e: e["employee_number"])
    manager = next((e for e in emps if e["title"] == "Controller"), emps[0])
    members = [e for e in emps if e["title"] == SPECIALIST] or [manager]
    gid = hashlib.md5(b"dataroom:group:billing").hexdigest()
    created = fmt_dt(desk.now.replace(year=desk.now.year - 2))
    group = group_row(
        sys_id=gid,
        name=GROUP,
        description=GROUP_TEXT,
        email="billing@acme.example",
        manager=user_sys_id(manager["employee_number"]),
        created=created,
    )
    rows = [
        {
            "group": gid,
            "sys_id": hashlib.md5(f"dataroom:grmember:{e['employee_number']}".encode()).hexdigest(),
            "user": user_sys_id(e["employee_number"]),
        }
        for e in members
    ]
    return group, rows


def build_disputes(
    rng: random.Random, now: datetime, won: list[dict], anomalies: list[dict], rows: list[dict], desk: Any
) -> dict[str, list[dict]]:
    """The part's ticketing files and the truth (`dataroom/disputes.jsonl`): one confirmed dispute per
        kind in CONFIRMED (the first anomaly of that kind), one distractor per kind in DISTRACTORS on deals
        the ledger bills correctly, raised by a contact of the deal's account (one who has written to the desk
    before, when there is one) and assigned within Billing."""
    docs = documents(rows)
    planted = {a["opportunity_id"] for a in anomalies}
    first = {}
    for a in anomalies:
        first.setdefault(a["type"], a)
    by_id = {o["id"]: o for o in won}
    clean = [o for o in won if o["id"] not in planted and len(docs[o["id"]]["Invoice"]) == 1]
    credited = [o for o in clean if docs[o["id"]]["Credit Memo"]]
    plain = [o for o in clean if not docs[o["id"]]["Credit Memo"]]
    picks = rng.sample(plain, 3) + rng.sample(credited, 1)
    cases = [(k, by_id[first[k]["opportunity_id"]], first[k]) for k in CONFIRMED if k in first]
    cases += list(
        zip(
            ("charged_twice", "no_invoice", "wrong_amount", "credit_not_applied"),
            picks,
            [None] * 4,
            strict=True,
        )
    )
    rng.shuffle(cases)
    contacts: dict[str, list[dict]] = defaultdict(list)
    for c in sorted(desk.crm.rows["contact"], key=lambda c: c["id"]):
        contacts[c["account_id"]].append(c)
    group, members = billing_group(desk)
    incidents, truth = [], []
    for n, (kind, opp, anomaly) in enumerate(cases, start=1):
        account = desk.crm.by_id[opp["account_id"]]["name"]
        person = rng.choice(contacts[opp["account_id"]]) if contacts[opp["account_id"]] else None
        caller = user_sys_id(person["id"] if person else opp["account_id"])
        po = str(rng.randint(40000, 89999))
        short, body, doc, amount, quoted = _claim(kind, opp, docs[opp["id"]], anomaly, po)
        hello = rng.choice(["Hello,", "Hi,", "Good morning,", "Dear Acme billing team,"])
        sign = f"{person['first_name']} {person['last_name']}" if person else "Accounts Payable"
        text = (
            f"{hello}\n\n{body}\n\n{rng.choice(['Thanks,', 'Regards,', 'Best regards,'])}\n{sign}\n{account}"
        )
        opened = fmt_dt(_opened(rng, now, quoted))
        owner = rng.choice(members)["user"]
        incidents.append(_incident(n, caller, group["sys_id"], owner, account, short, text, opened))
        truth.append(
            {
                "number": number(n),
                "sys_id": sys_id(n),
                "claim": kind,
                "confirmed": anomaly is not None,
                "anomaly_type": anomaly["type"] if anomaly else None,
                "anomaly_amount": anomaly["amount"] if anomaly else None,
                "opportunity_id": opp["id"],
                "opportunity": opp["name"],
                "account": account,
                "caller": sign,
                "document": doc,
                "amount": round(amount, 2),
                "close_code": CODES[anomaly is not None],
            }
        )
    return {
        "dataroom/ticketing/sys_user_group.jsonl": [group],
        "dataroom/ticketing/sys_user_grmember.jsonl": members,
        "dataroom/ticketing/incident.jsonl": incidents,
        "dataroom/disputes.jsonl": truth,
    }


def _incident(
    n: int, caller: str, group: str, owner: str, account: str, short: str, text: str, opened: str
) -> dict:
    return {
        "active": True,
        "assigned_to": owner,
        "assignment_group": group,
        "caller_id": caller,
        "category": "inquiry",
        "close_code": None,
        "close_notes": None,
        "closed_at": None,
        "closed_by": None,
        "cmdb_ci": None,
        "company": account,
        "contact_type": "email",
        "description": text,
        "hold_reason": None,
        "impact": 3,
        "number": number(n),
        "opened_at": opened,
        "opened_by": caller,
        "priority": 4,
        "problem_id": None,
        "reassignment_count": 1,
        "reopen_count": 0,
        "resolved_at": None,
        "resolved_by": None,
        "rfc": None,
        "short_description": short,
        "state": 1,
        "subcategory": None,
        "sys_created_by": caller,
        "sys_created_on": opened,
        "sys_id": sys_id(n),
        "sys_updated_by": owner,
        "sys_updated_on": opened,
        "urgency": 2,
    }
