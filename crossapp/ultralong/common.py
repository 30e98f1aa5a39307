"""What the ultra-long scenarios share: a `Plan` that writes an oracle's MCP steps, its browser steps,
its expectations and its checkpoints side by side, and the moves a long working week is made of
(read a record, edit an opportunity, mail a colleague, wait for replies, ask the handbook's approver).

Each scenario is a family of a few seeds with one outcome bit (every expectation) and named checkpoints
(diagnostics of partial progress). Oracles are generated from the world, never from stored ids.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any

from apps.core.handbook import MANAGER, NO_APPROVAL, NOT_PERMITTED, approval_role, holds_role
from crossapp.xapp.common import compose_ui as scenario_compose_ui
from tasks.families.base import Draw, Family, Redraw, Spec, eq
from tasks.match_model import Match
from tasks.truth_model import Allowance, Checkpoint, Expectation, OracleStep, UiStep

AMBER = "amber.miller@acme.example"
DESK_ME = "jamie.collins@acme.example"  # who the performer is on the service desk
SIZE = 3  # seeds per scenario: distinct truths, few enough to calibrate every one with --full


class LongFamily(Family):
    """An ultra-long scenario: held out (test), a few seeds, calibrated in CI on one instance over Python
    and MCP; its browser run (`tasks check --family F`, or --full) is left out of CI for its length."""

    splits = ("test",)
    size = SIZE
    author = "saasgym-ultralong"
    ci_instances = 1
    ci_surfaces = ("python", "mcp")


def workload(d: Draw, key: str) -> None:
    """Record the instance's subject: the whole workload (a team's pipeline, a queue, a book of accounts),
    not its records — a scenario sweeps records the per-record families also draw, so the held-out unit
    of an ultra-long scenario is the scenario itself (all its instances are test)."""
    d.note("workload", key)


MAIL_SIDE_EFFECTS = [
    Allowance(table="office_message", ops=["insert"]),
    Allowance(table="office_message", ops=["update"], fields=["is_read", "last_modified_date_time"]),
    Allowance(table="office_scheduled_reply", ops=["insert", "update"]),
]
HISTORY = Allowance(table="crm_opportunity_history", ops=["insert"])


@dataclass
class Plan:
    """An oracle being written: MCP steps and browser steps for the same moves, what must hold at the end
    and the named milestones on the way (`milestone` groups the expectations added since the last one)."""

    oracle: list[OracleStep] = field(default_factory=list)
    ui: list[UiStep] = field(default_factory=list)
    expect: list[Expectation] = field(default_factory=list)
    checkpoints: list[Checkpoint] = field(default_factory=list)
    _since: int = 0

    def call(self, tool: str, ui: list[UiStep] | None = None, **args: Any) -> None:
        """One tool call, and the browser steps that do the same (none for a read the page shows anyway)."""
        self.oracle.append(OracleStep(tool=tool, args=args))
        self.ui += ui or []

    def must(self, *expectations: Expectation) -> None:
        """Expectations of the outcome bit (also part of the next milestone)."""
        self.expect += expectations

    def milestone(self, name: str, expect: list[Expectation] | None = None) -> None:
        """A checkpoint: the outcome expectations added since the previous milestone, or `expect`."""
        chosen = expect if expect is not None else self.expect[self._since :]
        self._since = len(self.expect)
        if chosen:
            self.checkpoints.append(Checkpoint(name=name, expect=chosen))

    def rewind(self, n: int) -> None:
        """Let the next `milestone` cover the last `n` expectations again (after finer checkpoints)."""
        self._since = len(self.expect) - n

    def spec(self, prompt: str, allow: list[Allowance], **extra: Any) -> Spec:
        """The instance, with the browser oracle when the scenario writes one; the personas it exchanges
        with are the colleagues it mails (plus any the scenario names, e.g. callers)."""
        mailed = {to for s in self.oracle if s.tool == "office_send_mail" for to in s.args.get("to", [])}
        personas = sorted(mailed | set(extra.pop("personas", [])))
        return Spec(
            prompt=prompt,
            oracle=self.oracle,
            expect=self.expect,
            allow=allow,
            ui_oracle=self.ui or None,
            checkpoints=self.checkpoints,
            off_by_one=False,  # the numbers of the oracle's writes are dates and waits, not counts
            scenario=True,  # `tasks stats` shows it among the long-horizon scenarios
            personas=personas,
            **extra,
        )


def office_id(d: Draw, mail: str) -> str:
    """The office user id of the colleague with address `mail`."""
    found = d.world.value("SELECT id FROM office_user WHERE mail = ?", mail)
    if found is None:
        raise Redraw(f"{mail} has no mailbox")
    return found


def people(d: Draw) -> list[dict[str, Any]]:
    """Every colleague with a mailbox, by name."""
    return d.world.rows(
        "SELECT id, mail, display_name, job_title, manager_id FROM office_user ORDER BY display_name, id"
    )


def manager_of(d: Draw, mail: str) -> dict[str, Any]:
    """The line manager of the colleague with address `mail`."""
    everyone = people(d)
    me = next(p for p in everyone if p["mail"] == mail)
    return next(p for p in everyone if p["id"] == me["manager_id"])


def approvers(d: Draw, role: str) -> list[dict[str, Any]]:
    """Who may approve Amber's request in `role`: her manager for the manager's tier or a role her manager
    holds, else every holder of the role's title."""
    boss = manager_of(d, AMBER)
    if role == MANAGER or holds_role(boss["job_title"], role):
        return [boss]
    return [p for p in people(d) if holds_role(p["job_title"], role)]


