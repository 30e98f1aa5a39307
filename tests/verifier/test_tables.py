"""The table match rule: a report's rows found by key with exact amounts, in any usual layout; a missing,
extra or off-by-one row fails; and the calibration mutants built from it."""

from __future__ import annotations

import pytest

from tasks.match_model import Match, TableMatch
from tasks.verifier.matching import describe, matches
from tasks.verifier.tables import bump_amount, drop_row, table_problems

A, B = "0065g000000008gAAA", "0065g00000000MrAAI"
RULE = TableMatch.model_validate(
    {
        "rows": [
            {"key": A, "aliases": [A[:15]], "words": ["duplicate"], "amounts": [6300.0]},
            {"key": B, "aliases": [B[:15]], "words": ["missing counterpart"], "amounts": [190200.0]},
            {"key": "Total", "amounts": [196500.0]},
        ],
        "other_keys": r"\b006[0-9A-Za-z]{12}(?:[0-9A-Za-z]{3})?\b",
    }
)
MARKDOWN = (
    f"| Opp | Kind | Amount |\n|---|---|---|\n| {A} | duplicate | 6,300.00 |\n"
    f"| {B} | missing counterpart | 190,200.00 |\n| Total | | 196,500.00 |"
)


@pytest.mark.parametrize(
    "text",
    [
        MARKDOWN,
        f"{A}\tDuplicate\t$6,300\n{B[:15]}\tMissing-counterpart\t(190,200.00)\nTOTAL\t\t196500",
        f"<table><tr><td>{A}</td><td>duplicate</td><td>6300.00</td></tr><tr><td>{B}</td>"
        f"<td>missing_counterpart</td><td>-190,200</td></tr><tr><th>Total</th><td>196,500.00</td></tr></table>",
        f"Hi,\n{A},duplicate,6300.0\n{B},missing counterpart,190200\nTotal,,196500.00\nThanks",
    ],
)
def test_layouts_that_match(text):
    assert table_problems(RULE, text) == []
    assert matches(Match(table=RULE), text)


def test_missing_extra_off_by_one_and_wrong_kind_fail():
    assert table_problems(RULE, drop_row(MARKDOWN, B)) == [f"no row for {B} with 190,200.00"]
    assert table_problems(RULE, bump_amount(MARKDOWN, A, 6300.0)) == [f"no row for {A} with 6,300.00"]
    extra = MARKDOWN + "\n| 0065g0000000063AAA | amount mismatch | 4,113.00 |"
    assert table_problems(RULE, extra) == ["a row about 0065g0000000063AAA, which is not expected"]
    assert table_problems(RULE, MARKDOWN.replace("| duplicate |", "| split invoice |"))
    assert table_problems(RULE, MARKDOWN.replace("6,300.00", "6,300.01"))
    assert not matches(Match(table=RULE), None)
    assert describe(Match(table=RULE)).startswith("a table of exactly 3 rows")


def test_a_match_holds_one_rule():
    with pytest.raises(ValueError, match="exactly one rule"):
        Match(table=RULE, contains="x")
