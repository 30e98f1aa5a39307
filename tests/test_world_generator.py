"""The seeded world generator and the committed `acme` and `tiny` worlds."""

from __future__ import annotations

from collections import defaultdict
from datetime import date, datetime
from functools import cache

from sqlalchemy import create_engine, text

from apps.core.worlds import load_world
from apps.crm import picklists as pl
from apps.crm.ids import object_of
from apps.crm.models import crm_registry
from apps.crm.seed import load_seed
from worlds.generator import generate

TABLES = {t.name.removeprefix("crm_"): t for t in crm_registry.metadata.sorted_tables}


@cache
def crm_rows(name: str) -> dict[str, list[dict]]:
    world = load_world(name)
    return {table: list(world.rows(f"crm/{table}.jsonl")) for table in TABLES}


def test_same_seed_gives_byte_identical_files(tmp_path):
    a = generate("tiny", 7, 0.02, tmp_path / "a")
    b = generate("tiny", 7, 0.02, tmp_path / "b")
    assert a == b
    for rel in a["files"]:
        assert (tmp_path / "a" / rel).read_bytes() == (tmp_path / "b" / rel).read_bytes(), rel
    assert (tmp_path / "a" / "manifest.json").read_bytes() == (tmp_path / "b" / "manifest.json").read_bytes()
    other = generate("tiny", 8, 0.02, tmp_path / "c")
    assert other["files"]["crm/account.jsonl"] != a["files"]["crm/account.jsonl"]


def test_committed_worlds_verify_and_match_the_generator(tmp_path):
    for name, seed, scale in (("tiny", 7, 0.02), ("acme", 1, 1.0)):
        world = load_world(name)
        assert world.manifest["seed"] == seed and world.manifest["scale"] == scale
        assert object_of(world.manifest["actors"]["crm"]) == "User"
        fresh = generate(name, seed, scale, tmp_path / name)
        generated = {rel: d for rel, d in world.manifest["files"].items() if not rel.startswith("tasks/")}
        assert fresh["files"] == generated, f"{name} differs from a fresh generation"


def test_acme_is_large_enough():
    rows = crm_rows("acme")
    assert len(rows["account"]) >= 1000
    assert len(rows["contact"]) >= 4000
    assert len(rows["opportunity"]) >= 1500
    assert len(rows["lead"]) >= 600
    world = load_world("acme")
    employees = list(world.rows("company/employees.jsonl"))
    assert 180 <= len(employees) <= 260
    assert len({e["email"] for e in employees}) == len(employees)


def test_records_have_exactly_the_model_columns_and_iso_formats():
    for name in ("tiny", "acme"):
        for table, rows in crm_rows(name).items():
            columns = set(TABLES[table].columns.keys())
            ids = [r["id"] for r in rows]
            assert ids == sorted(ids) and len(set(ids)) == len(ids), table
            for row in rows:
                assert set(row) == columns, table
                for col in TABLES[table].columns:
                    value = row[col.name]
                    if value is None:
                        continue
                    kind = col.type.python_type
                    if kind is datetime:
                        assert datetime.fromisoformat(value).isoformat() == value
                    elif kind is date:
                        assert date.fromisoformat(value).isoformat() == value


