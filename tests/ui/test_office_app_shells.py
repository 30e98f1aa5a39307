"""Each Microsoft 365 app in its own shell, in real Chromium: Teams' grey title bar with its centred Search
and Teams' own rail (Activity … Apps, the current one in purple, what has no page here disabled with a
tooltip, no Outlook rail); Word and Excel with no rail and the file's name, "• Saved" and Search (Alt+Q) in
the coloured header; Outlook's rail as in new Outlook (Mail, Calendar, Teams, Word, Excel, PowerPoint,
OneDrive); OneDrive with its
own nav pane and no rail; and moving between the apps by the waffle and the rails. Axe-clean."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.ui.test_accessibility import _violations

DOC = "Q4 kickoff notes.docx"
TEAMS_RAIL = ("Activity", "Chat", "Teams", "Calendar", "Calls", "OneDrive", "Apps")


def _rail(page):  # noqa: ANN001, ANN202
    return page.get_by_role("navigation", name="Office tabs")


def _launch(page, app):  # noqa: ANN001, ANN202
    """Open one of Microsoft 365's apps from the App Launcher (waffle)."""
    page.get_by_role("button", name="App Launcher").click()
    page.get_by_role("navigation", name="App Launcher").get_by_role("link", name=app, exact=True).click()


def _current(page, name):  # noqa: ANN001, ANN202
    expect(_rail(page).get_by_role("link", name=name, exact=True)).to_have_attribute("aria-current", "page")


def _open_doc(page):  # noqa: ANN001, ANN202
    _rail(page).get_by_role("link", name="OneDrive", exact=True).click()
    page.get_by_role("link", name=DOC).first.click()
    expect(page).to_have_url(re.compile(r"/docs/"))


def test_outlook_rail_reads_as_in_new_outlook(office):
    _, page, ui = office
    page.goto(ui("/calendar"))
    rail = _rail(page)
    names = [n.strip() for n in rail.get_by_role("link").all_inner_texts()]
    assert names == ["Mail", "Calendar", "Teams", "Word", "Excel", "PowerPoint", "OneDrive"]
    expect(rail.get_by_role("link", name="Calendar", exact=True)).to_have_attribute("aria-current", "page")
    expect(rail.get_by_role("link", name="Files")).to_have_count(0)
    rail.get_by_role("link", name="Word", exact=True).click()  # Word's recent files: OneDrive's Home, Word
    chips = page.get_by_role("group", name="Filter by file type")
    expect(chips.get_by_role("link", name="Word")).to_have_attribute("aria-current", "true")
    page.goto(ui("/calendar"))
    _rail(page).get_by_role("link", name="Teams", exact=True).click()
    expect(page).to_have_url(re.compile(r"/chat$"))


def test_teams_has_its_own_title_bar_and_rail(office):
    _, page, ui = office
    page.goto(ui("/chat"))
    header = page.get_by_role("banner")
    assert header.evaluate("h => getComputedStyle(h).backgroundColor") == "rgb(235, 235, 235)"  # light grey
    search = header.get_by_role("search", name="Search")
    box, bar = search.bounding_box(), header.bounding_box()
    assert abs((box["x"] + box["width"] / 2) - (bar["x"] + bar["width"] / 2)) < bar["width"] * 0.15  # centred
    rail = _rail(page)
    names = [n.strip() for n in rail.locator(".o-rail-label").all_inner_texts()]
    assert names == list(TEAMS_RAIL)
    expect(rail.get_by_role("link", name="Mail")).to_have_count(0)  # not Outlook's rail
    chat = rail.get_by_role("link", name="Chat", exact=True)
    expect(chat).to_have_attribute("aria-current", "page")
    assert chat.evaluate("a => getComputedStyle(a).color") == "rgb(91, 95, 199)"  # Teams' purple
    for off in ("Activity", "Calls", "Apps"):  # no page here: disabled, with a tooltip, never a dead link
        button = rail.get_by_role("button", name=off)
        expect(button).to_have_attribute("aria-disabled", "true")
        expect(button).to_have_attribute("title", re.compile("isn't available|aren't available"))
    for link in rail.get_by_role("link").all():
        assert page.request.get(link.evaluate("a => a.href")).status == 200
    assert not _violations(page)

    # the title bar's Search narrows the chats and channels to those whose name has the text
    channel = page.get_by_role("navigation", name="Teams and chats").locator(".o-channels a").first
    name = channel.inner_text().lstrip("# ").strip()
    search.get_by_role("searchbox", name="Search").fill(name)
    search.get_by_role("searchbox", name="Search").press("Enter")
    channels = page.get_by_role("navigation", name="Teams and chats").locator(".o-channels a")
    expect(channels).to_contain_text([name])

    # a channel makes Teams the current entry; Calendar and OneDrive lead to their pages
    channels.first.click()
    _current(page, "Teams")
    _rail(page).get_by_role("link", name="Calendar", exact=True).click()
    expect(page).to_have_url(re.compile(r"/calendar$"))
    expect(page.get_by_role("banner").get_by_role("link", name="Outlook")).to_be_visible()


