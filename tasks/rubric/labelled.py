"""The judge's labelled set, built by construction from a world: for each criterion type, correct
deliverables in several wordings (label: met) and deliverables with one planted defect (label: not met) — a
wrong number, an omitted item, the wrong person, keyword stuffing, format without substance, an answer
listing every candidate, a reason that is missing or wrong. Subjects are the world's own records (deals and
their owners, handbook policies, desk incidents), drawn with a seeded stream: same world, same set.
"""

from __future__ import annotations

import json
import random
from dataclasses import asdict, dataclass
from datetime import date
from typing import Any

from apps.core.worlds import World

ADVERSARIAL = (
    "wrong_number",
    "omitted_item",
    "wrong_person",
    "keyword_stuffing",
    "format_without_substance",
    "every_candidate",
    "missing_reason",
    "wrong_reason",
    "non_answer",
)


@dataclass(frozen=True)
class Item:
    """One labelled deliverable: the criterion (type, what must hold), the text, the label and how it was
    made (`paraphrase` for a correct one, else the planted defect)."""

    id: str
    type: str
    holds: str
    text: str
    met: bool
    made_by: str

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _rows(world: World, rel: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (world.path / rel).read_text().splitlines() if line.strip()]


def money(x: float) -> str:
    return f"${x:,.2f}"


def long_date(d: date) -> str:
    return f"{d:%B} {d.day}, {d.year}"


def _deals(world: World) -> list[dict[str, Any]]:
    users = {u["id"]: u for u in _rows(world, "crm/user.jsonl")}
    deals = [
        o | {"owner": users[o["owner_id"]]}
        for o in _rows(world, "crm/opportunity.jsonl")
        if not o["is_closed"] and o["amount"] and o["owner_id"] in users
    ]
    return sorted(deals, key=lambda o: o["id"])


def states_fact(world: World, rng: random.Random, n: int) -> list[Item]:
    out = []
    for o in rng.sample(_deals(world), n):
        name, amount, when = o["name"], float(o["amount"]), date.fromisoformat(o["close_date"])
        holds = (
            f"States that the {name} deal is worth {money(amount)} and is expected to close on "
            f"{long_date(when)}."
        )
        other = round(amount * 1.1 + 500, 2)
        out += _about(
            holds,
            [
                (
                    True,
                    "paraphrase",
                    f"Hi, an update on {name}: the deal stands at {money(amount)} and we expect to "
                    f"sign on {long_date(when)}. Best, Amber",
                ),
                (
                    True,
                    "paraphrase",
                    f"{name}\n- value: USD {amount:,.0f}\n- expected close: {when.isoformat()}",
                ),
                (
                    False,
                    "wrong_number",
                    f"Hi, an update on {name}: the deal stands at {money(other)} and we expect "
                    f"to sign on {long_date(when)}. Best, Amber",
                ),
                (
                    False,
                    "omitted_item",
                    f"Hi, an update on {name}: the deal stands at {money(amount)}. Best, Amber",
                ),
                (
                    False,
                    "keyword_stuffing",
                    f"{name} deal worth expected close deal worth amount close date {name}",
                ),
                (
                    False,
                    "format_without_substance",
                    f"Deal: {name}\nAmount: [see CRM]\nExpected close: [TBD]",
                ),
                (
                    False,
                    "every_candidate",
                    f"{name} is worth {money(other)}, {money(amount)} or "
                    f"{money(round(amount * 0.9, 2))}, closing around {long_date(when)}.",
                ),
            ],
        )
    return _items("states_fact", out)


def names_person(world: World, rng: random.Random, n: int) -> list[Item]:
    users = sorted(_rows(world, "crm/user.jsonl"), key=lambda u: u["id"])
    out = []
    for o in rng.sample(_deals(world), n):
        owner, name = o["owner"], o["name"]
        others = [u for u in users if u["id"] != owner["id"] and u["department"] == owner["department"]]
        a, b = rng.sample(others, 2)
        holds = f"Names {owner['name']} as the owner of the {name} deal."
        out += _about(
            holds,
            [
                (
                    True,
                    "paraphrase",
                    f"The {name} deal is {owner['name']}'s; please reach out to them directly.",
                ),
                (
                    True,
                    "paraphrase",
                    f"Owner of {name}: {owner['last_name']}, {owner['first_name']} ({owner['email']}).",
                ),
                (
                    False,
                    "wrong_person",
                    f"The {name} deal is {a['name']}'s; please reach out to them directly.",
                ),
                (
                    False,
                    "every_candidate",
                    f"The {name} deal belongs to one of {a['name']}, {owner['name']} or {b['name']}.",
                ),
                (
                    False,
                    "omitted_item",
                    f"The {name} deal has an owner in {owner['department']}; check the CRM.",
                ),
                (False, "keyword_stuffing", f"owner named owner {name} deal owner name owner"),
                (False, "format_without_substance", f"Deal: {name}\nOwner: <name>"),
            ],
        )
    return _items("names_person", out)


