"""The controller asks for one customer's FY2026 billing reconciled (frontier): every deal of the account that
closed won in the fiscal year, what the general ledger invoiced against it versus its CRM Amount, the net
difference, and anything else wrong in how it was billed — read from the data room's GL export and the CRM,
sent by mail.

What decides the truth: the account's Closed Won deals with a close date inside the fiscal year (the data
room's engagement: 2025-11-01 to 2026-10-31) and, per deal, the revenue lines (GL 4000-4299, credited) of
the invoices whose Opportunity Ref names it. The planted anomalies (`dataroom/anomalies.jsonl`) are what
"anything else wrong" is about: a split, a wrong period, a sign-flipped credit memo leave the totals equal.
Distractors: the account's deals outside the scope (open, lost, won in another year).
"""

from __future__ import annotations

from typing import Any

from crossapp.xapp.common import compose_ui
from crossapp.xapp.gl_audit import FLAGS, ledger
from tasks.families.base import Draw, Family, Redraw, Spec, step
from tasks.families.frontier_kit import MAIL_SIDE_EFFECTS, first_name, mail_sent, reads, sent_to, states
from tasks.truth_model import FrontierMeasures, UiStep
from worlds.parts.dataroom.ui_oracles import REF_COLUMN, open_ledger

DEALS = """
SELECT o.id, o.name, o.amount, o.close_date, o.stage_name, a.name AS account FROM crm_opportunity o
JOIN crm_account a ON a.id = o.account_id WHERE o.account_id = ? ORDER BY o.close_date, o.id
"""


def _accounts(d: Draw, led: dict[str, Any]) -> list[dict[str, Any]]:
    eng = led["eng"]
    rows = d.world.rows(
        "SELECT account_id, count(*) AS n FROM crm_opportunity WHERE stage_name = 'Closed Won' "
        "AND close_date BETWEEN ? AND ? GROUP BY account_id ORDER BY account_id",
        eng["fy_start"],
        eng["fy_end"],
    )
    flagged = {a["opportunity_id"] for a in led["anomalies"].values()}
    with_flags = {
        r["account_id"]
        for r in d.world.rows(
            f"SELECT account_id FROM crm_opportunity WHERE id IN ({','.join('?' * len(flagged))})", *flagged
        )
    }
    return [
        r | {"flagged": r["account_id"] in with_flags}
        for r in rows
        if r["n"] >= 2 or r["account_id"] in with_flags
    ]


