"""A customer claims a service credit after last week's outage (frontier): the mail is in the inbox
(`worlds/parts/credits`), the prompt only points at it. The Service Credit Policy decides, applied to the
world: which of the company's desk tickets the outage is (the customer names a weekday, not a ticket),
whether each one breached as the desk's SLA record has it (time on hold is paused: a ticket open past its
target may have met it), one month's fees from the account's Closed Won deals of the twelve months before
the ticket (not its open or lost deals, not older ones), 5 % of that per breached ticket, the approver the
amount needs (the policy's matrix), the credit logged on the account once approved — and the customer told:
the amount granted, what they asked beyond it declined with the reason; or, with no breach, the claim
declined with the reason and nothing promised.

What decides the truth: the claim (`credits/claims.jsonl`: account, tickets, the situation), the desk's
task SLAs, the CRM's deals and the policy's params. Distractors: the company's older ticket that met its
targets, its other deals, and the approvers below the level the credit needs.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta

from apps.core.handbook import approval_role
from apps.office.families.handbook import _approvers
from tasks.families import mentions
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.families.frontier_kit import (
    CHAT_SIDE_EFFECTS,
    MAIL_SIDE_EFFECTS,
    MEETING_SIDE_EFFECTS,
    RECORD_NOTES,
    first_name,
    reads,
    sent_to,
    states,
)
from tasks.families.inbox_kit import ask_and_wait, read_request, waited
from tasks.match_model import Match
from tasks.truth_model import Checkpoint, Expectation, FrontierMeasures

POLICY = "Service Credit Policy"
WON = """
SELECT amount, close_date FROM crm_opportunity WHERE account_id = ? AND stage_name = 'Closed Won'
ORDER BY close_date, id
"""
DEALS = "SELECT count(*) FROM crm_opportunity WHERE account_id = ?"
NOBODY = "SELECT mail FROM office_user WHERE job_title = 'Senior Support Engineer' ORDER BY mail"


def claims(d: Draw) -> list[dict]:
    return d.world.file_rows("credits/claims.jsonl")


def contract_value(d: Draw, account_id: str, opened: datetime) -> float:
    """The account's Closed Won total with a close date in the twelve months before `opened`."""
    start = opened - timedelta(days=365)
    rows = d.world.rows(WON, account_id)
    return round(
        sum(r["amount"] or 0 for r in rows if start < datetime.fromisoformat(r["close_date"]) <= opened), 2
    )


def _asked(req: dict) -> str:
    if req["ask"] == "month":
        return "a month free"
    if req["ask"] == "percent":
        return f"a {req['asked_percent']:g}% credit"
    if req["ask"] == "dollars":
        return f"${req['asked_dollars']:,.0f}"
    return ""


