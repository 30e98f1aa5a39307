"""The pieces of the verifier decks rely on: a table rule's `absent` rows (a stale figure left beside the
new one fails), step references that leave amounts alone, and a deck's shown slides as text."""

from __future__ import annotations

from apps.core.api import Gym
from apps.office.derived import deck_slides
from tasks.match_model import TableMatch, TableRow
from tasks.refs import resolve_args
from tasks.verifier.tables import table_problems


def test_absent_rows_fail_a_table_that_still_shows_them():
    rule = TableMatch(
        rows=[TableRow(key="pipeline", amounts=[455000])], absent=[TableRow(key="pipeline", amounts=[420000])]
    )
    assert table_problems(rule, "Open pipeline: $455,000 across 4 deals") == []
    both = "Open pipeline: $455,000 across 4 deals\nOpen pipeline (Q3): $420,000"
    assert table_problems(rule, both) == ["a row still shows pipeline with 420,000.00"]
    assert (
        "absent" not in TableMatch(rows=[TableRow(key="x")]).model_dump()
    )  # digests of older rules unchanged


def test_amounts_are_not_step_references():
    results = [{"id": "abc", "rows": [{"id": "r1"}]}]
    args = {"a": "$1.id", "b": "$1.rows.0.id", "c": ["$995,200", "$12.50", "$500", "$1"]}
    assert resolve_args(args, results) == {"a": "abc", "b": "r1", "c": ["$995,200", "$12.50", "$500", "$1"]}


def test_a_deck_reads_as_its_shown_slides():
    ep = Gym().create_episode("tiny", apps=["office"])
    made = ep.call("office_create_presentation", name="Shown")
    item = made["item"]["id"]
    shown = ep.call("office_add_slide", item_id=item, title="Numbers", text="Won: $10")
    ep.call(
        "office_add_table",
        item_id=item,
        slide_id=shown["id"],
        rows=[["Deal", "Amount"], ["A", "$5"]],
    )
    hidden = ep.call("office_add_slide", item_id=item, title="Old numbers", text="Won: $9")
    ep.call("office_set_slide_hidden", item_id=item, slide_id=hidden["id"])
    chart = ep.call("office_add_slide", item_id=item, title="Chart")
    ep.call(
        "office_add_chart", item_id=item, slide_id=chart["id"], chart_type="bar", title="By stage",
        categories=["Open", "Won"], series=[{"name": "Amount", "values": [100.5, 200]}],
    )  # fmt: skip
    text = deck_slides(ep.db, item)
    assert text.split("\n") == [
        "# Slide 1: ",
        "# Slide 2: Numbers",
        "Won: $10",
        "Deal | Amount",
        "A | $5",
        "# Slide 3: Chart",
        "By stage",
        "Open | 100.5",
        "Won | 200",
    ]
