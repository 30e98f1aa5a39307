"""ServiceNow's activity stream in real Chromium: each entry shows its author's initials in an avatar, the
author, whether it is a work note or an additional comment and when ('2026-12-05 10:44:46'); work notes sit on
a yellow bar, comments on a grey one."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from apps.core.ui_templates import initials


def test_activity_entries_show_avatar_kind_time_and_colour(desk):
    episode, page, ui = desk
    number = episode.call("ticketing_list_incidents", active=True, limit=1)["records"][0]["number"]
    episode.call("ticketing_add_work_note", record_id=number, text="Checked the switch logs")
    episode.call("ticketing_add_comment", record_id=number, text="We are looking into it")
    page.goto(ui(f"/incidents/{number}"))
    stream = page.get_by_role("list", name="Activity stream")
    shown = stream.get_by_role("listitem").count()
    expect(page.get_by_role("heading", name=f"Activities: {shown}", exact=True)).to_be_visible()
    note = stream.get_by_role("listitem").filter(has_text="Checked the switch logs")
    comment = stream.get_by_role("listitem").filter(has_text="We are looking into it")
    author = note.locator(".sn-entry-head strong").inner_text()
    expect(note.locator(".sn-avatar")).to_have_text(initials(author))
    expect(note.locator(".sn-entry-kind")).to_have_text("Work notes")
    expect(comment.locator(".sn-entry-kind")).to_have_text("Additional comments")
    expect(note.locator("time")).to_have_text(re.compile(r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$"))

    def bar(entry):  # noqa: ANN001, ANN202
        return entry.locator(".sn-entry-card").evaluate("e => getComputedStyle(e).borderLeftColor")

    assert bar(note) != bar(comment)
    assert note.locator(".sn-avatar").bounding_box()["x"] < note.locator(".sn-entry-card").bounding_box()["x"]
