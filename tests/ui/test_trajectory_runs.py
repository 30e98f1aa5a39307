"""Six kinds of runs, one per app area (the CRM, the service desk, Outlook mail, the calendar, Word, Excel),
done in the browser as a person does them — pointer clicks at places, typing, keys, a look-only click and a
misclick — then exported as a GUI trajectory and replayed on a fresh episode of the same task: each run
reaches the same state hash (and the verifier's pass). In every run the steps are exactly the inputs made (no
click the browser made for Enter, no scroll from typing, no submit step) and every tool call sits on the one
step that caused it (the click on Save, the Enter, the choice, the typing an autosave sent), `complete_task`
on the click on "Finish task"; no other step carries one."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from apps.core.trajectory import steps as trajectory_steps
from mcp_gateway.trajectory.replay import replay

# writes a page makes when it is opened (Outlook marks an opened message read): caused by no input step
PAGE_LOAD_WRITES = {"office_update_message"}


def _centre(locator: Any) -> tuple[float, float]:
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _click(page: Any, locator: Any) -> None:
    """A pointer click at the control's drawn centre, as a computer-use agent clicks."""
    locator.scroll_into_view_if_needed()
    page.mouse.click(*_centre(locator))


def _type_into(page: Any, locator: Any, text: str) -> None:
    _click(page, locator)
    page.keyboard.type(text)


def _finish(page: Any, answer: str = "") -> None:
    with page.expect_navigation():
        _click(page, page.get_by_role("region", name="Simulation").get_by_role("link", name="Your task"))
    if answer:
        _type_into(page, page.get_by_label("Answer"), answer)
    with page.expect_navigation():
        _click(page, page.get_by_role("button", name="Finish task"))
    expect(page.get_by_text("Task completed.")).to_be_visible()


def _crm_new_contact(page: Any, episode: Any) -> None:
    """crm-create-contact-parker: the New Contact form, the account chosen from the lookup's suggestions
    (clicked after the typing that made them appear), a look-only click on the heading, Enter to save."""
    with page.expect_navigation():
        _click(page, page.get_by_role("navigation", name="Sales tabs").get_by_role("link", name="Contacts"))
    with page.expect_navigation():
        _click(page, page.get_by_role("link", name="New Contact"))
    _type_into(page, page.get_by_label("First Name"), "Dana")
    _type_into(page, page.get_by_label("Last Name"), "Whitfield")
    _click(page, page.get_by_role("heading", level=1))  # looking, not acting
    _type_into(page, page.get_by_role("combobox", name="Account Name"), "Parker")
    option = page.get_by_role("listbox", name="Account Name suggestions").get_by_role(
        "option", name="Parker PLC"
    )
    _click(page, option.first)
    _type_into(page, page.get_by_label("Title"), "Procurement Lead")
    _type_into(page, page.get_by_label("Email"), "dana.whitfield@parkerplc.com")
    _type_into(page, page.get_by_label("Phone", exact=True), "(662) 555-0148")
    with page.expect_navigation():
        page.keyboard.press("Enter")  # submits the form from the Phone field
    expect(page.get_by_role("heading", level=1)).to_have_text("Dana Whitfield")
    _finish(page)


def _desk_new_incident(page: Any, episode: Any) -> None:
    """ticketing-create-printer-jam-walker: reference fields from their suggestions, choices by keyboard,
    a misclick on a label, Submit, the number as the answer."""
    with page.expect_navigation():
        _click(page, page.get_by_role("button", name="New", exact=True))
    _type_into(page, page.get_by_label("Caller"), "Heather Wal")
    _click(page, page.get_by_role("listbox", name="Suggestions").get_by_role("option").first)
    category = page.get_by_label("Category", exact=True)
    category.focus()
    page.keyboard.type("Hardware")  # a native select's type-ahead
    _click(
        page, page.locator("label[for=f-contact_type]")
    )  # lands on the Channel label: focuses it, changes nothing
    page.keyboard.type("Phone")
    _type_into(page, page.get_by_label("Configuration item"), "PRN-007")
    _click(page, page.get_by_role("listbox", name="Suggestions").get_by_role("option").first)
    _type_into(page, page.get_by_role("textbox", name="Short description", exact=True), "Printer jams")
    with page.expect_navigation():
        _click(page, page.get_by_role("button", name="Submit").first)
    expect(page.get_by_role("status")).to_contain_text("has been created")
    number = page.get_by_role("heading", level=1).inner_text().strip()
    _finish(page, number)


