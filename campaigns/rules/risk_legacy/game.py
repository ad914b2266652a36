"""A game, from its start to its end: the seats and legal starting territories, the packets
opened and the events at the table (scars, fortification boxes, cities, missiles), and the
results and control at its end."""

from __future__ import annotations

import copy
from collections import ChainMap
from collections.abc import Iterable
from typing import Any

from ..base import Problem, RuleError, refuse
from ..checks import is_iso_date, is_whole, join_names, require_text, seat_place
from . import rulebook as rules
from .box import (
    CITY_KINDS,
    CITY_LABEL,
    CONTINENT_OF,
    FACTION_POWERS,
    GAME_KEYS,
    LAST_REWARD_GAME,
    MAX_FACTIONS,
    MAX_SEATS,
    MIN_SEATS,
    NEIGHBOURS,
    PACKET_UNLOCKS,
    RESULTS,
    TERRITORIES,
)
from .state import (
    City,
    Faction,
    Game,
    Packet,
    RiskLegacyState,
    ScarType,
    Seat,
    _add_scar_type,
    _check_faction,
    _check_player,
    _check_shape,
    _check_territory,
    _city_words,
    _end_standing,
    _plural,
    _quoted,
    _record,
    _unknown,
)


def why_not_next_game(state: RiskLegacyState) -> str | None:
    """Why the next game may not start yet, or None when it may."""
    number = state.next_game_number
    if not state.set_up:
        return "The campaign must be set up before game 1"
    last = state.last_game
    if last is None:
        return None
    if last.in_progress:
        return f"Game {number} cannot start before game {last.number} has ended"
    if last.number <= LAST_REWARD_GAME and not last.winner_rewarded:
        return (
            f"Game {number} cannot start before game {last.number}'s winner ({last.winner}) "
            "has chosen a reward"
        )
    return None


def start_problems(
    state: RiskLegacyState, player: str, territory: str, chosen_starts: Iterable[str] = ()
) -> list[Problem]:
    """Why `player` may not put their HQ in `territory` (every reason, each with its rule), none
    when it is a legal start. `chosen_starts` are the starts of the earlier seats of the same
    game: the board is otherwise empty when HQs are placed."""
    if territory not in CONTINENT_OF:
        return [Problem(None, _unknown("territory", territory, TERRITORIES))]
    chosen = list(chosen_starts)
    problems = []
    if territory in chosen:
        problems.append(
            Problem(rules.ONE_HQ_PER_TERRITORY, f"{territory} is already an earlier seat's start")
        )
    neighbour = next((other for other in chosen if other in NEIGHBOURS[territory]), None)
    if neighbour is not None:
        problems.append(
            Problem(
                rules.HQS_NOT_ADJACENT,
                f"{territory} borders {neighbour}, an earlier seat's start: HQs may not be adjacent",
            )
        )
    marks = state.territories[territory]
    city = marks.city
    # A Major City its founder starts in is legal even when scarred.
    if city is not None and city.kind == "major" and city.founder == player:
        return problems
    if city is not None and city.kind == "major":
        problems.append(Problem(rules.LEGAL_START, (
            f"{territory} has a Major City ({city.name}) founded by {city.founder}: "
            "only its founder may start there"
        )))
    elif city is not None:
        problems.append(Problem(rules.LEGAL_START, (
            f"{territory} has a {CITY_LABEL[city.kind]} ({city.name}): a city is a legal start "
            "only when it is a Major City you founded"
        )))
    elif marks.scar is not None:
        problems.append(Problem(rules.LEGAL_START, (
            f"{territory} has a scar ({marks.scar}): a scarred territory is a legal start only "
            "when it holds a Major City you founded"
        )))
    return problems


def why_not_start(
    state: RiskLegacyState, player: str, territory: str, chosen_starts: Iterable[str] = ()
) -> str | None:
    """Why `player` may not put their HQ in `territory` (the first reason), or None when it is
    a legal start."""
    problems = start_problems(state, player, territory, chosen_starts)
    return problems[0].message if problems else None


def legal_starts(state: RiskLegacyState, player: str, chosen_starts: Iterable[str] = ()) -> list[str]:
    """The territories `player` may start in, sorted, after the earlier seats' starts."""
    chosen = list(chosen_starts)
    return sorted(t for t in TERRITORIES if why_not_start(state, player, t, chosen) is None)


def _seat_place(number: int, index: int, seat: Any) -> str:
    return seat_place(f"game {number}", index, seat)


def _check_game(state: RiskLegacyState, data: Any) -> None:
    place = f"game {state.next_game_number}"
    _check_shape(data, ("number", "played_on", "seats"), ("keys",), "the game", place)
    number = data["number"]
    if not is_whole(number):
        raise RuleError("'number' must be the game's number", place=place, field="number")
    place = f"game {number}"
    if number != state.next_game_number:
        raise RuleError(
            f"The next game is game {state.next_game_number}, not game {number}", place=place, field="number"
        )
    problem = why_not_next_game(state)
    if problem:
        raise RuleError(problem, place=place)
    if not is_iso_date(data["played_on"]):
        raise RuleError("'played_on' must be a date written YYYY-MM-DD", place=place, field="played_on")
    if "keys" in data:
        keys = data["keys"]
        if not isinstance(keys, list) or any(k not in GAME_KEYS for k in keys) or len(set(keys)) != len(keys):
            raise RuleError(f"'keys' must list some of {', '.join(GAME_KEYS)}", place=place, field="keys")
    _check_seats(state, number, data["seats"])


