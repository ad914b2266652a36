"""Small checks of entry data that the game systems share, and their shared journal helpers.

No Django here. A check raises RuleError (see base.py) in words a player understands. Where
two systems word the same check differently, the caller passes its own wording in, so every
message stays the one its system has always given.

The play logs (risk-skyrim, captain-america: separate games, nothing carried over) also share
the bones of their state here: PlayerRecord, PlayLog, how an entry applies to one and how its
journal and `campaign_state` are written. Correcting and deleting a logged play, and the state
as of a play, are in play_log.py.
"""

from __future__ import annotations

import bisect
import copy
import difflib
import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from .base import Entry, RuleError

ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


# Values ---------------------------------------------------------------------------------


def is_whole(value: Any) -> bool:
    """Whether a value is a whole number: an int, and not a bool."""
    # bool is an int in Python, never in a journal
    return isinstance(value, int) and not isinstance(value, bool)


def is_text(value: Any) -> bool:
    """Whether a value is a text with more than whitespace in it."""
    return isinstance(value, str) and bool(value.strip())


def is_written_as_date(value: Any) -> bool:
    """Whether a value is a text written YYYY-MM-DD, a day on the calendar or not."""
    return isinstance(value, str) and ISO_DATE.fullmatch(value) is not None


def is_iso_date(value: Any) -> bool:
    """Whether a value is a day on the calendar written YYYY-MM-DD."""
    if not is_written_as_date(value):
        return False
    try:
        date.fromisoformat(value)
    except ValueError:
        return False
    return True


def require_text(data: dict, key: str, place: str | None = None, prefix: str = "") -> str:
    """data[key], refused unless it is a non-empty text."""
    if not is_text(data[key]):
        raise RuleError(f"{prefix}'{key}' must be a non-empty text", place=place, field=key)
    return data[key]


