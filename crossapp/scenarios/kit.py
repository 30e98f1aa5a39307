"""A scenario's plan, built milestone by milestone: every step adds its MCP call, its browser steps, the
changes it must leave and a named checkpoint for it, so the MCP oracle, the UI oracle, the truth and the
diagnostics never drift apart.

Reads are calls too (a real colleague looks before acting); the persona exchange is a mail to the
approver, a day on the logical clock (`office_wait_for_replies` for the full 1440 minutes, in the browser
the mail page's "Let time pass" form) and reading the answer. Its oracle steps are the `exchange`
mutant's: leaving them out must fail.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from apps.office.families.common import AMBER, attendee, when_ui
from crossapp.scenarios.approvals import Approval
from crossapp.xapp.common import compose_ui, note_ui, work_note_ui
from crossapp.xapp.meetings import utc
from tasks.families import mentions
from tasks.families.base import Draw, Spec, eq, step
from tasks.match_model import Match
from tasks.truth_model import Allowance, CallPattern, Checkpoint, Expectation, OracleStep, UiStep

DAY = 1440
SIDE_EFFECTS = [
    Allowance(table="office_message", ops=["insert"]),
    Allowance(table="office_message", ops=["update"], fields=["is_read", "last_modified_date_time"]),
    Allowance(table="office_scheduled_reply", ops=["insert", "update"]),
    Allowance(table="office_attendee", ops=["update"]),  # invitees answer on the clock
    Allowance(table="crm_opportunity_history", ops=["insert"]),
    Allowance(table="ticketing_sys_journal_field", ops=["insert"]),
    Allowance(table="ticketing_sysapproval_approver", ops=["insert"]),
    Allowance(table="ticketing_task_sla", ops=["insert", "update"]),
]


@dataclass
class Plan:
    """The growing oracle, UI oracle, truth and checkpoints of one scenario instance."""

    d: Draw
    oracle: list[OracleStep] = field(default_factory=list)
    ui: list[UiStep] = field(default_factory=list)
    expect: list[Expectation] = field(default_factory=list)
    checkpoints: list[Checkpoint] = field(default_factory=list)
    exchange: list[int] = field(default_factory=list)
    personas: list[str] = field(default_factory=list)
    wrong: dict[str, str] = field(default_factory=dict)

    @property
    def me(self) -> str:
        return self.d.world.value("SELECT id FROM office_user WHERE mail = ?", AMBER)

    def read(self, tool: str, page: str | None = None, **args: Any) -> None:
        """A read (a call of the MCP oracle; `page`, when given, is the page the browser oracle opens)."""
        self.oracle.append(step(tool, **args))
        if page:
            self.ui.append(UiStep(goto=page))

    def milestone(self, name: str, expect: list[Expectation], outcome: bool = True) -> None:
        """A checkpoint named `name` met by `expect`; with `outcome` the changes also decide the outcome."""
        self.checkpoints.append(Checkpoint(name=name, expect=expect))
        if outcome:
            self.expect += expect

    # -- the persona exchange ------------------------------------------------------------------------

    def approval(self, ap: Approval) -> None:
        """Read the policy, find the approver, ask by mail, wait a day, read the answer: four milestones."""
        self.read("office_search_drive", query=ap.policy)
        self.read("office_find_people", query=ap.approver_name)
        body = f"Hi {ap.first_name}, could you approve {ap.what}? Thanks, Amber"
        self.exchange.append(len(self.oracle))
        self.oracle.append(step("office_send_mail", to=[ap.approver], subject=ap.subject, body=body))
        self.ui += compose_ui(ap.approver, ap.subject, body)
        self.checkpoints.append(
            Checkpoint(
                name=f"asked the {ap.role} to approve {ap.shown}",
                expect=[
                    Expectation(
                        table="office_message",
                        op="insert",
                        fields={
                            "owner_id": Match(one_of=list(ap.approver_ids)),
                            "from_address": eq(AMBER),
                            "body_content": mentions.number(ap.value, kind=ap.kind),  # type: ignore[arg-type]
                        },
                    )
                ],
            )
        )
        self.wait_day()
        self.read("office_list_messages", folder="inbox", unread_only=True)
        self.personas.append(ap.approver)
        self.wrong[ap.approver] = ap.decoy
        self.heard(
            f"the {ap.role}'s approval of {ap.shown} received",
            list(ap.approvers),
            mentions.approved(ap.value, ap.kind),  # type: ignore[arg-type]
            "the approver's answer reached Amber: asked the right person, and waited",
        )

    def heard(self, name: str, senders: list[str], says: Match, note: str) -> None:
        """A milestone: an answer from one of `senders` that `says` is in Amber's mailbox (only if she asked
        them, and waited for it); `says` is read from the sender's own words, never the quoted mail."""
        fields = {"owner_id": eq(self.me), "from_address": Match(one_of=senders), "body_content": says}
        self.milestone(name, [Expectation(table="office_message", op="insert", note=note, fields=fields)])

    def wait_day(self) -> None:
        """Let a whole day pass on the logical clock (replies arrive on the way)."""
        self.oracle.append(step("office_wait_for_replies", minutes=DAY, stop_at_first_reply=False))
        self.ui += [
            UiStep(goto="/s/office/mail"),
            UiStep(select=("Wait for", str(DAY))),
            UiStep(click=("button", "Let time pass")),
        ]
        if not any(c.name == "a day passed on the clock" for c in self.checkpoints):
            self.checkpoints.append(
                Checkpoint(
                    name="a day passed on the clock", called=CallPattern(tool="office_wait_for_replies")
                )
            )

    # -- writes --------------------------------------------------------------------------------------

    def crm_note(self, name: str, parent_id: str, title: str, body: str) -> None:
        """A note on a CRM record."""
        self.oracle.append(step("crm_add_note", parent_id=parent_id, title=title, body=body))
        self.ui += note_ui(parent_id, title, body)
        fields = {"parent_id": eq(parent_id), "title": eq(title), "body": Match(contains=body[:60])}
        self.milestone(name, [Expectation(table="crm_note", op="insert", fields=fields)])

    def crm_task(
        self, name: str, subject: str, what_id: str, who_id: str, due: str, owner_id: str, prio: str = "High"
    ) -> None:
        """A CRM task for `owner_id` on a record, with a contact."""
        args = {"subject": subject, "what_id": what_id, "who_id": who_id, "activity_date": due}
        self.oracle.append(step("crm_create_task", **args, priority=prio, owner_id=owner_id))
        self.ui += [
            UiStep(goto=f"/s/crm/tasks/new?what_id={what_id}&who_id={who_id}"),
            UiStep(fill=("Subject", subject)),
            UiStep(fill=("Due Date", due)),
            UiStep(select=("Priority", prio)),
            UiStep(select=("Assigned To", owner_id)),
            UiStep(click=("button", "Save")),
            UiStep(expect_text=subject),
        ]
        fields = {k: eq(v) for k, v in args.items()} | {"owner_id": eq(owner_id), "priority": eq(prio)}
        self.milestone(name, [Expectation(table="crm_task", op="insert", fields=fields)])

    def next_step(self, name: str, opp_id: str, text: str) -> None:
        """The opportunity's Next Step field."""
        self.oracle.append(step("crm_update_opportunity", opportunity_id=opp_id, next_step=text))
        self.ui += [
            UiStep(goto=f"/s/crm/opportunities/{opp_id}/edit"),
            UiStep(fill=("Next Step", text)),
            UiStep(click=("button", "Save")),
            UiStep(expect_text=text),
        ]
        fields = {"next_step": Match(text=text)}
        self.milestone(name, [Expectation(table="crm_opportunity", op="update", pk=opp_id, fields=fields)])

    def work_note(self, name: str, number: str, sys_id: str, text: str) -> None:
        """A work note on a desk incident."""
        self.oracle.append(step("ticketing_add_work_note", record_id=number, text=text))
        self.ui += work_note_ui(number, text)
        fields = {"element_id": eq(sys_id), "element": eq("work_notes"), "value": Match(contains=text[:60])}
        self.milestone(name, [Expectation(table="ticketing_sys_journal_field", op="insert", fields=fields)])

    def mail(self, name: str, to: str, subject: str, body: str, phrase: str) -> None:
        """A new mail from Amber; `phrase` is the part of the body that must be there."""
        self.oracle.append(step("office_send_mail", to=[to], subject=subject, body=body))
        self.ui += compose_ui(to, subject, body)
        fields = {
            "owner_id": eq(self.me),
            "to_recipients": Match(contains=to),
            "subject": Match(contains=subject),
            "body_content": Match(contains=phrase),
            "is_draft": eq(False),
        }
        self.milestone(name, [Expectation(table="office_message", op="insert", fields=fields)])

    def meeting(
        self, name: str, title: str, mails: list[str], day: date, hour: int, agenda: str, minutes: int = 60
    ) -> None:
        """A meeting (New York time) with `mails` as required attendees and `agenda` as its body."""
        end_h, end_m = hour + minutes // 60, minutes % 60
        start, end = f"{day.isoformat()}T{hour:02d}:00:00", f"{day.isoformat()}T{end_h:02d}:{end_m:02d}:00"
        self.oracle.append(
            step(
                "office_create_event",
                subject=title,
                start=start,
                end=end,
                time_zone="America/New_York",
                attendees=mails,
                body=agenda,
            )
        )
        self.ui += [
            UiStep(goto="/s/office/calendar/new"),
            UiStep(fill=("Title", title)),
            UiStep(fill=("Required attendees", "; ".join(mails))),
            *when_ui(start, end),
            UiStep(fill=("Agenda", agenda)),
            UiStep(click=("button", "Send invitation")),
            UiStep(expect_text=title),
        ]
        event = {
            "subject": eq(title),
            "start_date_time": eq(utc(day, hour)),
            "end_date_time": eq(utc(day, end_h, end_m)),
            "body_content": Match(contains=agenda),
            "is_cancelled": eq(False),
        }
        exp = [Expectation(table="office_event", op="insert", fields=event), *[attendee(m) for m in mails]]
        self.milestone(name, exp)

    def spec(self, prompt: str, tags: list[str], phrasing: int = 0) -> Spec:
        """The instance: every milestone's changes, the side effects mail and the clock leave."""
        return Spec(
            prompt=prompt,
            oracle=self.oracle,
            expect=self.expect,
            allow=SIDE_EFFECTS,
            ui_oracle=self.ui,
            wrong_record=self.wrong,
            tags=["scenario", "long-horizon", "cross-app", *tags],
            phrasing=phrasing,
            off_by_one=False,  # the oracle's numbers are waits; the approved values are in the texts
            checkpoints=self.checkpoints,
            exchange=self.exchange,
            personas=self.personas,
            scenario=True,
        )
