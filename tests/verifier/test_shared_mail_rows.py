"""One mail may meet several mail expectations of different fields (tasks/verifier/expectations.py
`SHARED_ROWS`): a mail to the customer with the requester in Cc tells both (the browser probe's agents did
that twice). Two mails asked of the same person stay two, and no other table's row counts twice."""

from __future__ import annotations

from apps.core.journal import NetChange, literal
from tasks.match_model import Match
from tasks.truth_model import Expectation
from tasks.verifier.expectations import after_values, check_expectations

ME = "amber"


def _mail(i: int, to: list[str], cc: list[str]) -> tuple[tuple[str, str], NetChange]:
    fields = {"owner_id": literal(ME), "to_recipients": literal(str(to)), "cc_recipients": literal(str(cc))}
    pk = literal(f"m{i}")  # a row's key as the journal writes it
    return ("office_message", pk), NetChange("office_message", pk, None, fields, (i,))


def _derive(changes):  # the derived `recipients`: To and Cc, as apps/office/derived.py makes it
    def derive(table, pk, name):
        row = after_values(changes[(table, literal(pk))])
        return (
            "; ".join(str(row[k]) for k in ("to_recipients", "cc_recipients"))
            if name == "recipients"
            else None
        )

    return derive


def _told(who: str) -> Expectation:
    fields = {"owner_id": Match(equals=ME), "recipients": Match(contains=who)}
    return Expectation(table="office_message", op="insert", fields=fields)


def test_a_mail_to_the_customer_with_the_requester_in_cc_tells_both():
    changes = dict([_mail(1, ["patrick@customer.example"], ["hannah@acme.example"])])
    checks, _ = check_expectations(
        [_told("patrick@customer.example"), _told("hannah@acme.example")], changes, _derive(changes)
    )
    assert [c.ok for c in checks] == [True, True], checks


def test_two_mails_asked_of_one_person_need_two_mails():
    changes = dict([_mail(1, ["hannah@acme.example"], [])])
    checks, _ = check_expectations(
        [_told("hannah@acme.example"), _told("hannah@acme.example")], changes, _derive(changes)
    )
    assert [c.ok for c in checks] == [True, False], checks
    changes = dict([_mail(1, ["hannah@acme.example"], []), _mail(2, ["hannah@acme.example"], [])])
    checks, _ = check_expectations(
        [_told("hannah@acme.example"), _told("hannah@acme.example")], changes, _derive(changes)
    )
    assert [c.ok for c in checks] == [True, True], checks


def test_no_one_is_told_by_a_mail_they_were_not_on():
    changes = dict([_mail(1, ["patrick@customer.example"], [])])
    checks, _ = check_expectations(
        [_told("patrick@customer.example"), _told("hannah@acme.example")], changes, _derive(changes)
    )
    assert [c.ok for c in checks] == [True, False], checks
