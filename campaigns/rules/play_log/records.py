"""A play log's plays as they stand, in number order (`PlayLog.games`), read back in parts.

No Django here. A state is pickled as its checkpoint and read back by the first page on another
worker after a write; a page of a 5,000-play log reads twenty plays at most, yet reading every
record back took 11.5 of the checkpoint's 14 ms. So the records are kept in chunks, each
pickled by itself and read back only when a record in it is asked for, and each chunk's play
numbers are kept beside it, always read: where a play is, the numbers of the list, the page of
a play, need no record. A chunk pickled and read back again is pickled again from its records
(what a writer reads it may change); one never read is written as the bytes it was read from.

Every chunk but the last is also compressed (`pack`): the database reads the whole checkpoint
row, and the plays' bytes were most of it (a 5,000-play log's 2.5 MB took 5 ms to read, its
chunks compress about 4 times, at level 1: a tenth of a millisecond a chunk). The last chunk,
where plays are logged and the latest page reads, is pickled as its records: a write
compresses only an earlier chunk it read (a correction's), and reading the last chunk back costs
what that page would anyway.
"""

from __future__ import annotations

import bisect
import pickle
import zlib
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

# Records a chunk holds: small enough that a page's plays cost a chunk's reading (about half a
# millisecond), large enough that a 5,000-play log is 20 chunks.
CHUNK = 256


# zlib's fastest: ~4 times smaller for a tenth of a millisecond a chunk; level 6 is 7 % smaller
# again, at seven times the time.
PACKING = 1


def pack(value: Any) -> bytes:
    """`value` pickled and compressed, as a checkpoint keeps a chunk it reads only if asked."""
    return zlib.compress(pickle.dumps(value, pickle.HIGHEST_PROTOCOL), PACKING)


def unpack(packed: bytes) -> Any:
    return pickle.loads(zlib.decompress(packed))


def _read(chunk: bytes) -> list:
    return unpack(chunk)


