"""The data room's ticketing side: the customers' billing disputes are generated deterministically from the
ledger, what the truth says of each (founded or not, the document, the amounts) is what the workbook read
by openpyxl shows, they load into an episode without moving the ids new incidents get, and no task family
draws them (nor a customer they are about, unless the family reads them itself)."""

from __future__ import annotations

import random
from collections import defaultdict
from types import SimpleNamespace

import pytest

from tasks.families.instances import build_task
from tasks.families.registry import families
from tasks.families.worldview import world_view
from tests.dataroom.test_dataroom import ANOMALIES, ENG, WORLD, _jsonl, _ledger
from worlds.generator.common import write_jsonl
from worlds.parts.dataroom.disputes import CODES, GROUP, build_disputes

DISPUTES = _jsonl("dataroom/disputes.jsonl")
INCIDENTS = _jsonl("dataroom/ticketing/incident.jsonl")
NUMBERS = {d["number"] for d in DISPUTES}


def _won() -> list[dict]:
    return sorted(
        (
            o
            for o in _jsonl("crm/opportunity.jsonl")
            if o["stage_name"] == "Closed Won" and ENG["fy_start"] <= o["close_date"] <= ENG["fy_end"]
        ),
        key=lambda o: o["id"],
    )


def _desk() -> SimpleNamespace:
    """What the ticketing part leaves in `ctx.shared["ticketing"]`, rebuilt from the committed files."""
    accounts = {a["id"]: a for a in _jsonl("crm/account.jsonl")}
    return SimpleNamespace(
        now=WORLD.now.replace(tzinfo=None),
        company=SimpleNamespace(employees=_jsonl("company/employees.jsonl")),
        crm=SimpleNamespace(by_id=accounts, rows={"contact": _jsonl("crm/contact.jsonl")}),
    )


def _gl_rows() -> list[dict]:
    """The ledger as the generator's rows (cents), rebuilt from the workbook openpyxl reads."""
    return [
        {**r, "cents": round(r["Amount"] * 100), "Posting Date": r["Posting Date"].date().isoformat()}
        for r in _ledger()
    ]


def test_disputes_are_deterministic_and_reproduce_the_committed_files(tmp_path):
    args = (WORLD.now.replace(tzinfo=None), _won(), ANOMALIES, _gl_rows(), _desk())
    first = build_disputes(random.Random(f"{WORLD.seed}:dataroom:disputes"), *args)
    second = build_disputes(random.Random(f"{WORLD.seed}:dataroom:disputes"), *args)
    assert first == second
    for rel, rows in first.items():
        write_jsonl(tmp_path / rel, rows)
        assert (tmp_path / rel).read_bytes() == (WORLD.path / rel).read_bytes(), rel


