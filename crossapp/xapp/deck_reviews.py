"""Decks that end in the desk's record or in a meeting: add the incident's timeline (opened, every update
on the record, resolved — times as the desk shows them) to its post-incident review; and a scenario that
builds this quarter's QBR deck for an account on the new template with today's numbers, shares it with the
same people as last quarter's deck (with the same access) and books the prep meeting with them at their
first common free slot.

Held-out entity: the customer account (kind `account`) of the incident or the deck."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from apps.office.families.common import (
    AMBER,
    first_free_slot_ui,
    me_id,
    phrase,
    share_ui,
    teams_meeting_expect,
)
from apps.office.families.deck_common import (
    deck_edits,
    deck_facts,
    has_table,
    new_deck_parts,
    open_deck_ui,
    retype_ui,
    row,
    table_ui,
)
from crossapp.xapp.decks import deals_word, ledger
from crossapp.xapp.meetings import INVITE_SIDE_EFFECTS, utc, when
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.match_model import Match, TableMatch
from tasks.truth_model import Allowance, Expectation, UiStep
from worlds.parts.decks.asof import account_numbers, money

KINDS = {"work_notes": "Work note", "comments": "Update to the customer"}


def _hhmm(stamp: str) -> str:
    return datetime.fromisoformat(str(stamp).replace("Z", "")).strftime("%Y-%m-%d %H:%M")


class PirTimeline(Family):
    name = "xapp.pir-timeline"
    apps = ("ticketing", "office")
    surfaces = ("mcp", "cli", "ui", "python")
    version = 1
    author = "saasgym-office-team"
    summary = (
        "add the incident's timeline from the desk (opened, each update, resolved) to its post-incident "
        "review deck"
    )
    ci_instances = 1

    def build(self, d: Draw) -> Spec:
        accounts = (
            {a["name"]: a["id"] for a in d.world.rows("SELECT id, name FROM crm_account ORDER BY id")}
            if has_table(d, "crm_account")
            else {}
        )
        pool = []
        for f in deck_facts(d, "pir"):
            company = d.world.value("SELECT company FROM ticketing_incident WHERE number = ?", f["subject"])
            pool.append({**f, "account_id": accounts.get(company, company)})
        fact = d.pick("account", pool, key="account_id")
        item, number = fact["deck_id"], fact["subject"]
        inc = d.world.rows(
            "SELECT sys_id, opened_at, resolved_at, close_code FROM ticketing_incident WHERE number = ?",
            number,
        )[0]
        notes = d.world.rows(
            "SELECT element, value, sys_created_on FROM ticketing_sys_journal_field WHERE element_id = ? "
            "ORDER BY sys_created_on, sys_id",
            inc["sys_id"],
        )
        happened: dict[str, list[str]] = {_hhmm(inc["opened_at"]): ["Incident opened"]}
        for n in notes:  # the resolution's own note is in the minute it was resolved: one row
            said_then = f"{KINDS.get(n['element'], 'Update')}: {n['value']}"
            happened.setdefault(_hhmm(n["sys_created_on"]), []).append(said_then)
        happened.setdefault(_hhmm(inc["resolved_at"]), []).insert(
            0, f"Resolved ({inc['close_code'] or 'no code'})"
        )
        events = sorted((t, "; ".join(what)) for t, what in happened.items())
        rows = [["Time (UTC)", "What happened"]] + [[t, e] for t, e in events]
        truth = [row("Timeline")] + [
            row(t[11:], words=["open"] if i == 0 else ["resolv"] if i == len(events) - 1 else [])
            for i, (t, _) in enumerate(events)
        ]
        said, k = phrase(
            d,
            [
                f"Add the incident timeline to the post-incident review of {number}: when it was opened, "
                "every update "
                "on the incident record, and when it was resolved, with the times as the record shows them "
                "(UTC).",
                f"The PIR deck for {number} is missing its timeline. Put in a Timeline slide listing each "
                "event from the "
                "desk's record — opened, the updates, resolved — with their UTC times.",
                f"Please build the timeline slide of the {number} post-incident review from the incident: "
                "opened, each "
                "work note and customer update, resolution, all with UTC times.",
                f"Before the review meeting on {number}, add a Timeline slide to its PIR presentation: every "
                "step in the "
                "incident's history (open, updates, resolve) and when it happened (UTC, as on the record).",
                f"Can you add the timeline of {number} to its post-incident review deck? Opened, every "
                "update on the "
                "record, resolved — with the record's UTC times.",
            ],
        )
        oracle = [
            step("ticketing_get_incident", incident_id=number),
            step("office_search_drive", query=f"PIR {number}"),
            step("office_get_presentation", item_id=item),
            step("office_add_slide", item_id=item, layout="Title Only", title="Timeline", position=3),
            step("office_add_table", item_id=item, slide_id="$4.id", rows=rows),
        ]
        ui = [
            UiStep(goto=f"/s/ticketing/incidents/{number}"),
            open_deck_ui(item, 2),
            UiStep(click=("button", "New Slide")),
            UiStep(click=("menuitem", "Title Only")),
            *retype_ui("Title", "Timeline"),
            *table_ui(rows, "Table 2"),
        ]
        others = [f["deck_id"] for f in pool if f["deck_id"] != item]
        expect = Expectation(
            table="office_drive_item",
            op="update",
            pk=item,
            fields={"slides": Match(table=TableMatch(rows=truth))},
        )
        return Spec(
            prompt=said,
            oracle=oracle,
            expect=[expect],
            allow=[*deck_edits(d, item), Allowance(table="office_slide", ops=["insert"])],
            ui_oracle=ui,
            wrong_record={item: others[0]} if others else {},
            tags=["presentation", "incident", "timeline"],
            phrasing=k,
            off_by_one=False,
            records=len(events),
        )


DAYS = [date(2026, 11, n) for n in (4, 5, 6, 9, 10, 11, 12, 13)]


class QbrDeckShareMeeting(Family):
    name = "xapp.qbr-deck-share-meeting"
    apps = ("crm", "office")
    surfaces = ("mcp", "cli", "ui", "python")
    version = 2  # its UI oracle follows the new pages (UI16, event pane, slides)
    author = "saasgym-office-team"
    summary = (
        "scenario: this quarter's QBR deck for an account on the new template with today's CRM numbers, "
        "shared "
        "like last quarter's (same people, same access), and the prep meeting booked with them"
    )
    ci_instances = 1
    ci_surfaces = (
        "python",
        "mcp",
    )  # the browser run: saasgym tasks check --family xapp.qbr-deck-share-meeting

    def build(self, d: Draw) -> Spec:
        mine = [f for f in deck_facts(d, "qbr") if f["owner_id"] == me_id(d)]
        fact = d.pick("account", mine, key="subject")
        old, account = fact["deck_id"], fact["subject"]
        people = d.world.rows(
            "SELECT u.mail, u.id, p.roles FROM main.office_permission p JOIN office_user u ON u.id = "
            "p.user_id "
            "WHERE p.item_id = ? ORDER BY u.mail",
            old,
        )
        if len(people) != 2:
            raise Redraw("last quarter's deck is not shared with two people")
        template = next(f for f in deck_facts(d, "template") if f["subject"] == "Acme 2027")
        now = account_numbers(ledger(d), account, d.world.now)
        name = f"{fact['account']} QBR Q4 2026"
        lines = [
            f"Won this year: {money(now['won_amount'])} ({deals_word(now['won_count'])})",
            f"Open pipeline: {money(now['pipeline_amount'])} across {deals_word(now['pipeline_count'])}",
        ]
        day, hour = d.choice(DAYS), d.choice([10, 11, 13, 14])
        mails = [p["mail"] for p in people]
        found = d.world.call(
            "office_find_meeting_times",
            attendees=mails,
            duration_minutes=30,
            start=utc(day, hour) + ":00Z",
            end=utc(day, 17) + ":00Z",
        )
        if not found.get("suggestions"):
            raise Redraw("no common free slot that day")
        slot = found["suggestions"][0]
        title = f"{fact['account']} QBR prep"
        said, k = phrase(
            d,
            [
                f'Time for the Q4 QBR with {fact["account"]}. Make a new deck "{name}" from Marketing\'s '
                "Acme 2027 template "
                "with the account's won total for the year and its open pipeline as Salesforce has them "
                "today, share it with "
                "the same people as last quarter's QBR deck (same access), and book a 30-minute Teams "
                f'meeting "{title}" '
                "with them at the first time all of us are free "
                f"{when(day, hour).replace(' at ', ', from ')} on.",
                f'Please prepare "{name}": start from the Acme 2027 template, put in this year\'s won '
                "amount and today's open "
                f"pipeline from the CRM, give the people who had last quarter's {fact['account']} deck the "
                "same access to "
                f'this one, and set up "{title}" (Teams, 30 min) with them at our first common slot '
                f"{when(day, hour).replace(' at ', ', from ')} on.",
                f'New QBR deck for {fact["account"]}, please — "{name}", on the Acme 2027 template, showing '
                "wins this year "
                "and open pipeline as of today. Share it exactly like the Q3 deck and invite those two to a "
                "30-minute Teams "
                f'call "{title}", the earliest time {when(day, hour).replace(" at ", ", from ")} on that '
                "suits everyone.",
                f'Build the {fact["account"]} Q4 QBR deck ("{name}", Acme 2027 template) with the current '
                "won total and "
                "open pipeline, share it as last quarter's deck was shared, and book the prep call "
                f'"{title}" '
                "(30 min, Teams) with the same people at the first free slot "
                f"{when(day, hour).replace(' at ', ', from ')} on.",
                f'Set up our {fact["account"]} QBR: a deck "{name}" from the Acme 2027 template with '
                "today's CRM won total "
                "and open pipeline, shared with whoever had last quarter's deck (same rights), and a "
                "30-minute Teams "
                f'meeting "{title}" with them, first common slot '
                f"{when(day, hour).replace(' at ', ', from ')} on.",
            ],
        )
        truth = TableMatch(
            rows=[
                row("won", now["won_amount"], aliases=["Won"]),
                row("pipeline", now["pipeline_amount"], aliases=["open deals", "open opportunities"]),
            ]
        )
        oracle: list[Any] = [
            step("office_search_drive", query=f"{fact['account']} QBR"),
            step("office_get_drive_item", item_id=old),
            step("crm_list_opportunities", account_id=account, limit=50),
            step("office_search_drive", query="Acme 2027 template"),
            step("office_create_presentation", name=name, template_id=template["deck_id"]),
            step(
                "office_add_slide",
                item_id="$5.item.id",
                layout="Title and Content",
                title="Where we stand",
                text="\n".join(lines),
                position=2,
            ),
        ]
        for p in people:
            role = "write" if "write" in p["roles"] else "read"
            oracle.append(step("office_share_drive_item", item_id="$5.item.id", email=p["mail"], role=role))
        oracle += [
            step(
                "office_find_meeting_times",
                attendees=mails,
                duration_minutes=30,
                start=utc(day, hour) + ":00Z",
                end=utc(day, 17) + ":00Z",
            ),
            step(
                "office_create_event",
                subject=title,
                start=f"${len(oracle) + 1}.suggestions.0.start",
                end=f"${len(oracle) + 1}.suggestions.0.end",
                attendees=mails,
                is_online_meeting=True,
            ),
        ]
        expect = [
            Expectation(
                table="office_drive_item",
                op="insert",
                fields={
                    "name": Match(contains=name),
                    "kind": eq("presentation"),
                    "slides": Match(table=truth),
                },
            ),
            Expectation(
                table="office_presentation",
                op="insert",
                fields={"theme_name": eq("Acme 2027"), "template_item_id": eq(template["deck_id"])},
            ),
        ]
        for p in people:
            role = "write" if "write" in p["roles"] else "read"
            expect.append(
                Expectation(
                    table="office_permission",
                    op="insert",
                    fields={"user_id": eq(p["id"]), "roles": Match(contains=role)},
                )
            )
        expect += teams_meeting_expect(Match(contains="QBR prep"), slot, mails)
        ui = [
            UiStep(goto=f"/s/crm/accounts/{account}"),
            UiStep(goto="/s/office/decks"),
            UiStep(click=("button", template["name"].removesuffix(".pptx"))),  # its tile under Create new
            UiStep(fill=("Name", name)),
            UiStep(click=("button", "Create")),
            UiStep(click=("button", "New Slide")),
            UiStep(click=("menuitem", "Title and Content")),
            *retype_ui("Title", "Where we stand"),
            *retype_ui("Content", "\n".join(lines)),
        ]
        for p in people:
            ui += share_ui(f"{name}.pptx", p["mail"], "write" if "write" in p["roles"] else "read")
        ui += first_free_slot_ui(title, mails, day, hour, 30, slot)
        allow = new_deck_parts()
        allow += [*INVITE_SIDE_EFFECTS, Allowance(table="office_scheduled_reply", ops=["insert"])]
        return Spec(
            prompt=said,
            oracle=oracle,
            expect=expect,
            allow=allow,
            ui_oracle=ui,
            wrong_record={mails[0]: peer_colleague(d, mails)},
            tags=["presentation", "share", "meeting", "scenario"],
            phrasing=k,
            off_by_one=False,
            records=5,
        )


def peer_colleague(d: Draw, taken: list[str]) -> str:
    """A Sales colleague the deck is not for (the wrong person to share with and invite)."""
    return d.world.value(
        "SELECT mail FROM office_user WHERE department = 'Sales' AND mail NOT IN (?, ?, ?) ORDER BY mail "
        "LIMIT 1",
        AMBER,
        *taken[:2],
    )


FAMILIES = [PirTimeline(), QbrDeckShareMeeting()]
