"""Re-triaging incidents: new impact and urgency (the priority follows ServiceNow's matrix and the
resolution SLA restarts for it), or a move to another assignment group with a work note saying why.
Closed incidents are read-only: a request to change one must be refused."""

from __future__ import annotations

from typing import Any

from apps.ticketing import choices as c
from apps.ticketing.families.common import OPEN, incident_refusal, incidents, other, sla_follow, stamps
from tasks.families import mentions
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.families.batch import PAIRS, intros, several
from tasks.match_model import Match
from tasks.truth_model import Allowance, Expectation, UiStep

LEVELS = {1: "High", 2: "Medium", 3: "Low"}
# How a desk analyst describes each level (ServiceNow: impact = how widely, urgency = how soon)
IMPACT_SAYS = {1: "a whole department is affected", 2: "a team of people is affected", 3: "only one person"}
URGENCY_SAYS = {1: "work has stopped", 2: "work is slowed down", 3: "it can wait"}
REASONS = [
    ("More users reported the same symptom this morning.", "same symptom this morning"),
    ("The caller's manager confirmed the business impact.", "confirmed the business impact"),
    ("A workaround exists, so this is less pressing now.", "a workaround exists"),
    ("The affected service is needed for month-end closing.", "month-end closing"),
    ("Re-triaged after the daily incident review.", "daily incident review"),
]
HANDOVERS = [
    ("Root cause is outside our area; handing over.", "outside our area"),
    ("Diagnostics point to their service; please take over.", "diagnostics point to their service"),
    ("Escalated after first-line checks; logs are in the activity stream.", "first-line checks"),
    ("Routed to the right team after triage.", "right team after triage"),
]
SLA_TABLE = "ticketing_task_sla"


def _closed_refusal(d: Draw, ask: str) -> Spec:
    """A request to change a Closed incident of a held-out caller: it is read-only and must be refused."""
    pool = incidents(d, "i.state = 7")
    inc = d.pick("caller", pool, key="caller_id")
    d.note("incident", inc["sys_id"])
    n, short = inc["number"], inc["short_description"]
    phrasings = [
        f"{n} ({short}) needs {ask}.",
        f"Please give {inc['caller_name']}'s incident {n} {ask}.",
        f"Triage fix for {n}: {ask}.",
        f"Update {n} — {ask}.",
        f'The incident {n} about "{short}" was triaged wrongly; it needs {ask}.',
    ]
    k = d.rng.randrange(len(phrasings))
    text = f"I can't change {n}: it is Closed and read-only. A new incident can be opened instead."
    because = mentions.reason("state_forbids", names=["Closed"])
    return incident_refusal(inc, phrasings[k], k, text, ["incident", "refusal", "read-only"], because)


def _note(inc: dict[str, Any], phrase: str) -> Expectation:
    return Expectation(
        table="ticketing_sys_journal_field",
        op="insert",
        fields={
            "element_id": eq(inc["sys_id"]),
            "element": eq("work_notes"),
            "value": Match(contains=phrase),
        },
    )


def _note_ui(n: str, text: str, phrase: str) -> list[UiStep]:
    return [
        UiStep(goto=f"/incidents/{n}"),
        UiStep(check="Work notes"),
        UiStep(fill=("Work notes", text)),
        UiStep(click=("button", "Post")),
        UiStep(expect_text=phrase),
    ]