def _check_seats(state: RiskLegacyState, number: int, seats: Any) -> None:
    place = f"game {number}"
    if not isinstance(seats, list):
        raise RuleError("'seats' must be the list of seats, clockwise", place=place, field="seats")
    if not MIN_SEATS <= len(seats) <= MAX_SEATS:
        refuse(
            rules.THREE_TO_FIVE_PLAYERS,
            f"A game has {MIN_SEATS} to {MAX_SEATS} players, not {len(seats)}",
            place=place,
            field="seats",
        )
    seated: dict[str, Any] = {}
    factions: dict[str, Any] = {}
    starts: list[str] = []
    for index, seat in enumerate(seats, 1):
        seat_place = _seat_place(number, index, seat)
        _check_shape(seat, ("player", "faction", "start"), (), "the seat", seat_place)
        player, faction, start = seat["player"], seat["faction"], seat["start"]
        _check_player(state, player, seat_place, "player")
        if player in seated:
            refuse(rules.ONE_SEAT_PER_PLAYER, f"{player} already has a seat in this game", place=seat_place,
                   field="player")
        _check_faction(state, faction, seat_place, "faction")
        if faction in factions:
            refuse(
                rules.ONE_FACTION_PER_GAME,
                f"{faction} is already played by {factions[faction]} in this game",
                place=seat_place,
                field="faction",
            )
        _check_territory(start, seat_place, "start")
        for problem in start_problems(state, player, start, starts):
            refuse(problem.rule, problem.message, place=seat_place, field="start")
        seated[player] = True
        factions[faction] = player
        starts.append(start)


def _change_game(state: RiskLegacyState, data: dict) -> None:
    previous = state.last_game
    if previous is not None:
        previous.reward_queue.clear()  # whoever did not choose before the next game passed
    seats = [Seat(player=s["player"], faction=s["faction"], start=s["start"]) for s in data["seats"]]
    state.games.append(Game(number=data["number"], played_on=data["played_on"], seats=seats))


# --------------------------------------------------------------------------------------
# During a game: packets and events
# --------------------------------------------------------------------------------------


def _game_in_progress(state: RiskLegacyState, what: str, place: str) -> Game:
    """The game in progress; `what` ("Events are logged") opens the sentence of a refusal."""
    game = state.last_game
    if game is None:
        raise RuleError(f"{what} during a game: no game has been logged yet", place=place)
    if not game.in_progress:
        raise RuleError(f"{what} during a game: game {game.number} has ended", place=place)
    return game


def _packet_place(state: RiskLegacyState) -> str:
    game = state.last_game
    return f"game {game.number}, packet {len(game.packets) + 1}" if game else "packet"


def why_not_open_packet(state: RiskLegacyState) -> str | None:
    """A packet is opened whenever its condition is met: during a game, during its rewards
    (a second signature, the ninth Minor City) or between games. It belongs to the last game."""
    if state.last_game is None:
        return "Packets are opened during or after a game: no game has been logged yet"
    return None


def _check_packet(state: RiskLegacyState, data: Any) -> None:
    place = _packet_place(state)
    problem = why_not_open_packet(state)
    if problem:
        raise RuleError(problem, place=place)
    _check_shape(data, ("name", "unlocks"), (), "the packet", place)
    require_text(data, "name", place)
    folded = data["name"].strip().casefold()
    opened = state.packets_named.get(folded)
    if opened is not None:
        raise RuleError(
            f'The packet "{opened.name}" was already opened in game {opened.game}', place=place, field="name"
        )
    unlocks = data["unlocks"]
    _check_shape(unlocks, (), PACKET_UNLOCKS, "'unlocks'", place)
    if "scar_types" in unlocks:
        _check_new_scar_types(state, unlocks["scar_types"], place)
    new_factions = _check_new_factions(state, unlocks["factions"], place) if "factions" in unlocks else {}
    if "powers" in unlocks:
        _check_new_powers(state, unlocks["powers"], new_factions, place)
    if "world_capital" in unlocks:
        if not isinstance(unlocks["world_capital"], bool):
            raise RuleError("'world_capital' must be true or false", place=place, field="world_capital")
        if unlocks["world_capital"] and state.world_capital_unlocked_in is not None:
            raise RuleError(
                f"The World Capital was already unlocked in game {state.world_capital_unlocked_in}",
                place=place,
                field="world_capital",
            )
    for key in ("notes", "rules_text"):
        if key in unlocks and not isinstance(unlocks[key], str):
            raise RuleError(f"'{key}' must be a text", place=place, field=key)


