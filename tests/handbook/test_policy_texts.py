"""Truth follows the policy text the performer reads (issue 30 §2): each policy family's truth is recomputed
here from the handbook document's own words — the markdown a colleague opens in OneDrive or the knowledge
base, parsed without the families' code or the policies' params — and compared with the instances' truth."""

from __future__ import annotations

import json
import re
from datetime import date, datetime

import pytest

from apps.core.worlds import load_world
from tasks.families.worldview import world_view
from tests.verifier.meaning_kit import instances

AMBER = "amber.miller@acme.example"


@pytest.fixture(scope="module")
def world():
    return world_view("acme")


def _text(world, slug: str) -> str:
    return world.value("SELECT markdown FROM office_policy WHERE id = ?", slug)


def _money(text: str) -> float:
    return float(text.replace("$", "").replace(",", "").replace("%", ""))


def _matrix(markdown: str) -> list[tuple[float | None, str]]:
    """The rows of an approval matrix: (upper bound or None for "over X", what the text says approves)."""
    rows = []
    for line in markdown.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) < 2:
            continue
        if m := re.fullmatch(r"(?:over \S+ )?up to (\$?[\d,.]+%?)", cells[0]):
            rows.append((_money(m.group(1)), cells[1]))
        elif re.fullmatch(r"over \$?[\d,.]+%?", cells[0]):
            rows.append((None, cells[1]))
    return rows


def _holders(world, title: str) -> set[str]:
    rows = world.rows("SELECT mail, job_title FROM office_user ORDER BY mail")
    return {
        r["mail"] for r in rows if r["job_title"] == title or (r["job_title"] or "").startswith(title + ",")
    }


def _manager(world) -> dict:
    return world.rows(
        "SELECT m.mail, m.job_title FROM office_user u JOIN office_user m ON m.id = u.manager_id "
        "WHERE u.mail = ?",
        AMBER,
    )[0]


LARGE = (
    r"deals of (\$[\d,]+) or more, any discount above ([\d.]+)% is approved by at least the ([A-Z][\w ]+?),"
)
SLUGS = {
    "discount": "discount-approval",
    "expense claim": "expense-approval",
    "purchase order": "purchase-approval",
    "hospitality": "gifts-entertainment",
    "service credit": "service-credits",
}


def test_approvals_follow_the_matrix_as_written(world):
    seen = set()
    for task in instances("office.handbook-approval", 60):
        prompt = task.public.prompt
        slug = next(s for k, s in SLUGS.items() if k in prompt)
        value = _money(re.search(r"(\d+(?:\.\d+)?%|\$[\d,]+)", prompt).group(1))
        text = _text(world, slug)
        label = next(who for upto, who in _matrix(text) if upto is None or value <= upto)
        titles = [who.removeprefix("the ") for _, who in _matrix(text)]
        large = re.search(LARGE, text)
        deal = re.search(r"\((\$[\d,]+)\)", prompt)
        big = bool(large and deal) and _money(deal.group(1)) >= _money(large.group(1))
        raise_to = big and value > float(large.group(2)) and label.startswith("the ")
        if raise_to and titles.index(label[4:]) < titles.index(large.group(3)):
            label = f"the {large.group(3)}"
        answer = task.truth.answer.match.text
        if label == "no approval needed":
            assert answer == "not needed", prompt
        elif label.startswith(("not ", "board")):
            assert answer == "rejected", prompt
        else:
            assert answer == "approved", prompt
            boss = _manager(world)
            title = label.removeprefix("the ")
            if label == "your line manager" or boss["job_title"].startswith(title):
                expected = {boss["mail"]}
            else:
                expected = _holders(world, title)
            assert set(task.truth.expect[0].fields["from_address"].one_of) == expected, prompt
        seen.add(answer)
    assert seen == {"approved", "rejected", "not needed"}


