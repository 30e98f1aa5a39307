"""Approvals by the company handbook: Amber needs a discount, an expense, a purchase, a gift or a service
credit approved. The policy's own params (`office_policy`) decide who must approve the drawn value — no
one, her manager, a named executive, or nobody at all (beyond the last tier) — so one family gives every
branch: finish at once ("not needed"), ask the right approver by mail and wait for the answer
("approved"), or refuse ("rejected"). Asking the wrong person, or not waiting, leaves the approval missing.
"""

from __future__ import annotations

import json
from typing import Any

from apps.core.handbook import MANAGER, NO_APPROVAL, NOT_PERMITTED, approval_role, holds_role
from apps.office.families.common import AMBER
from tasks.families import mentions
from tasks.families.base import Draw, Family, Redraw, Spec, answer_steps, eq, step, ui_answer
from tasks.families.mentions import Kind
from tasks.match_model import Match
from tasks.truth_model import Allowance, AnswerSpec, Expectation, OracleStep, UiStep

REQUESTS = {
    "discount-approval": "a {value} discount on {subject} ({deal})",
    "expense-approval": "my expense claim of {value} for {subject}",
    "purchase-approval": "a purchase order of {value} for {subject}",
    "gifts-entertainment": "customer hospitality worth {value} for {subject}",
    "service-credits": "a service credit of {value} for {subject}",
}
SUBJECTS = {
    "expense-approval": [
        "the customer dinner in Chicago",
        "the trade show booth supplies",
        "the offsite venue",
    ],
    "purchase-approval": [
        "demo laptops for the sales team",
        "a conference sponsorship",
        "a CRM data cleanse",
    ],
    "gifts-entertainment": ["tickets to the season opener", "a holiday gift basket", "a golf day"],
    "service-credits": ["last month's P1 breach", "two breached P2 tickets", "the October outage"],
}

WAIT_MINUTES = 1440  # the oracle's wait: a day, so the approver answers inside their own working hours


def wait_step() -> OracleStep:
    """Let a day pass for the approver's answer (the whole day, as an agent waiting for a colleague)."""
    return step("office_wait_for_replies", minutes=WAIT_MINUTES, stop_at_first_reply=False)


def wait_ui(mail_page: str = "/mail") -> list[UiStep]:
    """The same wait in the browser: the mail page's "Let time pass" form, one day."""
    return [
        UiStep(goto=mail_page),
        UiStep(select=("Wait for", str(WAIT_MINUTES))),
        UiStep(click=("button", "Let time pass")),
    ]


# Mail Amber sends and the replies it gets; the approver's copy is marked read when they answer.
MAIL_SIDE_EFFECTS = [
    Allowance(table="office_message", ops=["insert"]),
    Allowance(table="office_message", ops=["update"], fields=["is_read", "last_modified_date_time"]),
    Allowance(table="office_scheduled_reply", ops=["insert", "update"]),
]


def _people(d: Draw) -> list[dict[str, Any]]:
    return d.world.rows(
        "SELECT id, mail, display_name, job_title, manager_id FROM office_user ORDER BY display_name"
    )


def _approvers(d: Draw, role: str) -> list[dict[str, Any]]:
    """Who may approve for Amber in `role`: her manager when the role is hers (or "manager"), else every
    holder of the role's title."""
    people = _people(d)
    me = next(p for p in people if p["mail"] == AMBER)
    manager = next(p for p in people if p["id"] == me["manager_id"])
    if role == MANAGER or holds_role(manager["job_title"], role):
        return [manager]
    return [p for p in people if holds_role(p["job_title"], role)]


def _value(d: Draw, rule: dict[str, Any], tier: int) -> float:
    tiers = rule["tiers"]
    low = tiers[tier - 1]["up_to"] if tier > 0 else 0
    high = tiers[tier]["up_to"] if tier < len(tiers) else low * 2
    if rule["measure"] == "percent":
        return float(d.rng.randint(int(low) + 1, int(high)))
    step_ = 10 if high <= 5000 else 100
    return float(d.rng.randrange(int(low) + step_, int(high) + 1, step_))


def _kind(rule: dict[str, Any]) -> Kind:
    """What the rule's values are: a percentage or an amount of money."""
    return "percent" if rule["measure"] == "percent" else "money"


def _shown(rule: dict[str, Any], value: float) -> str:
    return f"{value:g}%" if rule["measure"] == "percent" else f"${value:,.0f}"


