"""A colleague needs their team's purchase approved by a deadline a few working days away, and the approver is
away (frontier): the request is in the inbox, the prompt only says to handle it. The Purchasing Policy names
the approver — for an order up to its first tier, the line manager of whoever orders (the requester's, not the
acting user's). That manager is out of the office until after the deadline (their automatic reply says so) and
answers a first mail only on their return, too late; a reminder after a working day without an answer (a mail,
or a 1:1 Teams nudge that has them answer the waiting mail) gets their decision
(`apps/office/coworkers/away.py`). The decision may approve only part of the order ("up to $X"): the requester
is then told what was approved and what was not, never that the whole order was.

What decides the truth: the request (`chase/requests.jsonl`: requester, amount, deadline, the approver's
decision as the world part records it), the requester's line manager in the directory, the Purchasing
Policy's tiers. Hasty paths that fail: reporting "no answer yet" after one wait, asking the acting user's own
manager (or anyone but the requester's), telling the requester the full amount was approved when less was,
chasing only once the deadline has passed (the approval comes too late for the order; v3).
"""

from __future__ import annotations

import json
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from apps.core.handbook import MANAGER, approval_role
from apps.office.families.common import AMBER
from tasks.families import mentions
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.families.frontier_kit import (
    CHAT_SIDE_EFFECTS,
    MAIL_SIDE_EFFECTS,
    first_name,
    reads,
    sent_to,
    states,
)
from tasks.families.inbox_kit import handle, read_request, wait_day, waited
from tasks.match_model import Match
from tasks.truth_model import Checkpoint, Expectation, FrontierMeasures

POLICY = "Purchasing Policy"
PERSON = "SELECT id, mail, display_name, manager_id, time_zone FROM office_user WHERE mail = ?"
BY_ID = "SELECT id, mail, display_name FROM office_user WHERE id = ?"


def requests(d: Draw) -> list[dict]:
    """The world's purchases waiting for an away approver (the `chase` part's truth)."""
    return d.world.file_rows("chase/requests.jsonl")


def _day_after(deadline: str, zone: str | None) -> str:
    """The first moment after the deadline's day where the requester orders (their zone), in UTC: an
    approval that comes later comes too late for the order."""
    local = datetime.combine(date.fromisoformat(deadline) + timedelta(days=1), time(0))
    moment = local.replace(tzinfo=ZoneInfo(zone or "UTC")).astimezone(ZoneInfo("UTC")).replace(tzinfo=None)
    return moment.isoformat()


