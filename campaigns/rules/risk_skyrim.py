"""Risk: The Elder Scrolls V: Skyrim, a play log (GAMES.md §3, JOURNAL.md `risk-skyrim`).

Nothing carries over from one game to the next: the log keeps each game's seats, checks
them against the rules and derives the winner, never taking it from the journal.

Entries: an optional "setup" entry (the journal's "setup", an empty object: this game has
nothing to set up once per campaign), then one "game" entry per game holding the whole
game as the journal writes it:

    {"number": 1, "played_on": "2026-09-03", "mode": "chaos" | "dovahkiin" | "civil_war",
     "seats": [{"player", "faction", ...}]}

Seat fields besides player and faction:
    chaos       territories, forts, portals (all required)
    dovahkiin   victory_points, hero_alive (required); territories, forts, portals (optional,
                forts and portals only with territories)
    civil_war   territories (required); eliminated_in_turn (optional, for a loser)

Scores and winners:
    chaos       territories + forts + portals; the highest score wins, equal top scores
                share the win (each of them is counted a win)
    dovahkiin   the victory points; the winner is the one seat with 10 or more victory
                points and its hero alive. The rulebook ends the game at the end of the
                turn in which the first player gets there, so a game with no such seat is
                refused (it has not ended), and so is one with several (the journal cannot
                tell which came first, and the rulebook allows only one)
    civil_war   territories held; the winner holds all 48

For pages and forms: `check_game(state, data)` checks a game and derives its scores and
winners without changing the log; `reinforcements(...)`, `starting_units(mode, players)` and
`starting_territory_cards(mode, players)` are calculators; MODES, FACTIONS, SEAT_FIELDS and
PLAYER_COUNTS describe what a game form asks for.

`state_json` has exactly these keys:

    system         "risk-skyrim"
    as_of_game     the last game the state includes (as for risk-legacy; --as-of N)
    games_played   games logged
    games          [{"number", "played_on", "mode", "scores": {player: n}, "winners": [player]}]
    players        {player: {"plays", "wins", "win_rate"}} for every roster name; win_rate is
                   wins / plays rounded to 3 places, null before a first play
"""

from __future__ import annotations

import copy
import difflib
import math
import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from .base import Entry, RuleError

KEY = "risk-skyrim"
LABEL = "Risk: The Elder Scrolls V: Skyrim"
JOURNAL_KEYS = ("setup", "games")

TERRITORIES, FORTS, PORTALS, REGIONS = 48, 9, 9, 9
FACTIONS = ("Stormcloak", "Thalmor", "Orcs", "Imperial", "Forsworn")
FACTION_COLOURS = {
    "Stormcloak": "blue",
    "Thalmor": "black",
    "Orcs": "green",
    "Imperial": "red",
    "Forsworn": "yellow",
}

CHAOS, DOVAHKIIN, CIVIL_WAR = "chaos", "dovahkiin", "civil_war"
MODES = {CHAOS: "Chaos", DOVAHKIIN: "Dovahkiin", CIVIL_WAR: "Civil War"}
PLAYER_COUNTS = {CHAOS: range(2, 6), DOVAHKIIN: range(2, 6), CIVIL_WAR: range(3, 6)}

# Seat fields each mode requires and allows, besides player and faction.
SEAT_FIELDS = {
    CHAOS: (("territories", "forts", "portals"), ()),
    DOVAHKIIN: (("victory_points", "hero_alive"), ("territories", "forts", "portals")),
    CIVIL_WAR: (("territories",), ("eliminated_in_turn",)),
}
GAME_KEYS = ("number", "played_on", "mode", "seats")

VICTORY_POINTS_TO_WIN = 10
CHAOS_UNITS_PER_TERRITORY = 3
CHAOS_CARDS_2_PLAYERS = 18
NEUTRAL_TERRITORIES_2_PLAYERS = 12  # chaos and dovahkiin
DOVAHKIIN_STARTING_UNITS = {2: 29, 3: 28, 4: 24, 5: 20}
CIVIL_WAR_STARTING_UNITS = {3: 40, 4: 35, 5: 30}

