"""A regional team's discount audit before the quarter closes: every open opportunity of the team whose
line items carry a discount beyond a rep's own limit goes to whoever the handbook's discount approval
matrix names (the rep's regional manager, the VP of Sales for the bigger discounts and the large deals,
the CFO beyond that), the answers are waited for over a day, each decision is recorded on its opportunity
as a CRM note, and the team's manager gets the table."""

from __future__ import annotations

from typing import Any

from apps.core.handbook import holds_role
from crossapp.ultralong.approvals import ask_approvals, await_decisions
from crossapp.ultralong.common import (
    AMBER,
    HISTORY,
    MAIL_SIDE_EFFECTS,
    LongFamily,
    Plan,
    discount_role,
    discount_rule,
    mail,
    needs_approval,
    office_id,
    open_page,
    people,
    sent_mail,
    workload,
)
from crossapp.ultralong.pipeline import OPP_ID
from crossapp.xapp.common import note_ui
from tasks.families import mentions
from tasks.families.base import Draw, Redraw, Spec, eq
from tasks.match_model import Match, TableMatch, TableRow
from tasks.truth_model import Expectation

TEAM_DEALS = """
SELECT o.id, o.name, o.amount, o.close_date, u.name AS owner, u.email AS owner_email,
       (SELECT max(l.discount) FROM crm_opportunity_line_item l WHERE l.opportunity_id = o.id) AS discount
FROM crm_opportunity o JOIN crm_user u ON u.id = o.owner_id
WHERE u.manager_id = ? AND o.is_closed = 0 ORDER BY u.name, o.id
"""
TITLES = ["Discount approved", "Discount approval on file", "Approved discount"]
SCOPES = [
    ("9999-12-31", "every open opportunity"),
    ("2027-03-31", "every open opportunity closing by 2027-03-31"),
]


def _managers(d: Draw) -> list[dict[str, Any]]:
    return d.world.rows(
        "SELECT m.id, m.name, m.email, m.title FROM crm_user m WHERE m.title LIKE 'Regional Sales Manager%' "
        "ORDER BY m.name"
    )


def _approver(d: Draw, role: str, manager: dict[str, Any]) -> list[dict[str, Any]]:
    """Who approves for a rep of `manager`'s team in `role`: that manager when they hold it, else every
    holder of the role."""
    if holds_role(manager["title"], role):
        return [p for p in people(d) if p["mail"] == manager["email"]]
    return [p for p in people(d) if holds_role(p["job_title"], role)]


class TeamDiscountAudit(LongFamily):
    name = "long.team-discount-audit"
    # v2: the browser waits with Let time pass (the whole time), not hourly clicks; v3: the approvals are
    # decisions in the approvers' own words, the note names the approver in any form; v4: v3's stream drew
    # two seeds with one truth
    version = 4
    apps = ("crm", "office")
    surfaces = ("mcp", "cli", "ui", "python")
    summary = "a regional team's discounts beyond a rep's limit approved by the matrix, recorded, reported"

    def build(self, d: Draw) -> Spec:
        boss = d.choice(_managers(d))
        rule, policy = discount_rule(d)
        title = d.choice(TITLES)
        until, scope = d.choice(SCOPES)  # the knob: the whole open pipeline or what closes by a date
        deals = [o for o in d.world.rows(TEAM_DEALS, boss["id"]) if o["close_date"] <= until]
        workload(d, f"{self.name}:{boss['id']}:{until}")
        asks = []
        for o in deals:
            role = discount_role(rule, float(o["discount"] or 0), float(o["amount"] or 0))
            if o["discount"] and needs_approval(role):
                asks.append((o, float(o["discount"]), _approver(d, role, boss)))
        if len(asks) < 30:
            raise Redraw(f"{boss['name']}'s team has {len(asks)} discounts to approve")
        me = office_id(d, AMBER)
        staff = mentions.staff(d.world)
        plan = Plan()
        plan.call("office_search_drive", query=policy)
        plan.call("crm_list_users", search=boss["name"])
        for o, _, _ in asks:
            page = open_page(f"/s/crm/opportunities/{o['id']}")
            plan.call("crm_get_opportunity", page, opportunity_id=o["id"])
        ask_approvals(plan, me, asks, extra="owner")
        await_decisions(plan, me, asks)
        for o, pct, who in asks:
            body = f"{pct:g}% approved by {who[0]['display_name']} under the {policy}."
            plan.call(
                "crm_add_note",
                note_ui(o["id"], title, body),
                parent_id=o["id"],
                title=title,
                body=body,
            )
            plan.must(
                Expectation(
                    table="crm_note",
                    op="insert",
                    note=f"{o['name']}: the decision recorded",
                    fields={
                        "parent_id": eq(o["id"]),
                        "title": eq(title),
                        "body": mentions.any_of(  # whichever holder of the role approved it
                            *[mentions.person(p["display_name"], p["mail"], among=staff) for p in who]
                        ),
                    },
                )
            )
        plan.milestone("every decision recorded on its opportunity")
        subject = f"Discount audit: {boss['name']}'s team"
        lines = [f"{o['id']} | {pct:g}% | {who[0]['display_name']}" for o, pct, who in asks]
        mail(plan, boss["email"], subject, "Opportunity | Discount | Approved by\n" + "\n".join(lines))
        rows = [TableRow(key=o["id"], words=[f"{pct:g}%", who[0]["display_name"]]) for o, pct, who in asks]
        plan.must(
            sent_mail(
                me, boss["email"], "Discount audit", Match(table=TableMatch(rows=rows, other_keys=OPP_ID))
            )
        )
        plan.milestone("audit table mailed to the team's manager")
        prompt = " ".join(
            [
                f"Audit the discounts of {boss['name']}'s team ({boss['title']}) before the quarter closes:",
                f"for {scope} of the team's reps whose largest line-item discount is beyond",
                f"what a rep may give under the handbook's {policy}, mail whoever the matrix says must",
                f"approve it (for the regional manager's tier: {boss['name']}) — one mail per opportunity,",
                'subject "Discount approval: <opportunity name>", stating the discount (like 12.5%) and the',
                "deal amount — and wait for the answers (they can take a day). Record each decision on its",
                f'opportunity as a note titled "{title}" naming the approver, then mail {boss["name"]}',
                f'the subject "{subject}" with a table of one line per opportunity: id, discount, approver.',
            ]
        )
        return plan.spec(
            prompt,
            [HISTORY, *MAIL_SIDE_EFFECTS],
            wrong_record={asks[0][2][0]["mail"]: asks[0][0]["owner_email"]},
            tags=["ultralong", "handbook", "approval", "discount"],
            records=len(asks),
        )


FAMILIES = [TeamDiscountAudit()]
