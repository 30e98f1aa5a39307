"""Typed customer incident texts: per kind of product the customer bought (`worlds.generator.vocab.Kind`),
the short descriptions and the description a ticket about it is written with. Every template's `product`
slot accepts exactly that kind: a training course gets scheduling and certificate issues, never a log-in.
"""

from __future__ import annotations

from worlds.generator.vocab import Kind, Template

_CUSTOMER_SHORT = {
    Kind.SAAS_SERVICE: (
        "{account}: cannot sign in to {product} ({error_code})",
        "{product} dashboard totals differ from export ({account})",
        "{product} sync stalled since {since} - {account}",
        '{account} users get "invalid session" in {product}',
    ),
    Kind.SOFTWARE_PRODUCT: (
        "{product} {version}: export fails with {error_code} ({account})",
        "{account}: {product} licence key rejected after renewal",
        "{product} stopped processing jobs at {account}",
        "{product} {version} upgrade fails at {account}",
    ),
    Kind.HARDWARE_MODEL: (
        "{product} SN {serial} offline at {account}",
        "{account}: {product} reboots every {minutes} min",
        "{product} firmware {firmware} update failed ({account})",
        "{product} not reachable after power outage - {account}",
    ),
    Kind.SUPPORT_CONTRACT: (
        "{account}: {product} case {case} missed response target",
        "{account} asks to renew {product} (case {case})",
        "Entitlement check: {account} not found under {product}",
    ),
    Kind.TRAINING_COURSE: (
        "{account}: reschedule {product} for {attendees} attendees",
        "{product} certificates not received by {account}",
        "{account} cannot access {product} materials",
    ),
    Kind.PROFESSIONAL_SERVICE: (
        "{account}: {product} milestone {milestone} slipped",
        "{account} requests status of {product} engagement",
    ),
}
_CUSTOMER_BODY = {
    Kind.SAAS_SERVICE: (
        'Since {since} our users at {account} see error {error_code} in {product}: "{message}".'
    ),
    Kind.SOFTWARE_PRODUCT: (
        'We run {product} {version} at {account}; since {since} it fails with {error_code}: "{message}".'
    ),
    Kind.HARDWARE_MODEL: (
        "Our {product} (serial {serial}, firmware {firmware}) at the {account} "
        'site shows "{message}" since {since}.'
    ),
    Kind.SUPPORT_CONTRACT: (
        "We have {product} with you for {account}; our case {case}, open since "
        "{since}, has not had an answer within the agreed time."
    ),
    Kind.TRAINING_COURSE: (
        "We booked {product} for {attendees} people at {account}; since {since}"
        " we have been waiting for the joining instructions and the trainer's "
        "name."
    ),
    Kind.PROFESSIONAL_SERVICE: (
        "Our {product} engagement for {account} was due to reach milestone "
        "{milestone} last week; we have not heard back since {since}."
    ),
}
CUSTOMER = {
    kind: tuple(Template(t, product=kind) for t in shorts) for kind, shorts in _CUSTOMER_SHORT.items()
}
CUSTOMER_BODY = {kind: Template(t, product=kind) for kind, t in _CUSTOMER_BODY.items()}
# a customer issue of this kind is filed under this category (and a portal CI when users cannot sign in)
CUSTOMER_CATEGORY = {Kind.HARDWARE_MODEL: "hardware"}
