"""docs/screenshots/ shows every page type the UI catalogue lists (scripts/screenshots.py renders them):
a page type added without its screenshot, or a stale picture of one removed, fails here."""

from __future__ import annotations

from pathlib import Path

from mcp_gateway.ui_catalog import PAGES, screenshot_name

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def test_every_page_type_has_its_screenshot_and_index_entry():
    expected = {screenshot_name(app, path) for app, paths in PAGES.items() for path in paths}
    present = {p.name for p in SHOTS.glob("*.jpg")}
    assert expected - present == set(), "run python scripts/screenshots.py"
    assert present - expected == set(), "screenshots of page types no longer catalogued"
    index = (SHOTS / "README.md").read_text()
    assert all(f"]({name})" in index for name in expected)
    assert all((SHOTS / name).read_bytes()[:3] == b"\xff\xd8\xff" for name in expected)  # real JPEGs


def test_screenshot_names_are_distinct():
    names = [screenshot_name(app, path) for app, paths in PAGES.items() for path in paths]
    assert len(set(names)) == len(names)
