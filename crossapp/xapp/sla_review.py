"""A desk manager's monthly SLA review (frontier): how many incidents their team(s) got in a month, how many
missed the response and the resolution target, and which — read from the desk, sent by mail.

The manager says "my team" and "last month": which groups they manage is found on the desk; the month is
counted in UTC (the prompt says so). The truth is counted from the incidents and their task SLAs as the SLA
engine rules them (a task SLA has breached when it is marked so or has run past its target, paused time
left out), at the world's now; an instance is drawn only where every way of reading it agrees (the
incidents opened in the month own exactly the SLAs that started in it, no cancelled SLA breached, no running
SLA breaches within days of now).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from types import SimpleNamespace
from typing import Any

from apps.ticketing.services.sla_engine import elapsed_seconds
from crossapp.xapp.common import compose_ui
from tasks.families.base import Draw, Family, Redraw, Spec, step
from tasks.families.frontier_kit import (
    MAIL_SIDE_EFFECTS,
    first_name,
    listing,
    mail_sent,
    month_name,
    month_window,
    reads,
    sent_to,
    states,
)
from tasks.truth_model import FrontierMeasures, UiStep

MONTHS = [(2026, m) for m in (6, 7, 8, 9, 10)]
MANAGERS = """
SELECT u.name, u.email, group_concat(g.name, '|') AS groups
FROM ticketing_sys_user_group g JOIN ticketing_sys_user u ON u.sys_id = g.manager
JOIN office_user o ON lower(o.mail) = lower(u.email)
WHERE g.active = 1
  AND u.sys_id != (SELECT sys_id FROM ticketing_sys_user WHERE email = 'jamie.collins@acme.example')
GROUP BY u.sys_id ORDER BY u.email
"""
INCIDENTS = """
SELECT i.sys_id, i.number, i.opened_at, i.state, g.name AS grp FROM ticketing_incident i
JOIN ticketing_sys_user_group g ON g.sys_id = i.assignment_group
WHERE g.manager = (SELECT sys_id FROM ticketing_sys_user WHERE email = ?)
  AND i.opened_at >= ? AND i.opened_at < ?
ORDER BY i.number
"""
SLAS = """
SELECT s.task, s.stage, s.start_time, s.end_time, s.pause_time, s.pause_duration, s.has_breached,
       d.target, d.duration
FROM ticketing_task_sla s JOIN ticketing_contract_sla d ON d.sys_id = s.sla
JOIN ticketing_incident i ON i.sys_id = s.task
JOIN ticketing_sys_user_group g ON g.sys_id = i.assignment_group
WHERE g.manager = (SELECT sys_id FROM ticketing_sys_user WHERE email = ?)
  AND ((i.opened_at >= ? AND i.opened_at < ?) OR (s.start_time >= ? AND s.start_time < ?))
ORDER BY s.task, d.target
"""


def _stamp(value: Any) -> datetime | None:
    return datetime.fromisoformat(str(value)) if value else None


def _breached(sla: dict[str, Any], now: datetime) -> bool:
    """The SLA engine's verdict at `now`: marked breached, or run past its target (pauses left out)."""
    row = SimpleNamespace(**{k: _stamp(sla[k]) for k in ("start_time", "end_time", "pause_time")})
    row.pause_duration = sla["pause_duration"]
    return bool(sla["has_breached"]) or elapsed_seconds(row, now) > sla["duration"]


def _flips_soon(sla: dict[str, Any], now: datetime) -> bool:
    """A running SLA that would breach within two days of now: its verdict would depend on the episode's
    clock."""
    if sla["stage"] not in ("in_progress", "paused") or _breached(sla, now):
        return False
    return not _breached(sla, now + timedelta(days=2))


def review(d: Draw, email: str, year: int, month: int) -> dict[str, Any]:
    """The month's review of the groups `email` manages: incidents, breaches per target, or Redraw."""
    start, end = month_window(year, month)
    now = d.world.now  # aware UTC, as the SLA engine reads it
    incidents = d.world.rows(INCIDENTS, email, start.isoformat(sep=" "), end.isoformat(sep=" "))
    if not 4 <= len(incidents) <= 90:
        raise Redraw("too few or too many incidents in the month")
    bounds = (start.isoformat(sep=" "), end.isoformat(sep=" "))
    slas = d.world.rows(SLAS, email, *bounds, *bounds)
    ids = {i["sys_id"] for i in incidents}
    for s in slas:
        inside = start <= _stamp(s["start_time"]) < end
        if inside != (s["task"] in ids) or (s["stage"] == "cancelled" and _breached(s, now)):
            raise Redraw("an SLA restarted across the month's edge, or a cancelled SLA breached")
        if _flips_soon(s, now):
            raise Redraw("a running SLA breaches within two days")
    number = {i["sys_id"]: i["number"] for i in incidents}
    missed = {"response": set(), "resolution": set()}
    for s in slas:
        if s["stage"] != "cancelled" and _breached(s, now):
            missed[s["target"]].add(number[s["task"]])
    if not (missed["response"] | missed["resolution"]):
        raise Redraw("no SLA missed in the month")
    near = d.world.rows(
        INCIDENTS,
        email,
        (start - timedelta(days=3)).isoformat(sep=" "),
        (end + timedelta(days=3)).isoformat(sep=" "),
    )
    return {
        "start": start,
        "end": end,
        "incidents": incidents,
        "response": sorted(missed["response"]),
        "resolution": sorted(missed["resolution"]),
        "groups": sorted({i["grp"] for i in incidents}),
        "edge": len(near) - len(incidents),
    }