MIN_REINFORCEMENTS = 3
CARD_SET_UNITS = {"first_symbol": 4, "second_symbol": 5, "third_symbol": 6, "one_of_each": 7}
CARDS_IN_A_SET = 3
UNITS_PER_TRADED_TERRITORY_HELD = 2


# Calculators ----------------------------------------------------------------------------


def reinforcements(
    territories: int,
    forts: int,
    region_bonus: int = 0,
    card_set: str | None = None,
    traded_cards_held: int = 0,
) -> int:
    """Units at the start of a turn: max(3, ceil((territories + forts) / 3)) + region bonuses
    + the card set traded in (4, 5, 6 for three of a kind, 7 for one of each) + 2 per traded
    card whose territory the player holds. Raises RuleError on impossible input."""
    for name, value in (("territories", territories), ("forts", forts), ("region_bonus", region_bonus)):
        if not _is_int(value) or value < 0:
            raise RuleError(f"'{name}' must be a whole number of at least 0", field=name)
    if territories > TERRITORIES:
        raise RuleError(f"Skyrim has {TERRITORIES} territories, not {territories}", field="territories")
    if forts > min(territories, FORTS):
        raise RuleError(
            f"{forts} forts is more than the {min(territories, FORTS)} a player can hold", field="forts"
        )
    if card_set is not None and card_set not in CARD_SET_UNITS:
        raise RuleError(f"'card_set' must be one of {', '.join(CARD_SET_UNITS)}, or none", field="card_set")
    most_held = CARDS_IN_A_SET if card_set else 0
    if not _is_int(traded_cards_held) or not 0 <= traded_cards_held <= most_held:
        raise RuleError(
            f"'traded_cards_held' counts the traded cards whose territory you hold: 0 to {most_held}",
            field="traded_cards_held",
        )
    base = max(MIN_REINFORCEMENTS, math.ceil((territories + forts) / 3))
    return (
        base
        + region_bonus
        + CARD_SET_UNITS.get(card_set, 0)
        + UNITS_PER_TRADED_TERRITORY_HELD * traded_cards_held
    )


def starting_territory_cards(mode: str, players: int) -> list[int]:
    """Territory cards dealt to each seat in turn order (Chaos only deals them all out)."""
    _check_player_count(mode, players)
    if mode != CHAOS:
        raise RuleError(f"{MODES[mode]} deals no territory cards at setup", field="mode")
    if players == 2:
        return [CHAOS_CARDS_2_PLAYERS] * 2
    # Dealt equally; with 5 players the 3rd, 4th and 5th take the 3 left over.
    each, extra = divmod(TERRITORIES, players)
    return [each + (1 if seat >= players - extra else 0) for seat in range(players)]


def starting_units(mode: str, players: int) -> list[int]:
    """Starting units of each seat in turn order: in Chaos 3 on each territory card dealt."""
    _check_player_count(mode, players)
    if mode == CHAOS:
        return [cards * CHAOS_UNITS_PER_TERRITORY for cards in starting_territory_cards(mode, players)]
    table = DOVAHKIIN_STARTING_UNITS if mode == DOVAHKIIN else CIVIL_WAR_STARTING_UNITS
    return [table[players]] * players


def _check_player_count(mode: str, players: int) -> None:
    if not isinstance(mode, str) or mode not in MODES:
        raise RuleError(f"'mode' must be one of {', '.join(MODES)}{_hint(mode, MODES)}", field="mode")
    counts = PLAYER_COUNTS[mode]
    if not _is_int(players) or players not in counts:
        raise RuleError(
            f"{MODES[mode]} is played by {counts.start} to {counts.stop - 1} players, not {players}",
            field="seats",
        )


# The state ------------------------------------------------------------------------------


@dataclass
class GameRecord:
    number: int
    played_on: str
    mode: str
    factions: dict[str, str]  # player -> faction, in seat order
    scores: dict[str, int]
    winners: list[str]


