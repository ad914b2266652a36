"""A game, from its start to its end: the seats and legal starting territories, the packets
opened and the events at the table (scars, fortification boxes, cities, missiles), and the
results and control at its end."""

from __future__ import annotations

import copy
from collections import ChainMap
from collections.abc import Iterable
from typing import Any

from ..base import RuleError
from ..checks import is_iso_date, is_whole, join_names, require_text, seat_place
from .box import (
    CITY_KINDS,
    CITY_LABEL,
    CONTINENT_OF,
    GAME_KEYS,
    LAST_REWARD_GAME,
    MAX_SEATS,
    MIN_SEATS,
    NEIGHBOURS,
    RESULTS,
    TERRITORIES,
)
from .state import (
    City,
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


def why_not_start(
    state: RiskLegacyState, player: str, territory: str, chosen_starts: Iterable[str] = ()
) -> str | None:
    """Why `player` may not put their HQ in `territory`, or None when it is a legal start.

    `chosen_starts` are the starts of the earlier seats of the same game: the board is
    otherwise empty when HQs are placed.
    """
    if territory not in CONTINENT_OF:
        return _unknown("territory", territory, TERRITORIES)
    chosen = list(chosen_starts)
    if territory in chosen:
        return f"{territory} is already an earlier seat's start"
    neighbour = next((other for other in chosen if other in NEIGHBOURS[territory]), None)
    if neighbour is not None:
        return f"{territory} borders {neighbour}, an earlier seat's start: HQs may not be adjacent"
    marks = state.territories[territory]
    city = marks.city
    # A Major City its founder starts in is legal even when scarred.
    if city is not None and city.kind == "major" and city.founder == player:
        return None
    if city is not None and city.kind == "major":
        return (
            f"{territory} has a Major City ({city.name}) founded by {city.founder}: "
            "only its founder may start there"
        )
    if city is not None:
        return (
            f"{territory} has a {CITY_LABEL[city.kind]} ({city.name}): a city is a legal start "
            "only when it is a Major City you founded"
        )
    if marks.scar is not None:
        return (
            f"{territory} has a scar ({marks.scar}): a scarred territory is a legal start only "
            "when it holds a Major City you founded"
        )
    return None


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
        raise RuleError(
            f"A game has {MIN_SEATS} to {MAX_SEATS} players, not {len(seats)}", place=place, field="seats"
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
            raise RuleError(f"{player} already has a seat in this game", place=seat_place, field="player")
        _check_faction(faction, seat_place, "faction")
        if faction in factions:
            raise RuleError(
                f"{faction} is already played by {factions[faction]} in this game",
                place=seat_place,
                field="faction",
            )
        _check_territory(start, seat_place, "start")
        problem = why_not_start(state, player, start, starts)
        if problem:
            raise RuleError(problem, place=seat_place, field="start")
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
    _check_shape(unlocks, (), ("scar_types", "world_capital", "notes"), "'unlocks'", place)
    if "scar_types" in unlocks:
        _check_new_scar_types(state, unlocks["scar_types"], place)
    if "world_capital" in unlocks:
        if not isinstance(unlocks["world_capital"], bool):
            raise RuleError("'world_capital' must be true or false", place=place, field="world_capital")
        if unlocks["world_capital"] and state.world_capital_unlocked_in is not None:
            raise RuleError(
                f"The World Capital was already unlocked in game {state.world_capital_unlocked_in}",
                place=place,
                field="world_capital",
            )
    if "notes" in unlocks and not isinstance(unlocks["notes"], str):
        raise RuleError("'notes' must be a text", place=place, field="notes")


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
    text = f"Packet opened: {_quoted(name)}"
    if parts:
        text += f"; it unlocks {' and '.join(parts)}"
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
}

#: The events the table logs besides the board's marks (docs/journal.md's scar, boxes and city).
TABLE_EVENTS = ("elimination", "missiles", "recruitment", "red_star")


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
            "an event's 'type' must be scar, fortification_box, city, elimination, missiles, recruitment "
            "or red_star",
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
    covers = data.get("allowed_by_card", False)
    if kind in TABLE_EVENTS:
        problem = _table_event_problem(state, game, data, place)
        if problem:
            message, problem_field = problem
            raise RuleError(message, place=place, field=problem_field)
        return
    _check_territory(data["territory"], place, "territory")
    if kind == "scar":
        _check_seated(state, game, data["player"], place)
        problem = _second_scar_problem(game, data["player"], covers) or _scar_problem(
            state, data["territory"], data["scar"], covers
        )
    elif kind == "fortification_box":
        if not is_whole(data["count"]) or data["count"] < 1:
            raise RuleError("'count' must be a whole number of boxes, at least 1", place=place, field="count")
        problem = _boxes_problem(state, data["territory"], data["count"])
    else:
        _check_seated(state, game, data["player"], place)
        if data["kind"] not in CITY_KINDS:
            raise RuleError(
                "a city's 'kind' must be minor, major or world_capital", place=place, field="kind"
            )
        require_text(data, "name", place)
        problem = _city_problem(state, data["territory"], data["kind"], covers)
    if problem:
        message, problem_field = problem
        raise RuleError(message, place=place, field=problem_field)


def _check_seated(
    state: RiskLegacyState, game: Game, player: Any, place: str, field_name: str = "player"
) -> None:
    _check_player(state, player, place, field_name)
    if game.seat_of(player) is None:
        raise RuleError(f"{player} is not playing game {game.number}", place=place, field=field_name)


# The event checks return (message, field) so a form can show the message by its field.


def eliminated_during(game: Game) -> list[str]:
    """The players logged as eliminated while the game was played."""
    return list(game.eliminated)


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
        return (
            f"No Missile is in play in game {number}: Missiles come from signing the victor's section"
        )
    if left == in_play:
        return f"Only {_missiles_words(in_play)} {'is' if in_play == 1 else 'are'} in play in game {number}"
    if left == 0:
        fired = "the only Missile in play has" if in_play == 1 else f"all {in_play} Missiles in play have"
        return (
            f"No Missile is left unfired in game {number}: {fired} been fired, and a fired Missile is spent"
        )
    return (
        f"Only {_missiles_words(left)} {'is' if left == 1 else 'are'} left unfired in game {number} "
        f"({in_play - left} of {in_play} already fired: a fired Missile is spent)"
    )


def _table_event_problem(
    state: RiskLegacyState, game: Game, data: dict, place: str
) -> tuple[str, str] | None:
    """Eliminations, Missiles fired in one combat, and recruitment while holding a Missile."""
    kind = data["type"]
    if kind == "missiles":
        count = data["count"]
        if not is_whole(count) or count < 1:
            return "'count' must be a whole number of Missiles, at least 1", "count"
        in_play, left = missiles_in_play(state, game), missiles_left(state, game)
        if count > left:
            return _too_many_missiles(game, in_play, left), "count"
        if "by" in data:
            return _missiles_by_problem(state, game, count, data["by"], place)
        return None
    _check_seated(state, game, data["player"], place)
    player = data["player"]
    if kind == "elimination":
        problem = _elimination_problem(game, player)
        return (problem, "player") if problem else None
    if kind == "red_star":
        _check_seated(state, game, data["from"], place, "from")
        return _red_star_problem(game, player, data["from"])
    troops = data["troops"]
    if not is_whole(troops) or troops < 1:
        return "'troops' must be a whole number, at least 1", "troops"
    problem = _missile_holder_problem(state, game, player)
    return (problem, "player") if problem else None


def hqs_held(game: Game, player: str) -> int:
    """The HQs `player` holds now: their own, plus those taken from others, less those taken
    from them (each a Red Star: docs/rules.md, 2026-12-01)."""
    return 1 + game.red_stars_taken.get(player, 0) - game.red_stars_lost.get(player, 0)


def _red_star_problem(game: Game, player: str, taken_from: str) -> tuple[str, str] | None:
    """A Red Star is taken from another player by capturing one of the HQs they hold (rulebook:
    every HQ counts as a Red Star; Red Star tokens never change hands), so by a player still in
    the game, from one who holds an HQ."""
    if taken_from == player:
        return f"{player} cannot take a Red Star from themselves: it is taken from another player", "from"
    if player in eliminated_during(game):
        return (
            f"{player} has been eliminated in game {game.number}: an eliminated player takes nothing",
            "player",
        )
    if hqs_held(game, taken_from) == 0:
        return (
            f"{taken_from} holds no HQ now, so has no Red Star to take: a Red Star is taken by "
            "capturing an HQ (Red Star tokens never change hands)",
            "from",
        )
    return None


def _elimination_problem(game: Game, player: str) -> str | None:
    """Why seated `player` cannot be eliminated now in `game`, or None when they may be."""
    out = eliminated_during(game)
    if player in out:
        return f"{player} has already been eliminated in game {game.number}"
    if sum(1 for seat in game.seats if seat.player not in out) <= 1:
        return f"{player} is the last player standing: they won game {game.number}"
    return None


def _missiles_by_problem(
    state: RiskLegacyState, game: Game, count: int, by: Any, place: str
) -> tuple[str, str] | None:
    """Who fired the Missiles of one combat: seated players, each firing no more than they hold
    unfired, the counts adding up to the event's."""
    if not isinstance(by, dict) or not by or not all(is_whole(n) and n >= 1 for n in by.values()):
        return "'by' must name who fired and how many Missiles each, e.g. {\"Ana\": 1}", "by"
    for player in by:
        _check_seated(state, game, player, place, "by")
    named = sum(by.values())
    if named != count:
        return (
            f"The Missiles named add up to {named}, not the {count} fired in this combat: "
            "say how many each player fired",
            "by",
        )
    for player, fired in by.items():
        problem = _own_missiles_problem(state, game, player, fired)
        if problem:
            return problem, "by"
    return None


def _own_missiles_problem(state: RiskLegacyState, game: Game, player: str, fired: int) -> str | None:
    """Why `player` cannot fire `fired` more Missiles now (setup Missiles less those they fired)."""
    own = state.signatures(player)
    if own == 0:
        return f"{player} holds no Missile (they have never signed the victor's section)"
    left = own - missiles_fired_by(game, player)
    if left == 0:
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
    if missiles_left(state, game) == 0:
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


def _second_scar_problem(game: Game, player: str, allowed_by_card: bool = False) -> tuple[str, str] | None:
    """Each player is dealt at most one Scar card a game (rulebook "dealing one to each player"),
    so places at most one scar, unless a card or packet lets them (`allowed_by_card`)."""
    if allowed_by_card or scars_placed_by(game, player) == 0:
        return None
    return (
        f"{player} has already placed a scar in game {game.number}: each player is dealt one Scar card "
        "a game, so places one scar, unless a card or packet lets them place another",
        "player",
    )


def _scar_problem(
    state: RiskLegacyState, territory: str, scar: Any, allowed_by_card: bool = False
) -> tuple[str, str] | None:
    """A scar of an unlocked type, on a territory without one: a scar covers a scar only
    when a card or packet says it may."""
    if not isinstance(scar, str) or state.scar_type(scar) is None:
        return _unknown("scar type", scar, [t.name for t in state.scar_types], " unlocked yet"), "scar"
    existing = state.territories[territory].scar
    if existing is not None and not allowed_by_card:
        return (
            f"{territory} already has a scar ({existing}): a scar cannot cover a scar "
            "unless a card or packet says it may",
            "territory",
        )
    return None


def _boxes_problem(state: RiskLegacyState, territory: str, count: int) -> tuple[str, str] | None:
    """Boxes are ticked on a fortified city only, and never past the 10th."""
    marks = state.territories[territory]
    if marks.city is None or marks.fortification is None:
        return f"{territory} has no fortified city", "territory"
    left = marks.fortification.boxes_left
    if count > left:
        boxes = "box" if left == 1 else "boxes"
        return f"{territory}'s fortification has only {left} {boxes} left, not {count}", "count"
    return None


def _city_problem(
    state: RiskLegacyState, territory: str, kind: str, allowed_by_card: bool = False
) -> tuple[str, str] | None:
    """A city goes on a territory without one (unless a card or packet lets it cover one),
    from what is left in the box."""
    kind_problem = _city_kind_problem(state, kind)
    if kind_problem:
        return kind_problem, "kind"
    if allowed_by_card:
        return None
    no_city = _no_city_problem(state, territory)
    if no_city:
        return f"{no_city}: a city cannot cover a city unless a card or packet says it may", "territory"
    return None


def _city_kind_problem(state: RiskLegacyState, kind: str) -> str | None:
    """Why a city of this kind cannot be placed now: locked, or none left in the box."""
    if kind == "world_capital" and state.world_capital_unlocked_in is None:
        return "The World Capital is not unlocked: a packet must unlock it first"
    supply_problem = _city_supply_problem(state, kind)
    return supply_problem[0].upper() + supply_problem[1:] if supply_problem else None


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
        game.events.append(copy.deepcopy(data))
        _record(state, game, kind, _table_event_text(data), player=data.get("player"))
        return
    territory = data["territory"]
    marks = state.territories[territory]
    if data["type"] == "scar":
        text = f"{data['player']} scarred {territory}: {data['scar']}"
        if marks.scar is not None:  # a card allowed covering it
            covering = f"covered in game {game.number} by {data['player']}'s {data['scar']} scar"
            _end_standing(state, territory, "scar", covering)
            text += f", covering its {marks.scar} scar"
        if scars_placed_by(game, data["player"]):  # a card allowed a second one
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
        raise RuleError(f"A game has exactly one winner, not {found}", place=place, field="results")
    for player in eliminated_during(game):
        if results[player] != "eliminated":
            raise RuleError(
                f"{player} was eliminated during the game, so their result is eliminated",
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
            raise RuleError(
                f"{player} was eliminated and controls nothing at the end", place=place, field=key
            )
        for territory in territories:
            _check_territory(territory, place, key)
            if territory in controller:
                other = controller[territory]
                who = "twice" if other == player else f"for both {other} and {player}"
                raise RuleError(
                    f"{territory} is listed {who}: a territory has one controller", place=place, field=key
                )
            controller[territory] = player
    # A held-on player still has troops on the board (rulebook: no troops left when the
    # game ends means you're out), so they control at least one territory.
    for seat in game.seats:
        if results[seat.player] == "held_on" and not end_control.get(seat.player):
            raise RuleError(
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
