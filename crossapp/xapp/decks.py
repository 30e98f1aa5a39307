"""Decks from the CRM: bring last quarter's QBR deck up to where the account stands today (the numbers the
CRM has now, what went stale found by the performer), and build a pipeline review deck for a sales rep (a
chart of the open pipeline by stage and a table of the biggest open deals, from live data).

Truth reads the deck as its audience sees it (the derived field `slides`): each number found as a number
on the line that names it (won, pipeline, a deal, a stage), in any wording around it; stale figures and
rows about other deals fail. Held-out entity: the account (QBR) or the rep (kind `coworker`, by mail)."""

from __future__ import annotations

import re

from apps.office.families.common import AMBER, me_id, phrase
from apps.office.families.deck_common import (
    chart_grid_ui,
    deck_changed,
    deck_edits,
    deck_facts,
    editable,
    new_deck_parts,
    new_deck_text,
    open_deck_ui,
    placeholder,
    retype_ui,
    row,
    shapes_of,
    slides_of,
    table_ui,
)
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.model import Criterion, Expectation, Match, TableMatch, UiStep
from worlds.parts.decks.accounts import STAGE_NEXT
from worlds.parts.decks.asof import OPEN_STAGES, Ledger, account_numbers, money

DEALS = "SELECT * FROM crm_opportunity ORDER BY id"
HISTORY = "SELECT * FROM crm_opportunity_history ORDER BY id"
TODAY = "November 2, 2026"


def rename_ui(item: str, name: str) -> list[UiStep]:
    """OneDrive's Rename dialog of the item (its name without the extension is selected), Rename."""
    return [
        UiStep(goto=f"/s/office/files?rename={item}"),
        UiStep(fill=("New name", name)),
        UiStep(click=("button", "Rename")),
    ]


def ledger(d: Draw) -> Ledger:
    return Ledger(d.world.rows(DEALS), d.world.rows(HISTORY))


def deals_word(count: int) -> str:
    return f"{count} deal{'' if count == 1 else 's'}"


def _names(names: list[str]) -> str | None:
    return "|".join(re.escape(n) for n in sorted(set(names))) or None


def _chart_rows(by_stage: dict[str, float], series: str = "Amount") -> list[list[str]]:
    """The chart's data sheet: a header (the corner, the series) and a stage and its amount per row."""
    return [["", series]] + [[s, f"{v:.2f}".rstrip("0").rstrip(".")] for s, v in by_stage.items()]


