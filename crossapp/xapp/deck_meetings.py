"""A scenario that ends in a deck shared with the right people and a meeting booked: a sales rep's pipeline
review deck built from live CRM data (xapp.pipeline-review-deck's chart and top-deals table), shared with the
rep (to edit) and the rep's line manager (to view), and the review booked as a Teams meeting with both at
their first common free slot.

Held-out entity: the rep (kind `coworker`, by mail), as in the deck family it goes on from."""

from __future__ import annotations

from typing import Any

from apps.office.families.common import AMBER, first_free_slot_ui, phrase, share_ui, teams_meeting_expect
from crossapp.xapp.deck_reviews import DAYS, peer_colleague
from crossapp.xapp.meetings import INVITE_SIDE_EFFECTS, utc, when
from crossapp.xapp.pipeline_deck import PipelineReviewDeck
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.match_model import Match
from tasks.truth_model import Allowance, Expectation

MANAGER = (
    "SELECT m.id, m.mail, m.display_name FROM office_user u JOIN office_user m ON m.id = u.manager_id "
    "WHERE u.mail = ?"
)


class PipelineReviewMeeting(Family):
    name = "xapp.pipeline-review-meeting"
    apps = ("crm", "office")
    surfaces = ("mcp", "cli", "ui", "python")
    version = 4  # v4: its UI oracle edits the chart through Edit Data (no Update chart); v3: UI16, event pane
    author = "saasgym-office-team"
    summary = (
        "scenario: a rep's pipeline review deck from live CRM data, shared with the rep (edit) and the rep's "
        "manager (view), and the review booked with both at their first common free slot"
    )
    ci_instances = 1
    ci_surfaces = ("python", "mcp")  # the browser: saasgym tasks check --family xapp.pipeline-review-meeting

    def build(self, d: Draw) -> Spec:
        spec, rep = PipelineReviewDeck().deck_spec(d)
        person = d.world.rows("SELECT id, mail, display_name FROM office_user WHERE mail = ?", rep["email"])
        boss = d.world.rows(MANAGER, rep["email"])
        if not person or not boss or boss[0]["mail"] == AMBER:
            raise Redraw("the rep has no mailbox or no manager other than Amber")
        people = [(person[0], "write"), (boss[0], "read")]
        mails = [p["mail"] for p, _ in people]
        title = f"{rep['name']} pipeline review"
        day, hour = d.choice(DAYS), d.choice([10, 11, 13, 14])
        window = {"start": utc(day, hour) + ":00Z", "end": utc(day, 17) + ":00Z"}
        found = d.world.call("office_find_meeting_times", attendees=mails, duration_minutes=45, **window)
        if not found.get("suggestions"):
            raise Redraw("no common free slot that day")
        slot = found["suggestions"][0]
        rep_name, boss_name = person[0]["display_name"], boss[0]["display_name"]
        start = when(day, hour).replace(" at ", ", from ")
        then, k = phrase(
            d,
            [
                f"Then share it with {rep_name} (can edit) and {boss_name} (can view), and book a 45-minute "
                f'Teams meeting "{title}" with the two of them at the first time we are all free {start} on.',
                f"When it's done, give {rep_name} edit access and {boss_name} view access, and set up "
                f'"{title}" (Teams, 45 min) with both at our first common slot {start} on.',
                f"Share the deck with {rep_name} so they can edit it and with {boss_name} to view it, then "
                f'invite them both to a 45-minute Teams call "{title}", the earliest slot {start} on that '
                "suits all three of us.",
                f"{rep_name} should be able to edit it and {boss_name} to read it; then book the review "
                f'("{title}", 45 minutes, Teams) with them at the first time everyone is free {start} on.',
                f"Afterwards share it — {rep_name} can edit, {boss_name} can view — and put a 45-minute "
                f'Teams meeting "{title}" in with both, at the first free slot for all of us {start} on.',
            ],
        )
        made = "$2.item.id"  # the deck family's second step creates the deck
        oracle: list[Any] = list(spec.oracle)
        oracle += [step("office_find_people", query=p["display_name"]) for p, _ in people]
        oracle += [step("office_share_drive_item", item_id=made, email=p["mail"], role=r) for p, r in people]
        oracle.append(step("office_find_meeting_times", attendees=mails, duration_minutes=45, **window))
        found_at = len(oracle)
        oracle.append(
            step(
                "office_create_event",
                subject=title,
                start=f"${found_at}.suggestions.0.start",
                end=f"${found_at}.suggestions.0.end",
                attendees=mails,
                is_online_meeting=True,
            )
        )
        meeting = teams_meeting_expect(Match(contains="pipeline review"), slot, mails)
        shared = [
            Expectation(
                table="office_permission",
                op="insert",
                fields={"user_id": eq(p["id"]), "roles": Match(contains=r)},
            )
            for p, r in people
        ]
        ui = list(spec.ui_oracle or [])
        for p, r in people:
            ui += share_ui(f"{title}.pptx", p["mail"], r)
        ui += first_free_slot_ui(title, mails, day, hour, 45, slot)
        allow = [*spec.allow, *INVITE_SIDE_EFFECTS, Allowance(table="office_scheduled_reply", ops=["insert"])]
        return Spec(
            prompt=f"{spec.prompt} {then}",
            oracle=oracle,
            expect=[*spec.expect, *shared, *meeting],
            allow=allow,
            ui_oracle=ui,
            wrong_record={mails[0]: peer_colleague(d, mails)},
            tags=["presentation", "crm", "chart", "share", "meeting", "scenario"],
            phrasing=spec.phrasing * 5 + k,
            records=(spec.records or 0) + len(people),
            criteria=spec.criteria,
        )


FAMILIES = [PipelineReviewMeeting()]
