"""Browser fixtures: one headless Chromium per test module, a fresh page (and episode) per test.

Module scope, not session: sync Playwright keeps an event loop on the main thread while it is open, and
later modules run their own event loops (anyio.run) there.
"""

from __future__ import annotations

import contextlib
import os
import shutil

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"]


@pytest.fixture(scope="module")
def browser():
    from playwright import sync_api

    assert os.path.exists(CHROMIUM), "Chromium is not installed (apt-get install -y chromium)"
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def _launched(live_server, browser, app: str, home: str = ""):  # noqa: ANN001, ANN202
    """(episode, page, ui) for a fresh tiny episode entered through `app`'s one-time launch URL (it sets the
    session cookie and lands on the app's home page, `home` below the app's root); `ui(path)` is a page of
    the app. The episode is closed after."""
    episode, urls = live_server.new_episode("tiny")
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(urls.ui(app))
    base = page.url.split("?", 1)[0].rstrip("/").removesuffix(home)
    yield episode, page, lambda path="/": base + path
    context.close()
    manager = getattr(live_server.gateway, "manager", None)
    if manager is not None:
        manager.close(episode.id)


@pytest.fixture
def crm(live_server, browser):
    """(episode, page, ui) for a fresh episode of the tiny world; `ui(path)` is a CRM page URL."""
    yield from _launched(live_server, browser, "crm")


@pytest.fixture
def office(live_server, browser):
    """(episode, page, ui) for a fresh tiny episode, entered through the office launch URL (mail)."""
    yield from _launched(live_server, browser, "office", "/mail")


@pytest.fixture
def desk(live_server, browser):
    """(episode, page, ui) for a fresh tiny episode, logged in through the ticketing launch URL."""
    yield from _launched(live_server, browser, "ticketing", "/incidents")


@pytest.fixture(scope="module")
def all_apps(live_server, browser):
    """(gateway base, page) for one acme episode with all three apps, its session launched."""
    episode, urls = live_server.new_episode("acme", task="xoffice-portal-outage-ortiz")  # all three apps
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(urls.ui())
    yield urls.base, page
    context.close()
    live_server.gateway.manager.close(episode.id)


@pytest.fixture(autouse=True)
def _settle_after_actions(monkeypatch):
    """A person lets the page an action opened finish loading before acting on it: after a click, a
    double-click, a key press or a check through a locator, wait for the page's load event (its stylesheets
    applied, its deferred scripts run), as the task's browser oracle does. Without this, a loaded machine
    lets a test act on a page whose script has not run yet, or read text before its stylesheet applies."""
    from playwright.sync_api import Error, Locator

    def settled(original):  # noqa: ANN001, ANN202
        def act(self, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
            result = original(self, *args, **kwargs)
            # the page or its context closed, or it did not finish loading: the test's next step says
            with contextlib.suppress(Error):
                self.page.wait_for_load_state("load")
            return result

        return act

    for name in ("click", "dblclick", "press", "check"):
        monkeypatch.setattr(Locator, name, settled(getattr(Locator, name)))
