"""Questions the company handbook answers, asked the way colleagues ask them: how long a record is kept,
the hotel limit, who approves an access level, whether something may be shared with a customer, who is
on call on a date, the response target of a priority, the status-update cadence of a major incident,
when a change freeze ends. The expected answer is read from the policy's params (`office_policy`), the
same facts its document states; the performer finds it in the Company Handbook folder."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from apps.office.families.common import AMBER
from tasks.families import mentions
from tasks.families.base import Draw, Family, Redraw, Spec, answer_steps, step, ui_answer
from tasks.match_model import Match
from tasks.truth_model import AnswerSpec


def _params(d: Draw, slug: str) -> tuple[dict[str, Any], str]:
    row = d.world.rows("SELECT params, title FROM office_policy WHERE id = ?", slug)[0]
    return json.loads(row["params"]), row["title"]


def _retention(d: Draw, p: dict[str, Any]) -> tuple[str, str, Match]:
    period = d.pick("retention", [x for x in p["periods"] if x["keep_years"]], key="record")
    record = period["record"][0].lower() + period["record"][1:]
    q = f"How many years do we keep {record} after {period['after']}?"
    return q, str(period["keep_years"]), Match(approx=period["keep_years"], tol=0.01)


def _travel(d: Draw, p: dict[str, Any]) -> tuple[str, str, Match]:
    kind = d.pick("travel", [{"k": "hotel"}, {"k": "economy"}, {"k": "ahead"}], key="k")["k"]
    q, v = {
        "hotel": (
            "What is the most I can spend on a hotel per night without approval, in dollars?",
            "hotel_per_night",
        ),
        "economy": ("Below how many hours of flight time must I book economy?", "economy_under_hours"),
        "ahead": ("How many days ahead should trips be booked?", "book_days_ahead"),
    }[kind]
    return q, str(p[v]), Match(approx=p[v], tol=0.01)


def _access(d: Draw, p: dict[str, Any]) -> tuple[str, str, Match]:
    level = d.pick("access", p["levels"], key="access")
    if level["approver"] == "manager":
        name = d.world.value(
            "SELECT m.display_name FROM office_user u JOIN office_user m ON m.id = u.manager_id "
            "WHERE u.mail = ?",
            AMBER,
        )
    else:
        name = d.world.value(
            "SELECT display_name FROM office_user WHERE job_title = ? ORDER BY mail", level["approver"]
        )
    q = f"I need this access: {level['access']}. Who must approve it for me? Answer with their full name."
    return q, name, mentions.one_person(d.world, name)


def _sharing(d: Draw, p: dict[str, Any]) -> tuple[str, str, Match]:
    options = [{"item": s, "ok": "yes"} for s in p["shareable"]] + [
        {"item": s, "ok": "no"} for s in p["never"]
    ]
    chosen = d.pick("sharing", options, key="item")
    q = f"A customer asked us for {chosen['item']}. May we share it with them? Answer yes or no."
    return q, chosen["ok"], mentions.decision("approved" if chosen["ok"] == "yes" else "rejected")


def _on_call(d: Draw, p: dict[str, Any]) -> tuple[str, str, Match]:
    week = d.pick("on-call", p["weeks"][1:], key="start")
    day = week["start"][:10]
    role = d.choice(["primary", "secondary"])
    q = f"Who is the {role} on-call engineer for the week starting {day}? Answer with the full name."
    return q, week[f"{role}_name"], mentions.one_person(d.world, week[f"{role}_name"])


def _escalation(d: Draw, p: dict[str, Any]) -> tuple[str, str, Match]:
    s = d.pick("escalation", p["steps"], key="priority")
    q = f"Within how many minutes must a P{s['priority']} incident get its first response?"
    return q, str(s["respond_min"]), Match(approx=s["respond_min"], tol=0.01)


def _freeze(d: Draw, p: dict[str, Any]) -> tuple[str, str, Match]:
    w = d.pick("freeze", p["windows"], key="name")
    q = f"When does the {w['name']} end? Answer as YYYY-MM-DD HH:MM (UTC)."
    text = w["end"][:16].replace("T", " ")
    return q, text, mentions.date(text[:10], time=text[11:16])  # the day and the time, in any notation


def _sla(d: Draw, p: dict[str, Any]) -> tuple[str, str, Match]:
    targets = [
        {"key": f"{t['tier']}:{f}", "tier": t["tier"], "field": f, "value": t[f]}
        for t in p["tiers"]
        for f in ("p1_response_min", "p1_resolve_h", "p2_response_min", "p2_resolve_h")
    ]
    t = d.pick("sla", targets, key="key")
    prio, kind = t["field"][:2].upper(), t["field"][3:].split("_")[0]
    what = "first response, in minutes" if kind == "response" else "resolution, in hours"
    q = f"What is our committed {prio} {what}, for {t['tier']} customers?"
    return q, str(t["value"]), Match(approx=t["value"], tol=0.01)


def _numbers(kind: str, asks: list[tuple[str, str]]):
    """A question per number of a policy's params: (param, question)."""

    def ask(d: Draw, p: dict[str, Any]) -> tuple[str, str, Match]:
        key, q = d.pick(kind, [{"k": k, "q": q} for k, q in asks], key="k").values()
        return q, str(p[key]), Match(approx=p[key], tol=0.01)

    return ask


