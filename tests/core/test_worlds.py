"""Frozen worlds: checksums verified on load; a tampered, missing or extra file is refused by name."""

from __future__ import annotations

import shutil

import pytest

from apps.core.errors import WorldIntegrityError
from apps.core.worlds import list_worlds, load_world, verify_world, worlds_root


def _copy_tiny(tmp_path):
    dst = tmp_path / "tiny"
    shutil.copytree(worlds_root() / "tiny", dst)
    return dst


def test_committed_worlds_verify():
    assert {"acme", "tiny"} <= set(list_worlds())
    for name in ("acme", "tiny"):
        assert verify_world(worlds_root() / name) == []


def test_tampered_file_is_refused_naming_the_file(tmp_path):
    folder = _copy_tiny(tmp_path)
    path = folder / "crm" / "account.jsonl"
    path.write_text(path.read_text().replace("Prospect", "Customer - Direct", 1))
    with pytest.raises(WorldIntegrityError, match=r"crm/account\.jsonl: sha256 differs"):
        load_world(folder)


def test_missing_and_unlisted_files_are_refused(tmp_path):
    folder = _copy_tiny(tmp_path)
    (folder / "crm" / "note.jsonl").unlink()
    (folder / "crm" / "extra.jsonl").write_text("{}\n")
    problems = verify_world(folder)
    assert any("note.jsonl: listed in the manifest but missing" in p for p in problems)
    assert any("extra.jsonl: not listed" in p for p in problems)


def test_world_now_and_seed_come_from_the_manifest():
    world = load_world("tiny")
    assert world.now.isoformat().startswith("2026-11-02T09:00:00")
    assert world.seed == 7


def test_unknown_world_lists_the_available_ones():
    with pytest.raises(WorldIntegrityError, match="available: .*acme"):
        load_world("atlantis")
