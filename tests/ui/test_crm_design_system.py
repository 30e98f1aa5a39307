"""The CRM pages are styled by Salesforce's own Lightning Design System package (installed by npm, served
from its folder), and fall back to the project's stylesheet when absent (`saasgym serve`'s notice:
test_design_system_notices.py)."""

from __future__ import annotations

import json
import os
import re
import subprocess
from urllib.parse import urljoin

import pytest

from apps.crm import design_system

needs_slds = pytest.mark.skipif(
    not design_system.installed(), reason="bash scripts/design_systems.sh installs it"
)
SLDS_CSS = "/_slds/styles/salesforce-lightning-design-system.min.css"


def _stylesheets(page) -> list[str]:  # noqa: ANN001
    return page.eval_on_selector_all(
        "link[rel=stylesheet]", "links => links.map(l => new URL(l.href).pathname)"
    )


def test_the_package_is_pinned_and_never_committed():
    pinned = design_system.pinned_version()
    assert re.fullmatch(r"2\.\d+\.\d+", pinned), pinned  # an exact release, not a range
    lock = json.loads((design_system.PACKAGE_JSON.parent / "package-lock.json").read_text())
    assert lock["packages"]["node_modules/@salesforce-ux/design-system"]["version"] == pinned
    assert tracked_names(design_system.PACKAGE_JSON.parent) == ["package-lock.json", "package.json"]


def tracked_names(folder) -> list[str]:  # noqa: ANN001
    """The names of the files git tracks in `folder` (the install beside them never is)."""
    tracked = subprocess.run(["git", "ls-files", str(folder)], capture_output=True, text=True, check=True)
    return sorted(os.path.basename(p) for p in tracked.stdout.split())


@needs_slds
def test_pages_link_the_installed_package_and_its_files_are_served(crm):
    episode, page, ui = crm
    page.goto(ui("/accounts"))
    sheets = _stylesheets(page)
    linked = next(s for s in sheets if s.endswith(SLDS_CSS.removeprefix("/_slds")))
    assert re.fullmatch(rf"/s/crm/_slds/[0-9a-f]{{12}}{SLDS_CSS.removeprefix('/_slds')}", linked), linked
    assert not any(s.endswith("/lightning.css") for s in sheets)  # the fallback is not loaded beside it
    # SLDS's rules apply: its page header and buttons, its brand colour on the primary button
    assert page.locator(".slds-page-header").first.evaluate("e => getComputedStyle(e).borderRadius") != "0px"
    # (a list view's New is a neutral button in Lightning; a record modal's Save is the brand one)
    page.goto(ui("/accounts/new"))
    brand = page.get_by_role("button", name="Save", exact=True)
    assert brand.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(1, 118, 211)"  # SLDS brand blue
    page.goto(ui("/accounts"))
    installed = (design_system.package_dir() / "assets" / design_system.STYLESHEET).read_bytes()
    css = page.request.get(ui(SLDS_CSS))
    assert css.status == 200 and css.headers["content-type"].startswith("text/css")
    assert css.body() == installed
    # the content-tagged address is cached for a year, and sent gzip-compressed
    tagged = page.request.get(ui(linked.removeprefix("/s/crm")))
    assert tagged.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert tagged.headers["content-encoding"] == "gzip" and tagged.body() == installed
    # the icons on the page are the package's, one SVG each (never the ~450 KB sprites)
    used = page.locator("use[href*='/icons/standard/account.svg#account']")
    assert used.count() >= 1
    icon = page.request.get(urljoin(page.url, used.first.get_attribute("href").split("#")[0]))
    assert icon.status == 200 and b'id="account"' in icon.body() and len(icon.body()) < 8_000


@needs_slds
def test_only_the_used_files_of_the_package_are_served(crm):
    episode, page, ui = crm
    page.goto(ui("/"))
    for path in (
        "/_slds/../package.json",
        "/_slds/styles/salesforce-lightning-design-system.css",  # not the one the pages link
        "/_slds/images/../../package.json",
        "/_slds/images/%2e%2e/%2e%2e/package.json",
        "/_slds/icons/utility/no_such_icon.svg",
        "/_slds/icons/utility-sprite/svg/symbols.svg",  # the whole sprite: never
    ):
        assert page.request.get(ui(path)).status == 404, path
    assert page.request.get(ui("/_slds/images/logo-noname.svg")).status == 200  # an image its stylesheet uses


def test_without_the_package_pages_use_the_fallback_stylesheet(crm, monkeypatch, tmp_path):
    monkeypatch.setenv("SAASGYM_SLDS_DIR", str(tmp_path / "not-installed"))
    episode, page, ui = crm
    page.goto(ui("/accounts"))
    sheets = _stylesheets(page)
    assert any(s.endswith("/lightning.css") for s in sheets) and any(s.endswith("/crm.css") for s in sheets)
    assert not any("/_slds/" in s for s in sheets)
    assert page.locator("use").count() == 0  # no icon points at the missing sprites; letters stand in
    assert page.request.get(ui(SLDS_CSS)).status == 404
    # the fallback lays the same markup out: the header's tab bar is a row, the primary button is filled
    tabs = page.get_by_role("navigation", name="Sales tabs")
    assert tabs.get_by_role("link", name="Home").bounding_box()["y"] == pytest.approx(
        tabs.get_by_role("link", name="Reports").bounding_box()["y"], abs=2
    )
    page.goto(ui("/accounts/new"))
    brand = page.get_by_role("button", name="Save", exact=True)
    assert (
        brand.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(11, 92, 171)"
    )  # lightning.css --brand