class CreditClaim(Family):
    name = "xapp.service-credit-claim"
    version = 4  # v4: a person told may be in To or Cc (recipients)
    reads_part_rows = True  # the claims are about the credits part's own incidents
    apps = ("office", "ticketing", "crm")
    tier = "frontier"
    surfaces = ("mcp", "cli", "python")
    no_ui_reason = (
        "the oracle reads task SLAs and deals across three apps; a browser oracle is not written yet"
    )
    size = 27
    distinct = 9  # acme's nine service-credit claims
    author = "saasgym-frontier"
    summary = (
        "frontier: a customer claims a service credit after last week's outage: the desk's SLA records "
        "(paused time), the CRM's deals and the Service Credit Policy decide; approval at the right level, "
        "the credit noted on the account, the customer told what is granted and why the rest is not"
    )

    def build(self, d: Draw) -> Spec:
        req = d.pick("account", claims(d), key="account_id")
        d.note("account", req["account_id"])
        rule = json.loads(d.world.value("SELECT params FROM office_policy WHERE id = 'service-credits'"))
        customer, first, company = req["customer"], first_name(req["customer_name"]), req["account"]
        k = d.rng.randrange(4)
        prompt = (
            f"Handle the customer complaint in your inbox from {req['customer_name']} at {company}.",
            f"Sort out {first}'s credit request — it's in your inbox.",
            f"{req['customer_name']} ({company}) wrote to you about last week. Deal with it.",
            f"There's an unhappy mail from {first} at {company} waiting for you. Please take care of it.",
        )[k]
        to_customer = sent_to(d, customer)
        tickets, breached = req["tickets"], req["breached"]
        read = [
            *read_request(req),
            step("ticketing_list_incidents", search=company, limit=100),
            *[step("ticketing_list_task_slas", task=n) for n in tickets],
            step("crm_list_opportunities", account_id=req["account_id"]),
            step("office_search_drive", query=POLICY),
        ]
        deals = int(d.world.value(DEALS, req["account_id"]))
        asked = _asked(req)
        if not breached:
            body = (
                f"Hi {first}, I'm sorry for the disruption last week. I checked {tickets[0]} on our service "
                "desk: the ticket was on hold while our hosting vendor replaced failed hardware, and that "
                "time is paused under our SLA. Without it the ticket met its response and resolution "
                "targets, so under our Service Credit Policy no service credit is due, and I can't offer one."
            )
            criteria = [
                reads(
                    to_customer,
                    "declines-no-breach",
                    "answers_request",
                    f"declines the service credit {req['customer_name']} asked for, giving the reason: the "
                    f"ticket of the outage ({tickets[0]}) met its SLA targets once the time it was on hold "
                    "(paused) is left out, so the policy owes no credit; and promises no credit",
                )
            ]
            return Spec(
                prompt=prompt,
                oracle=[*read, step("office_reply_to_message", message_id=req["message_id"], body=body)],
                expect=[
                    Expectation(
                        table="office_message",
                        op="insert",
                        note="the customer told the outage's ticket met its SLA targets (no credit is due)",
                        fields={**to_customer, "body_content": mentions.reason("sla_met")[0]},
                    )
                ],
                allow=[*MAIL_SIDE_EFFECTS, *CHAT_SIDE_EFFECTS, *MEETING_SIDE_EFFECTS, RECORD_NOTES],
                wrong_record={req["message_id"]: next(r for r in claims(d) if r is not req)["message_id"]},
                tags=["inbox", "customer", "service-credit", "handbook", "refusal", "cross-app"],
                phrasing=k,
                off_by_one=False,
                personas=[],
                criteria=criteria,
                frontier=FrontierMeasures(discover=3, people=1, policies=[POLICY], distractors=1 + deals),
            )
        opened = datetime.fromisoformat(req["opened"])
        value = contract_value(d, req["account_id"], opened)
        if abs(value - req["contract_value"]) > 0.01:
            raise Redraw("the claim's contract value is not the world's")
        monthly = value / 12
        pct = rule["credit_pct_per_breach"] * len(breached)
        credit = round(monthly * pct / 100, 2)
        role = approval_role(rule["approval"], credit)
        approvers = _approvers(d, role)
        if not approvers:
            raise Redraw(f"nobody holds {role}")
        to = approvers[d.rng.randrange(len(approvers))]
        level = rule["approval"]["chain"].index(role)
        above = {p["mail"] for r in rule["approval"]["chain"][level:] for p in _approvers(d, r)}
        below = [p["mail"] for r in rule["approval"]["chain"][:level] for p in _approvers(d, r)]
        decoy = below[0] if below else d.world.value(NOBODY)
        listed = " and ".join(breached)
        ask = (
            f"Hi {first_name(to['display_name'])}, could you approve a service credit of ${credit:,.2f} for "
            f"{company}? {listed} breached the P1 resolution target last week; one month's fees are "
            f"${monthly:,.2f} (Closed Won ${value:,.2f} over the twelve months before), {pct}% of that. "
            "Thanks, Amber"
        )
        note = f"Service credit of ${credit:,.2f} approved by {to['display_name']} for {listed} (SLA breach)."
        rest = f" What you asked for ({asked}) is more than our policy gives" if asked else ""
        confirm = (
            f"Hi {first}, I'm sorry for the outage last week. Our service desk records show that {listed} "
            f"missed the resolution target, so we are crediting {company} ${credit:,.2f} — {pct}% of one "
            f"month's fees, as our Service Credit Policy provides ({rule['credit_pct_per_breach']}% per "
            f"breached ticket).{rest + ', so I can offer this amount and not more.' if asked else ''}"
        )
        answered = Expectation(
            table="office_message",
            op="insert",
            note="an approver at the level the credit needs (or above) approved its amount, after a wait",
            fields={
                "owner_id": to_customer["owner_id"],
                "from_address": Match(one_of=sorted(above)),
                "body_content": mentions.approved(credit, "money", tol=0.5),
            },
        )
        noted = Expectation(
            table="crm_note",
            op="insert",
            note="the credit logged on the customer's account",
            fields={"parent_id": eq(req["account_id"]), "body": mentions.number(credit, 0.5, "money")},
        )
        told = Expectation(table="office_message", op="insert", fields=to_customer)
        criteria = [
            states(
                to_customer,
                "states-the-credit",
                f"the mail to {req['customer_name']} states the ${credit:,.2f} credit",
                numbers=[credit],
                tol=0.5,
            ),
            reads(
                to_customer,
                "grants-policy-credit",
                "answers_request",
                f"tells {req['customer_name']} that {company} gets a service credit of ${credit:,.2f}"
                + (
                    f", and declines the rest of what they asked for ({asked}) with the reason (the Service "
                    "Credit Policy gives 5% of one month's fees per breached ticket)"
                    if asked
                    else ""
                ),
            ),
        ]
        return Spec(
            prompt=prompt,
            oracle=[
                *read,
                *ask_and_wait(to, f"Service credit approval: {company}", ask),
                step("crm_add_note", parent_id=req["account_id"], title="Service credit", body=note),
                step("office_reply_to_message", message_id=req["message_id"], body=confirm),
            ],
            expect=[answered, noted, told],
            allow=[*MAIL_SIDE_EFFECTS, *CHAT_SIDE_EFFECTS, *MEETING_SIDE_EFFECTS, RECORD_NOTES],
            wrong_record={to["mail"]: decoy},
            tags=["inbox", "customer", "service-credit", "handbook", "approver", "cross-app"],
            phrasing=k,
            off_by_one=False,
            checkpoints=[
                Checkpoint(name="the approver the credit needs approved it", expect=[answered]),
                waited(),
                Checkpoint(name="the credit was logged on the account", expect=[noted]),
                Checkpoint(name="the customer was told", expect=[told]),
            ],
            exchange=[len(read) + 1],
            personas=[to["mail"]],
            criteria=criteria,
            frontier=FrontierMeasures(
                discover=4, people=2, policies=[POLICY], distractors=1 + deals + len(set(below))
            ),
        )


FAMILIES = [CreditClaim()]
