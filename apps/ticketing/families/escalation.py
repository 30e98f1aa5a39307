"""Escalation by the handbook: an incident missed its response target; who is notified follows the
Incident Escalation Policy (P1: the Director of IT; P2 and P3: the support group's manager), the On-Call
Rota (P1 and P2 page this week's on-call primary out of hours — office time is UTC and the moment of
escalation counts — never a P3) and the Major Incident Process (a P1 is a major incident: it is declared
and always pages on-call). One work note per person notified. The names come from the policies' params
and the desk's records; the world's clock (Monday 09:00 UTC) is in office hours."""

from __future__ import annotations

import json

from apps.core.handbook import on_call, pages_on_call
from apps.core.worlds import load_world
from apps.ticketing.families.common import OPEN, incidents, other, stamps
from tasks.families import mentions
from tasks.families.base import Draw, Family, Redraw, Spec, step
from tasks.families.mentions import staff
from tasks.match_model import Match
from tasks.truth_model import Expectation, UiStep

DECLARE = "Major incident declared per the Major Incident Process."


def _note(inc: dict, says: Match) -> Expectation:
    return Expectation(
        table="ticketing_sys_journal_field",
        op="insert",
        fields={"element_id": Match(equals=inc["sys_id"]), "element": Match(equals="work_notes"),
                "value": says},
    )  # fmt: skip


class HandbookEscalation(Family):
    name = "ticketing.handbook-escalation"
    apps = ("ticketing",)
    # v3: a note names the person in any form (full name, e-mail, unambiguous first name); v4: on-call is
    # paged as the handbook says (out of hours, UTC office time; a major incident always), not always; v5: the
    # major incident is declared in any words ("declaring an MI", "this is a major outage"), not negated
    version = 6  # its UI oracle follows the new pages (UI16, event pane, slides)
    surfaces = ("mcp", "cli", "ui", "python")
    splits = ("train", "test")  # acme's open P1-P3 incidents have no caller of the dev split
    author = "saasgym-handbook"
    summary = "escalate an incident that missed its response target to exactly the people the handbook names"

    def build(self, d: Draw) -> Spec:
        pool = incidents(d, f"{OPEN} AND i.priority IN (1, 2, 3) AND g.manager IS NOT NULL")
        inc = d.pick("caller", pool, key="caller_id")
        d.note("incident", inc["sys_id"])
        params = json.loads(d.world.value("SELECT params FROM office_policy WHERE id = 'on-call-rota'"))
        week = on_call(params["weeks"], load_world(d.world.world).now)
        if week is None:
            raise Redraw("the rota has no week for now")
        person = "SELECT name FROM ticketing_sys_user WHERE {} = ? ORDER BY sys_id"
        people = staff(d.world)
        emails = {p["name"]: p["email"] for p in people}
        primary = d.world.value(person.format("employee_number"), week["primary"])
        manager = d.world.value(
            "SELECT u.name FROM ticketing_sys_user_group g JOIN ticketing_sys_user u ON u.sys_id = g.manager "
            "WHERE g.sys_id = ?",
            inc["assignment_group"],
        )
        director = d.world.value(person.format("title"), "Director of IT")
        escalate = {1: director, 2: manager, 3: manager}[inc["priority"]]
        now = load_world(d.world.world).now  # office time is UTC, and the moment counts (On-Call Rota)
        paged = pages_on_call(params, inc["priority"], now, major=inc["priority"] == 1)
        notify = [escalate, *([primary] if paged else [])]
        if len(set(notify)) < len(notify) or None in notify:
            raise Redraw("one person holds two of the roles")
        texts = [f"Escalated per the Incident Escalation Policy: notified {name}." for name in notify]
        if inc["priority"] == 1:
            texts.append(DECLARE)
        n = inc["number"]
        prompt = (
            f"{n} ({inc['short_description']}) missed its response target. Escalate it as the company "
            "handbook requires (Incident Escalation Policy, On-Call Rota, Major Incident Process): add one "
            "work note per person you notify, naming them, and if it is a major incident add a work note "
            "declaring it. Notify nobody the policies do not call for."
        )
        return Spec(
            prompt=prompt,
            oracle=[
                step("ticketing_get_incident", incident_id=n),
                step("ticketing_search_knowledge", query="Incident Escalation Policy"),
                step("ticketing_search_knowledge", query="On-Call Rota"),
                *[step("ticketing_add_work_note", record_id=n, text=t) for t in texts],
            ],
            expect=[
                *[_note(inc, mentions.person(name, emails.get(name), among=people)) for name in notify],
                *([_note(inc, mentions.reason("major_incident")[0])] if inc["priority"] == 1 else []),
            ],
            allow=[stamps(inc["sys_id"])],
            ui_oracle=[
                UiStep(goto=f"/incidents/{n}"),
                *[
                    u
                    for t in texts
                    for u in (
                        UiStep(check="Work notes"),
                        UiStep(fill=("Work notes", t)),
                        UiStep(click=("button", "Post")),
                        UiStep(expect_text=t.split(": ", 1)[-1]),
                    )
                ],
            ],
            wrong_record={n: other(d, pool, inc)["number"]},
            tags=["handbook", "incident-escalation", f"p{inc['priority']}"],
        )


FAMILIES = [HandbookEscalation()]