def test_picklist_values_are_valid():
    for name in ("tiny", "acme"):
        rows = crm_rows(name)
        for a in rows["account"]:
            assert a["type"] in pl.ACCOUNT_TYPES and a["industry"] in pl.INDUSTRIES
            assert a["rating"] in (*pl.RATINGS, None)
        for c in rows["contact"]:
            assert c["salutation"] in (*pl.SALUTATIONS, None) and c["lead_source"] in (*pl.LEAD_SOURCES, None)
        for lead in rows["lead"]:
            assert lead["status"] in pl.LEAD_STATUSES and lead["lead_source"] in (*pl.LEAD_SOURCES, None)
            assert lead["industry"] in (*pl.INDUSTRIES, None) and lead["rating"] in (*pl.RATINGS, None)
            assert lead["is_converted"] == (lead["status"] == pl.LEAD_CONVERTED_STATUS)
        for o in rows["opportunity"]:
            stage = pl.STAGES_BY_NAME[o["stage_name"]]
            assert (o["probability"], o["forecast_category"]) == (stage.probability, stage.forecast_category)
            assert (o["is_closed"], o["is_won"]) == (stage.is_closed, stage.is_won)
            assert o["type"] in (*pl.OPPORTUNITY_TYPES, None) and o["lead_source"] in (*pl.LEAD_SOURCES, None)
            assert o["loss_reason__c"] in (*pl.LOSS_REASONS, None)
        for h in rows["opportunity_history"]:
            assert pl.STAGES_BY_NAME[h["stage_name"]].forecast_category == h["forecast_category"]
        for p in rows["product"]:
            assert p["family"] in pl.PRODUCT_FAMILIES
        for t in rows["task"]:
            assert t["status"] in pl.TASK_STATUSES and t["priority"] in pl.TASK_PRIORITIES
            assert t["task_subtype"] in pl.TASK_SUBTYPES and t["call_type"] in (*pl.CALL_TYPES, None)
            assert t["is_closed"] == (t["status"] in pl.TASK_CLOSED_STATUSES)
            if t["task_subtype"] == "Call":
                assert t["status"] == "Completed" and t["call_duration_in_seconds"] > 0


def test_amounts_losses_and_line_items():
    for name in ("tiny", "acme"):
        rows = crm_rows(name)
        items = defaultdict(list)
        for item in rows["opportunity_line_item"]:
            discount = item["discount"] or 0
            expected = round(item["unit_price"] * item["quantity"] * (1 - discount / 100), 2)
            assert item["total_price"] == expected
            items[item["opportunity_id"]].append(item)
        std = next(b["id"] for b in rows["pricebook"] if b["is_standard"])
        entries = {e["id"]: e for e in rows["pricebook_entry"]}
        for o in rows["opportunity"]:
            if o["stage_name"] == "Closed Won":
                assert o["amount"] > 0
            if o["stage_name"] == "Closed Lost":  # the org's rule Closed_Lost_Requires_Loss_Reason holds
                assert o["loss_reason__c"]
            if items[o["id"]]:
                assert o["amount"] == round(sum(i["total_price"] for i in items[o["id"]]), 2)
                assert o["pricebook_id"] == std
                for i in items[o["id"]]:
                    assert entries[i["pricebook_entry_id"]]["product_id"] == i["product_id"]
                    assert entries[i["pricebook_entry_id"]]["pricebook_id"] == std
            else:
                assert o["amount"] == round(o["amount"])


def test_history_ends_at_the_current_state_and_dates_are_coherent():
    now = "2026-11-02T09:00:00"
    for name in ("tiny", "acme"):
        rows = crm_rows(name)
        history = defaultdict(list)
        for h in rows["opportunity_history"]:
            history[h["opportunity_id"]].append(h)
        for o in rows["opportunity"]:
            path = history[o["id"]]
            assert 2 <= len(path) <= 5
            assert [h["created_date"] for h in path] == sorted({h["created_date"] for h in path})
            last = path[-1]
            assert (last["stage_name"], last["amount"], last["probability"], last["close_date"]) == (
                o["stage_name"],
                o["amount"],
                o["probability"],
                o["close_date"],
            )
            if o["is_closed"]:
                assert o["close_date"] < now[:10]
        for table, table_rows in rows.items():
            if "created_date" not in TABLES[table].columns:
                continue
            for r in table_rows:
                assert r["created_date"] <= now, (table, r["id"])
                if "last_modified_date" in r:
                    assert r["created_date"] <= r["last_modified_date"] <= now, (table, r["id"])


