"""A long download kept gzip-compressed, with a few bytes that change on every download.

A 5,000-play log's BG Stats file is 6 MB and carries the download's time at each of its 5,000
plays; compressing it again on every download takes 40 ms. It is kept instead as its fixed
parts compressed once, each as its own run of deflate blocks, so that a download is those runs
joined by the time's own (compressed once a download) inside one gzip member:

- each part's compressor is handed what precedes it in the file as its dictionary, with each
  gap (the changing bytes) as bytes 0xFF, which UTF-8 text never holds: no back-reference can
  copy from a gap, so a part decompresses alike whatever fills the gaps, at the distances the
  file has;
- the file's CRC-32 is worked out from the one kept with 0xFF in each gap: a CRC is linear in
  its bytes, so what a filler changes is one 32-bit value carried to the file's end, summed
  over the gaps, and that carrying is a 32 x 32 bit matrix worked out once (`_spread`).

Plain Python (zlib, struct): nothing of Django.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

LEVEL = 6  # Django's GZipMiddleware's level
# What each part's compressor may look back over: a play's record in a BG Stats file is about
# 1.3 KB, so a few plays before it; a longer window compresses little better and builds slower.
WINDOW = 4096
HOLE = 0xFF  # a byte UTF-8 never holds
# The gzip header: deflate, no name, no time, no extra flags, "unknown" OS.
HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"
LAST_BLOCK = b"\x03\x00"  # an empty final block (fixed codes), ending the deflate stream


@dataclass(frozen=True)
class Gzipped:
    """A text's fixed parts compressed, to be joined by one filler of `gap` bytes."""

    runs: tuple[bytes, ...]  # each part's deflate blocks, byte-aligned, none of them final
    size: int  # the text's length, fillers included
    crc: int  # the text's CRC-32 with each gap as HOLE bytes
    gap: int  # every filler's length (0: one part, no filler)
    spread: tuple[int, ...]  # column j: what bit j of a filler's change adds to the file's CRC

    @property
    def compressed_size(self) -> int:
        return sum(map(len, self.runs))


def gzipped(parts: Sequence[bytes], gap: int = 0) -> Gzipped:
    """`parts` (UTF-8 text) compressed, to be joined by fillers `gap` bytes long."""
    if len(parts) > 1 and gap < 4:
        raise ValueError("a filler of 4 bytes or more (its last four set the CRC freely)")
    if any(HOLE in part for part in parts):
        raise ValueError("the parts are UTF-8 text: the byte 0xFF marks a gap")
    hole = bytes([HOLE]) * gap
    runs, before, crc, size = [], b"", 0, 0
    for number, part in enumerate(parts):
        if number:
            before, crc, size = (before + hole)[-WINDOW:], zlib.crc32(hole, crc), size + gap
        extra = {"zdict": before} if before else {}
        compressor = zlib.compressobj(LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS, **extra)
        runs.append(compressor.compress(part) + compressor.flush(zlib.Z_SYNC_FLUSH))
        before, crc, size = (before + part)[-WINDOW:], zlib.crc32(part, crc), size + len(part)
    return Gzipped(tuple(runs), size, crc, gap, _spread(parts, gap) if len(parts) > 1 else ())


def gzip_file(kept: Gzipped, filler: bytes = b"") -> bytes:
    """The gzip file of the text with `filler` in every gap."""
    if len(filler) != kept.gap:
        raise ValueError(f"a filler of {kept.gap} bytes")
    crc, joint = kept.crc, b""
    if kept.runs[1:]:
        change = _linear(bytes(byte ^ HOLE for byte in filler))
        for bit, column in enumerate(kept.spread):
            if change >> bit & 1:
                crc ^= column
        compressor = zlib.compressobj(LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
        joint = compressor.compress(filler) + compressor.flush(zlib.Z_SYNC_FLUSH)
    trailer = struct.pack("<II", crc, kept.size & 0xFFFFFFFF)
    return b"".join((HEADER, joint.join(kept.runs), LAST_BLOCK, trailer))


def _linear(data) -> int:
    """The linear part of `data`'s CRC-32 (its value from a zero register, no final inversion):
    it adds over XOR, `_linear(a ^ b) == _linear(a) ^ _linear(b)` for equal lengths."""
    return zlib.crc32(data) ^ zlib.crc32(bytes(len(data)))


def _units(gap: int) -> list[bytes]:
    """For each bit j, a gap's worth of bytes whose `_linear` is 1 << j: Gauss-Jordan over the
    32 one-bit endings, whose values are independent (a CRC's last four bytes set it freely)."""
    rows = [(_linear(bytes(gap - 4) + (1 << bit).to_bytes(4, "little")), 1 << bit) for bit in range(32)]
    for bit in range(32):
        pivot = next(row for row in range(bit, 32) if rows[row][0] >> bit & 1)
        rows[bit], rows[pivot] = rows[pivot], rows[bit]
        for row in range(32):
            if row != bit and rows[row][0] >> bit & 1:
                rows[row] = (rows[row][0] ^ rows[bit][0], rows[row][1] ^ rows[bit][1])
    return [bytes(gap - 4) + ending.to_bytes(4, "little") for _, ending in rows]


def _spread(parts: Sequence[bytes], gap: int) -> tuple[int, ...]:
    """Column j: the `_linear` of the whole text zeroed, with bit j's unit in every gap, which
    is what a filler's change of `_linear` bit j adds to the file's CRC (linearity again)."""
    starts, at = [], 0
    for part in parts[:-1]:
        at += len(part)
        starts.append(at)
        at += gap
    text = bytearray(at + len(parts[-1]))
    zeroed = zlib.crc32(text)
    columns = []
    for unit in _units(gap):
        for start in starts:
            text[start : start + gap] = unit
        columns.append(zlib.crc32(text) ^ zeroed)
    return tuple(columns)