class ChaseApproval(Family):
    name = "office.chase-approval"
    version = 6  # v6: a person told may be in To or Cc (recipients)
    # 4: "<first> sent you something on <day>" only where one of that first name mailed that day
    apps = ("office",)  # mail, the directory and the handbook: the whole chase is in the office
    tier = "frontier"
    surfaces = ("mcp", "cli", "python")
    no_ui_reason = "the browser oracle of a two-day chase is not written yet"
    size = 24
    distinct = 6  # acme's purchases waiting for an away approver
    author = "saasgym-frontier"
    summary = (
        "frontier: a colleague's purchase needs their line manager's approval by a deadline; the manager is "
        "away past it and silent: chase after a working day, then tell the requester what was approved "
        "(maybe less)"
    )

    def build(self, d: Draw) -> Spec:
        pool = requests(d)
        if not pool:
            raise Redraw("the world has no purchases waiting for an away approver")
        req = d.pick("user", pool, key="sender")  # held out by the requester
        rule = json.loads(d.world.value("SELECT params FROM office_policy WHERE id = 'purchase-approval'"))
        if approval_role(rule["approval"], req["amount"]) != MANAGER:
            raise Redraw("the order is beyond the line manager's tier")
        requester = d.world.rows(PERSON, req["sender"])[0]
        approver = d.world.rows(BY_ID, requester["manager_id"])[0]
        if approver["mail"] != req["approver"]:
            raise Redraw("the directory names another line manager")
        amber = d.world.rows(PERSON, AMBER)[0]
        mine = d.world.rows(BY_ID, amber["manager_id"])[0]  # the wrong approver: Amber's own manager
        d.note("request", req["id"])
        prompt, k = handle(d, req)
        amount, approved, partial = req["amount"], req["approved"], req["partial"]
        first, boss = first_name(req["sender_name"]), first_name(approver["display_name"])
        ask = (
            f"Hi {boss}, {req['sender_name']}'s team needs the order below approved under the {POLICY} "
            f"before {req['deadline']}; as {first}'s line manager it is yours to approve. "
            "Could you approve it? Thanks, Amber"
        )
        chase = (
            f"Hi {boss}, a gentle reminder about {first}'s order I forwarded yesterday ({req['order']}): "
            f"could you approve it under the {POLICY}? It has to be placed by {req['deadline']}. "
            "Thanks, Amber"
        )
        if partial:
            told_text = (
                f"Hi {first}, {boss} approved your order only up to ${approved:,.0f}, not the full "
                f"${amount:,.0f} — please order no more than ${approved:,.0f} for now; the rest waits."
            )
            holds = (
                f"tells {req['sender_name']} that {boss} approved the order only up to ${approved:,.0f}, not "
                f"the full ${amount:,.0f}, and does not say the whole order was approved"
            )
        else:
            told_text = f"Hi {first}, {boss} approved your order of ${amount:,.0f}. You can place it."
            holds = f"tells {req['sender_name']} that {boss} approved the order of ${amount:,.0f}"
        me = amber["id"]
        answered = Expectation(
            table="office_message",
            op="insert",
            note="the requester's line manager answered, after a reminder, before the order's deadline",
            fields={
                "owner_id": eq(me),
                "from_address": eq(approver["mail"]),
                "body_content": mentions.approved(approved, "money"),  # not their automatic reply
                "received_date_time": Match(before=_day_after(req["deadline"], requester["time_zone"])),
            },
        )
        to_requester = sent_to(d, req["sender"])
        told = Expectation(table="office_message", op="insert", fields=to_requester)
        # a reply quotes the request (its full amount): only a partial approval's amount is the mail's own
        stated = states(
            to_requester,
            "states-the-approved-amount",
            f"the mail to {req['sender_name']} states the approved ${approved:,.0f}",
            numbers=[approved],
            tol=0.0001,  # an amount of money to the dollar
        )
        criteria = [
            *([stated] if partial else []),
            reads(to_requester, "tells-what-was-approved", "answers_request", holds),
        ]
        return Spec(
            prompt=prompt,
            oracle=[
                *read_request(req),
                step("office_search_drive", query=POLICY),
                step("office_find_people", query=req["sender_name"]),
                step(
                    "office_forward_message", message_id=req["message_id"], to=[approver["mail"]], comment=ask
                ),
                wait_day(),
                step("office_list_messages", folder="inbox", unread_only=True),  # the automatic reply only
                step(
                    "office_send_mail",
                    to=[approver["mail"]],
                    subject=f"Reminder: {req['subject']}",
                    body=chase,
                ),
                wait_day(),
                step("office_list_messages", folder="inbox", unread_only=True),
                step("office_reply_to_message", message_id=req["message_id"], body=told_text),
            ],
            expect=[answered, told],
            allow=[*MAIL_SIDE_EFFECTS, *CHAT_SIDE_EFFECTS],
            wrong_record={approver["mail"]: mine["mail"]},
            tags=["inbox", "purchase", "handbook", "approver", "away", "chase"]
            + (["partial"] if partial else []),
            phrasing=k,
            off_by_one=False,
            checkpoints=[
                waited(),
                Checkpoint(name="the requester's line manager answered the reminder", expect=[answered]),
                Checkpoint(name="the requester was told what was approved", expect=[told]),
            ],
            exchange=[6],  # the reminder: without it the away approver never answers
            personas=[approver["mail"]],
            criteria=criteria,
            frontier=FrontierMeasures(discover=2, people=2, policies=[POLICY], distractors=1),
        )


FAMILIES = [ChaseApproval()]