def _check_new_factions(state: RiskLegacyState, factions: Any, place: str) -> dict[str, str]:
    """A faction a packet adds has a name no faction has and its powers as printed (one or two);
    the box holds at most MAX_FACTIONS. Returns the new names, folded -> as written."""
    if not isinstance(factions, list):
        raise RuleError("'factions' must be a list of factions", place=place, field="factions")
    if len(state.factions) + len(factions) > MAX_FACTIONS:
        raise RuleError(
            f"A campaign holds at most {MAX_FACTIONS} factions: {len(state.factions)} are in play already",
            place=place,
            field="factions",
        )
    known = {key.casefold(): key for key in state.factions}
    new: dict[str, str] = {}
    for faction in factions:
        _check_shape(faction, ("name", "powers"), (), "a faction", place)
        name = require_text(faction, "name", place).strip()
        if name.casefold() in known or name.casefold() in new:
            already = known.get(name.casefold()) or new[name.casefold()]
            raise RuleError(f"There is already a faction called {already}", place=place, field="factions")
        powers = faction["powers"]
        if not (
            isinstance(powers, list)
            and 1 <= len(powers) <= FACTION_POWERS
            and all(isinstance(p, str) and p.strip() for p in powers)
        ):
            raise RuleError(
                f"{name}'s 'powers' must be the text of its powers as printed (one or {FACTION_POWERS})",
                place=place,
                field="factions",
            )
        new[name.casefold()] = name
    return new


def _check_new_powers(state: RiskLegacyState, powers: Any, new_factions: dict[str, str], place: str) -> None:
    """A power a packet adds belongs to a faction in play (or one the same packet adds)."""
    if not isinstance(powers, list):
        raise RuleError(
            "'powers' must be a list of powers, each with its faction", place=place, field="powers"
        )
    names = [*state.factions, *new_factions.values()]
    for power in powers:
        _check_shape(power, ("faction", "power"), (), "a power", place)
        if power["faction"] not in names:
            raise RuleError(_unknown("faction", power["faction"], names), place=place, field="powers")
        require_text(power, "power", place)


def _check_new_scar_types(state: RiskLegacyState, scar_types: Any, place: str) -> None:
    """A new scar type has a name and an effect, and its name is new."""
    if not isinstance(scar_types, list):
        raise RuleError("'scar_types' must be a list of scar types", place=place, field="scar_types")
    known = ChainMap({}, state.scar_types_folded)  # this packet's names first, then the campaign's
    for scar_type in scar_types:
        _check_shape(scar_type, ("name", "effect"), (), "a scar type", place)
        require_text(scar_type, "name", place)
        require_text(scar_type, "effect", place)
        folded = scar_type["name"].strip().casefold()
        if folded in known:
            raise RuleError(
                f"There is already a scar type called {known[folded]}", place=place, field="scar_types"
            )
        known[folded] = scar_type["name"]


def _change_packet(state: RiskLegacyState, data: dict) -> None:
    game = state.last_game
    unlocks = copy.deepcopy(data["unlocks"])
    for scar_type in unlocks.get("scar_types", []):
        _add_scar_type(state, ScarType(scar_type["name"], scar_type["effect"]))
    for faction in unlocks.get("factions", []):
        name = faction["name"].strip()
        state.factions[name] = Faction(key=name, packet_powers=list(faction["powers"]), added_in=game.number)
    for power in unlocks.get("powers", []):
        state.factions[power["faction"]].packet_powers.append(power["power"])
    if unlocks.get("world_capital"):
        state.world_capital_unlocked_in = game.number
        state.supplies.world_capitals = 1
    packet = Packet(game=game.number, name=data["name"], unlocks=unlocks)
    game.packets.append(packet)
    state.packets_named.setdefault(packet.name.strip().casefold(), packet)
    _record(state, game, "packet", _packet_text(data["name"], unlocks))


def _packet_text(name: str, unlocks: dict[str, Any]) -> str:
    parts = []
    if unlocks.get("scar_types"):
        names = [scar_type["name"] for scar_type in unlocks["scar_types"]]
        parts.append(("scar types " if len(names) > 1 else "the scar type ") + join_names(names))
    if unlocks.get("world_capital"):
        parts.append("the World Capital")
    factions = [faction["name"].strip() for faction in unlocks.get("factions", [])]
    if factions:
        parts.append(("factions " if len(factions) > 1 else "the faction ") + join_names(factions))
    powers = [power["faction"] for power in unlocks.get("powers", [])]
    if powers:
        parts.append(
            ("a power" if len(powers) == 1 else f"{len(powers)} powers")
            + f" for {join_names(list(dict.fromkeys(powers)))}"
        )
    text = f"Packet opened: {_quoted(name)}"
    if parts:
        text += f"; it unlocks {join_names(parts)}"
    if unlocks.get("rules_text"):
        text += f". Its rules: {_quoted(unlocks['rules_text'])}"
    if unlocks.get("notes"):
        text += f". {unlocks['notes']}"
    return text


EVENT_FIELDS = {
    "scar": ("player", "territory", "scar"),
    "fortification_box": ("territory", "count"),
    "city": ("territory", "kind", "name", "player"),
    # Logged at the table so that the packet conditions they meet can be prompted for
    # (an extension of docs/journal.md's three event types; docs/journal.md, "Extensions").
    "elimination": ("player",),
    "missiles": ("count",),
    "recruitment": ("player", "troops"),
    # A Red Star taken from another player (docs/rules.md, 2026-12-01): one of their HQs captured.
    "red_star": ("player", "from"),
    # A Red Star token bought with 4 Resource cards, or won by a mission (docs/rules.md, 2026-12-02).
    "red_star_token": ("player", "how"),
}

#: The events the table logs besides the board's marks (docs/journal.md's scar, boxes and city).
TABLE_EVENTS = ("elimination", "missiles", "recruitment", "red_star", "red_star_token")


