"""The state of a Risk Legacy campaign (`RiskLegacyState`, made by `new_state`), the small
checks every entry shares, and the Change records each entry leaves as it changes the
state (`state.changes`), which the board and the history read."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..base import Law, RuleError, pickled_by_fields, ruled_now
from ..checks import check_keys_worded, did_you_mean
from .box import (
    CHOICE_LABEL,
    CITY_POPULATION,
    CONTINENT_BONUS,
    CONTINENT_OF,
    CONTINENTS,
    FACTIONS,
    FORTIFICATION_BOXES,
    PHASE_PLAYING,
    PHASE_READY,
    PHASE_REWARDS,
    PHASE_SETUP,
    PRINTED_COINS,
    STARTING_SCAR_TYPES,
    TERRITORIES,
)


@pickled_by_fields
@dataclass(slots=True)
class City:
    kind: str  # "minor", "major" or "world_capital"
    name: str
    founder: str
    game: int  # the game in which it was founded

    @property
    def population(self) -> int:
        return CITY_POPULATION[self.kind]


@pickled_by_fields
@dataclass(slots=True)
class Fortification:
    boxes_left: int = FORTIFICATION_BOXES


@pickled_by_fields
@dataclass(slots=True)
class Territory:
    name: str
    continent: str
    scar: str | None = None
    # Scars the group ruled may stack: those under the top one (`scar`), still standing, oldest first.
    scars_under: list[str] = field(default_factory=list)
    city: City | None = None
    fortification: Fortification | None = None
    resources: int = PRINTED_COINS  # on its territory card, the printed coin included
    card_destroyed: bool = False


@pickled_by_fields
@dataclass(slots=True)
class Continent:
    key: str  # the board's name, the only way entries refer to it
    base_bonus: int
    name: str | None = None  # the name a winner gave it
    named_by: str | None = None
    named_in: int | None = None
    change: int = 0  # the +1 / -1 mark, 0 when unchanged
    changed_in: int | None = None

    @property
    def bonus(self) -> int:
        """The bonus for everyone; the namer's extra troop is not in it."""
        return self.base_bonus + self.change


@pickled_by_fields
@dataclass(slots=True)
class Faction:
    key: str
    power: str | None = None  # the starting power's text, once set up
    name: str | None = None  # the name a held-on player gave it
    named_by: str | None = None
    named_in: int | None = None
    # What packets added: for a faction a packet brought, its powers as printed; for any other,
    # each power a packet gave it. `added_in`: the game whose packet brought it (None: the box's).
    packet_powers: list[str] = field(default_factory=list)
    added_in: int | None = None

    @property
    def powers(self) -> list[str]:
        """Every power it plays with: its starting power, then what packets added."""
        return ([self.power] if self.power else []) + self.packet_powers


@pickled_by_fields
@dataclass(slots=True)
class ScarType:
    name: str
    effect: str


@pickled_by_fields
@dataclass(slots=True)
class Supplies:
    """What is left in the box."""

    minor_cities: int = 9
    major_cities: int = 5
    world_capitals: int = 0  # 1 once a packet unlocks it, 0 again once it is placed
    fortifications: int = 5
    white_stickers: int = 4
    plus_one: int = 1
    minus_one: int = 1


@pickled_by_fields
@dataclass(slots=True)
class Signature:
    game: int  # the victor's section slot
    player: str
    played_on: str
    comment: str | None = None


@pickled_by_fields
@dataclass(slots=True)
class Seat:
    player: str
    faction: str
    start: str
    result: str | None = None  # None while the game is in progress


@pickled_by_fields
@dataclass(slots=True)
class Packet:
    game: int
    name: str
    unlocks: dict[str, Any]


@pickled_by_fields
@dataclass(slots=True)
class Reward:
    player: str
    signed: bool
    choice: dict[str, Any] | None  # None: the player passed

    @property
    def label(self) -> str:
        return CHOICE_LABEL[self.choice["type"]] if self.choice else "Passed"


