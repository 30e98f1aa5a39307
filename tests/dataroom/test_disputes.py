"""The data room's ticketing side: the customers' billing disputes are generated deterministically from the
ledger, what the truth says of each (right or wrong, the document, the amount) is what the workbook read
by openpyxl shows, and they load into an episode without moving the ids new incidents get."""

from __future__ import annotations

import random
from collections import defaultdict
from types import SimpleNamespace

from apps.ticketing.ids import user_sys_id
from tests.dataroom.test_dataroom import ANOMALIES, ENG, WORLD, _jsonl, _ledger
from worlds.parts.dataroom.disputes import CODES, build_disputes
from worlds.parts.dataroom.ledger import Ledger

DISPUTES = _jsonl("dataroom/disputes.jsonl")
INCIDENTS = _jsonl("dataroom/ticketing/incident.jsonl")


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
    accounts = {a["id"]: a for a in _jsonl("crm/account.jsonl")}
    return SimpleNamespace(
        contacts=[
            (user_sys_id(c["id"]), accounts[c["account_id"]]["name"]) for c in _jsonl("crm/contact.jsonl")
        ],
        groups={g["name"]: g["sys_id"] for g in _jsonl("ticketing/sys_user_group.jsonl")},
        crm=SimpleNamespace(by_id=accounts),
    )


def _gl_rows() -> list[dict]:
    """The ledger as the generator's rows (cents), rebuilt from the workbook openpyxl reads."""
    return [
        {**r, "cents": round(r["Amount"] * 100), "Posting Date": r["Posting Date"].date().isoformat()}
        for r in _ledger()
    ]


def test_disputes_are_deterministic_and_reproduce_the_committed_files():
    rows = _gl_rows()
    args = (WORLD.now.replace(tzinfo=None), _won(), ANOMALIES, rows, _desk())
    first = build_disputes(random.Random(f"{WORLD.seed}:dataroom:disputes"), *args)
    second = build_disputes(random.Random(f"{WORLD.seed}:dataroom:disputes"), *args)
    assert first == second == (INCIDENTS, DISPUTES)
    assert Ledger  # the generator's ledger type is what the rows came from


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
    assert {d["claim"] for d in DISPUTES if d["confirmed"]} == {
        "duplicate",
        "split_invoice",
        "sign_flip",
        "missing_counterpart",
        "wrong_period",
    }
    assert sum(not d["confirmed"] for d in DISPUTES) >= 4
    for d in DISPUTES:
        docs, opp = invoices.get(d["opportunity_id"], {}), crm[d["opportunity_id"]]
        assert d["close_code"] == CODES[d["confirmed"]]
        if d["confirmed"]:
            a = planted[d["opportunity_id"]]
            assert (d["anomaly_type"], d["anomaly_amount"]) == (a["type"], a["amount"]) and a["type"] == d[
                "claim"
            ]
        else:
            assert d["opportunity_id"] not in planted and len(docs) == 1
            assert round(sum(docs.values()), 2) == opp["amount"]
        if d["claim"] == "duplicate":
            assert len(docs) == 2 and d["document"] in docs and d["amount"] == round(docs[d["document"]], 2)
        elif d["claim"] == "split_invoice":
            assert len(docs) > 2 - 1 and d["amount"] == round(sum(docs.values()), 2)
        elif d["claim"] == "missing_counterpart":
            assert not docs and d["amount"] == opp["amount"]
        elif d["claim"] in ("sign_flip", "credit_not_applied"):
            flip = memos[d["opportunity_id"]][d["document"]]
            assert flip == ("C" if d["confirmed"] else "D")
        else:
            assert d["document"] in docs
    by_number = {i["number"]: i for i in INCIDENTS}
    for d in DISPUTES:
        inc = by_number[d["number"]]
        assert inc["sys_id"] == d["sys_id"] and inc["state"] == 1 and inc["company"] == d["account"]
        assert d["document"] in inc["short_description"] + inc["description"] or d["claim"] in (
            "split_invoice",
            "no_invoice",
        )


def test_disputes_load_after_the_counters(gym):
    ep = gym.create_episode("acme", apps=["ticketing"])
    try:
        first = DISPUTES[0]
        got = ep.invoke("ticketing", "get_incident", {"incident_id": first["number"]}).data()["incident"]
        assert got["sys_id"] == first["sys_id"] and got["company"] == first["account"]
        args = {
            "assignment_group": "Customer Support Tier 1",
            "state": [1],
            "category": "inquiry",
            "limit": 100,
        }
        page = ep.invoke("ticketing", "list_incidents", args).data()
        assert {d["number"] for d in DISPUTES} <= {i["number"] for i in page["records"]}
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