#: Optional event fields (docs/journal.md, "Extensions"): `allowed_by_card`, a card or packet lets
#: this scar or city cover another (rulebook "unless it says you can"), or lets a player place a
#: second scar in one game, written only as true; `by` on Missiles, who fired them ({"Ana": 1},
#: counts adding up to the event's count), so that holding a Missile is judged per player
#: (docs/rules.md, 2026-12-01).
EVENT_OPTIONAL_FIELDS = {"scar": ("allowed_by_card",), "city": ("allowed_by_card",), "missiles": ("by",)}


#: Missiles fired in one combat that open the packet "three Missiles in the same combat".
MISSILES_PACKET = 3


#: Troops recruited in one turn, holding a Missile, that open the matching packet.
RECRUITMENT_PACKET = 30


def _event_place(state: RiskLegacyState) -> str:
    game = state.last_game
    return f"game {game.number}, event {len(game.events) + 1}" if game else "event"


def _check_event(state: RiskLegacyState, data: Any) -> None:
    place = _event_place(state)
    game = _game_in_progress(state, "Events are logged", place)
    if not isinstance(data, dict):
        raise RuleError("an event must be a JSON object", place=place)
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in EVENT_FIELDS:
        raise RuleError(
            "an event's 'type' must be scar, fortification_box, city, elimination, missiles, recruitment, "
            "red_star or red_star_token",
            place=place,
            field="type",
        )
    _check_shape(
        data, ("type", *EVENT_FIELDS[kind]), EVENT_OPTIONAL_FIELDS.get(kind, ()), f"a {kind} event", place
    )
    if "allowed_by_card" in data and data["allowed_by_card"] is not True:
        raise RuleError(
            "'allowed_by_card' is true when a card or packet lets this cover another; leave it out otherwise",
            place=place,
            field="allowed_by_card",
        )
    won = game.won_by_red_stars
    if won is not None:
        refuse(
            rules.FOUR_RED_STARS_WIN,
            f"{won} took a fourth Red Star and won game {game.number} at once: nothing happens after it "
            "but the game's end",
            place=place,
        )
    covers = data.get("allowed_by_card", False)
    if kind in TABLE_EVENTS:
        problems = _table_event_problems(state, game, data, place)
    else:
        _check_territory(data["territory"], place, "territory")
        if kind == "scar":
            _check_seated(state, game, data["player"], place)
            problems = [
                _still_in_the_game(game, data["player"], "plays no Scar card"),
                _second_scar_problem(game, data["player"], covers),
                _scar_type_problem(state, data["scar"]),
                _scar_cover_problem(state, data["territory"], covers),
            ]
        elif kind == "fortification_box":
            if not is_whole(data["count"]) or data["count"] < 1:
                raise RuleError(
                    "'count' must be a whole number of boxes, at least 1", place=place, field="count"
                )
            problems = [_boxes_problem(state, data["territory"], data["count"])]
        else:
            _check_seated(state, game, data["player"], place)
            if data["kind"] not in CITY_KINDS:
                raise RuleError(
                    "a city's 'kind' must be minor, major or world_capital", place=place, field="kind"
                )
            require_text(data, "name", place)
            problems = [
                _city_kind_problem(state, data["kind"]),
                None if covers else _city_cover_problem(state, data["territory"]),
            ]
    for problem in problems:
        if problem is not None:
            refuse(problem.rule, problem.message, place=place, field=problem.field)


def _check_seated(
    state: RiskLegacyState, game: Game, player: Any, place: str, field_name: str = "player"
) -> None:
    _check_player(state, player, place, field_name)
    if game.seat_of(player) is None:
        raise RuleError(f"{player} is not playing game {game.number}", place=place, field=field_name)


# The event checks return a Problem (its rule, its sentence, the field it concerns), or None.


def eliminated_during(game: Game) -> list[str]:
    """The players logged as eliminated while the game was played."""
    return list(game.eliminated)


def _still_in_the_game(game: Game, player: str, what: str) -> Problem | None:
    """An eliminated player takes no further part in the game ("Sit back")."""
    if player in game.eliminated:
        return Problem(
            rules.ELIMINATED_TAKE_NO_PART,
            f"{player} has been eliminated in game {game.number}: an eliminated player {what}",
            "player",
        )
    return None


def missiles_in_play(state: RiskLegacyState, game: Game) -> int:
    """The Missiles the seated players started this game with (one per signature)."""
    return sum(state.signatures(seat.player) for seat in game.seats)


def missiles_fired(game: Game) -> int:
    """The Missiles fired so far in this game: a fired Missile is spent."""
    return game.fired_missiles


def missiles_left(state: RiskLegacyState, game: Game) -> int:
    """The unfired Missiles at the table: the setup Missiles less those fired."""
    return missiles_in_play(state, game) - missiles_fired(game)


def missiles_fired_by(game: Game, player: str) -> int:
    """The Missiles `player` is named as having fired so far in this game (events with `by`)."""
    return game.fired_by.get(player, 0)


def missiles_left_for(state: RiskLegacyState, game: Game, player: str) -> int:
    """The unfired Missiles `player` may still hold: their setup Missiles less those they fired,
    and never more than are left unfired at the table (a Missile fired without naming who
    fired it was someone's)."""
    own = state.signatures(player) - missiles_fired_by(game, player)
    return max(0, min(own, missiles_left(state, game)))


