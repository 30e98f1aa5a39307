"""Copy-on-write episode databases: every episode maps the golden image's pages, and the kernel copies a
page only when that episode writes it.

An in-memory SQLite database can live in a buffer its caller owns (`sqlite3_deserialize` without
`SQLITE_DESERIALIZE_FREEONCLOSE`). Here that buffer is a private mapping of the golden image: the image's
bytes sit once in a sealed memory file (`memfd_create` + `F_SEAL_WRITE`, so nothing can change them), and
each episode maps that file `MAP_PRIVATE` over an address range reserved with room to grow. Reads share
the image's pages; a write copies one 4 KiB page into the episode. An episode therefore costs the pages it
changed, not the whole image (acme: 58.9 MiB image, ≈ 1 MiB per episode after reads and a few writes),
and creating one is two `mmap` calls instead of a copy.

The same mechanism gives cheap checkpoints: the pages an episode changed are exactly its anonymous pages
(`/proc/self/pagemap`: present or swapped, and not file-backed), so a checkpoint is those pages
(`PagePatch`), a fork or a restore is a fresh mapping of the image with them written back.

Python's `sqlite3` does not expose its `sqlite3 *` handle, so `handle()` reads it from the connection
object (CPython's layout: the first field after the object header) and `available()` only turns the
mechanism on after checking, on a scratch connection, that the handle, the SQLite library and pagemap
behave as expected. Otherwise (another interpreter, another OS, `SAASGYM_COPY_ON_WRITE=0`) the store
falls back to full copies, which behave identically and cost more memory.
"""

from __future__ import annotations

import _sqlite3
import ctypes
import fcntl
import functools
import logging
import mmap
import os
import platform
import sqlite3
import sys
import sysconfig
from dataclasses import dataclass, field

log = logging.getLogger("saasgym.cow_image")

PAGE = mmap.PAGESIZE
# Room to grow past the image, reserved as address space only (MAP_NORESERVE: no memory until written).
# SQLite's own limit for a resizeable in-memory database (SQLITE_MEMDB_DEFAULT_MAXSIZE) is the same 1 GiB.
HEADROOM = 1 << 30

_MAP_PRIVATE = 0x02
_MAP_FIXED = 0x10
_MAP_ANONYMOUS = 0x20
_MAP_NORESERVE = 0x4000
_MAP_FAILED = ctypes.c_void_p(-1).value
_PROT_RW = mmap.PROT_READ | mmap.PROT_WRITE
# pagemap entry, top byte: bit 63 present, 62 swapped, 61 file page or shared anonymous.
_CHANGED = bytes(1 if (b & 0xC0) and not (b & 0x20) else 0 for b in range(256))


def _bind() -> tuple[ctypes.CDLL, ctypes.CDLL]:
    lib = ctypes.CDLL(_sqlite3.__file__)  # symbols resolve to the very SQLite the sqlite3 module uses
    lib.sqlite3_deserialize.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p,
                                        ctypes.c_int64, ctypes.c_int64, ctypes.c_uint]  # fmt: skip
    lib.sqlite3_deserialize.restype = ctypes.c_int
    lib.sqlite3_serialize.argtypes = [ctypes.c_void_p, ctypes.c_char_p,
                                      ctypes.POINTER(ctypes.c_int64), ctypes.c_uint]  # fmt: skip
    lib.sqlite3_serialize.restype = ctypes.c_void_p
    lib.sqlite3_total_changes.argtypes = [ctypes.c_void_p]
    lib.sqlite3_total_changes.restype = ctypes.c_int
    lib.sqlite3_libversion.restype = ctypes.c_char_p
    lib.sqlite3_next_stmt.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
    lib.sqlite3_next_stmt.restype = ctypes.c_void_p
    lib.sqlite3_reset.argtypes = [ctypes.c_void_p]
    lib.sqlite3_get_autocommit.argtypes = [ctypes.c_void_p]
    libc = ctypes.CDLL(None, use_errno=True)
    libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                          ctypes.c_long]  # fmt: skip
    libc.mmap.restype = ctypes.c_void_p
    libc.munmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
    libc.munmap.restype = ctypes.c_int
    return lib, libc