def _mail_reply(page: Any, episode: Any) -> None:
    """office-reply-vance-quote: the header's search, the message from its sender, Reply at the top of the
    reading pane, the reply typed, the message history unfolded and a look-only click on it, Send."""
    box = page.get_by_role("searchbox", name="Search mail")
    _type_into(page, box, "Gerald")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    row = page.get_by_role("grid", name="Messages").locator("tr").filter(has_text="Pricing question").first
    with page.expect_navigation():
        _click(page, row.get_by_role("link"))
    with page.expect_navigation():
        _click(
            page,
            page.get_by_role("article", name="Reading pane").get_by_role("link", name="Reply", exact=True),
        )
    _type_into(
        page,
        page.get_by_label("Message", exact=True),
        "Thanks Gerald, I will send the updated quote with both the Standard and Premium support options "
        "by Thursday.",
    )
    _click(page, page.get_by_role("button", name="Show message history"))  # the history, folded behind "…"
    _click(page, page.get_by_role("region", name="Quoted original"))  # reading it, not acting
    with page.expect_navigation():
        _click(page, page.get_by_role("button", name="Send"))
    _finish(page)


def _calendar_invite(page: Any, episode: Any) -> None:
    """office-schedule-myers-review: New meeting, the attendees chosen from the people picker's suggestions
    (each clicked after the typing that asked for it), the slot, Teams meeting ticked by its label."""
    with page.expect_navigation():
        _click(page, page.get_by_role("link", name="New event"))
    _type_into(page, page.get_by_label("Title", exact=True), "Myers LLC proposal review")
    attendees = page.get_by_role("combobox", name="Required attendees")
    for typed, who in (("Jasm", "jasmine.cole@acme.example"), ("Heathe", "heather.walker@acme.example")):
        _type_into(page, attendees, typed)
        _click(page, page.get_by_role("option", name=who).first)
    for part, day, clock in (("Start", "2026-11-04", "3:00 PM"), ("End", "2026-11-04", "3:30 PM")):
        page.get_by_label(f"{part} date", exact=True).fill(day)
        _type_into(page, page.get_by_role("combobox", name=f"{part} time", exact=True), clock)
        _click(page, page.get_by_role("option", name=clock, exact=True))
    _click(page, page.get_by_text("Teams meeting", exact=True))
    with page.expect_navigation():
        _click(page, page.get_by_role("button", name="Send invitation"))
    _finish(page)


def _word_bullet(page: Any, episode: Any) -> None:
    """office-kickoff-notes-bullet: Files on the app rail, the document, a click at the end of the last
    bullet, End, Enter, the new bullet typed; Word saves by itself."""
    with page.expect_navigation():
        _click(page, page.get_by_role("navigation", name="Office tabs").get_by_role("link", name="OneDrive"))
    with page.expect_navigation():
        _click(page, page.get_by_role("link", name="Q4 kickoff notes.docx"))
    _click(page, page.get_by_text("Keep the CRM current every Friday"))
    page.keyboard.press("End")
    page.keyboard.press("Enter")
    page.keyboard.type("Renew the Murphy, Thomas and Jones contract before year end")
    expect(page.get_by_role("status").filter(has_text="Save")).to_have_text("Saved.", timeout=15_000)
    _finish(page)


def _excel_cell(page: Any, episode: Any) -> None:
    """office-forecast-carter-amount: the workbook found by the header's search in Files, its Forecast
    sheet, a click on the deal's amount cell, the new amount typed over it, Enter."""
    with page.expect_navigation():
        _click(page, page.get_by_role("navigation", name="Office tabs").get_by_role("link", name="OneDrive"))
    _type_into(page, page.get_by_role("searchbox", name="Search files"), "Q4 Pipeline")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    with page.expect_navigation():
        _click(page, page.get_by_role("link", name="Q4 Pipeline Forecast.xlsx"))
    tabs = page.get_by_role("navigation", name="Sheet tabs")
    if tabs.get_by_role("link", name="Forecast", exact=True).get_attribute("aria-current") != "page":
        with page.expect_navigation():
            _click(page, tabs.get_by_role("link", name="Forecast", exact=True))
    _click(page, page.get_by_role("gridcell", name=re.compile(r"^D7\b")))
    page.keyboard.type("42500")
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('[aria-busy=true]')")
    expect(page.get_by_role("gridcell", name=re.compile(r"^D7\b"))).to_contain_text("42500")
    _finish(page)


RUNS: dict[str, tuple[str, str, str, Callable[[Any, Any], None], list[tuple[str, str, str]] | None]] = {
    # run: (task, app, start path, by hand, the steps that cause calls: (type, target name, tool))
    "crm": (
        "crm-create-contact-parker",
        "crm",
        "/",
        _crm_new_contact,
        [("key", "Phone", "crm_create_contact"), ("click", "Finish task", "complete_task")],
    ),
    "desk": (
        "ticketing-create-printer-jam-walker",
        "ticketing",
        "/incidents?active=true",
        _desk_new_incident,
        [("click", "Submit", "ticketing_create_incident"), ("click", "Finish task", "complete_task")],
    ),
    "mail": (
        "office-reply-vance-quote",
        "office",
        "/mail",
        _mail_reply,
        [("click", "Send", "office_reply_to_message"), ("click", "Finish task", "complete_task")],
    ),
    "calendar": (
        "office-schedule-myers-review",
        "office",
        "/calendar",
        _calendar_invite,
        [("click", "Send invitation", "office_create_event"), ("click", "Finish task", "complete_task")],
    ),
    "word": (
        "office-kickoff-notes-bullet",
        "office",
        "/mail",
        _word_bullet,
        None,  # AutoSave: each save on the typing or key that led to it (checked below)
    ),
    "excel": (
        "office-forecast-carter-amount",
        "office",
        "/mail",
        _excel_cell,
        [("key", "Edit D7", "office_update_cell"), ("click", "Finish task", "complete_task")],
    ),
}


