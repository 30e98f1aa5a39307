"""Cross-app families about what a customer's incidents put at stake: chat the analyst on an incident the
open pipeline of the caller's account (desk → CRM → chat), and ask how many incidents an account's
contacts raised (CRM → desk)."""

from __future__ import annotations

from apps.crm.families.common import account_ref, accounts, money, open_opps_of, phrase
from crossapp.xapp.common import (
    AMBER,
    account_of_caller,
    callers_of,
    cap,
    customer_incidents,
    hold_callers,
    incident_ref,
    incidents_of,
    open_deals,
    pick_incident,
    same_split_accounts,
)
from tasks.families import mentions
from tasks.families.base import Draw, Family, Redraw, Spec, answer_steps, eq, step, ui_answer
from tasks.match_model import Match
from tasks.truth_model import Allowance, AnswerSpec, Expectation, OracleStep, UiStep

CHAT_SIDE_EFFECTS = [
    Allowance(table="office_chat", ops=["insert"]),
    Allowance(table="office_chat_member", ops=["insert"]),
    Allowance(table="office_scheduled_reply", ops=["insert"]),
]


class AssigneePipelineChat(Family):
    name = "xapp.assignee-pipeline-chat"
    apps = ("crm", "office", "ticketing")
    version = 3  # v3: the value in any notation
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-xapp-team"
    summary = "chat the analyst on a customer's open incident what the account's open pipeline is worth"

    def build(self, d: Draw) -> Spec:
        pool = customer_incidents(
            d, "i.state IN (1, 2, 3) AND s.email IN (SELECT mail FROM office_user) AND s.email != ?", AMBER
        )
        inc = pick_incident(d, pool)
        deals = open_deals(d, inc["account_id"])
        if not deals:
            raise Redraw("the account has no open deals")
        ref, lookup = incident_ref(d, inc)
        count = d.chance(0.4)
        total = round(sum(o["amount"] or 0 for o in deals), 2)
        value = f"{len(deals)} open deal{'s' if len(deals) > 1 else ''}" if count else money(total)
        what = "the number of open opportunities" if count else "the total amount of the open opportunities"
        text = f"Heads-up on {inc['number']}: {inc['account']} has {value} with us in the CRM."
        phrasings = [
            f"Send the analyst assigned to {ref} a Teams chat message telling them {what} the caller's "
            f'account has, as: "Heads-up on {inc["number"]}: <account> has <value> with us in the CRM."',
            f"Let whoever works {ref} know what is at stake: chat them {what} of the customer's account "
            f'("Heads-up on {inc["number"]}: <account name> has <value> with us in the CRM.").',
            f"{cap(ref)} is from a customer. Look up {what} their account has and message the assignee on "
            f'Teams: "Heads-up on {inc["number"]}: <account> has <value> with us in the CRM."',
            f"In a 1:1 chat, tell the assignee of {ref} {what} the caller's CRM account has. Use the words "
            f'"Heads-up on {inc["number"]}: <account> has <value> with us in the CRM."',
            f'Chat the desk analyst on {ref}: "Heads-up on {inc["number"]}: <account> has <value> with us '
            f"in the CRM.\" where <value> is {what} of the caller's account.",
        ]
        prompt, k = phrase(d, phrasings)
        if count:
            prompt += ' (value like "3 open deals")'
        else:
            prompt += ' (value like "$12,500.00")'
        me = d.world.value("SELECT id FROM office_user WHERE mail = ?", AMBER)
        other = next(r for r in pool if r["assignee_email"] != inc["assignee_email"])
        # the value in any notation: a count of open deals, or the total in dollars
        stated = (
            mentions.all_of(mentions.number(len(deals)), Match(contains="deal"))
            if count
            else mentions.number(total, tol=0.01, kind="money")
        )
        return Spec(
            prompt=prompt,
            oracle=[
                *lookup,
                *account_of_caller(inc),
                step("crm_list_opportunities", account_id=inc["account_id"], status="open"),
                step("office_find_people", query=inc["assignee"]),
                step("office_create_chat", members=[inc["assignee_email"]]),
                OracleStep(
                    tool="office_send_chat_message",
                    args={"chat_id": f"${len(lookup) + 5}.id", "content": text},
                ),
            ],
            expect=[
                Expectation(
                    table="office_chat_message",
                    op="insert",
                    fields={"from_user_id": eq(me), "body_content": stated},
                ),
                Expectation(
                    table="office_chat_member",
                    op="insert",
                    fields={"user_id": eq(_office_id(d, inc["assignee_email"]))},
                ),
            ],
            allow=CHAT_SIDE_EFFECTS,
            ui_oracle=[  # Teams' New chat: the analyst in To, the message, Send
                UiStep(goto="/s/office/chat?new=1"),
                UiStep(fill=("To", inc["assignee_email"])),
                UiStep(fill=("Type a message", text)),
                UiStep(click=("button", "Send"), in_form="New chat"),
            ],
            wrong_record={inc["assignee_email"]: other["assignee_email"]},
            tags=["chat", "incident", "opportunity", "cross-app", "count" if count else "amount"],
            phrasing=k,
            records=2 + len(deals),
        )