def _missiles_words(count: int) -> str:
    return f"{count} Missile{'' if count == 1 else 's'}"


def _too_many_missiles(game: Game, in_play: int, left: int) -> str:
    """Why more Missiles than the `left` unfired ones cannot be fired, in words."""
    number = game.number
    if in_play == 0:
        return f"No Missile is in play in game {number}: Missiles come from signing the victor's section"
    if left <= 0:
        fired = "the only Missile in play has" if in_play == 1 else f"all {in_play} Missiles in play have"
        return (
            f"No Missile is left unfired in game {number}: {fired} been fired, and a fired Missile is spent"
        )
    if left == in_play:
        return f"Only {_missiles_words(in_play)} {'is' if in_play == 1 else 'are'} in play in game {number}"
    return (
        f"Only {_missiles_words(left)} {'is' if left == 1 else 'are'} left unfired in game {number} "
        f"({in_play - left} of {in_play} already fired: a fired Missile is spent)"
    )


RED_STAR_TOKEN_WAYS = ("bought", "mission")
RED_STARS_TO_WIN = 4  # "To win the game, you need four red stars"  # 4 Resource cards, or a mission won


def _table_event_problems(state: RiskLegacyState, game: Game, data: dict, place: str) -> list[Problem | None]:
    """Eliminations, Missiles fired in one combat, recruitment while holding a Missile, Red Stars
    taken and Red Star tokens bought or won: every reason to refuse one, each with its rule."""
    kind = data["type"]
    if kind == "missiles":
        count = data["count"]
        if not is_whole(count) or count < 1:
            return [Problem(None, "'count' must be a whole number of Missiles, at least 1", "count")]
        in_play, left = missiles_in_play(state, game), missiles_left(state, game)
        problems = (
            [Problem(rules.MISSILES_HELD, _too_many_missiles(game, in_play, left), "count")]
            if count > left
            else []
        )
        if "by" in data:
            problems += _missiles_by_problems(state, game, count, data["by"], place)
        return problems
    _check_seated(state, game, data["player"], place)
    player = data["player"]
    if kind == "elimination":
        return [_elimination_problem(game, player)]
    if kind == "red_star":
        _check_seated(state, game, data["from"], place, "from")
        return _red_star_problems(game, player, data["from"])
    if kind == "red_star_token":
        if data["how"] not in RED_STAR_TOKEN_WAYS:
            return [Problem(None, "'how' must be bought (4 Resource cards) or mission", "how")]
        return [_still_in_the_game(game, player, "takes no Red Star")]
    troops = data["troops"]
    if not is_whole(troops) or troops < 1:
        return [Problem(None, "'troops' must be a whole number, at least 1", "troops")]
    problem = _missile_holder_problem(state, game, player)
    return [Problem(rules.MISSILES_HELD, problem, "player") if problem else None]


def hqs_held(game: Game, player: str) -> int:
    """The HQs `player` holds now: their own, plus those taken from others, less those taken
    from them (each a Red Star: docs/rules.md, 2026-12-01)."""
    return 1 + game.red_stars_taken.get(player, 0) - game.red_stars_lost.get(player, 0)


def red_stars(state: RiskLegacyState, game: Game, player: str) -> int:
    """`player`'s Red Stars in `game`: the HQs they hold, their token from the start (a player who
    never signed before the game starts with one) and the tokens they bought or won."""
    setup_token = 1 if state.signatures_before(player, game.number) == 0 else 0
    return hqs_held(game, player) + setup_token + game.red_star_tokens.get(player, 0)


def _red_star_problems(game: Game, player: str, taken_from: str) -> list[Problem | None]:
    """A Red Star is taken from another player by capturing one of the HQs they hold (rulebook:
    every HQ counts as a Red Star; Red Star tokens never change hands), so by a player still in
    the game, from one who holds an HQ."""
    if taken_from == player:
        return [
            Problem(
                None,
                f"{player} cannot take a Red Star from themselves: it is taken from another player",
                "from",
            )
        ]
    problems = [_still_in_the_game(game, player, "takes nothing")]
    if hqs_held(game, taken_from) <= 0:
        problems.append(Problem(rules.RED_STAR_FROM_AN_HQ, (
            f"{taken_from} holds no HQ now, so has no Red Star to take: a Red Star is taken by "
            "capturing an HQ (Red Star tokens never change hands)"
        ), "from"))
    return problems


def _elimination_problem(game: Game, player: str) -> Problem | None:
    """Why seated `player` cannot be eliminated now in `game`, or None when they may be."""
    out = eliminated_during(game)
    if player in out:
        return Problem(
            rules.ELIMINATED_ONCE, f"{player} has already been eliminated in game {game.number}", "player"
        )
    if sum(1 for seat in game.seats if seat.player not in out) <= 1:
        return Problem(
            rules.ELIMINATED_ONCE,
            f"{player} is the last player standing: they won game {game.number}",
            "player",
        )
    return None


