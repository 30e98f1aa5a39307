"""Dates as each product shows them, in real Chromium: Salesforce's '12/5/2026' and '12/5/2026, 10:44 AM',
ServiceNow's '2026-12-05 10:44:46', Outlook's '10:44 AM' / 'Wed 3:15 PM' / 'Sat 12/5/2026 10:44 AM' and
OneDrive's 'November 25' — never a raw ISO stamp on a page (the CRM's date inputs too, as Lightning's do)."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

from playwright.sync_api import expect

from apps.crm.ui_dates import sf_date, sf_datetime
from apps.office.ui_dates import long_datetime, mail_time, modified, quote_time, short_datetime
from apps.ticketing.ui_dates import sn_date, sn_datetime

ISO_STAMP = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}")
ISO_DAY = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
SF_DATE = re.compile(r"^\d{1,2}/\d{1,2}/\d{4}$")
SF_DATETIME = re.compile(r"^\d{1,2}/\d{1,2}/\d{4}, \d{1,2}:\d{2} [AP]M$")
SN_DATETIME = re.compile(r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$")


def test_the_formats():
    now = datetime(2026, 12, 5, 10, 44, 46, tzinfo=UTC)
    assert sf_date("2026-12-05") == "12/5/2026" and sf_date(date(2026, 1, 9)) == "1/9/2026"
    assert sf_datetime("2026-12-05T10:44:46Z") == "12/5/2026, 10:44 AM"
    assert sf_datetime(datetime(2026, 12, 5, 0, 5)) == "12/5/2026, 12:05 AM"
    assert (
        sn_datetime("2026-12-05T10:44:46Z") == "2026-12-05 10:44:46" and sn_date("2026-12-05") == "2026-12-05"
    )
    assert mail_time("2026-12-05T10:44:00Z", now) == "10:44 AM"
    assert mail_time("2026-12-02T15:15:00Z", now) == "Wed 3:15 PM"
    assert mail_time("2026-11-25T15:15:00Z", now) == "Wed 11/25"
    assert mail_time("2025-11-25T15:15:00Z", now) == "11/25/2025"
    assert mail_time("2026-12-05T10:44:00Z", long=True) == long_datetime(now) == "Sat 12/5/2026 10:44 AM"
    assert short_datetime("2026-12-05T09:00:00", now) == "9:00 AM"  # naive values compare as the same zone
    assert short_datetime("2026-12-03T13:30:00Z", now) == "12/3 1:30 PM"
    assert modified("2026-12-05T10:44:30Z", now) == "A few seconds ago"
    assert modified("2026-12-05T08:40:00Z", now) == "2 hours ago"
    assert modified("2026-12-04T15:15:00Z", now) == "Yesterday at 3:15 PM"
    assert modified("2026-11-25T15:15:00Z", now) == "November 25"
    assert modified("2025-11-25T15:15:00Z", now) == "November 25, 2025"
    assert sf_date(None) == sn_datetime("") == mail_time(None) == ""


def test_outlook_times_on_the_users_clock():
    """The list, the reading pane and a quote header read a time in the user's zone (the calendar's), the
    day too: 02:00 UTC on Dec 5 is still Friday evening in Chicago."""
    chicago, now = ZoneInfo("America/Chicago"), datetime(2026, 12, 5, 3, 0, tzinfo=UTC)  # Fri 9 PM there
    assert mail_time("2026-12-05T02:00:00Z", now) == "2:00 AM"  # UTC: the same day as now
    assert mail_time("2026-12-05T02:00:00Z", now, zone=chicago) == "8:00 PM"
    assert mail_time("2026-12-04T05:00:00Z", now, zone=chicago) == "Thu 11:00 PM"
    assert mail_time("2026-12-05T02:00:00", long=True, zone=chicago) == "Fri 12/4/2026 8:00 PM"  # naive: UTC
    assert quote_time("2026-12-05T02:00:00Z", chicago) == "Friday, December 4, 2026 8:00 PM"
    assert quote_time("2026-12-05T14:05:00Z") == "Saturday, December 5, 2026 2:05 PM"


def test_crm_record_list_and_date_input_show_salesforce_dates(crm):
    episode, page, ui = crm
    opp = episode.call("crm_list_opportunities", limit=1)["records"][0]
    page.goto(ui(f"/opportunities/{opp['id']}"))
    page.get_by_role("tab", name="Details").click()
    details = page.locator("dd.slds-form-element__static")
    shown = dict(
        zip(
            page.locator("dt.slds-form-element__label").all_inner_texts(),
            details.all_inner_texts(),
            strict=True,
        )
    )
    assert SF_DATE.match(shown["Close Date"]), shown["Close Date"]
    assert shown["Close Date"] == sf_date(opp["close_date"])
    assert SF_DATETIME.match(shown["Created"]), shown["Created"]
    assert not ISO_STAMP.search(page.locator("main").inner_text())

    page.goto(ui("/opportunities"))
    table = page.locator("table.list-view")
    assert not ISO_DAY.search(table.locator(":scope > tbody").inner_text())  # not the inline datepickers'
    assert any(SF_DATE.match(t.strip()) for t in table.locator("tbody td .cell-value").all_inner_texts())

    page.goto(ui(f"/opportunities/{opp['id']}/edit"))
    # Lightning's date input shows the org's format too; its datepicker opens on the same day
    expect(page.get_by_role("textbox", name="Close Date")).to_have_value(sf_date(opp["close_date"]))


def test_servicenow_list_and_form_show_its_default_format(desk):
    episode, page, ui = desk
    page.goto(ui("/incidents"))
    opened = page.get_by_role("table").locator("tbody tr").first.get_by_role("cell").all_inner_texts()
    assert any(SN_DATETIME.match(t.strip()) for t in opened), opened
    stamp = page.get_by_role("table").locator("tbody tr .sn-dt").first
    assert stamp.evaluate("e => e.getClientRects().length") == 1  # date and time on one line
    number = page.get_by_role("table").locator("tbody th a").first.inner_text()
    page.goto(ui(f"/incidents/{number}"))
    assert not ISO_STAMP.search(page.locator("main").inner_text())
    assert re.search(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}", page.locator("main").inner_text())


def test_outlook_list_reading_pane_and_onedrive_modified(office):
    _, page, ui = office
    page.goto(ui("/mail"))
    times = page.get_by_role("grid", name="Messages").locator(".o-time").all_inner_texts()
    assert times and not any(ISO_DAY.search(t) for t in times), times
    outlook = re.compile(
        r"^(\d{1,2}:\d{2} [AP]M|\w{3} \d{1,2}:\d{2} [AP]M|\w{3} \d{1,2}/\d{1,2}|\d{1,2}/\d{1,2}/\d{4})$"
    )
    assert all(outlook.match(t.strip()) for t in times), times
    page.get_by_role("grid", name="Messages").get_by_role("link").first.click()
    stamp = page.get_by_role("article", name="Reading pane").locator(".o-read-date").inner_text()
    assert re.match(r"^\w{3} \d{1,2}/\d{1,2}/\d{4} \d{1,2}:\d{2} [AP]M$", stamp), stamp

    page.goto(ui("/files"))
    cells = page.get_by_role("table", name="Files").locator("tbody td").all_inner_texts()
    assert not any(ISO_DAY.search(t) for t in cells), cells
    assert any(re.search(r"ago$|^Yesterday at |^[A-Z][a-z]+ \d{1,2}(, \d{4})?$", t.strip()) for t in cells), (
        cells
    )
