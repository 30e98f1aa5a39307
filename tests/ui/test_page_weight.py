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
