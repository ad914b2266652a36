"""A play log's state: the plays that count as they stand now, and each player's record.

No Django here. `PlayLog` is the state of every play-log system (a system's own state is a
subclass holding its own records of a play, its `GameRecord`); `state_as_of` works out the
log "as of play n" from the state now, so the fold keeps no state per play (rules/base.py).
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any

from ..base import Law, pickled_by_fields
from .records import CHUNK, PlayRecords, pack, unpack


@pickled_by_fields
@dataclass
class PlayerRecord:
    """A player's plays and wins in a play log (a draw is a play and no win)."""

    plays: int = 0
    wins: int = 0

    @property
    def win_rate(self) -> float | None:
        return round(self.wins / self.plays, 3) if self.plays else None


class PlayedData:
    """Each play's data as the journal writes it, by play number (`PlayLog.played`).

    A state is pickled as its checkpoint and unpickled by the first page on another worker;
    5,000 plays' data as dicts took half of that unpickling (11 of 21 ms), though a page reads
    one play's at most. So a play's data is pickled as its JSON text, made once per play, and
    read back from it when asked (`get`, `[n]`: a dict nobody changes).

    The texts are kept in chunks by number (CHUNK plays' numbers each), and every chunk but
    the last (where plays are logged) is pickled compressed and read back only when one of its
    plays is asked for: 5,000 plays' texts were 1.7 MB of a 2.5 MB checkpoint, and compress
    about 8 times (records.py `pack`). A chunk read back and not changed since is written as
    the bytes it was read from.
    """

    __slots__ = ("_chunks", "_packed")

    def __init__(self, by_number: dict | None = None):
        # Chunk (number // CHUNK) -> {number: its data, a dict or its JSON text}, or the chunk
        # packed, not read yet; and, of a chunk read, the bytes it was read from until it changes.
        self._chunks: dict[int, dict[int, dict | str] | bytes] = {}
        self._packed: dict[int, bytes] = {}
        for number, data in (by_number or {}).items():
            self[number] = data

    def _chunk(self, at: int) -> dict[int, dict | str] | None:
        chunk = self._chunks.get(at)
        if isinstance(chunk, bytes):
            self._packed[at] = chunk
            chunk = self._chunks[at] = unpack(chunk)
        return chunk

    def __setitem__(self, number: int, data: dict) -> None:
        at = number // CHUNK
        chunk = self._chunk(at)
        if chunk is None:
            chunk = self._chunks[at] = {}
        chunk[number] = data
        self._packed.pop(at, None)

    def get(self, number: int, default=None):
        chunk = self._chunk(number // CHUNK)
        data = chunk.get(number) if chunk is not None else None
        if data is None:
            return default
        return json.loads(data) if isinstance(data, str) else data

    def __getitem__(self, number: int) -> dict:
        data = self.get(number)
        if data is None:
            raise KeyError(number)
        return data

    def __contains__(self, number: object) -> bool:
        chunk = self._chunk(number // CHUNK) if isinstance(number, int) else None
        return chunk is not None and number in chunk

    def _numbers(self) -> list[int]:
        return sorted(number for at in list(self._chunks) for number in self._chunk(at))

    def __len__(self) -> int:
        return sum(len(self._chunk(at)) for at in list(self._chunks))

    def up_to(self, number: int) -> PlayedData:
        """The data of plays 1 to `number` (sharing what is already text, and the chunks not read)."""
        kept = PlayedData()
        for at, chunk in self._chunks.items():
            if (at + 1) * CHUNK <= number + 1:  # every number of the chunk is `number` or below
                kept._chunks[at] = chunk if isinstance(chunk, bytes) else dict(chunk)
                if at in self._packed:
                    kept._packed[at] = self._packed[at]
            elif at * CHUNK <= number:
                kept._chunks[at] = {n: data for n, data in self._chunk(at).items() if n <= number}
        return kept

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayedData):
            return NotImplemented
        numbers = self._numbers()
        return numbers == other._numbers() and all(self.get(n) == other.get(n) for n in numbers)

    def __repr__(self) -> str:
        # Unpacks nothing (a state's repr in a log or a traceback must not read every chunk).
        return f"PlayedData({len(self._chunks)} chunks)"

    def __getstate__(self):
        last = max(self._chunks, default=0)
        chunks: dict[int, dict[int, str] | bytes] = {}
        for at, chunk in self._chunks.items():
            if isinstance(chunk, bytes) or at in self._packed:
                chunks[at] = self._packed.get(at, chunk)
                continue
            for number, data in chunk.items():  # a dict becomes its text here, once
                if not isinstance(data, str):
                    chunk[number] = json.dumps(data, separators=(",", ":"))
            chunks[at] = pack(chunk) if at < last else dict(chunk)
        return chunks

    def __setstate__(self, chunks: dict) -> None:
        self._chunks, self._packed = chunks, {}


@dataclass
class PlayLog:
    """A play log's state: the roster, an optional setup, the games (each system's GameRecord,
    which names its `number`, `players` and `winners`) and each player's record.

    `games` are the plays that count, as they stand now: a corrected play is its corrected
    record, a deleted one is left out (kept in `deleted`). A play keeps its number for good
    and a number is never given twice, so numbers may have gaps (corrections.py). They are a
    list read back from the checkpoint in parts (records.py).
    """

    players: list[str]
    set_up: bool = False
    games: PlayRecords = field(default_factory=PlayRecords)
    records: dict[str, PlayerRecord] = field(default_factory=dict)
    last_number: int = 0  # the last number given to a play, a deleted one too
    # Each play as the journal writes it, as it stands now (a deleted one as it was when
    # deleted): what a play's page shows and its correction form starts from. Read-only.
    played: PlayedData = field(default_factory=PlayedData)
    deleted: dict[int, Any] = field(default_factory=dict)  # number -> the deleted play's record
    corrections: dict[int, int] = field(default_factory=dict)  # number -> times corrected
    # The house rules and every ruled entry (rules/base.py).
    law: Law = field(default_factory=Law)

    def __post_init__(self):
        if not isinstance(self.games, PlayRecords):  # a log made from a list of records
            self.games = PlayRecords(self.games)

    @classmethod
    def for_roster(cls, players: list[str]):
        """The log of a roster with no game yet."""
        return cls(players=list(players), records={player: PlayerRecord() for player in players})

    @property
    def games_played(self) -> int:
        """The plays that count (a deleted one does not)."""
        return len(self.games)

    @property
    def games_finished(self) -> int:
        """The plays the campaign's count shows: a deleted one does not count (a play is
        logged once it is over, so none is ever in progress)."""
        return len(self.games)

    @property
    def next_number(self) -> int:
        return self.last_number + 1

    def game_index(self, number: int) -> int | None:
        """Where play `number` is in `games` (kept in number order); None if it is not there."""
        return self.games.index_of(number)

    def game(self, number: int):
        """The record of play `number` as it stands now; None if deleted or never logged."""
        index = self.game_index(number)
        return None if index is None else self.games[index]

    def play_data(self, number: int) -> dict | None:
        """Play `number` as the journal writes it, corrected (read-only); None if never logged."""
        return self.played.get(number)

    def is_deleted(self, number: int) -> bool:
        return number in self.deleted

    def is_corrected(self, number: int) -> bool:
        return number in self.corrections

    def corrections_of(self, number: int) -> int:
        return self.corrections.get(number, 0)

    def as_if_next(self, number: int):
        """A read-only view of the log in which `number` is the next play's number: a
        correction of play n is checked as play n would be (nothing else differs)."""
        view = copy.copy(self)
        view.last_number = number - 1
        return view


def count_play(state: PlayLog, record: Any, sign: int) -> None:
    """Add a play's plays and wins to its players' records (sign -1: take them off)."""
    for player in record.players:
        state.records[player].plays += sign
    for player in record.winners:
        state.records[player].wins += sign


# "As of play n" ---------------------------------------------------------------------------


def state_as_of(state: PlayLog, number: int) -> PlayLog:
    """The log as of play `number`: its plays 1 to `number` as they stand now (a new state
    sharing the plays' records with `state`: read-only, as every state a page reads)."""
    derived = copy.copy(state)
    derived.last_number = min(number, state.last_number)
    derived.games = state.games.up_to(number)
    derived.played = state.played.up_to(number)
    derived.deleted = {n: game for n, game in state.deleted.items() if n <= number}
    derived.corrections = {n: times for n, times in state.corrections.items() if n <= number}
    derived.records = {player: PlayerRecord() for player in state.records}
    derived.law = Law(
        house_rules=list(state.law.house_rules),
        rulings=[ruling for ruling in state.law.rulings if ruling["game"] <= number],
    )
    for game in derived.games:
        count_play(derived, game, +1)
    return derived