def _open(live_server: Any, browser: Any, task: str, app: str, path: str) -> tuple[Any, Any, Any, str]:
    episode, urls = live_server.new_episode("acme", task=task)
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(urls.ui(app))
    page.goto(f"{urls.base}/s/{app}{path}")
    return episode, context, page, urls.base


@pytest.mark.parametrize("run", sorted(RUNS))
def test_a_run_replays_to_the_same_state_and_each_call_sits_on_its_cause(run, live_server, browser):
    task, app, path, by_hand, causes = RUNS[run]
    manager = live_server.gateway.manager
    original, context, page, _ = _open(live_server, browser, task, app, path)
    try:
        by_hand(page, original)
    finally:
        context.close()
    steps = trajectory_steps(original.events_jsonl(), original.id)
    kinds = [s["action"]["type"] for s in steps]
    assert "submit" not in kinds
    carrying = [
        (s["action"]["type"], s["target"]["name"], s["tool_call"]["tool"]) for s in steps if s["tool_calls"]
    ]
    if causes is None:  # AutoSave: saves on the document's typing or keys, then Finish task
        *saves, finish = carrying
        assert saves and finish == ("click", "Finish task", "complete_task"), carrying
        assert all(kind in ("type", "key") and name == "Document body" for kind, name, _ in saves), saves
        assert all(tool.startswith("office_") and tool.endswith("_document_block") for *_, tool in saves)
    else:
        assert carrying == causes
    # every write the person made (and complete_task) sits on exactly one step
    logged = [
        e
        for e in original.events()
        if e.kind == "action" and e.surface == "ui" and e.outcome == "ok" and not _read_only(original, e)
    ]
    on_steps = [c["seq"] for s in steps for c in s["tool_calls"]]
    writes = [e.seq for e in logged if f"{e.app}_{e.name}" not in PAGE_LOAD_WRITES]
    assert sorted(on_steps) == sorted(writes) and len(set(on_steps)) == len(on_steps)
    assert manager.verify(original.id)["outcome"] == "pass"

    fresh, context, page, base = _open(live_server, browser, task, app, path)
    try:
        assert fresh.state_hash() != original.state_hash()
        assert replay(page, base, steps) == len(steps)
    finally:
        context.close()
    assert fresh.state_hash() == original.state_hash()
    assert manager.verify(fresh.id)["outcome"] == "pass"
    for ep in (original, fresh):
        manager.close(ep.id)


def _read_only(episode: Any, event: Any) -> bool:
    if event.app is None:  # complete_task
        return False
    return episode.action(event.app, event.name)[1].read_only


def test_the_browser_makes_no_phantom_steps(crm):
    """Enter in a search box is one key step (not also a click on Search), typing into a long field scrolls
    it without a scroll step, a checkbox toggled by a click on its label is one check step."""
    episode, page, ui = crm
    page.goto(ui("/accounts"))
    search = page.get_by_role("search", name="Search All Accounts").get_by_label("Search this list")
    search.click()
    page.keyboard.type("a very long search text that overflows the box and scrolls it sideways " * 2)
    page.keyboard.press("Control+A")
    page.keyboard.type("Knox")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    page.goto(ui("/opportunities"))
    page.get_by_role("button", name="Show filters").click()
    page.get_by_text("My opportunities only").click()
    page.goto(ui("/"))  # the beacon carries the steps when the page is left
    expect(page.get_by_role("heading", level=1).first).to_be_visible()
    page.wait_for_timeout(300)
    steps = trajectory_steps(episode.events_jsonl(), episode.id)
    summary = [(s["action"]["type"], s["target"]["name"], s["action"].get("key")) for s in steps]
    assert summary == [
        ("click", "Search this list", None),
        ("type", "Search this list", None),
        ("key", "Search this list", "Enter"),
        ("click", "Show filters", None),
        ("check", "My opportunities only", None),
    ], summary
    typed = steps[1]["action"]
    assert (typed["value_before"], typed["value_after"]) == ("", "Knox")
    assert steps[2]["action"]["submits"] is True
    assert (
        re.match(r"^/s/crm/accounts\?", steps[2]["page"]["url"])
        or steps[2]["page"]["url"] == "/s/crm/accounts"
    )
