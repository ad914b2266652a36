"""A play log in the journal (docs/journal.md): its entries in and out, and its `campaign_state`.

No Django here. Corrections and deletions are the journal's top-level "play_corrections"
(an extension of docs/journal.md, docs/journal.md, "Extensions"; corrections.py says what they are):

    [{"after_game": 40, "corrected": {...play 12 as it should read...}},
     {"after_game": 41, "deleted": 12},
     {"after_game": 42, "restored": 12}]

`after_game` is the number of plays logged when it was made (never decreasing); "games" keeps
every play as first logged. A journal without the key is exactly docs/journal.md's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base import GAME_KIND, RULING, Entry, RuleError
from ..checks import check_after_game, check_journal_game, check_keys, journal_games, json_copy, part_entries
from .bg_stats import EXTENSION as BG_STATS
from .corrections import CORRECTION, DELETION, RESTORATION
from .state import PlayLog

JOURNAL_KEY = "play_corrections"


def play_log_entries(
    journal: dict, game_keys: tuple[str, ...], optional: tuple[str, ...] = ()
) -> list[Entry]:
    """A play log's entries: an optional setup entry, then one game entry per game (the game
    as written), with the corrections and deletions of the journal's "play_corrections" (an
    extension of docs/journal.md) after the game they were made after."""
    entries = part_entries(journal, "setup", "'setup' must be an object ({} for this game)")
    games = journal_games(journal)
    changes = journal_changes(journal, len(games))
    entries += changes.pop(0, [])
    for index, game in enumerate(games, 1):
        if isinstance(game, dict) and BG_STATS in game:
            # A play brought in from BG Stats leaves out what BG Stats does not know: the
            # log's rules check which (bg_stats.py).
            check_journal_game(
                game, index, ("number", "played_on", "seats", BG_STATS), (*game_keys, *optional, RULING)
            )
        else:
            check_journal_game(game, index, game_keys, (*optional, RULING))
        entries.append(Entry("game", json_copy(game)))
        entries += changes.pop(index, [])
    return entries


def play_log_parts(entries: list[Entry]) -> dict[str, Any]:
    """A play log's part of a journal: its setup when logged, its games as first logged, and
    its corrections and deletions when it has any."""
    parts: dict[str, Any] = {}
    for entry in entries:
        if entry.kind == "setup":
            parts["setup"] = json_copy(entry.data)
    parts["games"] = [json_copy(entry.data) for entry in entries if entry.kind == "game"]
    changes = journal_part(entries)
    if changes:
        parts[JOURNAL_KEY] = changes
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
        **state.law.state_json(),
    }


# The corrections ------------------------------------------------------------------------------


def journal_changes(journal: dict, games: int) -> dict[int, list[Entry]]:
    """The journal's "play_corrections" as entries, by the number of plays logged before
    them (0: before play 1). Their rules are checked when the entries are folded."""
    found: dict[int, list[Entry]] = {}
    if JOURNAL_KEY not in journal:
        return found
    changes = journal[JOURNAL_KEY]
    if not isinstance(changes, list):
        raise RuleError(f"'{JOURNAL_KEY}' must be a list", field=JOURNAL_KEY)
    if not changes:  # the export leaves the key out then, so export(import(j)) == j
        raise RuleError(f"'{JOURNAL_KEY}' lists at least one change: leave it out when there is none",
                        field=JOURNAL_KEY)
    latest = 0
    for index, change in enumerate(changes, 1):
        place = f"play correction {index}"
        if not isinstance(change, dict):
            raise RuleError("a play correction must be a JSON object", place=place)
        kind_keys = [key for key in ("corrected", "deleted", "restored") if key in change]
        if len(kind_keys) != 1:
            raise RuleError(
                "a play correction holds one of 'corrected', 'deleted' or 'restored'", place=place
            )
        check_keys(change, ("after_game", kind_keys[0]), (), place, "a play correction")
        after = latest = check_after_game(
            change["after_game"], latest, games, "plays logged when it was made", place
        )
        if "corrected" in change:
            if not isinstance(change["corrected"], dict):
                raise RuleError(
                    "'corrected' must be the play as it should read", place=place, field="corrected"
                )
            entry = Entry(CORRECTION, json_copy(change["corrected"]))
        elif "deleted" in change:
            entry = Entry(DELETION, {"number": change["deleted"]})
        else:
            entry = Entry(RESTORATION, {"number": change["restored"]})
        found.setdefault(after, []).append(entry)
    return found


def journal_part(entries: list[Entry]) -> list[dict]:
    """The "play_corrections" of a journal rebuilt from entries (empty when none)."""
    changes = []
    logged = 0
    for entry in entries:
        if entry.kind == GAME_KIND:
            logged += 1
        elif entry.kind == CORRECTION:
            changes.append({"after_game": logged, "corrected": json_copy(entry.data)})
        elif entry.kind == DELETION:
            changes.append({"after_game": logged, "deleted": entry.data["number"]})
        elif entry.kind == RESTORATION:
            changes.append({"after_game": logged, "restored": entry.data["number"]})
    return changes
