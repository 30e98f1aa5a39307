"""Questions about incidents (answers checked by the match rules) and requests the desk must refuse."""

from __future__ import annotations

from apps.ticketing.choices import INCIDENT_STATES
from apps.ticketing.families.common import OPEN, incident_refusal, incidents
from tasks.families import mentions
from tasks.families.base import Draw, Family, Redraw, Spec, answer_steps, step, ui_answer
from tasks.truth_model import AnswerSpec


class CallerLatestIncident(Family):
    name = "ticketing.qa-caller-latest"
    version = 2  # v2: the answer names what was asked in any form, and no rival candidate
    apps = ("ticketing",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-itsm-team"
    summary = "question: the number (or assignee) of a caller's most recent open incident"

    def build(self, d: Draw) -> Spec:
        pool = incidents(d, OPEN)
        inc = d.pick("caller", pool, key="caller_id")
        d.note("incident", inc["sys_id"])
        mine = [r for r in pool if r["caller_id"] == inc["caller_id"]]
        if (
            max(r["opened_at"] for r in mine) != inc["opened_at"]
            or len([r for r in mine if r["opened_at"] == inc["opened_at"]]) > 1
        ):
            raise Redraw("not the caller's single most recent open incident")
        d.distractors = len(mine) - 1
        who = inc["caller_name"]
        ask_assignee = d.chance(0.4)
        if ask_assignee:
            if not inc["assigned_to"]:
                raise Redraw("the incident has no assignee to ask about")
            name = d.world.value("SELECT name FROM ticketing_sys_user WHERE sys_id = ?", inc["assigned_to"])
            answer, match = name, mentions.one_person(d.world, name)
            phrasings = [
                f"Who is working on {who}'s most recent open incident?",
                f"{who} is asking who has their latest open ticket. Which analyst is it assigned to?",
                f"Find the newest open incident where {who} is the caller and tell me the assignee's name.",
                f"Which person is assigned to the last open incident {who} raised?",
                f"{who} called again. Who owns the most recently opened of their open incidents?",
            ]
        else:
            others = [{"number": r["number"]} for r in mine if r["number"] != inc["number"]]
            answer, match = inc["number"], mentions.record(number=inc["number"], others=others)
            phrasings = [
                f"What is the number of {who}'s most recent open incident?",
                f"{who} wants a ticket number for their latest open incident. Which one is it?",
                f"Look up the caller {who} and tell me the number of the newest incident they have open.",
                f"Which open incident did {who} raise most recently? Just the INC number, please.",
                f"I need the INC number of the last open ticket opened for {who}.",
            ]
        k = d.rng.randrange(len(phrasings))
        return Spec(
            prompt=phrasings[k],
            oracle=[
                step("ticketing_list_users", search=who),
                step(
                    "ticketing_list_incidents",
                    caller_id=inc["caller_email"],
                    active=True,
                    sort_by="opened_at",
                    descending=True,
                ),
                *answer_steps(answer),
            ],
            answer=AnswerSpec(match=match),
            ui_oracle=ui_answer(answer),
            tags=["question", "incident"],
            phrasing=k,
        )


class RefuseCloseOpen(Family):
    name = "ticketing.refuse-close-open"
    version = 3  # v2: the refusal names its reason; v3: the reason read as a concept in any wording
    apps = ("ticketing",)
    splits = ("test",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-itsm-team"
    summary = "refusal (test only): close an incident that was never resolved"

    def build(self, d: Draw) -> Spec:
        pool = incidents(d, OPEN)
        inc = d.pick("caller", pool, key="caller_id")
        d.note("incident", inc["sys_id"])
        n, short = inc["number"], inc["short_description"]
        phrasings = [
            f"{n} ({short}) has been open too long. Close it right away, skip the resolution.",
            f"Please just close {n} without resolving it first; the caller stopped answering.",
            f"Close {inc['caller_name']}'s incident {n} now — no resolution code, just closed.",
            f"Housekeeping: mark {n} as Closed directly (don't bother resolving it).",
            f"Can you close {n} today? We are not going to write resolution notes for it.",
        ]
        k = d.rng.randrange(len(phrasings))
        text = f"I can't close {n}: it is not resolved, and an incident must be resolved before it is closed."
        because = mentions.reason("not_resolved", names=[INCIDENT_STATES[int(inc["state"])]])
        return incident_refusal(inc, phrasings[k], k, text, ["incident", "refusal"], because)


FAMILIES = [CallerLatestIncident(), RefuseCloseOpen()]
