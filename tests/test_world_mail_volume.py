"""World v4: everyone's last working week at a knowledge worker's mail volume (sales and managers more),
grounded in the records, within the audit's written bands; the audit fails on a quiet week."""

from __future__ import annotations

import json
import re
import shutil
from datetime import datetime, timedelta

from apps.core.worlds import worlds_root
from apps.office.world.mail_text import deal_phrase
from apps.ticketing.ids import user_sys_id
from tests.test_world_v3 import _write, rows
from worlds.audit.checks import World
from worlds.audit.volume import mail_volume, received_per_day
from worlds.generator import distributions as D

NOW = World(worlds_root() / "acme").now()


def test_recent_week_volume_is_a_knowledge_workers_by_role():
    per = received_per_day(World(worlds_root() / "acme"), NOW)
    assert len(per) == 215  # everyone but the acting user
    by_role: dict[str, list[float]] = {}
    for role, x in per.values():
        by_role.setdefault(role, []).append(x)
    medians = {r: sorted(v)[len(v) // 2] for r, v in by_role.items()}
    for role, (lo, hi) in D.MAIL_VOLUME["band"].items():
        assert lo <= medians[role] <= hi, (role, medians)
    assert medians["sales"] > medians["other"] and medians["manager"] > medians["other"]
    assert min(x for _, x in per.values()) >= 2  # nobody's week is empty


def test_the_acting_users_mailbox_gets_nothing_of_the_recent_week():
    actor = json.loads((worlds_root() / "acme" / "manifest.json").read_text())["actors"]["office"]
    recent = [m for m in rows("acme", "office/message") if m["subject"].startswith("Acme Today, ")]
    assert len({m["internet_message_id"] for m in recent}) == 5  # a digest each working day
    assert all(m["owner_id"] != actor for m in recent)
    start = NOW - timedelta(days=7)
    mine = [m for m in rows("acme", "office/message") if m["owner_id"] == actor]
    assert not any(m["subject"].startswith("Incident ") and " assigned to " in m["subject"] for m in mine)
    assert all(datetime.fromisoformat(m["received_date_time"]) < NOW for m in mine if m["received_date_time"])
    assert any(start <= datetime.fromisoformat(m["received_date_time"]) for m in mine)  # v3's own mail


def test_crm_and_desk_notices_of_the_week_quote_the_recipients_own_records():
    users = {u["id"]: u for u in rows("acme", "office/user")}
    crm_user = {u["employee_number"]: u["id"] for u in rows("acme", "crm/user") if u.get("employee_number")}
    opps: dict[str, list[dict]] = {}
    for o in rows("acme", "crm/opportunity"):
        opps.setdefault(o["name"], []).append(o)
    members: dict[str, set[str]] = {}
    for m in rows("acme", "ticketing/sys_user_grmember"):
        members.setdefault(m["group"], set()).add(m["user"])
    groups = {g["name"]: g["sys_id"] for g in rows("acme", "ticketing/sys_user_group")}
    incidents = {i["number"]: i for i in rows("acme", "ticketing/incident")}
    employees = {e["email"].lower(): e for e in rows("acme", "company/employees")}

    closing = group_notes = 0
    for m in rows("acme", "office/message"):
        if (hit := re.match(r"Close date \S+ coming up: (.+)$", m["subject"])) is not None:
            owner = crm_user[users[m["owner_id"]]["employee_number"]]
            assert any(
                deal_phrase(o) in m["body_content"] and not o["is_closed"] and o["owner_id"] == owner
                for o in opps[hit[1]]
            ), m["subject"]
            closing += 1
        elif (
            hit := re.match(r"Incident (INC\d+) assigned to (?!you:)(.+?): (.+)$", m["subject"])
        ) is not None:
            inc = incidents[hit[1]]
            assert inc["assignment_group"] == groups[hit[2]] and inc["short_description"] == hit[3]
            owner = employees[users[m["owner_id"]]["mail"]]
            assert user_sys_id(owner["employee_number"]) in members[inc["assignment_group"]]
            group_notes += 1
    assert closing >= 100 and group_notes >= 200


def test_volume_check_passes_on_acme_and_fails_on_a_quiet_week(tmp_path):
    assert all(f.ok for f in mail_volume(World(worlds_root() / "acme")))
    quiet = tmp_path / "quiet"
    (quiet / "office").mkdir(parents=True)
    shutil.copy(worlds_root() / "acme" / "manifest.json", quiet / "manifest.json")
    shutil.copy(worlds_root() / "acme" / "office" / "user.jsonl", quiet / "office" / "user.jsonl")
    start = NOW - timedelta(days=D.MAIL_VOLUME["window_days"])
    _write(
        quiet / "office" / "message.jsonl",
        [
            m
            for m in rows("acme", "office/message")
            if datetime.fromisoformat(m["received_date_time"]) < start
        ],
    )
    failed = {f.check: f.measured for f in mail_volume(World(quiet)) if not f.ok}
    assert failed["mail volume: p10 received per working day >= 5"] == "0.0"
    assert "mail volume: median received per working day (sales) in [15, 80]" in failed
    few = [f for f in mail_volume(World(worlds_root() / "tiny"))]
    assert [(f.check, f.ok) for f in few] == [("mail volume (too few people, reported only)", True)]
