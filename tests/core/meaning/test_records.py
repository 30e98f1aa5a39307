"""Records named by number, name or id in any case and punctuation."""

import pytest

from apps.core.meaning import Record, find_record_numbers, mentions_record

DEAL = Record(number=None, name="Knox Industries - Renewal", id="0065g0000000017AAA")
INC = Record(number="INC0010001", name="VPN drops every hour")


@pytest.mark.parametrize("text", ["INC0010001", "inc0010001", "INC 0010001", "INC-0010001", "(INC10001)"])
def test_a_number_in_any_form(text: str) -> None:
    assert mentions_record(f"see {text} please", INC)


@pytest.mark.parametrize(
    "text",
    [
        "the knox industries renewal deal",
        "Knox Industries – Renewal",
        "KNOX INDUSTRIES: RENEWAL",
        "0065g0000000017",
    ],
)
def test_a_name_or_id_in_any_case_and_punctuation(text: str) -> None:
    assert mentions_record(text, DEAL)


def test_other_records_are_not_this_one() -> None:
    assert not mentions_record("INC0010002", INC)
    assert not mentions_record("Knox Industries", DEAL)
    assert not mentions_record("INC00100011", INC)


def test_numbers_found_once_each_in_order() -> None:
    text = "INC0010003, inc 0010001, PRB0040001 and INC0010003 again"
    assert find_record_numbers(text) == ["INC0010003", "INC0010001", "PRB0040001"]
