"""Company decks: the brand templates (the old Acme 2025 design and the new Acme 2027 one, with the logo,
shared with everyone), the FY2026 sales kickoff (last year's wins and the pipeline on the day, shared
with Sales), the IT all-hands (the desk's Q3, shared with IT) and a one-pager per product family (its
price list and this year's wins with it, shared with Sales)."""

from __future__ import annotations

from datetime import datetime

from worlds.parts.decks.asof import OPEN_STAGES, desk_numbers, money
from worlds.parts.decks.context import Ctx, long_date
from worlds.parts.decks.logo import logo_png

KICKOFF = datetime(2026, 1, 12, 15)
ALL_HANDS, Q3 = datetime(2026, 10, 5, 16), (datetime(2026, 7, 1), datetime(2026, 9, 30, 23, 59, 59))
ONE_PAGERS = datetime(2026, 9, 15, 13)


def brand(ctx: Ctx) -> None:
    """The Brand folder of the Director of Marketing, shared with every employee: the logo and the two
    templates (Acme 2025, the one the decks still use; Acme 2027, the new one)."""
    owner = ctx.by_title("Director of Marketing") or ctx.in_department("Marketing")[0]
    when = datetime(2026, 6, 1, 10)
    folder = ctx.folder(owner, "Brand", when, "Logos and presentation templates")
    for user in ctx.users:
        if user["id"] != owner["id"]:
            ctx.rows.share(folder, user, "read", owner)
    data = logo_png(("1B3A5C", "E07A1F", "5B8C3A", "2F8FA8"))
    logo = ctx.rows.item(
        "Acme logo.png", owner, folder["id"], "file", when, mime_type="image/png", size=len(data)
    )
    ctx.rows.add("file_content", "FileContent", id=logo["id"], sha256=_sha(data), content=_b64(data))
    ctx.logo_id = logo["id"]
    for theme, day in (("Acme 2025", datetime(2025, 1, 6, 10)), ("Acme 2027", datetime(2026, 10, 20, 10))):
        deck = ctx.deck(
            owner, folder, f"{theme} template.pptx", theme, day, f"The {theme} presentation design"
        )
        ctx.title_slide(deck, "Presentation title", "Subtitle · presenter · date")
        deck.slide("Title and Content", "Slide title", ["First point", "\tDetail", "Second point"])
        deck.slide("Section Header", "Section title", "A line about the section")
        deck.done()
        ctx.fact(deck, "template", day, theme, [])


def kickoff(ctx: Ctx) -> None:
    """The VP of Sales' FY2026 kickoff: 2025's wins, the open pipeline by stage and the five biggest wins,
    as the CRM stood on the day."""
    owner = ctx.by_title("VP of Sales")
    if owner is None:
        return
    day = KICKOFF
    deals = [d for o in ctx.ledger.opps if (d := ctx.ledger.deal(o, day))]
    won = sorted(
        (d for d in deals if d.won and d.close_date[:4] == "2025"), key=lambda d: (-d.amount, d.name)
    )
    open_deals = [d for d in deals if d.open]
    by_stage = {s: round(sum(d.amount for d in open_deals if d.stage == s), 2) for s in OPEN_STAGES}
    by_stage = {s: v for s, v in by_stage.items() if v}
    folder = ctx.folder(owner, "Sales Kickoff 2026", day, "Kickoff materials")
    deck = ctx.deck(owner, folder, "Sales Kickoff FY2026.pptx", "Acme 2025", day, "FY2026 sales kickoff")
    won_total, pipe_total = round(sum(d.amount for d in won), 2), round(sum(d.amount for d in open_deals), 2)
    ctx.title_slide(deck, "Sales Kickoff FY2026", f"{owner['display_name']} · {long_date(day)}")
    deck.slide(
        "Title and Content",
        "2025 in numbers",
        [
            f"Won in 2025: {money(won_total)} ({len(won)} deals)",
            f"Open pipeline going into 2026: {money(pipe_total)} across {len(open_deals)} deals",
        ],
        notes=f"Numbers from the CRM on {long_date(day)}.",
    )
    table = deck.slide("Title Only", "Biggest wins of 2025")
    deck.table(
        table, [["Deal", "Amount", "Closed"]] + [[d.name, money(d.amount), d.close_date] for d in won[:5]]
    )
    chart = deck.slide("Title and Content", "Pipeline by stage", keep_body=False)
    deck.chart(
        chart,
        "bar",
        "Open pipeline by stage",
        list(by_stage),
        [{"name": "Amount", "values": list(by_stage.values())}],
    )
    deck.slide("Section Header", "Let's go", "FY2026: land, expand, renew")
    deck.done()
    for user in ctx.in_department("Sales") + ctx.in_department("Sales Operations"):
        if user["id"] != owner["id"]:
            ctx.rows.share(folder, user, "read", owner)
    facts = [
        {"slide": 2, "metric": "won_amount_2025", "value": won_total, "shown": money(won_total)},
        {"slide": 2, "metric": "pipeline_amount", "value": pipe_total, "shown": money(pipe_total)},
    ] + [
        {"slide": 3, "metric": "win", "deal_id": d.id, "value": d.amount, "shown": money(d.amount)}
        for d in won[:5]
    ]
    ctx.fact(deck, "kickoff", day, "sales", facts)


