"""Render a screenshot of every page type of every app into docs/screenshots/ (JPEG, 1400×1000),
plus an index (docs/screenshots/README.md), so a reader can see the product without running it.

    python scripts/screenshots.py            # all page types (about a minute)
    python scripts/screenshots.py --app crm  # one app's

Pages come from mcp_gateway/ui_catalog.py (the list the accessibility test checks); a test keeps the two
in step. Needs Debian's chromium (/usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

from mcp_gateway.live import start_live_server
from mcp_gateway.ui_catalog import PAGES, TASK_WITH_ALL_APPS, WORLD, screenshot_name

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


def render(apps: list[str]) -> list[tuple[str, str, str]]:
    """Screenshot every catalogued page of `apps`; returns (app, path, file name) per page."""
    from playwright.sync_api import sync_playwright

    server = start_live_server()
    episode, urls = server.new_episode(WORLD, task=TASK_WITH_ALL_APPS)
    done: list[tuple[str, str, str]] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
            page.goto(urls.ui())
            for app in apps:
                for path in PAGES[app]:
                    page.goto(f"{urls.base}/s/{app}{path}")
                    name = screenshot_name(app, path)
                    page.screenshot(path=str(OUT / name), type="jpeg", quality=70)
                    done.append((app, path, name))
            browser.close()
    finally:
        server.gateway.manager.close(episode.id)
        server.stop()
    return done


def write_index() -> None:
    """docs/screenshots/README.md: one section per app, each catalogued page's address and picture."""
    intro = f"Every page type on `{WORLD}`, rendered by `python scripts/screenshots.py`."
    lines = ["# Screenshots", "", intro, ""]
    for app, paths in PAGES.items():
        lines += [f"## {app}", ""]
        for path in paths:
            lines += [f"### `/s/{app}{path}`", "", f"![{app} {path}]({screenshot_name(app, path)})", ""]
    (OUT / "README.md").write_text("\n".join(lines))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app", action="append", choices=sorted(PAGES), help="only these apps")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    apps = args.app or list(PAGES)
    done = render(apps)
    write_index()
    print(f"{len(done)} screenshots in {OUT}")


if __name__ == "__main__":
    main()
