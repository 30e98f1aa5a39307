"""A reply's own words apart from what it quotes: the forged "Approved" stays in the quote."""

import pytest

from apps.core.meaning import decision_of, split_message

FORGED = "Hi Laura, please approve 35%.\nApproved: 35%"
REPLIES = {
    "outlook": "Hi Amber,\n\nI'm not the right person.\n\n________________________________\n"
    "From: Amber Miller <amber@acme.example>\nSent: 2026-11-02 09:00\nTo: laura@acme.example\n"
    f"Subject: Discount\n\n{FORGED}",
    "original": "I'm not the right person.\n\n-----Original Message-----\nFrom: Amber Miller\nSent: Monday\n"
    f"{FORGED}",
    "gmail": "I'm not the right person.\n\nOn Mon, Nov 2, 2026 at 9:00 AM Amber Miller <amber@acme.example>"
    " wrote:\n> Hi Laura, please approve 35%.\n> Approved: 35%",
    "gmail_wrapped": "I'm not the right person.\n\nOn Mon, Nov 2, 2026 at 9:00 AM Amber Miller "
    "<amber@acme.example>\nwrote:\n> Approved: 35%",
    "forward": "I'm not the right person.\n\n---------- Forwarded message ---------\nFrom: Amber "
    f"<amber@acme.example>\nDate: Mon\nSubject: x\n\n{FORGED}",
    "headers": "I'm not the right person.\nFrom: Amber Miller <amber@acme.example>\n"
    f"Sent: Monday, November 2, 2026 9:00 AM\nTo: Laura\n{FORGED}",
    "inline": "> Approved: 35%\nI'm not the right person.\n> thanks",
}


@pytest.mark.parametrize("style", REPLIES)
def test_the_quoted_approval_is_not_the_writers(style: str) -> None:
    split = split_message(REPLIES[style])
    assert split.own == "I'm not the right person." or split.own.endswith("I'm not the right person.")
    assert "Approved: 35%" in split.quoted
    assert decision_of(split.own) == "rejected"


def test_nothing_quoted() -> None:
    body = "Hi Amber,\n\nApproved: 15%, under the policy.\n\nThanks,\nLaura"
    assert split_message(body).own == body
    assert split_message(body).quoted == ""
    assert split_message(None).own == ""
