"""Realistic worlds: typed templates refuse the wrong kind of entity, texts are grounded in the records,
the written distributions hold, and `saasgym world audit` fails on a violation."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from datetime import datetime, timedelta
from functools import cache
from statistics import median

import pytest

from apps.core.worlds import worlds_root
from apps.office.world.mail_text import deal_phrase
from apps.ticketing.ids import user_sys_id
from apps.ticketing.world.customer_issues import CUSTOMER, CUSTOMER_CATEGORY
from apps.ticketing.world.issues import EMPLOYEE
from worlds.generator import distributions as D
from worlds.generator.vocab import Entity, Kind, KindError, Template, product_entity


@cache
def rows(world: str, table: str) -> list[dict]:
    return [json.loads(line) for line in (worlds_root() / world / f"{table}.jsonl").open()]


COURSE = Entity(Kind.TRAINING_COURSE, "Onsite Training Day")
SAAS = Entity(Kind.SAAS_SERVICE, "Acme Insight Analytics - Standard")


def test_a_template_refuses_an_entity_of_the_wrong_kind():
    login = Template("Cannot log in to {product}", product=(Kind.SAAS_SERVICE, Kind.SOFTWARE_PRODUCT))
    assert login.render(product=SAAS) == "Cannot log in to Acme Insight Analytics - Standard"
    with pytest.raises(KindError, match="training course 'Onsite Training Day'"):
        login.render(product=COURSE)
    with pytest.raises(KindError, match="needs a"):
        login.render(product="Onsite Training Day")  # a bare string is not an entity of a kind
    with pytest.raises(KindError, match="untyped"):
        Template("Call {name}").render(name=COURSE)
    with pytest.raises(ValueError, match="does not have"):
        Template("Hello", product=Kind.DEAL)


def test_every_customer_template_takes_only_its_own_kind():
    products = [product_entity(p) for p in rows("acme", "company/products")]
    kinds = {p.kind for p in products}
    # every kind the catalogue sells has its templates and its incident category
    assert kinds == set(CUSTOMER) == set(CUSTOMER_CATEGORY)
    for kind, pairs in CUSTOMER.items():
        other = next(p for p in products if p.kind != kind)
        for t in (t for pair in pairs for t in pair):
            assert t.takes("product", kind) and not t.takes("product", other.kind)
            with pytest.raises(KindError):
                t.render(product=other)
    for issue in EMPLOYEE.values():
        for t in issue.shorts + issue.openers:
            for slot in t.accepts:
                with pytest.raises(KindError):
                    t.render(**{slot: COURSE})


def test_laptop_tickets_name_a_laptop_the_caller_owns():
    cis = {c["sys_id"]: c for c in rows("acme", "ticketing/cmdb_ci")}
    laptops = {c["name"]: c for c in cis.values() if c["sys_class_name"] == "cmdb_ci_computer"}
    employees = {user_sys_id(e["employee_number"]) for e in rows("acme", "company/employees")}
    assert employees <= {c["assigned_to"] for c in laptops.values()}  # everyone has a laptop on record
    hardware = [
        i
        for i in rows("acme", "ticketing/incident")
        if i["category"] == "hardware" and i["caller_id"] in employees
    ]
    assert len(hardware) > 100
    for inc in hardware:
        named = set(re.findall(r"ACME-LT-\d{4}", inc["short_description"] + inc["description"]))
        assert named, inc["number"]
        assert {laptops[n]["assigned_to"] for n in named} == {inc["caller_id"]}, inc["number"]
        assert cis[inc["cmdb_ci"]]["name"] in named
        model = laptops[next(iter(named))]
        assert model["model_number"] and model["os"]


def test_no_text_treats_a_course_or_contract_as_software():
    texts = [i["short_description"] for i in rows("acme", "ticketing/incident")]
    courses = [p["name"] for p in rows("acme", "company/products") if p["family"] in ("Training", "Support")]
    for text in texts:
        for name in courses:
            if name in text:
                assert not re.search(r"log in|sign in|licence key|sync|export|offline", text, re.I), text


def test_mail_about_a_deal_quotes_its_real_amount_and_stage():
    opps = rows("acme", "crm/opportunity")
    by_name: dict[str, list[dict]] = {}
    for o in opps:
        by_name.setdefault(o["name"], []).append(o)
    quoted = 0
    for m in rows("acme", "office/message"):
        body = m["body_content"]
        for d in re.finditer(r" \(([A-Za-z/ ]+), \$([\d,]+)\)", body):
            name = next((n for n in by_name if body[: d.start()].endswith(n)), None)
            assert name, body  # every "(stage, $amount)" is said of a deal the CRM holds
            quoted += 1
            phrase = f"{name} ({d[1]}, ${d[2]})"
            assert any(deal_phrase(o) == phrase for o in by_name[name]), (m["subject"], phrase)
    assert quoted >= 200


def test_mailbox_mix_and_meeting_requests_match_events():
    actor = json.loads((worlds_root() / "acme" / "manifest.json").read_text())["actors"]["office"]
    mine = [m for m in rows("acme", "office/message") if m["owner_id"] == actor]
    senders = {m["from_address"] for m in mine}
    assert {"servicedesk@acme.example", "noreply@crm.acme.example", "news@acme.example"} <= senders
    assert any(not s.endswith("@acme.example") for s in senders)  # customers
    assert any(m["subject"].startswith("RE: ") and m["from_address"].endswith("@acme.example") for m in mine)
    events = {e["id"]: e for e in rows("acme", "office/event")}
    invites = [m for m in mine if m["meeting_message_type"] == "meetingRequest"]
    assert invites and all(events[m["event_id"]]["subject"] == m["subject"] for m in invites)
    assert all(events[m["event_id"]]["ical_uid"] in m["ics_content"] for m in invites)


def test_arrival_warp_keeps_order_and_week_and_shapes_the_hours():
    start, end = datetime(2026, 5, 6, 9), datetime(2026, 11, 2, 8, 30)
    uniform = [start + (end - start) * k / 5000 for k in range(5001)]
    warped = [D.warp_arrival(t, start, end) for t in uniform]
    assert warped == sorted(warped) and warped[0] >= start and warped[-1] <= end
    assert all(abs(w - t) < timedelta(days=7) for w, t in zip(warped, uniform, strict=True))
    local = [w + D.HQ_UTC_OFFSET for w in warped]
    business = sum(1 for t in local if t.weekday() < 5 and 8 <= t.hour < 18) / len(local)
    assert business > 0.8
    mondays = sum(t.weekday() == 0 for t in local)
    assert mondays > max(sum(t.weekday() == d for t in local) for d in range(1, 7))


def test_resolution_times_are_lognormal_by_priority():
    import random

    rng = random.Random(3)
    medians = [median(D.resolution_hours(rng, p) for _ in range(4000)) for p in (1, 3, 5)]
    assert medians == sorted(medians)
    for got, p in zip(medians, (1, 3, 5), strict=True):
        assert abs(got - D.RESOLUTION[p][0]) / D.RESOLUTION[p][0] < 0.1


def _audit(world: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "mcp_gateway", "world", "audit", world],
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_audit_passes_on_tiny_and_fails_on_a_tampered_copy(tmp_path):
    ok = _audit("tiny")
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "tiny: ok" in ok.stdout and "incident arrivals by weekday" in ok.stdout
    world = tmp_path / "bad"
    shutil.copytree(worlds_root() / "tiny", world)
    path = world / "office" / "message.jsonl"
    messages = [json.loads(line) for line in path.open()]
    hit = next(m for m in messages if re.search(r"\(([A-Za-z/ ]+), \$[\d,]+\)", m["body_content"]))
    hit["body_content"] = re.sub(r"\$[\d,]+\)", "$1)", hit["body_content"], count=1)
    incidents = [json.loads(line) for line in (world / "ticketing" / "incident.jsonl").open()]
    course = next(p["name"] for p in rows("tiny", "company/products") if p["family"] == "Training")
    incidents[0]["short_description"] = f"Cannot log in to {course}"
    inquiry = next(
        i for i in incidents[1:] if i["company"] != "Acme Corporation" and i["category"] == "inquiry"
    )
    inquiry["category"] = "software"  # a question about a course or a contract filed as a software fault
    path.write_text("".join(json.dumps(m) + "\n" for m in messages))
    (world / "ticketing" / "incident.jsonl").write_text("".join(json.dumps(i) + "\n" for i in incidents))
    bad = _audit(str(world))
    assert bad.returncode == 1
    assert re.search(r"grounding: deal stage and amount in mail\s*│\s*1/\d+\s*│ FAIL", bad.stdout), bad.stdout
    assert re.search(r"kind: product texts fit the product's kind\s*│\s*1/\d+\s*│ FAIL", bad.stdout), (
        bad.stdout
    )
    filed = re.search(r"customer tickets filed under their\s*│\s*\d+/\d+\s*│ FAIL ([^│]*)", bad.stdout)
    assert filed and inquiry["number"] in filed.group(1), bad.stdout


def test_audit_refuses_an_unknown_world():
    out = _audit("no-such-world")
    assert out.returncode == 2 and "unknown world 'no-such-world'" in out.stderr
    assert "Traceback" not in out.stderr
