"""Risk: Captain America – Civil War Edition, a play log (GAMES.md §4, JOURNAL.md `captain-america`).

Nothing carries over between games: the log checks each game's seats and end-of-round-5
mission results, and derives the points and the result (never taken from the journal).

Entries: an optional "setup" entry (the journal's "setup", an empty object), then one "game"
entry per game holding the whole game as the journal writes it:

    {"number": 1, "played_on": "2026-09-03",
     "seats": [{"player": "Ana", "heroes": ["Captain America"]}, ...],
     "winter_soldier": "captain-america" | "iron-man" | null,
     "quinjet": "captain-america" | "iron-man" | null,
     "rooms": {"captain-america": 15, "iron-man": 14}}

Seats: 2 players, each running a whole team (both its heroes), or 4 players with one hero
each; every hero exactly once. A player's team follows from their heroes.

Rooms: the airport has 34 rooms, and the Quinjet is a room too (35 in all, the rulebook's
"the Quinjet may be counted as a room"). "rooms" counts the Quinjet for the team holding
it, so: the two teams hold at most 35, at most 34 when nobody holds the Quinjet; the team
holding the Quinjet holds at least 1 room, and so does the team holding the Winter Soldier
(he must be in a room the team controls).

Points at the end of round 5: Winter Soldier 3, Quinjet 3, most rooms 2 (equal rooms score
nobody). The team with more points wins; equal points is a draw.

For pages and forms: `check_game(state, data)` checks a game and derives its points and
result without changing the log; `deployment(rooms)`, `building_bonus(buildings)`,
`troops_to_deploy(rooms, buildings)`, `points(...)` and `result(points)` are calculators;
TEAMS, TEAM_HEROES, HEROES and BUILDING_BONUS list the choices.

`state_json` has exactly these keys:

    system         "captain-america"
    as_of_game     the last game the state includes (as for risk-legacy; --as-of N)
    games_played   games logged
    games          [{"number", "played_on", "teams": {team: [player]}, "points": {team: n},
                     "result": "captain-america" | "iron-man" | "draw", "winners": [player]}]
                   (winners is empty on a draw)
    players        {player: {"plays", "wins", "win_rate"}} for every roster name; win_rate is
                   wins / plays rounded to 3 places, null before a first play (a draw is a
                   play and no win)
"""

from __future__ import annotations

import copy
import difflib
import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from .base import Entry, RuleError

KEY = "captain-america"
LABEL = "Risk: Captain America – Civil War Edition"
JOURNAL_KEYS = ("setup", "games")

CAPTAIN_AMERICA, IRON_MAN = "captain-america", "iron-man"
TEAM_HEROES = {CAPTAIN_AMERICA: ("Captain America", "Falcon"), IRON_MAN: ("Iron Man", "War Machine")}
TEAM_NAMES = {CAPTAIN_AMERICA: "Team Captain America", IRON_MAN: "Team Iron Man"}
TEAMS = tuple(TEAM_HEROES)
HEROES = {hero: team for team, heroes in TEAM_HEROES.items() for hero in heroes}
DRAW = "draw"
PLAYER_COUNTS = (2, 4)

ROUNDS = 5
ROOMS_ON_THE_BOARD = 34
ROOMS_WITH_THE_QUINJET = 35
WINTER_SOLDIER_POINTS = 3
QUINJET_POINTS = 3
MOST_ROOMS_POINTS = 2
HERO_HEALTH = 5
HEALTH_ON_RETURN = 3  # a knocked-out hero comes back at 3

# Troop deployment chart: (fewest rooms, most rooms or None, troops).
DEPLOYMENT_CHART = ((0, 0, 7), (1, 3, 2), (4, 6, 3), (7, 9, 4), (10, None, 5))
BUILDING_BONUS = {
    "Northwest": 2,
    "North-Central": 3,
    "Northeast": 2,
    "Southwest": 2,
    "South-Central": 3,
    "Southeast": 2,
}
GAME_KEYS = ("number", "played_on", "seats", "winter_soldier", "quinjet", "rooms")


# Calculators ----------------------------------------------------------------------------


def deployment(rooms: int) -> int:
    """Troops deployed at the start of a turn for the rooms a player controls."""
    if not _is_int(rooms) or not 0 <= rooms <= ROOMS_WITH_THE_QUINJET:
        raise RuleError(f"'rooms' must be a whole number from 0 to {ROOMS_WITH_THE_QUINJET}", field="rooms")
    for fewest, most, troops in DEPLOYMENT_CHART:
        if rooms >= fewest and (most is None or rooms <= most):
            return troops
    raise AssertionError("the chart covers every room count")  # pragma: no cover


