"""The decks of a world (`decks/`): every number a deck shows agrees with the records as of the deck's
date (recomputed from the CRM's stage history, the desk's incidents and the price book, and found in the
slide's text as written), the drafts' deliberate mistakes are mistakes their reviewer's comment corrects,
every deck's pictures and owners exist — and how many QBR decks are stale now, as they are meant to be."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

from worlds.audit.checks import Finding, World
from worlds.parts.decks.asof import Ledger, account_numbers, desk_numbers, money

MAX_LISTED = 5


def _slide_texts(w: World) -> dict[tuple[str, int], str]:
    """(deck id, slide number) -> every text on the slide (paragraphs, table cells, chart data)."""
    number = {s["id"]: (s["item_id"], s["position"] + 1) for s in w["decks/office/slide"]}
    out: dict[tuple[str, int], list[str]] = {}
    for shape in w["decks/office/slide_shape"]:
        key = number[shape["slide_id"]]
        text = [r["text"] for p in shape["paragraphs"] for r in p["runs"]]
        text += [" | ".join(row) for row in shape["table_rows"]]
        chart = shape["chart"] or {}
        text += [
            f"{c} | {s['values'][i]}"
            for s in chart.get("series", [])
            for i, c in enumerate(chart.get("categories", []))
        ]
        out.setdefault(key, []).extend(text)
    return {k: "\n".join(v) for k, v in out.items()}


def _expected(w: World, ledger: Ledger, deck: dict[str, Any]) -> dict[str, Any]:
    """What the records say for a deck's metrics on its date."""
    day = datetime.fromisoformat(deck["as_of"])
    kind = deck["kind"]
    if kind in ("qbr", "draft"):
        n = account_numbers(ledger, deck["subject"], day)
        top = {d.id: d.amount for d in n["top_deals"]}
        return {**n, "top": top}
    if kind == "allhands":
        start, end = (datetime.fromisoformat(t) for t in deck["period"])
        return desk_numbers(w["ticketing/incident"], start, end)
    if kind == "kickoff":
        deals = [d for o in ledger.opps if (d := ledger.deal(o, day))]
        won = sorted(
            (d for d in deals if d.won and d.close_date[:4] == "2025"), key=lambda d: (-d.amount, d.name)
        )
        return {
            "won_amount_2025": round(sum(d.amount for d in won), 2),
            "pipeline_amount": round(sum(d.amount for d in deals if d.open), 2),
            "wins": {d.id: d.amount for d in won[:5]},
        }
    if kind == "onepager":
        products = {p["id"]: p for p in w["crm/product"]}
        families: dict[str, set[str]] = {}
        for li in w["crm/opportunity_line_item"]:
            families.setdefault(li["opportunity_id"], set()).add(products[li["product_id"]]["family"])
        deals = [d for o in ledger.opps if (d := ledger.deal(o, day))]
        won = [
            d
            for d in deals
            if d.won and d.close_date[:4] == "2026" and deck["subject"] in families.get(d.id, set())
        ]
        return {
            "family_won_amount": round(sum(d.amount for d in won), 2),
            "family_won_count": len(won),
            "prices": {e["product_id"]: e["unit_price"] for e in w["crm/pricebook_entry"]},
        }
    return {}


def _wrong(fact: dict[str, Any], want: dict[str, Any], kind: str) -> bool:
    metric = fact["metric"]
    if metric == "top_deal":
        return want["top"].get(fact["deal_id"]) != fact["value"]
    if metric == "stage_amount":
        return want["by_stage"].get(fact["stage"]) != fact["value"]
    if metric == "win":
        return want["wins"].get(fact["deal_id"]) != fact["value"]
    if metric == "list_price":
        return want["prices"].get(fact["product_id"], 0) != fact["value"]
    if metric == "category":
        return want["categories"].get(fact["category"]) != fact["value"]
    return metric in want and want[metric] != fact["value"]


def deck_checks(w: World) -> Iterator[Finding]:
    decks = w["decks/facts"]
    if not decks:
        return
    ledger = Ledger(w["crm/opportunity"], w["crm/opportunity_history"])
    texts = _slide_texts(w)
    wrong, missing, checked = [], [], 0
    for deck in decks:
        want = _expected(w, ledger, deck)
        corrected = {c["slide"] for c in deck.get("comments", []) if c["kind"] == "wrong_number"}
        for fact in deck["facts"]:
            checked += 1
            if want and _wrong(fact, want, deck["kind"]):
                wrong.append(f"{deck['name']}: {fact['metric']} {fact['value']}")
            shown = fact.get("shown")
            on_slide = texts.get((deck["deck_id"], fact["slide"]), "")
            if (
                shown
                and shown not in on_slide
                and not (fact["metric"] == "won_amount" and fact["slide"] in corrected)
            ):
                missing.append(f"{deck['name']} slide {fact['slide']}: {shown}")
        for c in deck.get("comments", []):
            if c["kind"] == "wrong_number":
                slide = texts.get((deck["deck_id"], c["slide"]), "")
                if (
                    c["wrong"] not in slide
                    or money(c["right"]) not in c["comment"]
                    or c["right"] != want["won_amount"]
                ):
                    wrong.append(f"{deck['name']}: the reviewer's correction")
    yield Finding(
        "decks: numbers agree with the records as of the deck's date",
        f"{len(wrong)}/{checked}",
        not wrong,
        "; ".join(wrong[:MAX_LISTED]),
    )
    yield Finding(
        "decks: every number is on its slide as written",
        f"{len(missing)}/{checked}",
        not missing,
        "; ".join(missing[:MAX_LISTED]),
    )
    yield from _coherence(w)
    yield _stale(w, ledger, decks)


def _coherence(w: World) -> Iterator[Finding]:
    items = {i["id"]: i for i in w["office/drive_item"] + w["decks/office/drive_item"]}
    users = {u["id"] for u in w["office/user"]}
    decks = [i for i in w["decks/office/drive_item"] if i["kind"] == "presentation"]
    props = {p["id"] for p in w["decks/office/presentation"]}
    bad = [
        d["name"]
        for d in decks
        if d["id"] not in props or d["owner_id"] not in users or d["parent_id"] not in items
    ]
    bad += [
        f"picture {s['image_item_id']}"
        for s in w["decks/office/slide_shape"]
        if s["kind"] == "picture" and s["image_item_id"] not in items
    ]
    yield Finding(
        "decks: owners, folders and pictures exist",
        f"{len(bad)}/{len(decks)}",
        not bad,
        "; ".join(bad[:MAX_LISTED]),
    )


def _stale(w: World, ledger: Ledger, decks: list[dict[str, Any]]) -> Finding:
    """How many QBR decks no longer show today's numbers (meant: last quarter's decks go stale)."""
    now = w.now()
    qbrs = [d for d in decks if d["kind"] == "qbr"]
    stale = 0
    for deck in qbrs:
        today = account_numbers(ledger, deck["subject"], now)
        shown = {f["metric"]: f["value"] for f in deck["facts"]}
        if (today["won_amount"], today["pipeline_amount"]) != (shown["won_amount"], shown["pipeline_amount"]):
            stale += 1
    ok = stale > 0 or len(qbrs) < 5  # a small world may have none moved
    return Finding(
        "decks: QBR decks stale now (on purpose)", f"{stale}/{len(qbrs)}", ok, "" if ok else "none went stale"
    )
