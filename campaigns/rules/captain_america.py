"""Risk: Captain America – Civil War Edition, a play log (docs/rules.md §4, docs/journal.md
`captain-america`).

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
`troops_to_deploy(rooms, buildings)`, `points(...)`, `missions(...)` and `result(points)` are
calculators; `seats_for(players)`, `breach_order`, `turn_order` and `picks_turn_order` give
the table's setup (who runs which heroes, who breaches and plays when); TEAMS, TEAM_HEROES,
HEROES and BUILDING_BONUS list the choices.

The fold also keeps what pages need and `state_json` leaves out: each game's seats in the
journal's order, with each seat's heroes (`GameRecord.seats`), and what was logged at the
end of round 5 (`winter_soldier`, `quinjet`, `rooms`; `GameRecord.missions` words them).

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

A play log: it keeps the rules protocol (campaigns/rules/protocol.py) on the play-log kind's
rules (campaigns/rules/play_log/); its Django side is campaigns/systems/captain_america/.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import captain_america_rulebook as rulebook
from .base import Entry, RuleError, pickled_by_fields, refuse
from .checks import (
    check_game_basics,
    check_keys,
    check_seat,
    did_you_mean,
    is_whole,
    seat_place,
)
from .play_log import (
    PlayLog,
    apply_to_play_log,
    bg_stats,
    describe_change,
    play_log_entries,
    play_log_json,
    play_log_parts,
    seated_players,
    state_as_of,  # noqa: F401 - the fold works out "as of game n" with it
)

KEY = "captain-america"
LABEL = "Risk: Captain America – Civil War Edition"
RULES, RULEBOOK = rulebook.RULES, rulebook.RULEBOOK
# "play_corrections" is an extension of docs/journal.md (play_log/journal.py, docs/journal.md, "Extensions").
JOURNAL_KEYS = ("setup", "games", "play_corrections")

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
# Turn order alternates: the team picking first claims one of these pairs of markers.
TURN_ORDER_PAIRS = ((1, 3), (2, 4))
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
    troops = deployment(rooms) + building_bonus(list(buildings))
    if len(buildings) > rooms:  # a building held whole is at least one of the rooms held
        raise RuleError(
            f"holding {len(buildings)} building{'s' if len(buildings) > 1 else ''} whole takes at least "
            f"{len(buildings)} room{'s' if len(buildings) > 1 else ''}, not {rooms}",
            field="buildings",
        )
    return troops


def other_team(team: str) -> str:
    return IRON_MAN if team == CAPTAIN_AMERICA else CAPTAIN_AMERICA


def check_team(team: Any, field: str = "team") -> str:
    if not isinstance(team, str) or team not in TEAMS:
        names = " or ".join(TEAM_NAMES.values())
        raise RuleError(f"choose {names}", field=field)
    return team


def seats_for(players: int) -> list[tuple[str, ...]]:
    """The heroes each player runs: 2 players run a whole team each, 4 play one hero each."""
    if players not in PLAYER_COUNTS:
        raise RuleError(
            f"the game is played by 2 players (a team each) or 4 (a hero each), not {players}",
            field="players",
        )
    if players == 2:
        return [TEAM_HEROES[team] for team in TEAMS]
    return [(hero,) for hero in HEROES]


def alternating_order(first_team: str, leads: dict[str, str] | None = None) -> list[tuple[int, str, str]]:
    """The four heroes in an order that alternates the teams, `first_team` first:
    [(position 1–4, team, hero)]. `leads` names the hero of each team going first (a team
    decides that among itself); without it, Captain America and Iron Man lead."""
    check_team(first_team, "first_team")
    leads = dict(leads or {})
    order: dict[str, list[str]] = {}
    for team, heroes in TEAM_HEROES.items():
        lead = leads.get(team) or heroes[0]
        if lead not in heroes:
            raise RuleError(
                f"{lead} is not on {TEAM_NAMES[team]}: {' or '.join(heroes)} goes first", field="leads"
            )
        order[team] = [lead, *[hero for hero in heroes if hero != lead]]
    second_team = other_team(first_team)
    turns = [
        (first_team, order[first_team][0]),
        (second_team, order[second_team][0]),
        (first_team, order[first_team][1]),
        (second_team, order[second_team][1]),
    ]
    return [(position, team, hero) for position, (team, hero) in enumerate(turns, 1)]


def breach_order(first_team: str, leads: dict[str, str] | None = None) -> list[tuple[int, str, str]]:
    """Who places a breach point when: Captain America and Iron Man roll, and the teams
    alternate, the winning team breaching first and third."""
    return alternating_order(first_team, leads)


def turn_order(
    picking_team: str, markers: tuple[int, int], leads: dict[str, str] | None = None
) -> list[tuple[int, str, str]]:
    """A round's turn order: the team picking first (the roll before round 1; from round 2, the
    team holding the Quinjet at the end of the last round) claims turn-order markers 1 and 3
    or 2 and 4, and the other team takes the rest. [(marker, team, hero)] by marker."""
    check_team(picking_team, "picking_team")
    markers = tuple(markers)
    if markers not in TURN_ORDER_PAIRS:
        raise RuleError("turn order alternates: a team claims markers 1 and 3, or 2 and 4", field="markers")
    first = picking_team if markers == TURN_ORDER_PAIRS[0] else other_team(picking_team)
    return alternating_order(first, leads)


def picks_turn_order(quinjet: str | None, last_picker: str) -> str:
    """Who picks turn order for the next round: the team holding the Quinjet at the end of the
    round; when nobody holds it, the order stays as it was (the same team's choice stands)."""
    check_team(last_picker, "last_picker")
    if quinjet is None:
        return last_picker
    return check_team(quinjet, "quinjet")


def points(winter_soldier: str | None, quinjet: str | None, rooms: dict[str, int]) -> dict[str, int]:
    """Each team's mission points at the end of round 5 (no checks: see check_game)."""
    scored = {team: 0 for team in TEAMS}
    for _, team, worth in missions(winter_soldier, quinjet, rooms):
        if team is not None:  # a tie on rooms scores nobody
            scored[team] += worth
    return scored


def most_rooms(rooms: dict[str, int]) -> str | None:
    """The team with the most rooms, or None on a tie (which scores nobody)."""
    most = max(rooms.values())
    leaders = [team for team in TEAMS if rooms[team] == most]
    return leaders[0] if len(leaders) == 1 else None


def missions(
    winter_soldier: str | None, quinjet: str | None, rooms: dict[str, int]
) -> list[tuple[str, str | None, int]]:
    """The three missions at the end of round 5: (mission, the team completing it or None, its points)."""
    return [
        ("Capture the Winter Soldier", winter_soldier, WINTER_SOLDIER_POINTS),
        ("Leave the airport with the Quinjet", quinjet, QUINJET_POINTS),
        ("Control the most rooms", most_rooms(rooms), MOST_ROOMS_POINTS),
    ]


def result(scored: dict[str, int]) -> str:
    """The winning team, or "draw" on equal points."""
    if scored[CAPTAIN_AMERICA] == scored[IRON_MAN]:
        return DRAW
    return max(TEAMS, key=lambda team: scored[team])


# The state ------------------------------------------------------------------------------


@pickled_by_fields
@dataclass(frozen=True)
class SeatRecord:
    player: str
    heroes: tuple[str, ...]  # one hero, or both of a team's when 2 play
    # A seat brought in from BG Stats without its heroes: its team (else found from the heroes).
    team_only: str | None = None

    @property
    def team(self) -> str:
        return HEROES[self.heroes[0]] if self.heroes else self.team_only


@pickled_by_fields
@dataclass
class GameRecord:
    number: int
    played_on: str
    teams: dict[str, list[str]]  # team -> players, in seat order
    points: dict[str, int]
    result: str  # a team or DRAW
    winners: list[str]
    # The seats in the journal's order (state_json leaves them out: docs/journal.md's shape).
    seats: list[SeatRecord] = field(default_factory=list)
    # What was logged at the end of round 5, for a play's page (state_json leaves them out).
    # Plain defaults, so a state pickled before they existed still reads (as unknown).
    winter_soldier: str | None = None
    quinjet: str | None = None
    rooms: dict[str, int] | None = None

    @property
    def players(self) -> list[str]:
        return [player for members in self.teams.values() for player in members]

    @property
    def missions(self) -> list[tuple[str, str | None, int]]:
        """Each mission as a play's page says it: (mission, the team completing it or None, points)."""
        return missions(self.winter_soldier, self.quinjet, self.rooms or {team: 0 for team in TEAMS})


class CivilWarLog(PlayLog):
    """The Civil War play log: its games are GameRecords."""


def new_state(players: list[str]) -> CivilWarLog:
    return CivilWarLog.for_roster(players)


# Applying entries -----------------------------------------------------------------------


def apply(state: CivilWarLog, entry: Entry) -> None:
    apply_to_play_log(state, entry, check_game, "a Captain America log")


def check_game(state: CivilWarLog, data: dict) -> GameRecord:
    """Check a whole game against the rules and derive its points and result; change nothing."""
    if isinstance(data, dict) and bg_stats.EXTENSION in data:
        return _check_brought_in(state, data)
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
        winter_soldier=data["winter_soldier"],
        quinjet=data["quinjet"],
        rooms=rooms,
    )


