"""Golden images cached on disk: reused by a new process, rebuilt when damaged, keyed so never stale."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from apps.core import golden_cache
from apps.core.api import Gym
from apps.core.golden_image import build_golden
from apps.core.registry import discover
from apps.core.sqlite_store import SqliteMemoryStore
from apps.core.worlds import load_world, worlds_root


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("SAASGYM_CACHE_DIR", str(folder))
    return folder


def test_an_image_is_written_once_and_a_new_store_opens_it_from_disk(cache):
    crm = [discover()["crm"]]
    world = load_world("tiny")
    first = SqliteMemoryStore().golden(world, crm)
    entries = sorted(p.name for p in cache.iterdir())
    assert len(entries) == 2 and {Path(e).suffix for e in entries} == {".db", ".json"}
    stamps = {p.name: p.stat().st_mtime_ns for p in cache.iterdir()}
    second = SqliteMemoryStore().golden(world, crm)  # a fresh store: nothing in memory
    assert {p.name: p.stat().st_mtime_ns for p in cache.iterdir()} == stamps  # read, not rewritten
    assert second.data == first.data and second.content_hash == first.content_hash
    assert second.tables == first.tables
    ep = Gym(store=SqliteMemoryStore()).create_episode("tiny", apps=["crm"])
    try:
        assert ep.state_hash() == first.content_hash  # an episode of the cached image is the golden state
    finally:
        ep.close()


def test_a_damaged_entry_is_rebuilt_not_trusted(cache):
    crm = [discover()["crm"]]
    world = load_world("tiny")
    fresh = build_golden(world, crm)
    SqliteMemoryStore().golden(world, crm)
    (image,) = cache.glob("*.db")
    image.write_bytes(image.read_bytes()[:-4096] + b"\0" * 4096)  # same size, different bytes
    rebuilt = SqliteMemoryStore().golden(world, crm)
    assert rebuilt.data == fresh.data and rebuilt.content_hash == fresh.content_hash
    (meta,) = cache.glob("*.json")
    meta.write_text("{not json")
    assert SqliteMemoryStore().golden(world, crm).content_hash == fresh.content_hash


def test_the_key_changes_with_the_world_the_apps_and_the_code(tmp_path):
    specs = discover()
    tiny = load_world("tiny")
    copy = tmp_path / "tiny2"
    shutil.copytree(worlds_root() / "tiny", copy)
    manifest = json.loads((copy / "manifest.json").read_text())
    manifest["seed"] = manifest["seed"] + 1  # another world (its fingerprint), same files
    (copy / "manifest.json").write_text(json.dumps(manifest))
    other_world = load_world(copy)
    keys = {
        golden_cache.cache_key(tiny, [specs["crm"]]),
        golden_cache.cache_key(tiny, [specs["crm"], specs["ticketing"]]),
        golden_cache.cache_key(other_world, [specs["crm"]]),
    }
    assert len(keys) == 3
    code = tmp_path / "code"
    code.mkdir()
    (code / "models.py").write_text("X = 1\n")
    before = golden_cache.code_version(code)
    (code / "models.py").write_text("X = 2\n")
    golden_cache.code_version.cache_clear()
    assert golden_cache.code_version(code) != before


def test_an_empty_cache_dir_turns_the_cache_off(tmp_path, monkeypatch):
    monkeypatch.setenv("SAASGYM_CACHE_DIR", "")
    assert golden_cache.cache_dir() is None
    image = SqliteMemoryStore().golden(load_world("tiny"), [discover()["crm"]])
    assert image.content_hash == build_golden(load_world("tiny"), [discover()["crm"]]).content_hash


def test_only_the_most_recently_used_entries_are_kept(cache):
    world = load_world("tiny")
    specs = discover()
    for names in (["crm"], ["ticketing"], ["office"], ["crm", "ticketing"]):
        SqliteMemoryStore().golden(world, [specs[n] for n in names])
    assert len(list(cache.glob("*.db"))) == 4
    golden_cache.prune(cache, keep=2)
    assert len(list(cache.glob("*.db"))) == 2 and len(list(cache.glob("*.json"))) == 2
    kept = {p.stem for p in cache.glob("*.json")}
    assert golden_cache.cache_key(world, [specs["crm"], specs["ticketing"]]) in kept


def test_the_code_version_reads_sources_but_not_npm_packages(tmp_path):
    """An app's installed design system (node_modules, thousands of files) is neither walked nor hashed."""
    app = tmp_path / "app"
    (app / "slds" / "node_modules" / "pkg").mkdir(parents=True)
    (app / "ui.py").write_text("A = 1\n")
    (app / "slds" / "node_modules" / "pkg" / "build.py").write_text("B = 1\n")
    before = golden_cache.code_version.__wrapped__(app)
    (app / "slds" / "node_modules" / "pkg" / "build.py").write_text("B = 2\n")
    assert golden_cache.code_version.__wrapped__(app) == before
    (app / "ui.py").write_text("A = 2\n")
    assert golden_cache.code_version.__wrapped__(app) != before
