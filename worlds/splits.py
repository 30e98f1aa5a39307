"""Splits fixed by the world: every entity (account, caller, incident, mail …) hashes into train, dev or
test, and an instance's seed hashes into the split whose entities it may draw. So a test instance's
subjects are never the subjects of a train instance, and a released instance never changes split.
"""

from __future__ import annotations

import hashlib

SPLITS = ("train", "dev", "test")
# Shares of the hash space (percent): train 55, dev 15, test 30.
_CUTS = ((55, "train"), (70, "dev"), (100, "test"))


def _bucket(text: str) -> str:
    point = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") % 100
    return next(name for cut, name in _CUTS if point < cut)


def entity_split(world: str, kind: str, key: str) -> str:
    """The split an entity belongs to in `world` (kind: e.g. `incident`, `account`; key: its id)."""
    return _bucket(f"entity|{world}|{kind}|{key}")


def seed_split(world: str, family: str, seed: int, allowed: tuple[str, ...] = SPLITS) -> str:
    """The split of instance `family@seed` in `world` (a test-only family's instances are all test)."""
    if len(allowed) == 1:
        return allowed[0]
    split = _bucket(f"seed|{world}|{family}|{seed}")
    return split if split in allowed else allowed[0]
