"""The equals rule reads stored datetimes ('YYYY-MM-DD HH:MM:SS') as ISO ones, and nothing else."""

from tasks.match_model import Match
from tasks.verifier.matching import matches


def test_a_stored_datetime_equals_its_iso_prefix():
    assert matches(Match(equals="2026-11-10T14:00"), "2026-11-10 14:00:00.000000")
    assert not matches(Match(equals="2026-11-10T15:00"), "2026-11-10 14:00:00.000000")


def test_a_text_with_a_capital_t_is_compared_exactly():
    assert matches(Match(equals="Technology Partner"), "Technology Partner")
    assert not matches(Match(equals="Technology Partner"), "Technology Partners")