def _prompts(name: str, when: str, several: bool) -> list[str]:
    first = first_name(name)
    in_when = when if when == "last month" else f"in {when}"
    team, theirs = ("my teams", "their teams") if several else ("my team", "their team")
    owned = "my teams'" if several else "my team's"
    return [
        f'{name} asked you: "Can you pull together how {team} did on SLAs {in_when}? For the incidents '
        f"opened {in_when} (UTC): how many we had, how many missed the response target, how many missed the "
        'resolution target, and which tickets those were. A mail is fine."',
        f"{name} wants the SLA picture of {theirs} for their monthly review: the incidents opened {in_when} "
        "(UTC) — how many there were, how many breached their response SLA, how many their resolution SLA, "
        "and the numbers of the ones that breached. Send it to them by mail.",
        f'From {name}: "Before my review I need {owned} SLA results for {when} — every incident opened '
        f"{in_when}, UTC: total count, response breaches, resolution breaches, and the tickets behind them. "
        'Could you mail me that?"',
        f'{first} wrote: "How bad was {when} on SLAs for {team}? Count of incidents opened {in_when} (UTC '
        'dates), response misses, resolution misses, and the list of breached tickets, please." Answer '
        f"{first} ({name}) by mail.",
        f"Please mail {name} the SLA results of {theirs} for the incidents opened {in_when} (UTC): the "
        "count, how many missed the response target and how many the resolution target, and which incidents "
        "missed either.",
    ]


class DeskSlaReview(Family):
    name = "xapp.desk-sla-review"
    version = 2  # v2: a person told may be in To or Cc (recipients)
    apps = ("ticketing", "office")
    tier = "frontier"
    surfaces = ("mcp", "cli", "ui", "python")
    size = 40
    distinct = 19  # managers' months where every reading of the SLA counts agrees
    author = "saasgym-frontier"
    summary = (
        "frontier: a desk manager's monthly SLA review of their own team(s), found on the desk: incidents "
        "opened in the month, response and resolution breaches, the breached tickets, by mail"
    )

    def build(self, d: Draw) -> Spec:
        manager = d.pick("coworker", d.world.rows(MANAGERS), key="email")
        year, month = d.choice(MONTHS)
        r = review(d, manager["email"], year, month)
        when = month_name(r["start"], d.world.now)
        phrasings = _prompts(manager["name"], when, len(r["groups"]) > 1)
        k = d.rng.randrange(len(phrasings))
        missed = sorted(set(r["response"]) | set(r["resolution"]))
        n = len(r["incidents"])
        span = {"opened_after": r["start"].isoformat(), "opened_before": r["end"].isoformat()}
        sla_span = {"started_after": r["start"].isoformat(), "started_before": r["end"].isoformat()}
        oracle = [step("ticketing_list_groups")]
        ui: list[UiStep] = []
        for g in r["groups"]:
            oracle.append(step("ticketing_list_incidents", assignment_group=g, limit=200, **span))
            oracle.append(
                step("ticketing_list_task_slas", assignment_group=g, breached=True, limit=200, **sla_span)
            )
            top = max(i["number"] for i in r["incidents"] if i["grp"] == g)
            ui += [
                UiStep(goto=f"/s/ticketing/incidents?assignment_group={g}&opened_after={span['opened_after']}"
                       f"&opened_before={span['opened_before']}"),
                UiStep(expect_text=top),
                UiStep(goto=f"/s/ticketing/task_slas?assignment_group={g}&breached=true&started_after="
                       f"{sla_span['started_after']}&started_before={sla_span['started_before']}"),
            ]  # fmt: skip
        month = r["start"].strftime("%B %Y")
        yes = {True: "yes", False: "no"}
        lines = [f"| {i} | {yes[i in r['response']]} | {yes[i in r['resolution']]} |" for i in missed]
        body = (
            f"Hi {first_name(manager['name'])},\n\nSLA results for {listing(r['groups'])}, incidents opened "
            f"in {month} (UTC): {n} incidents; {len(r['response'])} missed the response target and "
            f"{len(r['resolution'])} missed the resolution target.\n\n| Incident | Response missed | "
            "Resolution missed |\n|---|---|---|\n" + "\n".join(lines) + "\n\nAmber"
        )
        subject = f"SLA results, {month}"
        oracle.append(step("office_send_mail", to=[manager["email"]], subject=subject, body=body))
        ui += compose_ui(manager["email"], subject, body)
        where = sent_to(d, manager["email"])
        others = [m["email"] for m in d.world.rows(MANAGERS) if m["email"] != manager["email"]]
        criteria = [
            states(
                where,
                "counts",
                f"states the {n} incidents opened in {month}, the {len(r['response'])} that missed the "
                f"response target and the {len(r['resolution'])} that missed the resolution target",
                numbers=[n, len(r["response"]), len(r["resolution"])],
            ),
            states(where, "breached-incidents", "names every incident that missed a target", names=missed),
            reads(
                where,
                "answers-the-manager",
                "covers_items",
                f"reports to {manager['name']} that {n} incidents of {listing(r['groups'])} were opened in "
                f"{month} (UTC), that {len(r['response'])} missed the response target and "
                f"{len(r['resolution'])} the resolution target, and lists exactly these incidents as the "
                f"ones that missed a target: {', '.join(missed)} — no others",
            ),
        ]
        return Spec(
            prompt=phrasings[k],
            oracle=oracle,
            expect=[mail_sent(d, manager["email"])],
            allow=MAIL_SIDE_EFFECTS,
            ui_oracle=ui,
            wrong_record={manager["email"]: others[0]},
            tags=["sla", "report", "mail", "desk", "cross-app"],
            phrasing=k,
            records=n,
            criteria=criteria,
            frontier=FrontierMeasures(
                discover=n + len(r["groups"]), people=1, policies=[], distractors=r["edge"]
            ),
        )


FAMILIES = [DeskSlaReview()]
