"""Leads: creation rules, read-only once converted, and conversion (match or create account/contact)."""

from __future__ import annotations

from datetime import date, timedelta


def test_create_lead_rules(crm):
    lead = crm.ok("create_lead", last_name="Lee", company="Initech", email="lee@initech.com")
    assert (
        lead["status"] == "Open - Not Contacted" and not lead["is_converted"] and lead["id"].startswith("00Q")
    )
    crm.refused("create_lead", "company", "required", last_name="Lee", company=" ")
    crm.refused("create_lead", "last_name", "required", last_name="", company="X")
    crm.refused(
        "create_lead", "status", "convert_lead", last_name="L", company="X", status="Closed - Converted"
    )
    crm.refused("create_lead", "status", "Working - Contacted", last_name="L", company="X", status="Hot")
    crm.refused("create_lead", "email", "valid e-mail", last_name="L", company="X", email="a@b")
    crm.refused("create_lead", "industry", "Banking", last_name="L", company="X", industry="Crypto")
    crm.refused("create_lead", "annual_revenue", "at least 0", last_name="L", company="X", annual_revenue=-1)


def test_update_lead_and_list_filters(crm):
    lead = crm.ok("create_lead", last_name="Lee", company="Initech", phone="555")
    out = crm.ok("update_lead", lead_id=lead["id"], status="Working - Contacted", phone="")
    assert out["status"] == "Working - Contacted" and out["phone"] is None
    crm.refused("update_lead", "status", "convert_lead", lead_id=lead["id"], status="Closed - Converted")
    hits = crm.ok("list_leads", status="Working - Contacted", search="initech")["records"]
    assert [h["id"] for h in hits] == [lead["id"]]


def test_convert_creates_account_contact_opportunity(crm, episode):
    lead = crm.ok(
        "create_lead",
        last_name="Lee",
        first_name="Ann",
        company="Brand New Corp",
        email="ann@bnc.com",
        industry="Banking",
        annual_revenue=5e6,
        city="Austin",
        lead_source="Web",
    )
    task = crm.ok("create_task", subject="Follow up", who_id=lead["id"])
    out = crm.ok("convert_lead", lead_id=lead["id"])
    assert out["account_created"] and out["contact_created"]
    acc, contact, opp = out["account"], out["contact"], out["opportunity"]
    assert (
        acc["name"] == "Brand New Corp" and acc["industry"] == "Banking" and acc["billing_city"] == "Austin"
    )
    assert contact["account_id"] == acc["id"] and contact["email"] == "ann@bnc.com"
    assert (
        opp["name"] == "Brand New Corp-"
        and opp["stage_name"] == "Prospecting"
        and opp["lead_source"] == "Web"
    )
    assert opp["close_date"] == (episode.now.date() + timedelta(days=30)).isoformat()
    converted = out["lead"]
    assert converted["is_converted"] and converted["status"] == "Closed - Converted"
    assert converted["converted_date"] == episode.now.date().isoformat()
    assert (
        converted["converted_account_id"],
        converted["converted_contact_id"],
        converted["converted_opportunity_id"],
    ) == (acc["id"], contact["id"], opp["id"])
    assert len(crm.history(opp["id"])) == 1
    moved = crm.ok("get_contact", contact_id=contact["id"])["open_tasks"]
    assert [t["id"] for t in moved] == [task["id"]] and moved[0]["what_id"] == opp["id"]
    assert lead["id"] not in {r["id"] for r in crm.ok("list_leads", limit=200)["records"]}
    assert lead["id"] in {r["id"] for r in crm.ok("list_leads", include_converted=True, limit=200)["records"]}


def test_convert_matches_existing_account_and_contact(crm):
    acc = crm.account("Globex Corporation")
    existing = crm.ok("create_contact", last_name="Smith", account_id=acc["id"], email="hank@globex.com")
    lead = crm.ok(
        "create_lead", last_name="Scorpio", company="  globex corporation ", email="HANK@globex.com"
    )
    out = crm.ok("convert_lead", lead_id=lead["id"], create_opportunity=False)
    assert not out["account_created"] and out["account"]["id"] == acc["id"]
    assert not out["contact_created"] and out["contact"]["id"] == existing["id"]
    assert out["opportunity"] is None and out["lead"]["converted_opportunity_id"] is None


