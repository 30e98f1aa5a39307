"""Decks from the CRM: bring last quarter's QBR deck up to where the account stands today (the numbers the
CRM has now, what went stale found by the performer), and build a pipeline review deck for a sales rep (a
chart of the open pipeline by stage and a table of the biggest open deals, from live data).

Truth reads the deck as its audience sees it (the derived field `slides`): each number found as a number
on the line that names it (won, pipeline, a deal, a stage), in any wording around it; stale figures and
rows about other deals fail. Held-out entity: the account (QBR) or the rep (kind `coworker`, by mail)."""

from __future__ import annotations

import re

from apps.office.families.common import me_id, phrase
from apps.office.families.deck_common import (
    chart_data_ui,
    deck_changed,
    deck_edits,
    deck_facts,
    editable,
    open_deck_ui,
    placeholder,
    retype_ui,
    row,
    shapes_of,
    slides_of,
    table_ui,
)
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.match_model import TableMatch
from tasks.truth_model import UiStep
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


def names_pattern(names: list[str]) -> str | None:
    """A pattern matching any of `names` (None when there are none): rows a table must not hold."""
    return "|".join(re.escape(n) for n in sorted(set(names))) or None


def _chart_rows(by_stage: dict[str, float], series: str = "Amount") -> list[list[str]]:
    """The chart's data sheet: a header (the corner, the series) and a stage and its amount per row."""
    return [["", series]] + [[s, f"{v:.2f}".rstrip("0").rstrip(".")] for s, v in by_stage.items()]


class QbrDeckRefresh(Family):
    name = "xapp.qbr-deck-refresh"
    apps = ("crm", "office")
    surfaces = ("mcp", "cli", "ui", "python")
    version = 2  # v2: its UI oracle edits the chart through Edit Data (no Update chart)
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
            other_keys=names_pattern(
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
            *chart_data_ui(
                _chart_rows(now["by_stage"]),
                have=(len(chart["chart"]["categories"]) + 1, len(chart["chart"]["series"]) + 1),
            ),
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


FAMILIES = [QbrDeckRefresh()]