def json_copy(value: Any) -> Any:
    """An independent copy of a JSON value (objects, lists, texts, numbers, true/false/null):
    what copy.deepcopy gives, several times faster on a long journal (no memo to keep)."""
    if isinstance(value, dict):
        return {key: json_copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [json_copy(item) for item in value]
    return value


# Names ----------------------------------------------------------------------------------


def suggestion(name: Any, options: Iterable[str]) -> str | None:
    """The option closest to a mistyped name (ignoring case), or None when none is close."""
    if not isinstance(name, str):
        return None
    by_folded: dict[str, str] = {}
    for option in options:
        by_folded.setdefault(option.casefold(), option)  # the first of options alike but for case
    close = difflib.get_close_matches(name.casefold(), list(by_folded), n=1)
    return by_folded[close[0]] if close else None


def did_you_mean(name: Any, options: Iterable[str]) -> str:
    """The end of a refusal that suggests a close option, ' (did you mean X?)', or "" when none is."""
    close = suggestion(name, options)
    return f" (did you mean {close}?)" if close is not None else ""


def join_names(names: Iterable[str]) -> str:
    """Names for a sentence: "Ana", "Ana and Ben", "Ana, Ben and Cid"."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def check_one_of(
    value: Any,
    options: Iterable[str],
    field: str,
    place: str | None = None,
    *,
    naming_the_value: bool = False,
) -> str:
    """A value that must be one of some texts ("'mode' must be one of chaos, …"), with a suggestion;
    `naming_the_value` adds what was given (", not chaotic")."""
    options = tuple(options)
    if not isinstance(value, str) or value not in options:
        # A journal is JSON, so a value that is not a text is named as JSON writes it (null, true, 3).
        shown = value if isinstance(value, str) else json.dumps(value, default=str)
        given = f", not {shown}" if naming_the_value else ""
        raise RuleError(
            f"'{field}' must be one of {', '.join(options)}{given}{did_you_mean(value, options)}",
            place=place,
            field=field,
        )
    return value


def check_player(players: list[str], name: Any, place: str | None = None, field: str = "player") -> str:
    """A name from the campaign's roster, with a suggestion for a mistyped one."""
    if not isinstance(name, str) or not name:
        raise RuleError(f"'{field}' must be a player's name", place=place, field=field)
    if name not in players:
        raise RuleError(
            f"{name} is not a player of this campaign{did_you_mean(name, players)}", place=place, field=field
        )
    return name


# Keys -----------------------------------------------------------------------------------


def check_keys_worded(
    data: dict,
    required: tuple[str, ...],
    optional: tuple[str, ...],
    place: str | None,
    unknown_key: Callable[[str], str],
    missing_key: Callable[[str], str],
) -> None:
    """Refuse the first key neither required nor optional, then the first required key missing,
    each in the caller's words (unknown_key(key), missing_key(key))."""
    for key in data:
        if key not in required and key not in optional:
            raise RuleError(unknown_key(key), place=place, field=key)
    for key in required:
        if key not in data:
            raise RuleError(missing_key(key), place=place, field=key)


def check_keys(data: dict, required, optional, place: str | None, what: str) -> None:
    """The keys of `what` ("a game"), worded to list the keys it may have."""
    check_keys_worded(
        data,
        required,
        optional,
        place,
        unknown_key=lambda key: (
            f"unknown key '{key}' in {what} (its keys: {', '.join((*required, *optional)) or 'none'})"
        ),
        missing_key=lambda key: f"{what} needs '{key}'",
    )


# Games and seats ------------------------------------------------------------------------


def check_game_number(number: Any, expected: int, place: str) -> None:
    """A game's number: games are numbered 1, 2, 3 … in order."""
    if not is_whole(number) or number != expected:
        raise RuleError(
            f"games are numbered 1, 2, 3 … in order: this one should be {expected}",
            place=place,
            field="number",
        )


def check_played_on(value: Any, place: str) -> None:
    """A game's 'played_on': a day on the calendar written YYYY-MM-DD."""
    if not is_written_as_date(value):
        raise RuleError("'played_on' must be a date written YYYY-MM-DD", place=place, field="played_on")
    if not is_iso_date(value):
        raise RuleError(f"{value} is not a date on the calendar", place=place, field="played_on")


def check_after_game(after: Any, latest: int, games: int, logged_when: str, place: str) -> int:
    """A correction's 'after_game' in a journal: the games (or plays) logged when it was made,
    from the previous correction's to all of them, so the corrections stay in the order made."""
    if not is_whole(after) or not latest <= after <= games:
        raise RuleError(
            f"'after_game' must be the number of {logged_when}, from {latest} to {games}, in order",
            place=place,
            field="after_game",
        )
    return after


def check_game_basics(data: dict, keys: tuple[str, ...], number: int, optional: tuple[str, ...] = ()) -> str:
    """What every game entry holds: exactly its keys (and some of `optional`), its number in
    order and its date; returns its place ("game 3")."""
    place = f"game {number}"
    check_keys(data, keys, optional, place, "a game")
    check_game_number(data["number"], number, place)
    check_played_on(data["played_on"], place)
    return place


def seat_place(game_place: str, index: int, seat: Any) -> str:
    """Where a seat is, naming its player when it has one: "game 2, seat 3 (Ana)"."""
    place = f"{game_place}, seat {index}"
    player = seat.get("player") if isinstance(seat, dict) else None
    return f"{place} ({player})" if isinstance(player, str) else place


def check_seat(
    seat: Any, place: str, required, optional, what: str, players: list[str], seated: Iterable[str]
) -> str:
    """A play log's seat: a JSON object with its keys, for a roster player with no other seat
    (`seated`: the players seated before it); returns the player."""
    if not isinstance(seat, dict):
        raise RuleError("a seat must be a JSON object", place=place, field="seats")
    check_keys(seat, required, optional, place, what)
    player = check_player(players, seat["player"], place)
    if player in seated:
        raise RuleError(f"{player} has two seats: one seat per player", place=place, field="player")
    return player


# The journal ----------------------------------------------------------------------------


def part_entries(journal: dict, key: str, not_an_object: str) -> list[Entry]:
    """The entry of an optional journal part written as one JSON object ("setup", "world"):
    [] when the journal has none, refused with `not_an_object` when it is not an object."""
    if key not in journal:
        return []
    if not isinstance(journal[key], dict):
        raise RuleError(not_an_object, place=key)
    return [Entry(key, copy.deepcopy(journal[key]))]


def journal_games(
    journal: dict, not_a_list: str = "the journal needs a 'games' list (write [] before the first game)"
) -> list:
    """The journal's 'games', refused with `not_a_list` when they are not a list."""
    games = journal.get("games")
    if not isinstance(games, list):
        raise RuleError(not_a_list)
    return games


def check_journal_game(game: Any, index: int, keys: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
    """Game `index` of a journal: a JSON object with exactly these keys (and some of
    `optional`), numbered in order."""
    place = f"game {index}"
    if not isinstance(game, dict):
        raise RuleError("a game must be a JSON object", place=place)
    check_keys(game, keys, optional, place, "a game")
    check_game_number(game["number"], index, place)


# Play logs (risk-skyrim, captain-america) -----------------------------------------------


@dataclass
class PlayerRecord:
    """A player's plays and wins in a play log (a draw is a play and no win)."""

    plays: int = 0
    wins: int = 0

    @property
    def win_rate(self) -> float | None:
        return round(self.wins / self.plays, 3) if self.plays else None


@dataclass
class PlayLog:
    """A play log's state: the roster, an optional setup, the games (each system's GameRecord,
    which names its `number`, `players` and `winners`) and each player's record.

    `games` are the plays that count, as they stand now: a corrected play is its corrected
    record, a deleted one is left out (kept in `deleted`). A play keeps its number for good
    and a number is never given twice, so numbers may have gaps (play_log.py).
    """

    players: list[str]
    set_up: bool = False
    games: list = field(default_factory=list)
    records: dict[str, PlayerRecord] = field(default_factory=dict)
    last_number: int = 0  # the last number given to a play, a deleted one too
    # Each play as the journal writes it, as it stands now (a deleted one as it was when
    # deleted): what a play's page shows and its correction form starts from. Read-only.
    played: dict[int, dict] = field(default_factory=dict)
    deleted: dict[int, Any] = field(default_factory=dict)  # number -> the deleted play's record
    corrections: dict[int, int] = field(default_factory=dict)  # number -> times corrected

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
        logged once it is over, so none is ever in progress: see GAMES_OPEN_WHILE_PLAYED)."""
        return len(self.games)

    @property
    def next_number(self) -> int:
        return self.last_number + 1

    def game_index(self, number: int) -> int | None:
        """Where play `number` is in `games` (kept in number order); None if it is not there."""
        index = bisect.bisect_left(self.games, number, key=lambda game: game.number)
        if index < len(self.games) and self.games[index].number == number:
            return index
        return None

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


def apply_to_play_log(state: PlayLog, entry: Entry, check_game: Callable, log_name: str) -> None:
    """Apply a play log's entry: its empty setup (once, before game 1), a game, which
    check_game(state, data) checks and turns into the record to log, or a correction or
    deletion of a logged play (play_log.py)."""
    from . import play_log  # play_log builds on PlayLog

    if entry.kind not in play_log.ENTRY_KINDS:
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
    elif entry.kind == play_log.CORRECTION:
        play_log.apply_correction(state, entry.data, check_game)
    elif entry.kind == play_log.DELETION:
        play_log.apply_deletion(state, entry.data)
    else:  # a kind named in ENTRY_KINDS with no branch here yet
        raise RuleError(f"{log_name} has no '{entry.kind}' entries")


def count_play(state: PlayLog, record: Any, sign: int) -> None:
    """Add a play's plays and wins to its players' records (sign -1: take them off)."""
    for player in record.players:
        state.records[player].plays += sign
    for player in record.winners:
        state.records[player].wins += sign


def play_log_entries(journal: dict, game_keys: tuple[str, ...], optional: tuple[str, ...] = ()) -> list[Entry]:
    """A play log's entries: an optional setup entry, then one game entry per game (the game
    as written), with the corrections and deletions of the journal's "play_corrections" (an
    extension of JOURNAL.md, play_log.py) after the game they were made after."""
    from . import play_log  # play_log builds on this module

    entries = part_entries(journal, "setup", "'setup' must be an object ({} for this game)")
    games = journal_games(journal)
    changes = play_log.journal_changes(journal, len(games))
    entries += changes.pop(0, [])
    for index, game in enumerate(games, 1):
        check_journal_game(game, index, game_keys, optional)
        entries.append(Entry("game", json_copy(game)))
        entries += changes.pop(index, [])
    return entries


def play_log_parts(entries: list[Entry]) -> dict[str, Any]:
    """A play log's part of a journal: its setup when logged, its games as first logged, and
    its corrections and deletions when it has any (play_log.py)."""
    from . import play_log  # play_log builds on this module

    parts: dict[str, Any] = {}
    for entry in entries:
        if entry.kind == "setup":
            parts["setup"] = json_copy(entry.data)
    parts["games"] = [json_copy(entry.data) for entry in entries if entry.kind == "game"]
    changes = play_log.journal_part(entries)
    if changes:
        parts[play_log.JOURNAL_KEY] = changes
    return parts


def play_log_json(system_key: str, state: PlayLog, game_json: Callable[[Any], dict]) -> dict[str, Any]:
    """A play log's `campaign_state`: each play that counts (corrected, deleted ones left out)
    as game_json(game) details it, and each player's record. `as_of_game` is the last play's
    number, a deleted one's too."""
    return {
        "system": system_key,
        "as_of_game": state.last_number,
        "games_played": state.games_played,
        "games": [
            {"number": game.number, "played_on": game.played_on, **game_json(game)} for game in state.games
        ],
        "players": {
            player: {"plays": record.plays, "wins": record.wins, "win_rate": record.win_rate}
            for player, record in state.records.items()
        },
    }


def seated_players(data: dict) -> str:
    """The players of a game entry's seats, for its description ("Ana, Ben")."""
    seats = data.get("seats") or []
    return ", ".join(str(seat.get("player")) for seat in seats if isinstance(seat, dict))
