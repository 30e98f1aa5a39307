"""A colleague's answer to "which one did you mean?" fits the question it answers (apps/office/coworkers/
briefs.py): the s10 blind probe's requester answered a question listing five candidate deals with "the
other one stays as it is"."""

from __future__ import annotations

from apps.core.understanding import Reading
from apps.office.coworkers.briefs import fit_others
from tests.support.understanding import deal

ACME = [
    "Moss Group - Acme IoT Hub Subscription",
    "Moss Group - Acme Field Service App",
    "Moss Group - Acme Platform Upgrade",
    "Moss Group - Acme Support Renewal",
    "Moss Group - Acme Data Migration",
]
READING = Reading(world=[deal(name, "Proposal", 10_000 + i) for i, name in enumerate(ACME)])
WHICH = "Sorry, I should have said: the Acme IoT Hub Subscription one ($80,700)"
SAID = f"{WHICH} — the other one stays as it is."


def test_a_question_listing_five_candidates_gets_the_others_stay_as_they_are():
    question = "Hi Noah,\n\nWhich of these do you mean?\n\n" + "\n".join(f"- {n}" for n in ACME)
    assert fit_others(SAID, question, READING) == f"{WHICH} — the others stay as they are."


def test_candidates_named_in_a_sentence_count_too():
    question = f"Do you mean {ACME[0]}, {ACME[1]} or {ACME[2]}?"
    assert fit_others(SAID, question, READING).endswith("the others stay as they are.")


def test_a_question_naming_two_keeps_the_other_one_and_turns_others_into_it():
    question = f"Do you mean {ACME[0]} or {ACME[1]}?"
    assert fit_others(SAID, question, READING) == SAID
    plural = SAID.replace("the other one stays as it is", "the others stay as they are")
    assert fit_others(plural, question, READING) == SAID


def test_a_question_listing_none_keeps_the_answer():
    assert fit_others(SAID, "Which Acme deal do you mean?", READING) == SAID
