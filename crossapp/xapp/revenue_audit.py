"""The controller asks, before the audit committee, for every deal in a scope whose billing does not agree
with the CRM (frontier): what is wrong with each, the documents involved, by how much, and the net effect on
revenue — found in the data room's 10,000-line GL export against the CRM's Closed Won deals, sent by mail.

What decides the truth: the scope's Closed Won deals (by their CRM close date: the fiscal year, a half, a
quarter, the first nine months, one owner's book, the deals above a size) and what the ledger shows wrong
with each (`gl_audit.deal_findings`: billed twice, never billed, a different amount, a wrong period, a
credit memo credited to revenue, a split under the approval limit), cross-checked against the planted
anomalies — a scope holding anything unplanted is never drawn (`audit_scopes`). The net effect is the flagged
deals' invoices' total minus their CRM Amounts.

Why guessing fails: every wrong deal must be named with every document involved (missing one fails), the net
effect to the dollar, and nothing else flagged: the scope's clean look-alikes (two same-day invoices of one
customer for two deals, correctly debited credit memos, a wrong deal's neighbours on its account) and the
wrong deals outside the scope must not be flagged — a judged reading, since naming one as checked and clean is
no flag (v2, after the blind probe).
"""

from __future__ import annotations

from typing import Any

from crossapp.xapp.audit_scopes import Scope, scopes
from crossapp.xapp.common import compose_ui
from crossapp.xapp.gl_audit import Finding, flag, ledger
from tasks.families.base import Draw, Family, Spec, step
from tasks.families.frontier_kit import MAIL_SIDE_EFFECTS, first_name, mail_sent, reads, sent_to, states
from tasks.rubric.extract import names as names_in
from tasks.truth_model import Criterion, FrontierMeasures, UiStep
from worlds.parts.dataroom.ui_oracles import REF_COLUMN, not_invoiced, open_ledger