def test_each_dispute_is_what_the_ledger_shows():
    invoices: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    memos: dict[str, dict[str, str]] = defaultdict(dict)
    for r in _ledger():
        ref = r["Opportunity Ref"]
        if ref and r["GL Account"] == "1200" and r["Document Type"] == "Invoice":
            invoices[ref][r["Document No"]] += r["Amount"]
        if ref and r["GL Account"] == "4900":
            memos[ref][r["Document No"]] = r["D/C"]  # a credit memo debits 4900; crediting it is the flip
    crm = {o["id"]: o for o in _won()}
    planted = {a["opportunity_id"]: a for a in ANOMALIES}
    founded = [d for d in DISPUTES if d["confirmed"]]
    assert {d["claim"] for d in founded} == {
        "duplicate",
        "split_invoice",
        "sign_flip",
        "missing_counterpart",
        "wrong_period",
    }
    assert len(DISPUTES) - len(founded) == 4
    for d in DISPUTES:
        docs, opp = invoices.get(d["opportunity_id"], {}), crm[d["opportunity_id"]]
        assert d["close_code"] == CODES[d["confirmed"]] and d["opportunity"] == opp["name"]
        if d["confirmed"]:  # the confirmed amount is the planted anomaly's
            a = planted[d["opportunity_id"]]
            assert (
                (d["anomaly_type"], d["anomaly_amount"])
                == (a["type"], a["amount"])
                == (d["claim"], a["amount"])
            )
        else:  # billed correctly: one invoice of the CRM amount
            assert d["opportunity_id"] not in planted and len(docs) == 1
            assert round(sum(docs.values()), 2) == opp["amount"]
        if d["claim"] == "duplicate":
            assert len(docs) == 2 and d["document"] in docs and d["amount"] == round(docs[d["document"]], 2)
        elif d["claim"] == "split_invoice":
            assert len(docs) > 1 and d["amount"] == round(sum(docs.values()), 2)
        elif d["claim"] == "missing_counterpart":
            assert not docs and d["amount"] == opp["amount"]
        elif d["claim"] in ("sign_flip", "credit_not_applied"):
            assert memos[d["opportunity_id"]][d["document"]] == ("C" if d["confirmed"] else "D")
        else:
            assert d["document"] in docs
    by_number = {i["number"]: i for i in INCIDENTS}
    for d in DISPUTES:
        inc = by_number[d["number"]]
        assert inc["sys_id"] == d["sys_id"] and inc["state"] == 1 and inc["company"] == d["account"]
        assert inc["assigned_to"] and inc["opened_at"] < WORLD.manifest["now"]
        text = inc["short_description"] + inc["description"]
        assert f"${d['amount']:,.2f}" in text and d["caller"] in text
        assert d["document"] in text or d["claim"] in ("missing_counterpart", "no_invoice")


def test_disputes_load_after_the_counters(gym):
    ep = gym.create_episode("acme", apps=["ticketing"])
    try:
        first = DISPUTES[0]
        got = ep.invoke("ticketing", "get_incident", {"incident_id": first["number"]}).data()["incident"]
        assert got["sys_id"] == first["sys_id"] and got["company"] == first["account"]
        page = ep.invoke("ticketing", "list_incidents", {"assignment_group": GROUP, "limit": 100}).data()
        assert {i["number"] for i in page["records"]} == NUMBERS
        queue = ep.invoke("ticketing", "list_incidents", {"state": [1], "unassigned": True, "limit": 100})
        assert not NUMBERS & {i["number"] for i in queue.data()["records"]}  # not in the desk's New queue
        employee = _jsonl("company/employees.jsonl")[0]
        new = ep.invoke(
            "ticketing",
            "create_incident",
            {"caller_id": employee["email"], "short_description": "Printer on floor 3 jams"},
        ).data()
        highest = max(int(i["number"][3:]) for i in _jsonl("ticketing/incident.jsonl"))
        assert new["number"] == f"INC{highest + 1:07d}"  # the counters continue after the ticketing part's
    finally:
        ep.close()


def test_the_families_world_view_hides_them():
    view = world_view("acme")
    marks = ", ".join("?" * len(NUMBERS))
    sql = f"SELECT count(*) FROM {{}}ticketing_incident WHERE number IN ({marks})"
    assert view.value(sql.format(""), *sorted(NUMBERS)) == 0
    assert view.value(sql.format("main."), *sorted(NUMBERS)) == len(NUMBERS)
    assert view.value("SELECT count(*) FROM ticketing_sys_user_group WHERE name = ?", GROUP) == 0
    assert {d["account"] for d in DISPUTES} <= view.part_subjects


@pytest.mark.parametrize(
    "family", sorted(n for n, f in families().items() if "ticketing" in f.apps and f.size > 12)
)
def test_families_do_not_draw_them(family):
    """No instance names a dispute, nor (unless the family reads the parts' incidents itself) has a
    subject the disputes are about."""
    fam = families()[family]
    parts = world_view("acme").part_subjects
    for seed in range(8):
        task = build_task("acme", fam, seed)
        if not fam.reads_part_rows:
            dump = task.model_dump_json()
            assert not any(n in dump for n in NUMBERS), f"{family}@{seed}"
            assert not {e.split(":", 1)[1] for e in task.truth.entities} & parts, f"{family}@{seed}"
