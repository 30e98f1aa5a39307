"""Typed customer incident texts: per kind of product the customer bought (`worlds.generator.vocab.Kind`),
each short description with the description that tells its story, and the incident category it is filed
under. Every template's `product` slot accepts exactly that kind: a training course gets scheduling and
certificate issues, never a log-in.
"""

from __future__ import annotations

from worlds.generator.vocab import Kind, Template

# (short description, description) pairs: the description tells the story its short description names
_CUSTOMER_ISSUES = {
    Kind.SAAS_SERVICE: (
        (
            "{account}: cannot sign in to {product} ({error_code})",
            'Since {since} our users at {account} see error {error_code} in {product}: "{message}".',
        ),
        (
            "{product} dashboard totals differ from export ({account})",
            "The totals on our {product} dashboard at {account} no longer match the CSV export since {since};"
            " the export looks right and the dashboard shows {percent} % of it.",
        ),
        (
            "{product} sync stalled since {since} - {account}",
            "{product} has not synced any records for {account} since {since}; the status page shows the last"
            " run as successful and no error.",
        ),
        (
            '{account} users get "invalid session" in {product}',
            'Since {since} users at {account} are signed out of {product} after a few minutes with "invalid'
            ' session"; clearing the browser cache did not help.',
        ),
    ),
    Kind.SOFTWARE_PRODUCT: (
        (
            "{product} {version}: export fails with {error_code} ({account})",
            "We run {product} {version} at {account}; since {since} the export fails with {error_code}:"
            ' "{message}".',
        ),
        (
            "{account}: {product} licence key rejected after renewal",
            "After renewing our subscription we entered the new licence key for {product} {version} at"
            " {account}; since {since} it is rejected as invalid.",
        ),
        (
            "{product} stopped processing jobs at {account}",
            "{product} {version} at {account} has queued jobs but processed none since {since}; restarting"
            " its service did not help.",
        ),
        (
            "{product} {version} upgrade fails at {account}",
            "The upgrade of {product} to {version} at {account} stops at the database migration with"
            " {error_code}; we rolled back and run the previous version since {since}.",
        ),
    ),
    Kind.HARDWARE_MODEL: (
        (
            "{product} SN {serial} offline at {account}",
            "Our {product} (serial {serial}, firmware {firmware}) at the {account} site stopped reporting"
            " since {since}; its status light is amber.",
        ),
        (
            "{account}: {product} reboots every {minutes} min",
            "Our {product} (serial {serial}, firmware {firmware}) at {account} restarts by itself every"
            " {minutes} minutes since {since}; its event log shows a watchdog reset before each restart.",
        ),
        (
            "{product} firmware {firmware} update failed ({account})",
            "Updating our {product} (serial {serial}) at {account} to firmware {firmware} stopped at"
            " {percent} %; it has run the previous firmware since {since}.",
        ),
        (
            "{product} not reachable after power outage - {account}",
            "After a power outage at the {account} site our {product} (serial {serial}) powers up but does"
            " not answer on the network since {since}.",
        ),
    ),
    Kind.SUPPORT_CONTRACT: (
        (
            "{account}: {product} case {case} missed response target",
            "We have {product} with you for {account}; our case {case}, open since {since}, has not had an"
            " answer within the agreed time.",
        ),
        (
            "{account} asks to renew {product} (case {case})",
            "Our {product} for {account} ends soon and we want to renew it for another year; please send the"
            " quote under case {case}.",
        ),
        (
            "Entitlement check: {account} not found under {product}",
            "When we open a case, your support portal says {account} is not entitled to {product}, though our"
            " contract runs until next year.",
        ),
    ),
    Kind.TRAINING_COURSE: (
        (
            "{account}: reschedule {product} for {attendees} attendees",
            "We booked {product} for {attendees} people at {account} and need to move it to a later date;"
            " please tell us which dates are still free.",
        ),
        (
            "{product} certificates not received by {account}",
            "{attendees} people from {account} completed {product}, but since {since} none of them has"
            " received a certificate.",
        ),
        (
            "{account} cannot access {product} materials",
            "The {attendees} people from {account} booked on {product} cannot open the course materials: the"
            ' link in the joining instructions answers "access denied" since {since}.',
        ),
    ),
    Kind.PROFESSIONAL_SERVICE: (
        (
            "{account}: {product} milestone {milestone} slipped",
            "Our {product} engagement for {account} was due to reach milestone {milestone} last week; we have"
            " not heard back since {since}.",
        ),
        (
            "{account} requests status of {product} engagement",
            "We have had no status report on our {product} engagement for {account} since {since}; please"
            " tell us where it stands against milestone {milestone}.",
        ),
    ),
}
CUSTOMER = {
    kind: tuple((Template(short, product=kind), Template(body, product=kind)) for short, body in pairs)
    for kind, pairs in _CUSTOMER_ISSUES.items()
}
# ServiceNow's incident categories: a customer's problem with what runs (software, a service, a device) is
# filed under software or hardware; a question about a contract, a course or an engagement is an inquiry.
CUSTOMER_CATEGORY = {
    Kind.SAAS_SERVICE: "software",
    Kind.SOFTWARE_PRODUCT: "software",
    Kind.HARDWARE_MODEL: "hardware",
    Kind.SUPPORT_CONTRACT: "inquiry",
    Kind.TRAINING_COURSE: "inquiry",
    Kind.PROFESSIONAL_SERVICE: "inquiry",
}
