"""How colleagues and customers acknowledge updates (`apps/office/coworkers/acknowledgements.py`): a varied
line chosen deterministically, never a wording already in the thread, naming the fields the update says it
changed and nothing else. Played through real mail threads: the persona corpus (follow-32/33, customer-43)."""

from __future__ import annotations

from apps.office.coworkers.acknowledgements import GENERAL, NAMED, acknowledgement, changed_fields


def _thread(who: str, updates: list[str]) -> list[str]:
    """The acknowledgements of `updates` sent one after another in one thread (each update, then its ack)."""
    earlier = ["What stage is the deal in?", "Hi Amber,\n\nIt is at Value Proposition."]
    said = []
    for update in updates:
        line = acknowledgement(who, "RE: Cole-Olson", update, earlier)
        said.append(line)
        earlier += [update, f"Hi Amber,\n\n{line}\n\nAlyssa"]
    return said


def test_the_same_person_thread_and_update_give_the_same_line():
    update = "Done: I've moved the close date to December 14."
    assert acknowledgement("p-1", "RE: Deal", update, ["a", "b"]) == acknowledgement(
        "p-1", "Re: deal", update, ["a", "b"]
    )


def test_no_wording_is_said_twice_in_a_thread():
    said = _thread("p-1", [f"I've sent the figures to customer {i}." for i in range(len(GENERAL))])
    assert len(set(said)) == len(said), said
    assert set(said) == set(GENERAL)


def test_two_updates_before_the_first_thanks_arrives_get_two_lines():
    """The first thanks is not yet in the thread when the second update is read: the turn still differs."""
    first = acknowledgement("p-1", "RE: Deal", "I've logged the call.", ["q", "a"])
    second = acknowledgement("p-1", "RE: Deal", "I've told Kayla.", ["q", "a", "I've logged the call."])
    assert first != second


def test_people_and_threads_vary_the_line():
    lines = {acknowledgement(f"p-{i}", f"Deal {i}", "I've logged the call.", ["q", "a"]) for i in range(30)}
    assert len(lines) >= 6, lines


def test_the_line_names_the_fields_the_update_changed():
    line = acknowledgement("p-1", "Deal", "Done: I've moved the close date to December 14, 2026.", ["q", "a"])
    assert "close date" in line and "amount" not in line
    both = acknowledgement("p-2", "Deal", "I've updated the amount and set the stage to Negotiation.", [])
    assert "amount and stage" in both


def test_a_named_wording_is_not_used_again_for_another_field():
    said = _thread("p-3", [f"I've updated the {f}." for f in ("close date", "amount", "stage", "next step")])
    stems = [next(t.split("{what}")[0] for t in NAMED if s.startswith(t.split("{what}")[0])) for s in said]
    assert len(set(stems)) == 4, said
    assert all(f in s for f, s in zip(("close date", "amount", "stage", "next step"), said, strict=True))


def test_what_was_held_off_quoted_or_left_is_not_named():
    assert changed_fields("I haven't changed the amount yet: the revised quote is still open.") == []
    assert changed_fields("I've held off on the amount until Brian signs off.") == []
    assert changed_fields("The amount stays at $373,350 for now.") == []
    assert changed_fields("I updated the CRM and sent Kayla the amount.") == []
    figures = (
        "Done: the close date of Gillespie Inc - Field Service App is now Monday, December 14, and I've "
        "sent Kayla Ray the figures (amount $373,350.00, close date Dec 14)."
    )
    assert changed_fields(figures) == ["close date"]
    assert changed_fields("Stewart PLC's Training Program now closes on December 14, 2026.") == ["close date"]
    assert changed_fields('The next step is now "Legal review".') == ["next step"]
