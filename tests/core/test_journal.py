"""Change journal: every write is recorded by triggers, attributed to its action; diffs are field-level."""

from __future__ import annotations

import json

from apps.core.journal import parse_literal


def test_insert_update_delete_are_journaled_with_their_action(episode):
    acc = episode.call("crm_create_account", name="Journal Co")
    episode.call("crm_update_account", account_id=acc["id"], rating="Warm")
    entries = [e for e in episode.db.journal() if e.table == "crm_account"]
    assert [e.op for e in entries] == ["I", "U"]
    create_seq, update_seq = (ev.seq for ev in episode.events() if ev.kind == "action")
    assert entries[0].action_id == create_seq and entries[1].action_id == update_seq
    assert (
        parse_literal(entries[1].old["rating"]) is None and parse_literal(entries[1].new["rating"]) == "Warm"
    )


def test_raw_sql_write_is_journaled_unattributed(episode):
    victim = episode.call("crm_list_accounts", limit=1)["records"][0]
    episode.db.execute_raw("UPDATE crm_account SET name = 'hacked' WHERE id = ?", [victim["id"]])
    episode.db.execute_raw("DELETE FROM crm_note WHERE rowid = (SELECT min(rowid) FROM crm_note)")
    raw = [e for e in episode.db.journal() if e.action_id is None]
    assert {(e.table, e.op) for e in raw} == {("crm_account", "U"), ("crm_note", "D")}
    changes = {(c.table, c.op) for c in episode.diff()}
    assert changes == {("crm_account", "update"), ("crm_note", "delete")}


def test_diff_is_field_level_and_nets_out_reverted_changes(episode):
    acc = episode.call("crm_list_accounts", limit=1)["records"][0]
    episode.call("crm_update_account", account_id=acc["id"], phone="555-1111", website="example.org")
    episode.call("crm_update_account", account_id=acc["id"], website=acc["website"] or "")
    (change,) = episode.diff()
    fields = {f.field: (f.old, f.new) for f in change.fields}
    assert change.op == "update" and change.pk == acc["id"]
    assert fields["phone"] == (acc["phone"], "555-1111")
    assert "website" not in fields
    assert set(fields) <= {"phone", "last_modified_date", "last_modified_by_id"}


def test_floats_round_trip_exactly_through_journal_and_undo(gym, episode):
    values = [0.1 + 0.2, 1e-300, 123456789.12345679, 2.0**53 + 0.5]
    ids = [
        episode.call("crm_create_account", name=f"F{i}", annual_revenue=v)["id"] for i, v in enumerate(values)
    ]
    new_images = [e.new for e in episode.db.journal() if e.table == "crm_account"]
    assert [parse_literal(img["annual_revenue"]) for img in new_images] == values
    for acc_id in ids:
        episode.call("crm_update_account", account_id=acc_id, annual_revenue=7.0)
    episode.reset()
    assert episode.state_hash() == gym.golden_hash("tiny")


def test_event_log_exports_jsonl_with_changes(episode):
    episode.call("crm_create_account", name="Export Co")
    episode.invoke("crm", "create_account", {"name": ""})
    lines = [json.loads(x) for x in episode.events_jsonl().splitlines()]
    assert [x["outcome"] for x in lines] == ["ok", "error"]
    ok, bad = lines
    assert ok["surface"] == "python" and ok["app"] == "crm" and ok["name"] == "create_account"
    assert ok["logical_time"].startswith("2026-11-02T09:00:01")
    assert any(c["table"] == "crm_account" and c["op"] == "insert" for c in ok["changes"])
    assert bad["changes"] == [] and "required" in bad["error"]


def test_images_chain_through_updates_and_delete_and_reset_empties_the_shadow_tables(gym, episode):
    acc = episode.call("crm_create_account", name="Chain Co", phone="1")
    episode.call("crm_update_account", account_id=acc["id"], phone="2")
    episode.call("crm_update_account", account_id=acc["id"], phone="it's 3")
    episode.call("crm_delete_account", account_id=acc["id"])
    rows = [e for e in episode.db.journal() if e.table == "crm_account" and parse_literal(e.pk) == acc["id"]]
    assert [e.op for e in rows] == ["I", "U", "U", "D"]
    phones = [
        (e.old and parse_literal(e.old["phone"]), e.new and parse_literal(e.new["phone"])) for e in rows
    ]
    assert phones == [(None, "1"), ("1", "2"), ("2", "it's 3"), ("it's 3", None)]
    assert episode.db.execute_raw('SELECT count(*) FROM "_jr_crm_account"') == [(3,)]  # one per U and D
    assert all(
        c.pk != f"'{acc['id']}'" for c in episode.db.net_changes()
    )  # created and deleted: no net change
    episode.reset()
    assert episode.db.execute_raw('SELECT count(*) FROM "_jr_crm_account"') == [(0,)]
    assert episode.state_hash() == gym.golden_hash("tiny")


def test_table_triggers_name_no_columns_but_the_primary_key(episode):
    """Row images are copied with `SELECT *`, so the schema an episode parses does not grow with columns."""
    sql = episode.db.execute_raw(
        "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'crm_account'"
    )
    assert len(sql) == 3
    for (text,) in sql:
        assert 'quote(NEW."name")' not in text and "json_object" not in text
        assert 'SELECT last_insert_rowid(), * FROM "crm_account"' in text or "'I')" in text