class QbrDeckRefresh(Family):
    name = "xapp.qbr-deck-refresh"
    apps = ("crm", "office")
    surfaces = ("mcp", "cli", "ui", "python")
    version = 1
    ci_instances = 1
    author = "saasgym-office-team"
    summary = (
        "bring last quarter's QBR deck up to date from the CRM: wins this year, open pipeline, top open "
        "deals, "
        "pipeline by stage, next steps, the quarter on the title slide — what is stale is for the performer "
        "to find"
    )

    def build(self, d: Draw) -> Spec:
        mine = [f for f in deck_facts(d, "qbr") if editable(d, f["deck_id"])]
        fact = d.pick("account", mine, key="subject")
        item, account = fact["deck_id"], fact["subject"]
        owner = (
            None
            if fact["owner_id"] == me_id(d)
            else d.world.value("SELECT given_name FROM office_user WHERE id = ?", fact["owner_id"])
        )
        rename = d.chance(0.5)
        new_name = f"{fact['account']} QBR Q4 2026.pptx"
        d.note("drive_item", item)
        now = account_numbers(ledger(d), account, d.world.now)
        old = {f["metric"]: f["value"] for f in fact["facts"]}
        if (now["won_amount"], now["pipeline_amount"]) == (old["won_amount"], old["pipeline_amount"]):
            raise Redraw("nothing on the deck went stale")
        if not now["top_deals"]:
            raise Redraw("the account has no open deal left")
        slides = slides_of(d, item)
        subtitle = placeholder(d, slides[0]["id"], "subtitle")
        body = placeholder(d, slides[1]["id"], "body")
        table = next(s for s in shapes_of(d, slides[2]["id"]) if s["kind"] == "table")
        chart = next(s for s in shapes_of(d, slides[3]["id"]) if s["kind"] == "chart")
        steps_box = placeholder(d, slides[4]["id"], "body")
        steps = "\n".join(STAGE_NEXT[x.stage].format(deal=x.name) for x in now["top_deals"][:3])
        sub = f"Q4 2026 · Amber Miller · {TODAY}"
        lines = [
            f"Won this year: {money(now['won_amount'])} ({deals_word(now['won_count'])})",
            f"Open pipeline: {money(now['pipeline_amount'])} across {deals_word(now['pipeline_count'])}",
        ]
        top = now["top_deals"][0]
        lines.append(f"Largest open deal: {top.name} ({money(top.amount)}, {top.stage})")
        rows = [["Deal", "Stage", "Amount", "Close date"]] + [
            [x.name, x.stage, money(x.amount), x.close_date] for x in now["top_deals"]
        ]
        stages = list(now["by_stage"])
        every = [
            o["name"]
            for o in d.world.rows(
                "SELECT name FROM crm_opportunity WHERE account_id = ? ORDER BY id", account
            )
        ]
        shown = {x.name for x in now["top_deals"]}
        truth = TableMatch(
            rows=[
                row("won", now["won_amount"], aliases=["Won"]),
                row(
                    "pipeline",
                    now["pipeline_amount"],
                    now["pipeline_count"],
                    aliases=["open deals", "open opportunities"],
                ),
                row("Q4 2026"),
                *[row(x.name, x.amount) for x in now["top_deals"]],
                *[row(s, now["by_stage"][s]) for s in stages],
            ],
            other_keys=_names(
                [n for n in every if n not in shown] + [s for s in OPEN_STAGES if s not in stages]
            ),
            absent=[row("Q3 2026")]
            + ([row("won", old["won_amount"])] if old["won_amount"] != now["won_amount"] else [])
            + (
                [row("pipeline", old["pipeline_amount"])]
                if old["pipeline_amount"] != now["pipeline_amount"]
                else []
            ),
        )
        name = d.world.value("SELECT name FROM crm_account WHERE id = ?", account)
        whose = f"{owner}'s" if owner else "my"
        away = f"{owner} is out this week and the {name} QBR is coming up. " if owner else ""
        also = f" Rename the file to “{new_name}” too." if rename else ""
        said, k = phrase(
            d,
            [
                f"{away}Our QBR with {name} is this quarter. Bring {whose} Q3 QBR deck for them up to date "
                "with where the account stands in Salesforce today, and make the title slide say Q4 "
                f"2026.{also}",
                f"{away}Please refresh {whose} {name} QBR deck from last quarter: every number should match "
                "the CRM as of today (wins, pipeline, the open deals, the stage chart). Title slide: Q4 "
                f"2026.{also}",
                f"{away}{whose.capitalize()} {name} QBR deck is a quarter old. Update whatever has gone "
                "stale "
                f"from the CRM and relabel it Q4 2026.{also}",
                f"{away}Before the QBR with {name}, fix {whose} QBR deck so it shows today's CRM numbers, "
                "not "
                f"Q3's, and mark it Q4 2026 on the title slide.{also}",
                f"{away}Update the QBR presentation {whose.replace('my', 'I')} made for {name} last quarter "
                f"with this quarter's numbers from Salesforce (title slide: Q4 2026).{also}",
            ],
        )
        series = [{"name": "Amount", "values": [now["by_stage"][s] for s in stages]}]
        on = {"item_id": item}
        oracle = [
            step("crm_list_opportunities", account_id=account, limit=50),
            step("office_get_presentation", item_id=item, include_shapes=True),
            step("office_set_shape_text", **on, slide_id=slides[0]["id"], shape_id=subtitle["id"], text=sub),
            *([step("office_update_drive_item", item_id=item, name=new_name)] if rename else []),
            step("office_delete_shape", **on, slide_id=slides[2]["id"], shape_id=table["id"]),
            step("office_add_table", **on, slide_id=slides[2]["id"], rows=rows),
            step(
                "office_update_chart",
                **on,
                slide_id=slides[3]["id"],
                shape_id=chart["id"],
                categories=stages,
                series=series,
            ),
            step(
                "office_set_shape_text", **on, slide_id=slides[4]["id"], shape_id=steps_box["id"], text=steps
            ),
            # last: the line that always changed (wins or pipeline), so dropping the last write must fail
            step(
                "office_set_shape_text",
                **on,
                slide_id=slides[1]["id"],
                shape_id=body["id"],
                text="\n".join(lines),
            ),
        ]
        ui = [
            UiStep(goto=f"/s/crm/accounts/{account}"),
            open_deck_ui(item, 1),
            *retype_ui("Subtitle", sub),
            open_deck_ui(item, 2),
            *retype_ui("Content", "\n".join(lines)),
            open_deck_ui(item, 3, shape=table["id"]),
            UiStep(click=("button", "Delete shape")),
            *table_ui(rows, "Table 2"),
            *(rename_ui(item, new_name) if rename else []),
            open_deck_ui(item, 4, shape=chart["id"]),
            *chart_grid_ui(
                _chart_rows(now["by_stage"]),
                "Chart data",
                have=(len(chart["chart"]["categories"]) + 1, len(chart["chart"]["series"]) + 1),
                clear=True,
            ),
            UiStep(click=("button", "Update chart")),
            open_deck_ui(item, 5),
            *retype_ui("Content", steps),
        ]
        others = [f["deck_id"] for f in mine if f["deck_id"] != item]
        return Spec(
            prompt=said,
            oracle=oracle,
            expect=[deck_changed(item, truth, {"name": eq(new_name)} if rename else None)],
            allow=deck_edits(d, item),
            ui_oracle=ui,
            wrong_record={item: others[0]} if others else {},
            tags=["presentation", "crm", "stale-numbers"],
            phrasing=k,
            records=4,
        )


