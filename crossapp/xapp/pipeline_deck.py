"""A pipeline review deck for a sales rep (`xapp.pipeline-review-deck`): a chart of the rep's open pipeline
by stage and a table of their biggest open deals, from live CRM data; the deck helpers it shares with the QBR
refresh live in `decks`. Held-out entity: the rep (kind `coworker`, by mail)."""

from __future__ import annotations

from apps.office.families.common import AMBER, phrase
from apps.office.families.deck_common import (
    chart_data_ui,
    chart_title_ui,
    new_deck_parts,
    new_deck_text,
    retype_ui,
    row,
    table_ui,
)
from crossapp.xapp.decks import names_pattern
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.match_model import Match, TableMatch
from tasks.truth_model import Criterion, Expectation, UiStep
from worlds.parts.decks.asof import OPEN_STAGES, money


class PipelineReviewDeck(Family):
    name = "xapp.pipeline-review-deck"
    apps = ("crm", "office")
    surfaces = ("mcp", "cli", "ui", "python")
    version = 4  # v4: its UI oracle edits the chart through Edit Data (no Update chart); v3: UI16, event pane
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
            UiStep(click=("menuitem", "Column")),  # the new chart, selected: its Chart Data pane open
            *chart_data_ui(data, have=(5, 4), edit=False),
            *chart_title_ui("Open pipeline by stage"),
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
            table=TableMatch(
                rows=[row(o["name"], o["amount"]) for o in top], other_keys=names_pattern(others)
            ),
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


FAMILIES = [PipelineReviewDeck()]
