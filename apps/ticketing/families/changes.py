"""Change management: a normal change request on a configuration item with a planned window, sent for
approval (New -> Assess; the assignment group's manager is asked to approve). The window is drawn free of
the CI's other open changes, so the conflict check passes."""

from __future__ import annotations

from datetime import datetime, timedelta

from tasks.families import mentions
from tasks.families.base import Draw, Family, Redraw, Spec, answer_steps, eq, step, ui_answer
from tasks.match_model import Match
from tasks.truth_model import Allowance, AnswerSpec, Expectation, UiStep

WORK = {  # by CI class: what the change does
    "cmdb_ci_linux_server": ["Apply the monthly kernel patches to {ci}", "Upgrade the middleware on {ci}"],
    "cmdb_ci_win_server": [
        "Install the Windows cumulative update on {ci}",
        "Rotate the certificates on {ci}",
    ],
    "cmdb_ci_db_instance": ["Upgrade {ci} to the next minor release", "Rebuild the indexes of {ci}"],
    "cmdb_ci_netgear": ["Upgrade the firmware of {ci}", "Replace the power supply of {ci}"],
    "cmdb_ci_appl": ["Deploy the quarterly release of {ci}", "Change the authentication settings of {ci}"],
    "cmdb_ci_service": ["Migrate {ci} to the new load balancer", "Renew the TLS certificate of {ci}"],
    "cmdb_ci_printer": ["Replace the fuser unit of {ci}", "Update the firmware of {ci}"],
}
PLANS = [
    ("Stop the service, apply the update, start the service and check the logs.", "apply the update"),
    ("Drain traffic, make the change, run the smoke tests, restore traffic.", "run the smoke tests"),
    ("Take a snapshot, apply the change, verify monitoring stays green.", "take a snapshot"),
]
BACKOUTS = [
    ("Restore the snapshot taken before the change.", "restore the snapshot"),
    ("Reinstall the previous version from the package cache.", "previous version"),
]
RISKS = {2: "High", 3: "Moderate", 4: "Low"}
DAYS = ["2026-11-09", "2026-11-10", "2026-11-12", "2026-11-17", "2026-11-19", "2026-11-24"]
CIS = """
SELECT c.sys_id, c.name, c.sys_class_name, g.name AS group_name, g.manager
FROM ticketing_cmdb_ci c JOIN ticketing_sys_user_group g ON g.sys_id = c.support_group
WHERE c.sys_class_name != 'cmdb_ci_computer' AND g.manager IS NOT NULL ORDER BY c.name
"""


def _stored(t: datetime) -> str:
    return t.strftime("%Y-%m-%dT%H:%M")


