"""An expectation written by a time (`Expectation.written`): the write counts only when the row's own
modification time (stamped from the episode clock) falls inside the window, and the readable diff says the
deadline in the asker's words and when the write landed, in their zone."""

import pytest

from apps.core.journal import NetChange
from tasks.match_model import Match
from tasks.truth_model import Expectation, WriteWindow
from tasks.verifier.expectations import check_expectations

WINDOW = WriteWindow(
    column="last_modified_date",
    after="2026-11-03T17:05:00",
    before="2026-11-04T18:00:00",
    said="Joel Blackburn: new title in before Wednesday 10:00 PST",
    zone="America/Los_Angeles",
)


def _update(stamp: str, title: str = "CFO") -> dict:
    before = {"id": "'003A'", "title": "'VP'", "last_modified_date": "'2026-10-01 12:00:00.000000'"}
    after = {**before, "title": f"'{title}'", "last_modified_date": f"'{stamp}'"}
    return {("crm_contact", "003A"): NetChange("crm_contact", "'003A'", before, after, (1,))}


def _check(changes: dict, op: str = "update") -> tuple[bool, str]:
    exp = Expectation(table="crm_contact", op=op, pk="003A" if op == "update" else None,
                      fields={"title": Match(text="CFO")}, written=WINDOW)  # fmt: skip
    check = check_expectations([exp], changes)[0][0]
    return check.ok, check.detail


def test_a_write_inside_the_window_meets_it():
    assert _check(_update("2026-11-04 09:00:00.000000")) == (True, "")


def test_a_write_after_the_deadline_says_when_it_landed_in_the_askers_zone():
    ok, detail = _check(_update("2026-11-07 00:20:00.000000"))
    assert not ok
    said = "Joel Blackburn: new title in before Wednesday 10:00 PST"
    assert detail == f"{said} — it was written Friday 16:20 PST"


def test_a_write_before_the_request_arrived_does_not_count():
    ok, detail = _check(_update("2026-11-02 15:00:00.000000"))
    assert not ok and detail.endswith("before the request arrived")


def test_a_wrong_value_is_reported_as_before_the_window():
    ok, detail = _check(_update("2026-11-04 09:00:00.000000", title="COO"))
    assert not ok and detail.startswith("title is 'COO'")


def test_an_insert_is_held_to_its_window():
    after = {"id": "'00TA'", "title": "'CFO'", "last_modified_date": "'2026-11-05 09:00:00'"}
    changes = {("crm_contact", "00TA"): NetChange("crm_contact", "'00TA'", None, after, (1,))}
    ok, detail = _check(changes, op="insert")
    assert not ok and "it was written Thursday 01:00 PST" in detail


def test_a_window_is_only_for_writes_and_unsaid_when_absent():
    with pytest.raises(ValueError):
        Expectation(table="crm_contact", op="delete", pk="003A", written=WINDOW)
    assert "written" not in Expectation(table="crm_contact", op="delete", pk="003A").model_dump()
