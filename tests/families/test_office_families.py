"""Office families: fifteen or more spread over mail, calendar, drive, docs, sheets and chat, some test
only, spanning medium to hard; what a refusal family asks for really is refused by the office app; a
computed truth agrees with the workbook engine."""

from __future__ import annotations

from collections import Counter

import pytest

from apps.core.errors import ActionError
from tasks.calibration import score_steps
from tasks.families.instances import instance, instance_ids, parse_id
from tasks.families.registry import families
from tasks.families.worldview import world_view

OFFICE = sorted(f for f in families() if f.startswith("office."))


def test_fifteen_office_families_over_every_office_area():
    assert len(OFFICE) >= 15
    assert sum(families()[f].splits == ("test",) for f in OFFICE) >= 3
    areas = {t for f in OFFICE for t in instance("acme", f, 0).public.tags}
    assert {"mail", "calendar", "drive", "docs", "sheets", "chat"} <= areas


def test_office_families_span_medium_to_hard():
    difficulty = Counter()
    for fam in OFFICE:
        for iid in list(instance_ids("acme", family=fam))[:40]:
            difficulty[instance("acme", *parse_id(iid)).public.difficulty] += 1
    assert set(difficulty) >= {"hard", "medium"}
    assert difficulty["hard"] >= 0.15 * sum(difficulty.values())  # measured honestly (records, not rows)


def _attempt(task) -> tuple[str, dict]:
    """The share a careless agent would make for a refusal instance."""
    item, world = task.truth.expect[0].pk, world_view("acme")
    if "external" in task.tags:
        contacts = world.rows("SELECT display_name, email_address FROM office_contact ORDER BY email_address")
        said = task.public.prompt  # a phrasing names the contact, or only their address
        mail = next(
            c["email_address"] for c in contacts if c["display_name"] in said or c["email_address"] in said
        )
        return "office_share_drive_item", {"item_id": item, "email": mail, "role": "read"}
    name = task.truth.oracle[0].args["query"]
    mail = world.value("SELECT mail FROM office_user WHERE display_name = ?", name)
    return "office_share_drive_item", {"item_id": item, "email": mail, "role": "write"}


def test_what_the_refusal_family_asks_for_is_refused_by_the_office():
    gym = world_view("acme").gym
    kinds = set()
    for seed in range(12):
        task = instance("acme", "office.refuse-share", seed)
        kinds |= {"external", "view-only", "no-access"} & set(task.tags)
        tool, args = _attempt(task)
        ep = gym.create_episode("acme")
        try:
            with pytest.raises(ActionError):
                ep.call(tool, **args)
        finally:
            ep.close()
        assert score_steps(gym, task, list(task.truth.oracle)) == "pass"
    assert kinds == {"external", "view-only", "no-access"}


def test_the_reported_weighted_total_is_what_the_workbook_computes():
    gym = world_view("acme").gym
    task = instance("acme", "office.forecast-update-deals", 4)
    writes = [s for s in task.truth.oracle if s.tool == "office_update_cell"]
    ep = gym.create_episode("acme")
    try:
        for s in writes:
            ep.call(s.tool, **s.args)
        view = ep.call("office_get_worksheet", item_id=writes[0].args["item_id"], worksheet="Forecast")
        total = next(c["value"] for c in view["cells"] if c["address"] == "F28")
    finally:
        ep.close()
    assert task.truth.answer.match.approx == pytest.approx(total, abs=0.01)


def _clicks(task, prefix: str) -> int:
    return sum(1 for s in task.truth.ui_oracle if s.click and s.click[1].startswith(prefix))


def test_the_drive_families_are_done_in_the_browser_with_the_files_page_commands():
    for seed in range(8):
        share = instance("acme", "office.share-customer-files", seed)
        moved = instance("acme", "office.file-to-team-folder", seed)
        refused = instance("acme", "office.refuse-share", seed)
        for task in (share, moved, refused):
            assert "ui" in task.public.surfaces and task.public.no_ui_reason is None
        shared = {s.args["item_id"] for s in share.truth.oracle if s.tool == "office_share_drive_item"}
        assert _clicks(share, "Share ") == len(shared)  # one Share dialog per file, every person in it
        updates = [s.args for s in moved.truth.oracle if s.tool == "office_update_drive_item"]
        assert _clicks(moved, "Move to ") == len(updates)
        assert _clicks(moved, "Rename ") == sum("name" in a for a in updates)
        assert refused.truth.ui_oracle[-1].click == ("button", "Finish task")  # answered, nothing shared
        assert _clicks(refused, "Share ") == 0


def test_the_meeting_at_the_first_free_slot_is_booked_in_the_browser_with_the_scheduling_assistant():
    for seed in range(4):
        task = instance("acme", "office.schedule-meeting", seed)
        assert "ui" in task.public.surfaces and task.public.no_ui_reason is None
        ui = task.truth.ui_oracle
        attendees = task.truth.oracle[-1].args["attendees"]
        assert [s.fill[1] for s in ui if s.fill and s.fill[0] == "Required attendees"] == attendees
        assert ("button", "Scheduling Assistant") in [s.click for s in ui]
        assert ui[-2].click == ("button", "Send invitation")
