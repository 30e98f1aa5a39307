"""The office pages' form controls in Fluent 2's look (office-controls.css), measured in real Chromium on
the screens people use: fields 32px tall with a 1px stroke and the darker accessible stroke below, a brand
underline (not the browser's rectangle) when focused, native selects drawn without the browser's arrow,
textareas without a resize grip, dialogs' primary action first and no grey footer band."""

from __future__ import annotations

import re

from playwright.sync_api import expect

ACCENT = "rgb(97, 97, 97)"  # colorNeutralStrokeAccessible
BRAND = "rgb(15, 108, 189)"  # colorCompoundBrandStroke
CLEAR = "rgba(0, 0, 0, 0)"
DOC = "Q4 kickoff notes.docx"

STYLE = """(el, props) => {
  const s = getComputedStyle(el);
  return Object.fromEntries(props.map(p => [p, s[p]]));
}"""


def style(locator, *props):
    """The computed values of CSS `props` (camelCase) of the element `locator` finds."""
    return locator.evaluate(STYLE, list(props))


def assert_field(locator):
    """A Fluent field at rest (not focused): 32px tall, a 1px stroke, the accessible stroke below."""
    locator.evaluate("el => el.blur()")
    s = style(locator, "height", "borderTopWidth", "borderBottomWidth", "borderBottomColor", "outlineStyle")
    assert s["height"] == "32px", s
    assert s["borderTopWidth"] == s["borderBottomWidth"] == "1px", s
    assert s["borderBottomColor"] == ACCENT, s


def assert_select(locator):
    """A native <select> in Fluent's look: the field, no browser arrow, the chevron drawn at the right."""
    assert_field(locator)
    s = style(locator, "appearance", "backgroundImage", "paddingRight")
    assert s["appearance"] == "none" and s["backgroundImage"].startswith('url("data:image/svg+xml'), s
    assert s["paddingRight"] == "32px", s


def assert_focus_stroke(page, locator):
    """Focused from the keyboard: no outline rectangle, the brand underline instead."""
    locator.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    expect(locator).to_be_focused()
    s = style(locator, "outlineStyle", "borderBottomColor", "boxShadow")
    assert s["outlineStyle"] == "none", s
    assert s["borderBottomColor"] == BRAND and BRAND in s["boxShadow"], s


def assert_no_grip(locator):
    assert style(locator, "resize")["resize"] == "none"


def assert_dialog_actions(dialog, primary):
    """The primary (brand) button first, then Cancel, on the dialog's surface: no grey band, no rule."""
    footer = dialog.locator(".form-footer")
    buttons = footer.get_by_role("button")
    expect(buttons.first).to_have_text(primary)
    expect(buttons.first).to_have_class("brand")
    expect(buttons.nth(1)).to_have_text("Cancel")
    s = style(footer, "backgroundColor", "borderTopWidth")
    assert s["backgroundColor"] == CLEAR and s["borderTopWidth"] == "0px", s


def _item(episode, name):
    return episode.db.execute_raw("SELECT id FROM office_drive_item WHERE name = ?", (name,))[0][0]


def test_onedrive_dialogs_have_fluent_fields_and_the_primary_action_first(office):
    episode, page, ui = office
    page.goto(ui("/files?new=folder"))
    dialog = page.get_by_role("dialog", name="Create a folder")
    name = dialog.get_by_label("Name")
    expect(name).to_have_attribute("placeholder", "Enter your folder name")
    assert_field(name)
    assert_focus_stroke(page, name)
    assert_dialog_actions(dialog, "Create")

    item = _item(episode, DOC)
    page.goto(ui(f"/files?share={item}"))
    dialog = page.get_by_role("dialog", name=f"Share “{DOC}”")
    # OneDrive's one box: the people picker and the permission's icon (pencil: Can edit) inside its stroke
    to = dialog.get_by_role("combobox", name="Add a name or email")
    box = dialog.locator(".o-share-box")
    to.evaluate("el => el.blur()")
    s = style(box, "borderTopWidth", "borderBottomColor")
    assert s["borderTopWidth"] == "1px" and s["borderBottomColor"] == ACCENT, s
    to.focus()
    s = style(box, "borderBottomWidth", "borderBottomColor")
    assert s["borderBottomWidth"] == "2px" and s["borderBottomColor"] == BRAND, s
    assert to.bounding_box()["width"] > 250  # the whole row but the permission, not a tiny box
    role = dialog.get_by_label("Permission")
    assert role.bounding_box()["width"] < 60  # an icon with its chevron, not a second field
    expect(dialog.locator(".o-perm-edit")).to_be_visible()
    role.focus()
    page.keyboard.press("ArrowDown")  # still the native select: keys change the choice
    expect(role).to_have_value("read")
    expect(dialog.locator(".o-perm-view")).to_be_visible()  # Can view: the eye
    expect(dialog.locator(".o-perm-edit")).to_be_hidden()
    assert_no_grip(dialog.get_by_label("Add a message"))
    # Send alone (no Cancel: the dialog's × closes it)
    expect(dialog.locator(".form-footer").get_by_role("button")).to_have_text(["Send"])
    expect(dialog.get_by_role("button", name="Close")).to_be_visible()

    for kind, primary in (("rename", "Rename"), ("delete", "Delete")):
        page.goto(ui(f"/files?{kind}={item}"))
        assert_dialog_actions(page.get_by_role("dialog"), primary)