ASKS: dict[str, Callable[[Draw, dict[str, Any]], tuple[str, str, Match]]] = {
    "data-retention": _retention,
    "travel": _travel,
    "access-requests": _access,
    "customer-information-sharing": _sharing,
    "on-call-rota": _on_call,
    "incident-escalation": _escalation,
    "major-incident": _numbers(
        "major-incident",
        [
            ("update_every_min", "During a major incident, every how many minutes do status updates go out?"),
            (
                "problem_within_business_days",
                "Within how many business days of resolution is the problem opened?",
            ),
            (
                "review_within_business_days",
                "Within how many business days is the post-incident review held?",
            ),
        ],
    ),
    "change-freeze": _freeze,
    "support-sla-tiers": _sla,
    "expense-approval": _numbers(
        "expense-rule",
        [
            ("receipt_over", "Above what amount, in dollars, does an expense need an itemized receipt?"),
            ("claim_within_days", "Within how many days of spending must an expense be claimed?"),
        ],
    ),
    "purchase-approval": _numbers(
        "purchase-rule",
        [("three_quotes_over", "Above what order value, in dollars, do we need three quotes?")],
    ),
    "service-credits": _numbers(
        "credit-rule",
        [
            (
                "credit_pct_per_breach",
                "What percent of a month's fees is the service credit per breached ticket?",
            ),
            ("cap_pct", "What is the cap on service credits, as a percent of that month's fees?"),
        ],
    ),
}


class HandbookQuestion(Family):
    name = "office.handbook-question"
    version = 3  # v2: the answer names what was asked in any form, and no rival candidate; v3: a freeze
    # window's end is read as a day and a time of day in any notation (not the time's digits)
    apps = ("office",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-handbook"
    summary = "answer a question from the company handbook (retention, travel, access, sharing, on-call, ...)"

    def build(self, d: Draw) -> Spec:
        slug = d.choice(sorted(ASKS))
        params, title = _params(d, slug)
        question, answer, match = ASKS[slug](d, params)
        if not answer:
            raise Redraw("no answer in this world")
        doc = d.world.value("SELECT item_id FROM office_policy WHERE id = ?", slug)
        return Spec(
            prompt=f"{question} (Check the company handbook.)",
            oracle=[
                step("office_search_drive", query=title),
                step("office_get_document", item_id=doc),
                *answer_steps(answer),
            ],
            answer=AnswerSpec(match=match),
            ui_oracle=ui_answer(answer),
            tags=["handbook", "question", slug],
        )


FAMILIES = [HandbookQuestion()]
