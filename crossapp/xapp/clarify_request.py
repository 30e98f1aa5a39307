"""An under-specified request from the inbox (frontier): a colleague asks Amber to change "the <nickname>
deal" in the CRM — and she has two or more open deals with that customer (or two with the same name).
Nothing in the CRM tells which one they mean: the right move is to ask them, wait for the answer, change
that deal and only that deal, and tell them it is done. A guess fails even when it happens to be right,
because the truth checks that the requester's answer reached the inbox (it only exists if they were asked
and the performer waited for it).

What decides the truth: the request (`requests/requests.jsonl`: the deal meant, the change asked) and the
CRM's open deals of the account; the requester's answer is their brief (`office_request_brief`).
Distractors: the account's other open deals.
"""

from __future__ import annotations

from typing import Any

from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.families.frontier_kit import MAIL_SIDE_EFFECTS, RECORD_NOTES, first_name, reads, sent_to
from tasks.families.inbox_kit import handle, pending, read_request, reply_ui, wait_day, wait_day_ui, waited
from tasks.match_model import Match, NumberRule
from tasks.truth_model import Allowance, Checkpoint, Expectation, FrontierMeasures, UiStep

DEALS = """
SELECT id, name, amount, close_date, stage_name FROM crm_opportunity WHERE id IN ({marks}) ORDER BY id
"""


def _change(req: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Match], list[str]]:
    """The update the request asks for: (tool arguments, expected fields, fields that follow along)."""
    if req["field"] == "close_date":
        return {"close_date": req["value"]}, {"close_date": eq(req["value"])}, ["description"]
    if req["field"] == "next_step":
        return {"next_step": req["value"]}, {"next_step": Match(text=req["value"])}, ["description"]
    args = {"stage_name": "Closed Lost", "loss_reason__c": req["value"]}
    fields = {
        "stage_name": eq("Closed Lost"),
        "loss_reason__c": eq(req["value"]),
        "is_closed": eq(True),
        "is_won": eq(False),
    }
    # closing a deal dates it the day it closed (the rep's call): its close date may follow along; the deal's
    # description may record the change (why it was lost, who said so) on every branch
    return args, fields, ["probability", "forecast_category", "close_date", "description"]


def _edit_ui(deal_id: str, req: dict[str, Any]) -> list[UiStep]:
    steps = [UiStep(goto=f"/s/crm/opportunities/{deal_id}/edit")]
    if req["field"] == "close_date":
        steps.append(UiStep(fill=("Close Date", req["value"])))
    elif req["field"] == "next_step":
        steps.append(UiStep(fill=("Next Step", req["value"])))
    else:
        steps += [UiStep(select=("Stage", "Closed Lost")), UiStep(select=("Loss Reason", req["value"]))]
    return [*steps, UiStep(click=("button", "Save"))]


class ClarifyDealRequest(Family):
    name = "xapp.clarify-deal-request"
    # v5: the deal's description may record the change; v4: the requester's answer names the deal's amount;
    # v3: closed lost may take the day it closed
    version = 6  # v6: a person told may be in To or Cc (recipients)
    apps = ("office", "crm")
    tier = "frontier"
    surfaces = ("mcp", "cli", "ui", "python")
    size = 24
    distinct = 8  # acme's eight pending clarify requests
    splits = ("train", "test")  # acme's eight such requests are about train and test accounts only
    author = "saasgym-frontier"
    summary = (
        "frontier: a colleague's mail asks a CRM change on 'the <customer> deal' where there are several "
        "open ones: ask them which, wait for the answer, change that one only, tell them"
    )

    def build(self, d: Draw) -> Spec:
        req = d.pick("account", pending(d, "clarify"), key="account_id")
        ids = [req["deal_id"], *req["others"]]
        deals = {r["id"]: r for r in d.world.rows(DEALS.format(marks=",".join("?" * len(ids))), *ids)}
        if any(deals[i]["stage_name"] in ("Closed Won", "Closed Lost") for i in ids):
            raise Redraw("a deal of the request is closed in this world")
        d.note("opportunity", req["deal_id"])
        prompt, k = handle(d, req)
        meant = deals[req["deal_id"]]
        first = first_name(req["sender_name"])
        options = " or ".join(f"{deals[i]['name']} (${deals[i]['amount']:,.0f})" for i in ids)
        question = f"Hi {first}, happy to — which {req['nickname']} deal do you mean: {options}?"
        args, fields, follow = _change(req)
        done = f"Hi {first}, done: {meant['name']} is updated in the CRM."
        oracle = [
            *read_request(req),
            step("crm_list_opportunities", account_id=req["account_id"], status="open"),
            step("office_reply_to_message", message_id=req["message_id"], body=question),
            wait_day(),
            step("office_list_messages", folder="inbox", unread_only=True),
            step("crm_update_opportunity", opportunity_id=req["deal_id"], **args),
            step("office_reply_to_message", message_id=req["message_id"], body=done),
        ]
        me = sent_to(d, req["sender"])["owner_id"]
        answered = Expectation(
            table="office_message",
            op="insert",
            note="the requester's answer reached the inbox: they were asked which deal (their answer names "
            "its amount in their own words — a thank-you for a done-note does not), and the performer waited",
            fields={
                "owner_id": me,
                "from_address": eq(req["sender"]),
                "conversation_id": Match(is_null=False),
                "body_content": Match(number=NumberRule(value=float(meant["amount"]), kind="money")),
            },
        )
        changed = Expectation(table="crm_opportunity", op="update", pk=req["deal_id"], fields=fields)
        kept = [Expectation(table="crm_opportunity", op="unchanged", pk=i) for i in req["others"]]
        allow = [
            *MAIL_SIDE_EFFECTS,
            RECORD_NOTES,
            Allowance(table="crm_opportunity_history", ops=["insert"]),
        ]
        if follow:
            allow.append(Allowance(table="crm_opportunity", pk=req["deal_id"], ops=["update"], fields=follow))
        where = sent_to(d, req["sender"])
        # two mails to the requester: the question, and the word that it is done
        mails = [Expectation(table="office_message", op="insert", fields=where) for _ in range(2)]
        criteria = [
            reads(
                where,
                "tells-the-requester",
                "answers_request",
                f"tells {req['sender_name']} that the change they asked for was made on {meant['name']} "
                f"(the deal they named when asked)",
            )
        ]
        ui = [
            UiStep(goto=f"/s/office/mail?folder=inbox&id={req['message_id']}"),
            UiStep(goto=f"/s/crm/accounts/{req['account_id']}"),
            *reply_ui(req["message_id"], question),
            *wait_day_ui(),
            *_edit_ui(req["deal_id"], req),
            *reply_ui(req["message_id"], done),
        ]
        return Spec(
            prompt=prompt,
            oracle=oracle,
            expect=[answered, changed, *kept, *mails],
            allow=allow,
            ui_oracle=ui,
            wrong_record={req["deal_id"]: req["others"][0]},
            tags=["inbox", "request", "clarify", "opportunity", "cross-app"],
            phrasing=k,
            off_by_one=False,
            checkpoints=[
                Checkpoint(name="asked the requester which deal", expect=[answered]),
                waited(),
                Checkpoint(name="the deal they meant changed", expect=[changed]),
            ],
            exchange=[2],
            personas=[req["sender"]],
            criteria=criteria,
            frontier=FrontierMeasures(
                discover=len(ids), people=1, policies=[], distractors=len(req["others"]), ask=True
            ),
        )


FAMILIES = [ClarifyDealRequest()]
