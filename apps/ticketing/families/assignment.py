"""Assigning incidents: pick up an unassigned incident and give it to a member of its group (or refuse
when the named person is not in that group)."""

from __future__ import annotations

from apps.ticketing.families.common import incidents, members, other, sla_follow, stamps
from tasks.families import mentions
from tasks.families.base import Draw, Family, Redraw, Spec, answer_steps, eq, step, ui_answer
from tasks.families.batch import COUNTS, intros, several
from tasks.truth_model import AnswerSpec, Expectation, UiStep


class AssignIncident(Family):
    name = "ticketing.assign-incident"
    answers = True  # its refusal variant ends with an answer
    version = 4  # v2: the batch knob (several()); v3: the refusal names its reason
    # v4: the reason read as a concept in any wording
    apps = ("ticketing",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-itsm-team"
    summary = (
        "assign a New, unassigned incident to a member of its group (refusal: a non-member)"
        " (or a batch of 3–4)"
    )

    def build(self, d: Draw) -> Spec:
        return several(d, self.one, d.choice(COUNTS), intros("incident"))

    def one(self, d: Draw) -> Spec:
        """One request, drawn with its own preconditions (build may batch several)."""
        pool = incidents(d, "i.state = 1 AND i.assigned_to IS NULL AND i.state IN (1, 2, 3)")
        inc = d.pick("caller", pool, key="caller_id")
        d.note("incident", inc["sys_id"])
        group = inc["group_name"]
        people = members(d, inc["assignment_group"])
        refuse = d.chance(0.2)
        if refuse:
            outsiders = d.world.rows(
                "SELECT name, email FROM ticketing_sys_user WHERE active = 1 AND sys_id NOT IN "
                "(SELECT user FROM ticketing_sys_user_grmember WHERE [group] = ?) AND title LIKE '%Analyst%' "
                "ORDER BY name",
                inc["assignment_group"],
            )
            person = d.choice(outsiders)
        else:
            person = d.choice(people)
        same = [r for r in pool if r["assignment_group"] == inc["assignment_group"]]
        d.distractors = len(same) - 1
        n, short, who = inc["number"], inc["short_description"], person["name"]
        phrasings = [
            f"{n} ({short}) is still sitting unassigned in the {group} queue. "
            f"Please assign it to {who} in {group}.",
            f"Can you hand the {group} incident {n} to {who}? It hasn't been picked up yet.",
            f'{inc["caller_name"]} opened an incident "{short}" that nobody in {group} has taken. '
            f"Assign it to {who}.",
            f'Please route the unassigned {group} ticket about "{short}" to {who} (keep it in {group}).',
            f"Assignment needed: {n} should go to {who}, {group} group.",
        ]
        k = d.rng.randrange(len(phrasings))
        oracle = []
        if k in (2, 3):  # the incident is named by what it is about: look it up first
            twins = [r for r in same if r["short_description"] == short]
            if (
                len(twins) > 1
                and k == 3
                or k == 2
                and sum(1 for r in twins if r["caller_id"] == inc["caller_id"]) > 1
            ):
                raise Redraw("the description does not single the incident out")
            oracle.append(
                step("ticketing_list_incidents", search=short, unassigned=True, assignment_group=group)
            )
        wrong = other(d, same if len(same) > 1 else pool, inc)
        if refuse:
            oracle.append(step("ticketing_get_group_members", group=group))
            text = f"I can't assign {n} to {who}: they are not a member of the {group} group."
            return Spec(
                prompt=phrasings[k],
                oracle=oracle + answer_steps(text),
                expect=[Expectation(table="ticketing_incident", op="unchanged", pk=inc["sys_id"])],
                answer=AnswerSpec(
                    refusal=True,
                    because=mentions.reason("not_member", names=[group]),
                ),
                ui_oracle=ui_answer(text),
                tags=["incident", "assignment", "refusal"],
                phrasing=k,
            )
        oracle.append(
            step(
                "ticketing_assign_incident",
                incident_id=n,
                assignment_group=group,
                assigned_to=person["email"],
            )
        )
        return Spec(
            prompt=phrasings[k],
            oracle=oracle,
            expect=[
                Expectation(
                    table="ticketing_incident",
                    op="update",
                    pk=inc["sys_id"],
                    fields={
                        "assigned_to": eq(person["sys_id"]),
                        "assignment_group": eq(inc["assignment_group"]),
                        "state": eq(2),
                    },
                )
            ],
            allow=[stamps(inc["sys_id"]), sla_follow()],
            ui_oracle=[
                UiStep(goto=f"/incidents/{n}"),
                UiStep(fill=("Assigned to", who)),
                UiStep(click=("button", "Update")),
                UiStep(expect_text=who),
            ],
            wrong_record={n: wrong["number"]},
            tags=["incident", "assignment"],
            phrasing=k,
        )


FAMILIES = [AssignIncident()]
