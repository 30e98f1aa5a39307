"""Running a task's UI oracle in real Chromium (Playwright): the same steps a computer-use agent takes."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tasks.oracle import StepFailed
from tasks.truth_model import UiStep

CHROMIUM = os.environ.get("SAASGYM_CHROMIUM", "/usr/bin/chromium")  # Debian's; override where it differs
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-dev-shm-usage",
]


def browser_problem() -> str | None:
    """Why the browser surface cannot run here (in one line, with what to install), or None."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the browser surface needs Playwright: pip install playwright"
    if not Path(CHROMIUM).exists():
        return f"the browser surface needs Chromium at {CHROMIUM}: apt-get install chromium"
    return None


def launch_browser(playwright: Any) -> Any:
    """Debian's Chromium driven by Playwright (no browser download needed)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


def run_ui(
    launch_url: str, base: str, app: str, steps: Sequence[UiStep], *, timeout_ms: int = 15_000
) -> None:
    """Open the episode's launch URL, then play `steps` (paths relative to /s/<app>/)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch_browser(p)
        try:
            page = browser.new_page()
            page.set_default_timeout(timeout_ms)
            page.goto(launch_url)
            for i, step in enumerate(steps, start=1):
                try:
                    _play(page, base, app, step)
                except Exception as exc:
                    raise StepFailed(f"ui step {i} ({step.model_dump(exclude_none=True)}): {exc}") from exc
        finally:
            browser.close()


# A click leads to a new page for a link or a submit button; a disclosure (aria-expanded), a
# type="button" button or any other control (a grid cell) acts in place.
NAVIGATES = """el => !el.hasAttribute('aria-expanded') && (el.matches('a[href], input[type=submit]') ||
  (el.tagName === 'BUTTON' && (el.getAttribute('type') || 'submit') === 'submit'))"""
NOT_BUSY = "() => !document.querySelector('[aria-busy=true]')"
# Select the first occurrence of a text in the page's text nodes (the whole text must sit in one node).
SELECT_TEXT = """text => {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const at = n.textContent.indexOf(text);
    if (at >= 0 && n.parentElement.closest('main')) {
      (n.parentElement.closest('[contenteditable=true]') || n.parentElement).focus();
      window.getSelection().setBaseAndExtent(n, at, n, at + text.length);
      return true;
    }
  }
  return false;
}"""


# The id of the closed form section tab panel (UI16's tabbed forms) a control sits in, or null.
CLOSED_TAB = "el => { const p = el.closest('[role=tabpanel][hidden]'); return p ? p.id : null; }"


def _field(page: Any, label: str) -> Any:
    """The form control labelled `label`; a required-field asterisk ("*Stage", "Stage *") may be omitted.
    A control in a closed form section tab has its tab clicked first, as a person opens the section."""
    controls = page.locator("input, select, textarea, button[role=combobox]")
    found = page.get_by_label(label).and_(controls).first
    for name in (label, f"*{label}", f"* {label}", f"{label} *", f"{label}*"):
        exact = page.get_by_label(name, exact=True).and_(controls)
        if exact.count():
            found = exact.first
            break
    panel = found.evaluate(CLOSED_TAB) if found.count() else None
    if panel:
        page.locator(f'[role=tab][aria-controls="{panel}"]').first.click()
    return found


def _fill(page: Any, label: str, value: str) -> None:
    """Type `value` into the control labelled `label`; a lookup (a search combobox) then has its
    suggestion called `value` chosen from the listbox, as a person picks a record. When no single
    suggestion has that name the typed name stays, and the page resolves it on save (or says why not)."""
    control = _field(page, label)
    control.fill(value)
    if control.get_attribute("role") != "combobox" or not value:
        return
    listbox = page.get_by_role("listbox", name=f"{label} suggestions", exact=True)
    option = listbox.get_by_role("option", name=value, exact=True)
    try:
        option.first.wait_for(state="visible", timeout=5_000)
    except Exception:  # noqa: BLE001 - Playwright's timeout: no suggestion came, keep the typed name
        return
    if option.count() == 1:
        option.click()