class PlayRecords(Sequence):
    """The plays of a log, each a record with a `number`, in number order: a list (len, index,
    slice, iteration, append, insert, pop, assignment) whose records are read back from the
    checkpoint a chunk at a time; `index_of`, `bisect_left`, `bisect_right`, `number_at` and
    `numbers` read the numbers only."""

    __slots__ = ("_chunks", "_numbers")

    def __init__(self, records: Iterable = ()):
        records = list(records)
        self._chunks: list[list | bytes] = [records[at : at + CHUNK] for at in range(0, len(records), CHUNK)]
        self._numbers: list[list[int]] = [[record.number for record in chunk] for chunk in self._chunks]

    @classmethod
    def _from_pickle(cls, numbers: list[list[int]], chunks: list[bytes | list]) -> PlayRecords:
        read = cls.__new__(cls)
        read._numbers, read._chunks = numbers, list(chunks)
        return read

    def __reduce__(self):
        last = len(self._chunks) - 1
        chunks = [
            chunk if isinstance(chunk, bytes) else pack(chunk) if at < last else list(chunk)
            for at, chunk in enumerate(self._chunks)
        ]
        return (PlayRecords._from_pickle, ([list(numbers) for numbers in self._numbers], chunks))

    def _records(self, at: int) -> list:
        """Chunk `at`'s records, read back on first asking."""
        chunk = self._chunks[at]
        if isinstance(chunk, bytes):
            chunk = self._chunks[at] = _read(chunk)
        return chunk

    def _locate(self, index: int) -> tuple[int, int]:
        """(chunk, place in it) of the record at `index` (0 <= index < len)."""
        for at, numbers in enumerate(self._numbers):
            if index < len(numbers):
                return at, index
            index -= len(numbers)
        raise IndexError("play index out of range")

    def _index(self, index: int) -> int:
        length = len(self)
        if index < 0:
            index += length
        if not 0 <= index < length:
            raise IndexError("play index out of range")
        return index

    # A list's reading ------------------------------------------------------------------------

    def __len__(self) -> int:
        return sum(len(numbers) for numbers in self._numbers)

    def __bool__(self) -> bool:
        return bool(self._numbers)

    def __getitem__(self, index):
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step != 1:
                return list(self)[index]
            return self._between(start, stop)
        at, place = self._locate(self._index(index))
        return self._records(at)[place]

    def _between(self, start: int, stop: int) -> list:
        """The records from index `start` to `stop` (excluded), reading only their chunks."""
        found, offset = [], 0
        for at, numbers in enumerate(self._numbers):
            end = offset + len(numbers)
            if end > start and offset < stop:
                found.extend(self._records(at)[max(start - offset, 0) : stop - offset])
            offset = end
            if offset >= stop:
                break
        return found

    def __iter__(self) -> Iterator:
        for at in range(len(self._chunks)):
            yield from self._records(at)

    def __reversed__(self) -> Iterator:
        for at in reversed(range(len(self._chunks))):
            yield from reversed(self._records(at))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (PlayRecords, list)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # a list: changed in place

    def __repr__(self) -> str:
        return f"PlayRecords({len(self)} plays)"

    # By number, reading no record ------------------------------------------------------------

    def numbers(self) -> list[int]:
        """Every play's number, in order."""
        return [number for numbers in self._numbers for number in numbers]

    def bisect_left(self, number: int) -> int:
        """Where play `number` is or would go: the count of plays numbered below it."""
        offset = 0
        for numbers in self._numbers:
            if numbers[-1] >= number:
                return offset + bisect.bisect_left(numbers, number)
            offset += len(numbers)
        return offset

    def bisect_right(self, number: int) -> int:
        """The count of plays numbered `number` or below."""
        offset = 0
        for numbers in self._numbers:
            if numbers[-1] > number:
                return offset + bisect.bisect_right(numbers, number)
            offset += len(numbers)
        return offset

    def index_of(self, number: int) -> int | None:
        """Where play `number` is; None if it is not there."""
        index = self.bisect_left(number)
        if index < len(self) and self.number_at(index) == number:
            return index
        return None

    def number_at(self, index: int) -> int:
        """The number of the play at `index` (as a list's: -1 the last)."""
        at, place = self._locate(self._index(index))
        return self._numbers[at][place]

    def up_to(self, number: int) -> PlayRecords:
        """The plays numbered `number` or below (sharing their records, and the chunks not read)."""
        kept = PlayRecords()
        for at, numbers in enumerate(self._numbers):
            if numbers[-1] <= number:
                chunk = self._chunks[at]
                kept._chunks.append(chunk if isinstance(chunk, bytes) else list(chunk))
                kept._numbers.append(list(numbers))
            else:
                cut = bisect.bisect_right(numbers, number)
                if cut:
                    kept._chunks.append(self._records(at)[:cut])
                    kept._numbers.append(numbers[:cut])
                break
        return kept

    # A list's changes (the fold's: a play logged, corrected, deleted, restored) --------------

    def append(self, record: Any) -> None:
        if not self._chunks or len(self._numbers[-1]) >= CHUNK:
            self._chunks.append([])
            self._numbers.append([])
        self._records(len(self._chunks) - 1).append(record)
        self._numbers[-1].append(record.number)

    def __setitem__(self, index: int, record: Any) -> None:
        at, place = self._locate(self._index(index))
        self._records(at)[place] = record
        self._numbers[at][place] = record.number

    def pop(self, index: int = -1) -> Any:
        at, place = self._locate(self._index(index))
        record = self._records(at).pop(place)
        self._numbers[at].pop(place)
        if not self._numbers[at]:
            del self._chunks[at], self._numbers[at]
        return record

    def insert(self, index: int, record: Any) -> None:
        length = len(self)
        if index >= length:
            self.append(record)
            return
        at, place = self._locate(max(index, 0) if index >= 0 else max(index + length, 0))
        self._records(at).insert(place, record)
        self._numbers[at].insert(place, record.number)
