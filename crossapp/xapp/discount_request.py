"""A customer asks for a discount to sign (frontier): the mail is in the inbox, the prompt only says to handle
it. The Discount Approval Policy decides what happens, applied to the deal as the CRM has it: the matrix
sends the percentage to an approver (or forbids it beyond the last tier), and the large-deal clause raises
the approver to at least the VP of Sales for a deal of $250,000 or more, whatever the matrix says — the two
rules interact, and the customer's mail says nothing of the deal's size. A discount is never promised before
it is approved: the right move is to ask the right approver (by mail, with the deal, its amount and the
discount), wait for their answer, and only then confirm it to the customer — or, beyond what the policy
permits, decline it to the customer with the reason, promising nothing.

What decides the truth: the request (`requests/requests.jsonl`: the deal, the percentage asked), the deal's
amount in the CRM, the policy's params (`office_policy` discount-approval: tiers, chain, large-deal clause)
and who holds the approver's title (Amber's manager when the title is hers). Distractors: the customer's
other open deals, and the approvers below the one the deal needs.
"""

from __future__ import annotations

import json

from apps.core.handbook import NO_APPROVAL, NOT_PERMITTED, approval_role
from apps.office.families.common import AMBER
from apps.office.families.handbook import _approvers
from tasks.families import mentions
from tasks.families.base import Draw, Family, Redraw, Spec, step
from tasks.families.frontier_kit import (
    MAIL_SIDE_EFFECTS,
    MEETING_SIDE_EFFECTS,
    RECORD_NOTES,
    first_name,
    reads,
    sent_to,
    states,
)
from tasks.families.inbox_kit import (
    ask_and_wait,
    handle,
    pending,
    read_request,
    reply_ui,
    wait_day_ui,
    waited,
)
from tasks.match_model import Match
from tasks.truth_model import Allowance, Checkpoint, Expectation, FrontierMeasures, UiStep

POLICY = "Discount Approval Policy"
DEAL = "SELECT id, name, amount, stage_name, account_id FROM crm_opportunity WHERE id = ?"
# a colleague who approves nothing (the wrong-record mutant's addressee)
NOBODY = "SELECT mail FROM office_user WHERE job_title = 'Account Executive' AND mail != ? ORDER BY mail"
OTHER_OPEN = """
SELECT count(*) FROM crm_opportunity WHERE account_id = ? AND id != ? AND is_closed = 0
"""


