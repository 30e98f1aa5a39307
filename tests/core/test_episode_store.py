"""Episode store: reset, fork, snapshot/restore, close and determinism, on the real CRM and `tiny`."""

from __future__ import annotations

import pytest

from apps.core import golden_image, sqlite_store
from apps.core.api import Gym
from apps.core.errors import ActionError


def _some_writes(ep) -> str:
    acc = ep.call("crm_create_account", name="Initech", industry="Technology", annual_revenue=1234567.891)
    ep.call("crm_update_account", account_id=acc["id"], rating="Hot", phone="555-0100")
    first = ep.call("crm_list_accounts", limit=1)["records"][0]
    ep.call("crm_update_account", account_id=first["id"], description="touched")
    return acc["id"]


def test_fresh_episode_has_the_golden_hash(gym: Gym, episode):
    assert episode.state_hash() == gym.golden_hash("tiny")


def test_reset_by_undo_returns_to_the_golden_hash(gym: Gym, episode):
    _some_writes(episode)
    episode.db.execute_raw("DELETE FROM crm_contact WHERE rowid IN (SELECT rowid FROM crm_contact LIMIT 3)")
    assert episode.state_hash() != gym.golden_hash("tiny")
    episode.reset()
    assert episode.state_hash() == gym.golden_hash("tiny")
    assert episode.events() == [] and episode.diff() == []
    assert episode.now == episode.world.now


def test_reset_by_recopy_returns_to_the_golden_hash(gym: Gym, episode, monkeypatch):
    monkeypatch.setattr(sqlite_store, "UNDO_LIMIT", 1)
    _some_writes(episode)
    episode.reset()
    assert episode.state_hash() == gym.golden_hash("tiny")


def test_reset_ids_restart_so_a_replay_is_identical(episode):
    first = _some_writes(episode)
    hash_after = episode.state_hash()
    episode.reset()
    assert _some_writes(episode) == first
    assert episode.state_hash() == hash_after


def test_fork_is_isolated_both_ways(episode):
    acc_id = _some_writes(episode)
    child = episode.fork()
    try:
        assert child.state_hash() == episode.state_hash()
        child.call("crm_update_account", account_id=acc_id, name="Only in fork")
        episode.call("crm_update_account", account_id=acc_id, name="Only in parent")
        assert child.call("crm_get_account", account_id=acc_id)["account"]["name"] == "Only in fork"
        assert episode.call("crm_get_account", account_id=acc_id)["account"]["name"] == "Only in parent"
        assert child.id != episode.id
    finally:
        child.close()


def test_snapshot_restore_brings_back_state_clock_and_counters(episode):
    _some_writes(episode)
    snap = episode.snapshot()
    clock = episode.now
    after = episode.call("crm_create_account", name="After snapshot")
    episode.restore(snap)
    assert episode.state_hash() == snap.state_hash
    assert episode.now == clock
    again = episode.call("crm_create_account", name="After snapshot")
    assert again["id"] == after["id"]  # id counter restored too


def test_closed_episode_refuses_work(gym: Gym):
    ep = gym.create_episode("tiny")
    ep.close()
    with pytest.raises(ActionError, match="closed"):
        ep.call("crm_list_accounts")
    with pytest.raises(KeyError):
        gym.episode(ep.id)


def test_same_actions_same_end_hash_across_episodes(gym: Gym):
    a, b = gym.create_episode("tiny"), gym.create_episode("tiny")
    try:
        assert _some_writes(a) == _some_writes(b)
        assert a.state_hash() == b.state_hash()
        assert a.events_jsonl().count("\n") == b.events_jsonl().count("\n")
    finally:
        a.close()
        b.close()


def test_failed_action_writes_nothing_but_is_logged(episode):
    before = episode.state_hash()
    out = episode.invoke("crm", "create_account", {"name": "X", "industry": "Not an industry"})
    assert not out.ok and out.field == "industry" and "choose one of" in out.error
    assert episode.state_hash() == before
    assert episode.diff() == []
    last = episode.events()[-1]
    assert (last.name, last.outcome, last.surface) == ("create_account", "error", "python")


def test_an_episode_holds_only_its_apps_tables(gym: Gym):
    ep = gym.create_episode("tiny", apps=["crm"])
    try:
        rows = ep.db.execute_raw("SELECT name FROM sqlite_master WHERE type = 'table'")
        tables = {name for (name,) in rows}
        assert "crm_account" in tables and not any(t.startswith(("ticketing_", "office_")) for t in tables)
        assert ep.state_hash() == gym.golden_hash("tiny", apps=["crm"])
        assert list(ep.apps) == ["crm"]
    finally:
        ep.close()


def test_every_copy_keeps_a_small_page_cache(episode):
    """The image is already in memory; the pager keeps at most PAGE_CACHE_PAGES second copies of pages."""
    _some_writes(episode)
    snap = episode.snapshot()
    child = episode.fork()
    try:
        episode.restore(snap)
        for ep in (episode, child):
            assert ep.db.execute_raw("PRAGMA cache_size") == [(golden_image.PAGE_CACHE_PAGES,)]
    finally:
        child.close()