def _choose(page: Any, picklist: Any, value: str) -> None:
    """Open a picklist (a select-only combobox) and click the option whose value or label is `value`."""
    listbox = page.locator(f"#{picklist.get_attribute('aria-controls')}")
    if picklist.get_attribute("aria-expanded") != "true":
        picklist.click()
    by_value = listbox.locator(f"[role=option][data-value={json.dumps(value)}]")
    option = by_value if by_value.count() else listbox.get_by_role("option", name=value, exact=True)
    option.first.click()


# OneDrive once drew file types as emoji in front of the names; oracle steps written then still name links
# "📁 Folder", "📄 Doc.docx", "📊 Book.xlsx" (now SVG icons, not in the name): the name without them is meant
LEGACY_ICONS = ("📁 ", "📄 ", "📊 ")


# Word once had a Save button; it saves by itself now (AutoSave). A step written then clicks "Save" to store
# the document: on a page that saves by itself it waits for the saving to finish instead.
AUTOSAVED = "[data-autosave]"


# The CRM's New Note once saved with "Save"; Lightning Notes' composer saves with Done now (its button carries
# data-saves-as="Save"): a step written then clicks the button that took Save's place.
RENAMED_SAVE = "[data-saves-as='Save']"


def _target(scope: Any, role: str, name: str) -> Any:
    """The first control of `role` called `name` (a legacy file-type emoji in front of it left out, a legacy
    Save the button that replaced it)."""
    found = scope.get_by_role(role, name=name, exact=True)
    if name.startswith(LEGACY_ICONS) and found.count() == 0:
        found = scope.get_by_role(role, name=name[2:], exact=True)
    if (role, name) == ("button", "Save") and found.count() == 0 and scope.locator(RENAMED_SAVE).count():
        found = scope.locator(RENAMED_SAVE)
    return found.first


def _saves_by_itself(page: Any, role: str, name: str) -> bool:
    """A legacy Save click on a page that has no Save button because it saves by itself."""
    if (role, name) != ("button", "Save") or not page.locator(AUTOSAVED).count():
        return False
    return page.get_by_role(role, name=name, exact=True).count() == 0


def _play(page: Any, base: str, app: str, step: UiStep) -> None:
    if step.goto is not None:
        target = step.goto if step.goto.startswith("/s/") else f"/s/{app}/{step.goto.lstrip('/')}"
        page.goto(base + target)
    if step.fill is not None:
        _fill(page, *step.fill)
    if step.select is not None:
        control = _field(page, step.select[0])
        tag = control.evaluate("el => el.tagName")
        if tag == "BUTTON":  # a picklist (select-only combobox): open it, click the option
            _choose(page, control, step.select[1])
        elif control.get_attribute("role") == "combobox":  # a lookup, e.g. an owner: chosen by name
            _fill(page, *step.select)
        else:
            control.select_option(step.select[1])
    if step.check is not None:
        _field(page, step.check).check()
    if step.click is not None:
        role, name = step.click
        scope = page.get_by_role("form", name=step.in_form, exact=True) if step.in_form else page
        target = _target(scope, role, name)
        if _saves_by_itself(page, role, name):
            page.wait_for_function(NOT_BUSY)
        elif role == "tab" or not target.evaluate(NAVIGATES):
            target.click()  # a tab, a disclosure, a toolbar button, a grid cell: in place, no navigation
        else:
            with page.expect_navigation(wait_until="load"):
                target.click()
    if step.click_text is not None:
        page.get_by_text(step.click_text).first.click()
    if step.select_text is not None and not page.evaluate(SELECT_TEXT, step.select_text):
        raise StepFailed(f"page does not show {step.select_text!r} to select")
    if step.press is not None:
        page.keyboard.press(step.press)
    if step.type is not None:
        page.keyboard.type(step.type)
    if step.click or step.click_text or step.press or step.type:
        page.wait_for_load_state("load")  # a key or a click that submitted: the new page's scripts have run
        page.wait_for_function(NOT_BUSY)  # a page saving by fetch marks itself aria-busy until done
    if step.expect_text is not None and step.expect_text not in page.content():
        raise StepFailed(f"page does not show {step.expect_text!r}")
