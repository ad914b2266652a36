"""What every game system's rules module shares: entries, rule errors and the fold.

No Django here: the rules are plain Python so that a newcomer can read and test them alone.

A campaign is an ordered list of entries. Each system's rules module (risk_legacy, dawnguard,
risk_skyrim, captain_america) provides the protocol written in protocol.py: KEY, LABEL,
JOURNAL_KEYS, new_state, apply, journal_entries, journal_parts, state_json, describe and
state_as_of (None unless "as of game n" is derived from the state now: a play log's).

Every system opens a game with an entry of kind "game" whose data holds "number"; the fold
below relies on that to know where one game ends and the next begins.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

GAME_KIND = "game"
# The shape of the folded states: part of every cache key, so that after a deploy that
# changes what a state holds, a shared cache never serves a state of the old shape.
# 6: the play logs' state moved to rules/play_log/ (a class pickles by its path); 5: Dawnguard
# records its happenings in sittings' words; 4: play-log corrections
STATE_FORMAT = 6


@dataclass(frozen=True)
class Entry:
    """One line of a campaign's journal: a kind ("setup", "game", "event", "reward", ...)
    and its JSON data."""

    kind: str
    data: dict[str, Any]


class RuleError(Exception):
    """A rule a player broke, in words a player understands.

    `message` is the sentence ("Found a Minor City: Peru already has a city (Lima Nova,
    founded in game 2)"), `place` where in the journal it happened ("game 4, reward 2
    (Ben)") and `field` the form field it concerns, so a form can show it beside that field.
    """

    def __init__(self, message: str, *, place: str | None = None, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.place = place
        self.field = field

    def at(self, place: str) -> RuleError:
        """Name the place, unless a more precise one is already named."""
        if self.place is None:
            self.place = place
        return self

    def __str__(self) -> str:
        return f"{self.place}: {self.message}" if self.place else self.message


@dataclass
class Timeline:
    """The result of folding a campaign's entries.

    `after_game[n]` is the state right after game n and everything recorded for it (its
    rewards included): the state "as of game n". `after_game[0]` is the state before the
    first game. `current` is the state after the last entry.

    For a system whose `state_as_of` is not None (a play log), `after_game` stays empty: `derive(current,
    n)` works out the state as of game n when asked, and `last_game` is the last game's number.
    """

    current: Any
    after_game: dict[int, Any] = field(default_factory=dict)
    derive: Callable[[Any, int], Any] | None = None
    last_game: int = 0

    @property
    def games_played(self) -> int:
        if self.derive is not None:
            return self.last_game
        return max(self.after_game) if self.after_game else 0

    def as_of(self, game: int | None) -> Any:
        if game is None or game >= self.games_played:
            return self.current
        if self.derive is not None:
            if game < 0:
                raise KeyError(game)
            return self.derive(self.current, game)
        if game not in self.after_game:
            raise KeyError(game)
        return self.after_game[game]


def new_timeline(system, current: Any, last_game: int = 0) -> Timeline:
    """A timeline of this system's states, `current` being the state now."""
    return Timeline(current=current, derive=system.state_as_of, last_game=last_game)


def fold(system, players: list[str], entries: list[Entry]) -> Timeline:
    """Apply every entry in order; raise the first RuleError met."""
    return extend(system, new_timeline(system, system.new_state(list(players))), entries)


def extend(system, timeline: Timeline, entries: list[Entry]) -> Timeline:
    """Apply more entries to a folded timeline, in place; raise the first RuleError met.

    States are copied only where one game hands over to the next, so that folding a long
    campaign stays cheap while every "as of game n" state stays available; a system that
    derives those states (its `state_as_of`) is never copied here, so its fold is linear.
    """
    state = timeline.current
    last_game = timeline.games_played
    per_game = timeline.derive is None
    for entry in entries:
        if entry.kind == GAME_KIND:
            if per_game:
                timeline.after_game[last_game] = snapshot(state)
            last_game = entry.data.get("number", last_game + 1)
        system.apply(state, entry)
    if per_game:
        timeline.after_game[last_game] = state
    else:
        timeline.last_game = last_game
    return timeline


def snapshot(state: Any) -> Any:
    """An independent copy of a state (a pickle round trip: several times faster than
    copy.deepcopy on these plain dataclasses)."""
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


def game_numbers(entries: list[Entry], current: int | None = None) -> list[int | None]:
    """The number of the game each entry belongs to (None before the first game)."""
    numbers = []
    for entry in entries:
        if entry.kind == GAME_KIND:
            current = entry.data.get("number")
        numbers.append(current)
    return numbers


# Player names in entry data. Every system follows one convention so that a roster name
# can be renamed or looked for without knowing the system: a player is named by the value
# of a "player" or "named_by" key, or by the keys of a "results", "end_control" or
# "roll_off" mapping.
PLAYER_VALUE_KEYS = frozenset({"player", "named_by"})
PLAYER_MAPPING_KEYS = frozenset({"results", "end_control", "roll_off"})


def rename_player(data: Any, old: str, new: str) -> Any:
    """A copy of entry data in which player `old` is called `new`."""
    if isinstance(data, list):
        return [rename_player(item, old, new) for item in data]
    if not isinstance(data, dict):
        return data
    renamed = {}
    for key, value in data.items():
        if key in PLAYER_VALUE_KEYS and value == old:
            value = new
        elif key in PLAYER_MAPPING_KEYS and isinstance(value, dict):
            value = {(new if name == old else name): rename_player(v, old, new) for name, v in value.items()}
        else:
            value = rename_player(value, old, new)
        renamed[key] = value
    return renamed


def mentions_player(data: Any, name: str) -> bool:
    """Whether entry data names this player anywhere."""
    return rename_player(data, name, name + "\x00") != data


def describe(entry: Entry) -> str:
    """A plain description of an entry: the `describe` of a system that does not word its own
    (protocol.py)."""
    data = entry.data
    if entry.kind == GAME_KIND:
        return f"game {data.get('number')}"
    words = entry.kind.replace("_", " ")
    choice = data.get("choice")
    detail = data.get("type") or (choice.get("type") if isinstance(choice, dict) else None)
    if detail:
        words += f": {str(detail).replace('_', ' ')}"
    if data.get("player"):
        words += f" ({data['player']})"
    return words
