"""Questions over queues and configuration items: how many open incidents a group has (all, unassigned,
high priority, on hold, breaching an SLA), and a configuration item's open incidents (named directly or
as the server an application runs on)."""

from __future__ import annotations

from typing import Any

from tasks.families import mentions
from tasks.families.base import Draw, Family, Redraw, Spec, answer_steps, step, ui_answer
from tasks.match_model import Match
from tasks.truth_model import AnswerSpec

# filter knob: (words in the question, list_incidents arguments)
FILTERS = [
    ("open incidents", {}),
    ("open incidents nobody is assigned to yet", {"unassigned": True}),
    ("open Critical or High priority incidents", {"priority": [1, 2]}),
    ("incidents currently On Hold", {"state": [3]}),
    ("open incidents with a breached SLA", {"sla_breached": True}),
]


def _count(d: Draw, **args: Any) -> int:
    """The number of incidents `list_incidents` finds with `args` on the pristine world."""
    return int(d.world.call("ticketing_list_incidents", limit=1, **args)["total"])


class GroupBacklog(Family):
    name = "ticketing.qa-group-backlog"
    apps = ("ticketing",)
    surfaces = ("mcp", "cli", "ui", "python")
    # v2: open is New, In Progress or On Hold (state filter): a Resolved incident is active until it closes
    version = 2
    author = "saasgym-itsm-team"
    summary = (
        "question: how many open incidents a group's queue holds (all, unassigned, P1/P2, on hold or with "
        "a breached SLA); the group named or described"
    )

    def build(self, d: Draw) -> Spec:
        groups = d.world.rows(
            "SELECT sys_id, name, description FROM ticketing_sys_user_group WHERE active = 1 ORDER BY name"
        )
        group = d.pick("group", groups)
        words, args = d.choice(FILTERS)
        g = group["name"]
        query = {"assignment_group": g, "state": [1, 2, 3], **args}  # open: not yet Resolved
        count = _count(d, **query)
        described = d.chance(0.35)
        ref = f'the team responsible for "{group["description"]}"' if described else f"the {g} group"
        phrasings = [
            f"How many {words} does {ref} have?",
            f"Give me the number of {words} in the queue of {ref}.",
            f"Backlog check: count the {words} assigned to {ref}.",
            f"I need a number for the stand-up: {words} for {ref}?",
            f"What is the count of {words} sitting with {ref}? Just the number.",
        ]
        k = d.rng.randrange(len(phrasings))
        oracle = [step("ticketing_list_groups")] if described else []
        oracle.append(step("ticketing_list_incidents", **query, limit=200))
        return Spec(
            prompt=phrasings[k],
            oracle=oracle + answer_steps(str(count)),
            answer=AnswerSpec(match=Match(approx=float(count), tol=0.01)),
            ui_oracle=ui_answer(str(count)),
            tags=["question", "incident", "backlog", "count"] + (["described-group"] if described else []),
            phrasing=k,
            records=max(count, 1),
        )


CIS = """
SELECT c.sys_id, c.name, c.sys_class_name,
       (SELECT COUNT(*) FROM ticketing_incident i WHERE i.cmdb_ci = c.sys_id AND i.state IN (1, 2, 3)) AS open
FROM ticketing_cmdb_ci c ORDER BY c.name
"""
RUNS_ON = """
SELECT p.name AS app FROM ticketing_cmdb_rel_ci r JOIN ticketing_cmdb_ci p ON p.sys_id = r.parent
WHERE r.child = ? AND r.type LIKE 'Runs on%' ORDER BY p.name
"""


class CiOpenIncidents(Family):
    name = "ticketing.qa-ci-open-incidents"
    # v2: the highest-priority incident's number in any form, and no other open one's
    # v3: "unresolved", not "active" (the desk's active also holds Resolved incidents)
    version = 3
    apps = ("ticketing",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-itsm-team"
    summary = (
        "question: how many open incidents a configuration item has, or the number of its highest-priority "
        "one; the CI named or found as the server an application runs on"
    )

    def build(self, d: Draw) -> Spec:
        ci = d.pick("ci", [r for r in d.world.rows(CIS) if r["open"] > 0])
        rows = d.world.rows(
            "SELECT number, priority, opened_at FROM ticketing_incident "
            "WHERE cmdb_ci = ? AND state IN (1, 2, 3) "
            "ORDER BY priority, opened_at, number",
            ci["sys_id"],
        )
        apps = d.world.rows(RUNS_ON, ci["sys_id"])
        if len(rows) == 1 and not apps and d.chance(0.7):
            raise Redraw("a laptop with one open incident: draw a busier CI most of the time")
        by_app = bool(apps) and d.chance(0.5)
        ref = f"the server {apps[0]['app']} runs on" if by_app else ci["name"]
        oracle = [step("ticketing_list_configuration_items", search=apps[0]["app"] if by_app else ci["name"])]
        if by_app:
            if (
                len(
                    d.world.rows(
                        "SELECT child FROM ticketing_cmdb_rel_ci r JOIN ticketing_cmdb_ci p ON "
                        "p.sys_id = r.parent WHERE p.name = ? AND r.type LIKE 'Runs on%'",
                        apps[0]["app"],
                    )
                )
                != 1
            ):
                raise Redraw("the application runs on more than one server")
            oracle.append(step("ticketing_get_configuration_item", ci_id=apps[0]["app"]))
        oracle.append(
            step(
                "ticketing_list_incidents",
                cmdb_ci=ci["sys_id"],
                state=[1, 2, 3],
                sort_by="priority",
                descending=False,
                limit=200,
            )
        )
        top = d.chance(0.5) and len(rows) > 1
        if top:
            if len(rows) > 1 and rows[0]["priority"] == rows[1]["priority"]:
                raise Redraw("two open incidents share the highest priority")
            # the number, and none of the other open incidents' (listing them all is a guess, not an answer)
            answer = rows[0]["number"]
            match = mentions.record(number=answer, others=[{"number": r["number"]} for r in rows[1:]])
            phrasings = [
                f"Which open incident on {ref} has the highest priority? Give its number.",
                f"What is the most urgent open ticket for {ref} (by priority)? INC number please.",
                f"Find the open incident with the top priority logged against {ref}.",
                f"Of the open incidents on {ref}, which one has the highest priority?",
                f"I need the INC number of the highest-priority open incident affecting {ref}.",
            ]
        else:
            answer, match = str(len(rows)), Match(approx=float(len(rows)), tol=0.01)
            phrasings = [
                f"How many open incidents are logged against {ref}?",
                f"Count the incidents still open on {ref}.",
                f"What's the number of unresolved incidents for the configuration item {ref}?",
                f"How many tickets are open right now on {ref}?",
                f"Open incident count for {ref}, please.",
            ]
        k = d.rng.randrange(len(phrasings))
        d.distractors = len(rows) - 1 if top else 0
        return Spec(
            prompt=phrasings[k],
            oracle=oracle + answer_steps(answer),
            answer=AnswerSpec(match=match),
            ui_oracle=ui_answer(answer),
            tags=["question", "incident", "cmdb"] + (["by-relation"] if by_app else []),
            phrasing=k,
            records=len(rows),
        )


FAMILIES = [GroupBacklog(), CiOpenIncidents()]