def test_word_has_no_rail_and_its_file_in_the_header(office):
    _, page, ui = office
    _open_doc(page)
    expect(_rail(page)).to_have_count(0)
    header = page.get_by_role("banner")
    expect(header.get_by_role("heading", level=1, name=DOC)).to_be_visible()
    status = header.get_by_role("status")
    expect(status).to_have_text("Saved")
    assert status.evaluate("s => getComputedStyle(s, '::before').content") == '"•"'
    expect(header.get_by_role("searchbox", name="Search (Alt+Q)")).to_be_visible()
    assert header.evaluate("h => getComputedStyle(h).backgroundColor") == "rgb(24, 90, 189)"  # Word's blue
    for name in ("Comments", "Share"):
        expect(page.get_by_role("link", name=name, exact=True)).to_be_visible()
    expect(page.locator(".o-doc-actions").get_by_text("Editing", exact=True)).to_be_visible()  # the mode
    body = page.get_by_role("textbox", name="Document body")
    assert page.locator("main").bounding_box()["x"] == 0  # the page takes the rail's room
    page.keyboard.press("Alt+q")
    expect(header.get_by_role("searchbox", name="Search (Alt+Q)")).to_be_focused()
    word = body.inner_text().split()[0]
    header.get_by_role("searchbox", name="Search (Alt+Q)").fill(word)
    page.keyboard.press("Enter")
    assert page.evaluate("() => String(window.getSelection())").lower() == word.lower()
    assert not _violations(page)


def test_excel_has_no_rail_and_its_file_in_the_header(office):
    _, page, ui = office
    page.set_default_timeout(30_000)
    page.goto(ui("/files?new=workbook"))
    page.get_by_label("Name", exact=True).fill("Shell book")
    with page.expect_navigation():
        page.get_by_role("button", name="Create", exact=True).click()
    expect(_rail(page)).to_have_count(0)
    header = page.get_by_role("banner")
    expect(header.get_by_role("heading", level=1)).to_contain_text("Shell book")
    expect(header.locator(".o-doc-status")).to_have_text("Saved")
    assert header.evaluate("h => getComputedStyle(h).backgroundColor") == "rgb(16, 124, 65)"  # Excel's green
    expect(header.get_by_role("searchbox", name="Search (Alt+Q)")).to_be_visible()
    expect(page.get_by_role("link", name="Share", exact=True)).to_be_visible()
    assert not _violations(page)


def test_the_waffle_and_the_rails_move_between_apps(office):
    _, page, ui = office
    _open_doc(page)
    page.get_by_role("button", name="App Launcher").click()
    menu = page.get_by_role("navigation", name="App Launcher")
    for name in ("Outlook", "Teams", "OneDrive", "Word", "Excel", "PowerPoint", "Office"):
        expect(menu.get_by_role("link", name=name, exact=True)).to_be_visible()
    expect(menu.get_by_role("link", name="Word", exact=True)).to_have_attribute("aria-current", "true")
    menu.get_by_role("link", name="Teams", exact=True).click()
    expect(page).to_have_url(re.compile(r"/chat$"))
    _rail(page).get_by_role("link", name="OneDrive", exact=True).click()
    expect(page).to_have_url(re.compile(r"/files$"))
    expect(_rail(page)).to_have_count(0)  # OneDrive: its own nav pane, no app rail
    current = page.get_by_role("navigation", name="OneDrive").locator("[aria-current=page]")
    expect(current).to_have_text("My files")
    _launch(page, "PowerPoint")
    expect(page).to_have_url(re.compile(r"/decks$"))
    expect(_rail(page)).to_have_count(0)
    _launch(page, "Outlook")
    expect(page).to_have_url(re.compile(r"/mail$"))
