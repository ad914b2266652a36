"""The campaign journal (docs/journal.md): its common shape, and the way in and out of entries.

The system modules check their own part ("setup", "games", "world", ...); this module checks
what every journal shares and picks the module among those it is handed (the registered
systems' rules). No Django here.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from types import ModuleType
from typing import Any

from . import limits
from .base import HOUSE_RULE, Entry, RuleError, Timeline, fold, game_numbers

FORMAT = "campaign-journal/1"
# What a BG Stats export holds at its top (rules/play_log/bg_stats.py reads it): told apart from
# a journal so that the import says where such a file goes.
BG_STATS_KEYS = ("games", "players", "plays")
COMMON_KEYS = ("format", "system", "name", "players")
HOUSE_RULES = "house_rules"  # every system's: the rules the group set aside (docs/journal.md)


def parse_json(text: str | bytes) -> Any:
    """The JSON value of a journal file, or a RuleError that says where it is malformed.

    Files larger than JOURNAL_MAX_BYTES, nesting deeper than Python's recursion allows,
    integers longer than Python converts (4,300 digits) and NaN/Infinity (which no database
    stores as JSON) are refused with a sentence, never a traceback.
    """
    if len(text) > limits.JOURNAL_MAX_BYTES:
        raise RuleError(
            f"the journal is {_size(len(text))}; a journal file is {_size(limits.JOURNAL_MAX_BYTES)} at most"
        )
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except UnicodeDecodeError:
        raise RuleError("the journal is not a UTF-8 text file") from None
    except json.JSONDecodeError as error:
        raise RuleError(
            f"the journal is not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}"
        ) from None
    except RecursionError:
        raise RuleError("the journal is nested too deeply to be a campaign journal") from None
    except ValueError:  # the only other ValueError: an integer of more than 4,300 digits
        raise RuleError(
            "the journal holds a number too long to be a count (more than 4,300 digits)"
        ) from None


def _refuse_constant(name: str) -> Any:
    raise RuleError(f"the journal holds {name}, which is not a number JSON allows")


def _size(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB" if size >= 1024 * 1024 else f"{size / 1024:.0f} KB"


def read(journal: Any, systems: Iterable[ModuleType]):
    """Check a journal's common shape and split it into (system, name, players, entries),
    `system` being the rules module among `systems` whose KEY the journal names.

    Raises RuleError naming the place of the first problem; the system's rules are checked
    by folding the entries (see `load`).
    """
    if not isinstance(journal, dict):
        raise RuleError("a journal must be a JSON object")
    if journal.get("format") != FORMAT:
        if "format" not in journal and all(isinstance(journal.get(key), list) for key in BG_STATS_KEYS):
            raise RuleError(
                "this is a BG Stats export, not a campaign journal: create the play log, then bring its"
                " plays in from the log's page (Bring in BG Stats plays)"
            )
        raise RuleError(f"'format' must be \"{FORMAT}\"")
    by_key = {system.KEY: system for system in systems}
    system_key = journal.get("system")
    if system_key not in by_key:
        known = ", ".join(by_key)
        raise RuleError(f"'system' must be one of {known}, not {json.dumps(system_key)}")
    system = by_key[system_key]
    allowed = set(COMMON_KEYS) | set(system.JOURNAL_KEYS) | {HOUSE_RULES}
    for key in journal:
        if key not in allowed:
            raise RuleError(f"unknown key '{key}' in the journal")
    name = journal.get("name")
    if not isinstance(name, str) or not name.strip():
        raise RuleError("'name' must be the campaign's name, a non-empty text")
    limits.check_campaign_name(name, field=None)
    players = journal.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise RuleError("'players' must be a list of player names")
    seen: set[str] = set()
    for player in players:
        limits.check_player_name(player, field=None)
        if player in seen:
            raise RuleError(f"'players' names {player} twice: names are unique in a campaign")
        seen.add(player)
    # Sizes and texts before anything is converted or folded, so no journal can keep the
    # server busy for long or reach the database with a text it refuses.
    games = journal.get("games")
    games_count = len(games) if isinstance(games, list) else 0
    limits.check_journal_size(games_count, 0, limits.max_games(system))
    limits.check_journal_values(journal)
    entries = [*_house_rule_entries(journal, games_count), *system.journal_entries(journal)]
    limits.check_journal_size(games_count, len(entries), limits.max_games(system))
    return system, name, players, entries


def _house_rule_entries(journal: dict, games: int) -> list[Entry]:
    """The journal's house rules, as entries the fold applies before anything else (each says
    the games it covers). Each covers a game the journal has, or the next: from 0 (the setup) to
    one more than its games."""
    house_rules = journal.get(HOUSE_RULES, [])
    if not isinstance(house_rules, list):
        raise RuleError(f"'{HOUSE_RULES}' must be a list of house rules", field=HOUSE_RULES)
    for index, house_rule in enumerate(house_rules, 1):
        start = house_rule.get("from_game") if isinstance(house_rule, dict) else None
        if isinstance(start, int) and not isinstance(start, bool) and start > games + 1:
            raise RuleError(
                f"'from_game' {start} is a game the journal does not have: it has {games}",
                place=f"house rule {index}", field="from_game",
            )
    return [
        Entry(HOUSE_RULE, dict(house_rule)) if isinstance(house_rule, dict) else Entry(HOUSE_RULE, house_rule)
        for house_rule in house_rules
    ]


def load(journal: Any, systems: Iterable[ModuleType]) -> tuple[Any, str, list[str], list[Entry], Timeline]:
    """Read a journal (among the rules modules `systems`) and fold it: (system, name,
    players, entries, timeline)."""
    system, name, players, entries = read(journal, systems)
    return system, name, players, entries, fold(system, players, entries)


def write(system, name: str, players: list[str], entries: list[Entry]) -> dict[str, Any]:
    """The journal of a campaign, from its roster and entries."""
    house_rules = [dict(entry.data) for entry in entries if entry.kind == HOUSE_RULE]
    return {
        "format": FORMAT,
        "system": system.KEY,
        "name": name,
        "players": list(players),
        **system.journal_parts([entry for entry in entries if entry.kind != HOUSE_RULE]),
        **({HOUSE_RULES: house_rules} if house_rules else {}),
    }


# A journal appended to a campaign (sync without overwrites) ---------------------------------


def first_difference(ours: Any, theirs: Any, path: str = "") -> str | None:
    """Where two JSON values first differ, in words ("seats 2, faction: "Orcs" here,
    "Thalmor" in the journal"), or None when they are equal."""
    if isinstance(ours, dict) and isinstance(theirs, dict):
        for key in [*ours, *(k for k in theirs if k not in ours)]:
            if key not in theirs:
                return f"{path}{key}: {_shown(ours[key])} here, missing in the journal"
            if key not in ours:
                return f"{path}{key}: missing here, {_shown(theirs[key])} in the journal"
            found = first_difference(ours[key], theirs[key], f"{path}{key}, ")
            if found:
                return found
        return None
    if isinstance(ours, list) and isinstance(theirs, list):
        for index, (mine, other) in enumerate(zip(ours, theirs), 1):
            found = first_difference(mine, other, f"{path}{index}, " if path else f"item {index}, ")
            if found:
                return found
        if len(ours) != len(theirs):
            return f"{path.rstrip(', ') or 'the list'}: {len(ours)} here, {len(theirs)} in the journal"
        return None
    if ours == theirs and type(ours) is type(theirs):
        return None
    return f"{path.rstrip(', ') or 'the value'}: {_shown(ours)} here, {_shown(theirs)} in the journal"


# A game entry may note which optional keys its journal wrote (Risk Legacy's "keys"): how the
# game is written, not what happened, and a game still in progress here is written with fewer.
WRITTEN_KEYS = "keys"


def _what_happened(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key != WRITTEN_KEYS}


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "…"


def continuation(system, ours: list[Entry], theirs: list[Entry], *, campaign: str) -> list[Entry]:
    """The entries of a journal (`theirs`) that come after a campaign's own (`ours`), both as
    the journal reads them: the journal must start with exactly the campaign's entries.

    Raises RuleError naming the first entry that differs (its game, both entries in words
    and the first field that differs), or saying that the journal stops before the campaign
    does. An empty list: the journal holds nothing the campaign has not.
    """
    numbers = game_numbers(ours)
    for index, (mine, other) in enumerate(zip(ours, theirs)):
        if mine.kind == other.kind and _what_happened(mine.data) == _what_happened(other.data):
            continue
        where = "in the setup" if numbers[index] is None else f"at game {numbers[index]}"
        said_here, said_there = system.describe(mine), system.describe(other)
        if said_here != said_there:
            detail = f"{campaign} has “{said_here}”, the journal “{said_there}”"
        else:
            detail = f"“{said_here}” differs: {first_difference(mine.data, other.data)}"
        raise RuleError(
            f"The journal is not a continuation of {campaign}: it differs {where}: {detail}. "
            "Nothing was appended."
        )
    if len(theirs) < len(ours):
        number = numbers[len(theirs)]
        where = "the setup" if number is None else f"game {number}"
        raise RuleError(
            f"The journal stops before {campaign} does: the campaign goes on from {where} "
            f"(“{system.describe(ours[len(theirs)])}”), so the "
            "journal is an older copy. Nothing was appended."
        )
    return theirs[len(ours):]
