"""Service catalog requests with approvals and tasks; knowledge workflow and versions; problems; CMDB."""

from __future__ import annotations


def test_order_without_approval_goes_to_fulfilment_and_closes(desk):
    detail = desk.ok("get_catalog_item", item_id="External Monitor")
    assert [v["name"] for v in detail["variables"]] == ["size"]
    desk.refused("order_catalog_item", "variables", "needs size", item_id="External Monitor")
    desk.refused(
        "order_catalog_item",
        "variables",
        "must be one of",
        item_id="External Monitor",
        variables=["size=50 inch"],
    )
    desk.refused(
        "order_catalog_item",
        "variables",
        "not name=value",
        item_id="External Monitor",
        variables=["colour=red"],
    )
    ritm = desk.ok("order_catalog_item", item_id="External Monitor", variables=["size=27 inch"])
    assert (ritm["stage"], ritm["approval"]) == ("fulfillment", "not requested")
    got = desk.ok("get_requested_item", requested_item_id=ritm["number"])
    assert got["variables"][0]["value"] == "27 inch" and len(got["tasks"]) == 1
    task = got["tasks"][0]["number"]
    desk.refused("close_catalog_task", "close_notes", "why", task_id=task, state="Closed Incomplete")
    desk.ok("close_catalog_task", task_id=task)
    done = desk.ok("get_requested_item", requested_item_id=ritm["number"])
    assert (done["item"]["state"], done["item"]["stage"], done["request"]["request_state"]) == (
        3,
        "complete",
        "closed_complete",
    )
    desk.refused("close_catalog_task", "task_id", "already", task_id=task)


def test_order_with_approval_waits_for_the_manager(desk, episode):
    ritm = desk.ok(
        "order_catalog_item",
        item_id="Standard Laptop",
        variables=["model=Lenovo ThinkPad T14", "justification=old one broke"],
    )
    assert (ritm["stage"], ritm["approval"]) == ("waiting_for_approval", "requested")
    detail = desk.ok("get_requested_item", requested_item_id=ritm["number"])
    approver = detail["approvals"][0]["approver"]
    assert approver == desk.ok("list_users", search=desk.me["email"])["records"][0]["manager"]
    assert not detail["tasks"]
    desk.refused(
        "approve_requested_item", "requested_item_id", "not an approver", requested_item_id=ritm["number"]
    )


def test_knowledge_workflow_and_versions(desk):
    art = desk.ok(
        "create_knowledge_article",
        short_description="Printing from macOS",
        text="Add the printer by IP.",
        kb_category="Hardware",
    )
    assert (art["workflow_state"], art["version"]) == ("draft", "0.01")
    desk.refused("publish_knowledge_article", "article_id", "Submit the draft", article_id=art["number"])
    desk.ok("submit_knowledge_article", article_id=art["number"])
    pub = desk.ok("publish_knowledge_article", article_id=art["number"])
    assert (pub["workflow_state"], pub["version"]) == ("published", "1.0")
    desk.refused(
        "update_knowledge_article", "article_id", "create_article_version", article_id=art["number"], text="x"
    )
    draft = desk.ok("create_article_version", article_id=art["number"])
    assert (draft["version"], draft["workflow_state"]) == ("1.01", "draft")
    found = desk.ok("search_knowledge", query="printing macOS")["records"]
    # the published version stays found while its draft is being written (ServiceNow's knowledge versioning)
    assert [a["version"] for a in found if a["number"] == art["number"]] == ["1.0"]
    desk.ok("update_knowledge_article", article_id=draft["sys_id"], text="Add the printer by IP or hostname.")
    desk.ok("submit_knowledge_article", article_id=draft["sys_id"])
    v2 = desk.ok("publish_knowledge_article", article_id=draft["sys_id"])
    assert v2["version"] == "2.0"
    versions = desk.ok("get_knowledge_article", article_id=art["number"])["versions"]
    assert [(v["version"], v["workflow_state"]) for v in versions] == [
        ("2.0", "published"),
        ("1.0", "outdated"),
    ]
    assert desk.ok("search_knowledge", query="hostname")["records"][0]["number"] == art["number"]


def test_problem_links_incidents_known_error_and_resolve(desk):
    n = desk.incident()["number"]
    prb = desk.ok("create_problem", short_description="Boot failures after BIOS update", from_incident=n)
    assert desk.ok("get_incident", incident_id=n)["problem_number"] == prb["number"]
    other = desk.incident()["number"]
    desk.refused("mark_known_error", "workaround", "workaround", problem_id=prb["number"])
    desk.ok("mark_known_error", problem_id=prb["number"], workaround="Reset BIOS to defaults")
    desk.ok("link_incident_to_problem", incident_id=other, problem_id=prb["number"])
    notes = desk.ok("get_incident", incident_id=other)["activity"]
    assert "Reset BIOS" in notes[0]["value"] and notes[0]["element"] == "work_notes"
    desk.refused(
        "link_incident_to_problem",
        "incident_id",
        "already linked",
        incident_id=other,
        problem_id=prb["number"],
    )
    desk.refused(
        "resolve_problem",
        "cause_notes",
        "root cause",
        problem_id=prb["number"],
        resolution_code="fix_applied",
    )
    out = desk.ok(
        "resolve_problem",
        problem_id=prb["number"],
        resolution_code="fix_applied",
        cause_notes="Bad BIOS",
        fix_notes="Rolled back",
    )
    assert out["state"] == 106
    assert len(desk.ok("get_problem", problem_id=prb["number"])["incidents"]) == 2
    desk.refused(
        "update_problem", "problem_id", "only open problems", problem_id=prb["number"], workaround="x"
    )


def test_cmdb_relationships(desk):
    cis = desk.ok("list_configuration_items", limit=200)["records"]
    app = next(c for c in cis if c["sys_class_name"] == "cmdb_ci_appl")
    detail = desk.ok("get_configuration_item", ci_id=app["name"])
    assert detail["relationships"]
    printer = next(c for c in cis if c["sys_class_name"] == "cmdb_ci_printer")
    rel = desk.ok(
        "add_ci_relationship", parent_ci=app["sys_id"], child_ci=printer["sys_id"], type="Depends on::Used by"
    )
    assert rel["ci"]["sys_id"] == printer["sys_id"]
    desk.refused(
        "add_ci_relationship",
        "child_ci",
        "already",
        parent_ci=app["sys_id"],
        child_ci=printer["sys_id"],
        type="Depends on::Used by",
    )
    desk.refused(
        "add_ci_relationship",
        "type",
        "choose one of",
        parent_ci=app["sys_id"],
        child_ci=printer["sys_id"],
        type="likes",
    )
    desk.refused(
        "add_ci_relationship",
        "child_ci",
        "itself",
        parent_ci=app["sys_id"],
        child_ci=app["sys_id"],
        type="Depends on::Used by",
    )


def test_callers_include_crm_contacts(desk):
    contacts = desk.ok("list_users", search="", limit=200)["records"]
    customer = next(u for u in contacts if u["crm_contact_id"])
    inc = desk.ok("create_incident", caller_id=customer["sys_id"], short_description="Portal login fails")
    assert inc["company"] == customer["company"] and inc["caller_name"] == customer["name"]
