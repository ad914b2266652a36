"""Small checks of entry data that the game systems share, and their shared journal helpers.

No Django here. A check raises RuleError (see base.py) in words a player understands. Where
two systems word the same check differently, the caller passes its own wording in, so every
message stays the one its system has always given.

The play logs' own rules (their state, corrections and journal) are in play_log/, which
builds on these checks; nothing here knows of it.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Iterable
from datetime import date
from typing import Any

from .base import Entry, Rule, RuleError, did_you_mean, refuse, suggestion  # noqa: F401 (shared here too)

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
    seat: Any, place: str, required, optional, what: str, players: list[str], seated: Iterable[str],
    rule: Rule | None = None,
) -> str:
    """A play log's seat: a JSON object with its keys, for a roster player with no other seat
    (`seated`: the players seated before it; `rule`, the log's rule of one seat a player);
    returns the player."""
    if not isinstance(seat, dict):
        raise RuleError("a seat must be a JSON object", place=place, field="seats")
    check_keys(seat, required, optional, place, what)
    player = check_player(players, seat["player"], place)
    if player in seated:
        refuse(rule, f"{player} has two seats: one seat per player", place=place, field="player")
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
