"""The office pages take Microsoft's Fluent 2 theme tokens from the installed package
(`@fluentui/web-components` and its `@fluentui/tokens`, written as CSS at install time and served from the
install), and keep the project's own look without it (`saasgym serve`'s notice:
test_design_system_notices.py). The README's test command installs the package first
(scripts/design_systems.sh), so these run, never skip; without it they fail, saying so."""

from __future__ import annotations

import json
import os
import re
import subprocess

from apps.office import design_system
from tests.ui.test_crm_design_system import _stylesheets, tracked_names

TOKENS_CSS = "/_fluent/tokens.css"


def _style(locator, prop: str) -> str:  # noqa: ANN001
    return locator.evaluate(f"e => getComputedStyle(e).{prop}")


def _package_theme() -> dict[str, str]:
    """webLightTheme as the installed @fluentui/tokens exports it (asked of node, not of our CSS file)."""
    script = "console.log(JSON.stringify(require('@fluentui/tokens').webLightTheme))"
    out = subprocess.run(
        ["node", "-e", script],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "NODE_PATH": str(design_system.modules_dir())},
    ).stdout
    return json.loads(out)


def test_the_package_is_pinned_and_never_committed():
    pinned = design_system.pinned_version()
    assert re.fullmatch(r"3\.1\.\d+", pinned), pinned  # an exact release, not a range
    lock = json.loads((design_system.PACKAGE_JSON.parent / "package-lock.json").read_text())
    assert lock["packages"]["node_modules/@fluentui/web-components"]["version"] == pinned
    tokens = lock["packages"]["node_modules/@fluentui/tokens"]["version"]
    assert re.fullmatch(r"\d+\.\d+\.\d+(-[\w.]+)?", tokens), tokens
    names = tracked_names(design_system.PACKAGE_JSON.parent)
    assert names == ["package-lock.json", "package.json", "tokens_css.mjs"]


def test_pages_link_the_installed_theme_tokens_and_use_them(office):
    episode, page, ui = office
    page.goto(ui("/mail"))
    sheets = _stylesheets(page)
    assert [s.rsplit("/", 1)[-1] for s in sheets] == [
        "lightning.css",
        "tokens.css",
        "office-fluent.css",
        "office-controls.css",  # every page's form controls in Fluent 2's look
        "office.css",
        "mail.css",  # the mail page's own: the Simplified ribbon, the inline reply
        "simulation.css",  # the simulation strip's, the same in every app
    ], sheets
    css = page.request.get(ui(TOKENS_CSS))
    assert css.status == 200 and css.headers["content-type"].startswith("text/css")
    assert css.body() == design_system.tokens_file().read_bytes()
    # the file is the installed package's theme: its version, and every token with the package's value
    tokens_pkg = json.loads((design_system.modules_dir() / "@fluentui/tokens/package.json").read_text())
    text = css.text()
    assert text.startswith(f"/* @fluentui/tokens {tokens_pkg['version']} webLightTheme */")
    theme = _package_theme()
    assert len(theme) > 400
    for name in ("colorBrandBackground", "colorNeutralForeground1", "fontFamilyBase", "shadow4"):
        assert f"  --{name}: {theme[name]};\n" in text, name
    root = page.locator("html")
    brand = root.evaluate("e => getComputedStyle(e).getPropertyValue('--colorBrandBackground')")
    assert brand.strip() == theme["colorBrandBackground"]
    # the stylesheets read the tokens: Fluent's brand and neutral buttons, type, surfaces, the suite bar
    assert theme["colorBrandBackground"] == "#0f6cbd" and theme["colorNeutralStroke1"] == "#d1d1d1"
    assert _style(page.get_by_role("link", name="New mail"), "backgroundColor") == "rgb(15, 108, 189)"
    assert _style(page.locator("main"), "fontSize") == theme["fontSizeBase300"]
    assert _style(page.locator("body"), "fontFamily").startswith('"Segoe UI"')
    assert _style(page.locator(".global-header"), "backgroundColor") == "rgb(15, 108, 189)"  # Outlook's blue
    pane = page.locator(".o-list-pane")
    assert _style(pane, "backgroundColor") == "rgb(255, 255, 255)"  # colorNeutralBackground1
    assert _style(pane, "borderTopLeftRadius") == theme["borderRadiusMedium"]