def _missiles_by_problems(
    state: RiskLegacyState, game: Game, count: int, by: Any, place: str
) -> list[Problem]:
    """Who fired the Missiles of one combat: seated players still in the game, each firing no
    more than they hold unfired, the counts adding up to the event's."""
    if not isinstance(by, dict) or not by or not all(is_whole(n) and n >= 1 for n in by.values()):
        return [Problem(None, "'by' must name who fired and how many Missiles each, e.g. {\"Ana\": 1}", "by")]
    for player in by:
        _check_seated(state, game, player, place, "by")
    named = sum(by.values())
    if named != count:
        return [Problem(None, (
            f"The Missiles named add up to {named}, not the {count} fired in this combat: "
            "say how many each player fired"
        ), "by")]
    problems = []
    for player, fired in by.items():
        out = _still_in_the_game(game, player, "fires no Missile")
        if out is not None:
            problems.append(Problem(out.rule, out.message, "by"))
        own = _own_missiles_problem(state, game, player, fired)
        if own:
            problems.append(Problem(rules.MISSILES_HELD, own, "by"))
    return problems


def _own_missiles_problem(state: RiskLegacyState, game: Game, player: str, fired: int) -> str | None:
    """Why `player` cannot fire `fired` more Missiles now (setup Missiles less those they fired)."""
    own = state.signatures(player)
    if own == 0:
        return f"{player} holds no Missile (they have never signed the victor's section)"
    left = own - missiles_fired_by(game, player)
    if left <= 0:
        spent = "their only Missile has" if own == 1 else f"all {own} of their Missiles have"
        return f"{player} holds no unfired Missile: {spent} been fired in game {game.number}"
    if fired > left:
        already = (
            f" ({own - left} of their {own} already fired: a fired Missile is spent)" if left < own else ""
        )
        return (
            f"{player} holds only {_missiles_words(left)} unfired in game {game.number}, not {fired}{already}"
        )
    return None


def _missile_holder_problem(state: RiskLegacyState, game: Game, player: str) -> str | None:
    """Why `player` cannot be holding an unfired Missile now, or None when they may be.

    Judged per player when Missiles were logged with who fired them (`by`): their setup
    Missiles less those they fired; a Missile fired without `by` counts for the table."""
    if state.signatures(player) == 0:
        return f"{player} holds no Missile (they have never signed the victor's section)"
    own = _own_missiles_problem(state, game, player, 1)
    if own:
        return own
    if missiles_left(state, game) <= 0:
        # The tracker counts the Missiles fired at the table, not whose they were.
        in_play = missiles_in_play(state, game)
        fired = "the only Missile in play has" if in_play == 1 else f"all {in_play} Missiles in play have"
        return f"{player} holds no unfired Missile: {fired} been fired in game {game.number}"
    if player in eliminated_during(game):
        return f"{player} has been eliminated in game {game.number}"
    return None


def scars_placed_by(game: Game, player: str) -> int:
    """The scars `player` has placed in this game."""
    return game.scars_by.get(player, 0)


def _second_scar_problem(game: Game, player: str, allowed_by_card: bool = False) -> Problem | None:
    """Each player is dealt at most one Scar card a game (rulebook "dealing one to each player"),
    so places at most one scar, unless a card or packet lets them (`allowed_by_card`)."""
    if allowed_by_card or scars_placed_by(game, player) == 0:
        return None
    return Problem(rules.ONE_SCAR_PER_PLAYER_PER_GAME, (
        f"{player} has already placed a scar in game {game.number}: each player is dealt one Scar card "
        "a game, so places one scar, unless a card or packet lets them place another"
    ), "player")


def _scar_type_problem(state: RiskLegacyState, scar: Any) -> Problem | None:
    """A scar of a type unlocked: the box's, or a packet's."""
    if not isinstance(scar, str) or state.scar_type(scar) is None:
        return Problem(rules.KNOWN_SCAR_TYPE, _unknown("scar type", scar, [t.name for t in state.scar_types],
                                                        " unlocked yet"), "scar")
    return None


def _scar_cover_problem(
    state: RiskLegacyState, territory: str, allowed_by_card: bool = False
) -> Problem | None:
    """A scar goes on a territory without one: it covers a scar only when a card or packet says so."""
    existing = state.territories[territory].scar
    if existing is not None and not allowed_by_card:
        return Problem(rules.SCAR_COVERS_NO_SCAR, (
            f"{territory} already has a scar ({existing}): a scar cannot cover a scar "
            "unless a card or packet says it may"
        ), "territory")
    return None


def _boxes_problem(state: RiskLegacyState, territory: str, count: int) -> Problem | None:
    """Boxes are ticked on a fortified city only, and never past the 10th."""
    marks = state.territories[territory]
    if marks.city is None or marks.fortification is None:
        return Problem(rules.FORTIFIED_CITY_BOXES, f"{territory} has no fortified city", "territory")
    left = marks.fortification.boxes_left
    if count > left:
        boxes = "box" if left == 1 else "boxes"
        return Problem(
            rules.FORTIFIED_CITY_BOXES,
            f"{territory}'s fortification has only {left} {boxes} left, not {count}",
            "count",
        )
    return None


def _city_cover_problem(state: RiskLegacyState, territory: str) -> Problem | None:
    """A city goes on a territory without one, unless a card or packet lets it cover one."""
    no_city = _no_city_problem(state, territory)
    if no_city:
        return Problem(
            rules.CITY_COVERS_NO_CITY,
            f"{no_city}: a city cannot cover a city unless a card or packet says it may",
            "territory",
        )
    return None


