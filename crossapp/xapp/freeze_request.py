"""Two changes asked for tonight, during the month-end freeze (frontier): a support engineer wants a fix and,
right after it, routine work on one configuration item. Under the Change Freeze Policy only an emergency
change that restores service may run in a freeze, approved by the Chief Information Officer; everything else
starts when the freeze ends. So the performer must judge whether the first change restores service (an open
incident on that item is what it fixes) — claimed urgency is not — raise it as an emergency change for
tonight and ask the CIO, or move it past the freeze; move the routine work past the freeze, keeping the
order; and tell the requester what was set up.

What decides the truth: the policy's windows (`office_policy` change-freeze params, the dates its article
states), the world's now (inside the month-end freeze), the item's open incidents, the CIO (the office user
holding that title) and the requested lengths. Distractors: the open incidents of other items, and the
urgency the requester claims for a patch that restores nothing.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta

from apps.core.handbook import in_window
from apps.ticketing.families.changes import next_change_number
from apps.ticketing.families.freeze import WORK
from crossapp.xapp.common import compose_ui
from tasks.families import mentions
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.families.frontier_kit import MAIL_SIDE_EFFECTS, first_name, mail_sent, reads, sent_to, states
from tasks.match_model import Match
from tasks.truth_model import Allowance, Expectation, FrontierMeasures, UiStep

ISO = "%Y-%m-%dT%H:%M"
FIXES = {
    "cmdb_ci_db_instance": "apply the vendor's hotfix for it",
    "cmdb_ci_netgear": "load the vendor's fixed firmware for it",
    "cmdb_ci_appl": "deploy the vendor's patch release for it",
    "cmdb_ci_linux_server": "apply the vendor's fix for it",
    "cmdb_ci_win_server": "apply the vendor's fix for it",
}
URGENT = [
    "the security patch the vendor flagged as urgent",
    "the vendor's urgent maintenance update",
    "the critical patch bundle that came out on Friday",
]
CIS = """
SELECT c.sys_id, c.name, c.sys_class_name, g.name AS group_name, g.sys_id AS group_id,
       (SELECT count(*) FROM ticketing_incident i WHERE i.cmdb_ci = c.sys_id AND i.state IN (1, 2, 3)) AS open