def _check_brought_in(state: CivilWarLog, data: dict) -> GameRecord:
    """A play brought in from BG Stats (play_log/bg_stats.py): its seats, each with its heroes
    when BG Stats named them, else its `team`, and its score (its team's points) when BG
    Stats held one; the Winter Soldier, the Quinjet and the rooms unknown; the winners BG
    Stats', which are one team's players or nobody (a draw)."""
    place = check_game_basics(data, ("number", "played_on", "seats", bg_stats.EXTENSION), state.next_number)
    seats = data["seats"]
    if not isinstance(seats, list) or len(seats) not in PLAYER_COUNTS:
        raise RuleError(
            "the game is played by 2 players (a team each) or 4 (a hero each)", place=place, field="seats"
        )
    teams: dict[str, list[str]] = {team: [] for team in TEAMS}
    seat_records: list[SeatRecord] = []
    heroes_played: dict[str, str] = {}
    heroes_each = len(TEAM_HEROES[CAPTAIN_AMERICA]) if len(seats) == 2 else 1
    team_points: dict[str, int | None] = {team: None for team in TEAMS}
    for index, seat in enumerate(seats, 1):
        where = seat_place(place, index, seat)
        seated = [player for members in teams.values() for player in members]
        player = bg_stats.check_bg_stats_seat(
            seat, index, place, ("player",), ("heroes", "team"), state.players, seated
        )
        if ("heroes" in seat) == ("team" in seat):
            raise RuleError(
                "a seat brought in names its heroes or, unknown, its team", place=where, field="heroes"
            )
        if "heroes" in seat:
            team = _seat_team(seat["heroes"], heroes_each, heroes_played, player, where)
        else:
            _check_team_or_none(seat["team"], "team", where)
            team = seat["team"]
            if team is None:
                raise RuleError("'team' must be captain-america or iron-man", place=where, field="team")
        if len(teams[team]) == len(seats) // 2:
            raise RuleError(
                f"{TEAM_NAMES[team]} has too many seats: the teams are even", place=where, field="team"
            )
        teams[team].append(player)
        seat_records.append(
            SeatRecord(player, tuple(seat.get("heroes", ())), None if "heroes" in seat else team)
        )
        if seat.get("score") is not None and team_points[team] is None:
            team_points[team] = seat["score"]
    winners = bg_stats.check_bg_stats(data[bg_stats.EXTENSION], [r.player for r in seat_records], place)
    outcome = next((team for team in TEAMS if winners and set(winners) == set(teams[team])), None)
    if winners and outcome is None:
        raise RuleError(
            "'winners' must be one team's players (or nobody: a draw)", place=place, field=bg_stats.EXTENSION
        )
    return GameRecord(
        number=data["number"], played_on=data["played_on"], teams=teams, points=team_points,
        result=outcome or DRAW, winners=[player for player in teams.get(outcome, []) if player in winners],
        seats=seat_records,
    )


