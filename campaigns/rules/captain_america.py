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

The fold also keeps what pages need and `state_json` leaves out: each game's seats in the
journal's order, with each seat's heroes (`GameRecord.seats`).

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

from dataclasses import dataclass, field
from typing import Any

from .base import Entry, RuleError
from .checks import (
    PlayLog,
    apply_to_play_log,
    check_game_basics,
    check_keys,
    check_seat,
    did_you_mean,
    is_whole,
    play_log_entries,
    play_log_json,
    play_log_parts,
    seat_place,
    seated_players,
)

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
    if not is_whole(rooms) or not 0 <= rooms <= ROOMS_WITH_THE_QUINJET:
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
                f"'{building}' is not a building: {known}{did_you_mean(building, BUILDING_BONUS)}",
                field="buildings",
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


@dataclass(frozen=True)
class SeatRecord:
    player: str
    heroes: tuple[str, ...]  # one hero, or both of a team's when 2 play

    @property
    def team(self) -> str:
        return HEROES[self.heroes[0]]


@dataclass
class GameRecord:
    number: int
    played_on: str
    teams: dict[str, list[str]]  # team -> players, in seat order
    points: dict[str, int]
    result: str  # a team or DRAW
    winners: list[str]
    # The seats in the journal's order (state_json leaves them out: JOURNAL.md's shape).
    seats: list[SeatRecord] = field(default_factory=list)

    @property
    def players(self) -> list[str]:
        return [player for members in self.teams.values() for player in members]


class CivilWarLog(PlayLog):
    """The Civil War play log: its games are GameRecords."""


def new_state(players: list[str]) -> CivilWarLog:
    return CivilWarLog.for_roster(players)


# Applying entries -----------------------------------------------------------------------


def apply(state: CivilWarLog, entry: Entry) -> None:
    apply_to_play_log(state, entry, check_game, "a Captain America log")


def check_game(state: CivilWarLog, data: dict) -> GameRecord:
    """Check a whole game against the rules and derive its points and result; change nothing."""
    place = check_game_basics(data, GAME_KEYS, state.next_number)
    teams, seats = _check_seats(state, data["seats"], place)
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
        seats=seats,
    )


def _check_seats(state: CivilWarLog, seats: Any, place: str) -> tuple[dict[str, list[str]], list[SeatRecord]]:
    """2 players running a team each, or 4 with one hero each; every hero exactly once.
    Returns the teams' players and the seats in order."""
    if not isinstance(seats, list):
        raise RuleError("'seats' must be a list of the players' seats", place=place, field="seats")
    if len(seats) not in PLAYER_COUNTS:
        raise RuleError(
            f"the game is played by 2 players (a team each) or 4 (a hero each), not {len(seats)}",
            place=place,
            field="seats",
        )
    teams: dict[str, list[str]] = {team: [] for team in TEAMS}
    seat_records: list[SeatRecord] = []
    heroes_played: dict[str, str] = {}  # hero -> player
    heroes_each = len(TEAM_HEROES[CAPTAIN_AMERICA]) if len(seats) == 2 else 1
    for index, seat in enumerate(seats, 1):
        where = seat_place(place, index, seat)
        seated = [player for members in teams.values() for player in members]
        player = check_seat(seat, where, ("player", "heroes"), (), "a seat", state.players, seated)
        team = _seat_team(seat["heroes"], heroes_each, heroes_played, player, where)
        teams[team].append(player)
        seat_records.append(SeatRecord(player, tuple(seat["heroes"])))
    return teams, seat_records


def _seat_team(heroes: Any, heroes_each: int, heroes_played: dict[str, str], player: str, place: str) -> str:
    """The team of a seat's heroes, which must all be on it; records the heroes as played."""
    if not isinstance(heroes, list) or not heroes:
        raise RuleError("'heroes' must list the seat's heroes", place=place, field="heroes")
    for hero in heroes:
        if not isinstance(hero, str) or hero not in HEROES:
            raise RuleError(
                f"'{hero}' is not a hero: {', '.join(HEROES)}{did_you_mean(hero, HEROES)}",
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
            f"'{key}' must be {CAPTAIN_AMERICA}, {IRON_MAN} or null (nobody){did_you_mean(value, TEAMS)}",
            place=place,
            field=key,
        )


def _check_rooms(rooms: Any, winter_soldier: str | None, quinjet: str | None, place: str) -> dict[str, int]:
    """34 rooms plus the Quinjet; a team holding the Quinjet or the Winter Soldier holds a room."""
    if not isinstance(rooms, dict):
        raise RuleError("'rooms' must give each team's rooms", place=place, field="rooms")
    check_keys(rooms, TEAMS, (), place, "'rooms'")
    for team in TEAMS:
        if not is_whole(rooms[team]) or rooms[team] < 0:
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
    return play_log_entries(journal, GAME_KEYS)


def journal_parts(entries: list[Entry]) -> dict[str, Any]:
    """The optional setup and the games, as written."""
    return play_log_parts(entries)


def state_json(state: CivilWarLog) -> dict[str, Any]:
    return play_log_json(KEY, state, _game_json)


def _game_json(game: GameRecord) -> dict[str, Any]:
    return {
        "teams": {team: list(players) for team, players in game.teams.items()},
        "points": dict(game.points),
        "result": game.result,
        "winners": list(game.winners),
    }


def describe(entry: Entry) -> str:
    """A short sentence for the history page."""
    data = entry.data
    if entry.kind != "game":
        return entry.kind
    return f"game {data.get('number')}: {seated_players(data)}"