def _city_kind_problem(state: RiskLegacyState, kind: str) -> Problem | None:
    """Why a city of this kind cannot be placed now: locked, or none left in the box."""
    if kind == "world_capital" and state.world_capital_unlocked_in is None:
        return Problem(
            rules.WORLD_CAPITAL_UNLOCKED,
            "The World Capital is not unlocked: a packet must unlock it first",
            "kind",
        )
    supply_problem = _city_supply_problem(state, kind)
    if supply_problem:
        return Problem(rules.CITY_STICKERS_LEFT, supply_problem[0].upper() + supply_problem[1:], "kind")
    return None


def _city_supply_problem(state: RiskLegacyState, kind: str) -> str | None:
    left = {
        "minor": state.supplies.minor_cities,
        "major": state.supplies.major_cities,
        "world_capital": state.supplies.world_capitals,
    }[kind]
    if left > 0:
        return None
    if kind == "world_capital":
        return "The World Capital has already been placed: there is only one"
    return f"no {CITY_LABEL[kind]} stickers are left"


def _found_city(
    state: RiskLegacyState, game: Game, territory: str, kind: str, name: str, founder: str, also: str = ""
) -> None:
    """`also`: what else the founder did, in words (", and named …")."""
    covered = state.territories[territory].city
    if covered is not None:  # a card allowed covering it
        covering = f"covered in game {game.number} by the {CITY_LABEL[kind]} {name}"
        _end_standing(state, territory, "city", covering)
        also = f", covering the {CITY_LABEL[covered.kind]} {covered.name}{also}"
    state.territories[territory].city = City(kind=kind, name=name, founder=founder, game=game.number)
    _record(
        state, game, "city", f"{founder} founded the {CITY_LABEL[kind]} {name} in {territory}{also}",
        player=founder, territory=territory,
    )
    if kind == "minor":
        state.supplies.minor_cities -= 1
        if state.supplies.minor_cities == 0:  # all nine are on the board
            _condition_met(state, "ninth_minor_city", game.number)
    elif kind == "major":
        state.supplies.major_cities -= 1
    else:
        state.supplies.world_capitals -= 1
        _condition_met(state, "world_capital_placed", game.number)


def _condition_met(state: RiskLegacyState, condition: str, game_number: int) -> None:
    state.conditions_met.setdefault(condition, game_number)


def _change_event(state: RiskLegacyState, data: dict) -> None:
    game = state.last_game
    kind = data["type"]
    if kind in TABLE_EVENTS:
        if kind == "elimination":
            game.eliminated.append(data["player"])
            _condition_met(state, "first_elimination", game.number)
        elif kind == "missiles":
            game.fired_missiles += data["count"]
            for player, count in data.get("by", {}).items():
                game.fired_by[player] = game.fired_by.get(player, 0) + count
            if data["count"] >= MISSILES_PACKET:
                _condition_met(state, "three_missiles", game.number)
        elif kind == "recruitment" and data["troops"] >= RECRUITMENT_PACKET:
            _condition_met(state, "recruit_30", game.number)
        elif kind == "red_star":
            game.red_stars_taken[data["player"]] = game.red_stars_taken.get(data["player"], 0) + 1
            game.red_stars_lost[data["from"]] = game.red_stars_lost.get(data["from"], 0) + 1
        elif kind == "red_star_token":
            game.red_star_tokens[data["player"]] = game.red_star_tokens.get(data["player"], 0) + 1
        game.events.append(copy.deepcopy(data))
        text = _table_event_text(data)
        if kind in ("red_star", "red_star_token") and game.won_by_red_stars is None:
            if red_stars(state, game, data["player"]) >= RED_STARS_TO_WIN:
                game.won_by_red_stars = data["player"]  # "If this gives me my fourth Red Star, then I win"
                text += f": a fourth Red Star, {data['player']} wins game {game.number}"
        _record(state, game, kind, text, player=data.get("player"))
        return
    territory = data["territory"]
    marks = state.territories[territory]
    if data["type"] == "scar":
        text = f"{data['player']} scarred {territory}: {data['scar']}"
        if marks.scar is not None and data.get("allowed_by_card"):  # a card allowed covering it
            covering = f"covered in game {game.number} by {data['player']}'s {data['scar']} scar"
            _end_standing(state, territory, "scar", covering)
            text += f", covering its {marks.scar} scar"
        elif marks.scar is not None:  # the group ruled that scars stack: both stand
            marks.scars_under.append(marks.scar)
            text += f", beside its {marks.scar} scar"
        if scars_placed_by(game, data["player"]) and data.get(
            "allowed_by_card"
        ):  # a card allowed a second one
            text += f" (a card let {data['player']} place a second scar this game)"
        marks.scar = data["scar"]
        game.scars_by[data["player"]] = game.scars_by.get(data["player"], 0) + 1
        _record(state, game, "scar", text, player=data["player"], territory=territory)
    elif data["type"] == "fortification_box":
        marks.fortification.boxes_left -= data["count"]
        boxes = _plural(data["count"], "fortification box", "fortification boxes")
        if marks.fortification.boxes_left == 0:  # after the 10th the city is no longer fortified
            marks.fortification = None
            _end_standing(state, territory, "fortify_city", f"all 10 boxes ticked by game {game.number}")
            text = f"{boxes} ticked on {territory}: the 10th is ticked, the city is no longer fortified"
        else:
            text = f"{boxes} ticked on {territory}: {marks.fortification.boxes_left} left"
        _record(state, game, "boxes", text, territory=territory)
    else:
        _found_city(state, game, territory, data["kind"], data["name"], data["player"])
    game.events.append(copy.deepcopy(data))


