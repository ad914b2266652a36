"""What every game system's rules module shares: entries, rule errors and the fold.

No Django here: the rules are plain Python so that a newcomer can read and test them alone.

A campaign is an ordered list of entries. Each system's rules module (risk_legacy, dawnguard,
risk_skyrim, captain_america) provides the protocol written in protocol.py: KEY, LABEL,
JOURNAL_KEYS, new_state, apply, journal_entries, journal_parts, state_json, describe and
state_as_of (None unless "as of game n" is derived from the state now: a play log's).

Every fold is linear in time and memory: no state is copied per game (`Timeline`).

Every system opens a game with an entry of kind "game" whose data holds "number"; the fold
below relies on that to know where one game ends and the next begins.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .words import key_words

GAME_KIND = "game"
# The shape of the folded states: part of every cache key, so that after a deploy that
# changes what a state holds, a shared cache never serves a state of the old shape.
# 7: no state per game, Dawnguard records each sitting's figures; 6: the play logs' state
# moved to rules/play_log/ (a class pickles by its path); 5: Dawnguard records its happenings
# in sittings' words; 4: play-log corrections
STATE_FORMAT = 8


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
    """The result of folding a campaign's entries: the state now, and the state as of any
    earlier game worked out when asked, never kept per game.

    `current` is the state after the last entry and `last_game` the last game's number
    (`games_played`). `as_of(n)` is the state right after game n and everything recorded for
    it (its rewards included); `as_of(0)` is the state before the first game:
    - a system whose `state_as_of` is not None (a play log) derives it from the current state (`derive`);
    - any other system folds the entries up to the end of game n again: linear in those
      entries, so the fold of a long campaign keeps one state, not one per game. `entries`
      are the entries folded (kept as they were given, never copied); a timeline made from a
      cached state alone has none (None), and whoever made it folds them when asked.
    What the pages that look back read of each earlier game (who sat, its results, a
    Dawnguard sitting's fort and markers) the fold records in the state as it goes, so they
    read the state now; `as_of` is for the pages that show the whole campaign as it stood
    then (the board after game n, `state.json?as_of=n`, `campaign_state --as-of n`).
    """

    current: Any
    derive: Callable[[Any, int], Any] | None = None
    last_game: int = 0
    system: Any = None
    players: list[str] = field(default_factory=list)
    entries: list[Entry] | None = None

    @property
    def games_played(self) -> int:
        return self.last_game

    def as_of(self, game: int | None) -> Any:
        """The state right after game `game` (None, or the last game or later: the state now).
        A state worked out here is new: the caller may keep it, nothing else holds it."""
        if game is None or game >= self.games_played:
            return self.current
        if game < 0:
            raise KeyError(game)
        if self.derive is not None:
            return self.derive(self.current, game)
        if self.entries is None:
            raise LookupError("this timeline was made from a state alone: fold its entries to go back")
        return fold(self.system, self.players, entries_until(self.entries, game)).current


def new_timeline(system, current: Any, last_game: int = 0) -> Timeline:
    """A timeline of this system's states, `current` being the state now (its entries unknown)."""
    return Timeline(current=current, derive=system.state_as_of, last_game=last_game, system=system)


def fold(system, players: list[str], entries: list[Entry]) -> Timeline:
    """Apply every entry in order; raise the first RuleError met."""
    timeline = new_timeline(system, system.new_state(list(players)))
    timeline.players = list(players)
    if timeline.derive is None:  # kept to fold again up to a game (a play log derives it)
        timeline.entries = []
    return extend(system, timeline, entries)


def extend(system, timeline: Timeline, entries: list[Entry]) -> Timeline:
    """Apply more entries to a folded timeline, in place; raise the first RuleError met.

    Nothing is copied: the time and memory of a fold are linear in its entries, whatever the
    system (the state "as of game n" is worked out when asked: `Timeline.as_of`).
    """
    state = timeline.current
    last_game = timeline.last_game
    for entry in entries:
        if entry.kind == GAME_KIND:
            last_game = entry.data.get("number", last_game + 1)
        system.apply(state, entry)
    timeline.last_game = last_game
    if timeline.entries is not None:
        timeline.entries.extend(entries)
    return timeline


def entries_until(entries: list[Entry], game: int) -> list[Entry]:
    """The entries up to the end of game `game`: everything before the next game opens (its
    rewards and what was recorded between games included); game 0: those before the first game."""
    number = 0
    for index, entry in enumerate(entries):
        if entry.kind == GAME_KIND:
            number = entry.data.get("number", number + 1)  # as `extend` counts them
            if number > game:
                return entries[:index]
    return list(entries)


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
    words = key_words(entry.kind)
    choice = data.get("choice")
    detail = data.get("type") or (choice.get("type") if isinstance(choice, dict) else None)
    if detail:
        words += f": {key_words(detail)}"
    if data.get("player"):
        words += f" ({data['player']})"
    return words