def building_bonus(buildings: list[str]) -> int:
    """Extra troops for the buildings a player controls whole."""
    for building in buildings:
        if not isinstance(building, str) or building not in BUILDING_BONUS:
            known = ", ".join(BUILDING_BONUS)
            raise RuleError(
                f"'{building}' is not a building: {known}{_hint(building, BUILDING_BONUS)}", field="buildings"
            )
    if len(set(buildings)) != len(buildings):
        raise RuleError("each building counts once", field="buildings")
    return sum(BUILDING_BONUS[building] for building in buildings)


def troops_to_deploy(rooms: int, buildings: list[str] = ()) -> int:
    """The whole deployment: the chart for the rooms plus the building bonuses."""
    return deployment(rooms) + building_bonus(list(buildings))


def points(winter_soldier: str | None, quinjet: str | None, rooms: dict[str, int]) -> dict[str, int]:
    """Each team's mission points at the end of round 5 (no checks: see check_game)."""
    scored = {team: 0 for team in TEAMS}
    if winter_soldier:
        scored[winter_soldier] += WINTER_SOLDIER_POINTS
    if quinjet:
        scored[quinjet] += QUINJET_POINTS
    most = max(rooms.values())
    leaders = [team for team in TEAMS if rooms[team] == most]
    if len(leaders) == 1:  # a tie on rooms scores nobody
        scored[leaders[0]] += MOST_ROOMS_POINTS
    return scored


def result(scored: dict[str, int]) -> str:
    """The winning team, or "draw" on equal points."""
    if scored[CAPTAIN_AMERICA] == scored[IRON_MAN]:
        return DRAW
    return max(TEAMS, key=lambda team: scored[team])


# The state ------------------------------------------------------------------------------


@dataclass
class GameRecord:
    number: int
    played_on: str
    teams: dict[str, list[str]]  # team -> players, in seat order
    points: dict[str, int]
    result: str  # a team or DRAW
    winners: list[str]


@dataclass
class PlayerRecord:
    plays: int = 0
    wins: int = 0

    @property
    def win_rate(self) -> float | None:
        return round(self.wins / self.plays, 3) if self.plays else None


@dataclass
class CivilWarLog:
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


def new_state(players: list[str]) -> CivilWarLog:
    return CivilWarLog(players=list(players), records={player: PlayerRecord() for player in players})


# Applying entries -----------------------------------------------------------------------


def apply(state: CivilWarLog, entry: Entry) -> None:
    if not isinstance(entry.data, dict):
        raise RuleError(f"a {entry.kind} entry must be a JSON object")
    if entry.kind == "setup":
        _apply_setup(state, entry.data)
    elif entry.kind == "game":
        _apply_game(state, entry.data)
    else:
        raise RuleError(f"a Captain America log has no '{entry.kind}' entries")


def _apply_setup(state: CivilWarLog, data: dict) -> None:
    if state.set_up or state.games:
        raise RuleError("the setup comes once, before game 1", place="setup")
    _check_keys(data, (), (), "setup", "the setup")
    state.set_up = True


def _apply_game(state: CivilWarLog, data: dict) -> None:
    record = check_game(state, data)
    state.games.append(record)
    for players in record.teams.values():
        for player in players:
            state.records[player].plays += 1
    for player in record.winners:
        state.records[player].wins += 1


def check_game(state: CivilWarLog, data: dict) -> GameRecord:
    """Check a whole game against the rules and derive its points and result; change nothing."""
    place = f"game {state.next_number}"
    _check_keys(data, GAME_KEYS, (), place, "a game")
    _check_number(data["number"], state.next_number, place)
    _check_date(data["played_on"], place)
    teams = _check_seats(state, data["seats"], place)
    for key in ("winter_soldier", "quinjet"):
        _check_team_or_none(data[key], key, place)
    rooms = _check_rooms(data["rooms"], data["winter_soldier"], data["quinjet"], place)
    scored = points(data["winter_soldier"], data["quinjet"], rooms)
    outcome = result(scored)
    return GameRecord(
        number=data["number"],
        played_on=data["played_on"],
        teams=teams,
        points=scored,
        result=outcome,
        winners=list(teams[outcome]) if outcome != DRAW else [],
    )


