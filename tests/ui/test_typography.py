"""Each product is set in its vendor's type as its own stack resolves on a machine without the vendor's fonts:
the desk in UI16's Source Sans Pro (self-hosted from npm, apps/ticketing/design_system.py), the CRM and the
office apps in their system stacks (SLDS's, Fluent's `--fontFamilyBase`), which reach Arial's metric twin
(Liberation Sans on Debian) before the machine's wide default sans (DejaVu Sans). Checked on the font Chromium
actually draws each text with (CDP `CSS.getPlatformFontsForNode`), not on the CSS declaration."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from apps.ticketing import design_system
from tests.ui.test_crm_design_system import tracked_names

needs_font = pytest.mark.skipif(
    not design_system.installed(), reason="bash scripts/design_systems.sh installs it"
)


def _arial_twin() -> str | None:
    """The family fontconfig gives for Arial, or None when it falls to DejaVu (no metric twin installed)."""
    if shutil.which("fc-match") is None:
        return None
    family = subprocess.run(["fc-match", "-f", "%{family}", "Arial"], capture_output=True, text=True).stdout
    return None if "DejaVu" in family else family.split(",")[0]


needs_arial_twin = pytest.mark.skipif(
    _arial_twin() is None, reason="no Arial-metric font on this machine (fonts-liberation2)"
)


MARK_TEXT = """scope => {
  const probe = 'data-typography-probe';
  document.querySelectorAll(`[${probe}]`).forEach(e => e.removeAttribute(probe));
  const all = [scope, ...scope.querySelectorAll('*')];
  const own = all.find(e => e.checkVisibility()
    && [...e.childNodes].some(n => n.nodeType === 3 && n.data.trim()));
  if (own) own.setAttribute(probe, '');
  return own ? own.textContent.trim().slice(0, 40) : null;
}"""


def drawn_fonts(page, scope: str) -> list[str]:  # noqa: ANN001
    """The platform fonts Chromium drew the own text of the first visible element in `scope` (a selector; the
    element itself or a descendant) with, most glyphs first."""
    page.wait_for_load_state("networkidle")
    page.evaluate("document.fonts.ready.then(() => true)")
    assert page.locator(scope).first.evaluate(MARK_TEXT), f"no text in {scope}"
    selector = "[data-typography-probe]"
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
        assert node, selector
        fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    finally:
        cdp.detach()
    assert fonts, f"{selector} draws no text of its own"
    return [f["familyName"] for f in sorted(fonts, key=lambda f: -f["glyphCount"])]


def test_the_font_package_is_pinned_and_never_committed():
    pinned = design_system.pinned_version()
    assert re.fullmatch(r"\d+\.\d+\.\d+", pinned), pinned  # an exact release, not a range
    lock = json.loads(design_system.PACKAGE_JSON.with_name("package-lock.json").read_text())
    assert lock["packages"][f"node_modules/{design_system.PACKAGE}"]["version"] == pinned
    assert tracked_names(design_system.PACKAGE_JSON.parent) == ["package-lock.json", "package.json"]


@needs_font
def test_the_desk_is_set_in_source_sans_pro(desk):
    episode, page, ui = desk
    page.goto(ui("/incidents"))
    for selector in (
        ".sn-list-bar h1",
        "table.sn-list-table tbody th",
        "table.sn-list-table tbody td[data-col='3']",
    ):
        assert drawn_fonts(page, selector) == ["Source Sans Pro"], selector


@needs_font
def test_the_desk_fonts_are_the_packages_latin_woff2_cached_for_a_year(desk):
    episode, page, ui = desk
    fonts = []
    page.on("response", lambda r: fonts.append(r) if r.request.resource_type == "font" else None)
    page.goto(ui("/incidents"))
    page.wait_for_load_state("networkidle")
    assert fonts, "no font downloaded"
    for r in fonts:
        name = r.url.rsplit("/", 1)[-1]
        assert name.startswith("source-sans-pro-latin-") and name.endswith("-normal.woff2"), r.url
        assert r.headers["content-type"] == "font/woff2", r.url
        assert r.headers["cache-control"] == "public, max-age=31536000, immutable", r.url
        assert "content-encoding" not in r.headers, r.url  # woff2 is compressed already
        assert page.request.get(r.url).body() == (design_system.package_dir() / "files" / name).read_bytes()
    css = page.eval_on_selector("link[href*='/_fonts/']", "l => l.href")
    sheet = page.request.get(css, headers={"Accept-Encoding": "gzip"})
    assert sheet.headers["content-type"].startswith("text/css")
    assert sheet.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert sheet.headers["content-encoding"] == "gzip"
    text = sheet.text()
    assert text.count("@font-face") == 4 and "format('woff')" not in text
    assert all(f"font-weight: {w};" in text for w in (300, 400, 600, 700))
    # nothing else of the package is served: its other subsets, italics, woff files
    for other in (
        "files/source-sans-pro-latin-400-normal.woff",
        "files/source-sans-pro-cyrillic-400-normal.woff2",
        "files/source-sans-pro-latin-400-italic.woff2",
        "latin-400.css",
        "package.json",
    ):
        assert page.request.get(ui(f"/_fonts/{other}")).status == 404, other


def test_without_the_package_the_desk_falls_back_to_ui16s_stack(desk, monkeypatch, tmp_path):
    monkeypatch.setenv("SAASGYM_SOURCE_SANS_DIR", str(tmp_path))
    episode, page, ui = desk
    page.goto(ui("/incidents"))
    assert page.locator("link[href*='/_fonts/']").count() == 0
    family = page.eval_on_selector(".sn-list-bar h1", "e => getComputedStyle(e).fontFamily")
    assert family.startswith('"Source Sans Pro", "Helvetica Neue"'), family
    if _arial_twin():
        assert "DejaVu" not in drawn_fonts(page, ".sn-list-bar h1")[0]


@needs_arial_twin
def test_crm_text_is_drawn_in_arials_metric_twin_not_dejavu(crm):
    episode, page, ui = crm
    account = episode.call("crm_list_accounts", limit=1)["records"][0]["id"]
    page.goto(ui(f"/accounts/{account}"))
    for selector in ("main h1", "main .slds-form-element__static, main dd", "main table, main form, main"):
        assert drawn_fonts(page, selector)[0] == _arial_twin(), selector


@needs_arial_twin
def test_office_text_is_drawn_in_fluents_stack_down_to_arials_twin(office):
    episode, page, ui = office
    page.goto(ui("/mail"))
    family = page.eval_on_selector("body", "e => getComputedStyle(e).fontFamily")
    assert family.startswith('"Segoe UI", "Segoe UI Web (West European)"') and "Arial" in family, family
    for selector in (
        "main h1, main h2",
        "[role=grid] [role=row]:nth-child(2), [role=grid] tbody tr",
        "main button",  # the product's (the simulation strip's are monospaced, apart from the product)
    ):
        assert drawn_fonts(page, selector)[0] == _arial_twin(), selector
