"""Ticketing world, part 2: incidents (with activity and task SLAs), problems and change requests."""

from __future__ import annotations

from datetime import datetime, timedelta

from apps.ticketing.choices import priority_of
from apps.ticketing.world.core import Desk
from apps.ticketing.world.text import COMMENTS, CUSTOMER_INCIDENTS, INCIDENTS, RESOLUTIONS, WORK_NOTES
from worlds.generator.common import weighted

DAY = timedelta(days=1)
CI_FOR = {"network": "VPN", "software": "Email", "database": "db-", "hardware": "ACME-LT-"}


def _pick_ci(desk: Desk, category: str, caller: str) -> str | None:
    if category == "hardware":
        mine = [
            c for c in desk.cis if c["sys_class_name"] == "cmdb_ci_computer" and c["assigned_to"] == caller
        ]
        return mine[0]["sys_id"] if mine else None
    prefix = CI_FOR.get(category)
    options = [c for c in desk.cis if prefix and c["name"].startswith(prefix)]
    return desk.rng.choice(options)["sys_id"] if options and desk.rng.random() < 0.7 else None


def _text(desk: Desk, template: str) -> str:
    products = [p["name"] for p in desk.company.products]
    return template.format(
        city=desk.rng.choice(("San Francisco", "New York", "Chicago", "Austin", "London")),
        floor=desk.rng.randint(2, 9),
        team=desk.rng.choice(("Finance", "Sales", "Support")),
        product=desk.rng.choice(products),
    )


def _journal(
    desk: Desk, table: str, record: dict, element: str, text: str, at: datetime, author: str
) -> None:
    desk.add(
        "sys_journal_field",
        element_id=record["sys_id"],
        name=table,
        element=element,
        value=text,
        sys_created_on=desk.dt(at),
        sys_created_by=author,
    )


def _task_sla(
    desk: Desk,
    inc: dict,
    target: str,
    start: datetime,
    end: datetime | None,
    stage: str,
    pause_time: datetime | None = None,
) -> None:
    definition = desk.slas[(inc["priority"], target)]
    limit = timedelta(seconds=definition["duration"])
    stop = end or pause_time or desk.now
    desk.add(
        "task_sla",
        task=inc["sys_id"],
        sla=definition["sys_id"],
        stage=stage,
        active=stage in ("in_progress", "paused"),
        start_time=desk.dt(start),
        planned_end_time=desk.dt(start + limit),
        end_time=desk.dt(end),
        pause_time=desk.dt(pause_time),
        pause_duration=0,
        has_breached=stop - start > limit,
    )


def _incident_story(desk: Desk, opened: datetime) -> tuple[str, datetime | None, datetime | None]:
    """(state, resolved_at, closed_at) consistent with the age and the 7-day auto-close."""
    rng, now = desk.rng, desk.now
    age = (now - opened) / DAY
    roll = rng.random()
    if roll < (0.04 if age > 10 else 0.03):
        return "canceled", None, opened + timedelta(hours=rng.randint(1, 30))
    open_share = 0.06 if age > 10 else (0.45 if age > 1 else 0.9)
    if roll < 0.04 + open_share:
        return "open", None, None
    resolved = opened + timedelta(minutes=rng.randint(20, 60 * 24 * rng.choice((1, 1, 2, 4, 8))))
    if resolved >= now:
        return "open", None, None
    if resolved <= now - 7 * DAY:
        by_caller = rng.random() < 0.4
        return "closed", resolved, resolved + (timedelta(hours=rng.randint(1, 72)) if by_caller else 7 * DAY)
    if rng.random() < 0.5:
        return "resolved", resolved, None
    return "closed", resolved, desk.when(resolved, now)


