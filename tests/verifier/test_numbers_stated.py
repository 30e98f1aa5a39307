"""A number stated in free text (blind probe, 2026-12-05): a note that works a credit out over several
sentences states it — a policy's code, a priority or "12 months" beside it are no alternatives — while a
sentence listing guesses, or hedging between two, does not."""

from __future__ import annotations

import pytest

from tasks.families import mentions
from tasks.verifier.matching import matches

CREDIT = mentions.number(2534.17, 0.5, "money")
NOTE = (
    "Service credit of $2,534.17 approved by Derrick Perez (Director of Customer Support) on 2026-11-02 "
    "under the Service Credit Policy (HB-04).\nBreached ticket: INC0095001 (P1, logged 2026-10-30, "
    "resolution SLA missed).\nBasis: 5% of one month's fees ($608,200.00 Closed Won in prior 12 months / "
    "12 = $50,683.33).\n"
    "Customer (Janet Hayes) had asked for a full month's fees waived; the remainder was declined."
)


@pytest.mark.parametrize(
    "text",
    [
        NOTE,
        "Credit: $2,534.17 (INC0095001, P1, HB-04).",
        "We owe them 2534.17 dollars. Their contract is $608,200; a month is $50,683.33; they asked $12,700.",
    ],
)
def test_a_figure_worked_out_in_a_note_is_stated(text):
    assert matches(CREDIT, text)


@pytest.mark.parametrize(
    "text",
    [
        "The credit is $2,500, $2,534.17, $2,600 or $3,000.",
        "It comes to $2,534.17 or $3,000.",
        "It comes to $2,543.17.",
    ],
)
def test_a_list_of_guesses_or_a_hedge_is_not(text):
    assert not matches(CREDIT, text)
