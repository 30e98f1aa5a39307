"""Teams' chat list on the acme world in a real Chromium: chats in recency order (the latest message first)
and presence dots that differ as the people's calendars and working hours now do (chat_presence.py)."""

from __future__ import annotations

import re

from apps.office.chat_presence import after_hours


def _rank(when: str) -> tuple[int, int, int]:
    """A chat row's time as a sortable key: today's clock (9:41 AM) above any earlier day (11/2)."""
    day = re.fullmatch(r"(\d+)/(\d+)(?:/(\d+))?", when)
    if not day:  # today's clock
        return (9999, 13, 32)
    month, dom, year = day.groups()
    return (int(year or 2026), int(month), int(dom))


def test_chats_are_listed_latest_first_with_differing_presence(all_apps):
    base, page = all_apps
    page.goto(f"{base}/s/office/chat")
    rows = page.get_by_role("list", name="Chats").locator("li")
    times = [t.strip() for t in rows.locator(".o-chat-time").all_inner_texts()]
    assert len(times) >= 5
    ranks = [_rank(t) for t in times]
    assert ranks == sorted(ranks, reverse=True), times
    labels = {d.get_attribute("title") for d in rows.locator(".o-presence").all()}
    assert len(labels) >= 2, labels  # not one identical dot on everyone
    assert labels <= {"Available", "Busy", "Out of office", "Away", "Offline"}


def test_after_hours_presence_is_fixed_per_person():
    seen = {after_hours(f"person{i}@acme.example") for i in range(20)}
    assert seen == {"away", "offline"}
    assert after_hours("Amber.Miller@acme.example") == after_hours("amber.miller@acme.example")
