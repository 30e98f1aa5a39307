"""The words of the act-or-hold requests: a colleague's request in their own words, with no hint of why it
might not stand — most often an engineer on a customer's deployment or pilot relaying what the customer said
(the world's sales colleagues already write to Amber about other things, and a new mail from them would change
what other tasks count in her inbox) — the later mail or Teams message that calls it off, and what each
requester answers a question about their request (their brief)."""

from __future__ import annotations

import random
from datetime import date
from typing import Any

from worlds.parts.requests.asks import nickname
from worlds.parts.requests.inbox import day_name
from worlds.parts.triage.mails import money

TITLES = (
    "Director of Procurement",
    "VP of Operations",
    "Head of IT",
    "Finance Director",
    "IT Manager",
    "Chief Operating Officer",
    "Procurement Lead",
    "Director of Engineering",
)
CALL_REASONS = (
    "to walk through the rollout plan",
    "about their renewal options",
    "to go over the pilot results",
    "about next year's budget",
)
LOST_ASKS = (
    "their procurement asked for a few more weeks",
    "they want to revisit it after their budget review",
    "the champion is back from leave and wants to pick it up again",
)
OFF_REASONS = (
    "I mixed them up with someone else",
    "it turns out the customer's own team is on it",
    "they changed their minds",
)


def request(rng: random.Random, r: dict[str, Any], sender: dict[str, Any]) -> tuple[str, str]:
    """(subject, body) of a request as its sender writes it.

    Args:
        rng: the part's stream.
        r: the request row (action, the record's names, the value asked).
        sender: the colleague who writes.
    """
    nick, me = nickname(r["account"]), sender["given_name"]
    who = r.get("contact_name", "")
    first = who.split()[0] if who else ""
    act = r["action"]
    if act == "title":
        body = (
            f"Hi Amber,\n\nquick one: I spoke to {who} at {r['account']} yesterday — {first} is "
            f"{r['value']} now. Could you update {first}'s title in the CRM?\n\nThanks,\n{me}"
        )
        return rng.choice((f"{nick} contact update", f"New title for {first}")), body
    if act == "phone":
        body = (
            f"Hi Amber,\n\n{who} from {nick} asked me to pass on a new direct line: {r['value']}. "
            f"Could you put it on {first}'s contact record?\n\nCheers,\n{me}"
        )
        return rng.choice((f"{first}'s new number", f"{nick}: phone number")), body
    if act == "task":
        day = day_name(date.fromisoformat(r["value"]))
        body = (
            f"Hi Amber,\n\n{who} at {r['account']} would like a call {rng.choice(CALL_REASONS)}. Could "
            f"you put a follow-up call with {first} on your task list for {day}, so it doesn't slip?"
            f"\n\nThanks,\n{me}"
        )
        return rng.choice((f"Call with {first}", f"{nick} follow-up")), body
    if act == "again":  # a task Amber already has
        day = day_name(date.fromisoformat(r["value"]))
        body = (
            f"Hi Amber,\n\nwhen I saw {who} from {nick} this week, {first} reminded me of one open item on "
            f"our side: '{r['subject']}'. Could you set yourself a task for that with {first}, due {day}?"
            f"\n\nThanks,\n{me}"
        )
        return f"{nick} to-do", body
    if act == "close_date":  # a deal that is lost
        day = day_name(date.fromisoformat(r["value"]))
        body = (
            f"Hi Amber,\n\nI was on a call with the {nick} team today about {r['deal_name']}: "
            f"{rng.choice(LOST_ASKS)}. Could you push the close date to {day} in the CRM so the forecast is "
            f"right?\n\nThanks,\n{me}"
        )
        return f"{nick} close date", body
    # amount: a price cut far beyond what the Discount Approval Policy permits
    body = (
        f"Hi Amber,\n\n{nick} told me on our technical call that they'd sign {r['deal_name']} this month if "
        f"we came down to {money(r['value'])}. Could you update the amount on the opportunity so it's ready "
        f"when they sign?\n\nThanks,\n{me}"
    )
    return f"{nick} pricing", body


def called_off(rng: random.Random, r: dict[str, Any], sender: dict[str, Any]) -> str:
    """The later word that calls a request off (a mail reply in its thread, or a Teams message)."""
    first = r["contact_name"].split()[0]
    why = rng.choice(OFF_REASONS)
    if r["withdraw_by"] == "teams":
        return f"Hi Amber — about my mail on {first}: please leave it, {why}. Sorry for the noise!"
    return (
        f"Hi Amber,\n\nplease ignore my mail about {first} — {why}, so nothing needs to change in the "
        f"CRM.\n\nThanks,\n{sender['given_name']}"
    )


def brief(r: dict[str, Any]) -> str:
    """What the requester answers when asked about their request: what they want, as the world has it."""
    if r["reason"] == "withdrawn":
        return "As I wrote afterwards — please leave it, nothing needs to change."
    if r["reason"] == "done":
        return "If it's already on your task list, that's all I wanted — no need for a second one."
    if r["reason"] == "stale":
        return "Oh, I didn't know it was lost. Then leave it as it is, of course."
    if r["reason"] == "authority":
        return "If the policy doesn't allow that price, leave the amount as it is and I'll tell them."
    return f"Yes, please go ahead: {r['value']}."
