"""Copy-on-write episodes: an episode maps the sealed golden image and owns only the pages it wrote.

The behaviour of every store operation is the same with and without copy-on-write (each test here runs on
both stores); what differs is memory, which these tests read from the kernel (pagemap via the checkpoint's
changed pages, and /proc/self/smaps_rollup).
"""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from apps.core import cow_image
from apps.core.api import Gym
from apps.core.cow_image import PagePatch
from apps.core.sqlite_store import SqliteMemoryStore

pytestmark = pytest.mark.skipif(not cow_image.available(), reason="needs Linux and CPython")


@pytest.fixture(scope="module", params=[True, False], ids=["copy-on-write", "full-copy"])
def gym(request) -> Gym:
    return Gym(store=SqliteMemoryStore(copy_on_write=request.param))


def _grow(ep, rows: int) -> None:
    """Write `rows` tasks, each with a 2 KB description: the database grows past the image's end."""
    for i in range(rows):
        ep.call("crm_create_task", subject=f"Grow {i}", description=f"{i:05d} " + "x" * 2000)


def test_the_sealed_image_refuses_every_write(gym: Gym):
    golden = gym.store.golden(gym.world("tiny"), list(gym.apps.values()))
    if not gym.store.copy_on_write:
        assert isinstance(golden.source, bytes)
        return
    image = golden.source
    with pytest.raises(PermissionError):
        os.write(image.fd, b"x")
    with pytest.raises(PermissionError):
        os.ftruncate(image.fd, 0)
    assert golden.data[:16] == b"SQLite format 3\x00" and len(golden.data) == image.size


def test_an_episode_owns_only_the_pages_it_wrote(gym: Gym):
    ep = gym.create_episode("tiny")
    try:
        golden = gym.store.golden(ep.world, list(gym.apps.values()))
        ep.call("crm_search_records", query="an")  # reads every searchable table
        untouched = ep.snapshot().payload
        ep.call("crm_create_task", subject="Call back")
        written = ep.snapshot().payload
        if not gym.store.copy_on_write:
            assert isinstance(written, bytes) and len(written) >= len(golden.data)
            return
        # a read action writes only its event row, the clock and its observation (the result it returned,
        # for trajectories): the header, the event log's pages, the observation log's pages
        _, seen = min(ep.observations().items())[1]  # the search's
        observation_pages = len(json.dumps(seen)) // 4096 + 2
        assert len(untouched.pages) <= 6 + observation_pages
        assert len(untouched.pages) < len(written.pages) <= 40  # + the task row, its indexes, journal
        assert written.nbytes < len(golden.data) / 20
    finally:
        ep.close()


_MEASURE = """
import gc, json, sys
from apps.core.api import Gym
from apps.core.sqlite_store import SqliteMemoryStore

def pss_kib():
    # anonymous and shared-memory pages only: the image is a memfd (shmem), a copy is heap (anon); the
    # shared libraries' PSS (file pages) changes whenever another process that maps them starts or exits
    with open("/proc/self/smaps_rollup") as fh:
        kib = {line.split(":")[0]: int(line.split()[1]) for line in fh if line.startswith("Pss")}
    return kib["Pss_Anon"] + kib["Pss_Shmem"] if "Pss_Anon" in kib else kib["Pss"]

gym = Gym(store=SqliteMemoryStore(copy_on_write=sys.argv[1] == "cow"))
n = int(sys.argv[2])
warm = gym.create_episode("tiny")
warm.call("crm_search_records", query="an")
gc.collect()
before = pss_kib()
live = []
for _ in range(n):
    ep = gym.create_episode("tiny")
    ep.call("crm_search_records", query="an")
    ep.call("crm_create_task", subject="Call back")
    live.append(ep)
gc.collect()
image = len(gym.store.golden(gym.world("tiny"), list(gym.apps.values())).data)
print(json.dumps({"per_episode": (pss_kib() - before) * 1024 / n, "image": image}))
"""


def _pss_per_episode(mode: str, n: int) -> dict:
    """PSS growth (anonymous and shared memory) per live `tiny` episode that searched and wrote, measured in
    a fresh interpreter (a long-lived test process reuses freed heap, which would hide a full copy's cost)."""
    out = subprocess.run(
        [sys.executable, "-c", _MEASURE, mode, str(n)],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
        cwd=Path(__file__).resolve().parents[2],
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_live_episodes_share_the_image_instead_of_copying_it():
    """Thirty episodes that all searched and wrote: with copy-on-write each costs at least half an
    image less than a full copy does (PSS counts a page that several mappings share once)."""
    shared, copied = _pss_per_episode("cow", 30), _pss_per_episode("copy", 30)
    image = shared["image"]
    assert copied["image"] == image
    assert copied["per_episode"] > image, (copied, image)
    assert shared["per_episode"] < copied["per_episode"] - 0.5 * image, (shared, copied)


def test_growth_past_the_image_survives_fork_snapshot_and_restore(gym: Gym):
    ep = gym.create_episode("tiny")
    try:
        _grow(ep, 300)  # ≈ 600 KB of new rows
        grown = ep.state_hash()
        snap = ep.snapshot()
        if gym.store.copy_on_write:
            assert isinstance(snap.payload, PagePatch)
            assert snap.payload.size > gym.store.golden(ep.world, list(gym.apps.values())).source.size
        child = ep.fork()
        try:
            assert child.state_hash() == grown
            ep.reset()
            assert ep.state_hash() == gym.golden_hash("tiny")
            ep.restore(snap)
            assert ep.state_hash() == grown == snap.state_hash
            rows = ep.db.execute_raw("SELECT subject FROM crm_task WHERE description LIKE '00299 %'")
            assert rows == [("Grow 299",)]
        finally:
            child.close()
    finally:
        ep.close()


def test_closing_with_a_cursor_still_open_is_safe(gym: Gym):
    """A cursor left mid-iteration keeps its statement alive past close: nothing may touch the unmapped
    database afterwards, and using the cursor is a clean error."""
    ep = gym.create_episode("tiny")
    conn = ep.db.conn
    cursor = conn.execute("SELECT * FROM crm_account")
    cursor.fetchone()
    conn.execute("BEGIN")
    conn.execute("UPDATE crm_account SET name = name || '!'")
    ep.close()
    with pytest.raises(Exception, match="closed"):
        cursor.fetchone()
    del cursor
    gc.collect()
    fresh = gym.create_episode("tiny")  # the address range may be reused at once
    try:
        assert fresh.state_hash() == gym.golden_hash("tiny")
    finally:
        fresh.close()


def test_a_checkpoint_restores_into_any_episode_of_either_store():
    """A checkpoint carries what it needs: restored into another episode, whichever store made either, it
    gives the state it was taken in, and the episode goes on working and resets to the world."""
    shared, copied = (Gym(store=SqliteMemoryStore(copy_on_write=cow)) for cow in (True, False))
    for source, target in [(shared, shared), (shared, copied), (copied, shared)]:
        ep = source.create_episode("tiny")
        other = target.create_episode("tiny")
        try:
            _grow(ep, 5)
            snap = ep.snapshot()
            other.restore(snap)
            assert other.state_hash() == snap.state_hash == ep.state_hash()
            other.call("crm_create_task", subject="After restore")
            assert other.state_hash() != snap.state_hash
            other.reset()
            assert other.state_hash() == target.golden_hash("tiny")
        finally:
            ep.close()
            other.close()