@pickled_by_fields
@dataclass(slots=True)
class Game:
    number: int
    played_on: str
    seats: list[Seat]
    packets: list[Packet] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)  # as logged, in order
    ended: bool = False
    end_control: dict[str, list[str]] | None = None  # None when not logged
    rewards: list[Reward] = field(default_factory=list)
    # The players who may still choose a reward, in order: the winner first (until they
    # have chosen), then the held-on players clockwise from the winner. A player who is
    # skipped has passed. Emptied when the next game starts or the world is named.
    reward_queue: list[str] = field(default_factory=list)
    # Kept by the fold as the events are logged, so a rule asks them without going through
    # every event of the game: the Missiles fired so far (and by whom, when named), the players
    # eliminated, in order, the scars each player placed and the Red Stars each took and lost.
    fired_missiles: int = 0
    eliminated: list[str] = field(default_factory=list)
    fired_by: dict[str, int] = field(default_factory=dict)
    scars_by: dict[str, int] = field(default_factory=dict)
    red_stars_taken: dict[str, int] = field(default_factory=dict)
    red_stars_lost: dict[str, int] = field(default_factory=dict)
    red_star_tokens: dict[str, int] = field(default_factory=dict)  # bought or won in this game
    won_by_red_stars: str | None = None  # who took a fourth Red Star: the game is theirs

    @property
    def in_progress(self) -> bool:
        return not self.ended

    @property
    def winner(self) -> str | None:
        return next((s.player for s in self.seats if s.result == "won"), None)

    @property
    def winner_rewarded(self) -> bool:
        return bool(self.rewards)

    def seat_of(self, player: str) -> Seat | None:
        return next((s for s in self.seats if s.player == player), None)

    def held_on_clockwise(self) -> list[str]:
        """The held-on players, clockwise from the winner's seat."""
        winner_index = next(i for i, s in enumerate(self.seats) if s.result == "won")
        after_winner = self.seats[winner_index + 1 :] + self.seats[:winner_index]
        return [s.player for s in after_winner if s.result == "held_on"]


@pickled_by_fields
@dataclass(slots=True)
class World:
    name: str
    named_by: str
    roll_off: dict[str, int] | None = None


@pickled_by_fields
@dataclass(slots=True)
class Change:
    """One thing the setup or an entry did to the world, recorded by the fold when it made
    it, for the pages that look back (campaigns/systems/risk_legacy/history.py and board.py
    read these, never the rules).

    `kind` is "coins" (the setup), "packet", "scar", "boxes", "city", "elimination",
    "missiles", "recruitment", "red_star", "signed", "passed" or a reward choice's type.
    """

    game: int | None  # None: the setup
    kind: str
    text: str  # in players' words
    player: str | None = None
    territory: str | None = None
    continent: str | None = None
    # What a later entry ended of it, in words ("cancelled in game 5 by Dee"); None while it stands.
    ended: str | None = None
    # The group's reason when only its ruling or a house rule let the entry be (docs/rules.md).
    ruling: str | None = None

    @property
    def territory_slug(self) -> str | None:
        return territory_slug(self.territory) if self.territory else None


