"""A cold page is light: pages and JSON are gzip-compressed, static files are sent compressed under
content-tagged addresses cached for a year, and the CRM draws its icons one small SVG each (never the icon
sprites). The figures: `saasgym bench --only ui` (benchmarks/ui_weight.py)."""

from __future__ import annotations

from benchmarks.ui_weight import _load

KB = 1024


def test_a_cold_crm_record_page_is_under_400_kb_and_a_second_visit_fetches_the_page_alone(crm):
    episode, page, ui = crm
    account = episode.call("crm_list_accounts", limit=1)["records"][0]["id"]
    responses = []
    page.on("response", lambda r: responses.append(r))
    cold = _load(page, ui(f"/accounts/{account}"))
    assert cold.total <= 400 * KB, cold
    document = next(r for r in responses if r.request.resource_type == "document")
    assert document.headers["content-encoding"] == "gzip"
    for r in responses:
        if r.request.resource_type in ("stylesheet", "script") or r.url.endswith(".svg"):
            assert r.headers["cache-control"] == "public, max-age=31536000, immutable", r.url
            assert r.url.endswith(".png") or r.headers.get("content-encoding") == "gzip", r.url
        assert "sprite" not in r.url, r.url
    warm = _load(page, ui(f"/accounts/{account}"))
    # again: the page itself; every file it links comes from the browser's cache, nothing transferred
    assert warm.total < 20 * KB and all(v == 0 for k, v in warm.by_kind.items() if k != "document"), warm


def test_a_cold_desk_list_with_its_four_font_files_is_under_150_kb_and_a_second_visit_fetches_no_font(desk):
    episode, page, ui = desk
    responses = []
    page.on("response", lambda r: responses.append(r))
    cold = _load(page, ui("/incidents"))
    assert cold.total <= 150 * KB, cold
    fonts = [r for r in responses if r.request.resource_type == "font"]
    assert len(fonts) <= 4 and sum(r.request.sizes()["responseBodySize"] for r in fonts) <= 64 * KB, fonts
    warm = _load(page, ui("/incidents"))
    assert warm.by_kind.get("font", 0) == 0 and warm.total < 40 * KB, warm