def test_mail_compose_body_has_no_grip_and_no_focus_rectangle(office):
    episode, page, ui = office
    page.goto(ui("/mail/compose"))
    body = page.get_by_role("textbox", name="Message")
    assert not body.get_attribute("placeholder")  # Outlook's message body has no placeholder
    expect(page.get_by_role("toolbar", name="Formatting")).to_have_count(0)  # formatting is the ribbon's
    assert_no_grip(body)
    body.focus()
    assert style(body, "outlineStyle")["outlineStyle"] == "none"


def test_event_form_and_scheduling_assistant_controls(office):
    episode, page, ui = office
    page.goto(ui("/calendar/new"))
    assert_no_grip(page.get_by_label("Agenda"))
    assert_field(page.get_by_label("Location"))
    show_as = page.get_by_role("combobox", name="Show as")
    assert style(show_as, "height")["height"] == "32px"

    page.goto(ui("/calendar/scheduling?attendees=&start=2026-11-10T09:00&end=2026-11-10T09:30"))
    date = page.get_by_role("combobox", name="Start date")  # the header's boxes are the meeting form's
    assert_field(date)
    assert_focus_stroke(page, date)
    expect(date).to_have_value("Tue 11/10/2026")
    expect(page.get_by_role("combobox", name="End time")).to_have_value("9:30 AM")  # the 12-hour clock
    commands = page.get_by_role("toolbar", name="Scheduling Assistant commands")
    expect(commands.get_by_role("button", name="Send")).to_have_class(re.compile("brand"))
    for name in ("Discard", "Back to the meeting"):
        expect(commands.get_by_role("link", name=name)).to_be_visible()
    expect(commands.get_by_role("button", name="Options")).to_have_attribute("aria-haspopup", "menu")


def test_teams_new_chat_to_is_in_the_header_line_and_the_message_box_at_the_bottom(office):
    episode, page, ui = office
    page.goto(ui("/chat?new=1"))
    expect(page.get_by_role("combobox", name="To")).to_be_focused()  # the caret at To, as in Teams
    pane = page.get_by_role("region", name="Conversation").bounding_box()
    to = page.get_by_role("combobox", name="To").bounding_box()
    box = page.get_by_label("Type a message").bounding_box()
    assert to["width"] > 300 and to["y"] < pane["y"] + 60  # "To:" in the header line, the row's width
    assert box["y"] > pane["y"] + pane["height"] - 80  # the message box at the bottom, as in a chat
    draft = page.get_by_role("list", name="Chats").get_by_role("listitem").first
    expect(draft).to_contain_text("New chat")  # the draft row heads the list, current
    expect(draft).to_have_attribute("aria-current", "page")


def test_excel_name_box_and_number_format(office):
    episode, page, ui = office
    page.goto(ui(f"/sheets/{_item(episode, 'Commission calculator.xlsx')}"))
    assert_field(page.get_by_label("Name Box"))
    assert_select(page.locator("#number-format"))


def test_word_comment_box(office):
    episode, page, ui = office
    page.goto(ui(f"/docs/{_item(episode, DOC)}"))
    assert_field(page.get_by_label("Comment", exact=True))


def test_powerpoint_notes_and_chart_dialog(office):
    episode, page, ui = office
    item = episode.call("office_create_presentation", name="Review")["item"]["id"]
    episode.call("office_add_slide", item_id=item, title="Highlights", text="Revenue up")
    page.goto(ui(f"/decks/{item}?slide=1"))
    assert_no_grip(page.get_by_role("textbox", name="Notes"))
    page.goto(ui(f"/decks/{item}?slide=1&dialog=chart_workbook"))
    dialog = page.get_by_role("dialog", name="Insert Chart from Excel Workbook")
    assert_select(dialog.get_by_label("Chart type"))
    assert_dialog_actions(dialog, "Insert")
