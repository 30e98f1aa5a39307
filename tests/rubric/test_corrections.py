"""A conversation's deliverable read as a thread (tasks/rubric/corrections.py): a later answer is the
last word, a correction is read applied to the mail it corrects — not alone (which lacks the rest) and
not beside it (which keeps the superseded figure). From the sixth blind probe: an audit's second mail
corrected two figures."""

from __future__ import annotations

import pytest

from apps.core.journal import NetChange, literal
from tasks.match_model import Match
from tasks.rubric.corrections import read_thread
from tasks.rubric.deliverables import deliverable_text
from tasks.rubric.evaluate import deterministic_problems
from tasks.truth_model import Criterion, Deliverable

AUDIT = """Hi Laura,

Here is the Q4 revenue audit. Exceptions found:
1. Hogan LLC - Data Migration Package: amount mismatch, the CRM shows $120,000 and the invoice $104,520.
2. Parker PLC - Platform Upgrade: never billed, $38,400.
3. CM-2026-00003 for Olson Ltd: credit memo booked as a debit, $7,200.

Subtotal of amount mismatches: $15,480. Subtotal of unbilled deals: $38,400.
Net effect on revenue: -$26,679.

Best, Amber"""
HOLDING = "Hi Laura, I'm on it and will send the audit by Friday. Amber"


def _mails(*bodies: str) -> dict:
    """The mails to the controller, in the order sent (action ids 1, 2, …)."""
    return {
        ("office_message", f"m{i}"): NetChange(
            "office_message",
            f"m{i}",
            None,
            {"to_recipients": literal("laura.graham@acme.example"), "body_content": literal(body)},
            (i,),
        )
        for i, body in enumerate(bodies, start=1)
    }


def _criterion(numbers: list[float], names: list[str] = ()) -> Criterion:
    return Criterion(
        id="audit",
        kind="deterministic",
        type="states_fact",
        holds="the audit states every exception and the net effect",
        deliverable=Deliverable(
            table="office_message",
            field="body_content",
            where={"to_recipients": Match(contains="laura.graham@acme.example")},
        ),
        numbers=numbers,
        names=list(names),
    )


@pytest.mark.parametrize(
    "correction",
    [
        "Correction: the net effect on revenue is -$24,679; the rest stands. Amber",
        "Hi Laura, a correction to my earlier mail: the net effect should read -$24,679, not -$26,679. "
        "Everything else stands.",
        "Sorry — typo: the net effect is -$24,679 (not -$26,679). Amber",
    ],
)
def test_a_correction_is_read_applied_to_the_mail_it_corrects(correction):
    complete = _criterion([24_679, 38_400, 7_200], ["Hogan LLC", "Parker PLC"])
    alone = deterministic_problems(complete, correction)
    assert alone, "the correction alone lacks the exceptions: this deliverable must need the combined reading"
    text = deliverable_text(complete.deliverable, _mails(AUDIT, correction), None)
    assert deterministic_problems(complete, text) == [], text
    # the superseded figure does not count: a criterion wanting it fails on the reading
    assert deterministic_problems(_criterion([26_679]), text), text


def test_two_figures_corrected_one_named_and_one_by_its_words():
    text = read_thread(
        [AUDIT, "Correction: the subtotal of unbilled deals is $36,400, not $38,400, and the net effect is "
         "-$24,679. The rest stands."]
    )  # fmt: skip
    assert "$36,400" in text and "$38,400" not in text and "-$24,679" in text and "26,679" not in text, text
    assert "Hogan LLC" in text and "$7,200" in text and "$15,480" in text, text


def test_a_later_answer_is_still_the_last_word():
    assert deliverable_text(_criterion([24_679]).deliverable, _mails(HOLDING, AUDIT), None) == AUDIT
    restated = AUDIT.replace("-$26,679", "-$24,679") + "\n\n(Corrected: the net effect.)"
    assert read_thread([AUDIT, restated]) == restated  # a full restatement is read alone


def test_a_corrected_fact_the_mail_did_not_state_is_added():
    text = read_thread(
        [AUDIT, "Correction: I left out the tax: 8.5% on the unbilled total. The rest stands."]
    )
    assert text.startswith(AUDIT) and "8.5%" in text, text