def test_convert_into_given_account_with_named_opportunity(crm):
    acc = crm.account("Target Account")
    lead = crm.ok("create_lead", last_name="Z", company="Something Else")
    out = crm.ok("convert_lead", lead_id=lead["id"], account_id=acc["id"], opportunity_name="Big deal")
    assert out["account"]["id"] == acc["id"] and out["contact_created"]
    assert out["opportunity"]["name"] == "Big deal" and out["opportunity"]["account_id"] == acc["id"]


def test_convert_create_new_account_by_name_even_when_the_company_exists(crm):
    existing = crm.account("Globex Corporation")
    lead = crm.ok("create_lead", last_name="Q", company="Globex Corporation", industry="Banking")
    out = crm.ok("convert_lead", lead_id=lead["id"], account_name="Globex West", create_opportunity=False)
    assert out["account_created"] and out["account"]["id"] != existing["id"]
    assert (out["account"]["name"], out["account"]["industry"]) == ("Globex West", "Banking")
    assert out["contact"]["account_id"] == out["account"]["id"]


def test_convert_into_a_chosen_existing_contact(crm):
    acc = crm.account("Chosen Co")
    person = crm.ok("create_contact", last_name="Kept", account_id=acc["id"], email="kept@chosen.co")
    lead = crm.ok("create_lead", last_name="Other", company="Chosen Co", email="different@chosen.co")
    out = crm.ok("convert_lead", lead_id=lead["id"], account_id=acc["id"], contact_id=person["id"])
    assert not out["contact_created"] and out["contact"]["id"] == person["id"]
    assert out["lead"]["converted_contact_id"] == person["id"]


def test_convert_choices_exclude_each_other(crm):
    acc, stranger_acc = crm.account("Mine Inc"), crm.account("Theirs Inc")
    stranger = crm.ok("create_contact", last_name="Stranger", account_id=stranger_acc["id"])
    lead = crm.ok("create_lead", last_name="L", company="Mine Inc")
    crm.refused(
        "convert_lead", "account_name", "not both", lead_id=lead["id"], account_name="X", account_id=acc["id"]
    )
    crm.refused(
        "convert_lead",
        "contact_id",
        "another account",
        lead_id=lead["id"],
        account_id=acc["id"],
        contact_id=stranger["id"],
    )
    crm.refused("convert_lead", "account_name", "required", lead_id=lead["id"], account_name="  ")
    assert not crm.ok("get_lead", lead_id=lead["id"])["lead"]["is_converted"]


def test_converted_lead_is_read_only_and_cannot_convert_twice(crm):
    lead = crm.ok("create_lead", last_name="Once", company="Once Inc")
    crm.ok("convert_lead", lead_id=lead["id"])
    crm.refused("convert_lead", "lead_id", "already converted", lead_id=lead["id"])
    crm.refused("update_lead", "lead_id", "read-only", lead_id=lead["id"], title="CEO")


def test_convert_rules(crm):
    lead = crm.ok("create_lead", last_name="L", company="C")
    unknown_account = "001ZZZZZZZZZZZZ"
    crm.refused(
        "convert_lead", "account_id", "no Account with id", lead_id=lead["id"], account_id=unknown_account
    )
    crm.refused("convert_lead", "lead_id", "no Lead with id", lead_id="00QZZZZZZZZZZZZ")
    crm.refused("convert_lead", "owner_id", "no user with id", lead_id=lead["id"], owner_id="005ZZZZZZZZZZZZ")
    crm.refused("convert_lead", "lead_id", "15 or 18 letters", lead_id="00Qbad")


def test_convert_seeded_lead(crm):
    lead = crm.ok("list_leads", limit=1)["records"][0]
    out = crm.ok("convert_lead", lead_id=lead["id"])
    assert out["lead"]["converted_account_id"] == out["account"]["id"]
    assert out["opportunity"]["owner_id"] == lead["owner_id"]
    assert date.fromisoformat(out["opportunity"]["close_date"]) > date.fromisoformat(
        out["lead"]["converted_date"]
    )