@dataclass
class PlayerRecord:
    plays: int = 0
    wins: int = 0

    @property
    def win_rate(self) -> float | None:
        return round(self.wins / self.plays, 3) if self.plays else None


@dataclass
class SkyrimLog:
    players: list[str]
    set_up: bool = False
    games: list[GameRecord] = field(default_factory=list)
    records: dict[str, PlayerRecord] = field(default_factory=dict)

    @property
    def games_played(self) -> int:
        return len(self.games)

    @property
    def next_number(self) -> int:
        return len(self.games) + 1


def new_state(players: list[str]) -> SkyrimLog:
    return SkyrimLog(players=list(players), records={player: PlayerRecord() for player in players})


# Applying entries -----------------------------------------------------------------------


def apply(state: SkyrimLog, entry: Entry) -> None:
    if not isinstance(entry.data, dict):
        raise RuleError(f"a {entry.kind} entry must be a JSON object")
    if entry.kind == "setup":
        _apply_setup(state, entry.data)
    elif entry.kind == "game":
        _apply_game(state, entry.data)
    else:
        raise RuleError(f"a Risk: Skyrim log has no '{entry.kind}' entries")


def _apply_setup(state: SkyrimLog, data: dict) -> None:
    if state.set_up or state.games:
        raise RuleError("the setup comes once, before game 1", place="setup")
    _check_keys(data, (), (), "setup", "the setup")
    state.set_up = True


def _apply_game(state: SkyrimLog, data: dict) -> None:
    record = check_game(state, data)
    state.games.append(record)
    for player in record.scores:
        state.records[player].plays += 1
    for player in record.winners:
        state.records[player].wins += 1


def check_game(state: SkyrimLog, data: dict) -> GameRecord:
    """Check a whole game against the rules and derive its scores and winners; change nothing."""
    place = f"game {state.next_number}"
    _check_keys(data, GAME_KEYS, (), place, "a game")
    _check_number(data["number"], state.next_number, place)
    _check_date(data["played_on"], place)
    mode = data["mode"]
    if not isinstance(mode, str) or mode not in MODES:
        raise RuleError(
            f"'mode' must be one of {', '.join(MODES)}{_hint(mode, MODES)}", place=place, field="mode"
        )
    seats = data["seats"]
    if not isinstance(seats, list):
        raise RuleError("'seats' must be a list of the players' seats", place=place, field="seats")
    try:
        _check_player_count(mode, len(seats))
    except RuleError as error:
        raise error.at(place) from None
    for index, seat in enumerate(seats, 1):
        _check_seat(state, mode, seat, index, seats[: index - 1], place)
    _check_totals(seats, place)
    scores = {seat["player"]: _score(mode, seat) for seat in seats}
    winners = WINNERS[mode](seats, place)
    return GameRecord(
        number=data["number"],
        played_on=data["played_on"],
        mode=mode,
        factions={seat["player"]: seat["faction"] for seat in seats},
        scores=scores,
        winners=winners,
    )


def _check_seat(
    state: SkyrimLog, mode: str, seat: Any, index: int, earlier: list[dict], game_place: str
) -> None:
    """One seat: a roster player and a faction, each once a game, and counts that can be."""
    place = f"{game_place}, seat {index}"
    if not isinstance(seat, dict):
        raise RuleError("a seat must be a JSON object", place=place, field="seats")
    if isinstance(seat.get("player"), str):
        place += f" ({seat['player']})"
    required, optional = SEAT_FIELDS[mode]
    _check_keys(seat, ("player", "faction", *required), optional, place, f"a {MODES[mode]} seat")
    player = _check_player(state.players, seat["player"], place)
    if any(other["player"] == player for other in earlier):
        raise RuleError(f"{player} has two seats: one seat per player", place=place, field="player")
    faction = seat["faction"]
    if faction not in FACTIONS:
        raise RuleError(
            f"'faction' must be one of {', '.join(FACTIONS)}{_hint(faction, FACTIONS)}",
            place=place,
            field="faction",
        )
    for other in earlier:
        if other["faction"] == faction:
            raise RuleError(
                f"{other['player']} already plays the {faction}: each faction once a game",
                place=place,
                field="faction",
            )
    for key in ("territories", "forts", "portals", "victory_points"):
        if key in seat and (not _is_int(seat[key]) or seat[key] < 0):
            raise RuleError(f"'{key}' must be a whole number of at least 0", place=place, field=key)
    if "hero_alive" in seat and not isinstance(seat["hero_alive"], bool):
        raise RuleError("'hero_alive' must be true or false", place=place, field="hero_alive")
    if "eliminated_in_turn" in seat and (
        not _is_int(seat["eliminated_in_turn"]) or seat["eliminated_in_turn"] < 1
    ):
        raise RuleError(
            "'eliminated_in_turn' must be a turn number (1 or more)", place=place, field="eliminated_in_turn"
        )
    _check_holdings(seat, place)


