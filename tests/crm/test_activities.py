"""Tasks, calls, events, notes and the activity timeline."""

from __future__ import annotations


def test_task_lifecycle(crm):
    acc = crm.account()
    contact = crm.ok("create_contact", last_name="C", account_id=acc["id"])
    task = crm.ok(
        "create_task",
        subject="Send deck",
        what_id=acc["id"],
        who_id=contact["id"],
        activity_date="2026-11-10",
        priority="High",
    )
    assert (task["status"], task["is_closed"], task["task_subtype"]) == ("Not Started", False, "Task")
    assert [t["id"] for t in crm.ok("list_activities", record_id=acc["id"])["open_tasks"]] == [task["id"]]
    upd = crm.ok("update_task", task_id=task["id"], status="In Progress", description="draft")
    assert upd["status"] == "In Progress" and not upd["is_closed"]
    done = crm.ok("mark_task_complete", task_id=task["id"])
    assert done["status"] == "Completed" and done["is_closed"]
    crm.refused("mark_task_complete", "task_id", "already Completed", task_id=task["id"])
    timeline = crm.ok("list_activities", record_id=contact["id"])
    assert timeline["open_tasks"] == [] and timeline["activity_history"][0]["id"] == task["id"]


def test_task_rules(crm):
    acc = crm.account()
    lead = crm.ok("create_lead", last_name="L", company="Co")
    crm.refused("create_task", "what_id", "account or opportunity", subject="x", what_id=lead["id"])
    crm.refused("create_task", "who_id", "contact or lead", subject="x", who_id=acc["id"])
    crm.refused("create_task", "what_id", "no Account with id", subject="x", what_id="0015g0000000zzzAAA")
    crm.refused("create_task", "what_id", "about a lead", subject="x", who_id=lead["id"], what_id=acc["id"])
    crm.refused("create_task", "status", "Not Started", subject="x", status="Done")
    crm.refused("create_task", "priority", "High, Normal, Low", subject="x", priority="Urgent")
    crm.refused("create_task", "subject", "required", subject=" ")
    task = crm.ok("create_task", subject="ok", who_id=lead["id"])
    crm.refused("update_task", "subject", "required", task_id=task["id"], subject="")
    crm.refused("update_task", "what_id", "about a lead", task_id=task["id"], what_id=acc["id"])


def test_log_call(crm, episode):
    contact = crm.ok("create_contact", last_name="Caller")
    call = crm.ok(
        "log_call",
        subject="Intro call",
        who_id=contact["id"],
        call_duration_in_seconds=300,
        call_disposition="Interested",
        call_type="Inbound",
    )
    assert (call["task_subtype"], call["status"], call["is_closed"], call["call_type"]) == (
        "Call",
        "Completed",
        True,
        "Inbound",
    )
    assert call["activity_date"] == episode.now.date().isoformat()
    crm.refused("log_call", "call_type", "Outbound", subject="x", call_type="Carrier pigeon")
    crm.refused(
        "log_call", "call_duration_in_seconds", "at least 0", subject="x", call_duration_in_seconds=-3
    )


def test_events_upcoming_and_past(crm, episode):
    opp = crm.opportunity()
    crm.refused(
        "create_event",
        "end_date_time",
        "after the start",
        subject="x",
        start_date_time="2026-11-05T10:00:00",
        end_date_time="2026-11-05T09:00:00",
    )
    future = crm.ok(
        "create_event",
        subject="Demo",
        what_id=opp["id"],
        start_date_time="2026-11-05T10:00:00Z",
        end_date_time="2026-11-05T11:00:00Z",
        location="Zoom",
    )
    past = crm.ok(
        "create_event",
        subject="Kickoff",
        what_id=opp["id"],
        start_date_time="2026-10-01T10:00:00",
        end_date_time="2026-10-01T11:00:00",
    )
    detail = crm.ok("get_opportunity", opportunity_id=opp["id"])
    assert [e["id"] for e in detail["events"]] == [future["id"]]
    assert [h["id"] for h in detail["activity_history"]] == [past["id"]]
    assert detail["activity_history"][0]["kind"] == "event"
    crm.refused(
        "list_activities", "record_id", "account, contact, lead or opportunity", record_id=future["id"]
    )


def test_notes(crm):
    lead = crm.ok("create_lead", last_name="N", company="Notes Inc")
    note = crm.ok("add_note", parent_id=lead["id"], title="Met at expo", body="Wants a demo")
    assert note["id"].startswith("002") and note["parent_id"] == lead["id"]
    assert [n["id"] for n in crm.ok("get_lead", lead_id=lead["id"])["notes"]] == [note["id"]]
    crm.refused("add_note", "parent_id", "no Lead with id", parent_id="00Q5g0000000zzz", title="x")
    crm.refused("add_note", "parent_id", "15 or 18 letters", parent_id="abc", title="x")
    crm.refused(
        "add_note",
        "parent_id",
        "account, contact, lead or opportunity",
        parent_id="01t5g0000000001",
        title="x",
    )
    crm.refused("add_note", "title", "required", parent_id=lead["id"], title="")


def test_list_tasks_filters_and_orders_by_due_date(episode):
    me = episode.call("crm_get_current_user")["id"]
    mine = episode.call("crm_list_tasks", mine=True, limit=200)
    assert mine["total"] > 0 and all(t["owner_id"] == me and not t["is_closed"] for t in mine["records"])
    dates = [t["activity_date"] for t in mine["records"] if t["activity_date"]]
    assert dates == sorted(dates)
    done = episode.call("crm_mark_task_complete", task_id=mine["records"][0]["id"])
    assert done["status"] == "Completed"
    assert episode.call("crm_list_tasks", mine=True, limit=200)["total"] == mine["total"] - 1
    every = episode.call("crm_list_tasks", mine=True, open_only=False, limit=200)["total"]
    assert every > mine["total"] - 1
    bad = episode.invoke("crm", "list_tasks", {"status": "Bogus"})
    assert not bad.ok and bad.field == "status" and "Not Started" in bad.error
