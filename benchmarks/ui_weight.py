"""UI page weight: the bytes a browser transfers for one page, cold (a fresh browser profile: the page and
every stylesheet, script, icon and image it pulls) and warm (the same page again: what caching leaves).

Measured in real Chromium (Playwright) against a live gateway on loopback, as a computer-use agent's browser
loads the pages: each response's transferred size is its headers plus its body as sent (compressed when the
server compressed it), from the browser's own network accounting. The session cookie is set with a request
outside the page, so the cold load is the page alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from apps.core.api import Gym
from benchmarks.runner import REPORT, Config, Figure, at_most

KB = 1024
PAGES = {  # (app, path on acme, target in KB or None)
    "CRM record page": ("crm", "/accounts/0015g000000004wAAA", 400),
    "CRM list view": ("crm", "/accounts", None),
    "desk incident form": ("ticketing", "/incidents/INC0012410", None),
    "Outlook mail": ("office", "/mail", None),
}


@dataclass
class Load:
    """One page load: bytes transferred per resource kind and the number of requests."""

    total: int = 0
    requests: int = 0
    by_kind: dict[str, int] | None = None


def _load(page: Any, url: str) -> Load:
    responses: list[Any] = []

    def seen(response: Any) -> None:
        responses.append(response)

    page.on("response", seen)
    page.goto(url, wait_until="load")
    page.wait_for_load_state("networkidle")
    page.remove_listener("response", seen)
    out = Load(by_kind={})
    for response in responses:
        sizes = response.request.sizes()
        size = sizes["responseBodySize"] + sizes["responseHeadersSize"]
        kind = response.request.resource_type
        out.total += size
        out.requests += 1
        out.by_kind[kind] = out.by_kind.get(kind, 0) + size
    return out


def measure(base: str, launch: Any, browser: Any) -> dict[str, tuple[Load, Load]]:
    """(cold, warm) loads of every page in PAGES; `launch(app)`: a fresh episode's one-time launch URL."""
    out = {}
    for name, (app, path, _) in PAGES.items():
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        try:
            context.request.get(launch(app), max_redirects=0)  # the session cookie, no page
            page = context.new_page()
            url = f"{base}/s/{app}{path}"
            cold = _load(page, url)
            warm = _load(page, url)
        finally:
            context.close()
        out[name] = (cold, warm)
    return out


def run(gym: Gym, cfg: Config) -> list[Figure]:
    from playwright.sync_api import sync_playwright

    from mcp_gateway.live import start_live_server
    from tasks.ui_oracle import launch_browser

    server = start_live_server(gym)
    figures = []
    try:
        episodes = []

        def launch(app: str) -> str:
            episode, urls = server.new_episode("acme", apps=["crm", "ticketing", "office"])
            episodes.append(episode.id)
            return urls.ui(app)

        with sync_playwright() as p:
            browser = launch_browser(p)
            try:
                loads = measure(server.base, launch, browser)
            finally:
                browser.close()
        for episode_id in episodes:
            server.gateway.manager.close(episode_id)
    finally:
        server.stop()
    for name, (cold, warm) in loads.items():
        limit = PAGES[name][2]
        kinds = {k: round(v / KB, 1) for k, v in sorted(cold.by_kind.items())}
        figures.append(
            Figure(
                f"UI page weight, cold: {name}",
                "KB",
                round(cold.total / KB, 1),
                at_most(limit, f"≤ {limit} KB") if limit else REPORT,
                extra={"requests": cold.requests, "by_kind_kb": kinds},
            )
        )
        figures.append(
            Figure(
                f"UI page weight, warm (again): {name}",
                "KB",
                round(warm.total / KB, 1),
                REPORT,
                extra={"requests": warm.requests},
            )
        )
    return figures
