"""World version 3: tickets speak the OS of the caller's laptop; the audit fails on a ticket that does not."""

from __future__ import annotations

import json
import re
import shutil
from datetime import datetime
from functools import cache

from apps.core.worlds import worlds_root
from apps.ticketing.world.issues import EMPLOYEE
from apps.ticketing.world.mac_issues import MAC, on_mac
from tests.test_world_realism import _audit
from worlds.audit.checks import MACOS_ONLY, WINDOWS_ONLY


@cache
def rows(world: str, table: str) -> list[dict]:
    return [json.loads(line) for line in (worlds_root() / world / f"{table}.jsonl").open()]


def _laptop_os(world: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for c in rows(world, "ticketing/cmdb_ci"):
        if c["sys_class_name"] == "cmdb_ci_computer":
            out.setdefault(c["assigned_to"], c["os"])
    return out


def test_a_mac_owner_never_files_a_windows_ticket():
    os_of = _laptop_os("acme")
    macs = windows = 0
    for inc in rows("acme", "ticketing/incident"):
        os_name = os_of.get(inc["caller_id"])
        if os_name is None:
            continue
        text = inc["short_description"] + " " + inc["description"]
        if os_name.startswith("macOS"):
            macs += bool(re.search(r"macOS|kernel panic|Activity Monitor|Trash|Defender for Mac", text))
            assert not WINDOWS_ONLY.search(text), (inc["number"], os_name, text)
        else:
            windows += bool(WINDOWS_ONLY.search(text))
            assert not MACOS_ONLY.search(text), (inc["number"], os_name, text)
    assert macs >= 20 and windows >= 20  # both kinds of ticket exist, each on its own kind of laptop


def test_windows_only_issues_have_a_mac_way_only_on_macos():
    assert (
        on_mac("Blue screen after driver update", "macOS Sonoma 14.2")
        is MAC["Blue screen after driver update"]
    )
    assert on_mac("Blue screen after driver update", "Windows 11 23H2 (22631.3007)") is None
    assert on_mac("VPN disconnects every few minutes", "macOS Sonoma 14.2") is None
    for issue in MAC.values():
        for t in issue.shorts + issue.openers:
            assert not WINDOWS_ONLY.search(t.text), t.text


def _write(path, items) -> None:  # noqa: ANN001
    path.write_text("".join(json.dumps(r) + "\n" for r in items))


def test_audit_fails_on_a_windows_ticket_from_a_mac_and_a_mailbox_without_customers(tmp_path):
    world = tmp_path / "bad"
    shutil.copytree(worlds_root() / "tiny", world)
    os_of = _laptop_os("tiny")
    incidents = [json.loads(line) for line in (world / "ticketing" / "incident.jsonl").open()]
    mac = next(i for i in incidents if os_of.get(i["caller_id"], "").startswith("macOS"))
    mac["short_description"] = "Windows update KB5031300 fails with 0x800f081f"
    _write(world / "ticketing" / "incident.jsonl", incidents)
    messages = [json.loads(line) for line in (world / "office" / "message.jsonl").open()]
    quiet = rows("tiny", "office/user")[3]["id"]  # an employee whose mailbox loses its customer threads
    _write(
        world / "office" / "message.jsonl",
        [
            m
            for m in messages
            if m["owner_id"] != quiet
            or all(a.endswith("acme.example") for a in [m["from_address"], *m["to_recipients"]])
        ],
    )
    bad = _audit(str(world))
    assert bad.returncode == 1
    assert re.search(
        r"mailboxes: every employee has >= 1 customer threads\s*│\s*1/25 short.*│ FAIL", bad.stdout
    ), bad.stdout
    assert re.search(r"kind: tickets fit the OS of the caller's laptop\s*│\s*1/\d+\s*│ FAIL", bad.stdout), (
        bad.stdout
    )


def test_deal_sizes_rise_by_segment_and_line_items_still_sum_to_amounts():
    from worlds.audit.checks import World
    from worlds.audit.measure import deal_medians
    from worlds.generator import distributions as D

    medians = deal_medians(World(worlds_root() / "acme"))
    assert list(medians) == ["SMB", "Mid-market", "Enterprise"]
    smb, mid, ent = medians.values()
    assert mid >= D.DEAL_STEP_MIN * smb and ent >= D.DEAL_STEP_MIN * mid
    for (name, (want, _)), got in zip(D.DEAL_SIZE.items(), medians.values(), strict=True):
        assert abs(got - want) / want < 0.35, name  # the drawn medians are near the written ones
    items: dict[str, float] = {}
    for li in rows("acme", "crm/opportunity_line_item"):
        items[li["opportunity_id"]] = items.get(li["opportunity_id"], 0.0) + li["total_price"]
    history: dict[str, list[dict]] = {}
    for h in rows("acme", "crm/opportunity_history"):
        history.setdefault(h["opportunity_id"], []).append(h)
    for o in rows("acme", "crm/opportunity"):
        if o["id"] in items:
            assert abs(items[o["id"]] - o["amount"]) < 0.01, o["id"]
        last = max(history[o["id"]], key=lambda h: h["created_date"])
        assert last["amount"] == o["amount"], o["id"]


def test_every_mailbox_has_the_mix_of_a_knowledge_worker():
    from worlds.audit.checks import World
    from worlds.audit.mailboxes import kinds
    from worlds.generator import distributions as D

    counts = kinds(World(worlds_root() / "acme"))
    users = rows("acme", "office/user")
    assert len(users) == 216
    for u in users:
        for kind, least in D.MAILBOX_MIN.items():
            assert counts[u["id"]][kind] >= least, (u["display_name"], kind)
    newsletter = next(m for m in rows("acme", "office/message") if m["from_address"] == "news@acme.example")
    assert newsletter["to_recipients"] == ["all-staff@acme.example"]  # a list, not 216 addresses per copy


def test_few_template_issues_get_a_sentence_of_their_own_and_incidents_stay_distinct():
    import random

    from apps.ticketing.world.details import values
    from apps.ticketing.world.issue_details import DETAILS, detail
    from worlds.audit.checks import INCIDENT_NEAR_DUP_MAX, near_duplicate_share

    rng = random.Random(5)
    v = values(rng, datetime(2026, 10, 5, 10))
    for key, pool in DETAILS.items():
        assert key in EMPLOYEE
        said = {detail(key, random.Random(k), v) for k in range(40)}
        assert len(said) >= len(pool)  # every sentence is used
        assert all("{" not in s and not WINDOWS_ONLY.search(s) and not MACOS_ONLY.search(s) for s in said)
    assert detail("VPN disconnects every few minutes", rng, v) is None
    descriptions = [i["description"] for i in rows("acme", "ticketing/incident")]
    assert near_duplicate_share(descriptions) <= INCIDENT_NEAR_DUP_MAX