class RevenueAudit(Family):
    name = "xapp.revenue-audit"
    version = 3  # v3: a person told may be in To or Cc (recipients)
    apps = ("office", "crm")
    tier = "frontier"
    surfaces = ("mcp", "cli", "ui", "python")
    splits = ("train", "test")  # ten scopes are too few to hold a dev share too
    size = 40
    distinct = 10  # the world's scopes with two or more wrong deals and nothing unplanted
    ci_instances = 1
    ci_surfaces = ("python",)
    author = "saasgym-frontier"
    summary = (
        "frontier: the controller asks for every deal in a scope (the year, a half, a quarter, an owner's "
        "book, the large deals) whose billing disagrees with the CRM: what is wrong, the documents, by how "
        "much and the net effect on revenue, found in the GL export, by mail"
    )

    def build(self, d: Draw) -> Spec:
        led = ledger(d.world.world)
        eng = led["eng"]
        year, every = scopes(d, led)
        s = d.pick("audit-scope", [{"key": x.key, "scope": x} for x in every], key="key")["scope"]
        flagged = s.flagged
        net = round(sum(s.found[o["id"]][0].billed - o["amount"] for o in flagged), 2)
        controller, mail = eng["controller_name"], eng["controller_mail"]
        prompt, k = self._prompt(d, controller, s, eng)
        body = self._body(controller, s, net)
        subject = f"{s.key} billing exceptions"
        where = sent_to(d, mail)
        forbid, distractors = self._forbidden(led, s, year)
        # a candidate the right mail names word for word (CM-2026-00004 beside INV-2026-00004 and another
        # credit memo) cannot be told apart by extraction: it is left out
        forbid = [n for n in forbid if not names_in(body, n)]
        criteria: list[Criterion] = [
            states(where, f"deal-{i}", f"names {o['name']} and every document involved: "
                   f"{', '.join(docs(s.found[o['id']])) or 'none (never invoiced)'}",
                   names=[o["name"], *docs(s.found[o["id"]])])
            for i, o in enumerate(flagged, start=1)
        ]  # fmt: skip
        criteria.append(states(where, "net-effect", f"states the net effect on revenue, {net:,.2f}",
                               numbers=[abs(net)], tol=0.5))  # fmt: skip
        if forbid:
            # judged, not matched: a document named as checked and clean, or as out of scope, is not flagged
            # (blind probe 2026-12-06: "CM-2026-00002 … are debited correctly and are not exceptions")
            listed = ", ".join(forbid)
            criteria.append(reads(where, "only-wrong-deals", "covers_items",
                                  f"flags as wrong no deal beyond those above: none of {listed} is reported "
                                  "as an exception (naming one as checked and clean, or as outside the "
                                  "scope, is no flag)"))  # fmt: skip
        wrong = "; ".join(f"{o['account']}: {how_much(f)}" for o in flagged for f in s.found[o["id"]])
        holds = f"explains what is wrong with each deal and by how much — {wrong}"
        criteria.append(reads(where, "explains", "covers_items", holds))
        finance = d.world.rows("SELECT mail FROM office_user WHERE department = 'Finance' ORDER BY mail")
        return Spec(
            prompt=prompt,
            oracle=self._oracle(led, s, mail, subject, body),
            expect=[mail_sent(d, mail)],
            allow=MAIL_SIDE_EFFECTS,
            ui_oracle=self._ui(led, s, mail, subject, body),
            wrong_record={mail: next(r["mail"] for r in finance if r["mail"] != mail)},
            tags=["dataroom", "audit", "mail", "report", "cross-app"],
            phrasing=k,
            records=len(flagged),
            criteria=criteria,
            frontier=FrontierMeasures(
                discover=len(s.deals) + sum(len(docs(f)) for f in s.found.values()),
                people=1,
                policies=[],
                distractors=distractors,
            ),
        )

    @staticmethod
    def _forbidden(led: dict[str, Any], s: Scope, year: Scope) -> tuple[list[str], int]:
        """What must not be flagged, and from how many deals: the wrong deals outside the scope (their
        documents; a never-invoiced one's name) and the scope's clean look-alikes — a customer's same-day
        invoices for different deals, a correctly debited credit memo, a wrong deal's neighbours on its
        account."""
        inside = {o["id"] for o in s.deals}
        by_ref: dict[str, list[str]] = {}
        for n, doc in sorted(led["docs"].items()):
            by_ref.setdefault(doc["ref"], []).append(n)
        out, deals = [], 0
        for o in year.deals:
            if o["id"] not in inside and o["id"] in year.found:
                out += by_ref.get(o["id"], []) or [o["name"]]
                deals += 1
        days: dict[tuple[str, str], set[str]] = {}
        for o in s.deals:
            for n in by_ref.get(o["id"], []):
                doc = led["docs"][n]
                if doc["type"] == "Invoice":
                    days.setdefault((o["account_id"], min(doc["dates"])), set()).add(o["id"])
        wrong_accounts = {o["account_id"] for o in s.flagged}
        for o in s.deals:
            if o["id"] in s.found:
                continue
            mine = [(n, led["docs"][n]) for n in by_ref.get(o["id"], [])]
            same_day = any(len(days.get((o["account_id"], min(doc["dates"])), ())) > 1 for _, doc in mine)
            picked = [n for n, doc in mine if doc["type"] == "Credit Memo" or same_day]
            if o["account_id"] in wrong_accounts:
                picked = [n for n, _ in mine]
            out += picked
            deals += bool(picked)
        return out, deals

    @staticmethod
    def _prompt(d: Draw, controller: str, s: Scope, eng: dict[str, Any]) -> tuple[str, int]:
        ledger_at = (
            'the GL export ("GL Detail FY2026.xlsx") in the "FY2026 Audit - Billings Reconciliation" folder'
        )
        limit = f"${eng['approval_limit']:,.0f}"
        wrong = (
            "billed twice, never billed, invoiced for a total other than its CRM Amount, invoiced to a "
            "period other than the month of the invoice's posting date, carrying a credit memo credited to "
            "revenue instead of debited, or one sale split into several same-day invoices each under the "
            f"{limit} approval limit (a credit memo debited as it should be is no exception)"
        )
        placed = "A deal is in scope by its CRM close date, whatever dates its invoices carry."
        each = (
            "for each one, its opportunity name as in the CRM, what is wrong, every document number involved "
            "(invoice or credit memo; none for a deal never billed) and by how much"
        )
        net = (
            "the net effect on revenue: over the deals you flag, the total of their invoices minus the total "
            "of their CRM Amounts (credit memos not counted)"
        )
        only = (
            "Only the deals that are wrong and in scope: leave out the clean ones and anything outside the "
            "scope."
        )
        me = first_name(controller)
        phrasings = [
            f'{controller} (Controller) wrote: "Before the audit committee meets I need the billing '
            f"exceptions for {s.words}: every one of those deals whose billing does not agree with the CRM — "
            f"{each} — and {net}. A deal's billing is wrong when it was {wrong}. {placed} The ledger is "
            f'{ledger_at} I shared with you. {only}" Mail {me} the result.',
            f"{controller}, our controller, is preparing for the audit committee and asks you to test the "
            f"billing of {s.words} against the CRM. Our audit program calls a deal's billing wrong when it "
            f"was {wrong}. {placed} Use {ledger_at}, shared with you. The controller wants every exception — "
            f"{each} — plus {net}. {only} Send it to {controller} by mail.",
            f'From {controller}: "Audit committee prep — can you go through {s.words} and find every deal '
            f"whose billing is off against the CRM? Off means {wrong}. {placed} Give me, {each}, and {net}. "
            f'The GL is {ledger_at} I shared. {only}" Reply to {me} by mail.',
            f"For the audit committee, {controller} (Controller) needs the exceptions in {s.words}: each "
            f"deal whose billing disagrees with its CRM record — {each} — and {net}. Exceptions are deals "
            f"{wrong}. {placed} The general ledger is {ledger_at} shared with you. {only} Mail {controller} "
            "your findings.",
        ]
        k = d.rng.randrange(len(phrasings))
        return phrasings[k], k

    @staticmethod
    def _body(controller: str, s: Scope, net: float) -> str:
        lines = ["| Deal | What is wrong | Documents | Invoiced | CRM Amount |", "|---|---|---|---|---|"]
        for o in s.flagged:
            found = s.found[o["id"]]
            what = f"{'; '.join(flag(f) for f in found)} ({'; '.join(how_much(f) for f in found)})"
            lines.append(
                f"| {o['name']} | {what} | {', '.join(docs(found)) or 'none'} | {found[0].billed:,.2f} "
                f"| {o['amount']:,.2f} |"
            )
        return (
            f"Hi {first_name(controller)},\n\nBilling exceptions, {s.key}:\n\n"
            + "\n".join(lines)
            + f"\n\nNet effect on revenue (invoices minus CRM Amounts of these deals): {net:,.2f} "
            + f"({'less' if net < 0 else 'more'} invoiced than the CRM has by {abs(net):,.2f}).\n\nAmber"
        )

    @staticmethod
    def _oracle(led: dict[str, Any], s: Scope, mail: str, subject: str, body: str) -> list:
        item = led["eng"]["item_id"]
        window = {"close_date_from": s.start, "close_date_to": s.end}
        owner = {"owner_id": s.deals[0]["owner_id"]} if s.owner else {}
        reads_crm = [
            step("crm_list_opportunities", status="won", **window, **owner, limit=200, offset=offset)
            for offset in range(0, max(1, len(s.deals)), 200)
        ]
        return [
            step("office_search_drive", query="GL Detail FY2026"),
            step("office_get_used_range", item_id=item),
            step("office_get_range", item_id=item, address=led["block"]),
            *reads_crm,
            step("office_send_mail", to=[mail], subject=subject, body=body),
        ]

    @staticmethod
    def _ui(led: dict[str, Any], s: Scope, mail: str, subject: str, body: str) -> list[UiStep]:
        ui = [UiStep(**x) for x in open_ledger()]
        unbilled = []
        for o in s.flagged:
            found = docs(s.found[o["id"]])
            unbilled += [] if found else [{"opportunity_id": o["id"], "crm_amount": o["amount"]}]
            for n in found:
                ui += [
                    UiStep(fill=("Name Box", f"{REF_COLUMN}{led['docs'][n]['row']}")),
                    UiStep(press="Enter"),
                    UiStep(expect_text=o["id"]),
                ]
        ui += [UiStep(**x) for x in not_invoiced(unbilled)]
        return ui + compose_ui(mail, subject, body)


def docs(found: list[Finding]) -> list[str]:
    """Every document a deal's findings involve, once each, in order."""
    return list(dict.fromkeys(n for f in found for n in f.docs))


def how_much(f: Finding) -> str:
    """By how much a finding is wrong, as the controller reads it."""
    against = f"invoiced {f.billed:,.2f} against {f.amount:,.2f}"
    return {
        "duplicate": f"{against}, {f.billed - f.amount:,.2f} too much",
        "missing_counterpart": f"never invoiced, {f.amount:,.2f} unbilled",
        "amount_mismatch": f"{against}, off by {abs(f.billed - f.amount):,.2f}",
        "wrong_period": f"{f.billed:,.2f} dated {f.extra.get('date')} but posted to {f.extra.get('period')}",
        "sign_flip": f"a {f.extra.get('credit', 0):,.2f} credit added to revenue instead of taken off",
        "split_invoice": f"{f.billed:,.2f} billed in {len(f.docs)} same-day invoices under the limit",
    }[f.kind]


FAMILIES = [RevenueAudit()]