def build_incidents(desk: Desk) -> None:
    rng, now = desk.rng, desk.now
    n = desk.count(3000, 40)
    opened_times = sorted(desk.when(now - 180 * DAY, now - timedelta(minutes=30)) for _ in range(n))
    keys = list(INCIDENTS)
    for opened in opened_times:
        customer = rng.random() < 0.35
        template = None
        if customer:
            caller, company = rng.choice(desk.contacts)
            short, desc = (_text(desk, t) for t in rng.choice(CUSTOMER_INCIDENTS))
            category, subcategory = "software", None
            group = "Customer Support Tier 2" if rng.random() < 0.2 else "Customer Support Tier 1"
            contact_type = weighted(rng, {"email": 5, "phone": 3, "self-service": 2})
        else:
            caller, company = rng.choice(desk.employees), "Acme Corporation"
            category, subcategory = rng.choice(keys)
            group, templates = INCIDENTS[(category, subcategory)]
            template = rng.choice(templates)
            short, desc = (_text(desk, t) for t in template)
            contact_type = weighted(rng, {"self-service": 4, "phone": 3, "email": 2, "chat": 1, "walk-in": 1})
        impact = int(weighted(rng, {"1": 1, "2": 3, "3": 6}))
        urgency = int(weighted(rng, {"1": 1, "2": 3, "3": 6}))
        story, resolved, closed = _incident_story(desk, opened)
        state = {"canceled": 8, "resolved": 6, "closed": 7}.get(story) or int(
            weighted(rng, {"1": 1, "2": 5, "3": 2})
        )
        assignee = desk.member(group) if state != 1 else None
        hold_reason = rng.choice(("1", "1", "4", "5", "3")) if state == 3 else None
        code = rng.choice(list(RESOLUTIONS)) if resolved else None
        inc = desk.add(
            "incident",
            numbered=True,
            short_description=short,
            description=desc,
            caller_id=caller,
            company=company,
            opened_by=caller if contact_type == "self-service" else desk.member("Service Desk"),
            opened_at=desk.dt(opened),
            contact_type=contact_type,
            category=category,
            subcategory=subcategory,
            cmdb_ci=_pick_ci(desk, category, caller),
            impact=impact,
            urgency=urgency,
            priority=priority_of(impact, urgency),
            state=state,
            hold_reason=hold_reason,
            active=state in (1, 2, 3),
            assignment_group=desk.groups[group],
            assigned_to=assignee,
            reassignment_count=1
            if group == "Customer Support Tier 2"
            else int(weighted(rng, {"0": 8, "1": 2})),
            close_code=code,
            close_notes=RESOLUTIONS[code] if code else None,
            resolved_at=desk.dt(resolved),
            resolved_by=assignee if resolved else None,
            closed_at=desk.dt(closed),
            closed_by=(caller if closed - resolved < 7 * DAY else None)
            if closed and resolved
            else (assignee if closed else None),
            sys_created_on=desk.dt(opened),
            sys_created_by=caller,
        )
        desk.issue_of[inc["sys_id"]] = template[0] if template else None
        last = closed or resolved or opened
        if state != 1:
            responded = opened + timedelta(minutes=rng.randint(3, 60 * rng.choice((1, 1, 2, 6))))
            responded = min(responded, now)
            _task_sla(desk, inc, "response", opened, responded, "completed")
            if rng.random() < 0.7:
                _journal(
                    desk,
                    "incident",
                    inc,
                    "work_notes",
                    rng.choice(WORK_NOTES),
                    responded,
                    assignee or desk.actor,
                )
            if rng.random() < 0.5:
                _journal(
                    desk,
                    "incident",
                    inc,
                    "comments",
                    rng.choice(COMMENTS),
                    min(responded + timedelta(minutes=5), now),
                    assignee or desk.actor,
                )
        else:
            _task_sla(desk, inc, "response", opened, None, "in_progress")
        if state == 8:
            _task_sla(desk, inc, "resolution", opened, closed, "cancelled")
            _journal(
                desk,
                "incident",
                inc,
                "work_notes",
                "Canceled: raised in error / duplicate.",
                closed,
                desk.actor,
            )
        elif resolved:
            _task_sla(desk, inc, "resolution", opened, resolved, "completed")
            _journal(desk, "incident", inc, "comments", inc["close_notes"], resolved, assignee)
        elif state == 3:
            _task_sla(desk, inc, "resolution", opened, None, "paused", desk.when(opened, now))
        else:
            _task_sla(desk, inc, "resolution", opened, None, "in_progress")
        inc["sys_updated_on"], inc["sys_updated_by"] = desk.dt(last), assignee or caller


def build_problems(desk: Desk) -> None:
    """Problems behind groups of similar incidents; some are known errors with a workaround."""
    rng, now = desk.rng, desk.now
    incidents = [i for i in desk.rows["incident"] if i["category"] and i["subcategory"]]
    by_kind: dict[tuple[str, str], list[dict]] = {}
    for inc in incidents:
        by_kind.setdefault((inc["short_description"]), []).append(inc)
    kinds = sorted(by_kind)
    n = desk.count(150, 8)
    starts = sorted(desk.when(now - 170 * DAY, now - DAY) for _ in range(n))
    for opened in starts:
        kind = rng.choice(kinds)
        linked = [i for i in by_kind[kind] if i["problem_id"] is None][: rng.randint(2, 8)]
        group = (
            "Application Support"
            if not linked
            else next(g for g, s in desk.groups.items() if s == linked[0]["assignment_group"])
        )
        state = int(weighted(rng, {"101": 2, "102": 2, "103": 3, "104": 2, "106": 2, "107": 4}))
        known = state >= 104 and rng.random() < 0.6 or (state in (102, 103) and rng.random() < 0.2)
        impact, urgency = rng.randint(1, 3), rng.randint(1, 3)
        resolved = desk.when(opened, now) if state >= 106 else None
        prb = desk.add(
            "problem",
            numbered=True,
            short_description=f"Recurring: {kind}",
            description=f"Several users report: {kind}.",
            state=state,
            category=linked[0]["category"] if linked else None,
            subcategory=linked[0]["subcategory"] if linked else None,
            cmdb_ci=linked[0]["cmdb_ci"] if linked else None,
            impact=impact,
            urgency=urgency,
            priority=priority_of(impact, urgency),
            assignment_group=desk.groups[group],
            assigned_to=desk.member(group),
            known_error=known,
            workaround="Restart the client and sign in again; use the web version meanwhile."
            if known
            else None,
            cause_notes="Configuration drift after the last update." if state >= 103 else None,
            fix_notes="Rolled out the corrected configuration." if state >= 106 else None,
            resolution_code="fix_applied" if state >= 106 else None,
            first_reported_by_task=linked[0]["sys_id"] if linked else None,
            opened_by=desk.actor,
            opened_at=desk.dt(opened),
            resolved_at=desk.dt(resolved),
            resolved_by=desk.actor if resolved else None,
            closed_at=desk.dt(resolved + DAY) if state == 107 and resolved and resolved + DAY < now else None,
            active=state < 106,
            sys_created_on=desk.dt(opened),
            sys_updated_on=desk.dt(resolved or opened),
        )
        for inc in linked:
            inc["problem_id"] = prb["sys_id"]