def _check_seats(state: CivilWarLog, seats: Any, place: str) -> tuple[dict[str, list[str]], list[SeatRecord]]:
    """2 players running a team each, or 4 with one hero each; every hero exactly once.
    Returns the teams' players and the seats in order."""
    if not isinstance(seats, list):
        raise RuleError("'seats' must be a list of the players' seats", place=place, field="seats")
    if len(seats) not in PLAYER_COUNTS:
        refuse(
            rulebook.TWO_OR_FOUR_PLAYERS,
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
        player = check_seat(seat, where, ("player", "heroes"), (), "a seat", state.players, seated,
                            rulebook.ONE_SEAT_PER_PLAYER)
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
            refuse(
                rulebook.EACH_HERO_ONCE,
                f"{hero} is played by {heroes_played[hero]} already: each hero once",
                place=place,
                field="heroes",
            )
        if heroes.count(hero) > 1:
            refuse(
                rulebook.EACH_HERO_ONCE, f"{hero} is named twice: each hero once", place=place, field="heroes"
            )
    if len(heroes) != heroes_each:
        if heroes_each == 1:
            refuse(
                rulebook.HEROES_PER_PLAYER,
                f"with 4 players each plays one hero, and {player} has {len(heroes)}",
                place=place,
                field="heroes",
            )
        else:
            refuse(
                rulebook.HEROES_PER_PLAYER,
                f"with 2 players each runs a whole team (both its heroes), and {player} has {len(heroes)}",
                place=place,
                field="heroes",
            )
    teams = {HEROES[hero] for hero in heroes}
    if len(teams) > 1:
        refuse(
            rulebook.EACH_HERO_ONCE,
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
        refuse(
            rulebook.ROOMS_ON_THE_BOARD,
            f"the teams hold {total} rooms, but there are {ROOMS_ON_THE_BOARD} rooms and the Quinjet "
            f"({ROOMS_WITH_THE_QUINJET} in all)",
            place=place,
            field="rooms",
        )
    if quinjet is None and total > ROOMS_ON_THE_BOARD:
        refuse(
            rulebook.ROOMS_ON_THE_BOARD,
            f"nobody holds the Quinjet, so the teams hold at most {ROOMS_ON_THE_BOARD} rooms, not {total}",
            place=place,
            field="rooms",
        )
    for team, what in ((quinjet, "the Quinjet"), (winter_soldier, "the Winter Soldier")):
        if team is not None and rooms[team] == 0:
            refuse(
                rulebook.HOLDER_HOLDS_A_ROOM,
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
    """A short sentence for the history page: the teams with their players and heroes, the
    points and the result ("play 3: Team Captain America (Ana as Captain America, Ben as
    Falcon) 5 – Team Iron Man (Cid as Iron Man, Dee as War Machine) 3: Team Captain America
    won"). Written only from the entry, which the fold has checked."""
    data = entry.data
    change = describe_change(entry, describe)  # a correction or deletion of a play
    if change is not None:
        return change
    if entry.kind != "game":
        return entry.kind
    if bg_stats.EXTENSION in data:
        winners = (data.get(bg_stats.EXTENSION) or {}).get("winners") or []
        said = f"{' and '.join(map(str, winners))} won" if winners else "a draw"
        return f"play {data.get('number')} (from BG Stats): {seated_players(data)}: {said}"
    try:
        scored = points(data["winter_soldier"], data["quinjet"], data["rooms"])
        sides = []
        for team in TEAMS:
            members = [
                f"{seat['player']} as {' & '.join(seat['heroes'])}"
                for seat in data["seats"]
                if HEROES.get(seat["heroes"][0]) == team
            ]
            sides.append(f"{TEAM_NAMES[team]} ({', '.join(members)}) {scored[team]}")
    except (KeyError, TypeError, IndexError, AttributeError, ValueError):
        # A refused entry (shown beside its refusal) may be any shape: say what it can.
        return f"play {data.get('number')}: {seated_players(data)}"
    outcome = result(scored)
    said = "a draw" if outcome == DRAW else f"{TEAM_NAMES[outcome]} won"
    return f"play {data.get('number')}: {' – '.join(sides)}: {said}"


# BG Stats plays brought in (play_log/bg_stats.py) ------------------------------------------


def _heroes_of_role(role: str) -> list[str] | None:
    """The heroes a BG Stats role names ("Iron Man & War Machine", as Legacy Ledger writes it)."""
    named = [part.strip() for part in role.replace(",", "&").split("&") if part.strip()]
    return named if named and all(hero in HEROES for hero in named) else None


def bg_stats_game(play: bg_stats.BgPlay, number: int, players, answers) -> dict:
    """A BG Stats team play as a game of the log: each seat's heroes when BG Stats' role names
    them, else its team (BG Stats' team "0" is Team Captain America and "1" Team Iron Man, as
    Legacy Ledger writes them), its score (its team's points) when BG Stats held one; the
    winners BG Stats'."""

    def seat_parts(seat: bg_stats.BgSeat) -> dict:
        heroes = _heroes_of_role(seat.role)
        if heroes:
            return {"heroes": heroes}
        return {"team": {"0": CAPTAIN_AMERICA, "1": IRON_MAN}.get(seat.team or "", seat.team)}

    return bg_stats.game_data(play, number, players, seat_parts)


BG_STATS = bg_stats.BgStatsGame(
    names=(LABEL, "Risk: Captain America", "Risk: Captain America – Civil War"), bgg_id=0, game=bg_stats_game,
)