def all_hands(ctx: Ctx) -> None:
    """The Director of IT's all-hands after Q3: the desk's quarter (internal incidents opened, resolved,
    still open, P1/P2, the top categories)."""
    owner = ctx.by_title("Director of IT")
    if owner is None or ctx.desk is None:
        return
    n = desk_numbers(ctx.desk.rows["incident"], Q3[0], Q3[1])
    folder = ctx.folder(owner, "IT all-hands", ALL_HANDS, "All-hands decks")
    deck = ctx.deck(
        owner, folder, "IT all-hands Q3 2026.pptx", "Acme 2025", ALL_HANDS, "IT all-hands after Q3"
    )
    ctx.title_slide(
        deck, "IT all-hands", f"Q3 2026 review · {owner['display_name']} · {long_date(ALL_HANDS)}"
    )
    deck.slide(
        "Title and Content",
        "Q3 at the service desk",
        [
            f"Incidents opened: {n['opened']}",
            f"Incidents resolved: {n['resolved']}",
            f"Still open on September 30: {n['open']}",
            f"P1 and P2 incidents: {n['major']}",
        ],
        notes="Internal incidents (Acme Corporation) from the service desk.",
    )
    chart = deck.slide("Title and Content", "What people called about", keep_body=False)
    cats = list(n["categories"])
    deck.chart(
        chart,
        "column",
        "Incidents opened by category",
        cats,
        [{"name": "Incidents", "values": [float(n["categories"][c]) for c in cats]}],
    )
    deck.slide(
        "Title and Content",
        "Priorities for Q4",
        ["Laptop refresh for the oldest models", "VPN gateway upgrade", "Self-service password reset"],
    )
    deck.done()
    for user in ctx.in_department("IT"):
        if user["id"] != owner["id"]:
            ctx.rows.share(folder, user, "read", owner)
    facts = [{"slide": 2, "metric": m, "value": n[m]} for m in ("opened", "resolved", "open", "major")]
    facts += [
        {"slide": 3, "metric": "category", "category": c, "value": v} for c, v in n["categories"].items()
    ]
    ctx.fact(deck, "allhands", ALL_HANDS, "desk-q3", facts, period=[Q3[0].isoformat(), Q3[1].isoformat()])


def one_pagers(ctx: Ctx) -> None:
    """A one-pager per product family by Product Marketing: the family's price list and this year's won
    deals that included one of its products."""
    marketers = [
        u for u in ctx.users if u.get("job_title") == "Product Marketing Manager"
    ] or ctx.in_department("Marketing")
    products = {p["id"]: p for p in ctx.crm.rows["product"]}
    items: dict[str, set[str]] = {}
    for li in ctx.crm.rows["opportunity_line_item"]:
        items.setdefault(li["opportunity_id"], set()).add(products[li["product_id"]]["family"])
    prices = {e["product_id"]: e["unit_price"] for e in ctx.crm.rows["pricebook_entry"]}
    deals = [d for o in ctx.ledger.opps if (d := ctx.ledger.deal(o, ONE_PAGERS))]
    for i, family in enumerate(sorted({p["family"] for p in products.values()})):
        owner = marketers[i % len(marketers)]
        folder = ctx.folder(owner, "Product one-pagers", ONE_PAGERS, "One page per product family")
        deck = ctx.deck(
            owner, folder, f"{family} one-pager.pptx", "Acme 2025", ONE_PAGERS, f"What we sell in {family}"
        )
        ctx.title_slide(deck, f"Acme {family}", f"Product overview · {long_date(ONE_PAGERS)}")
        rows = [["Product", "Code", "List price"]] + [
            [p["name"], p["product_code"], money(prices.get(p["id"], 0))]
            for p in sorted(products.values(), key=lambda p: p["product_code"])
            if p["family"] == family
        ]
        deck.table(deck.slide("Title Only", "What we sell"), rows)
        won = [d for d in deals if d.won and d.close_date[:4] == "2026" and family in items.get(d.id, set())]
        total = round(sum(d.amount for d in won), 2)
        deck.slide(
            "Title and Content",
            "Customers buying it this year",
            [f"Won deals with {family} products: {len(won)} ({money(total)})"],
        )
        deck.done()
        for user in ctx.in_department("Sales"):
            ctx.rows.share(deck.item, user, "read", owner)
        facts = [
            {"slide": 3, "metric": "family_won_amount", "value": total, "shown": money(total)},
            {"slide": 3, "metric": "family_won_count", "value": len(won)},
        ]
        facts += [
            {"slide": 2, "metric": "list_price", "product_id": p, "value": prices.get(p, 0)}
            for p in products
            if products[p]["family"] == family
        ]
        ctx.fact(deck, "onepager", ONE_PAGERS, family, facts)


def _sha(data: bytes) -> str:
    import hashlib

    return hashlib.sha256(data).hexdigest()


def _b64(data: bytes) -> str:
    import base64

    return base64.b64encode(data).decode("ascii")