def _check_seats(state: CivilWarLog, seats: Any, place: str) -> dict[str, list[str]]:
    """2 players running a team each, or 4 with one hero each; every hero exactly once."""
    if not isinstance(seats, list):
        raise RuleError("'seats' must be a list of the players' seats", place=place, field="seats")
    if len(seats) not in PLAYER_COUNTS:
        raise RuleError(
            f"the game is played by 2 players (a team each) or 4 (a hero each), not {len(seats)}",
            place=place,
            field="seats",
        )
    teams: dict[str, list[str]] = {team: [] for team in TEAMS}
    heroes_played: dict[str, str] = {}  # hero -> player
    heroes_each = len(TEAM_HEROES[CAPTAIN_AMERICA]) if len(seats) == 2 else 1
    for index, seat in enumerate(seats, 1):
        seat_place = f"{place}, seat {index}"
        if not isinstance(seat, dict):
            raise RuleError("a seat must be a JSON object", place=seat_place, field="seats")
        if isinstance(seat.get("player"), str):
            seat_place += f" ({seat['player']})"
        _check_keys(seat, ("player", "heroes"), (), seat_place, "a seat")
        player = _check_player(state.players, seat["player"], seat_place)
        if any(player in members for members in teams.values()):
            raise RuleError(f"{player} has two seats: one seat per player", place=seat_place, field="player")
        team = _seat_team(seat["heroes"], heroes_each, heroes_played, player, seat_place)
        teams[team].append(player)
    return teams


def _seat_team(heroes: Any, heroes_each: int, heroes_played: dict[str, str], player: str, place: str) -> str:
    """The team of a seat's heroes, which must all be on it; records the heroes as played."""
    if not isinstance(heroes, list) or not heroes:
        raise RuleError("'heroes' must list the seat's heroes", place=place, field="heroes")
    for hero in heroes:
        if not isinstance(hero, str) or hero not in HEROES:
            raise RuleError(
                f"'{hero}' is not a hero: {', '.join(HEROES)}{_hint(hero, HEROES)}",
                place=place,
                field="heroes",
            )
        if hero in heroes_played:
            raise RuleError(
                f"{hero} is played by {heroes_played[hero]} already: each hero once",
                place=place,
                field="heroes",
            )
        if heroes.count(hero) > 1:
            raise RuleError(f"{hero} is named twice: each hero once", place=place, field="heroes")
    if len(heroes) != heroes_each:
        if heroes_each == 1:
            raise RuleError(
                f"with 4 players each plays one hero, and {player} has {len(heroes)}",
                place=place,
                field="heroes",
            )
        raise RuleError(
            f"with 2 players each runs a whole team (both its heroes), and {player} has {len(heroes)}",
            place=place,
            field="heroes",
        )
    teams = {HEROES[hero] for hero in heroes}
    if len(teams) > 1:
        raise RuleError(
            f"{' and '.join(heroes)} are on different teams: a player runs one team",
            place=place,
            field="heroes",
        )
    for hero in heroes:
        heroes_played[hero] = player
    return teams.pop()


def _check_team_or_none(value: Any, key: str, place: str) -> None:
    if value is not None and (not isinstance(value, str) or value not in TEAMS):
        raise RuleError(
            f"'{key}' must be {CAPTAIN_AMERICA}, {IRON_MAN} or null (nobody){_hint(value, TEAMS)}",
            place=place,
            field=key,
        )


def _check_rooms(rooms: Any, winter_soldier: str | None, quinjet: str | None, place: str) -> dict[str, int]:
    """34 rooms plus the Quinjet; a team holding the Quinjet or the Winter Soldier holds a room."""
    if not isinstance(rooms, dict):
        raise RuleError("'rooms' must give each team's rooms", place=place, field="rooms")
    _check_keys(rooms, TEAMS, (), place, "'rooms'")
    for team in TEAMS:
        if not _is_int(rooms[team]) or rooms[team] < 0:
            raise RuleError(
                f"{TEAM_NAMES[team]}'s rooms must be a whole number of at least 0", place=place, field="rooms"
            )
    total = sum(rooms.values())
    if total > ROOMS_WITH_THE_QUINJET:
        raise RuleError(
            f"the teams hold {total} rooms, but there are {ROOMS_ON_THE_BOARD} rooms and the Quinjet "
            f"({ROOMS_WITH_THE_QUINJET} in all)",
            place=place,
            field="rooms",
        )
    if quinjet is None and total > ROOMS_ON_THE_BOARD:
        raise RuleError(
            f"nobody holds the Quinjet, so the teams hold at most {ROOMS_ON_THE_BOARD} rooms, not {total}",
            place=place,
            field="rooms",
        )
    for team, what in ((quinjet, "the Quinjet"), (winter_soldier, "the Winter Soldier")):
        if team is not None and rooms[team] == 0:
            raise RuleError(
                f"{TEAM_NAMES[team]} holds {what}, so it controls at least one room, not 0",
                place=place,
                field="rooms",
            )
    return {team: rooms[team] for team in TEAMS}


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


def state_json(state: CivilWarLog) -> dict[str, Any]:
    return {
        "system": KEY,
        "as_of_game": state.games_played,
        "games_played": state.games_played,
        "games": [
            {
                "number": game.number,
                "played_on": game.played_on,
                "teams": {team: list(players) for team, players in game.teams.items()},
                "points": dict(game.points),
                "result": game.result,
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
    return f"game {data.get('number')} ({data.get('played_on')}): {players}"


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