class ReprioritizeIncident(Family):
    name = "ticketing.reprioritize-incident"
    answers = True  # its refusal variant ends with an answer
    version = 5  # its UI oracle follows the new pages (UI16, event pane, slides)
    # v4: the reason read as a concept in any wording
    apps = ("ticketing",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-itsm-team"
    summary = (
        "new impact and urgency on an open incident with a work note why (the priority follows the "
        "matrix, the resolution SLA restarts); refusal: a Closed incident; or a batch of 2–3"
    )

    def build(self, d: Draw) -> Spec:
        return several(d, self.one, d.choice(PAIRS), intros("incident"))

    def one(self, d: Draw) -> Spec:
        """One request, drawn with its own preconditions (build may batch several)."""
        if d.chance(0.15):
            return _closed_refusal(d, "its urgency raised to High")
        pool = incidents(d, OPEN)
        inc = d.pick("caller", pool, key="caller_id")
        d.note("incident", inc["sys_id"])
        now = d.world.rows("SELECT impact, urgency FROM ticketing_incident WHERE sys_id = ?", inc["sys_id"])[
            0
        ]
        impact, urgency = d.choice([(i, u) for i in LEVELS for u in LEVELS if (i, u) != tuple(now.values())])
        priority = c.priority_of(impact, urgency)
        text, phrase = d.choice(REASONS)
        n, short, who = inc["number"], inc["short_description"], inc["caller_name"]
        levels = f"impact {LEVELS[impact]} and urgency {LEVELS[urgency]}"
        says = f"{IMPACT_SAYS[impact]} and {URGENCY_SAYS[urgency]}"
        phrasings = [
            f'Re-triage {n} ({short}): set {levels}, and add a work note: "{text}"',
            f'{who}\'s incident {n} is mis-prioritized. It should be {levels}. Work note: "{text}"',
            f"Update {n}: {says}, so set the impact and urgency to match (High, Medium or Low). "
            f'Explain it in a work note: "{text}"',
            f"New triage for {n}: impact {impact} - {LEVELS[impact]}, urgency {urgency} - {LEVELS[urgency]}. "
            f'Leave an internal note saying "{text}"',
            f"For {n} {says} (impact: how widely; urgency: how soon). Change its impact and urgency "
            f'accordingly and work-note it: "{text}"',
        ]
        k = d.rng.randrange(len(phrasings))
        definition = d.world.value(
            "SELECT sys_id FROM ticketing_contract_sla WHERE priority = ? AND target = 'resolution' AND "
            "collection = 'incident' AND active = 1",
            priority,
        )
        expect = [
            Expectation(
                table="ticketing_incident",
                op="update",
                pk=inc["sys_id"],
                fields={"impact": eq(impact), "urgency": eq(urgency), "priority": eq(priority)},
            ),
            _note(inc, phrase),
        ]
        if priority != inc["priority"]:  # the new resolution SLA runs, or waits while the incident is on hold
            stage = "paused" if inc["state"] == 3 else "in_progress"
            expect.append(
                Expectation(
                    table=SLA_TABLE,
                    op="insert",
                    fields={"task": eq(inc["sys_id"]), "sla": eq(definition), "stage": eq(stage)},
                )
            )
        return Spec(
            prompt=phrasings[k],
            oracle=[
                step("ticketing_get_incident", incident_id=n),
                step("ticketing_update_incident", incident_id=n, impact=impact, urgency=urgency),
                step("ticketing_add_work_note", record_id=n, text=text),
            ],
            expect=expect,
            allow=[stamps(inc["sys_id"]), sla_follow(), Allowance(table=SLA_TABLE, ops=["insert"])],
            ui_oracle=[
                UiStep(goto=f"/incidents/{n}"),
                UiStep(select=("Impact", str(impact))),
                UiStep(select=("Urgency", str(urgency))),
                UiStep(click=("button", "Update")),
                UiStep(expect_text=c.PRIORITIES[priority]),
                *_note_ui(n, text, phrase),
            ],
            wrong_record={n: other(d, pool, inc)["number"]},
            tags=["incident", "priority", "triage"],
            phrasing=k,
        )


class ReassignGroup(Family):
    name = "ticketing.reassign-group"
    answers = True  # its refusal variant ends with an answer
    version = 4  # its UI oracle follows the new pages (UI16, event pane, slides)
    # v3: the reason read as a concept in any wording
    apps = ("ticketing",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-itsm-team"
    summary = (
        "move an assigned open incident to another group (named, or described by what it handles) with a "
        "work note; the old assignee is cleared, the reassignment count goes up"
    )

    def build(self, d: Draw) -> Spec:
        if d.chance(0.15):
            return _closed_refusal(d, f"a move to the {d.choice(['Network', 'Database', 'Software'])} group")
        pool = incidents(d, f"{OPEN} AND i.assigned_to IS NOT NULL AND i.assignment_group IS NOT NULL")
        inc = d.pick("caller", pool, key="caller_id")
        d.note("incident", inc["sys_id"])
        groups = d.world.rows(
            "SELECT sys_id, name, description FROM ticketing_sys_user_group WHERE active = 1 AND "
            "name != 'Change Advisory Board' AND sys_id != ? ORDER BY name",
            inc["assignment_group"],
        )
        group = d.choice(groups)
        stays = d.world.value(
            "SELECT COUNT(*) FROM ticketing_sys_user_grmember WHERE [group] = ? AND user = ?",
            group["sys_id"],
            inc["assigned_to"],
        )
        if stays:
            raise Redraw("the assignee is also a member of the new group")
        count = d.world.value(
            "SELECT reassignment_count FROM ticketing_incident WHERE sys_id = ?", inc["sys_id"]
        )
        text, phrase = d.choice(HANDOVERS)
        n, short, g = inc["number"], inc["short_description"], group["name"]
        by_role = d.chance(0.4)
        team = f'the team responsible for "{group["description"]}"'
        target = team if by_role else f"the {g} group"
        phrasings = [
            f'{n} ({short}) belongs with {target}. Reassign it there and add a work note: "{text}"',
            f"Please move {inc['caller_name']}'s incident {n} from {inc['group_name']} to {target}; "
            f'work note: "{text}"',
            f'Hand {n} over to {target} (nobody there is picked yet). Internal note: "{text}"',
            f'Reassign {n} to {target} and explain in a work note: "{text}"',
            f"Wrong queue: {n} is with {inc['group_name']} but should go to {target}. Note for the "
            f'record: "{text}"',
        ]
        k = d.rng.randrange(len(phrasings))
        oracle = [step("ticketing_get_incident", incident_id=n), step("ticketing_list_groups")]
        oracle += [
            step("ticketing_assign_incident", incident_id=n, assignment_group=g),
            step("ticketing_add_work_note", record_id=n, text=text),
        ]
        wrong = other(d, pool, inc)
        return Spec(
            prompt=phrasings[k],
            oracle=oracle,
            expect=[
                Expectation(
                    table="ticketing_incident",
                    op="update",
                    pk=inc["sys_id"],
                    fields={
                        "assignment_group": eq(group["sys_id"]),
                        "assigned_to": Match(is_null=True),
                        "reassignment_count": eq(count + 1),
                    },
                ),
                _note(inc, phrase),
            ],
            allow=[stamps(inc["sys_id"]), sla_follow()],
            ui_oracle=[
                UiStep(goto=f"/incidents/{n}"),
                UiStep(fill=("Assignment group", g)),
                UiStep(fill=("Assigned to", "")),
                UiStep(click=("button", "Update")),
                UiStep(expect_text="Record updated."),
                *_note_ui(n, text, phrase),
            ],
            wrong_record={n: wrong["number"]},
            tags=["incident", "assignment", "reassign"] + (["described-group"] if by_role else []),
            phrasing=k,
        )


FAMILIES = [ReprioritizeIncident(), ReassignGroup()]
