"""A message that only thanks, agrees or closes is read as courtesy — nothing to answer — and one that also
reports, asks or disagrees is not (apps/core/understanding/courtesy.py)."""

from __future__ import annotations

import pytest

from apps.core.understanding import read_message
from tests.support.understanding import sample_reading

COURTESY = [
    "Thanks!",
    "Thanks Jacqueline, appreciate it!",
    "Great, thank you - have a good weekend!",
    "Great, thanks Alyssa — let me know if you need anything else.",
    "Perfect, thanks.",
    "Sounds good, cheers",
    "Hi Jacqueline,\n\nThanks for confirming.\n\nBest,\nAmber",
    "Will do, thanks!",
    "Got it, thanks a lot for your help!",
    "Thanks, noted.",
    "Danke!",
    "Hi Keith,\n\nThanks so much!\n\nAmber Miller",
]
NOT_COURTESY = [
    "Thanks - done, the close date is now Dec 14.",
    "Thanks! Any news on the amount?",
    "Thanks anyway, but the amount is wrong.",
    "Great, thanks. Please also approve 5% on it.",
    "Thanks for your help, I will send it tomorrow.",
    "Thanks — I've let Kayla know.",
]


@pytest.mark.parametrize("text", COURTESY)
def test_thanks_and_closings_alone_are_courtesy(text):
    request = read_message("RE: Cole-Olson", text, sample_reading())
    assert request.courtesy and not request.asks and not request.news


@pytest.mark.parametrize("text", NOT_COURTESY)
def test_news_a_question_a_request_or_a_complaint_is_not(text):
    assert not read_message("RE: Cole-Olson", text, sample_reading()).courtesy
