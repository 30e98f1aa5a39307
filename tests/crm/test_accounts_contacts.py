"""Accounts (delete) and contacts: validation, clearing fields, reporting lines, cascading deletes."""

from __future__ import annotations


def test_create_contact_validates_and_stores(crm):
    acc = crm.account("Contact Co")
    boss = crm.ok("create_contact", last_name="Boss", account_id=acc["id"])
    c = crm.ok(
        "create_contact",
        last_name="Doe",
        first_name="Jane",
        salutation="Ms.",
        account_id=acc["id"],
        email=" jane@contact.co ",
        lead_source="Web",
        reports_to_id=boss["id"],
        title="CTO",
    )
    assert c["id"].startswith("003") and c["email"] == "jane@contact.co"
    assert c["owner_id"] == crm.ok("get_current_user")["id"]
    detail = crm.ok("get_contact", contact_id=c["id"])
    assert detail["account_name"] == "Contact Co" and detail["reports_to_name"] == "Boss"
    assert [x["id"] for x in crm.ok("list_contacts", account_id=acc["id"], search="jane doe")["records"]] == [
        c["id"]
    ]


def test_create_contact_rules(crm):
    crm.refused("create_contact", "last_name", "required", last_name="  ")
    crm.refused("create_contact", "email", "not a valid e-mail", last_name="X", email="not-an-email")
    crm.refused(
        "create_contact", "account_id", "no Account with id", last_name="X", account_id="001ZZZZZZZZZZZZ"
    )
    crm.refused("create_contact", "salutation", "Mr., Ms.", last_name="X", salutation="Sir")
    crm.refused("create_contact", "lead_source", "Web", last_name="X", lead_source="Billboard")
    acc = crm.account()
    crm.refused(
        "create_contact", "reports_to_id", "not the id of a contact", last_name="X", reports_to_id=acc["id"]
    )


def test_update_contact_clears_and_refuses_cycles(crm):
    a = crm.ok("create_contact", last_name="A", email="a@x.com", phone="123")
    b = crm.ok("create_contact", last_name="B", reports_to_id=a["id"])
    out = crm.ok("update_contact", contact_id=a["id"], phone="", title="VP")
    assert out["phone"] is None and out["title"] == "VP" and out["email"] == "a@x.com"
    crm.refused(
        "update_contact",
        "reports_to_id",
        "cannot report to itself",
        contact_id=a["id"],
        reports_to_id=b["id"],
    )
    crm.refused(
        "update_contact",
        "reports_to_id",
        "cannot report to itself",
        contact_id=a["id"],
        reports_to_id=a["id"],
    )
    crm.refused("update_contact", "last_name", "required", contact_id=a["id"], last_name="")
    crm.refused("update_contact", "email", "valid e-mail", contact_id=a["id"], email="x@")
    crm.refused("update_contact", "contact_id", "invalid id", contact_id="003nope")


def test_delete_contact_removes_activities_and_links(crm, episode):
    boss = crm.ok("create_contact", last_name="Boss")
    report = crm.ok("create_contact", last_name="Report", reports_to_id=boss["id"])
    task = crm.ok("create_task", subject="Call boss", who_id=boss["id"])
    note = crm.ok("add_note", parent_id=boss["id"], title="n")
    out = crm.ok("delete_contact", contact_id=boss["id"])
    assert set(out["deleted"]) == {boss["id"], task["id"], note["id"]}
    assert crm.ok("get_contact", contact_id=report["id"])["contact"]["reports_to_id"] is None
    crm.refused("get_contact", "contact_id", "was deleted", contact_id=boss["id"])


def test_delete_account_refuses_with_children(crm):
    parent = crm.account("Parent")
    crm.account("Child", parent_id=parent["id"])
    crm.refused(
        "delete_account", "account_id", "reparent or delete the child accounts first", account_id=parent["id"]
    )


def test_delete_account_cascades(crm, episode):
    acc = crm.account("Doomed")
    other = crm.account("Survivor")
    contact = crm.ok("create_contact", last_name="C", account_id=acc["id"])
    opp = crm.opportunity(account_id=acc["id"])
    entry = crm.entries()[0]
    item = crm.ok("add_line_item", opportunity_id=opp["id"], pricebook_entry_id=entry["id"], quantity=1)
    t1 = crm.ok("create_task", subject="on opp", what_id=opp["id"])
    t2 = crm.ok("log_call", subject="with contact", who_id=contact["id"])
    ev = crm.ok(
        "create_event",
        subject="on acc",
        what_id=acc["id"],
        start_date_time="2026-11-05T10:00:00",
        end_date_time="2026-11-05T11:00:00",
    )
    note = crm.ok("add_note", parent_id=acc["id"], title="n")
    keep = crm.ok("create_task", subject="other", what_id=other["id"])
    out = crm.ok("delete_account", account_id=acc["id"])
    deleted = set(out["deleted"])
    assert {
        acc["id"],
        contact["id"],
        opp["id"],
        item["id"],
        t1["id"],
        t2["id"],
        ev["id"],
        note["id"],
    } <= deleted
    assert keep["id"] not in deleted
    assert any(d.startswith("008") for d in deleted)  # the opportunity's history rows
    assert [t["id"] for t in crm.ok("list_activities", record_id=other["id"])["open_tasks"]] == [keep["id"]]
    assert crm.ok("list_opportunities", account_id=acc["id"])["total"] == 0
    crm.refused("get_account", "account_id", "was deleted", account_id=acc["id"])


def test_delete_seeded_account_leaves_no_orphans(crm, episode):
    accounts = crm.ok("list_accounts", limit=200)["records"]
    parents = {a["parent_id"] for a in accounts}
    target = next(a for a in accounts if a["id"] not in parents)
    crm.ok("delete_account", account_id=target["id"])
    deletes = {c.table for c in episode.diff() if c.op == "delete"}
    assert "crm_account" in deletes
    assert crm.ok("list_contacts", account_id=target["id"])["total"] == 0
    assert all(c.op == "delete" for c in episode.diff() if c.table != "crm_contact")


def test_update_account_writes_only_the_columns_that_change(crm, episode):
    seeded = crm.ok("list_accounts", limit=1)["records"][0]
    same = crm.ok("update_account", account_id=seeded["id"], phone=seeded["phone"] or "")
    assert episode.diff() == [] and same["last_modified_date"] == seeded["last_modified_date"]
    after = crm.ok("update_account", account_id=seeded["id"][:15], phone="(555) 010-4242", website="")
    (change,) = episode.diff()
    assert (change.table, change.op, change.pk) == ("crm_account", "update", seeded["id"])
    changed = {f.field for f in change.fields}
    stamps = {"phone", "last_modified_date", "last_modified_by_id"}
    assert stamps <= changed <= stamps | {"website"}
    assert ("website" in changed) == (seeded["website"] is not None)
    assert after == crm.ok("get_account", account_id=seeded["id"])["account"]
    assert after["phone"] == "(555) 010-4242" and after["website"] is None
    assert after["last_modified_by_id"] == crm.ok("get_current_user")["id"]