class HandbookApproval(Family):
    name = "office.handbook-approval"
    apps = ("office",)
    # v2: a browser oracle (compose, then the mail page's hourly wait until the answer is in); v3: the
    # approval is read as a decision of the value from the approver's own words (a quoted "Approved" is not);
    # v4: a day's wait (approvers answer inside their own working hours, in their time zone)
    version = 4
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-handbook"
    summary = (
        "get a discount, expense, purchase, gift or credit approved by whoever the handbook says (or refuse)"
    )

    def build(self, d: Draw) -> Spec:
        slug = d.choice(sorted(REQUESTS))
        policy = d.world.rows("SELECT title, number, params FROM office_policy WHERE id = ?", slug)[0]
        rule = json.loads(policy["params"])["approval"]
        tier = d.rng.randrange(len(rule["tiers"]) + 1)  # the knob: which branch of the matrix
        value = _value(d, rule, tier)
        deal_amount = None
        if slug == "discount-approval":
            opp = d.pick(  # the account is the CRM's held-out entity; its deal follows it
                "account",
                d.world.rows(
                    "SELECT o.id, o.account_id, o.name, o.amount FROM crm_opportunity o "
                    "JOIN crm_user u ON u.id = o.owner_id "
                    "WHERE u.email = ? AND o.is_closed = 0 AND o.amount > 0 ORDER BY o.id",
                    AMBER,
                ),
                key="account_id",
            )
            d.note("opportunity", opp["id"])
            subject, deal_amount = opp["name"], float(opp["amount"])
        else:
            subject = d.pick(slug, [{"id": s} for s in SUBJECTS[slug]], key="id")["id"]
        role = approval_role(rule, value, deal_amount)
        shown = _shown(rule, value)
        what = REQUESTS[slug].format(
            value=shown, subject=subject, deal=f"${deal_amount:,.0f}" if deal_amount else ""
        )
        prompt = (
            f"I need approval for {what}. Follow the {policy['title']} in the company handbook: if it "
            "needs approval, mail whoever must approve it (state the amount), wait for their answer and "
            "finish with their decision; finish with exactly one of: approved, rejected, not needed."
        )
        if role in (NO_APPROVAL, NOT_PERMITTED):
            text = "not needed" if role == NO_APPROVAL else "rejected"
            return Spec(
                prompt=prompt,
                oracle=[step("office_search_drive", query=policy["title"]), *answer_steps(text)],
                answer=AnswerSpec(match=Match(text=text)),
                allow=MAIL_SIDE_EFFECTS,
                ui_oracle=ui_answer(text),
                tags=["handbook", slug, role],
            )
        approvers = _approvers(d, role)
        if not approvers:
            raise Redraw(f"nobody holds {role}")
        to = approvers[0]
        me = d.world.value("SELECT id FROM office_user WHERE mail = ?", AMBER)
        decoy = next(p for p in _people(d) if p["mail"] not in {a["mail"] for a in approvers} | {AMBER})
        body = f"Hi {to['display_name'].split()[0]}, could you approve {what}? Thanks, Amber"
        return Spec(
            prompt=prompt,
            oracle=[
                step("office_search_drive", query=policy["title"]),
                step("office_find_people", query=to["display_name"]),
                step("office_send_mail", to=[to["mail"]], subject=f"Approval: {subject}", body=body),
                wait_step(),
                *answer_steps("approved"),
            ],
            expect=[
                Expectation(
                    table="office_message",
                    op="insert",
                    note="the approver's answer reached Amber: asked the right person, and waited",
                    fields={
                        "owner_id": eq(me),
                        "from_address": Match(one_of=[a["mail"] for a in approvers]),
                        "body_content": mentions.approved(value, _kind(rule)),
                    },
                )
            ],
            answer=AnswerSpec(match=Match(text="approved")),
            allow=MAIL_SIDE_EFFECTS,
            ui_oracle=[
                UiStep(goto="/mail/compose"),
                UiStep(fill=("To", to["mail"])),
                UiStep(fill=("Subject", f"Approval: {subject}")),
                UiStep(fill=("Message", body)),
                UiStep(click=("button", "Send")),
                *wait_ui(),
                UiStep(expect_text=f"Approval: {subject}"),
                *ui_answer("approved"),
            ],
            wrong_record={to["mail"]: decoy["mail"]},
            off_by_one=False,  # the oracle's only number is how long to wait; the value is in the text
            tags=["handbook", slug, "approver"],
        )


FAMILIES = [HandbookApproval()]
