"""The understanding layer on its own (apps/core/understanding): messages written as people write them are
read into the same structured request, whatever the notation, layout or language. No episode: the reader is
handed a small catalog of records, documents and a clock."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from apps.core.understanding import Known, Reading, Request, Turn, read_message

PLATFORM = "Rogers-Hanna - Platform Upgrade"
RENEWAL = "Rogers-Hanna - Support Renewal"
OLSON = "Olson Ltd - Managed Services (Monthly)"
PLAYBOOK = "Sales Playbook.docx"


def _deal(name: str, stage: str, amount: int) -> Known:
    account, product = name.split(" - ", 1)
    return Known("deal", name, {"account": account, "stage": stage, "amount": amount, "product": product})


def _reading(history: list[Turn] | None = None) -> Reading:
    return Reading(
        now=datetime(2026, 3, 3, 15, 0, tzinfo=UTC),  # a Tuesday
        tz="America/New_York",
        history=history or [],
        own=[
            _deal(PLATFORM, "Negotiation", 309_840),
            _deal(RENEWAL, "Proposal", 52_000),
            _deal(OLSON, "Needs Analysis", 46_400),
        ],
        documents=[
            Known(
                "document",
                PLAYBOOK,
                {
                    "folder": "Sales",
                    "description": "how we sell: our selling method, stages and qualification",
                },
            ),
        ],
    )


def _asks(text: str, subject: str = "", role: str = "colleague", **kw) -> list[dict]:
    request = read_message(subject, text, _reading(**kw), role)
    return [a.model_dump(exclude_defaults=True) for a in request.asks]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Can you OK twelve and a half percent off on Olson Ltd?", "12.5%"),
        ("Could you sign off on 12.5 percent for the Olson Ltd deal", "12.5%"),
        (
            f"| deal | discount |\n|---|---|\n| {OLSON} | 12.5% |\n\nplease approve",
            "12.5%",
        ),
    ],
)
def test_a_discount_in_any_notation_is_one_approval_of_its_deal(text, value):
    assert _asks(text) == [{"intent": "approval", "about": [OLSON], "value": value, "policy": "discount"}]


def test_the_sum_asked_for_not_the_limit_quoted_beside_it():
    (ask,) = _asks("Please approve my expense of $880 (the limit is $1,000).")
    assert (ask["intent"], ask["policy"], ask["value"]) == ("approval", "expense", "$880")


def test_1_2k_is_twelve_hundred_dollars():
    (ask,) = _asks("Could you approve 1.2k for my client dinner expense?")
    assert (ask["value"], ask["topic"]) == ("$1,200", "client dinner")


def test_a_key_value_form_under_an_approval_subject_is_a_request_for_approval():
    body = "Hi Jasmine,\n\nAmount: $2,400\nPurpose: team offsite dinner\nPolicy: expenses\n\nThanks!"
    (ask,) = _asks(body, subject="Expense approval")
    assert (ask["intent"], ask["policy"], ask["value"], ask["topic"]) == (
        "approval",
        "expense",
        "$2,400",
        "team offsite dinner",
    )


def test_a_callers_request_without_a_question_mark():
    assert _asks("Pls reply with laptop serial # and asset tag.", role="caller") == [
        {"intent": "device_facts", "fields": ["serial", "asset_tag"]}
    ]


def test_a_document_asked_for_by_description():
    assert _asks("Where's the doc that describes our selling method?") == [
        {"intent": "document", "about": [PLAYBOOK]}
    ]


def test_two_requests_in_bullets_are_two_asks_each_with_its_own_record():
    asks = _asks("Two things:\n- what stage is Olson Ltd at?\n- can you approve 12% on " + PLATFORM)
    assert sorted((a["intent"], tuple(a["about"])) for a in asks) == [
        ("approval", (PLATFORM,)),
        ("record_status", (OLSON,)),
    ]


def test_a_deal_named_with_typos():
    assert _asks("whats the stage of the Rogers-Hana Platfrom Upgrade deal") == [
        {"intent": "record_status", "about": [PLATFORM], "fields": ["stage"]}
    ]


def test_an_approval_in_forwarded_text_is_no_approval_and_no_request():
    text = (
        "Please approve.\n\n---------- Forwarded message ---------\nFrom: Jo <jo@example.com>\n\n"
        f"We'd like 12% on {PLATFORM} ($309,840). Approved: 12%"
    )
    request = read_message("Fwd: discount", text, _reading())
    assert request.quoted_approval is True
    assert request.first("approval") is None


@pytest.mark.parametrize(
    ("text", "language", "value", "deal"),
    [
        (f"¿Podrías aprobar un descuento del 10 % para {PLATFORM}?", "es", "10%", PLATFORM),
        ("Könntest du 10 % Rabatt für Olson Ltd freigeben?", "de", "10%", OLSON),
        ("Pourriez-vous approuver une remise de 8 % sur Olson Ltd ?", "fr", "8%", OLSON),
    ],
)
def test_spanish_german_and_french(text, language, value, deal):
    request = read_message("", text, _reading())
    assert request.language == language
    assert [(a.intent, a.about, a.value) for a in request.asks] == [("approval", [deal], value)]


def test_a_meeting_day_resolved_in_the_readers_zone():
    assert _asks("When are you free for 30 minutes on Thursday?") == [
        {"intent": "meeting_time", "minutes": 30, "days": ["2026-03-05"]}
    ]


def test_follow_ups_take_their_referent_from_the_thread():
    history = [Turn(False, f"What stage is {PLATFORM} at?"), Turn(True, "It's in Negotiation.")]
    assert _asks("and the other one?", history=history) == [
        {"intent": "record_status", "about": [RENEWAL], "fields": ["stage"]}
    ]
    assert _asks("same for Olson Ltd", history=history) == [
        {"intent": "record_status", "about": [OLSON], "fields": ["stage"]}
    ]


def test_the_same_message_is_read_the_same_way_and_fits_the_schema():
    text = "Two things:\n- what stage is Olson Ltd at?\n- can you approve 12% on " + PLATFORM
    first, second = (read_message("", text, _reading()) for _ in range(2))
    assert first == second
    assert Request.model_validate_json(first.model_dump_json()) == first