def territory_slug(name: str) -> str:
    """A territory's name as a URL part: "Western United States" -> "western-united-states"."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _fresh_territories() -> dict[str, Territory]:
    return {t: Territory(name=t, continent=CONTINENT_OF[t]) for t in TERRITORIES}


def _fresh_continents() -> dict[str, Continent]:
    return {c: Continent(key=c, base_bonus=b) for c, b in CONTINENT_BONUS.items()}


def _fresh_factions() -> dict[str, Faction]:
    return {f: Faction(key=f) for f in FACTIONS}


def _starting_scar_types() -> list[ScarType]:
    return [ScarType(name, effect) for name, effect in STARTING_SCAR_TYPES]


@dataclass(slots=True)
class RiskLegacyState:
    """A Risk Legacy campaign: the board's permanent marks and everything logged so far.

    For the pages: `phase` (PHASE_SETUP / READY / PLAYING / REWARDS), `last_game` and
    `games` (seats with results, packets, events, end_control, rewards), `reward_queue`
    (who may still choose, in order), `trade_in_chart`, `supplies`, `conditions_met`
    (packet conditions seen, with their game) and `opened_packets`.
    """

    players: list[str]
    set_up: bool = False
    trade_in_chart: dict[int, int] | None = None  # Resource icons (coins) traded -> troops
    territories: dict[str, Territory] = field(default_factory=_fresh_territories)
    continents: dict[str, Continent] = field(default_factory=_fresh_continents)
    factions: dict[str, Faction] = field(default_factory=_fresh_factions)
    scar_types: list[ScarType] = field(default_factory=_starting_scar_types)
    supplies: Supplies = field(default_factory=Supplies)
    victors: list[Signature] = field(default_factory=list)
    games: list[Game] = field(default_factory=list)
    world_capital_unlocked_in: int | None = None  # the game whose packet unlocked it
    # PACKET_CONDITIONS key -> the game in which it first became true
    conditions_met: dict[str, int] = field(default_factory=dict)
    world: World | None = None
    # For the pages that look back (not in campaign_state): the setup's coin stickers
    # (territory -> coins) and every change the entries made, in the order they made them.
    setup_coins: dict[str, int] = field(default_factory=dict)
    changes: list[Change] = field(default_factory=list)
    # The house rules and every ruled entry (rules/base.py).
    law: Law = field(default_factory=Law)
    # What the fold keeps beside the lists above so that no entry goes through the
    # campaign's history (derived from them, so left out of comparisons): each packet by its
    # name as packets are compared (stripped, casefolded; the first opened), each scar type
    # by its name (the first) and by its casefolded name (the last), and the records of each
    # (territory, kind) that nothing has ended yet, oldest first (`_end_standing`).
    packets_named: dict[str, Packet] = field(default_factory=dict, compare=False, repr=False)
    scar_types_named: dict[str, ScarType] = field(default_factory=dict, compare=False, repr=False)
    scar_types_folded: dict[str, str] = field(default_factory=dict, compare=False, repr=False)
    standing: dict[tuple[str, str], list[Change]] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for scar_type in self.scar_types:
            _index_scar_type(self, scar_type)

    @property
    def last_game(self) -> Game | None:
        return self.games[-1] if self.games else None

    @property
    def next_game_number(self) -> int:
        return len(self.games) + 1

    @property
    def games_finished(self) -> int:
        """The games played to their end: a game in progress is not played yet."""
        return sum(1 for game in self.games if not game.in_progress)

    @property
    def phase(self) -> str:
        if not self.set_up:
            return PHASE_SETUP
        game = self.last_game
        if game is None:
            return PHASE_READY
        if game.in_progress:
            return PHASE_PLAYING
        return PHASE_REWARDS if game.reward_queue else PHASE_READY

    @property
    def reward_queue(self) -> list[str]:
        """The players who may still choose a reward for the last game, in order."""
        game = self.last_game
        return list(game.reward_queue) if game else []

    @property
    def opened_packets(self) -> list[Packet]:
        return [packet for game in self.games for packet in game.packets]

    def scar_type(self, name: str) -> ScarType | None:
        return self.scar_types_named.get(name) if isinstance(name, str) else None

    def signatures(self, player: str) -> int:
        return sum(1 for s in self.victors if s.player == player)

    def signatures_before(self, player: str, game: int) -> int:
        """The signatures `player` had when game `game` started."""
        return sum(1 for s in self.victors if s.player == player and s.game < game)


def new_state(players: list[str]) -> RiskLegacyState:
    return RiskLegacyState(players=list(players))


def _add_scar_type(state: RiskLegacyState, scar_type: ScarType) -> None:
    state.scar_types.append(scar_type)
    _index_scar_type(state, scar_type)


def _index_scar_type(state: RiskLegacyState, scar_type: ScarType) -> None:
    state.scar_types_named.setdefault(scar_type.name, scar_type)
    state.scar_types_folded[scar_type.name.casefold()] = scar_type.name


# --------------------------------------------------------------------------------------
# Small checks shared by every entry
# --------------------------------------------------------------------------------------

_POSITIVE_NUMBER = re.compile(r"[1-9][0-9]*")


def _check_shape(
    data: Any,
    required: Iterable[str],
    optional: Iterable[str],
    what: str,
    place: str | None,
    prefix: str = "",
) -> None:
    """Unknown, missing or mistyped keys are refused like any broken rule."""
    required, optional = tuple(required), tuple(optional)
    if not isinstance(data, dict):
        raise RuleError(f"{prefix}{what} must be a JSON object", place=place)
    check_keys_worded(
        data,
        required,
        optional,
        place,
        unknown_key=lambda key: f"{prefix}unknown key '{key}' in {what}",
        missing_key=lambda key: f"{prefix}'{key}' is missing from {what}",
    )


def _unknown(noun: str, name: Any, options: Iterable[str], where: str = "") -> str:
    if not isinstance(name, str):
        return f"a {noun} must be named by text, not {json.dumps(name)}"
    return f'There is no {noun} called "{name}"{where}{did_you_mean(name, options)}'


def _check_territory(name: Any, place: str | None, field_name: str, prefix: str = "") -> None:
    if not (isinstance(name, str) and name in CONTINENT_OF):
        raise RuleError(prefix + _unknown("territory", name, TERRITORIES), place=place, field=field_name)


def _check_continent(
    state: RiskLegacyState, name: Any, place: str | None, field_name: str, prefix: str = ""
) -> None:
    if isinstance(name, str) and name in CONTINENT_BONUS:
        return
    given = next(
        (
            c
            for c in state.continents.values()
            if c.name and isinstance(name, str) and c.name.casefold() == name.casefold()
        ),
        None,
    )
    if given is not None:
        message = (
            f'"{name}" is the name given to {given.key}: '
            f"a continent is referred to by its board name, {given.key}"
        )
    else:
        message = _unknown("continent", name, CONTINENTS)
    raise RuleError(prefix + message, place=place, field=field_name)


def _check_faction(state: RiskLegacyState, name: Any, place: str | None, field_name: str) -> None:
    """A faction of the box, or one a packet added."""
    if not (isinstance(name, str) and name in state.factions):
        raise RuleError(_unknown("faction", name, list(state.factions)), place=place, field=field_name)


def _check_player(state: RiskLegacyState, name: Any, place: str | None, field_name: str) -> None:
    if not (isinstance(name, str) and name in state.players):
        raise RuleError(
            _unknown("player", name, state.players, " in this campaign"), place=place, field=field_name
        )


def _city_words(city: City) -> str:
    return f"{city.name}, founded in game {city.game}"


# --------------------------------------------------------------------------------------
# What each entry changed, recorded as it changes the state (state.changes)
# --------------------------------------------------------------------------------------


def _plural(count: int, one: str, many: str | None = None) -> str:
    return f"{count} {one if count == 1 else (many or one + 's')}"


def _quoted(text: str) -> str:
    return f"“{text}”"


def _record(state: RiskLegacyState, game: Game | None, kind: str, text: str, **about: Any) -> None:
    change = Change(game=game.number if game else None, kind=kind, text=text, ruling=ruled_now(), **about)
    state.changes.append(change)
    if change.territory is not None:
        state.standing.setdefault((change.territory, kind), []).append(change)


def _end_standing(state: RiskLegacyState, territory: str, kind: str, why: str) -> None:
    """Say what ended the mark of `kind` standing on `territory` (its latest record not
    ended yet): a scar cancelled, a fortification worn out or replaced, a city covered.

    Only this ends a record, and always the latest one not ended yet, so the records of a
    (territory, kind) not ended yet are a stack: its top is the one to end."""
    standing = state.standing.get((territory, kind))
    if standing:
        standing.pop().ended = why


def supplies(state: RiskLegacyState) -> dict[str, int]:
    """What is left in the box, as campaign_state shows it."""
    s = state.supplies
    return {
        "minor_cities": s.minor_cities,
        "major_cities": s.major_cities,
        "world_capitals": s.world_capitals,
        "fortifications": s.fortifications,
        "white_stickers": s.white_stickers,
        "plus_one": s.plus_one,
        "minus_one": s.minus_one,
    }
