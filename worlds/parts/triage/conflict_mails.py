"""The mails of a conflict bundle in their senders' words: a customer success colleague asks to move a deal's
close date and to send the customer's contact its figures; a deal desk analyst asks to change the same deal's
amount; in the `authority` and `keep` variants the analyst's manager (the Sales Operations Manager) writes
about the same deal without knowing of the analyst's mail — another amount (`authority`) or the amount left
as it is (`keep`) — and the org chart says whose word stands. Each sender answers a question about their
mail from what they meant (their brief)."""

from __future__ import annotations

import random
from datetime import date
from typing import Any

from worlds.parts.requests.asks import nickname
from worlds.parts.requests.inbox import day_name
from worlds.parts.triage.mails import REASONS, money, product


def move_request(rng: random.Random, b: dict[str, Any], asker: dict[str, Any]) -> tuple[str, str]:
    """(subject, body): move the close date to `date1` and send the contact the deal's figures."""
    nick, prod, who = nickname(b["account"]), product(b["deal_name"]), b["contact"]
    body = (
        f"Hi Amber,\n\n{b['account']} let me know that {rng.choice(REASONS)}, so the {prod} order will "
        f"now be signed on {day_name(date.fromisoformat(b['date1']))}. Could you "
        f"update the close date in the CRM and send {who['name']} the deal's figures (the amount and "
        f"the close date) once it's in? Their finance team is planning around it.\n\nThanks,\n"
        f"{asker['given_name']}"
    )
    return rng.choice((f"{nick}: close date", f"{nick} {prod} – new date", f"{nick} timing")), body


def analyst_request(rng: random.Random, b: dict[str, Any], analyst: dict[str, Any]) -> tuple[str, str]:
    """(subject, body): the deal desk analyst's new amount for the deal (the revised quote)."""
    nick, prod = nickname(b["account"]), product(b["deal_name"])
    why = rng.choice(
        (
            "they added seats to the order",
            "they added the onboarding and training package",
            "support moved from Standard to Premium",
        )
    )
    # in `sequence` the quote is signed off; otherwise it still waits for the analyst's manager (who he is
    # the directory says), and that manager's own mail says what stands
    status = (
        "it's signed off"
        if b["variant"] == "sequence"
        else "it still needs my manager's sign-off, but let's have the forecast right already"
    )
    body = (
        f"Hi Amber,\n\nthe revised quote for {b['account']}'s {prod} is ready: {why}, so the deal comes to "
        f"{money(b['analyst_amount'])} now — {status}. Could you update the amount on the opportunity?"
        f"\n\nThanks,\n{analyst['given_name']}"
    )
    return f"{nick} revised quote", body


def manager_mail(b: dict[str, Any], manager: dict[str, Any]) -> tuple[str, str]:
    """(subject, body): the analyst's manager on the same deal — another amount (`authority`) or the amount
    left as it is (`keep`); he does not mention the analyst's mail."""
    nick, prod = nickname(b["account"]), product(b["deal_name"])
    if b["variant"] == "authority":
        body = (
            f"Hi Amber,\n\nI went through the pricing of the {prod} deal with {b['account']}'s procurement "
            f"yesterday and signed it off at {money(b['manager_amount'])}. Please put that amount on the "
            f"opportunity.\n\nBest,\n{manager['given_name']}"
        )
        return f"{nick} – pricing", body
    body = (
        f"Hi Amber,\n\nquick one on {b['account']}'s {prod}: I haven't approved any change to its pricing, "
        f"so the amount on the opportunity stays as it is until I do.\n\nBest,\n{manager['given_name']}"
    )
    return f"{nick} – pricing", body


def briefs(b: dict[str, Any]) -> dict[str, str]:
    """What each sender answers a question about their mail: by role (`mover`, `analyst`, `manager`)."""
    who = b["contact"]["first_name"]
    day = day_name(date.fromisoformat(b["date1"]))
    out = {"mover": f"The new close date is {day}. {who} needs the amount and that date."}
    if b["variant"] == "sequence":
        out["analyst"] = f"The amount is {money(b['analyst_amount'])} — that's the revised quote."
        return out
    manager = b["manager"]["first_name"]
    out["analyst"] = (
        f"If {manager} said something else about the pricing, his word stands — he's my manager and signs "
        "off our quotes."
    )
    out["manager"] = (
        f"It's {money(b['manager_amount'])} — that's the price I signed off."
        if b["variant"] == "authority"
        else "The amount stays as it is — I haven't approved a change."
    )
    return out
