"""The files a durable episode is checkpointed to: checksummed frames, and values that round-trip exactly.

A checkpoint file is a sequence of frames, each `magic | kind | length | sha256(payload) | payload`.
`read_frames` checks every frame before the caller applies any (a corrupted file is refused whole,
never half-loaded); only the last frame may be incomplete — a write cut short by a crash (the call it
records was never answered) — and is then left out. Payloads are JSON whose values keep their SQLite
storage class exactly: bytes as `{"$b": base64}`, infinities as `{"$f": "inf"}`, floats by `repr`.
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
import os
import struct
from pathlib import Path
from typing import Any

MAGIC = b"SGCK"
HEAD = struct.Struct("<4sBQ32s")  # magic, kind, payload length, sha256 of the payload


class CorruptCheckpoint(Exception):
    """A checkpoint that cannot be trusted: it is refused whole, with what is wrong."""


def encode_value(value: Any) -> Any:
    if isinstance(value, bytes):
        return {"$b": base64.b64encode(value).decode()}
    if isinstance(value, float) and not math.isfinite(value):
        return {"$f": repr(value)}
    return value


def _decode_hook(obj: dict[str, Any]) -> Any:
    if len(obj) == 1:
        if "$b" in obj:
            return base64.b64decode(obj["$b"])
        if "$f" in obj:
            return float(obj["$f"])
    return obj


def encode_rows(rows: list[tuple[Any, ...]]) -> list[list[Any]]:
    return [[encode_value(v) for v in row] for row in rows]


def dumps(payload: Any) -> bytes:
    return json.dumps(payload, separators=(",", ":"), allow_nan=False).encode()


def loads(data: bytes) -> Any:
    try:
        return json.loads(data, object_hook=_decode_hook)
    except ValueError as exc:
        raise CorruptCheckpoint(f"a frame's content is not readable ({exc})") from None


def frame(kind: int, payload: bytes) -> bytes:
    """One frame: its header (with the payload's sha256) and the payload."""
    return HEAD.pack(MAGIC, kind, len(payload), hashlib.sha256(payload).digest()) + payload


def write_file(path: Path, frames: list[bytes], *, sync: bool) -> None:
    """Write `frames` as the whole of `path`, atomically (a temporary file renamed over it)."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as fh:
        for data in frames:
            fh.write(data)
        fh.flush()
        if sync:
            os.fsync(fh.fileno())
    os.replace(tmp, path)
    if sync:
        fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def read_frames(path: Path, *, torn_tail: bool = False) -> tuple[list[tuple[int, bytes]], int]:
    """Every frame of `path` as (kind, payload), each checked, and the length of the valid part.

    With `torn_tail`, a last frame cut short (its header or payload incomplete) is left out; any other
    damage — a bad magic, a checksum that does not match — raises CorruptCheckpoint."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise CorruptCheckpoint(f"{path.name} is missing") from None
    frames, at = [], 0
    while at < len(data):
        if len(data) - at < HEAD.size:
            if torn_tail:
                break
            raise CorruptCheckpoint(f"{path.name} ends inside a frame header at byte {at}")
        magic, kind, length, digest = HEAD.unpack_from(data, at)
        if magic != MAGIC:
            raise CorruptCheckpoint(f"{path.name}: no frame starts at byte {at} (bad magic)")
        start = at + HEAD.size
        if start + length > len(data):
            if torn_tail:
                break
            raise CorruptCheckpoint(f"{path.name} ends inside a frame at byte {at}")
        payload = data[start : start + length]
        if hashlib.sha256(payload).digest() != digest:
            raise CorruptCheckpoint(f"{path.name}: the frame at byte {at} does not match its checksum")
        frames.append((kind, payload))
        at = start + length
    return frames, at


def encode_pages(size: int, pages: tuple[tuple[int, bytes], ...]) -> bytes:
    """A database's changed pages (offset, bytes) and its size, as one payload."""
    head = dumps({"size": size, "pages": [[offset, len(page)] for offset, page in pages]})
    return struct.pack("<I", len(head)) + head + b"".join(page for _, page in pages)


def decode_pages(payload: bytes) -> tuple[int, tuple[tuple[int, bytes], ...]]:
    (n,) = struct.unpack_from("<I", payload)
    head = loads(payload[4 : 4 + n])
    at, pages = 4 + n, []
    for offset, length in head["pages"]:
        pages.append((offset, payload[at : at + length]))
        at += length
    if at != len(payload):
        raise CorruptCheckpoint("a page frame's pages do not add up to its length")
    return head["size"], tuple(pages)
