"""Quarter-end pipeline hygiene: every open opportunity of Amber and one teammate (60-odd deals), reviewed
against the rules a sales team runs at quarter end and the handbook's discount approval matrix — stale
close dates moved to the quarter's last day, missing next steps set, every discount beyond a rep's own
limit sent to whoever the matrix names and waited for (approvers answer over the day) — and a summary
table mailed to the sales manager."""

from __future__ import annotations

from typing import Any

from crossapp.ultralong.approvals import ask_approvals, await_decisions
from crossapp.ultralong.common import (
    AMBER,
    HISTORY,
    MAIL_SIDE_EFFECTS,
    LongFamily,
    Plan,
    approvers,
    discount_role,
    discount_rule,
    mail,
    manager_of,
    needs_approval,
    office_id,
    open_page,
    sent_mail,
    workload,
)
from tasks.families.base import Draw, Redraw, Spec, eq
from tasks.match_model import Match, TableMatch, TableRow
from tasks.truth_model import Expectation, UiStep

TODAY = "2026-11-02"
QUARTER_END = "2026-12-31"
NEXT_STEP = "Confirm timeline at quarter-end review"
OPP_ID = r"\b006[0-9A-Za-z]{15}\b"
OPEN_DEALS = """
SELECT o.id, o.name, o.amount, o.close_date, o.next_step, o.stage_name,
       (SELECT max(l.discount) FROM crm_opportunity_line_item l WHERE l.opportunity_id = o.id) AS discount
FROM crm_opportunity o WHERE o.owner_id = ? AND o.is_closed = 0 ORDER BY o.close_date, o.id
"""


def _teammates(d: Draw) -> list[dict[str, Any]]:
    me = d.world.rows("SELECT id, manager_id FROM crm_user WHERE email = ?", AMBER)[0]
    return d.world.rows(
        "SELECT id, name, email FROM crm_user WHERE manager_id = ? AND id != ? AND is_active = 1 "
        "ORDER BY name",
        me["manager_id"],
        me["id"],
    )


def _edit_ui(opp_id: str, fields: dict[str, str]) -> list[UiStep]:
    labels = {"close_date": "Close Date", "next_step": "Next Step"}
    return [
        UiStep(goto=f"/s/crm/opportunities/{opp_id}/edit"),
        *[UiStep(fill=(labels[k], v)) for k, v in fields.items()],
        UiStep(click=("button", "Save")),
        UiStep(expect_text=fields.get("next_step") or "Close Date"),
    ]


class PipelineHygiene(LongFamily):
    name = "long.pipeline-hygiene"
    version = 5  # v2: the browser waits with Let time pass (the whole time), not hourly clicks; v3: v2 drew
    # two seeds with one truth; v4: the approvals are decisions in the approvers' own words; v5: v4's stream
    # drew two seeds with one truth
    apps = ("crm", "office")
    surfaces = ("mcp", "cli", "ui", "python")
    summary = (
        "quarter-end hygiene of two reps' open pipeline by the handbook, approvals waited for, summary mailed"
    )

    def build(self, d: Draw) -> Spec:
        mate = d.choice(_teammates(d))
        workload(d, f"{self.name}:{mate['id']}")
        me_crm = d.world.value("SELECT id FROM crm_user WHERE email = ?", AMBER)
        deals = d.world.rows(OPEN_DEALS, me_crm) + d.world.rows(OPEN_DEALS, mate["id"])
        if len(deals) < 55:
            raise Redraw(f"only {len(deals)} open deals")
        rule, policy = discount_rule(d)
        boss = manager_of(d, AMBER)
        me = office_id(d, AMBER)
        plan = Plan()
        plan.call("crm_list_opportunities", mine=True, status="open", limit=100)
        plan.call("crm_list_opportunities", owner_id=mate["id"], status="open", limit=100)
        plan.call("office_search_drive", query=policy)
        fixes: dict[str, list[str]] = {}
        asks: list[tuple[dict[str, Any], float, list[dict[str, Any]]]] = []
        for o in deals:
            plan.call(
                "crm_get_opportunity", open_page(f"/s/crm/opportunities/{o['id']}"), opportunity_id=o["id"]
            )
            change: dict[str, str] = {}
            if o["close_date"] < TODAY:
                change["close_date"] = QUARTER_END
            if not (o["next_step"] or "").strip():
                change["next_step"] = NEXT_STEP
            if change:
                plan.call(
                    "crm_update_opportunity", _edit_ui(o["id"], change), opportunity_id=o["id"], **change
                )
                plan.must(
                    Expectation(
                        table="crm_opportunity",
                        op="update",
                        pk=o["id"],
                        fields={k: eq(v) for k, v in change.items()},
                        note=f"{o['name']}: {', '.join(change)}",
                    )
                )
                fixes[o["id"]] = ["close date" if k == "close_date" else "next step" for k in change]
            role = discount_role(rule, float(o["discount"] or 0), float(o["amount"] or 0))
            if o["discount"] and needs_approval(role):
                asks.append((o, float(o["discount"]), approvers(d, role)))
        if len(asks) < 3 or not fixes:
            raise Redraw("too few discounts to approve or nothing to fix")
        plan.milestone("stale close dates and missing next steps fixed")
        for o, _, _ in asks:
            fixes.setdefault(o["id"], []).append("approved")
        ask_approvals(plan, me, asks)
        await_decisions(plan, me, asks)
        subject = f"Pipeline hygiene: Amber Miller and {mate['name']}"
        lines = [f"{oid} | {', '.join(what)}" for oid, what in fixes.items()]
        body = "Hi, here is the quarter-end pipeline hygiene:\n\nOpportunity | Done\n" + "\n".join(lines)
        mail(plan, boss["mail"], subject, body)
        rows = [TableRow(key=oid, words=what) for oid, what in fixes.items()]
        plan.must(
            sent_mail(
                me, boss["mail"], "Pipeline hygiene", Match(table=TableMatch(rows=rows, other_keys=OPP_ID))
            )
        )
        plan.milestone("summary table mailed to the sales manager")
        prompt = " ".join(
            [
                f"Quarter-end pipeline hygiene for the open opportunities of you and {mate['name']} (today",
                f"is Monday {TODAY}). Go through every one of them and: (1) move a close date before today",
                f'to {QUARTER_END}, the quarter\'s last day; (2) set a missing Next Step to "{NEXT_STEP}";',
                "(3) for a line-item discount beyond what a rep may give under the company handbook's",
                f"{policy}, mail whoever the matrix says must approve it — one mail per opportunity, subject",
                '"Discount approval: <opportunity name>", stating the largest line discount (like 12.5%) and',
                "the deal amount — and wait for every answer (approvers can take up to a day).",
                "Then mail your",
                "manager a summary with subject",
                f'"Pipeline hygiene: Amber Miller and {mate["name"]}" holding a',
                "table of one line per opportunity you changed or asked approval for: its id and what was",
                "done (close date, next step, approved).",
            ]
        )
        return plan.spec(
            prompt,
            [HISTORY, *MAIL_SIDE_EFFECTS],
            wrong_record={asks[0][2][0]["mail"]: mate["email"]},  # the approval asked of a non-approver
            tags=["ultralong", "handbook", "approval", "pipeline"],
            records=len(deals),
        )


FAMILIES = [PipelineHygiene()]
