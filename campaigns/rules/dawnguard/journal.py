"""The journal in and out (docs/journal.md `dawnguard`, with this app's extensions):
`journal_entries` reads a journal into entries, `journal_parts` writes them back, and
`state_json` is the `campaign_state`."""

from __future__ import annotations

import copy
from typing import Any

from ..base import Entry, RuleError
from ..checks import check_after_game, check_game_number, check_keys, is_whole, journal_games, part_entries
from .box import CASTLE, CORRECTIONS_KEY, GAME_KEYS, GAME_OPTIONAL_KEYS, KEY
from .state import DawnguardState, side_name


def journal_entries(journal: dict) -> list[Entry]:
    """The setup entry, then per game a game entry followed by one entry per event, with the
    fort thresholds corrections where they were made."""
    entries = part_entries(journal, "setup", "'setup' must be an object with 'heroes' and 'fort_thresholds'")
    games = journal_games(journal)
    corrections = _journal_corrections(journal, games)
    entries += corrections.pop((0, 0), [])
    for index, game in enumerate(games, 1):
        place = f"game {index}"
        if not isinstance(game, dict):
            raise RuleError("a game must be a JSON object", place=place)
        check_keys(game, (*GAME_KEYS, "events"), GAME_OPTIONAL_KEYS, place, "a game")
        check_game_number(game["number"], index, place)
        events = game["events"]
        if not isinstance(events, list):
            raise RuleError(
                "'events' must be a list (write [] when none was logged)", place=place, field="events"
            )
        opening = {key: copy.deepcopy(game[key]) for key in (*GAME_KEYS, *GAME_OPTIONAL_KEYS) if key in game}
        entries.append(Entry("game", opening))
        entries += corrections.pop((index, 0), [])
        for number, event in enumerate(events, 1):
            if not isinstance(event, dict):
                raise RuleError("an event must be a JSON object", place=f"{place}, event {number}")
            entries.append(Entry("event", copy.deepcopy(event)))
            entries += corrections.pop((index, number), [])
    return entries


def _journal_corrections(journal: dict, games: list) -> dict[tuple[int, int], list[Entry]]:
    """The fort thresholds corrections (an extension of docs/journal.md): a list, in the order they
    were made, of {"after_game": N, optional "after_event": K, "fort_thresholds": {...}}: N is
    the games logged when the thresholds were corrected (0: before game 1) and K the events of
    game N logged by then (left out: all of them). Keyed by (N, K) for journal_entries."""
    found: dict[tuple[int, int], list[Entry]] = {}
    if CORRECTIONS_KEY not in journal:
        return found
    corrections = journal[CORRECTIONS_KEY]
    if not isinstance(corrections, list):
        raise RuleError(f"'{CORRECTIONS_KEY}' must be a list", field=CORRECTIONS_KEY)
    latest = (0, 0)
    for index, correction in enumerate(corrections, 1):
        place = f"fort thresholds correction {index}"
        if not isinstance(correction, dict):
            raise RuleError("a correction must be a JSON object", place=place)
        check_keys(correction, ("after_game", "fort_thresholds"), ("after_event",), place, "the correction")
        after = check_after_game(
            correction["after_game"],
            latest[0],
            len(games),
            "games logged when the thresholds were corrected",
            place,
        )
        events = 0
        if after:
            game = games[after - 1]
            logged = game.get("events") if isinstance(game, dict) else None
            events = len(logged) if isinstance(logged, list) else 0
        at_event = correction.get("after_event", events)
        lowest = latest[1] if after == latest[0] else 0
        misplaced = after == 0 or not is_whole(at_event) or not lowest <= at_event <= events
        if "after_event" in correction and misplaced:
            raise RuleError(
                f"'after_event' must be the number of game {after}'s events logged when the thresholds were "
                f"corrected, from {lowest} to {events}, in order (leave it out for after the game)"
                if after
                else "'after_event' needs a game: leave it out for a correction before game 1",
                place=place,
                field="after_event",
            )
        latest = (after, at_event)
        entry = Entry("thresholds", {"fort_thresholds": copy.deepcopy(correction["fort_thresholds"])})
        found.setdefault(latest, []).append(entry)
    return found


def journal_parts(entries: list[Entry]) -> dict[str, Any]:
    parts: dict[str, Any] = {}
    games: list[dict] = []
    corrections: list[tuple[dict, dict | None]] = []  # each with its game, to know if it ended it
    for entry in entries:
        if entry.kind == "setup":
            parts["setup"] = copy.deepcopy(entry.data)
        elif entry.kind == "game":
            games.append({**copy.deepcopy(entry.data), "events": []})
        elif entry.kind == "event" and games:
            games[-1]["events"].append(copy.deepcopy(entry.data))
        elif entry.kind == "thresholds":
            correction = {"after_game": len(games)}
            if games:
                correction["after_event"] = len(games[-1]["events"])
            correction["fort_thresholds"] = copy.deepcopy(entry.data["fort_thresholds"])
            corrections.append((correction, games[-1] if games else None))
    for correction, game in corrections:
        # A correction after all of its game's events leaves "after_event" out.
        if game is not None and correction["after_event"] == len(game["events"]):
            del correction["after_event"]
    if corrections:
        parts[CORRECTIONS_KEY] = [correction for correction, _ in corrections]
    parts["games"] = games
    return parts


def state_json(state: DawnguardState) -> dict[str, Any]:
    """The `campaign_state` of docs/journal.md, plus "board_threat_tokens" (an extension)."""
    fort = state.vigilant_fort
    return {
        "system": KEY,
        "as_of_game": state.games_played,
        "games_played": state.games_played,
        "chapter": state.chapter,
        "chapter_complete": state.chapter_complete,
        "day_night": state.day_night,
        "heroes": [
            {
                "player": hero.player,
                "hero": hero.hero,
                "race": hero.race,
                "level": hero.level,
                "side": side_name(hero.side, state.chapter),
                "hunger": hero.hunger,
            }
            for hero in state.heroes.values()
        ],
        "forts": [
            {"name": fort.name, "stars": fort.stars, "level": fort.gold},
            {"name": CASTLE, "stars": 0, "level": 0},
        ],
        "markers": {"hall": state.hall_markers, "castle": state.castle_markers},
        "chapter_1_totals": dict(state.chapter_1_totals) if state.chapter_1_totals else None,
        "threat_deck_tokens": state.threat_deck,
        "board_threat_tokens": state.board_threat,
        "fort_cards": {player: list(cards) for player, cards in state.fort_cards.items()},
        **state.law.state_json(),
    }
