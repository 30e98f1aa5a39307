"""Running a task's UI oracle in real Chromium (Playwright): the same steps a computer-use agent takes."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mcp_gateway.tasks.model import UiStep
from mcp_gateway.tasks.oracle import StepFailed

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


def _field(page: Any, label: str) -> Any:
    """The form control labelled `label`; a required-field asterisk ("*Stage", "Stage *") may be omitted."""
    controls = page.locator("input, select, textarea")
    for name in (label, f"*{label}", f"* {label}", f"{label} *", f"{label}*"):
        found = page.get_by_label(name, exact=True).and_(controls)
        if found.count():
            return found.first
    return page.get_by_label(label).and_(controls).first


def _play(page: Any, base: str, app: str, step: UiStep) -> None:
    if step.goto is not None:
        target = step.goto if step.goto.startswith("/s/") else f"/s/{app}/{step.goto.lstrip('/')}"
        page.goto(base + target)
    if step.fill is not None:
        _field(page, step.fill[0]).fill(step.fill[1])
    if step.select is not None:
        _field(page, step.select[0]).select_option(step.select[1])
    if step.check is not None:
        _field(page, step.check).check()
    if step.click is not None:
        role, name = step.click
        scope = page.get_by_role("form", name=step.in_form, exact=True) if step.in_form else page
        target = scope.get_by_role(role, name=name, exact=True).first
        if role == "tab" or target.get_attribute("aria-expanded") is not None:
            target.click()  # a tab or a disclosure (the App Launcher, a menu): in place, no navigation
        else:
            with page.expect_navigation(wait_until="load"):
                target.click()
    if step.expect_text is not None and step.expect_text not in page.content():
        raise StepFailed(f"page does not show {step.expect_text!r}")
