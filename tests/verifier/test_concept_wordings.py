"""Every concept the meaning layer knows by name is judged by its meaning, whatever the wording: each passes
the wordings a competent person would write and fails a bare refusal, another concept's reason, a negated
reason and the prompt's own words echoed back. Outcomes were decided before the matcher ran; the wordings
live beside this file (`reason_wordings`, `access_wordings`, `fact_wordings`)."""

from __future__ import annotations

import pytest

from apps.core.meaning.reason_concepts import CONCEPTS
from tasks.families import mentions
from tasks.verifier.matching import describe, matches
from tests.verifier.access_wordings import ACCESS_RULES
from tests.verifier.fact_wordings import FACTS
from tests.verifier.reason_wordings import RECORD_RULES

CASES = {**RECORD_RULES, **ACCESS_RULES, **FACTS}


def _rule(concept: str, names: list[str]):
    return mentions.reason(concept, names=names)[0]


@pytest.mark.parametrize(
    ("concept", "text"), [(c, t) for c, (_, ok, _) in CASES.items() for t in ok], ids=lambda v: str(v)[:40]
)
def test_competent_wordings_give_the_reason(concept: str, text: str) -> None:
    assert matches(_rule(concept, CASES[concept][0]), text), describe(_rule(concept, CASES[concept][0]))


@pytest.mark.parametrize(
    ("concept", "text"), [(c, t) for c, (_, _, bad) in CASES.items() for t in bad], ids=lambda v: str(v)[:40]
)
def test_no_reason_bare_wrong_negated_or_echoed_fails(concept: str, text: str) -> None:
    assert not matches(_rule(concept, CASES[concept][0]), text)


def test_every_concept_is_covered() -> None:
    assert set(CASES) == set(CONCEPTS)
    for concept, (_, ok, bad) in CASES.items():
        assert len(ok) >= 8 and len(bad) >= 4, concept
