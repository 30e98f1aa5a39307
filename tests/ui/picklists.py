"""Choosing in a picklist (the select-only combobox of apps/core/static/picklist.js) as a person does: with
the pointer (open the box, click the option where it is drawn) or with the keyboard (focus, open, arrows,
Enter)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect


def picklist(page: Any, label: str, scope: Any = None) -> Any:
    """The picklist (a button with role combobox) labelled `label` (within `scope`, default the page)."""
    return (scope or page).get_by_role("combobox", name=label, exact=True)


def options(page: Any, label: str, scope: Any = None) -> Any:
    """The listbox of the picklist labelled `label`."""
    box = picklist(page, label, scope)
    return page.locator(f"#{box.get_attribute('aria-controls')}")


def choose(page: Any, label: str, option: str, scope: Any = None) -> None:
    """Open the picklist with a click, then click the option named `option` at its drawn box."""
    box = picklist(page, label, scope)
    box.click()
    expect(box).to_have_attribute("aria-expanded", "true")
    target = options(page, label, scope).get_by_role("option", name=option, exact=True)
    target.scroll_into_view_if_needed()
    rect = target.bounding_box()
    page.mouse.click(rect["x"] + rect["width"] / 2, rect["y"] + rect["height"] / 2)
    expect(box).to_have_text(option)


def choose_by_keyboard(page: Any, label: str, option: str) -> None:
    """Focus the picklist, open it with Alt+ArrowDown, move with ArrowDown / ArrowUp to `option`, Enter."""
    box = picklist(page, label)
    box.focus()
    page.keyboard.press("Alt+ArrowDown")
    names = options(page, label).get_by_role("option").all_inner_texts()
    names = [n.strip() for n in names]
    here = names.index(box.inner_text().strip()) if box.inner_text().strip() in names else 0
    step = "ArrowDown" if names.index(option) >= here else "ArrowUp"
    for _ in range(abs(names.index(option) - here)):
        page.keyboard.press(step)
    page.keyboard.press("Enter")
    expect(box).to_have_text(option)


def value(page: Any, label: str) -> str:
    """The value the picklist labelled `label` posts (its hidden input)."""
    box = picklist(page, label)
    return box.locator("xpath=ancestor::*[@data-picklist][1]//input[@type='hidden']").input_value()