class PipelineReviewDeck(Family):
    name = "xapp.pipeline-review-deck"
    apps = ("crm", "office")
    surfaces = ("mcp", "cli", "ui", "python")
    version = 3  # its UI oracle follows the new pages (UI16, event pane, slides)
    author = "saasgym-office-team"
    summary = (
        "a pipeline review deck for a sales rep from live CRM data: the open pipeline by stage as a chart, "
        "the three to five biggest open deals as a table"
    )
    ci_instances = 1
    ci_surfaces = ("python", "mcp")  # the browser: saasgym tasks check --family xapp.pipeline-review-deck

    def build(self, d: Draw) -> Spec:
        return self.deck_spec(d)[0]

    def deck_spec(self, d: Draw) -> tuple[Spec, dict]:
        """The instance and the rep it is for (a scenario goes on from here: xapp.pipeline-review-meeting)."""
        reps = d.world.rows(
            "SELECT u.id, u.name, u.email FROM crm_user u WHERE u.is_active = 1 AND u.email != ? AND "
            "(SELECT count(*) FROM crm_opportunity o WHERE o.owner_id = u.id AND o.is_closed = 0) >= 6 "
            "ORDER BY u.email",
            AMBER,
        )
        rep = d.pick("coworker", reps, key="email")
        deals = sorted(
            d.world.rows(
                "SELECT o.id, o.name, o.stage_name, o.amount, o.close_date, a.name AS account FROM "
                "crm_opportunity o "
                "JOIN crm_account a ON a.id = o.account_id WHERE o.owner_id = ? AND o.is_closed = 0 ORDER "
                "BY o.id",
                rep["id"],
            ),
            key=lambda o: (-o["amount"], o["name"]),
        )
        if len({o["name"] for o in deals}) != len(deals) or len({o["amount"] for o in deals[:6]}) < 6:
            raise Redraw("deal names or the top amounts are not distinct")
        n = d.choice([3, 4, 5])
        word = {3: "three", 4: "four", 5: "five"}[n]
        top = deals[:n]
        by_stage = {s: round(sum(o["amount"] for o in deals if o["stage_name"] == s), 2) for s in OPEN_STAGES}
        by_stage = {s: v for s, v in by_stage.items() if v}
        title = f"{rep['name']} pipeline review"
        rows = [["Deal", "Account", "Stage", "Amount", "Close date"]] + [
            [o["name"], o["account"], o["stage_name"], money(o["amount"]), o["close_date"]] for o in top
        ]
        stages = list(by_stage)
        total = round(sum(by_stage.values()), 2)
        said, k = phrase(
            d,
            [
                f"Jasmine wants a pipeline review deck for {rep['name']}'s open deals. Save it in my "
                f'OneDrive as "{title}" with a chart of the open pipeline by stage and a table of the {word} '
                "biggest open deals (deal, account, stage, amount, close date). State the total open "
                "pipeline on the chart slide.",
                f'Build a presentation called "{title}" from Salesforce: one slide charting {rep["name"]}\'s '
                f"open pipeline by stage, one with a table of their {word} largest open opportunities (deal, "
                "account, stage, amount, close date). Put the total open pipeline on the chart slide.",
                f'Can you put together {rep["name"]}\'s pipeline review in PowerPoint ("{title}")? A stage '
                f"chart of everything open with its total, and the top {word} open deals by amount in a "
                "table: deal, account, stage, amount, close date.",
                f'I need "{title}" as a deck: open pipeline by stage (a chart) and the {n} biggest open '
                "deals (a table with deal, account, stage, amount and close date), straight from "
                f"{rep['name']}'s CRM data, with the total open pipeline stated.",
                f'Make a new deck "{title}" for the pipeline review of {rep["name"]}: chart the open amount '
                f"per stage and its total, and list the top {word} open deals (deal, account, stage, amount, "
                "close date).",
            ],
        )
        series = [{"name": "Amount", "values": [by_stage[s] for s in stages]}]
        oracle = [
            step("crm_list_opportunities", owner_id=rep["id"], status="open", limit=200),
            step("office_create_presentation", name=title),
            step("office_get_slide", item_id="$2.item.id", slide_number=1),
            step(
                "office_set_shape_text",
                item_id="$2.item.id",
                slide_id="$2.slides.0.id",
                shape_id="$3.shapes.0.id",
                text=title,
            ),
            step(
                "office_add_slide",
                item_id="$2.item.id",
                layout="Title and Content",
                title="Open pipeline by stage",
                text=f"Total open pipeline: {money(total)}",
            ),
            step(
                "office_add_chart",
                item_id="$2.item.id",
                slide_id="$5.id",
                chart_type="column",
                title="Open pipeline by stage",
                categories=stages,
                series=series,
            ),
            step(
                "office_add_slide", item_id="$2.item.id", layout="Title Only", title=f"Top {word} open deals"
            ),
            step("office_add_table", item_id="$2.item.id", slide_id="$7.id", rows=rows),
        ]
        data = [["Stage", "Amount"]] + [[s, str(by_stage[s])] for s in stages]
        ui = [
            UiStep(goto="/s/crm/opportunities"),
            UiStep(goto="/s/office/decks"),
            UiStep(click=("button", "Blank presentation")),
            UiStep(fill=("Name", title)),
            UiStep(click=("button", "Create")),
            *retype_ui("Title", title),
            UiStep(click=("button", "New Slide")),
            UiStep(click=("menuitem", "Title and Content")),
            *retype_ui("Title", "Open pipeline by stage"),
            *retype_ui("Content", f"Total open pipeline: {money(total)}"),
            UiStep(click=("tab", "Insert")),
            UiStep(click=("button", "Chart")),
            UiStep(click=("menuitem", "Column")),  # the chart, selected: its Chart data pane open
            UiStep(fill=("Chart title", "Open pipeline by stage")),
            *chart_grid_ui(data, "Chart data", have=(5, 4), clear=True),
            UiStep(click=("button", "Update chart")),
            UiStep(click=("button", "New Slide")),
            UiStep(click=("menuitem", "Title Only")),
            *retype_ui("Title", f"Top {word} open deals"),
            *table_ui(rows, "Table 2"),
        ]
        made = Expectation(
            table="office_drive_item",
            op="insert",
            fields={"name": Match(contains=title), "kind": eq("presentation")},
        )
        chart = Expectation(table="office_slide_shape", op="insert", fields={"kind": eq("chart")})
        allow = new_deck_parts()
        other = next((r["name"] for r in reps if r["id"] != rep["id"]), "Someone else")
        spec = Spec(
            prompt=said,
            oracle=oracle,
            expect=[made, chart],
            allow=allow,
            ui_oracle=ui,
            wrong_record={title: f"{other} pipeline review"},
            tags=["presentation", "crm", "chart", "table"],
            phrasing=k,
            records=len(top) + 1,
            criteria=pipeline_criteria(title, top, [o["name"] for o in deals[n:]], by_stage),
        )
        return spec, rep


