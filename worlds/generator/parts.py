"""What a world part is: a name, an order, and a build function over a shared context.

Each app that has world data defines `PART` in `apps/<app>/world/__init__.py`; the generator discovers it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Part:
    """One part of a world.

    `build(ctx)` receives a `BuildContext` (seed, scale, now, and the objects earlier parts left in
    `ctx.shared`) and returns the files to write, `{relative path: rows}`, plus actors
    (`{app: acting user id}`) to record in the manifest.
    """

    name: str
    order: int
    build: Callable[[BuildContext], tuple[dict[str, list[dict[str, Any]]], dict[str, str]]]


@dataclass
class BuildContext:
    seed: int
    scale: float
    now: datetime
    out_dir: Path
    shared: dict[str, Any]
