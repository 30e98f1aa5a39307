"""Reports as deliverables: a support group's monthly service report (desk → workbook with COUNTIF and
AVERAGE formulas and a document, the group's manager asked when to walk through it, the meeting booked,
the document shared and its link mailed), and a sales manager's pipeline review (the manager asked which
quarter — their answer decides the rows — then the team's deals in a workbook with COUNTIF, SUMIF and SUM
formulas, the top deals in a document, the review booked and the document shared)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from apps.office.coworkers.reviews import review_quarter, review_slot
from crossapp.scenarios.deliverables import (
    PRIORITY_WORDS,
    START,
    FilePlan,
    FileScenario,
    ask_and_book,
    colleague,
    document_expect,
    formula_cell,
    named_file,
    spoken,
)
from crossapp.scenarios.file_ui import link_mail_ui
from crossapp.xapp.common import AMBER, STATES
from tasks.families import mentions
from tasks.families.base import Draw, Redraw, Spec, eq, step
from tasks.match_model import Match, TableRow
from tasks.truth_model import Expectation

DESK_ME = "jamie.collins@acme.example"
MONTHS = [("September 2026", "2026-09-01", "2026-10-01"), ("October 2026", "2026-10-01", "2026-11-01")]
GROUPS = """
SELECT g.sys_id, g.name, m.email AS manager_email FROM ticketing_sys_user_group g
JOIN ticketing_sys_user m ON m.sys_id = g.manager WHERE g.active = 1 AND m.email != ? ORDER BY g.name
"""
GROUP_INCIDENTS = """
SELECT number, priority, state, opened_at, resolved_at FROM ticketing_incident
WHERE assignment_group = ? AND opened_at >= ? AND opened_at < ? ORDER BY number
"""
TEAM = """
SELECT r.id, r.name, r.is_active FROM crm_user r JOIN crm_user m ON m.id = r.manager_id
WHERE m.email = ? ORDER BY r.name, r.id
"""
TEAM_DEALS = """
SELECT o.id, o.name, o.amount, o.stage_name, o.close_date, u.name AS rep, u.is_active FROM crm_opportunity o
JOIN crm_user u ON u.id = o.owner_id JOIN crm_user m ON m.id = u.manager_id
WHERE m.email = ? AND o.is_closed = 0 AND o.close_date BETWEEN ? AND ? AND o.amount >= ?
ORDER BY o.amount DESC, o.id
"""
THRESHOLDS = [100000, 200000, 300000, 400000]


def _exact_hours(inc: dict[str, Any]) -> float | None:
    """Hours from opened to resolved of a Resolved or Closed incident, else None."""
    if inc["state"] not in (6, 7) or not inc["resolved_at"]:
        return None
    opened, resolved = (datetime.fromisoformat(str(inc[k])[:19]) for k in ("opened_at", "resolved_at"))
    return (resolved - opened).total_seconds() / 3600


def _hours(inc: dict[str, Any]) -> float | None:
    """The same, rounded to one decimal."""
    exact = _exact_hours(inc)
    return None if exact is None else round(exact, 1)


class ServiceReport(FileScenario):
    name = "scenario.service-report"
    apps = ("office", "ticketing")
    # 3: a browser oracle (the link from compose's Attach file → Share link); 4: no subject a world part's
    # incidents are about (the data room's billing disputes); 5: the month is in UTC as the prompt says
    # (the desk's times), the manager's question any subject, their answer read for the day it states
    version = 5
    summary = (
        "monthly service report of a support group: workbook (COUNTIF, AVERAGE) and doc, the manager "
        "asked for the review date, meeting booked, doc shared and linked by mail"
    )
    job = "service-desk"

    def build(self, d: Draw) -> Spec:
        label, start, end = d.choice(MONTHS)
        groups = [g for g in d.world.rows(GROUPS, DESK_ME) if 10 <= self._count(d, g, start, end) <= 60]
        group = d.choice(groups)
        d.note("workload", f"{self.name}:{group['name']}:{start}")
        manager = colleague(d, group["manager_email"])
        incs = d.world.rows(GROUP_INCIDENTS, group["sys_id"], start, end)
        p = FilePlan(d)
        p.read("ticketing_list_groups")
        p.read("ticketing_list_incidents", assignment_group=group["name"], sort_by="opened_at", limit=200)
        title = f"{group['name']} service report {label}"
        m = len(incs) + 1
        rows: list[list[Any]] = [["Number", "Priority", "State", "Hours to resolve"]]
        rows += [[i["number"], PRIORITY_WORDS[i["priority"]], STATES[i["state"]], _hours(i)] for i in incs]
        states = list(STATES.values())
        summary: list[list[Any]] = [["Measure", "Value"]]
        summary += [[s, f'=COUNTIF(Incidents!C2:C{m},"{s}")'] for s in states]
        summary += [[w, f'=COUNTIF(Incidents!B2:B{m},"{w}")'] for w in PRIORITY_WORDS.values()]
        summary.append(["Mean hours to resolve", f"=AVERAGE(Incidents!D2:D{m})"])
        p.workbook(title, [("Incidents", rows), ("Summary", summary)])
        by_state = {s: sum(STATES[i["state"]] == s for i in incs) for s in states}
        by_prio = {w: sum(PRIORITY_WORDS[i["priority"]] == w for i in incs) for w in PRIORITY_WORDS.values()}
        hours = [h for h in map(_hours, incs) if h is not None]
        if not hours:
            raise Redraw("nothing was resolved that month")
        mean = sum(hours) / len(hours)
        if any(abs(h * 10 % 1 - 0.5) < 1e-6 for h in map(_exact_hours, incs) if h is not None):
            raise Redraw("an incident's hours end in a half tenth: rounding it is a matter of taste")
        listed = [
            TableRow(
                key=i["number"],
                words=[PRIORITY_WORDS[i["priority"]], STATES[i["state"]]],
                amounts=[h] if (h := _hours(i)) is not None else [],
            )
            for i in incs
        ]
        p.milestone(
            "the Incidents sheet lists the month's incidents",
            [named_file(title, "xlsx"), p.sheet("Incidents", listed, r"INC\d{7}")],
        )
        counts = [TableRow(key=k, amounts=[v]) for k, v in (by_state | by_prio).items()]
        p.milestone(
            "the Summary sheet counts by state and priority and averages the hours",
            [
                p.sheet("Summary", [*counts, TableRow(key="Mean hours to resolve")]),
                *[formula_cell("COUNTIF", v) for v in (*by_state.values(), *by_prio.values())],
                formula_cell("AVERAGE", mean, tol=0.05),
            ],
        )
        resolved = len(hours)
        doc = p.document(
            title,
            "\n".join(
                [
                    f"# {title}",
                    "## Overview",
                    f"{len(incs)} incidents opened in {label}.",
                    "## Resolution",
                    f"{resolved} resolved, mean time to resolve {mean:.1f} hours.",
                    "## Next steps",
                ]
            ),
        )
        key = f"service:{group['name']}"
        day, _ = review_slot(key, START)
        p.ask(
            manager,
            f"{group['name']} service review",
            f"Hi {manager.first}, when shall we go through the {group['name']} service review for "
            f"{label}? Amber",
            "group's manager",
        )
        p.answered(manager, mentions.date(day.isoformat(), reference=START.isoformat()))
        p.meeting(f"{group['name']} service review", manager, key, f"Service report {label}")
        p.paragraph(doc, f"Service review with {manager.name} on {spoken(day)}.")
        sections = [
            TableRow(key="# Overview", amounts=[len(incs)]),
            TableRow(key="# Resolution", amounts=[resolved, round(mean, 1)]),
            TableRow(key="# Next steps", words=[f"{day:%B} {day.day}"]),
        ]
        p.milestone("the report document quotes the figures", [document_expect(title, sections)])
        p.share(doc, manager, "read", "the report")
        link_ref = doc.replace(".id", ".web_url")  # the mail's body is the document's link
        p.oracle.append(step("office_send_mail", to=[manager.mail], subject=title, body=link_ref))
        p.ui += link_mail_ui(manager.mail, title, f"{title}.docx")
        link = Expectation(
            table="office_message",
            op="insert",
            fields={
                "owner_id": eq(p.me),
                "to_recipients": Match(contains=manager.mail),
                "subject": Match(contains="service report"),
                "body_content": Match(contains="/personal/items/"),
                "is_draft": eq(False),
            },
        )
        p.milestone(f"the report's link mailed to {manager.name}", [link])
        p.wrong[manager.mail] = colleague(d, self._decoy(d, manager.mail)).mail
        k = d.rng.randrange(5)
        intro = [
            f"Please prepare the {group['name']} service report for {label}.",
            f"Monthly service report time: {group['name']}, {label}.",
            f"Could you put together {label}'s service report for the {group['name']} group?",
            f"I need the {group['name']} service report covering {label}.",
            f"Service reporting for {group['name']} ({label}), please.",
        ][k]
        sheets = (
            f'Build a workbook "{title}" with a worksheet "Incidents" (columns Number, Priority, State, '
            "Hours to resolve: hours from opened to resolved, rounded to one decimal, empty unless Resolved "
            "or Closed) listing every incident assigned to the group that was opened in "
            f"{label} (UTC, as the desk records times), and a "
            'worksheet "Summary" with one row per state (New, In Progress, On Hold, Resolved, Closed, '
            "Canceled) and one per priority (Critical, High, Moderate, Low, Planning), each label in column "
            'A and a COUNTIF formula over the Incidents sheet in column B, and a row "Mean hours to resolve" '
            "with an AVERAGE formula."
        )
        doc_text = (
            f'Write a Word document "{title}" with the headings Overview (the number of incidents), '
            "Resolution (how many were resolved and the mean hours to resolve, one decimal) and Next steps."
        )
        ask = ask_and_book(
            "the group's manager",
            "when they want to go through the service review",
            f'"{group["name"]} service review"',
        )
        prompt = (
            f"{intro} {sheets} {doc_text} {ask[0].upper()}{ask[1:]}; add the day they give (like "
            '"Tuesday, December 1") under Next steps, share the document with them (view only) and mail them '
            "its link, with the report's name as the subject."
        )
        return p.spec(prompt, [self.job, "service-report", "workbook", "document"], k)

    def _count(self, d: Draw, group: dict[str, Any], start: str, end: str) -> int:
        return len(d.world.rows(GROUP_INCIDENTS, group["sys_id"], start, end))

    def _decoy(self, d: Draw, mail: str) -> str:
        return d.world.value(
            "SELECT email FROM ticketing_sys_user WHERE email IN (SELECT mail FROM office_user) "
            "AND email NOT IN (?, ?, ?) ORDER BY email LIMIT 1",
            mail,
            AMBER,
            DESK_ME,
        )


class PipelineReview(FileScenario):
    name = "scenario.pipeline-review-doc"
    apps = ("crm", "office")
    summary = (
        "a sales manager's pipeline review: the manager asked which quarter, the team's deals in a "
        "workbook (COUNTIF, SUMIF, SUM) and the top deals in a doc, the review booked and shared"
    )
    job = "sales-ops"

    def build(self, d: Draw) -> Spec:
        managers = d.world.rows(
            "SELECT DISTINCT m.email, m.name FROM crm_user m JOIN crm_user r ON r.manager_id = m.id "
            "WHERE m.email != ? ORDER BY m.email",
            AMBER,
        )
        mgr = d.choice(managers)
        floor = d.choice(THRESHOLDS)
        who = colleague(d, mgr["email"])
        label, first, last = review_quarter(f"pipeline:{who.mail}", START)
        deals = d.world.rows(TEAM_DEALS, who.mail, first.isoformat(), last.isoformat(), floor)
        if not 5 <= len(deals) <= 25 or not all(o["is_active"] for o in deals):
            raise Redraw("not five to twenty-five deals of active reps above the floor")
        if len({o["name"] for o in deals}) < len(deals) or deals[2]["amount"] == deals[3]["amount"]:
            raise Redraw("deal names or the top three are ambiguous")
        d.note("workload", f"{self.name}:{who.mail}:{floor}")
        p = FilePlan(d)
        p.read("crm_list_users", search=who.name)
        p.ask(
            who,
            "Pipeline review",
            f"Hi {who.first}, which quarter should the team's pipeline review cover, and when shall we "
            "hold it? Amber",
            "sales manager",
        )
        p.answered(who, Match(contains=label))  # the quarter as the manager's answer names it ("Q1 2027")
        p.read("crm_list_users")
        reps = sorted({o["rep"] for o in deals})
        for rep in d.world.rows(TEAM, who.mail):
            if rep["is_active"]:
                p.read(
                    "crm_list_opportunities",
                    owner_id=rep["id"],
                    status="open",
                    close_date_from=first.isoformat(),
                    close_date_to=last.isoformat(),
                    limit=100,
                )
        title = f"Pipeline review {label}"
        n = len(deals) + 1
        rows: list[list[Any]] = [["Rep", "Opportunity", "Stage", "Amount", "Close date"]]
        rows += [
            [o["rep"], o["name"], o["stage_name"], o["amount"], str(o["close_date"])[:10]] for o in deals
        ]
        by: list[list[Any]] = [["Rep", "Deals", "Amount"]]
        by += [
            [r, f'=COUNTIF(Deals!A2:A{n},"{r}")', f'=SUMIF(Deals!A2:A{n},"{r}",Deals!D2:D{n})'] for r in reps
        ]
        by.append(["Total", f"=SUM(B2:B{len(reps) + 1})", f"=SUM(C2:C{len(reps) + 1})"])
        p.workbook(title, [("Deals", rows), ("By rep", by)])
        total = round(sum(o["amount"] for o in deals), 2)
        listed = [TableRow(key=o["name"], words=[o["rep"]], amounts=[o["amount"]]) for o in deals]
        p.milestone(
            "the Deals sheet lists the team's deals", [named_file(title, "xlsx"), p.sheet("Deals", listed)]
        )
        per = {r: [o["amount"] for o in deals if o["rep"] == r] for r in reps}
        p.milestone(
            "the By rep sheet counts and sums each rep's deals",
            [
                p.sheet(
                    "By rep", [TableRow(key=r, amounts=[len(a), round(sum(a), 2)]) for r, a in per.items()]
                ),
                *[formula_cell("COUNTIF", len(a)) for a in per.values()],
                *[formula_cell("SUMIF", round(sum(a), 2)) for a in per.values()],
                formula_cell("SUM", total),
            ],
        )
        key = f"pipeline:{who.mail}"
        day, _ = p.meeting(title, who, key, f"Team pipeline closing in {label}")
        top = deals[:3]
        doc = p.document(
            title,
            "\n".join(
                [
                    f"# {title}",
                    "## Overview",
                    f"{len(deals)} deals of ${floor:,} or more, ${total:,.2f} in total.",
                    "## Top deals",
                    *[f"- {o['name']} ({o['rep']}): ${o['amount']:,.2f}" for o in top],
                    "## Next steps",
                    f"Review with {who.name} on {spoken(day)}.",
                ]
            ),
        )
        sections = [
            TableRow(key="# Overview", amounts=[len(deals), total]),
            TableRow(key="# Top deals", words=[o["name"] for o in top], amounts=[o["amount"] for o in top]),
            TableRow(key="# Next steps", words=[f"{day:%B} {day.day}"]),
        ]
        p.milestone("the review document names the top deals", [document_expect(title, sections)])
        p.share(doc, who, "read", "the review document")
        p.wrong[who.mail] = next(m["email"] for m in managers if m["email"] != who.mail)
        k = d.rng.randrange(5)
        intro = [
            f"{who.name} wants a pipeline review of the team.",
            f"Please prepare {who.first}'s team pipeline review.",
            f"Pipeline review prep for {who.name}'s team, please.",
            f"Could you build the pipeline review deck-as-doc for {who.name}?",
            f"Time for {who.name}'s pipeline review.",
        ][k]
        prompt = (
            f"{intro} First ask {who.name} by mail which quarter it should cover (and when to hold it) and "
            "give them a day to answer. Then, for the open opportunities of their direct reports closing in "
            f"that quarter with an amount of ${floor:,} or more, build a workbook "
            '"Pipeline review <quarter>" (e.g. "Pipeline review Q1 2027") with a worksheet "Deals" (columns '
            "Rep, Opportunity, Stage, Amount, Close date, one row per deal) and a worksheet "
            '"By rep" with one row per rep who has such a deal: the rep\'s name in column A, a COUNTIF '
            "formula counting their deals and a SUMIF formula "
            "summing their amounts, then a Total row with SUM formulas. Book an hour-long meeting with the "
            f"same title with {who.first} at the time they give. Write a Word document of the same name with "
            "the headings Overview (the number of deals and their total amount), Top deals (the three "
            'largest, each with its amount) and Next steps (the review day as they wrote it, like "Tuesday, '
            'December 1"), and share it with them (view only).'
        )
        return p.spec(prompt, [self.job, "pipeline-review", "workbook", "document"], k)


FAMILIES = [ServiceReport(), PipelineReview()]
