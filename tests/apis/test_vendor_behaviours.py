"""Behaviours the vendors' documentation describes that the clone had wrong (issue 37), each checked
through the tools as an agent meets them."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from apps.core.api import Gym
from apps.core.errors import ActionError


@pytest.fixture(scope="module")
def gym():
    return Gym()


def sql(ep, query: str, *params):  # noqa: ANN001, ANN201
    with ep.lock:
        return [tuple(r) for r in ep.db.conn.execute(query, params)]


def test_a_resolved_incident_stays_active_until_closed(gym):
    ep = gym.create_episode("tiny", apps=["ticketing"])
    seeded = sql(ep, "SELECT DISTINCT active FROM ticketing_incident WHERE state = 6")
    assert seeded == [(1,)]  # the world's Resolved incidents too
    made = ep.call("ticketing_create_incident", caller_id="linda.carr", short_description="Dock not charging")
    number = made["number"]
    ep.call(
        "ticketing_resolve_incident",
        incident_id=number,
        close_code="Solution provided",
        close_notes="Swapped it",
    )
    assert sql(ep, "SELECT state, active FROM ticketing_incident WHERE number = ?", number) == [(6, 1)]
    assert number in [
        r["number"] for r in ep.call("ticketing_list_incidents", active=True, limit=200)["records"]
    ]
    ep.call("ticketing_close_incident", incident_id=number)
    assert sql(ep, "SELECT state, active FROM ticketing_incident WHERE number = ?", number) == [(7, 0)]


def test_duplicate_contacts_and_leads_are_refused_unless_allowed(gym):
    ep = gym.create_episode("tiny", apps=["crm"])
    first, last, email, account = sql(
        ep, "SELECT first_name, last_name, email, account_id FROM crm_contact WHERE email IS NOT NULL LIMIT 1"
    )[0]
    before = ep.state_hash()
    with pytest.raises(ActionError) as info:
        ep.call(
            "crm_create_contact", first_name=first.upper(), last_name=last, email=email, account_id=account
        )
    assert info.value.code == "DUPLICATES_DETECTED" and last in info.value.message
    assert ep.state_hash() == before
    ep.call("crm_create_contact", first_name=first, last_name=last, email=email, allow_duplicates=True)
    ep.call("crm_create_contact", first_name=first, last_name=last)  # same name only: another person
    lead = sql(ep, "SELECT first_name, last_name, company FROM crm_lead WHERE NOT is_converted LIMIT 1")[0]
    with pytest.raises(ActionError) as info:
        ep.call("crm_create_lead", first_name=lead[0], last_name=lead[1], company=lead[2].lower())
    assert info.value.code == "DUPLICATES_DETECTED"
    with pytest.raises(ActionError) as info:  # through the REST API's create too
        ep.call(
            "crm_create_record",
            sobject="Lead",
            fields={"FirstName": lead[0], "LastName": lead[1], "Company": lead[2]},
        )
    assert info.value.code == "DUPLICATES_DETECTED"


def test_amount_of_an_opportunity_with_products_keeps_the_rollup_and_saves_the_rest(gym):
    ep = gym.create_episode("tiny", apps=["crm"])
    opp, amount, total = sql(
        ep,
        "SELECT o.id, o.amount, SUM(li.total_price) FROM crm_opportunity o JOIN crm_opportunity_line_item li "
        "ON li.opportunity_id = o.id WHERE NOT o.is_closed GROUP BY o.id LIMIT 1",
    )[0]
    out = ep.call(
        "crm_update_opportunity", opportunity_id=opp, amount=1.0, next_step="Send the revised quote"
    )
    assert out["amount"] == pytest.approx(total) and out["next_step"] == "Send the revised quote"
    assert sql(ep, "SELECT amount, next_step FROM crm_opportunity WHERE id = ?", opp) == [
        (amount, "Send the revised quote")
    ]


def test_declined_meetings_leave_the_calendar_and_unanswered_ones_show_tentative(gym):
    ep = gym.create_episode("tiny", apps=["office"])
    me = ep.call("office_get_my_profile")
    found = sql(
        ep,
        "SELECT e.id, e.start_date_time, e.end_date_time FROM office_event e JOIN office_attendee a "
        "ON a.event_id = e.id "
        "WHERE a.email_address = ? AND a.response_status = 'none' AND e.organizer_id != ? AND NOT "
        "e.is_cancelled "
        "AND e.recurrence IS NULL AND e.show_as = 'busy' AND e.start_date_time > '2026-11-02' ORDER "
        "BY e.start_date_time LIMIT 1",
        me["mail"].lower(),
        me["id"],
    )
    event_id, start, end = found[0]
    start, end = datetime.fromisoformat(start), datetime.fromisoformat(end)
    window = {
        "start": (start - timedelta(hours=1)).isoformat() + "Z",
        "end": (end + timedelta(hours=1)).isoformat() + "Z",
    }
    schedule = ep.call("office_get_schedule", schedules=[me["mail"]], interval_minutes=60, **window)
    digits = schedule["schedules"][0]["availability_view"]
    assert digits[1] == "1"  # the unanswered invitation: tentative, not busy
    listed = ep.call("office_list_events", **window)["records"]
    assert event_id in [e["id"] for e in listed]
    ep.call("office_respond_to_event", event_id=event_id, response="decline", send_response=False)
    assert event_id not in [e["id"] for e in ep.call("office_list_events", **window)["records"]]


def test_a_draft_version_keeps_the_published_article_searchable(gym):
    ep = gym.create_episode("tiny", apps=["ticketing"])
    number, title = sql(
        ep,
        "SELECT number, short_description FROM ticketing_kb_knowledge WHERE workflow_state = "
        "'published' AND latest LIMIT 1",
    )[0]
    found = ep.call("ticketing_search_knowledge", query=title)["records"]
    assert number in [a["number"] for a in found]
    ep.call("ticketing_create_article_version", article_id=number)
    found = ep.call("ticketing_search_knowledge", query=title)["records"]
    assert [(a["number"], a["workflow_state"]) for a in found if a["number"] == number] == [
        (number, "published")
    ]


def test_opportunity_standard_fields_are_described_and_queryable(gym):
    ep = gym.create_episode("tiny", apps=["crm"])
    names = {f["name"] for f in ep.call("crm_describe_object", object_name="Opportunity")["fields"]}
    wanted = {"ExpectedRevenue", "FiscalYear", "FiscalQuarter", "HasOpportunityLineItem", "LastActivityDate"}
    assert wanted <= names
    row = ep.call("crm_query_soql", soql=f"SELECT {', '.join(sorted(wanted))} FROM Opportunity LIMIT 1")[
        "records"
    ][0]
    assert wanted <= set(row)


def test_circular_references_show_zero_and_date_formulas_take_a_date_format(gym):
    ep = gym.create_episode("tiny", apps=["office"])
    book = ep.call("office_create_workbook", name="Cycles")
    item = book["item_id"] if "item_id" in book else book["item"]["id"]
    ep.call(
        "office_update_range",
        item_id=item,
        start_address="A1",
        values=[["=B1+1", "=A1*2", "=C1", "=DATE(2026,11,2)", "=TODAY()"]],
    )
    values = ep.call("office_get_range", item_id=item, address="A1:E1")["values"][0]
    assert values[:3] == [0, 0, 0]  # two-cell cycle and self-reference alike, as Excel shows them
    cells = {c["address"]: c for c in ep.call("office_get_worksheet", item_id=item)["cells"]}
    assert cells["D1"]["number_format"] == "m/d/yyyy" and cells["E1"]["number_format"] == "m/d/yyyy"
    assert cells["A1"]["number_format"] == "General"