_LIBS = functools.cache(_bind)
_SERIALIZE_NOCOPY = 0x001


def handle(conn: sqlite3.Connection) -> int:
    """The `sqlite3 *` of a Python connection (CPython keeps it right after the object header)."""
    return ctypes.c_void_p.from_address(id(conn) + object.__basicsize__).value or 0


@functools.cache
def available() -> bool:
    """Whether episodes can be copy-on-write mappings here (checked once per process)."""
    if os.environ.get("SAASGYM_COPY_ON_WRITE", "1").strip() in {"0", "false", "no", "off"}:
        return False
    if (
        platform.system() != "Linux"
        or sys.implementation.name != "cpython"
        or sysconfig.get_config_var("Py_GIL_DISABLED")
        or not hasattr(os, "memfd_create")
    ):
        return False
    try:
        return _self_check()
    except (OSError, AttributeError, AssertionError, sqlite3.Error) as exc:
        log.warning("copy-on-write episodes are off (%s); every episode is a full copy", exc)
        return False


def _self_check() -> bool:
    lib, _ = _LIBS()
    assert lib.sqlite3_libversion().decode() == sqlite3.sqlite_version, "another SQLite library"
    probe = sqlite3.connect(":memory:", isolation_level=None)
    try:
        probe.execute("CREATE TABLE t(x)")
        probe.executemany("INSERT INTO t VALUES (?)", [(i,) for i in range(37)])
        assert lib.sqlite3_total_changes(handle(probe)) == probe.total_changes == 37, "handle layout"
        data = probe.serialize()
    finally:
        probe.close()
    image = SealedImage(data)
    conn = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
    mapping = attach(conn, image)
    try:
        assert changed_pages(conn, mapping).pages == (), "a fresh mapping has changed pages"
        conn.execute("INSERT INTO t VALUES (99)")
        patch = changed_pages(conn, mapping)
        assert patch.pages and patch.size == current_size(conn), "pagemap does not show written pages"
        assert conn.execute("SELECT count(*) FROM t").fetchone()[0] == 38
    finally:
        conn.close()
        mapping.release()
        image.close()
    return True


class SealedImage:
    """A golden image's bytes in a sealed memory file: no write, shrink or growth can ever change them."""

    def __init__(self, data: bytes):
        self.size = len(data)
        self.fd = os.memfd_create("saasgym-golden", os.MFD_CLOEXEC | os.MFD_ALLOW_SEALING)
        with open(self.fd, "wb", closefd=False) as fh:
            fh.write(data)
        seals = fcntl.F_SEAL_WRITE | fcntl.F_SEAL_SHRINK | fcntl.F_SEAL_GROW | fcntl.F_SEAL_SEAL
        fcntl.fcntl(self.fd, fcntl.F_ADD_SEALS, seals)
        self.view = mmap.mmap(self.fd, self.size, prot=mmap.PROT_READ)  # shared, read-only

    def to_bytes(self) -> bytes:
        """A copy of the image's bytes."""
        return self.view[:]

    def close(self) -> None:
        """Release the file (episodes still mapping it keep their pages)."""
        self.view.close()
        os.close(self.fd)


@dataclass(frozen=True)
class PagePatch:
    """An episode's state as the pages that differ from its golden image: (offset, bytes) and its size."""

    image: SealedImage = field(repr=False, compare=False)
    size: int
    pages: tuple[tuple[int, bytes], ...]

    @property
    def nbytes(self) -> int:
        return sum(len(page) for _, page in self.pages)


