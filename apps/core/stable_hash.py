"""A number drawn from a text that is the same in every process and run (Python's `hash` is salted):
for persona traits — reply delays, tones, whether a fix held — that must replay exactly."""

from __future__ import annotations

import hashlib


def stable_number(text: str) -> int:
    """A 48-bit number that depends only on `text`.

    Args:
        text: what the number is drawn for, e.g. "delay:<user id>".
    """
    return int(hashlib.sha256(text.encode()).hexdigest()[:12], 16)
