"""Working a requested item (RITM) as its fulfiller: assignment, state, closing, and the refusals."""

from __future__ import annotations


def test_update_requested_item_assigns_moves_and_closes_by_the_rules(desk):
    waiting = desk.ok(
        "order_catalog_item",
        item_id="Standard Laptop",
        variables=["model=Lenovo ThinkPad T14", "justification=old one broke"],
    )["number"]
    desk.refused("update_requested_item", "state", "waiting for approval", requested_item_id=waiting, state=2)

    number = desk.ok("order_catalog_item", item_id="External Monitor", variables=["size=27 inch"])["number"]
    member = desk.members("Service Desk")[0]
    outsider = desk.outsider("Service Desk")
    desk.refused(
        "update_requested_item",
        "assigned_to",
        "not a member of Service Desk",
        requested_item_id=number,
        assignment_group="Service Desk",
        assigned_to=outsider["sys_id"],
    )
    desk.refused("update_requested_item", "state", "not a valid value", requested_item_id=number, state=-5)
    item = desk.ok(
        "update_requested_item",
        requested_item_id=number,
        state=2,
        assignment_group="Service Desk",
        assigned_to=member["sys_id"],
        short_description="27 inch monitor for the new desk",
    )
    assert (item["state_label"], item["assignment_group_name"], item["assigned_to_name"]) == (
        "Work in Progress",
        "Service Desk",
        member["name"],
    )
    assert item["short_description"] == "27 inch monitor for the new desk"
    task = desk.ok("get_requested_item", requested_item_id=number)["tasks"][0]["number"]
    desk.refused("update_requested_item", "state", task, requested_item_id=number, state=3)

    desk.ok("close_catalog_task", task_id=task)
    done = desk.ok("get_requested_item", requested_item_id=number)
    assert (done["item"]["state"], done["item"]["stage"], done["request"]["request_state"]) == (
        3,
        "complete",
        "closed_complete",
    )
    desk.refused(
        "update_requested_item", "requested_item_id", "cannot be changed", requested_item_id=number, state=2
    )
    desk.ok("add_work_note", record_id=waiting, text="Checking stock")
    assert [a["value"] for a in desk.ok("get_requested_item", requested_item_id=waiting)["activity"]] == [
        "Checking stock"
    ]
