"""One more sentence for the issues whose texts have the fewest templates (a slow reporting database, a
locked account, a dashboard access request, a phishing report, a name that does not resolve): what the
caller adds that only their case has, so two tickets of the same issue read differently (v3: incident
descriptions with a near-duplicate 4.6 % -> under 3 %).

`realism.realize` inserts it after the first sentence, drawn from the incident's own stream
(`{seed}:ticketing:text:<number>`), so no other incident's text moves.
"""

from __future__ import annotations

import random

DETAILS = {
    "Reporting database slow": (
        'The slowest one is "{report}": it took {n} s this morning at {clock}.',
        'Exporting "{report}" to Excel gives up after {minutes} minutes.',
        "The {dashboard} dashboard times out for the whole {team} team.",
        "It is worst between {clock} and lunch, when the {period} batch runs.",
        "Last week the same query took {small} s.",
        "{n2} users are on the BI dashboards at that time, according to the usage page.",
    ),
    "ERP database connection errors": (
        "The last burst was at {clock}, {n} errors in {minutes} minutes.",
        "Order entry in the {team} team fails while it happens.",
        "The batch job for {period} was restarted {small} times overnight.",
        "Error count since {since}: {n2}.",
    ),
    "Password reset needed": (
        "My employee badge still works, so it is only the account.",
        "I changed the password on my phone first, at {clock}, and then the laptop kept the old one.",
        "I need my mail for {duty} before {clock}.",
        "The lock-out message says to wait {minutes} minutes, but it locks again right away.",
        "My manager can confirm my identity; I am in the {team} distribution list.",
    ),
    "How do I request access to the BI dashboards?": (
        "{n} people in my team already have it.",
        "I only need to read it, not to edit reports.",
        "The request form on the portal does not list the {dashboard} dashboard.",
        "I need it by {clock} on Friday for {duty}.",
        "It is for the {period} numbers.",
    ),
    "Suspicious email received": (
        "It arrived at {clock} and went to {n} people in the {team} team.",
        "The link points to a page that looks like our sign-in page.",
        "The sender name is our CFO's, but the address is not ours.",
        "It has a zip attachment that I did not open.",
        "A similar one came {small} days ago.",
    ),
    "Internal site not resolving": (
        "Colleagues on the {team} team in the same office see the same.",
        "It started at {clock}, about when the network change was announced.",
        "Other internal sites open, only {host} fails.",
        "From home over VPN it resolves after {small} tries.",
    ),
}


def detail(issue_key: str, rng: random.Random, values: dict) -> str | None:
    """The extra sentence for `issue_key` (None for issues with enough templates of their own)."""
    pool = DETAILS.get(issue_key)
    if pool is None:
        return None
    extra = {"n": rng.randint(12, 400), "n2": rng.randint(20, 300), "small": rng.randint(2, 9)}
    return rng.choice(pool).format(**{**values, **extra})