class CustomerDiscountRequest(Family):
    name = "xapp.customer-discount-request"
    # 2: a note on the deal and the approved discount applied to its quote are allowed; 3: "<first> sent you
    # something on <day>" only where one sender of that first name mailed that day
    version = 5  # v5: a person told may be in To or Cc (recipients)
    apps = ("office", "crm")
    tier = "frontier"
    surfaces = ("mcp", "cli", "ui", "python")
    size = 24
    distinct = 10  # acme's pending discount requests on deals still open
    author = "saasgym-frontier"
    summary = (
        "frontier: a customer asks a discount to sign; the handbook's matrix and its large-deal clause on "
        "the CRM's deal decide: ask the right approver, wait, confirm — or decline with the reason"
    )

    def build(self, d: Draw) -> Spec:
        req = d.pick("account", pending(d, "discount"), key="account_id")
        deal = d.world.rows(DEAL, req["deal_id"])[0]
        if deal["stage_name"] in ("Closed Won", "Closed Lost"):
            raise Redraw("the deal of the request is closed in this world")
        d.note("opportunity", deal["id"])
        rule = json.loads(d.world.value("SELECT params FROM office_policy WHERE id = 'discount-approval'"))
        rule = rule["approval"]
        pct, amount = float(req["percent"]), float(deal["amount"])
        role = approval_role(rule, pct, amount)
        if role == NO_APPROVAL:
            raise Redraw("a discount that needs no approval decides nothing")
        prompt, k = handle(d, req)
        customer, first = req["customer"], first_name(req["customer_name"])
        to_customer = sent_to(d, customer)
        others = int(d.world.value(OTHER_OPEN, deal["account_id"], deal["id"]))
        large = amount >= rule["large_deal"]["at_least"]
        read = [
            *read_request(req),
            step("crm_list_opportunities", account_id=deal["account_id"], status="open"),
            step("office_search_drive", query=POLICY),
        ]
        if role == NOT_PERMITTED:
            most = rule["tiers"][-1]["up_to"]
            body = (
                f"Hi {first}, thank you for your interest. I'm sorry, but a {pct:g}% discount on "
                f"{deal['name']} is more than our discount policy permits (at most {most:g}%), "
                "so I can't offer it."
            )
            declined = Expectation(table="office_message", op="insert", fields=to_customer)
            criteria = [
                reads(
                    to_customer,
                    "declines-with-reason",
                    "answers_request",
                    f"declines the {pct:g}% discount {req['customer_name']} asked for on {deal['name']}, "
                    "gives the reason (it is more than the company's discount policy permits), and promises "
                    "no discount that has not been approved",
                )
            ]
            return Spec(
                prompt=prompt,
                oracle=[*read, step("office_reply_to_message", message_id=req["message_id"], body=body)],
                expect=[declined],
                allow=[*MAIL_SIDE_EFFECTS, *MEETING_SIDE_EFFECTS, RECORD_NOTES],
                ui_oracle=[
                    UiStep(goto=f"/s/crm/opportunities/{deal['id']}"),
                    *reply_ui(req["message_id"], body),
                ],
                # the reply goes to another customer's request
                wrong_record={
                    req["message_id"]: next(r for r in pending(d, "discount") if r is not req)["message_id"]
                },
                tags=["inbox", "customer", "discount", "handbook", "refusal", "cross-app"],
                phrasing=k,
                off_by_one=False,
                personas=[],
                criteria=criteria,
                frontier=FrontierMeasures(discover=1, people=1, policies=[POLICY], distractors=others),
            )
        approvers = _approvers(d, role)
        if not approvers:
            raise Redraw(f"nobody holds {role}")
        to = approvers[0]
        level = rule["chain"].index(role)
        # an approver may approve anything a lower level could: anyone at the level or above is right
        above = {p["mail"] for r in rule["chain"][level:] for p in _approvers(d, r)}
        below = [p["mail"] for r in rule["chain"][:level] for p in _approvers(d, r) if p["mail"] not in above]
        decoy = below[0] if below else d.world.value(NOBODY, AMBER)
        ask = (
            f"Hi {first_name(to['display_name'])}, {req['customer_name']} of {req['account']} asks for a "
            f"{pct:g}% discount on {deal['name']} (${amount:,.2f}) to sign this quarter. Could you approve "
            "it? Thanks, Amber"
        )
        confirm = (
            f"Hi {first}, good news: the {pct:g}% discount on {deal['name']} is approved. I'll send the "
            "revised quote."
        )
        me = to_customer["owner_id"]
        answered = Expectation(
            table="office_message",
            op="insert",
            note="an approver's answer reached the inbox: the level the deal needs or above, after a wait",
            fields={
                "owner_id": me,
                "from_address": Match(one_of=sorted(above)),
                "body_content": mentions.approved(pct, "percent"),
            },
        )
        told = Expectation(table="office_message", op="insert", fields=to_customer)
        criteria = [
            states(
                to_customer,
                "states-the-discount",
                f"the mail to {req['customer_name']} states the {pct:g}% discount",
                numbers=[pct],
            ),
            reads(
                to_customer,
                "confirms-approved-discount",
                "answers_request",
                f"tells {req['customer_name']} that the {pct:g}% discount on {deal['name']} is approved",
            ),
        ]
        return Spec(
            prompt=prompt,
            oracle=[
                *read,
                *ask_and_wait(to, f"Discount approval: {deal['name']}", ask),
                step("office_reply_to_message", message_id=req["message_id"], body=confirm),
            ],
            expect=[answered, told],
            # the approved discount may be applied to the deal's quote (its line items, hence its Amount)
            allow=[
                *MAIL_SIDE_EFFECTS,
                *MEETING_SIDE_EFFECTS,
                RECORD_NOTES,
                Allowance(
                    table="crm_opportunity_line_item", ops=["update"], fields=["discount", "total_price"]
                ),
                Allowance(table="crm_opportunity", pk=deal["id"], ops=["update"], fields=["amount"]),
                Allowance(table="crm_opportunity_history", ops=["insert"]),
            ],
            ui_oracle=[
                UiStep(goto=f"/s/crm/opportunities/{deal['id']}"),
                UiStep(goto="/s/office/mail/compose"),
                UiStep(fill=("To", to["mail"])),
                UiStep(fill=("Subject", f"Discount approval: {deal['name']}")),
                UiStep(fill=("Message", ask)),
                UiStep(click=("button", "Send")),
                *wait_day_ui(),
                *reply_ui(req["message_id"], confirm),
            ],
            wrong_record={to["mail"]: decoy},
            tags=["inbox", "customer", "discount", "handbook", "approver", "cross-app"]
            + (["large-deal"] if large else []),
            phrasing=k,
            off_by_one=False,
            checkpoints=[
                Checkpoint(name="the approver the deal needs approved it", expect=[answered]),
                waited(),
                Checkpoint(name="the customer was told", expect=[told]),
            ],
            exchange=[4],
            personas=[to["mail"]],
            criteria=criteria,
            frontier=FrontierMeasures(
                discover=1, people=2, policies=[POLICY], distractors=others + len(set(below))
            ),
        )


FAMILIES = [CustomerDiscountRequest()]
