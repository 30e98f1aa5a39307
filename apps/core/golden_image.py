"""Golden images: a world's rows loaded into the served apps' tables with the journal installed, serialized
once (and cached on disk) so every episode starts as a copy of it; and the content hash of a state.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass

from apps.core import events as event_log
from apps.core import golden_cache, journal, observations
from apps.core.cow_image import SealedImage
from apps.core.model_endpoint.recorder import MODEL_CALL_DDL
from apps.core.spec import AppSpec
from apps.core.sqlite_engine import engine_over
from apps.core.worlds import World

# Page cache of an episode connection, in pages. The database already lives in memory, so cached pages
# are second copies of it: a small cache keeps an episode at image + schema however much it reads
# (measured: 27.4 → 25.5 MiB for an all-apps acme episode after a global search; reads no slower).
# Stored in the golden image's header, so every copy gets it when its schema is first read.
PAGE_CACHE_PAGES = 32


@dataclass(frozen=True)
class GoldenImage:
    """A world's rows in every served app's tables, as one SQLite image episodes are cut from."""

    world: World
    source: SealedImage | bytes  # sealed where episodes are copy-on-write mappings, else plain bytes
    tables: tuple[str, ...]
    content_hash: str

    @property
    def data(self) -> bytes:
        """The image's bytes (a copy, when the image is sealed)."""
        return self.source.to_bytes() if isinstance(self.source, SealedImage) else self.source


def connect_memory() -> sqlite3.Connection:
    """A new in-memory SQLite connection usable from any thread, in autocommit mode."""
    return sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)


def _exact(column: str) -> str:
    """An SQL expression rendering `column` exactly and unambiguously: texts as the hex of their bytes
    (`quote()` stops at a NUL, and a text could hold the separator), every other value as `quote()`."""
    return f"""CASE typeof("{column}") WHEN 'text' THEN 'T' || hex("{column}") ELSE quote("{column}") END"""


def content_hash(conn: sqlite3.Connection, tables: Sequence[str]) -> str:
    """sha256 over the rows of `tables` in primary-key order, plus the id counters.

    Every value is rendered exactly, so two different states never hash alike. The clock is left out:
    a read or a refused action moves the clock but changes no content.
    """
    h = hashlib.sha256()
    for table in [*sorted(tables), "_idseq"]:
        cols = [r[1] for r in conn.execute(f'PRAGMA table_info("{table}")')]
        pk = journal.primary_key_column(conn, table)
        expr = " || char(31) || ".join(_exact(c) for c in cols)
        h.update(f"\x1e{table}\x1e".encode())
        for (line,) in conn.execute(f'SELECT {expr} FROM "{table}" ORDER BY "{pk}"'):
            h.update(line.encode())
            h.update(b"\n")
    return h.hexdigest()


def cached_golden(world: World, apps: Sequence[AppSpec], *, sealed: bool = False) -> GoldenImage:
    """The golden image from the on-disk cache (apps/core/golden_cache.py), built and cached when absent;
    `sealed`: kept in a sealed memory file that episodes map copy-on-write."""

    def build() -> tuple[bytes, tuple[str, ...], str]:
        image = build_golden(world, apps)
        return image.data, image.tables, image.content_hash

    data, tables, digest = golden_cache.cached_build(world, apps, build)
    source = SealedImage(data) if sealed else data
    return GoldenImage(world=world, source=source, tables=tables, content_hash=digest)


def build_golden(world: World, apps: Sequence[AppSpec]) -> GoldenImage:
    """Create every app's tables, load the world's rows, install the journal triggers, serialize."""
    conn = connect_memory()
    conn.executescript(journal.ENGINE_DDL + event_log.EVENT_DDL + MODEL_CALL_DDL + observations.DDL)
    engine = engine_over(conn)
    tables: list[str] = []
    for spec in apps:
        spec.metadata.create_all(engine)
        tables.extend(t.name for t in spec.metadata.sorted_tables)
    with engine.begin() as connection:
        for spec in apps:
            connection.info["saasgym.app"] = spec.name  # id counters are kept per app
            spec.load_seed(world, connection)
    for table in [*tables, *journal.JOURNALED_ENGINE_TABLES]:
        journal.install_triggers(conn, table)
    conn.execute("VACUUM")
    conn.execute(f"PRAGMA default_cache_size = {PAGE_CACHE_PAGES}")
    data = conn.serialize()
    digest = content_hash(conn, tables)
    engine.dispose()
    conn.close()
    return GoldenImage(world=world, source=data, tables=tuple(tables), content_hash=digest)