class Mapping:
    """One episode's address range: the image mapped privately, then room to grow."""

    def __init__(self, image: SealedImage, patch: PagePatch | None):
        _, libc = _LIBS()
        self.image = image
        size = max(image.size, patch.size if patch else 0)
        self.length = _round_up(size) + HEADROOM
        base = libc.mmap(None, self.length, _PROT_RW, _MAP_PRIVATE | _MAP_ANONYMOUS | _MAP_NORESERVE, -1, 0)
        if base in (None, _MAP_FAILED):
            raise MemoryError(f"cannot reserve {self.length} bytes of address space")
        self.base: int = base
        if image.size:
            got = libc.mmap(base, _round_up(image.size), _PROT_RW, _MAP_PRIVATE | _MAP_FIXED, image.fd, 0)
            if got != base:
                libc.munmap(base, self.length)
                raise OSError(ctypes.get_errno(), "cannot map the golden image")
        for offset, page in patch.pages if patch else ():
            ctypes.memmove(base + offset, page, len(page))

    def release(self) -> None:
        """Unmap the range (only after the connection using it is closed or re-pointed)."""
        if self.base:
            _LIBS()[1].munmap(self.base, self.length)
            self.base = 0


def _round_up(n: int) -> int:
    return -(-n // PAGE) * PAGE


def attach(conn: sqlite3.Connection, image: SealedImage, patch: PagePatch | None = None) -> Mapping:
    """Point `conn`'s main database at a fresh private mapping of `image` (with `patch` written over it).

    A patch always applies to the image it was taken from (`patch.image`). The caller releases the
    mapping after closing `conn` or attaching it elsewhere.
    """
    mapping = Mapping(patch.image if patch else image, patch)
    size = patch.size if patch else image.size
    rc = _LIBS()[0].sqlite3_deserialize(handle(conn), b"main", mapping.base, size, mapping.length, 0)
    if rc != 0:
        mapping.release()
        raise sqlite3.OperationalError(f"sqlite3_deserialize failed with code {rc}")
    return mapping


def close(conn: sqlite3.Connection, mapping: Mapping) -> None:
    """Close `conn` and unmap its database.

    A statement still held by some cursor would keep the connection alive past `close()` (SQLite then
    closes it when that statement is finalized, rolling back whatever it left open, i.e. writing into
    the mapping). So every statement is reset and any transaction rolled back first: what closes later
    then reads and writes nothing of the database.
    """
    lib = _LIBS()[0]
    db = handle(conn)
    if db:
        stmt = lib.sqlite3_next_stmt(db, None)
        while stmt:
            lib.sqlite3_reset(stmt)
            stmt = lib.sqlite3_next_stmt(db, stmt)
        if not lib.sqlite3_get_autocommit(db):
            conn.execute("ROLLBACK")
    conn.close()
    mapping.release()


def current_size(conn: sqlite3.Connection) -> int:
    """The byte size of `conn`'s in-memory main database (no copy is made)."""
    size = ctypes.c_int64()
    ptr = _LIBS()[0].sqlite3_serialize(handle(conn), b"main", ctypes.byref(size), _SERIALIZE_NOCOPY)
    if not ptr:
        raise sqlite3.OperationalError("the episode database is not a contiguous in-memory image")
    return size.value


def changed_pages(conn: sqlite3.Connection, mapping: Mapping) -> PagePatch:
    """The pages of `conn`'s database that the episode wrote (its private, anonymous pages), copied."""
    size = current_size(conn)
    count = _round_up(size) // PAGE
    with open("/proc/self/pagemap", "rb", buffering=0) as fh:
        fh.seek(mapping.base // PAGE * 8)
        entries = fh.read(count * 8)
    flags = entries[7::8].translate(_CHANGED)
    pages = []
    index = flags.find(1)
    while index != -1:
        offset = index * PAGE
        pages.append((offset, ctypes.string_at(mapping.base + offset, min(PAGE, size - offset))))
        index = flags.find(1, index + 1)
    return PagePatch(mapping.image, size, tuple(pages))
