"""Pages show values as the products do, never the app's internal ones (page probe, 2026-12-05): a report's
filters in words, Lightning's page for a missing record, ServiceNow's labels and display values on a CMDB
record and a requested item's stage, an Outlook event's time in the viewer's zone and its repeat in words."""

from __future__ import annotations

import re
from datetime import date

from playwright.sync_api import expect

from apps.office.event_display import event_when, recurrence_words
from apps.office.ui_scheduling import zone_label


def test_a_report_header_names_its_filters_in_words(crm):
    _, page, ui = crm
    page.goto(
        ui(
            "/reports/new?report_type=opportunity_products&filter_field_1=discount&filter_op_1=greater_than"
            "&filter_value_1=10"
        )
    )
    summary = page.get_by_label("Report summary")
    expect(summary).to_contain_text("Discount greater than 10")
    expect(summary).not_to_contain_text("greater_than")


def test_a_missing_record_gets_lightnings_problem_page(crm):
    _, page, ui = crm
    page.goto(ui("/accounts/001NOSUCHRECORD"))
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("Looks like there's a problem")
    expect(alert).not_to_contain_text("001NOSUCHRECORD")


def test_a_cmdb_record_and_a_requested_item_show_servicenows_labels(desk):
    episode, page, ui = desk
    ci = next(
        c
        for c in episode.call("ticketing_list_configuration_items", limit=200)["records"]
        if c["assigned_to"]
    )
    page.goto(ui(f"/cmdb/{ci['sys_id']}"))
    body = page.locator("main")
    expect(body).to_contain_text("Operating System")
    expect(body).to_contain_text("IP Address")
    expect(body).not_to_contain_text(ci["assigned_to"])  # the person's name, not their sys_id
    number = episode.call(
        "ticketing_order_catalog_item", item_id="External Monitor", variables=["size=27 inch"]
    )
    page.goto(ui("/requests"))
    expect(page.get_by_role("table")).not_to_contain_text(re.compile(r"waiting_for_approval|fulfillment"))
    assert number["number"]


def test_an_event_shows_its_time_in_the_viewers_zone_and_its_repeat_in_words(office):
    episode, page, ui = office
    made = episode.call(
        "office_create_event",
        subject="Pipeline sync",
        start="2026-11-02T14:00:00Z",
        end="2026-11-02T14:30:00Z",
        recurrence="FREQ=WEEKLY;BYDAY=MO;COUNT=6",
    )
    page.goto(ui(f"/calendar/{made['id']}"))
    fields = page.locator("main")
    zone = episode.call("office_get_my_profile")["time_zone"]
    expect(fields).to_contain_text(event_when(made["start_date_time"], made["end_date_time"], zone))
    expect(fields).to_contain_text("Occurs every Monday, 6 times")
    expect(fields).not_to_contain_text("FREQ=")


def test_recurrence_and_times_in_outlooks_words():
    assert (
        recurrence_words("FREQ=WEEKLY;BYDAY=MO,WE;INTERVAL=2")
        == "Occurs every 2 weeks on Monday and Wednesday"
    )
    assert recurrence_words("FREQ=DAILY;UNTIL=20261218T000000Z") == "Occurs every day until 12/18/2026"
    assert recurrence_words("FREQ=MONTHLY") == "Occurs every month"
    assert recurrence_words("X-NOT-A-RULE") == "X-NOT-A-RULE"
    assert event_when("2026-11-02T14:00:00Z", "2026-11-02T14:30:00Z", "America/New_York") == (
        "Mon 11/2/2026 9:00 AM – 9:30 AM"
    )


def test_time_zones_in_outlooks_words_with_the_days_offset():
    """The Scheduling Assistant names a zone as Outlook's picker does, the offset taken on the day shown."""
    assert zone_label("America/New_York", date(2026, 11, 10)) == "(UTC-05:00) Eastern Time (US & Canada)"
    assert zone_label("America/New_York", date(2026, 7, 1)) == "(UTC-04:00) Eastern Time (US & Canada)"
    assert zone_label("Europe/London", date(2026, 7, 1)) == "(UTC+01:00) Dublin, Edinburgh, Lisbon, London"
    assert zone_label("Asia/Kolkata", date(2026, 7, 1)) == "(UTC+05:30) Asia/Kolkata"