def test_escalation_follows_the_escalation_policy_rota_and_major_incident_texts(world):
    rota, escalation, major = (
        _text(world, s) for s in ("on-call-rota", "incident-escalation", "major-incident")
    )
    zone = re.search(r"Office time is (\w+)", rota).group(1)
    assert zone == "UTC"  # the world's clock is kept in UTC: office time is read directly off it
    opens, closes = re.search(r"before (\d\d:\d\d) or after (\d\d:\d\d) on weekdays", rota).groups()
    paged = {
        int(p)
        for p in re.findall(r"P(\d)", re.search(r"Only (P\d(?: and P\d)*) incidents page", rota).group(1))
    }
    weeks = re.findall(r"^\| (\d{4}-\d\d-\d\d) \| ([^|]+?) \| ([^|]+?) \|$", rota, flags=re.M)
    to = {int(p): who for p, who in re.findall(r"^\| P(\d) \| [^|]+ \| ([^|]+?) \|", escalation, flags=re.M)}
    major_p = int(re.search(r"major incident when it is P(\d)", major).group(1))
    now = load_world("acme").now.replace(tzinfo=None)
    start = now.strftime("%H:%M")
    out_of_hours = now.weekday() >= 5 or not opens <= start < closes
    week = max((w for w in weeks if datetime.fromisoformat(w[0] + "T09:00:00") <= now), key=lambda w: w[0])
    priorities = set()
    for task in instances("ticketing.handbook-escalation", 40):
        number = re.match(r"(INC\d{7})", task.public.prompt).group(1)
        inc = world.rows(
            "SELECT i.priority, m.name AS manager FROM ticketing_incident i JOIN ticketing_sys_user_group g "
            "ON g.sys_id = i.assignment_group JOIN ticketing_sys_user m ON m.sys_id = g.manager "
            "WHERE number = ?",
            number,
        )[0]
        p = inc["priority"]
        first = world.value("SELECT name FROM ticketing_sys_user WHERE title = ?", "Director of IT") \
            if to[p] == "Director of IT" else inc["manager"]  # fmt: skip
        expected = [first, *([week[1]] if p == major_p or (p in paged and out_of_hours) else [])]
        named = [e.fields["value"].person.name for e in task.truth.expect if e.fields["value"].person]
        assert named == expected, task.public.prompt
        # the major incident is declared in any words: a note whose reason is the major-incident concept
        assert any("major_incident" in str(e.fields["value"].reason) for e in task.truth.expect) == (
            p == major_p
        )
        priorities.add(p)
    assert {2, 3} <= priorities  # the world has few open P1s with a group manager


def test_trips_follow_the_travel_policy_text(world):
    text = _text(world, "travel")
    limit = _money(re.search(r"Hotels up to (\$[\d,]+) a night; more needs your line manager", text).group(1))
    assert "International travel is approved by your line manager before booking" in text
    abroad = {
        "London",
        "Paris",
        "Toronto",
        "Dublin",
        "Amsterdam",
        "Frankfurt",
        "Munich",
        "Madrid",
    }  # not the US
    branches = set()
    for task in instances("office.travel-approval", 40):
        prompt = task.public.prompt
        rate = _money(re.search(r"\((\$[\d,]+) a night\)", prompt).group(1))
        city = re.search(r"Trip to ([A-Z][a-z]+(?: [A-Z][a-z]+)?)'", prompt).group(1)
        needs = rate > limit or city in abroad
        asked = any(e.fields.get("from_address") for e in task.truth.expect)
        assert asked == needs, prompt
        branches.add(needs)
    assert branches == {True, False}


def test_deletion_requests_follow_the_retention_policy_text(world):
    text = _text(world, "data-retention")
    years = int(
        re.search(r"Customer contracts and invoices \| (\d+) years after the contract ends", text).group(1)
    )
    assert "Records under legal hold are never deleted" in text
    today = load_world("acme").now.date()
    fates = set()
    for task in instances("office.retention-deletion-request", 40):
        deleted = {e.pk for e in task.truth.expect if e.op == "delete"}
        kept = {e.pk for e in task.truth.expect if e.op == "unchanged"}
        for pk in deleted | kept:
            desc = world.value("SELECT description FROM office_drive_item WHERE id = ?", pk)
            ended = date.fromisoformat(re.search(r"Contract ended (\d{4}-\d\d-\d\d)", desc).group(1))
            until = ended.replace(year=ended.year + years)
            may_go = "legal hold" not in desc.lower() and until < today
            assert (pk in deleted) == may_go, (task.id, desc)
            fates.add(may_go)
    assert fates == {True, False}


def test_the_policy_params_are_what_the_texts_say(world):
    """The params the personas and families read are the texts' facts (a last guard beside the above)."""
    rota = json.loads(world.value("SELECT params FROM office_policy WHERE id = 'on-call-rota'"))
    assert rota["business_hours"] == list(re.search(
        r"before (\d\d:\d\d) or after (\d\d:\d\d)", _text(world, "on-call-rota")).groups())  # fmt: skip
