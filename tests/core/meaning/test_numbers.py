"""Numbers in every notation a competent writer uses, and what is not a quantity."""

import pytest

from apps.core.meaning import find_numbers, states_number


@pytest.mark.parametrize(
    ("text", "value", "kind"),
    [
        ("12.5%", 12.5, "percent"),
        ("12.5 percent", 12.5, "percent"),
        ("12.5 per cent", 12.5, "percent"),
        ("twelve and a half percent", 12.5, "percent"),
        ("twelve point five percent", 12.5, "percent"),
        ("one and a half percent", 1.5, "percent"),
        ("12,5 %", 12.5, "percent"),
        ("$1,250.00", 1250, "money"),
        ("USD 1,250", 1250, "money"),
        ("1,250 dollars", 1250, "money"),
        ("one thousand two hundred fifty dollars", 1250, "money"),
        ("1.25k", 1250, "number"),
        ("$42.5K deal", 42500, "money"),
        ("1 250", 1250, "number"),
        ("1\u00a0250", 1250, "number"),
        ("$1.2m", 1_200_000, "money"),
        ("2 million", 2_000_000, "number"),
        ("two million dollars", 2_000_000, "money"),
        ("twelve thousand five hundred", 12_500, "number"),
        ("12 and three quarters", 12.75, "number"),
        ("there are three", 3, "number"),
        ("just one incident", 1, "number"),
        ("Hello, one - many thanks", 1, "number"),
        ("zero", 0, "number"),
        ("1,244,451.79", 1_244_451.79, "number"),
        ("-4.5", -4.5, "number"),
    ],
)
def test_one_quantity_in_any_notation(text: str, value: float, kind: str) -> None:
    (q,) = find_numbers(text)
    assert q.value == pytest.approx(value)
    assert q.kind == kind


@pytest.mark.parametrize(
    "text",
    [
        "INC0010001, PRB0040001 and KB0010001",
        "kept until May 4, 2031 (2031-05-04)",
        "at 09:00 on 11/05/2026",
        "mail amber.miller@acme.example",
        "see https://acme.example/x/123",
        "the 4th",
        "one of them",
        "no one answered",
    ],
)
def test_no_quantity_where_digits_are_not_one(text: str) -> None:
    assert find_numbers(text) == []


def test_a_count_with_the_records_counted_states_only_the_count() -> None:
    found = find_numbers("3 incidents: INC0010001, INC0010002 and INC0010003")
    assert [q.value for q in found] == [3]


def test_states_number_with_kind_and_tolerance() -> None:
    assert states_number("a 15 % discount on a $42,500 deal", 15, kind="percent")
    assert states_number("a 15 % discount on a $42,500 deal", 42500, kind="money")
    assert not states_number("a 15 % discount", 15, kind="money")
    assert states_number("about 1,244,451.80", 1_244_451.79, tol=0.01)
    assert not states_number("1,244,452", 1_244_451.79, tol=0.01)
    assert states_number("the discount is 12.5", 12.5, kind="percent")  # a bare number may carry the unit
