"""People named in any form, and only when the form names one candidate."""

import pytest

from apps.core.meaning import Person, find_people, mentions_person

LAURA = Person("Laura Graham", "laura.graham@acme.example")
KEVIN = Person("Kevin Graham", "kevin.graham@acme.example")
JOSE = Person("José Álvarez", "jose.alvarez@acme.example")
LAURA_S = Person("Laura Smith", "laura.smith@acme.example")
STAFF = [LAURA, KEVIN, JOSE]


@pytest.mark.parametrize(
    ("text", "how"),
    [
        ("Notified Laura Graham (Software support group manager)", "full"),
        ("Escalated to Laura Graham.", "full"),
        ("escalated to LAURA GRAHAM", "full"),
        ("Graham, Laura has it", "last_first"),
        ("Laura M. Graham", "full"),
        ("mailed laura.graham@acme.example", "email"),
        ("Hi Laura, thanks", "first"),
        ("Laura Grahm approved", "typo"),
    ],
)
def test_laura_in_any_form(text: str, how: str) -> None:
    (m,) = find_people(text, STAFF)
    assert (m.person, m.how) == (LAURA, how)


def test_diacritics_and_case_are_ignored() -> None:
    assert mentions_person("spoke to jose alvarez", JOSE)
    assert mentions_person("JOSÉ ÁLVAREZ", JOSE)


def test_ambiguous_short_forms_name_nobody() -> None:
    assert find_people("Hi Laura", [*STAFF, LAURA_S]) == []  # two Lauras
    assert find_people("Ms. Graham said no", STAFF) == []  # two Grahams
    assert find_people("Ms. Smith said no", [*STAFF, LAURA_S])[0].person == LAURA_S
    assert not mentions_person("Laura", LAURA)  # no candidates given: a first name proves nothing
    assert mentions_person("Laura", LAURA, [KEVIN])


def test_another_person_is_not_a_typo_of_the_one_asked() -> None:
    assert not mentions_person("Laura Smith", LAURA, [LAURA_S])
    assert not mentions_person("Kevin Graham", LAURA, [KEVIN])


def test_every_named_candidate_is_found_once() -> None:
    found = find_people("Laura Graham, Kevin Graham and jose.alvarez@acme.example; Laura again", STAFF)
    assert [m.person for m in found] == [LAURA, KEVIN, JOSE]