def _office_id(d: Draw, mail: str) -> str:
    return d.world.value("SELECT id FROM office_user WHERE mail = ?", mail)


class QaAccountIncidentCount(Family):
    name = "xapp.qa-account-incident-count"
    version = 2  # v2: no subject a world part's incidents are about (the data room's billing disputes)
    apps = ("crm", "ticketing")
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-xapp-team"
    summary = "question: how many incidents (all, or open) the contacts of an account raised"

    def build(self, d: Draw) -> Spec:
        acc = d.pick("account", same_split_accounts(d, accounts(d)), key="id")
        people = callers_of(d, acc["id"])
        if not 2 <= len(people) <= 6:
            raise Redraw("not two to six contacts")
        only_open = d.chance(0.35)
        found = [i for p in people for i in incidents_of(d, p["caller_sys_id"], only_open)]
        if not found and d.chance(0.7):
            raise Redraw("keep zero answers rare")
        hold_callers(d, found)
        deals = open_opps_of(d, acc["id"])
        if deals and d.chance(0.3):
            deal = d.choice(deals)
            unique = d.world.value("SELECT count(*) FROM crm_opportunity WHERE name = ?", deal["name"]) == 1
            if not unique:
                raise Redraw("the deal's name is not unique")
            d.note("opportunity", deal["id"])
            ref = f"the account of the {deal['name']} opportunity"
            lookup = [step("crm_list_opportunities", search=deal["name"])]
        else:
            ref, lookup = account_ref(d, acc)
        which = "open incidents (New, In Progress or On Hold)" if only_open else "incidents, open or closed,"
        asks = [
            f"How many {which} have the contacts of {ref} raised on the service desk?",
            f"Count the {which} whose caller is a CRM contact of {ref}. Just the number.",
            f"Support load check: across all contacts of {ref}, how many {which} are there?",
            f"I need the number of {which} raised by people who are contacts of {ref}.",
            f"Go through every contact of {ref} and count their {which}. What is the total?",
        ]
        prompt, k = phrase(d, asks)
        n = len(found)
        return Spec(
            prompt=cap(prompt),
            oracle=[
                *lookup,
                step("crm_list_contacts", account_id=acc["id"]),
                *[
                    step(
                        "ticketing_list_incidents",
                        caller_id=p["email"],
                        **({"active": True} if only_open else {}),
                    )
                    for p in people
                ],
                *answer_steps(str(n)),
            ],
            answer=AnswerSpec(match=Match(approx=float(n), tol=0.01)),
            ui_oracle=ui_answer(str(n)),
            tags=["question", "incident", "contact", "count", "cross-app", *(["open"] if only_open else [])],
            phrasing=k,
            records=1 + len(people) + n,
        )


FAMILIES = [AssigneePipelineChat(), QaAccountIncidentCount()]