def test_every_foreign_id_points_at_an_existing_record():
    refs = {
        "user_role": {"parent_role_id": "user_role"},
        "user": {"role_id": "user_role", "manager_id": "user"},
        "account": {"parent_id": "account", "owner_id": "user"},
        "contact": {"account_id": "account", "reports_to_id": "contact", "owner_id": "user"},
        "lead": {
            "owner_id": "user",
            "converted_account_id": "account",
            "converted_contact_id": "contact",
            "converted_opportunity_id": "opportunity",
        },
        "opportunity": {
            "account_id": "account",
            "contact_id": "contact",
            "pricebook_id": "pricebook",
            "owner_id": "user",
        },
        "opportunity_history": {"opportunity_id": "opportunity"},
        "pricebook_entry": {"pricebook_id": "pricebook", "product_id": "product"},
        "opportunity_line_item": {
            "opportunity_id": "opportunity",
            "pricebook_entry_id": "pricebook_entry",
            "product_id": "product",
        },
        "task": {"who_id": ("contact", "lead"), "what_id": ("account", "opportunity"), "owner_id": "user"},
        "event": {"who_id": ("contact", "lead"), "what_id": ("account", "opportunity"), "owner_id": "user"},
        "note": {"parent_id": ("account", "opportunity", "contact", "lead"), "owner_id": "user"},
    }
    for name in ("tiny", "acme"):
        rows = crm_rows(name)
        ids = {table: {r["id"] for r in table_rows} for table, table_rows in rows.items()}
        users = ids["user"]
        for table, table_rows in rows.items():
            for r in table_rows:
                for col in ("created_by_id", "last_modified_by_id"):
                    assert r.get(col) in (users | {None}), (table, col)
                for col, targets in refs.get(table, {}).items():
                    if r[col] is None:
                        continue
                    targets = (targets,) if isinstance(targets, str) else targets
                    assert any(r[col] in ids[t] for t in targets), (table, r["id"], col, r[col])
        contacts = {c["id"]: c for c in rows["contact"]}
        opps = {o["id"]: o for o in rows["opportunity"]}
        for c in rows["contact"]:
            if c["reports_to_id"]:
                assert contacts[c["reports_to_id"]]["account_id"] == c["account_id"]
        for lead in rows["lead"]:
            if lead["is_converted"]:
                assert contacts[lead["converted_contact_id"]]["account_id"] == lead["converted_account_id"]
                if lead["converted_opportunity_id"]:
                    assert (
                        opps[lead["converted_opportunity_id"]]["account_id"] == lead["converted_account_id"]
                    )
        for t in rows["task"] + rows["event"]:
            if t["who_id"] in ids["lead"]:
                assert t["what_id"] is None
        account_names = {a["name"] for a in rows["account"]}
        open_leads = [lead for lead in rows["lead"] if not lead["status"].startswith("Closed")]
        matching = [lead for lead in open_leads if lead["company"] in account_names]
        assert matching and len(matching) < len(open_leads) / 2


def test_load_seed_into_scratch_sqlite():
    world = load_world("tiny")
    engine = create_engine("sqlite://")
    crm_registry.metadata.create_all(engine)
    with engine.begin() as conn:
        conn.exec_driver_sql("CREATE TABLE _idseq(object TEXT PRIMARY KEY, next INTEGER NOT NULL)")
        conn.info["saasgym.app"] = "crm"
        load_seed(world, conn)
    rows = crm_rows("tiny")
    with engine.connect() as conn:
        for table, table_rows in rows.items():
            assert conn.execute(text(f"SELECT count(*) FROM crm_{table}")).scalar_one() == len(table_rows)
        counters = dict(conn.execute(text("SELECT object, next FROM _idseq")).all())
        assert counters["crm.Account"] == len(rows["account"]) + 1
        assert counters["crm.Task"] == len(rows["task"]) + 1
        assert len(counters) == 17  # one per object with ids, incl. CustomField, ValidationRule and Report
        won = conn.execute(text("SELECT count(*) FROM crm_opportunity WHERE is_won")).scalar_one()
        assert won == sum(o["is_won"] for o in rows["opportunity"])
