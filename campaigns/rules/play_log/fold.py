"""How a play log's entries apply: its empty setup, a game, a correction or a deletion.

No Django here. Each play-log system hands in its own check of a game (`check_game(state,
data)`, which checks a game and turns it into the record to log); the rest is shared.
"""

from __future__ import annotations

from collections.abc import Callable

from ..base import GAME_KIND, Entry, RuleError
from ..checks import check_keys
from .corrections import (
    CORRECTION,
    DELETION,
    RESTORATION,
    apply_correction,
    apply_deletion,
    apply_restoration,
)
from .state import PlayLog, count_play

# Every entry kind a play log accepts (apply_to_play_log refuses any other).
ENTRY_KINDS = ("setup", GAME_KIND, CORRECTION, DELETION, RESTORATION)


def apply_to_play_log(state: PlayLog, entry: Entry, check_game: Callable, log_name: str) -> None:
    """Apply a play log's entry: its empty setup (once, before game 1), a game, which
    check_game(state, data) checks and turns into the record to log, or a correction,
    deletion or restoration of a logged play (corrections.py)."""
    if entry.kind not in ENTRY_KINDS:
        raise RuleError(f"{log_name} has no '{entry.kind}' entries")
    if not isinstance(entry.data, dict):
        raise RuleError(f"a {entry.kind} entry must be a JSON object")
    if entry.kind == "setup":
        if state.set_up or state.games or state.last_number:
            raise RuleError("the setup comes once, before game 1", place="setup")
        check_keys(entry.data, (), (), "setup", "the setup")
        state.set_up = True
    elif entry.kind == "game":
        record = check_game(state, entry.data)
        state.games.append(record)
        state.played[record.number] = entry.data
        state.last_number = record.number
        count_play(state, record, +1)
    elif entry.kind == CORRECTION:
        apply_correction(state, entry.data, check_game)
    elif entry.kind == DELETION:
        apply_deletion(state, entry.data)
    elif entry.kind == RESTORATION:
        apply_restoration(state, entry.data, check_game)
    else:  # a kind named in ENTRY_KINDS with no branch here yet
        raise RuleError(f"{log_name} has no '{entry.kind}' entries")


def seated_players(data: dict) -> str:
    """The players of a game entry's seats, for its description ("Ana, Ben")."""
    seats = data.get("seats") or []
    return ", ".join(str(seat.get("player")) for seat in seats if isinstance(seat, dict))