FROM ticketing_cmdb_ci c JOIN ticketing_sys_user_group g ON g.sys_id = c.support_group
WHERE g.manager IS NOT NULL AND c.sys_class_name IN ({classes}) ORDER BY c.sys_id
"""
REQUESTERS = """
SELECT u.name, u.email FROM ticketing_sys_user_grmember m JOIN ticketing_sys_user u ON u.sys_id = m.user
JOIN office_user o ON lower(o.mail) = lower(u.email)
WHERE m."group" = ? AND u.email != 'jamie.collins@acme.example' ORDER BY u.email
"""


def _change(ci: dict, kind: str, start: datetime, end: datetime) -> Expectation:
    fields = {
        "type": eq(kind),
        "cmdb_ci": eq(ci["sys_id"]),
        "start_date": eq(start.strftime(ISO)),
        "end_date": eq(end.strftime(ISO)),
        "approval": Match(one_of=["requested", "approved"]),  # requested, or already approved after a wait
    }
    return Expectation(table="ticketing_change_request", op="insert", fields=fields)


def _ui(ci: dict, kind: str, desc: str, start: datetime, end: datetime, number: str) -> list[UiStep]:
    return [
        UiStep(goto="/s/ticketing/changes/new"),
        UiStep(click=("link", kind.capitalize())),  # What type of change is required?
        UiStep(select=("Type", kind)),
        UiStep(fill=("Configuration item", ci["name"])),
        UiStep(select=("Assignment group", ci["group_name"])),
        UiStep(fill=("Short description", desc)),
        UiStep(fill=("Planned start date", start.strftime(ISO))),
        UiStep(fill=("Planned end date", end.strftime(ISO))),
        UiStep(click=("button", "Submit")),
        UiStep(expect_text=number),
        UiStep(goto=f"/s/ticketing/changes/{number}"),
        UiStep(click=("button", "Request Approval")),
        UiStep(expect_text="Requested"),
    ]


class FreezeChangeRequest(Family):
    name = "xapp.freeze-change-request"
    version = 4  # v4: a person told may be in To or Cc (recipients)
    # UI16's change type chooser first (the oracle clicks the type's card)
    apps = ("ticketing", "office")
    tier = "frontier"
    surfaces = ("mcp", "cli", "ui", "python")
    size = 60
    author = "saasgym-frontier"
    summary = (
        "frontier: a fix and routine work asked for tonight, inside a change freeze: an emergency change "
        "only "
        "if it restores service (an open incident on the item), the CIO asked; the rest after the freeze"
    )

    def build(self, d: Draw) -> Spec:
        params = json.loads(d.world.value("SELECT params FROM office_policy WHERE id = 'change-freeze'"))
        now = d.world.now.replace(tzinfo=None)
        freeze = in_window(params["windows"], now)
        if freeze is None:
            raise Redraw("the world's now is not inside a freeze")
        thaw = datetime.fromisoformat(freeze["end"])
        cis = d.world.rows(CIS.format(classes=",".join(f"'{c}'" for c in WORK)))
        restores = d.chance(0.5)
        ci = d.pick("ci", [c for c in cis if bool(c["open"]) == restores], key="sys_id")
        tonight = now.replace(hour=d.choice([20, 21, 22]), minute=0, second=0)
        fix_h, work_h = d.choice([1, 2]), d.choice([1, 2, 3])
        asked_fix = (tonight, tonight + timedelta(hours=fix_h))
        if restores:
            fix = asked_fix
            work = (thaw, thaw + timedelta(hours=work_h))
        else:
            fix = (thaw, thaw + timedelta(hours=fix_h))
            work = (fix[1], fix[1] + timedelta(hours=work_h))
        self._no_overlap(d, ci, [asked_fix, fix, work])
        people = [p for p in d.world.rows(REQUESTERS, ci["group_id"])]
        requester = d.choice(people) if people else None
        if requester is None:
            raise Redraw("nobody of the item's group can ask")
        incidents = d.world.rows(
            "SELECT number, short_description FROM ticketing_incident WHERE cmdb_ci = ? "
            "AND state IN (1, 2, 3) "
            "ORDER BY number",
            ci["sys_id"],
        )
        outage = d.choice(incidents) if restores else None
        routine = d.choice(WORK[ci["sys_class_name"]])
        routine = routine[0].lower() + routine[1:]
        what_fix = (
            f"the fix for {outage['number']} ({outage['short_description']}): {FIXES[ci['sys_class_name']]}"
            if outage
            else d.choice(URGENT)
        )
        prompt, k = self._prompt(d, requester, ci, what_fix, routine, asked_fix, work_h)
        first, second = next_change_number(d), f"CHG{int(next_change_number(d)[3:]) + 1:07d}"
        kind = "emergency" if restores else "normal"
        fix_desc = f"{'Emergency fix' if restores else 'Urgent patch'} on {ci['name']}"
        work_desc = f"{routine[0].upper()}{routine[1:]} on {ci['name']}"
        cio = d.world.rows(
            "SELECT display_name, mail FROM office_user WHERE job_title = ? ORDER BY mail",
            params["emergency_approver"],
        )[0]
        oracle = [
            step("ticketing_search_knowledge", query="Change Freeze Policy"),
            step("ticketing_list_incidents", cmdb_ci=ci["name"], active=True, limit=100),
            step("ticketing_create_change", short_description=fix_desc, type=kind, cmdb_ci=ci["sys_id"],
                 assignment_group=ci["group_id"], start_date=fix[0].strftime(ISO) + ":00",
                 end_date=fix[1].strftime(ISO) + ":00"),
            step("ticketing_request_change_approval", change_id="$3.number"),
            step("ticketing_create_change", short_description=work_desc, type="normal", cmdb_ci=ci["sys_id"],
                 assignment_group=ci["group_id"], start_date=work[0].strftime(ISO) + ":00",
                 end_date=work[1].strftime(ISO) + ":00"),
            step("ticketing_request_change_approval", change_id="$5.number"),
        ]  # fmt: skip
        ui = [UiStep(goto=f"/s/ticketing/incidents?active=true&search={ci['name']}")]
        ui += _ui(ci, kind, fix_desc, *fix, first) + _ui(ci, "normal", work_desc, *work, second)
        expect = [_change(ci, kind, *fix), _change(ci, "normal", *work)]
        criteria = []
        people_involved = 1
        if restores:
            body = (f"Hi {first_name(cio['display_name'])}, {first} is an emergency change on {ci['name']} "
                    f"tonight "
                    f"({fix[0]:%H:%M}-{fix[1]:%H:%M} UTC) to restore service ({outage['number']}) during the "
                    f"{freeze['name']}. Under the Change Freeze Policy it needs your approval — could you "
                    "approve "
                    "it? Thanks, Amber")  # fmt: skip
            oracle.append(step("office_send_mail", to=[cio["mail"]], subject=f"Approval: {first}", body=body))
            ui += compose_ui(cio["mail"], f"Approval: {first}", body)
            expect.append(mail_sent(d, cio["mail"], body_content=mentions.any_of(
                mentions.record(number=first), mentions.record(number=second))))  # fmt: skip
            people_involved += 1
        moved = "both" if not restores else "the routine work"
        report = (f"Hi {first_name(requester['name'])},\n\n{first}: {fix_desc}, {fix[0]:%Y-%m-%d %H:%M}-"
                  f"{fix[1]:%H:%M} UTC ({kind}).\n{second}: {work_desc}, "
                  f"{work[0]:%Y-%m-%d %H:%M}-{work[1]:%H:%M} "
                  f"UTC (normal).\nThe {freeze['name']} runs until {thaw:%Y-%m-%d %H:%M} UTC, so {moved} "
                  "starts "
                  "after it. Both are waiting for approval.\n\nAmber")  # fmt: skip
        oracle.append(step("office_send_mail", to=[requester["email"]], subject=f"Changes on {ci['name']}",
                           body=report))  # fmt: skip
        ui += compose_ui(requester["email"], f"Changes on {ci['name']}", report)
        where = sent_to(d, requester["email"])
        expect.append(mail_sent(d, requester["email"]))
        criteria += [
            states(where, "changes-named", "names both new change requests", names=[first, second]),
            states(where, "moved-date", f"states the day the moved work starts ({thaw:%Y-%m-%d})",
                   dates=[thaw.strftime("%Y-%m-%d")]),
            reads(where, "explains-plan", "answers_request",
                  f"tells {requester['name']} that "
                  + (f"the fix for {outage['number']} goes ahead tonight as an emergency change (it restores "
                     "service) with the Chief Information Officer's approval (asked for, or given "
                     "already), and that the routine work "
                     f"({routine}) waits until the {freeze['name']} ends at {thaw:%Y-%m-%d %H:%M} UTC"
                     if restores else
                     f"neither change can run tonight because of the {freeze['name']}: the patch restores no "
                     f"service, so it starts when the freeze ends at {thaw:%Y-%m-%d %H:%M} UTC "
                     "and the routine "
                     f"work ({routine}) right after it")),
        ]  # fmt: skip
        others = [c for c in cis if c["sys_id"] != ci["sys_id"] and c["group_id"] == ci["group_id"]] or [
            c for c in cis if c["sys_id"] != ci["sys_id"]
        ]
        return Spec(
            prompt=prompt,
            oracle=oracle,
            expect=expect,
            allow=[
                *MAIL_SIDE_EFFECTS,
                Allowance(table="ticketing_sysapproval_approver", ops=["insert"]),
                # a work note linking the change to the incident it fixes is a record of the work
                Allowance(table="ticketing_sys_journal_field", ops=["insert"]),
            ],
            ui_oracle=ui,
            wrong_record={ci["sys_id"]: others[0]["sys_id"]},
            tags=["change", "change-freeze", "handbook", "cross-app"],
            phrasing=k,
            criteria=criteria,
            frontier=FrontierMeasures(
                discover=1 + len(incidents),
                people=people_involved,
                policies=["Change Freeze Policy"],
                distractors=sum(c["open"] for c in cis if c["sys_id"] != ci["sys_id"]) if not restores else 0,
            ),
        )

    @staticmethod
    def _no_overlap(d: Draw, ci: dict, windows: list[tuple[datetime, datetime]]) -> None:
        for start, end in windows:
            if d.world.rows(
                "SELECT 1 FROM ticketing_change_request WHERE cmdb_ci = ? AND state NOT IN (3, 4) "
                "AND start_date < ? AND end_date > ?",
                ci["sys_id"],
                end.isoformat(sep=" "),
                start.isoformat(sep=" "),
            ):
                raise Redraw("another change on the item overlaps a window")

    @staticmethod
    def _prompt(
        d: Draw, who: dict, ci: dict, fix: str, routine: str, asked: tuple[datetime, datetime], work_h: int
    ) -> tuple[str, int]:
        name, first = who["name"], first_name(who["name"])
        win = f"{asked[0]:%H:%M}-{asked[1]:%H:%M} UTC"
        hours = f"{work_h} hour{'s' if work_h > 1 else ''}"
        keep = (
            "If something can't happen tonight, book it for the earliest moment it's allowed, keeping the "
            "order."
        )
        phrasings = [
            f'{name} mailed you: "Two things on {ci["name"]} tonight, please. First {fix}, {win}. '
            f"Right after it, {routine} — that takes about {hours}. {keep} Raise whatever is needed, "
            "get the "
            'approvals going and tell me what you set up."',
            f"{name} ({ci['group_name']}) needs two changes on {ci['name']}: {fix}, tonight {win}, and then "
            f"{routine} ({hours}) straight after. {keep} Set them up with their approvals and let "
            f"{first} know by mail what you did.",
            f'From {first}: "Can you book {ci["name"]} for tonight? {fix[0].upper()}{fix[1:]} from '
            f"{win}, then {routine} for {hours}. {keep} Please raise the changes, send them for "
            'approval and mail me the details."',
            f"Tonight's work on {ci['name']}, as {name} asked: {fix}, {win}; then {routine}, "
            f"{hours}, "
            f"right after. {keep} Raise the changes with their approvals and mail {first} the outcome.",
            f'{name}: "{ci["name"]} needs attention tonight — {fix} ({win}), followed by {routine} '
            f"(about {hours}). {keep} Could you take care of the change records and approvals and tell me "
            'where we landed?"',
        ]
        k = d.rng.randrange(len(phrasings))
        return phrasings[k], k


FAMILIES = [FreezeChangeRequest()]