class NormalChange(Family):
    name = "ticketing.normal-change"
    version = 2  # v2: New opens UI16's change type chooser first (the oracle clicks the Normal card)
    apps = ("ticketing",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-itsm-team"
    summary = (
        "a normal change on a CI (its support group, a planned window free of conflicts, risk, plans), "
        "sent for approval: Assess, with the group manager asked to approve"
    )

    def build(self, d: Draw) -> Spec:
        ci = d.pick("ci", d.world.rows(CIS))
        title = d.choice(WORK[ci["sys_class_name"]]).format(ci=ci["name"])
        start = datetime.fromisoformat(f"{d.choice(DAYS)}T{d.choice(['20:00', '21:00', '22:00'])}")
        end = start + timedelta(hours=d.choice([1, 2, 3]))
        clash = d.world.value(
            "SELECT COUNT(*) FROM ticketing_change_request WHERE cmdb_ci = ? AND state NOT IN (3, 4) AND "
            "start_date < ? AND end_date > ?",
            ci["sys_id"],
            end.strftime("%Y-%m-%d %H:%M:%S"),
            start.strftime("%Y-%m-%d %H:%M:%S"),
        )
        if clash:
            raise Redraw("the window overlaps another open change on the CI")
        risk = d.choice(list(RISKS))
        plan, plan_key = d.choice(PLANS)
        backout, back_key = d.choice(BACKOUTS)
        g, when = ci["group_name"], f"{start:%Y-%m-%d} {start:%H:%M}–{end:%H:%M} UTC"
        spec = f'risk {RISKS[risk]}; implementation plan: "{plan}"; backout plan: "{backout}"'
        phrasings = [
            f'Raise a normal change "{title}" for {g}, planned {when}, {spec}. Then request approval.',
            f"{g} wants to {title[0].lower() + title[1:]} on {when}. Create the normal change request "
            f"({spec}) and send it for approval.",
            f'New normal change on {ci["name"]}: "{title}", window {when}, assignment group {g}; {spec}. '
            "Submit it for approval.",
            f'Please log a change request (type normal) called "{title}" — {when}, {g}, {spec} — and '
            "request its approval.",
            f'Change for the CAB pipeline: "{title}" ({g}, {when}). {spec[0].upper() + spec[1:]}. '
            "Send it to approval once created.",
        ]
        k = d.rng.randrange(len(phrasings))
        number = next_change_number(d)
        oracle = [
            step("ticketing_list_configuration_items", search=ci["name"]),
            step(
                "ticketing_create_change",
                short_description=title,
                type="normal",
                cmdb_ci=ci["sys_id"],
                risk=risk,
                start_date=_stored(start),
                end_date=_stored(end),
                assignment_group=g,
                implementation_plan=plan,
                backout_plan=backout,
            ),
            step("ticketing_request_change_approval", change_id=number),
        ]
        group_id = d.world.value("SELECT sys_id FROM ticketing_sys_user_group WHERE name = ?", g)
        expect = [
            Expectation(
                table="ticketing_change_request",
                op="insert",
                fields={
                    "short_description": Match(text=title),
                    "type": eq("normal"),
                    "cmdb_ci": eq(ci["sys_id"]),
                    "assignment_group": eq(group_id),
                    "risk": eq(risk),
                    "start_date": eq(_stored(start)),
                    "end_date": eq(_stored(end)),
                    "state": eq(-4),
                    "approval": eq("requested"),
                    "implementation_plan": Match(contains=plan_key),
                    "backout_plan": Match(contains=back_key),
                },
            ),
            Expectation(
                table="ticketing_sysapproval_approver",
                op="insert",
                fields={"approver": eq(ci["manager"]), "state": eq("requested")},
            ),
        ]
        ui = [
            UiStep(goto="/changes/new"),
            UiStep(click=("link", "Normal")),  # What type of change is required?
            UiStep(select=("Type", "normal")),
            UiStep(fill=("Configuration item", ci["name"])),
            UiStep(select=("Risk", str(risk))),
            UiStep(fill=("Assignment group", g)),
            UiStep(fill=("Short description", title)),
            UiStep(fill=("Planned start date", _stored(start))),
            UiStep(fill=("Planned end date", _stored(end))),
            UiStep(fill=("Implementation plan", plan)),
            UiStep(fill=("Backout plan", backout)),
            UiStep(click=("button", "Submit")),
            UiStep(expect_text=number),
            UiStep(goto=f"/changes/{number}"),
            UiStep(click=("button", "Request Approval")),
            UiStep(expect_text="Requested"),
        ]
        others = d.world.rows(CIS)
        wrong = others[(others.index(ci) + 1) % len(others)]
        return Spec(
            prompt=phrasings[k],
            oracle=oracle,
            expect=expect,
            allow=[Allowance(table="ticketing_sys_journal_field", ops=["insert"])],
            ui_oracle=ui,
            wrong_record={ci["sys_id"]: wrong["sys_id"]},
            tags=["change", "normal", "approval"],
            phrasing=k,
        )


def next_change_number(d: Draw) -> str:
    """The number the next change raised in an episode of the world gets."""
    last = d.world.value("SELECT MAX(number) FROM ticketing_change_request")
    return f"CHG{int(last[3:]) + 1:07d}"


# refusal kinds: (states the change is in, what is asked, why the desk refuses, the tool a naive agent calls)
RULES = [
    (
        (-5, -4, -3),
        "start implementing {x} now",
        "it is not approved yet; a normal or emergency change must be approved and Scheduled first",
        "implement",
    ),
    (
        (-2,),
        "close {x} as successful",
        "only a change in Review can be closed; it has not been implemented",
        "close",
    ),
    (
        (-4, -3, -2),
        "move the planned window of {x} one day later",
        "only a New change can be edited; once approval is requested the plan is frozen",
        "edit",
    ),
    ((3,), "cancel {x}", "it is already Closed; a closed change cannot be canceled", "cancel"),
]
# What a refusal of each rule may give as its reason besides the change's own state (state_forbids)
REASONS = {"implement": ("not_approved",), "close": ("not_implemented",), "edit": (), "cancel": ()}
STATE_NAMES = {-5: "New", -4: "Assess", -3: "Authorize", -2: "Scheduled", 3: "Closed"}


class RefuseChangeRule(Family):
    name = "ticketing.refuse-change-rule"
    version = 3  # v2: the refusal names its reason; v3: the reason read as a concept in any wording
    apps = ("ticketing",)
    splits = ("test",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-itsm-team"
    summary = (
        "refusal (test only): implement an unapproved change, close one that was never implemented, edit "
        "one past New, or cancel a Closed one"
    )

    def build(self, d: Draw) -> Spec:
        states, ask, why, kind = d.choice(RULES)
        marks = ", ".join("?" * len(states))
        pool = d.world.rows(
            "SELECT ch.sys_id, ch.number, ch.short_description, ch.state, ch.type, c.name AS ci_name "
            "FROM ticketing_change_request ch LEFT JOIN ticketing_cmdb_ci c ON c.sys_id = ch.cmdb_ci "
            f"WHERE ch.state IN ({marks}) AND ch.type != 'standard' ORDER BY ch.number",
            *states,
        )
        chg = d.pick("change", pool)
        n, short = chg["number"], chg["short_description"]
        ci = chg["ci_name"] or "The"
        phrasings = [
            f"{n} ({short}) — please {ask.format(x='it')}.",
            f"Can you {ask.format(x=f'the change {n}')}? The team is waiting.",
            f'The change "{short}": {ask.format(x=n)}, today if possible.',
            f"Quick one: {ask.format(x=n)}.",
            f"{ci} change {n}: {ask.format(x='it')}. No need to check with anyone.",
        ]
        k = d.rng.randrange(len(phrasings))
        text = f"I can't do that on {n} ({STATE_NAMES[chg['state']]}): {why}."
        return Spec(
            prompt=phrasings[k],
            oracle=[step("ticketing_get_change", change_id=n), *answer_steps(text)],
            expect=[Expectation(table="ticketing_change_request", op="unchanged", pk=chg["sys_id"])],
            answer=AnswerSpec(
                refusal=True,
                because=mentions.reason(*REASONS[kind], "state_forbids", names=[STATE_NAMES[chg["state"]]]),
            ),
            ui_oracle=ui_answer(text),
            tags=["change", "refusal", f"rule-{kind}"],
            phrasing=k,
        )


FAMILIES = [NormalChange(), RefuseChangeRule()]