def _check_holdings(seat: dict, place: str) -> None:
    """Forts and portals are in territories, so a player never holds more of them."""
    for key in ("forts", "portals"):
        if key not in seat:
            continue
        if "territories" not in seat:
            raise RuleError(f"'{key}' needs 'territories' beside it", place=place, field="territories")
        if seat[key] > seat["territories"]:
            raise RuleError(
                f"{seat['player']} holds {seat[key]} {key} but only {seat['territories']} territories: "
                f"{key} are in territories",
                place=place,
                field=key,
            )


def _check_totals(seats: list[dict], place: str) -> None:
    """The board has 48 territories, 9 forts and 9 portals."""
    for key, most in (("territories", TERRITORIES), ("forts", FORTS), ("portals", PORTALS)):
        total = sum(seat.get(key, 0) for seat in seats)
        if total > most:
            raise RuleError(
                f"the seats hold {total} {key} in all, but Skyrim has only {most}", place=place, field=key
            )


def _score(mode: str, seat: dict) -> int:
    if mode == CHAOS:
        return seat["territories"] + seat["forts"] + seat["portals"]
    if mode == DOVAHKIIN:
        return seat["victory_points"]
    return seat["territories"]


def _chaos_winners(seats: list[dict], place: str) -> list[str]:
    """Most points wins; equal top scores share the win."""
    top = max(_score(CHAOS, seat) for seat in seats)
    return [seat["player"] for seat in seats if _score(CHAOS, seat) == top]


def _dovahkiin_winners(seats: list[dict], place: str) -> list[str]:
    """The game ends when one player has 10+ victory points with the hero alive at the end of their turn."""
    qualified = [
        seat["player"]
        for seat in seats
        if seat["victory_points"] >= VICTORY_POINTS_TO_WIN and seat["hero_alive"]
    ]
    if not qualified:
        raise RuleError(
            f"no seat has {VICTORY_POINTS_TO_WIN} or more victory points with its hero alive: "
            "a Dovahkiin game ends only when someone does",
            place=place,
            field="victory_points",
        )
    if len(qualified) > 1:
        raise RuleError(
            f"{_and(qualified)} all have {VICTORY_POINTS_TO_WIN}+ victory points with their hero alive, "
            "but the game ends at the end of the turn of the first to get there: only one seat can",
            place=place,
            field="victory_points",
        )
    return qualified


def _civil_war_winners(seats: list[dict], place: str) -> list[str]:
    """The winner holds all 48 territories (so the others were all eliminated)."""
    winners = [seat for seat in seats if seat["territories"] == TERRITORIES]
    if not winners:
        raise RuleError(
            f"in Civil War the winner holds all {TERRITORIES} territories, and no seat does",
            place=place,
            field="territories",
        )
    winner = winners[0]
    if "eliminated_in_turn" in winner:
        raise RuleError(
            f"{winner['player']} holds all {TERRITORIES} territories, so was not eliminated",
            place=f"{place}, seat {seats.index(winner) + 1} ({winner['player']})",
            field="eliminated_in_turn",
        )
    return [winner["player"]]


WINNERS = {CHAOS: _chaos_winners, DOVAHKIIN: _dovahkiin_winners, CIVIL_WAR: _civil_war_winners}