class BillingReconciliation(Family):
    name = "xapp.billing-reconciliation"
    version = 3  # v3: a person told may be in To or Cc (recipients)
    apps = ("office", "crm")
    tier = "frontier"
    surfaces = ("mcp", "cli", "ui", "python")
    size = 60
    distinct = 27  # the data room's customers with in-scope FY2026 billing
    author = "saasgym-frontier"
    summary = (
        "frontier: the controller asks for one customer's FY2026 billing reconciled: each in-scope deal's "
        "invoiced total (GL export) against its CRM Amount, the net difference and what else is wrong, by "
        "mail"
    )

    def build(self, d: Draw) -> Spec:
        led = ledger(d.world.world)
        eng = led["eng"]
        pool = _accounts(d, led)
        flagged = d.chance(0.5)
        acct = d.pick("account", [r for r in pool if r["flagged"] == flagged] or pool, key="account_id")
        deals = d.world.rows(DEALS, acct["account_id"])
        scope = [
            o
            for o in deals
            if o["stage_name"] == "Closed Won" and eng["fy_start"] <= o["close_date"] <= eng["fy_end"]
        ]
        name = deals[0]["account"]
        if sum(1 for r in d.world.rows("SELECT name FROM crm_account WHERE name = ?", name)) > 1:
            raise Redraw("two accounts share the name")
        rows = []
        for o in scope:
            docs = led["invoices"].get(o["id"], {})
            billed = round(sum(doc["total"] for doc in docs.values()), 2)
            rows.append({**o, "docs": docs, "billed": billed, "diff": round(billed - o["amount"], 2)})
        short = [o["name"].split(" - ", 1)[-1] for o in rows]
        if len(set(short)) < len(short):
            raise Redraw("two in-scope deals share a name")
        net = round(sum(r["diff"] for r in rows), 2)
        flags = [self._flag(led["anomalies"][r["id"]]) for r in rows if r["id"] in led["anomalies"]]
        controller, mail = eng["controller_name"], eng["controller_mail"]
        prompt, k = self._prompt(d, controller, name, eng)
        body = self._body(controller, name, rows, net, flags)
        subject = f"{name}: FY2026 billing reconciliation"
        oracle = [
            step("office_search_drive", query="GL Detail FY2026"),
            step("office_get_used_range", item_id=eng["item_id"]),
            step("office_get_range", item_id=eng["item_id"], address=led["block"]),
            step("crm_list_opportunities", account_id=acct["account_id"], status="won", limit=200),
            step("office_send_mail", to=[mail], subject=subject, body=body),
        ]
        ui: list[UiStep] = [UiStep(**s) for s in open_ledger()]
        for r in rows:
            for doc in r["docs"].values():
                ui += [
                    UiStep(fill=("Name Box", f"{REF_COLUMN}{doc['row']}")),
                    UiStep(press="Enter"),
                    UiStep(expect_text=r["id"]),
                ]
        ui += [UiStep(goto=f"/s/crm/accounts/{acct['account_id']}"), UiStep(expect_text=name)]
        ui += compose_ui(mail, subject, body)
        where = sent_to(d, mail)
        amounts = sorted({v for r in rows for v in (r["billed"], r["amount"]) if v})
        criteria = [
            states(
                where,
                "deals-and-amounts",
                "names every in-scope deal with its invoiced total and its CRM Amount",
                names=short,
                numbers=amounts,
            ),  # fmt: skip
        ]
        if net:
            criteria.append(states(where, "net-difference", f"states the net difference, {abs(net):,.2f}",
                                   numbers=[abs(net)]))  # fmt: skip
        pairs = "; ".join(f"{r['name']}: invoiced {r['billed']:,.2f} against {r['amount']:,.2f} in the CRM"
                          for r in rows)  # fmt: skip
        verdict = f"a net difference of {net:,.2f}" if net else "no difference overall"
        extra = f" It also points out: {'; '.join(flags)}." if flags else " It flags nothing else as wrong."
        criteria.append(
            reads(
                where,
                "reconciles",
                "covers_items",
                f"compares, deal by deal, exactly these {name} deals closed won in FY2026 — {pairs} — and "
                f"concludes {verdict}.{extra}",
            )  # fmt: skip
        )
        finance = d.world.rows("SELECT mail FROM office_user WHERE department = 'Finance' ORDER BY mail")
        others = [r["mail"] for r in finance if r["mail"] != mail]
        return Spec(
            prompt=prompt,
            oracle=oracle,
            expect=[mail_sent(d, mail)],
            allow=MAIL_SIDE_EFFECTS,
            ui_oracle=ui,
            wrong_record={mail: others[0]},
            tags=["dataroom", "reconciliation", "mail", "report", "cross-app"],
            phrasing=k,
            records=len(rows),
            criteria=criteria,
            frontier=FrontierMeasures(
                discover=len(rows) + sum(len(r["docs"]) for r in rows),
                people=1,
                policies=[],
                distractors=len(deals) - len(rows),
            ),
        )

    @staticmethod
    def _flag(anomaly: dict[str, Any]) -> str:
        docs = anomaly["documents"]
        return FLAGS[anomaly["type"]].format(docs=", ".join(docs), n=len(docs))

    @staticmethod
    def _prompt(d: Draw, controller: str, name: str, eng: dict[str, Any]) -> tuple[str, int]:
        fy = f"FY2026 ({eng['fy_start']} to {eng['fy_end']})"
        rules = ("Our rule is one invoice per deal, dated its close date and posted to that month's period, "
                 "crediting revenue with the deal's Amount.")  # fmt: skip
        ledger = 'the GL export in the "FY2026 Audit - Billings Reconciliation" folder I shared with you'
        shared = ledger.replace("I shared", "shared")
        net = "the net difference (the invoices' total minus the CRM Amounts)"
        phrasings = [
            f'{controller} (Controller) wrote: "{name} has queried what we billed them in {fy}. Can you '
            f"reconcile it for me — for each of their deals that closed won in the year, what we invoiced "
            f"(from {ledger}) against the deal's Amount in the CRM, and {net}? Flag anything "
            f'else that looks wrong in how we billed them. {rules}" Reply to {first_name(controller)} by '
            "mail.",
            f"{controller} needs {name}'s {fy} billing reconciled before answering the customer: every deal "
            f"of theirs closed won in the fiscal year, invoiced total per {shared} "
            f"versus the CRM Amount, {net}, and anything else wrong with the billing. "
            f"{rules} Mail {controller} the result.",
            f'From {controller}: "Quick one — does what we invoiced {name} in {fy} agree with what Sales '
            "booked? Deal by deal (their closed-won deals of the year), invoiced vs CRM Amount, plus the net "
            f'difference and any other billing problem you spot. The ledger is {ledger}. {rules}" Send '
            f"{first_name(controller)} your answer by mail.",
            f"Reconcile {name}'s {fy} billing for {controller}: for each deal they closed won in the fiscal "
            f"year, compare what the general ledger ({shared}) invoiced with the "
            f"CRM Amount, give {net} and flag anything else wrong in the billing. {rules} "
            f"{first_name(controller)} wants it by mail.",
            f"{controller} asked: \"{name} says our FY2026 invoices don't match their orders. Please check "
            f"every one of their deals that closed won between {eng['fy_start']} and {eng['fy_end']}: "
            "invoiced "
            f'total in {ledger} vs the CRM Amount, {net}, and any other billing error. {rules}" '
            f"Mail {first_name(controller)} back.",
        ]
        k = d.rng.randrange(len(phrasings))
        return phrasings[k], k

    @staticmethod
    def _body(controller: str, name: str, rows: list[dict[str, Any]], net: float, flags: list[str]) -> str:
        lines = ["| Deal | Invoiced | CRM Amount | Difference |", "|---|---|---|---|"]
        lines += [
            f"| {r['name']} | {r['billed']:,.2f} | {r['amount']:,.2f} | {r['diff']:,.2f} |" for r in rows
        ]
        found = "\n".join(f"- {f}" for f in flags) if flags else "- nothing else"
        return (
            f"Hi {first_name(controller)},\n\n{name}'s FY2026 billing against the CRM:\n\n"
            + "\n".join(lines)
            + f"\n\nNet difference: {net:,.2f}.\n\nOther problems:\n{found}\n\nAmber"
        )


FAMILIES = [BillingReconciliation()]