def _table_event_text(data: dict) -> str:
    """An elimination, Missiles fired in one combat or a recruitment, in words."""
    if data["type"] == "elimination":
        return f"{data['player']} was eliminated"
    if data["type"] == "red_star_token":
        how = "bought with 4 Resource cards" if data["how"] == "bought" else "won by a mission"
        return f"{data['player']} took a Red Star token, {how}"
    if data["type"] == "red_star":
        return f"{data['player']} took a Red Star from {data['from']}, capturing an HQ"
    if data["type"] == "missiles":
        fired = f"{_plural(data['count'], 'Missile')} fired in one combat"
        by = data.get("by")
        if isinstance(by, dict) and len(by) == 1:
            return f"{_plural(data['count'], 'Missile')} fired by {next(iter(by))} in one combat"
        if isinstance(by, dict) and by:
            return f"{fired}: " + ", ".join(f"{n} by {player}" for player, n in by.items())
        return fired
    return f"{data['player']} recruited {data['troops']} troops while holding a Missile"


# --------------------------------------------------------------------------------------
# A game's end
# --------------------------------------------------------------------------------------


def _check_game_end(state: RiskLegacyState, data: Any) -> None:
    game = state.last_game
    place = f"game {game.number}, end" if game else "end"
    game = _game_in_progress(state, "A game's end is logged", place)
    _check_shape(data, ("results",), ("end_control",), "the game's end", place)
    results = data["results"]
    if not isinstance(results, dict):
        raise RuleError("'results' must give each seat's result", place=place, field="results")
    for player, result in results.items():
        _check_seated(state, game, player, place, "results")
        if result not in RESULTS:
            raise RuleError(
                f"{player}'s result must be won, held_on or eliminated", place=place, field="results"
            )
    for seat in game.seats:
        if seat.player not in results:
            raise RuleError(f"{seat.player} has no result", place=place, field="results")
    winners = [player for player, result in results.items() if result == "won"]
    if len(winners) != 1:
        found = f"{len(winners)} ({join_names(winners)})" if winners else "none"
        refuse(rules.ONE_WINNER, f"A game has exactly one winner, not {found}", place=place, field="results")
    for player in eliminated_during(game):
        if results[player] != "eliminated":
            refuse(
                rules.ELIMINATED_RESULT,
                f"{player} was eliminated during the game, so their result is eliminated",
                place=place,
                field="results",
            )
    if game.won_by_red_stars is not None and results.get(game.won_by_red_stars) != "won":
        refuse(
            rules.FOURTH_RED_STAR_WINNER,
            f"{game.won_by_red_stars} took a fourth Red Star, so won game {game.number}",
            place=place,
            field="results",
        )
    if "end_control" in data:
        _check_end_control(state, game, results, data["end_control"], place)


def _check_end_control(
    state: RiskLegacyState, game: Game, results: dict, end_control: Any, place: str
) -> None:
    key = "end_control"
    if not isinstance(end_control, dict):
        raise RuleError(
            "'end_control' must list the territories each player controls", place=place, field=key
        )
    controller: dict[str, str] = {}
    for player, territories in end_control.items():
        _check_seated(state, game, player, place, key)
        if not isinstance(territories, list):
            raise RuleError(f"{player}'s end control must be a list of territories", place=place, field=key)
        if territories and results[player] == "eliminated":
            refuse(
                rules.ELIMINATED_RESULT,
                f"{player} was eliminated and controls nothing at the end",
                place=place,
                field=key,
            )
        for territory in territories:
            _check_territory(territory, place, key)
            if territory in controller:
                other = controller[territory]
                who = "twice" if other == player else f"for both {other} and {player}"
                refuse(
                    rules.ONE_OWNER_PER_TERRITORY,
                    f"{territory} is listed {who}: a territory has one controller",
                    place=place,
                    field=key,
                )
            controller[territory] = player
    # A held-on player still has troops on the board (rulebook: no troops left when the
    # game ends means you're out), so they control at least one territory.
    for seat in game.seats:
        if results[seat.player] == "held_on" and not end_control.get(seat.player):
            refuse(
                rules.HELD_ON_CONTROLS_A_TERRITORY,
                f"{seat.player} held on but controls no territory at the end: a player with no "
                "troops left when the game ends is eliminated",
                place=place,
                field=key,
            )


def _change_game_end(state: RiskLegacyState, data: dict) -> None:
    game = state.last_game
    for seat in game.seats:
        seat.result = data["results"][seat.player]
    game.ended = True
    if "end_control" in data:
        game.end_control = copy.deepcopy(data["end_control"])
    if game.number <= LAST_REWARD_GAME:
        game.reward_queue = [game.winner, *game.held_on_clockwise()]
    if any(seat.result == "eliminated" for seat in game.seats):
        _condition_met(state, "first_elimination", game.number)


def _no_city_problem(state, territory) -> str | None:
    city = state.territories[territory].city
    return f"{territory} already has a city ({_city_words(city)})" if city else None
