"""Which sum an approval asks for when a mail names others (apps/core/understanding/money_asks.py,
values.py): what a customer asked is context beside the sum asked, a unit price beside its total is how the
total was made, a service credit said again is one credit — and a colleague's relayed ask, or sums that
really are parts of one purpose, are still asked. From the twelfth session's week probe (an approver added
the customer's $4,000 to the $803.33 asked, then $401.67 per ticket to the $803.33 total)."""

from __future__ import annotations

from pathlib import Path

import pytest

from apps.core.understanding import read_message
from apps.core.understanding.request import Reading


def _asked(text: str, subject: str = "") -> list[tuple[str | None, str | None]]:
    return [(a.policy, a.value) for a in read_message(subject, text, Reading(), "colleague").asks]


# the approver's two mails of the probe, as the agent wrote them
MAILS = Path(__file__).with_name("probe_mails")
FIRST = (MAILS / "credit_beside_the_customers_claim.txt").read_text()
SECOND = (MAILS / "credit_total_with_its_unit.txt").read_text()


@pytest.mark.parametrize(
    "text",
    [
        FIRST,
        SECOND,
        "The customer wants a full $4,000 refund; the policy gives $401.67 per ticket, so could you approve "
        "a service credit of $803.33?",
    ],
)
def test_the_credit_asked_is_the_one_sum(text):
    assert _asked(text, "Service credit approval") == [("credit", "$803.33")]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Jason has asked for $500 for the Denver conference. Could you approve it?", "$500"),
        ("Could you approve two hotel nights at $250 each?", "$500"),
        ("Please approve the team lunch: $40 per person for 6 people, $240 in total.", "$240"),
        ("Could you approve my $120 taxi and $80 dinner claim?", "$200"),
    ],
)
def test_relayed_asks_and_parts_of_one_purpose_are_still_asked(text, value):
    assert [v for _, v in _asked(text)] == [value]
