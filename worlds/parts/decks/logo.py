"""The company logo as a PNG, written byte for byte the same everywhere: four squares in the brand's
colours, stored uncompressed (zlib level 0 writes stored blocks, which no zlib version writes
differently), so the world's checksum never depends on the machine that generated it."""

from __future__ import annotations

import struct
import zlib

SIZE = 96


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (
        struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    )


def logo_png(colors: tuple[str, str, str, str]) -> bytes:
    """A SIZE x SIZE logo: four squares (top left, top right, bottom left, bottom right) on white."""
    rgb = [bytes.fromhex(c) for c in colors]
    gap, half = 6, SIZE // 2
    rows = []
    for y in range(SIZE):
        line = bytearray(b"\x00")  # filter type none
        for x in range(SIZE):
            inside = gap <= x % half < half - gap // 2 and gap <= y % half < half - gap // 2
            line += rgb[(y >= half) * 2 + (x >= half)] if inside else b"\xff\xff\xff"
        rows.append(bytes(line))
    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 2, 0, 0, 0)
    data = zlib.compress(b"".join(rows), 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", data) + _chunk(b"IEND", b"")