def test_the_unread_counts_are_fluent_badges_from_the_package(office):
    episode, page, ui = office
    page.goto(ui("/mail"))
    script = page.request.get(ui("/_fluent/web-components.min.js"))
    assert script.status == 200 and script.headers["content-type"].startswith("text/javascript")
    bundle = design_system.modules_dir() / "@fluentui/web-components/dist/web-components.min.js"
    assert script.body() == bundle.read_bytes()
    page.wait_for_function("() => customElements.get('fluent-badge') !== undefined")
    item = page.get_by_role("navigation", name="Mail folders").get_by_role("listitem")
    item = item.filter(has=page.locator("fluent-badge")).first
    badge = item.locator("fluent-badge")
    assert badge.evaluate("e => e.shadowRoot !== null")  # rendered by the package's component
    assert _style(badge, "color") == "rgb(15, 108, 189)"  # Outlook's unread count: brand text (ghost badge)
    # the senders' avatars are the package's <fluent-avatar>, initials on a colour picked from the name
    avatar = page.get_by_role("grid", name="Messages").locator("fluent-avatar").first
    assert avatar.evaluate("e => e.shadowRoot !== null") and avatar.get_attribute("aria-hidden") == "true"
    assert re.fullmatch(r"[A-Z?]{1,2}", avatar.get_attribute("initials"))
    # the count stays text beside the folder's link: the link's accessible name is unchanged
    count, name = badge.inner_text(), item.get_by_role("link").inner_text()
    assert count.isdigit()
    assert item.get_by_role("link", name=name, exact=True).count() == 1
    assert item.inner_text().split() == [*name.split(), count]


def test_only_the_two_package_files_are_served(office):
    episode, page, ui = office
    for path in (
        "/_fluent/../package.json",
        "/_fluent/%2e%2e/%2e%2e/package.json",
        "/_fluent/tokens.css/../../ui.py",
        "/_fluent/.saasgym/fluent-tokens.css",
        "/_fluent/@fluentui/tokens/package.json",
        "/_fluent/@fluentui/web-components/dist/web-components.min.js",
        "/_fluent/web-components.js",  # not the one the pages load
        "/_fluent/web-components-all.min.js",
        "/_fluent/..%2fpackage.json",
        "/_assets/../ui.py",
        "/_assets/%2e%2e%2fui.py",
    ):
        assert page.request.get(ui(path)).status == 404, path
    page.goto(ui("/mail"))
    for name in ("tokens.css", "web-components.min.js"):
        assert page.request.get(ui(f"/_fluent/{name}")).headers["cache-control"] == "no-cache"  # untagged
        tagged = page.locator(f"[href$='/{name}'], [src$='/{name}']").first.evaluate("e => e.href || e.src")
        assert page.request.get(tagged).headers["cache-control"] == "public, max-age=31536000, immutable"


def test_without_the_package_pages_keep_the_own_look(office, monkeypatch, tmp_path):
    monkeypatch.setenv("SAASGYM_FLUENT_DIR", str(tmp_path / "not-installed"))
    episode, page, ui = office
    page.goto(ui("/mail"))
    sheets = _stylesheets(page)
    assert [s.rsplit("/", 1)[-1] for s in sheets] == [
        "lightning.css",
        "office-controls.css",
        "office.css",
        "mail.css",
        "simulation.css",
    ], sheets
    assert page.request.get(ui(TOKENS_CSS)).status == 404
    assert page.locator("script[src*='/_fluent/']").count() == 0 and page.locator("fluent-badge").count() == 0
    # the var() fallbacks: lightning.css's brand button, the project's pane border and header
    assert _style(page.get_by_role("link", name="New mail"), "backgroundColor") == "rgb(11, 92, 171)"
    assert _style(page.locator(".o-list-pane"), "backgroundColor") == "rgb(255, 255, 255)"
    assert _style(page.locator(".global-header"), "backgroundColor") == "rgb(15, 108, 189)"  # the frame holds
    assert page.locator(".o-rail").bounding_box()["x"] == 0  # the app rail on the left
    # the core task page takes the office frame (and so the same stylesheets)
    page.goto(ui("/_task"))
    frame = [s.rsplit("/", 1)[-1] for s in _stylesheets(page)]
    assert frame == ["lightning.css", "office-controls.css", "office.css", "simulation.css"]
