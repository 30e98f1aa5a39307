"""A colleague asks for something to go to a customer's contact as the CRM lists them — who has left
(frontier; a stale record): the CRM still names them, but Amber's mailbox says otherwise — their farewell
naming a successor weeks ago, or a bounce of her mail to them and the successor's introduction. The careful
path finds that mail, writes to the successor, and brings the CRM up to date (the successor added on the
account with their address and title; the departed contact kept, marked as gone — the colleague says
marketing mails the account's contacts and that nobody is deleted). When the colleague also wants the
customer's purchase order number, only the successor can give it: ask, wait for the answer, pass it on.

What decides the truth: the handover (`handovers/handovers.jsonl`: the departed contact, the successor, the
purchase order number the successor's persona knows) and the deal the colleague names in the CRM (its
amount and close date, stated in the mail). Distractors: the departed contact itself (the CRM's only
answer) and the other accounts whose name starts the same way.

Most of the handovers' deals also have a conflict bundle of `triage/conflicts.jsonl` waiting in Amber's inbox
(a mover's new close date, an analyst's signed-off amount, a manager overruling it: `xapp.inbox-conflict`).
Working through those mails first is good work, not damage: the deal moved to the amount and date that stand
and the successor told those figures passes as well as the CRM's figures on the untouched deal.
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from apps.core.worlds import worlds_root
from crossapp.xapp.inbox_conflict import standing
from tasks.families import mentions
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.families.frontier_kit import MAIL_SIDE_EFFECTS, RECORD_NOTES, sent_to
from tasks.families.inbox_kit import part_file, wait_day, waited
from tasks.match_model import Match
from tasks.truth_model import Allowance, Checkpoint, Expectation, FrontierMeasures
from worlds.parts.requests.asks import nickname
from worlds.parts.requests.inbox import holds_approval_role

DEAL = "SELECT id, name, amount, close_date FROM crm_opportunity WHERE id = ?"
ASKERS = """
SELECT u.id, u.display_name, u.given_name, u.mail, u.job_title FROM office_user u
WHERE u.department = 'Sales Operations' AND u.id NOT IN (SELECT user_id FROM office_persona)
AND u.id != (SELECT manager_id FROM office_user WHERE mail = ?) ORDER BY u.mail
"""
SAME_DEAL = """
SELECT count(*) FROM crm_opportunity WHERE account_id = ? AND id != ? AND is_closed = 0 AND name LIKE ?
"""
SAME_START = "SELECT count(*) FROM crm_account WHERE id != ? AND name LIKE ?"
AMBER = "amber.miller@acme.example"


def _handovers(world: str) -> tuple[dict[str, Any], ...]:
    return part_file(world, "handovers/handovers.jsonl")


def _rows(world: str, part: str) -> list[dict[str, Any]]:
    path = worlds_root() / world / part
    return [json.loads(line) for line in path.read_text().splitlines() if line] if path.is_file() else []


def _requests_senders(world: str) -> set[str]:
    """Colleagues with a request of their own waiting in the inbox (`requests`), or a mail of a conflict
    bundle (`triage/conflicts`: the mover, the analyst, the analyst's manager): asked about this deal, their
    own pending change would be their answer."""
    senders = {r["sender"].lower() for r in _rows(world, "requests/requests.jsonl")}
    for b in _rows(world, "triage/conflicts.jsonl"):
        senders |= {b["mover"].lower(), b["analyst"].lower()}
        if b.get("manager"):
            senders.add(b["manager"]["email"].lower())
    return senders


def _money(amount: float) -> str:
    return f"${amount:,.0f}" if float(amount).is_integer() else f"${amount:,.2f}"


class StaleContact(Family):
    name = "xapp.stale-contact"
    apps = ("office", "crm")
    # 2: no requester with a change of their own waiting about the deal (a conflict bundle's sender);
    # 3: the deal's conflict bundle worked through first passes too
    version = 4  # v4: a person told may be in To or Cc (recipients)
    tier = "frontier"
    surfaces = ("mcp", "cli", "python")
    no_ui_reason = "the browser oracle of the CRM's contact forms is not written yet"
    size = 24
    distinct = 16  # acme's twelve handovers, each with or without a purchase order to get
    author = "saasgym-frontier"
    summary = (
        "frontier: send a customer's CRM contact a deal's figures (and get their PO number) — the "
        "contact has left, the mailbox says who took over: mail the successor, fix the CRM, relay the answer"
    )

    def build(self, d: Draw) -> Spec:
        h = d.pick("account", list(_handovers(d.world.world)), key="account_id")
        deal = d.world.rows(DEAL, h["deal_id"])[0]
        d.note("opportunity", deal["id"])
        d.note("contact", h["gone_contact_id"])
        succ = h["successor"]
        taken = _requests_senders(d.world.world)
        askers = [
            a
            for a in d.world.rows(ASKERS, AMBER)
            if not holds_approval_role(a) and a["mail"].lower() not in taken
        ]
        asker = d.choice(askers)
        po = d.choice([False, True])
        amount, close = float(deal["amount"]), date.fromisoformat(deal["close_date"])
        gone, account = h["gone_name"], h["account"]
        ask = " and get their purchase order number for it — finance won't book it without one" if po else ""
        k = d.rng.randrange(3)
        deal_name = deal["name"].split(" - ", 1)[-1]  # "Brown Inc - Annual Renewal": the Annual Renewal deal
        if int(d.world.value(SAME_DEAL, h["account_id"], deal["id"], f"% - {deal_name}")):
            raise Redraw("another open deal of the account has the same product")
        opener = (
            f"could you send {gone} at {account} the figures of their {deal_name} deal — the amount and the "
            f"expected close date as the CRM has them —{ask}?",
            f"please get the numbers of {account}'s {deal_name} deal (amount and close date, from the CRM) "
            f"over to their contact {gone}{ask}.",
            f"{gone} at {account} needs the amount and the expected close date of their {deal_name} deal as "
            f"we have it in the CRM. Can you send them{ask}?",
        )[k]
        back = " Let me know the PO number once you have it." if po else ""
        prompt = (
            f"{asker['display_name']} (Sales Operations) asks you: “Amber, {opener}{back} While you're at "
            f"it, keep {account}'s contacts in the CRM current — marketing pulls the renewal mailing list "
            "from there on Monday. We never delete a contact: someone who has left stays on file, marked as "
            "such.”"
        )
        to_succ = sent_to(d, succ["email"])
        body = (
            f"Hi {succ['first_name']},\n\nas requested, the figures of {deal['name']}: {_money(amount)}, "
            f"expected to close on {close:%B} {close.day}, {close.year}."
            + (" Could you send me your purchase order number for it?" if po else "")
            + "\n\nBest regards,\nAmber"
        )
        added = Expectation(
            table="crm_contact",
            op="insert",
            note="the successor on the account, with their address and title",
            fields={
                "account_id": eq(h["account_id"]),
                "first_name": Match(text=succ["first_name"]),
                "last_name": Match(text=succ["last_name"]),
                "email": Match(text=succ["email"]),
                "title": Match(text=succ["title"]),
            },
        )
        marked = _marked(h["gone_contact_id"], gone, account)
        # any mail to the successor that states both figures (a later thank-you is not the last word here)
        now = d.world.now.isoformat()
        figures = mentions.all_of(
            mentions.number(amount, kind="money"), mentions.date(close.isoformat(), reference=now)
        )
        bundle = next(
            (b for b in _rows(d.world.world, "triage/conflicts.jsonl") if b["deal_id"] == deal["id"]), None
        )
        settled = []  # the deal's other figures: its conflict bundle's, once its mails are worked through
        if bundle is not None:
            settled_amount, settled_close = standing(bundle, amount), bundle["date1"]
            figures = mentions.any_of(
                figures,
                mentions.all_of(
                    mentions.number(settled_amount, kind="money"), mentions.date(settled_close, reference=now)
                ),
            )
            settled = [
                Allowance(
                    table="crm_opportunity", pk=deal["id"], ops=["update"], fields=["amount", "close_date"]
                ),
                Allowance(table="crm_opportunity_history", ops=["insert"]),
                Allowance(table="crm_opportunity_line_item", ops=["update"]),
            ]
        told = Expectation(
            table="office_message",
            op="insert",
            note=f"{succ['name']} told the deal's amount {_money(amount)} and close date {close.isoformat()}",
            fields={**to_succ, "body_content": figures},
        )
        oracle = [
            step("office_search_messages", query=account),
            step("crm_list_contacts", account_id=h["account_id"]),
            step("crm_list_opportunities", account_id=h["account_id"], status="open", search=deal_name),
            step(
                "crm_create_contact",
                account_id=h["account_id"],
                first_name=succ["first_name"],
                last_name=succ["last_name"],
                email=succ["email"],
                title=succ["title"],
            ),
            step(
                "crm_update_contact",
                contact_id=h["gone_contact_id"],
                description=f"Left {account} in {h['left_on'][:7]}; {succ['name']} took over.",
            ),
            step("office_send_mail", to=[succ["email"]], subject=f"{deal['name']}: figures", body=body),
        ]
        expect = [added, marked, told]
        checkpoints = [
            Checkpoint(name="the successor is in the CRM", expect=[added]),
            Checkpoint(name="the departed contact is marked as gone", expect=[marked]),
            Checkpoint(name="the successor got the figures", expect=[told]),
        ]
        personas: list[str] = []
        exchange: list[int] = []
        if po:
            answered = Expectation(
                table="office_message",
                op="insert",
                note="the successor's answer with the purchase order number reached the inbox",
                fields={
                    "owner_id": to_succ["owner_id"],
                    "from_address": eq(succ["email"]),
                    "body_content": Match(contains=h["purchase_order"]),
                },
            )
            to_asker = sent_to(d, asker["mail"], body_content=Match(contains=h["purchase_order"]))
            relayed = Expectation(table="office_message", op="insert", fields=to_asker)
            reply = f"Hi {asker['given_name']}, {account}'s PO number is {h['purchase_order']}. Amber"
            exchange = [len(oracle) - 1, len(oracle)]
            oracle += [
                wait_day(),
                step("office_list_messages", folder="inbox", unread_only=True),
                step("office_send_mail", to=[asker["mail"]], subject=f"{account}: PO number", body=reply),
            ]
            expect += [answered, relayed]
            checkpoints += [
                Checkpoint(name="the successor answered", expect=[answered]),
                waited(),
                Checkpoint(name="the PO number was passed on", expect=[relayed]),
            ]
            personas = [succ["email"]]
        same = int(d.world.value(SAME_START, h["account_id"], nickname(account) + "%"))
        return Spec(
            prompt=prompt,
            oracle=oracle,
            expect=expect,
            allow=[
                *MAIL_SIDE_EFFECTS,
                RECORD_NOTES,
                # the departed contact's other fields (a cleared address, a note of who took over)
                Allowance(table="crm_contact", pk=h["gone_contact_id"], ops=["update"]),
                Allowance(table="office_contact", ops=["insert"]),
                # the mail logged as a completed activity on the account or the successor
                Allowance(table="crm_task", ops=["insert"]),
                *settled,
            ],
            wrong_record={succ["email"]: h["gone_email"]},
            tags=["customer", "stale-record", h["variant"], "cross-app"] + (["persona"] if po else []),
            phrasing=k,
            off_by_one=False,
            checkpoints=checkpoints,
            exchange=exchange,
            personas=personas,
            # discover: the handover mail and the deal; people: the successor (and the colleague told the PO)
            frontier=FrontierMeasures(discover=2, people=1 + po, policies=[], distractors=1 + same),
        )


def _marked(pk: str, gone: str, account: str) -> Expectation:
    """The departed contact kept and marked as gone: its title or its description says they left."""
    left = mentions.reason("left_company", names=[account, nickname(account)])
    return Expectation(
        table="crm_contact",
        op="update",
        pk=pk,
        note=f"{gone} kept, marked as no longer with {account} (title, department or description)",
        fields={"standing": left[0]},
    )


FAMILIES = [StaleContact()]