def discount_rule(d: Draw) -> tuple[dict[str, Any], str]:
    """The handbook's discount approval matrix and the policy's title."""
    row = d.world.rows("SELECT title, params FROM office_policy WHERE id = 'discount-approval'")[0]
    return json.loads(row["params"])["approval"], row["title"]


def discount_role(rule: dict[str, Any], percent: float, amount: float) -> str:
    """Who must approve `percent` off a deal of `amount` (none, a role, or not permitted)."""
    return approval_role(rule, percent, amount)


def needs_approval(role: str) -> bool:
    """Whether a matrix answer names someone to ask (not "no approval", not "not permitted")."""
    return role not in (NO_APPROVAL, NOT_PERMITTED)


def sent_mail(me: str, to: str, subject: str, body: Match) -> Expectation:
    """A mail Amber sent to `to` whose subject holds `subject` and whose body matches `body`."""
    fields = {
        "owner_id": eq(me),
        "to_recipients": Match(contains=to),
        "subject": Match(contains=subject),
        "body_content": body,
        "is_draft": eq(False),
    }
    return Expectation(table="office_message", op="insert", fields=fields, note=f"mail to {to}: {subject}")


def reply_from(me: str, senders: list[str], subject: str, says: Match | None, note: str) -> Expectation:
    """A colleague's answer (from one of `senders`, on the thread whose subject holds `subject`) reached
    Amber's mailbox: she asked and waited. `says`, when given, is read from the sender's own words."""
    fields = {"owner_id": eq(me), "from_address": Match(one_of=senders), "subject": Match(contains=subject)}
    if says is not None:
        fields["body_content"] = says
    return Expectation(table="office_message", op="insert", note=note, fields=fields)


# -- browser moves ---------------------------------------------------------------------------------------


def open_page(path: str, shows: str | None = None) -> list[UiStep]:
    """Visit a page (a read in the browser), checking it shows `shows`."""
    return [UiStep(goto=path), *([UiStep(expect_text=shows)] if shows else [])]


def compose_ui(to: str, subject: str, body: str) -> list[UiStep]:
    """The mail page's new-message form, then a check that the sent mail is listed."""
    return [*scenario_compose_ui(to, subject, body), UiStep(expect_text=subject[:40])]


WAIT_STEPS = (1440, 480, 240, 60)  # the Wait for choices of the mail page's Let time pass form


def wait_ui(minutes: int) -> list[UiStep]:
    """The mail page's "Let time pass" form (the whole time, later answers too, as the MCP oracle waits):
    `minutes` in the form's steps, largest first (1 day, 8 hours, 4 hours, 1 hour; a part hour as an hour)."""
    ui = [UiStep(goto="/s/office/mail")]
    left = math.ceil(minutes / 60) * 60
    for step in WAIT_STEPS:
        while left >= step:
            ui += [UiStep(select=("Wait for", str(step))), UiStep(click=("button", "Let time pass"))]
            left -= step
    return ui


def wait(plan: Plan, minutes: int) -> None:
    """Let `minutes` of logical time pass for colleagues' answers (the whole time: later answers too)."""
    plan.call("office_wait_for_replies", wait_ui(minutes), minutes=minutes, stop_at_first_reply=False)


def mail(plan: Plan, to: str, subject: str, body: str) -> None:
    """Amber mails one colleague."""
    plan.call("office_send_mail", compose_ui(to, subject, body), to=[to], subject=subject, body=body)


def desk_people(d: Draw) -> tuple[str, dict[str, Any]]:
    """The desk analyst the performer is (their sys_id) and their manager (name, email)."""
    me_desk = d.world.value("SELECT sys_id FROM ticketing_sys_user WHERE email = ?", DESK_ME)
    lead = d.world.rows(
        "SELECT m.name, m.email FROM ticketing_sys_user u "
        "JOIN ticketing_sys_user m ON m.sys_id = u.manager WHERE u.sys_id = ?",
        me_desk,
    )[0]
    return me_desk, lead