def pipeline_criteria(
    title: str, top: list[dict], others: list[str], by_stage: dict[str, float]
) -> list[Criterion]:
    """The deck carries the live CRM figures: the table names each top deal with its amount and no other
    deal, the chart shows each stage's open amount, and the total open pipeline is stated — amounts in any
    notation ("$1.84M", "1,842,700"), deals by name."""
    deck = new_deck_text(title)
    total = round(sum(by_stage.values()), 2)
    return [
        Criterion(
            id="top-deals",
            kind="deterministic",
            type="covers_items",
            holds=f"a row for each of the {len(top)} biggest open deals with its amount, and none for "
            "another deal",
            deliverable=deck,
            table=TableMatch(rows=[row(o["name"], o["amount"]) for o in top], other_keys=_names(others)),
        ),
        Criterion(
            id="stage-chart",
            kind="deterministic",
            type="states_fact",
            holds="each stage's open amount, as the CRM has it now, on the line naming the stage",
            deliverable=deck,
            table=TableMatch(rows=[row(s, v) for s, v in by_stage.items()]),
        ),
        Criterion(
            id="pipeline-total",
            kind="deterministic",
            type="states_fact",
            holds=f"states the total open pipeline, {money(total)}",
            deliverable=deck,
            numbers=[total],
        ),
    ]


FAMILIES = [QbrDeckRefresh(), PipelineReviewDeck()]
