"""Links between apps where the products have them, in real Chromium: a CRM contact lists that person's
incidents in Service Management; ServiceNow's incident form has no link out to Sales."""

from __future__ import annotations

from playwright.sync_api import expect


def test_crm_contact_to_its_incidents(all_apps):
    base, page = all_apps
    page.goto(f"{base}/s/ticketing/incidents/INC0012919")
    expect(page.get_by_role("heading", level=1)).to_have_text("INC0012919")
    assert page.get_by_role("link", name="View Nicholas Marshall in Sales").count() == 0  # not in ServiceNow
    page.goto(f"{base}/s/crm/contacts/0035g00000000t1AAA")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Nicholas Marshall")
    with page.expect_navigation():
        page.get_by_role("link", name="Incidents in Service Management", exact=True).click()
    assert "/s/ticketing/incidents?caller_id=" in page.url
    rows = page.get_by_role("table").get_by_role("row")
    expect(rows.filter(has_text="INC0012919")).to_have_count(1)
    assert all("Nicholas Marshall" in rows.nth(i).inner_text() for i in range(1, rows.count()))


def test_no_cross_app_link_when_the_episode_lacks_the_app(live_server, browser):
    episode, urls = live_server.new_episode("acme", task="ticketing-assign-vpn-drops-peters")  # 1 app
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(urls.ui("ticketing"))
        page.goto(f"{urls.base}/s/ticketing/incidents/INC0012919")
        expect(page.get_by_role("heading", level=1)).to_have_text("INC0012919")
        page.get_by_role("button", name="App Launcher").click()
        links = page.get_by_role("navigation", name="App Launcher").get_by_role("link")
        assert links.all_inner_texts() == ["Service Management"]
    finally:
        context.close()
        live_server.gateway.manager.close(episode.id)
