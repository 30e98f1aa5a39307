"""A small catalog for the understanding layer's tests (tests/core/test_understanding*.py): three of the
reader's own deals, a playbook and a Tuesday afternoon in New York."""

from __future__ import annotations

from datetime import UTC, datetime

from apps.core.understanding import Known, Reading, Turn, read_message

PLATFORM = "Rogers-Hanna - Platform Upgrade"
RENEWAL = "Rogers-Hanna - Support Renewal"
OLSON = "Olson Ltd - Managed Services (Monthly)"
PLAYBOOK = "Sales Playbook.docx"


def deal(name: str, stage: str, amount: int) -> Known:
    account, product = name.split(" - ", 1)
    return Known("deal", name, {"account": account, "stage": stage, "amount": amount, "product": product})


def sample_reading(history: list[Turn] | None = None) -> Reading:
    return Reading(
        now=datetime(2026, 3, 3, 15, 0, tzinfo=UTC),  # a Tuesday
        tz="America/New_York",
        history=history or [],
        own=[
            deal(PLATFORM, "Negotiation", 309_840),
            deal(RENEWAL, "Proposal", 52_000),
            deal(OLSON, "Needs Analysis", 46_400),
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


def asks_of(text: str, subject: str = "", role: str = "colleague", **kw) -> list[dict]:
    request = read_message(subject, text, sample_reading(**kw), role)
    return [a.model_dump(exclude_defaults=True) for a in request.asks]
