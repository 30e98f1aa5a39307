"""Browser fixtures: one headless Chromium per test session, a fresh page (and episode) per test."""

from __future__ import annotations

import os
import shutil

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"]


@pytest.fixture(scope="session")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not os.path.exists(CHROMIUM):
        pytest.skip("Chromium is not installed (apt-get install -y chromium)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def crm(live_server, browser):
    """(episode, page, ui) for a fresh episode of the tiny world; `ui(path)` is a CRM page URL.

    The one-time launch URL is opened first (it sets the session cookie and lands on the CRM home).
    """
    episode, urls = live_server.new_episode("tiny")
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(urls.ui("crm"))
    base = page.url.split("?", 1)[0].rstrip("/")
    yield episode, page, lambda path="/": base + path
    context.close()
    manager = getattr(live_server.gateway, "manager", None)
    if manager is not None:
        manager.close(episode.id)
