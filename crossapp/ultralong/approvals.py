"""Asking the handbook's approvers: one mail per opportunity to whoever the discount approval matrix names,
a day's wait for their answers, and the expectations that prove both (asked the right person, waited)."""

from __future__ import annotations

from typing import Any

from crossapp.ultralong.common import Plan, mail, reply_from, sent_mail, wait
from tasks.families import mentions

# (opportunity row with id, name, amount; the discount in percent; who may approve it, first one asked)
Ask = tuple[dict[str, Any], float, list[dict[str, Any]]]


def ask_approvals(plan: Plan, me: str, asks: list[Ask], extra: str = "") -> None:
    """Mail each approval request (subject "Discount approval: <name>"), then the milestone."""
    for o, pct, who in asks:
        plan.call("office_find_people", query=who[0]["display_name"])
        subject = f"Discount approval: {o['name']}"
        body = (
            f"Hi {who[0]['display_name'].split()[0]}, could you approve a {pct:g}% discount on "
            f"{o['name']} (${o['amount']:,.0f}{extra and ', ' + str(o.get(extra))})? Thanks, Amber"
        )
        mail(plan, who[0]["mail"], subject, body)
        plan.must(sent_mail(me, who[0]["mail"], subject, mentions.number(pct, kind="percent")))
    _per_approver(plan, asks, "approvals asked of {}")
    plan.milestone("every discount beyond a rep's limit sent to the matrix's approver")


def await_decisions(plan: Plan, me: str, asks: list[Ask]) -> None:
    """Wait a day, read the inbox; every approver's approval of the percent, in their own words, must have
    arrived (the milestone)."""
    wait(plan, 1440)
    plan.call("office_list_messages", folder="inbox", limit=100)
    for o, pct, who in asks:
        plan.must(
            reply_from(
                me,
                [p["mail"] for p in who],
                o["name"][:60],
                mentions.approved(pct, "percent"),
                f"{o['name']}: the approver's answer arrived (asked the right person, and waited)",
            )
        )
    _per_approver(plan, asks, "answers received from {}")
    plan.milestone("every approver's answer received")


def _per_approver(plan: Plan, asks: list[Ask], name: str) -> None:
    """A checkpoint per approver over the expectations just added (one per ask, in `asks` order)."""
    added = plan.expect[-len(asks) :]
    by: dict[str, list] = {}
    for (_, _, who), e in zip(asks, added, strict=True):
        by.setdefault(who[0]["display_name"], []).append(e)
    if len(by) > 1:
        for person, expectations in sorted(by.items()):
            plan.milestone(name.format(person), expectations)
        plan.rewind(len(asks))