# The journal ----------------------------------------------------------------------------


def journal_entries(journal: dict) -> list[Entry]:
    """An optional setup entry, then one game entry per game (the game as written)."""
    entries: list[Entry] = []
    if "setup" in journal:
        if not isinstance(journal["setup"], dict):
            raise RuleError("'setup' must be an object ({} for this game)", place="setup")
        entries.append(Entry("setup", copy.deepcopy(journal["setup"])))
    games = journal.get("games")
    if not isinstance(games, list):
        raise RuleError("the journal needs a 'games' list (write [] before the first game)")
    for index, game in enumerate(games, 1):
        place = f"game {index}"
        if not isinstance(game, dict):
            raise RuleError("a game must be a JSON object", place=place)
        _check_keys(game, GAME_KEYS, (), place, "a game")
        _check_number(game["number"], index, place)
        entries.append(Entry("game", copy.deepcopy(game)))
    return entries


def journal_parts(entries: list[Entry]) -> dict[str, Any]:
    parts: dict[str, Any] = {}
    for entry in entries:
        if entry.kind == "setup":
            parts["setup"] = copy.deepcopy(entry.data)
    parts["games"] = [copy.deepcopy(entry.data) for entry in entries if entry.kind == "game"]
    return parts


def state_json(state: SkyrimLog) -> dict[str, Any]:
    return {
        "system": KEY,
        "as_of_game": state.games_played,
        "games_played": state.games_played,
        "games": [
            {
                "number": game.number,
                "played_on": game.played_on,
                "mode": game.mode,
                "scores": dict(game.scores),
                "winners": list(game.winners),
            }
            for game in state.games
        ],
        "players": {
            player: {"plays": record.plays, "wins": record.wins, "win_rate": record.win_rate}
            for player, record in state.records.items()
        },
    }


def describe(entry: Entry) -> str:
    """A short sentence for the history page."""
    data = entry.data
    if entry.kind != "game":
        return entry.kind
    seats = data.get("seats") or []
    players = ", ".join(str(seat.get("player")) for seat in seats if isinstance(seat, dict))
    mode = MODES.get(data.get("mode"), data.get("mode"))
    return f"game {data.get('number')} ({data.get('played_on')}), {mode}: {players}"


# Plain checks on entry data -------------------------------------------------------------


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _hint(value: Any, options) -> str:
    if not isinstance(value, str):
        return ""
    close = difflib.get_close_matches(value.casefold(), [str(o).casefold() for o in options], n=1)
    if not close:
        return ""
    match = next(o for o in options if str(o).casefold() == close[0])
    return f" (did you mean {match}?)"


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _check_keys(data: dict, required, optional, place: str | None, what: str) -> None:
    for key in data:
        if key not in required and key not in optional:
            known = ", ".join((*required, *optional)) or "none"
            raise RuleError(f"unknown key '{key}' in {what} (its keys: {known})", place=place, field=key)
    for key in required:
        if key not in data:
            raise RuleError(f"{what} needs '{key}'", place=place, field=key)


def _check_player(players: list[str], name: Any, place: str | None = None, field: str = "player") -> str:
    if not isinstance(name, str) or not name:
        raise RuleError(f"'{field}' must be a player's name", place=place, field=field)
    if name not in players:
        raise RuleError(
            f"{name} is not a player of this campaign{_hint(name, players)}", place=place, field=field
        )
    return name


def _check_number(number: Any, expected: int, place: str) -> None:
    if not _is_int(number) or number != expected:
        raise RuleError(
            f"games are numbered 1, 2, 3 … in order: this one should be {expected}",
            place=place,
            field="number",
        )


_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _check_date(value: Any, place: str) -> None:
    if not isinstance(value, str) or not _ISO_DATE.fullmatch(value):
        raise RuleError("'played_on' must be a date written YYYY-MM-DD", place=place, field="played_on")
    try:
        date.fromisoformat(value)
    except ValueError:
        raise RuleError(f"{value} is not a date on the calendar", place=place, field="played_on") from None
