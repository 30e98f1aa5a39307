"""Episode store figures: create, fork, snapshot, restore against a raw memory copy; memory per episode.

The baseline copies the same image bytes into new memory that stays allocated (an anonymous
`mmap` written with the bytes, kept alive like a live episode keeps its database). On this machine
(a Firecracker VM) first-touch page faults dominate a fresh 8 MB copy (≈ 7 µs per 4 KiB page), and
an episode cannot avoid them, so a copy into recycled heap memory would not be the honest floor.
"""

from __future__ import annotations

import gc
import mmap
import os
from typing import Any

from apps.core.api import Episode, Gym
from benchmarks.runner import (
    REPORT,
    Config,
    Figure,
    at_least,
    interleaved,
    median,
    ratio_at_most,
    release_memory,
)
from benchmarks.workload import fifty_writes

GIB = 1 << 30
MIB = 1 << 20


def raw_copy(data: bytes) -> mmap.mmap:
    """`data` copied into freshly mapped memory (the baseline: one memcpy plus first-touch faults)."""
    buf = mmap.mmap(-1, len(data))
    buf.write(data)
    return buf


def _close_all(kept: list[Any]) -> None:
    for item in kept:
        if isinstance(item, Episode | mmap.mmap):
            item.close()
    kept.clear()
    release_memory()


def _pair(
    name: str, subject: Any, baseline: Any, repeats: int, *, keep: bool = True, setup: Any = None
) -> Figure:
    kept: list[Any] = []
    a, b = interleaved(subject, baseline, repeats, keep=kept if keep else None, setup=setup)
    _close_all(kept)
    return Figure(
        name,
        "ms",
        median(a),
        ratio_at_most(1.5),
        baseline=median(b),
        baseline_name="raw copy of the image (ms)",
        extra={"samples": len(a)},
    )


def run(gym: Gym, cfg: Config) -> list[Figure]:
    """Create / fork / snapshot / restore of `acme`, each against a raw copy; then memory per episode."""
    world = gym.world("acme")
    warm = gym.create_episode("acme")
    golden = gym.store.golden(world, list(gym.apps.values()))
    image = golden.data
    reps = cfg.reps(40, 12)
    figures = [
        _pair("create an acme episode", lambda: gym.create_episode("acme"), lambda: raw_copy(image), reps)
    ]
    warm.close()

    ep = gym.create_episode("acme")
    fifty_writes(ep)
    current = ep.db.conn.serialize()
    figures.append(_pair("fork (after 50 writes)", ep.fork, lambda: raw_copy(current), reps))
    figures.append(_pair("snapshot (after 50 writes)", ep.snapshot, lambda: raw_copy(current), reps))
    snap = ep.snapshot()
    holder: list[Any] = [bytearray(current)]

    def replace_copy() -> None:  # restore replaces the episode's memory, so its baseline does too
        holder[0] = bytearray(current)

    figures.append(_pair("restore", lambda: ep.restore(snap), replace_copy, reps, keep=False))
    ep.close()
    figures.extend(_memory(gym, len(image), cfg))
    return figures


def rss_bytes() -> int:
    """Resident set size of this process (a page mapped by k episodes counts k times)."""
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def pss_bytes() -> int:
    """Proportional set size of this process: each resident page counted once however often it is
    mapped (copy-on-write episodes share the golden image's pages), i.e. the memory the system gives."""
    with open("/proc/self/smaps_rollup") as fh:
        for line in fh:
            if line.startswith("Pss:"):
                return int(line.split()[1]) * 1024
    raise OSError("no Pss line in /proc/self/smaps_rollup")


def _memory_of(gym: Gym, apps: list[str], n: int) -> tuple[float, float]:
    """(PSS, RSS) growth per live acme episode of `apps`, each having served a read, a global search
    and a write. The golden image is loaded before measuring: a fixed cost per process, not per episode."""
    warm = gym.create_episode("acme", apps=apps)
    warm.close()
    release_memory()
    before = pss_bytes(), rss_bytes()
    live = []
    for _ in range(n):
        ep = gym.create_episode("acme", apps=apps)
        ep.call("crm_get_current_user")
        ep.call("crm_search_records", query="Villanueva")
        ep.call("crm_create_task", subject="Call back")
        live.append(ep)
    gc.collect()
    after = pss_bytes(), rss_bytes()
    _close_all(live)
    return (after[0] - before[0]) / n, (after[1] - before[1]) / n


def _memory(gym: Gym, image_bytes: int, cfg: Config) -> list[Figure]:
    """Memory per live acme episode, with every app the gym serves and with the CRM alone."""
    n = cfg.reps(100, 20)
    variants = [(sorted(gym.apps), image_bytes)]
    if len(gym.apps) > 1:
        variants.append((["crm"], len(gym.store.golden(gym.world("acme"), [gym.apps["crm"]]).data)))
    figures = []
    for apps, image in variants:
        per_episode, rss = _memory_of(gym, apps, n)
        label = "+".join(apps)
        figures += [
            Figure(
                f"memory per live acme episode ({label})",
                "MiB",
                per_episode / MIB,
                REPORT,
                baseline=image / MIB,
                baseline_name="golden image size (MiB)",
                extra={"episodes": n, "apps": apps, "measure": "PSS growth", "rss_mib": rss / MIB},
            ),
            Figure(
                f"live acme episodes in 24 GiB ({label})",
                "episodes",
                24 * GIB / per_episode,
                at_least(1000, "≥ 1,000"),
                extra={"episodes_measured": n, "mib_per_episode": per_episode / MIB, "apps": apps},
            ),
        ]
    return figures
