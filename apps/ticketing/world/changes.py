"""Ticketing world, part 3: change requests with their approvals (no accidental schedule conflicts).

Nothing happens after the world's now: a change planned weeks ahead was raised and approved before now,
not on the day its lead time would put it (v7). The draws are those of v6, so every later record of the
desk stays as it was."""

from __future__ import annotations

from datetime import datetime, timedelta

from apps.ticketing.world.change_text import CHANGE_PLANS
from apps.ticketing.world.core import Desk
from apps.ticketing.world.text import CHANGES
from worlds.generator.common import weighted

DAY, HOUR = timedelta(days=1), timedelta(hours=1)


def raised(start: datetime, lead: timedelta, now: datetime) -> datetime:
    """When a change starting at `start` was raised: `lead` before it, or, when that is still ahead of
    now, a day to five before now (the longer the lead, the earlier)."""
    planned = start - lead
    return planned if planned <= now - HOUR else now - timedelta(hours=4 + 6 * lead.days)


def decided_at(opened: datetime, after: timedelta, now: datetime) -> datetime:
    """An approval `after` the change was raised, or, when that is still ahead, part of the way to now."""
    if opened + after <= now:
        return opened + after
    return opened + (now - opened) * (0.5 if after <= DAY else 0.8)


def _approve(desk: Desk, chg: dict, approvers: list[str], decided: str, at: datetime) -> None:
    """One approver decides (`decided`); with "requested" every approver is still pending."""
    winner = desk.rng.choice(approvers)
    for user in approvers:
        state = "requested" if decided == "requested" else (decided if user == winner else "not_required")
        desk.add(
            "sysapproval_approver",
            approver=user,
            sysapproval=chg["sys_id"],
            source_table="change_request",
            state=state,
            sys_created_on=desk.dt(at),
            sys_updated_on=desk.dt(at),
            sys_created_by=chg["requested_by"],
        )


def build_changes(desk: Desk) -> None:
    rng, now = desk.rng, desk.now
    cab = desk.members[desk.groups["Change Advisory Board"]]
    targets = [c for c in desk.cis if c["sys_class_name"] not in ("cmdb_ci_computer", "cmdb_ci_printer")]
    busy: dict[str, list[tuple[datetime, datetime]]] = {}
    n = desk.count(400, 15)
    for start in sorted(desk.when(now - 150 * DAY, now + 45 * DAY) for _ in range(n)):
        start = start.replace(minute=0, second=0)
        end = start + timedelta(hours=rng.randint(1, 6))
        ci = rng.choice(targets)
        if any(s < end and start < e for s, e in busy.get(ci["sys_id"], [])):
            continue  # keep the world free of accidental conflicts
        busy.setdefault(ci["sys_id"], []).append((start, end))
        kind = weighted(rng, {"normal": 6, "standard": 3, "emergency": 1})
        if end < now:
            state = int(weighted(rng, {"3": 17, "4": 2, "0": 1 if now - end < 3 * DAY else 0}))
        elif start <= now:
            state = -1
        else:
            state = int(weighted(rng, {"-2": 5, "-3": 3, "-4": 1 if kind == "normal" else 0, "-5": 2}))
        if kind == "standard" and state in (-3, -4):
            state = -2
        opened = raised(start, timedelta(days=rng.randint(3, 20)), now)
        group = next(g for g, s in desk.groups.items() if s == ci["support_group"])
        template, category = rng.choice(CHANGES)
        approval = {-5: "not requested", -4: "requested", -3: "requested"}.get(state, "approved")
        if kind == "standard":
            approval = "approved"
        if state == 4 and kind != "standard":
            approval = "rejected" if rng.random() < 0.5 else "approved"
        risk = rng.randint(2, 4)
        texts = CHANGE_PLANS[template].filled(ci["name"])
        chg = desk.add(
            "change_request",
            numbered=True,
            short_description=template.format(ci=ci["name"]),
            description=texts["description"],
            type=kind,
            state=state,
            approval=approval,
            risk=risk,
            impact=rng.randint(2, 3),
            priority=rng.randint(3, 4),
            category=category,
            cmdb_ci=ci["sys_id"],
            assignment_group=ci["support_group"],
            assigned_to=desk.member(group),
            requested_by=desk.member(group),
            start_date=desk.dt(start),
            end_date=desk.dt(end),
            work_start=desk.dt(start) if state in (-1, 0, 3) else None,
            work_end=desk.dt(end) if state in (0, 3) else None,
            justification=texts["justification"],
            implementation_plan=texts["implementation_plan"],
            backout_plan=texts["backout_plan"],
            test_plan=texts["test_plan"],
            conflict_status="No Conflict",
            conflict_last_run=desk.dt(opened),
            close_code="successful" if state == 3 else None,
            close_notes="Completed as planned." if state == 3 else None,
            opened_at=desk.dt(opened),
            closed_at=desk.dt(end) if state in (3, 4) else None,
            active=state not in (3, 4),
            sys_created_on=desk.dt(opened),
            sys_updated_on=desk.dt(min(end, now) if start <= now else opened),
        )
        if kind == "standard" or state == -5:
            continue
        manager = next(
            r["manager"] for r in desk.rows["sys_user_group"] if r["sys_id"] == ci["support_group"]
        )
        last = opened
        if kind == "normal":
            last = decided_at(opened, DAY, now)
            _approve(desk, chg, [manager], "requested" if state == -4 else "approved", last)
        if state != -4:
            decided = "requested" if state == -3 else ("rejected" if approval == "rejected" else "approved")
            last = decided_at(opened, 2 * DAY, now)
            _approve(desk, chg, cab, decided, last)
        if start > now:  # a planned change was last touched by its approvals
            chg["sys_updated_on"] = desk.dt(last)