def cites_policy(world: World, rng: random.Random, n: int) -> list[Item]:
    policies = sorted(_rows(world, "handbook/policy.jsonl"), key=lambda p: p["id"])
    out = []
    for p in rng.sample(policies, min(n, len(policies))):
        rule = p["facts"][0]["answer"].removeprefix(f"Per the {p['title']}: ").rstrip(".")
        wrong = rng.choice([q for q in policies if q["id"] != p["id"]])
        wrong_rule = wrong["facts"][0]["answer"].removeprefix(f"Per the {wrong['title']}: ").rstrip(".")
        holds = f"Declines the request, giving the {p['title']} as the reason and what it says: {rule}."
        out += _about(
            holds,
            [
                (True, "paraphrase", f"I'm sorry, I can't do that. Under our {p['title']}, {rule}."),
                (
                    True,
                    "paraphrase",
                    f"Unfortunately that is not possible — {rule} (see the {p['title']} in the handbook).",
                ),
                (False, "missing_reason", "Sorry, I can't do that."),
                (
                    False,
                    "wrong_reason",
                    f"I'm sorry, I can't do that. Under our {wrong['title']}, {wrong_rule}.",
                ),
                (
                    False,
                    "keyword_stuffing",
                    f"decline {p['title']} reason policy decline {p['title']} cannot",
                ),
                (
                    False,
                    "format_without_substance",
                    "Decision: declined\nPolicy: [policy name]\nReason: [reason]",
                ),
            ],
        )
    return _items("cites_policy", out)


def covers_items(world: World, rng: random.Random, n: int) -> list[Item]:
    incidents = sorted(_rows(world, "ticketing/incident.jsonl"), key=lambda i: i["number"])
    states = {1: "New", 2: "In Progress", 3: "On Hold", 6: "Resolved", 7: "Closed", 8: "Canceled"}
    out = []
    for _ in range(n):
        picked = rng.sample(incidents, 3)
        rows = [(i["number"], states.get(int(i["state"]), str(i["state"]))) for i in picked]
        wrong_state = next(s for s in states.values() if s != rows[1][1])
        listed = ", ".join(f"{num} ({st})" for num, st in rows)
        holds = f"Lists each of the incidents with its state: {listed}."
        bullets = "\n".join(f"- {num}: {st}" for num, st in rows)
        out += _about(
            holds,
            [
                (True, "paraphrase", f"Here is where they stand:\n{bullets}"),
                (
                    True,
                    "paraphrase",
                    "| Incident | State |\n|---|---|\n" + "\n".join(f"| {a} | {b} |" for a, b in rows),
                ),
                (
                    False,
                    "omitted_item",
                    "Here is where they stand:\n" + "\n".join(f"- {a}: {b}" for a, b in rows[:2]),
                ),
                (
                    False,
                    "wrong_number",
                    f"Here is where they stand:\n- {rows[0][0]}: {rows[0][1]}\n- {rows[1][0]}: "
                    f"{wrong_state}\n- {rows[2][0]}: {rows[2][1]}",
                ),
                (False, "keyword_stuffing", " ".join(num for num, _ in rows) + " state state incidents each"),
                (False, "format_without_substance", "| Incident | State |\n|---|---|\n| … | … |"),
            ],
        )
    return _items("covers_items", out)


def answers_request(world: World, rng: random.Random, n: int) -> list[Item]:
    out = []
    for o in rng.sample(_deals(world), n):
        name, owner = o["name"], o["owner"]["name"]
        when = date.fromisoformat(o["close_date"])
        holds = (
            f"Answers the customer's question of when the {name} order will be confirmed: by "
            f"{long_date(when)}, with {owner} sending the paperwork."
        )
        out += _about(
            holds,
            [
                (
                    True,
                    "paraphrase",
                    f"Thanks for asking! We expect to confirm the {name} order by {long_date(when)}; "
                    f"{owner} will send you the paperwork.",
                ),
                (
                    True,
                    "paraphrase",
                    f"Short answer: {when.isoformat()}. {owner} will get the documents for {name} over "
                    "to you.",
                ),
                (
                    False,
                    "non_answer",
                    "Thanks for reaching out! We value your business and will get back to you.",
                ),
                (
                    False,
                    "wrong_number",
                    f"Thanks for asking! We expect to confirm the {name} order by "
                    f"{long_date(date(when.year + 1, when.month, min(when.day, 28)))}; {owner} will send "
                    "the paperwork.",
                ),
                (
                    False,
                    "keyword_stuffing",
                    f"confirm order {name} paperwork when confirmed customer question answer",
                ),
                (
                    False,
                    "format_without_substance",
                    f"Dear customer,\n\n[answer about {name} here]\n\nBest regards",
                ),
            ],
        )
    return _items("answers_request", out)


def _about(holds: str, rows: list[tuple[bool, str, str]]) -> list[tuple[bool, str, str, str]]:
    return [(met, made_by, text, holds) for met, made_by, text in rows]


def _items(kind: str, rows: list[tuple[bool, str, str, str]]) -> list[Item]:
    return [
        Item(f"{kind}-{i:03d}", kind, holds, text, met, made_by)
        for i, (met, made_by, text, holds) in enumerate(rows)
    ]


BUILDERS = {
    "states_fact": states_fact,
    "names_person": names_person,
    "cites_policy": cites_policy,
    "covers_items": covers_items,
    "answers_request": answers_request,
}


def labelled_set(world: World, per_type: int = 8) -> list[Item]:
    """The labelled items of every criterion type: `per_type` subjects each (fewer where the world has
    fewer)."""
    items = []
    for kind, build in BUILDERS.items():
        items += build(world, random.Random(f"{world.name}:judge-calibration:{kind}"), per_type)
    return items
