"""Risk Legacy (GAMES.md §1): the campaign's state and every rule the tracker checks.

Plain Python, no Django. The entries of a campaign, in order:

    setup       {"starting_powers": {faction: text}, "coin_stickers": {territory: n},
                 optional "trade_in_chart": {"<icons>": troops}}              once, before game 1
    trade_in_chart  {"chart": {"<icons>": troops}}      the chart corrected, any time after the setup
    game        {"number", "played_on", "seats": [{"player", "faction", "start"}],
                 optional "keys": the journal game's optional keys}            opens a game
    packet      {"name", "unlocks": {optional "scar_types", "world_capital", "notes"}}
                                             during a game, or after it (its rewards, between games)
    event       {"type": "scar" | "fortification_box" | "city", ...}           during a game
                 (a scar or city event may carry "allowed_by_card": true: it covers another)
    game_end    {"results": {player: "won" | "held_on" | "eliminated"},
                 optional "end_control": {player: [territory]}}                 ends a game
    reward      {"player", optional "sign": {optional "comment"}, "choice": {...} | null}
    world       {"name", "named_by", optional "roll_off": {player: natural roll}}

`apply` checks an entry completely before it changes anything, so a refused entry leaves
the state as it was. Each rule lives in one function (`why_not_start`, the `_*_target`
and `_*_detail` checks of the rewards, ...) which `apply`, the helpers the web forms call
and the journal import all share. As it changes the state, each entry also records what it
changed, in words and where (`state.changes`: Change records, with what a later entry
ended), and the setup keeps its coins (`state.setup_coins`): the board and the history
read these and never apply a rule again (campaigns/review.py). The helpers for the pages:

    why_not_next_game(state)                      may game n+1 start? (message or None)
    legal_starts(state, player, chosen_starts)    sorted legal HQ territories
    why_not_start(state, player, territory, chosen_starts)
    why_not_reward_turn(state, player)            may this player choose a reward now?
    reward_targets(state, player)                 {choice type: [targets]} for that player
    bonus_deltas(state)                           the continent bonus marks left (+1, -1)
    why_not_name_world(state), world_namers(state), roll_off_totals(state, rolls)
    recruitment(state, player, controlled_territories, icons_traded) -> Recruitment
    scar_targets(state, allowed_by_card), city_targets(state, allowed_by_card),
    fortification_box_targets(state)              where an event may go now
    city_kinds_left(state), missiles_left(state, game), missile_holders(state, game),
    why_not_open_packet(state)
    supplies(state), setup_tokens(state, player), faction_history(state, faction),
    homeland(state, faction), packet_prompts(state), describe(entry)
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .base import Entry, RuleError
from .checks import (
    check_keys_worded,
    did_you_mean,
    is_iso_date,
    is_text,
    is_whole,
    join_names,
    journal_games,
    part_entries,
    require_text,
    seat_place,
)

KEY = "risk-legacy"
LABEL = "Risk Legacy"
#: "trade_in_chart_corrections" is an extension of JOURNAL.md (README "Journal extensions").
JOURNAL_KEYS = ("setup", "games", "world", "trade_in_chart_corrections")

# --------------------------------------------------------------------------------------
# The board and the box
# --------------------------------------------------------------------------------------

_BOARD = json.loads(
    (Path(__file__).resolve().parent.parent / "data" / "risk-legacy.json").read_text(encoding="utf-8")
)

#: continent board key -> its printed bonus
CONTINENT_BONUS: dict[str, int] = {c["key"]: c["bonus"] for c in _BOARD["continents"]}
#: continent board key -> its territories, in board order
CONTINENT_TERRITORIES: dict[str, tuple[str, ...]] = {
    c["key"]: tuple(c["territories"]) for c in _BOARD["continents"]
}
CONTINENTS: tuple[str, ...] = tuple(CONTINENT_BONUS)
TERRITORIES: tuple[str, ...] = tuple(t for ts in CONTINENT_TERRITORIES.values() for t in ts)
CONTINENT_OF: dict[str, str] = {t: c for c, ts in CONTINENT_TERRITORIES.items() for t in ts}


def _neighbours() -> dict[str, frozenset[str]]:
    found: dict[str, set[str]] = {territory: set() for territory in TERRITORIES}
    for one, other in _BOARD["borders"]:
        found[one].add(other)
        found[other].add(one)
    return {territory: frozenset(adjacent) for territory, adjacent in found.items()}


#: territory -> the territories it borders (by land or sea-line)
NEIGHBOURS: dict[str, frozenset[str]] = _neighbours()

FACTIONS: tuple[str, ...] = (
    "Die Mechaniker",
    "Enclave of the Bear",
    "Imperial Balkania",
    "Khan Industries",
    "Saharan Republic",
)

#: The scar types printed on the board at the start. The rulebook shows the Bunker at work
#: (a defender's 5 becomes a 6); Ammo Shortage is its mirror image.
STARTING_SCAR_TYPES: tuple[tuple[str, str], ...] = (
    ("Bunker", "When defending this territory, the defender adds 1 to their highest die."),
    ("Ammo Shortage", "When defending this territory, the defender subtracts 1 from their highest die."),
)

COIN_STICKERS = 12
MAX_RESOURCES_BEFORE_FIRST_GAME = 3
MAX_RESOURCES = 6
FORTIFICATION_BOXES = 10
LAST_REWARD_GAME = 15
MIN_SEATS, MAX_SEATS = 3, 5
#: The board's trade-in chart counts the Resource icons (coins) on the cards traded: 2 to 10.
TRADE_IN_ICONS = range(2, 11)
# No line of the board's chart comes near this; it keeps a typo (2**70) off the board.
TRADE_IN_TROOPS_MAX = 99

CITY_KINDS = ("minor", "major", "world_capital")
CITY_POPULATION = {"minor": 1, "major": 2, "world_capital": 5}
CITY_LABEL = {"minor": "Minor City", "major": "Major City", "world_capital": "World Capital"}
RESULTS = ("won", "held_on", "eliminated")

#: The optional keys of a journal game, in the order a journal writes them.
GAME_KEYS = ("packets_opened", "events", "end_control", "rewards")
#: What a game made through the web forms exports (end_control only once it is logged).
WEB_GAME_KEYS = ("packets_opened", "events", "rewards")

WINNER_CHOICES = (
    "name_continent",
    "found_major_city",
    "cancel_scar",
    "change_continent_bonus",
    "fortify_city",
    "destroy_territory_card",
)
HELD_ON_CHOICES = ("found_minor_city", "add_resource")
CHOICE_LABEL = {
    "name_continent": "Name a continent",
    "found_major_city": "Found a Major City",
    "cancel_scar": "Cancel a scar",
    "change_continent_bonus": "Change a continent bonus",
    "fortify_city": "Fortify a city",
    "destroy_territory_card": "Destroy a territory card",
    "found_minor_city": "Found a Minor City",
    "add_resource": "Add a resource",
}
#: choice type -> (required fields, optional fields), besides "type"
CHOICE_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "name_continent": (("continent", "name"), ()),
    "found_major_city": (("territory", "name"), ()),
    "cancel_scar": (("territory",), ()),
    "change_continent_bonus": (("continent", "delta"), ()),
    "fortify_city": (("territory",), ()),
    "destroy_territory_card": (("territory",), ()),
    "found_minor_city": (("territory", "name"), ("faction_name",)),
    "add_resource": (("territory",), ()),
}

#: Packet conditions the tracker can see in its own records (GAMES.md "Sealed packets").
PACKET_CONDITIONS = {
    "ninth_minor_city": "the ninth Minor City is founded",
    "first_elimination": "a player is eliminated (the first time)",
    "second_signature": "a player signs the victor's section for the second time",
    "world_capital_placed": "the World Capital is placed",
    "three_missiles": "three Missiles are used in the same combat",
    "recruit_30": "a player recruits 30 or more troops while holding a Missile",
}

# The phases of a campaign (RiskLegacyState.phase).
PHASE_SETUP = "setup"  # the campaign needs its setup before game 1
PHASE_READY = "ready"  # the next game may be logged
PHASE_PLAYING = "playing"  # a game is in progress: packets, events, then its end
PHASE_REWARDS = "rewards"  # a game has ended and some players may still choose a reward


# --------------------------------------------------------------------------------------
# The state
# --------------------------------------------------------------------------------------


@dataclass(slots=True)
class City:
    kind: str  # "minor", "major" or "world_capital"
    name: str
    founder: str
    game: int  # the game in which it was founded

    @property
    def population(self) -> int:
        return CITY_POPULATION[self.kind]


@dataclass(slots=True)
class Fortification:
    boxes_left: int = FORTIFICATION_BOXES


@dataclass(slots=True)
class Territory:
    name: str
    continent: str
    scar: str | None = None
    city: City | None = None
    fortification: Fortification | None = None
    resources: int = 1  # on its territory card, the starting coin included
    card_destroyed: bool = False


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


@dataclass(slots=True)
class Faction:
    key: str
    power: str | None = None  # the starting power's text, once set up
    name: str | None = None  # the name a held-on player gave it
    named_by: str | None = None
    named_in: int | None = None


@dataclass(slots=True)
class ScarType:
    name: str
    effect: str


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


@dataclass(slots=True)
class Signature:
    game: int  # the victor's section slot
    player: str
    played_on: str
    comment: str | None = None


@dataclass(slots=True)
class Seat:
    player: str
    faction: str
    start: str
    result: str | None = None  # None while the game is in progress


@dataclass(slots=True)
class Packet:
    game: int
    name: str
    unlocks: dict[str, Any]


@dataclass(slots=True)
class Reward:
    player: str
    signed: bool
    choice: dict[str, Any] | None  # None: the player passed

    @property
    def label(self) -> str:
        return CHOICE_LABEL[self.choice["type"]] if self.choice else "Passed"


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


@dataclass(slots=True)
class World:
    name: str
    named_by: str
    roll_off: dict[str, int] | None = None


@dataclass(slots=True)
class Change:
    """One thing the setup or an entry did to the world, recorded by the fold when it made
    it, for the pages that look back (campaigns/review.py reads these, never the rules).

    `kind` is "coins" (the setup), "packet", "scar", "boxes", "city", "elimination",
    "missiles", "recruitment", "signed", "passed" or a reward choice's type.
    """

    game: int | None  # None: the setup
    kind: str
    text: str  # in players' words
    player: str | None = None
    territory: str | None = None
    continent: str | None = None
    # What a later entry ended of it, in words ("cancelled in game 5 by Dee"); None while it stands.
    ended: str | None = None

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
        return next((t for t in self.scar_types if t.name == name), None)

    def signatures(self, player: str) -> int:
        return sum(1 for s in self.victors if s.player == player)


def new_state(players: list[str]) -> RiskLegacyState:
    return RiskLegacyState(players=list(players))


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


def _check_faction(name: Any, place: str | None, field_name: str) -> None:
    if not (isinstance(name, str) and name in FACTIONS):
        raise RuleError(_unknown("faction", name, FACTIONS), place=place, field=field_name)


def _check_player(state: RiskLegacyState, name: Any, place: str | None, field_name: str) -> None:
    if not (isinstance(name, str) and name in state.players):
        raise RuleError(
            _unknown("player", name, state.players, " in this campaign"), place=place, field=field_name
        )


def _city_words(city: City) -> str:
    return f"{city.name}, founded in game {city.game}"


_names = join_names  # campaigns/review.py words its lists of names with it too


# --------------------------------------------------------------------------------------
# What each entry changed, recorded as it changes the state (state.changes)
# --------------------------------------------------------------------------------------


def _plural(count: int, one: str, many: str | None = None) -> str:
    return f"{count} {one if count == 1 else (many or one + 's')}"


def _quoted(text: str) -> str:
    return f"“{text}”"


def _record(state: RiskLegacyState, game: Game | None, kind: str, text: str, **about: Any) -> None:
    state.changes.append(Change(game=game.number if game else None, kind=kind, text=text, **about))


def _end_standing(state: RiskLegacyState, territory: str, kind: str, why: str) -> None:
    """Say what ended the mark of `kind` standing on `territory` (its latest record not
    ended yet): a scar cancelled, a fortification worn out or replaced, a city covered."""
    standing = next(
        (c for c in reversed(state.changes) if (c.territory, c.kind, c.ended) == (territory, kind, None)),
        None,
    )
    if standing is not None:
        standing.ended = why


# --------------------------------------------------------------------------------------
# Setup (once, before game 1)
# --------------------------------------------------------------------------------------


def _check_setup(state: RiskLegacyState, data: Any) -> None:
    place = "setup"
    if state.set_up:
        raise RuleError("The campaign is already set up: the setup is done once, before game 1", place=place)
    _check_shape(data, ("starting_powers", "coin_stickers"), ("trade_in_chart",), "the setup", place)
    _check_starting_powers(data["starting_powers"], place)
    _check_coin_stickers(data["coin_stickers"], place)
    if "trade_in_chart" in data:
        _check_trade_in_chart(data["trade_in_chart"], place)


def _check_starting_powers(powers: Any, place: str) -> None:
    """Each faction keeps exactly one of its two starting powers, stored as its text."""
    key = "starting_powers"
    if not isinstance(powers, dict):
        raise RuleError("'starting_powers' must give each faction its power's text", place=place, field=key)
    for faction, text in powers.items():
        _check_faction(faction, place, key)
        if not is_text(text):
            raise RuleError(
                f"{faction}'s starting power must be the text on its sticker", place=place, field=key
            )
    for faction in FACTIONS:
        if faction not in powers:
            raise RuleError(
                f"{faction} has no starting power: every faction gets one of its two", place=place, field=key
            )


def _check_coin_stickers(coins: Any, place: str) -> None:
    """12 coins, and no card above 3 resources (its own coin included) before game 1."""
    key = "coin_stickers"
    if not isinstance(coins, dict):
        raise RuleError(
            "'coin_stickers' must give the number of coins on each territory card", place=place, field=key
        )
    for territory, count in coins.items():
        _check_territory(territory, place, key)
        if not is_whole(count) or count < 1:
            raise RuleError(
                f"{territory}: the number of coin stickers must be a whole number of at least 1",
                place=place,
                field=key,
            )
        if 1 + count > MAX_RESOURCES_BEFORE_FIRST_GAME:
            raise RuleError(
                f"{territory}'s card would hold {1 + count} resources: before the first game no card "
                f"may hold more than {MAX_RESOURCES_BEFORE_FIRST_GAME}",
                place=place,
                field=key,
            )
    total = sum(coins.values())
    if total != COIN_STICKERS:
        raise RuleError(
            f"All {COIN_STICKERS} coin stickers must be placed, not {total}", place=place, field=key
        )


def _check_trade_in_chart(chart: Any, place: str, key: str = "trade_in_chart") -> None:
    """The board's chart: Resource icons (coins) traded, 2 to 10, -> troops (rulebook)."""
    if not isinstance(chart, dict):
        raise RuleError(
            "the trade-in chart must give the troops for each number of Resource icons",
            place=place,
            field=key,
        )
    first, last = TRADE_IN_ICONS[0], TRADE_IN_ICONS[-1]
    for icons, troops in chart.items():
        if not isinstance(icons, str) or not _POSITIVE_NUMBER.fullmatch(icons):
            raise RuleError(
                f'trade-in chart: "{icons}" is not a number of Resource icons (write it like "3")',
                place=place,
                field=key,
            )
        if int(icons) not in TRADE_IN_ICONS:
            raise RuleError(
                f"trade-in chart: the board's chart goes from {first} to {last} Resource icons, "
                f"so it has no line for {icons}",
                place=place,
                field=key,
            )
        if not is_whole(troops) or not 0 <= troops <= TRADE_IN_TROOPS_MAX:
            raise RuleError(
                f"trade-in chart: the troops for {icons} Resource icons must be a whole number "
                f"from 0 to {TRADE_IN_TROOPS_MAX}",
                place=place,
                field=key,
            )


def _change_setup(state: RiskLegacyState, data: dict) -> None:
    state.set_up = True
    for faction, text in data["starting_powers"].items():
        state.factions[faction].power = text
    for territory, count in data["coin_stickers"].items():
        state.territories[territory].resources = 1 + count
    state.setup_coins = {t: data["coin_stickers"][t] for t in TERRITORIES if t in data["coin_stickers"]}
    for territory, count in state.setup_coins.items():
        _record(
            state,
            None,
            "coins",
            f"{_plural(count, 'coin sticker')} at the setup: the card starts with {1 + count} resources",
            territory=territory,
        )
    if "trade_in_chart" in data:
        state.trade_in_chart = _chart(data["trade_in_chart"])


def _chart(chart: dict[str, int]) -> dict[int, int]:
    return {int(icons): troops for icons, troops in chart.items()}


# --------------------------------------------------------------------------------------
# The trade-in chart corrected (any time after the setup)
# --------------------------------------------------------------------------------------


def _check_trade_in_chart_entry(state: RiskLegacyState, data: Any) -> None:
    """A group that skipped the chart or mistyped it enters the whole chart again."""
    place = "trade-in chart"
    if not state.set_up:
        raise RuleError(
            "The trade-in chart is entered with the setup: the campaign is not set up yet", place=place
        )
    _check_shape(data, ("chart",), (), "the trade-in chart", place)
    _check_trade_in_chart(data["chart"], place, "chart")
    if not data["chart"]:
        raise RuleError("the trade-in chart needs at least one line", place=place, field="chart")


def _change_trade_in_chart_entry(state: RiskLegacyState, data: dict) -> None:
    state.trade_in_chart = _chart(data["chart"])


# --------------------------------------------------------------------------------------
# A game's start: seats and legal starting territories
# --------------------------------------------------------------------------------------


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


def suggested_seats(state: RiskLegacyState) -> list[tuple[str, str | None]]:
    """The seats (player, faction) a form offers first for the next game; nothing is decided
    here, every seat is checked when the game is logged.

    After a game: its players, each with the faction they played, clockwise as they sat, from
    the previous winner: the rulebook gives the first turn to "the player who came in first".
    Before game 1: the roster in its order when it is one table's worth of players, without
    factions (nobody has one yet).
    """
    last = state.last_game
    if last is None:
        fits = MIN_SEATS <= len(state.players) <= MAX_SEATS
        return [(player, None) for player in state.players] if fits else []
    seats = last.seats
    first = next((i for i, seat in enumerate(seats) if seat.result == "won"), 0)
    return [(seat.player, seat.faction) for seat in seats[first:] + seats[:first]]


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
    opened = next((p for p in state.opened_packets if p.name.strip().casefold() == folded), None)
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
    known = {t.name.casefold(): t.name for t in state.scar_types}
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
        state.scar_types.append(ScarType(scar_type["name"], scar_type["effect"]))
    if unlocks.get("world_capital"):
        state.world_capital_unlocked_in = game.number
        state.supplies.world_capitals = 1
    game.packets.append(Packet(game=game.number, name=data["name"], unlocks=unlocks))
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
    # (an extension of JOURNAL.md's three event types; README "Journal extensions").
    "elimination": ("player",),
    "missiles": ("count",),
    "recruitment": ("player", "troops"),
}
#: Optional event fields: a card or packet lets this scar or city cover another (rulebook
#: "unless it says you can"; README "Journal extensions"). Written only as true.
EVENT_OPTIONAL_FIELDS = {"scar": ("allowed_by_card",), "city": ("allowed_by_card",)}
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
            "an event's 'type' must be scar, fortification_box, city, elimination, missiles or recruitment",
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
    if kind in ("elimination", "missiles", "recruitment"):
        problem = _table_event_problem(state, game, data, place)
        if problem:
            message, problem_field = problem
            raise RuleError(message, place=place, field=problem_field)
        return
    _check_territory(data["territory"], place, "territory")
    if kind == "scar":
        _check_seated(state, game, data["player"], place)
        problem = _scar_problem(state, data["territory"], data["scar"], covers)
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
    return [event["player"] for event in game.events if event["type"] == "elimination"]


def missiles_in_play(state: RiskLegacyState, game: Game) -> int:
    """The Missiles the seated players started this game with (one per signature)."""
    return sum(state.signatures(seat.player) for seat in game.seats)


def missiles_fired(game: Game) -> int:
    """The Missiles fired so far in this game: a fired Missile is spent."""
    return sum(event["count"] for event in game.events if event["type"] == "missiles")


def missiles_left(state: RiskLegacyState, game: Game) -> int:
    """The unfired Missiles at the table: the setup Missiles less those fired."""
    return missiles_in_play(state, game) - missiles_fired(game)


def _missiles_words(count: int) -> str:
    return f"{count} Missile{'' if count == 1 else 's'}"


def _table_event_problem(state: RiskLegacyState, game: Game, data: dict, place: str) -> tuple[str, str] | None:
    """Eliminations, Missiles fired in one combat, and recruitment while holding a Missile."""
    kind = data["type"]
    if kind == "missiles":
        count = data["count"]
        if not is_whole(count) or count < 1:
            return "'count' must be a whole number of Missiles, at least 1", "count"
        in_play, left = missiles_in_play(state, game), missiles_left(state, game)
        if count > left:
            if left == in_play:
                missiles = f"{in_play} Missile{'s' if in_play != 1 else ''}"
                return f"only {missiles} are in play in game {game.number}", "count"
            fired = in_play - left
            return (
                f"only {_missiles_words(left)} left unfired in game {game.number} "
                f"({_missiles_words(fired)} of {in_play} already fired: a fired Missile is spent)",
                "count",
            )
        return None
    _check_seated(state, game, data["player"], place)
    player = data["player"]
    if kind == "elimination":
        if player in eliminated_during(game):
            return f"{player} has already been eliminated in game {game.number}", "player"
        survivors = [seat.player for seat in game.seats if seat.player not in eliminated_during(game)]
        if len(survivors) <= 1:
            return f"{player} is the last player standing: they won game {game.number}", "player"
        return None
    troops = data["troops"]
    if not is_whole(troops) or troops < 1:
        return "'troops' must be a whole number, at least 1", "troops"
    problem = _missile_holder_problem(state, game, player)
    return (problem, "player") if problem else None


def _missile_holder_problem(state: RiskLegacyState, game: Game, player: str) -> str | None:
    """Why `player` cannot be holding an unfired Missile now, or None when they may be."""
    if state.signatures(player) == 0:
        return f"{player} holds no Missile (they have never signed the victor's section)"
    if missiles_left(state, game) == 0:
        # The tracker counts the Missiles fired at the table, not whose they were.
        in_play = missiles_in_play(state, game)
        fired = "the only Missile in play has" if in_play == 1 else f"all {in_play} Missiles in play have"
        return f"{player} holds no unfired Missile: {fired} been fired in game {game.number}"
    if player in eliminated_during(game):
        return f"{player} has been eliminated in game {game.number}"
    return None


def missile_holders(state: RiskLegacyState, game: Game) -> list[str]:
    """The seated players who may be holding an unfired Missile, in seat order."""
    return [seat.player for seat in game.seats if _missile_holder_problem(state, game, seat.player) is None]


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


def scar_targets(state: RiskLegacyState, allowed_by_card: bool = False) -> list[str]:
    """The territories a scar may go to now, in board order: those without a scar, or every
    territory when a card or packet lets it cover one."""
    return [t for t in TERRITORIES if allowed_by_card or state.territories[t].scar is None]


def fortification_box_targets(state: RiskLegacyState) -> list[str]:
    """The territories whose fortification can take a box, in board order."""
    return [t for t in TERRITORIES if _boxes_problem(state, t, 1) is None]


def city_targets(state: RiskLegacyState, allowed_by_card: bool = False) -> list[str]:
    """The territories a city may be placed in by a card or packet, in board order."""
    return [t for t in TERRITORIES if allowed_by_card or _no_city_problem(state, t) is None]


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


def city_kinds_left(state: RiskLegacyState) -> list[str]:
    """The kinds of city a card or packet may place now."""
    return [kind for kind in CITY_KINDS if _city_kind_problem(state, kind) is None]


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
    if kind in ("elimination", "missiles", "recruitment"):
        if kind == "elimination":
            _condition_met(state, "first_elimination", game.number)
        elif kind == "missiles" and data["count"] >= MISSILES_PACKET:
            _condition_met(state, "three_missiles", game.number)
        elif kind == "recruitment" and data["troops"] >= RECRUITMENT_PACKET:
            _condition_met(state, "recruit_30", game.number)
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
        marks.scar = data["scar"]
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
    if data["type"] == "missiles":
        return f"{_plural(data['count'], 'Missile')} fired in one combat"
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


# --------------------------------------------------------------------------------------
# End of game rewards
# --------------------------------------------------------------------------------------


def _reward_place(state: RiskLegacyState, data: Any) -> str:
    game = state.last_game
    player = data.get("player") if isinstance(data, dict) else None
    where = f"game {game.number}, reward {len(game.rewards) + 1}" if game else "reward"
    return f"{where} ({player})" if isinstance(player, str) else where


def why_not_reward_turn(state: RiskLegacyState, player: str) -> str | None:
    """Why `player` may not choose a reward now, or None when they may.

    The winner first; then held-on players clockwise from the winner, each once: a player
    who was skipped has passed. Eliminated players never choose.
    """
    game = state.last_game
    if game is None:
        return "Rewards come after a game: no game has been logged yet"
    if game.in_progress:
        return f"Rewards come after the game's end: game {game.number} is in progress"
    if game.number > LAST_REWARD_GAME:
        return f"No rewards after game {LAST_REWARD_GAME}"
    seat = game.seat_of(player)
    if seat is None:
        return f"{player} did not play game {game.number}"
    if seat.result == "eliminated":
        return f"{player} was eliminated in game {game.number}: eliminated players get no reward"
    if player in game.reward_queue:
        if not game.winner_rewarded and player != game.winner:
            return f"The winner ({game.winner}) chooses first"
        return None
    if seat.result == "won":
        return f"{player} has already chosen the winner's reward"
    if state.world is not None and game.number == LAST_REWARD_GAME:
        return f"The world has been named: game {LAST_REWARD_GAME}'s rewards are over"
    if any(reward.player == player for reward in game.rewards):
        return f"{player} has already had a turn: each held-on player chooses once"
    return (
        f"{player}'s turn has passed: held-on players choose clockwise from the winner, "
        "and a later seat has already chosen"
    )


def _check_reward(state: RiskLegacyState, data: Any) -> None:
    place = _reward_place(state, data)
    _check_shape(data, ("player", "choice"), ("sign",), "the reward", place)
    player = data["player"]
    _check_player(state, player, place, "player")
    problem = why_not_reward_turn(state, player)
    if problem:
        raise RuleError(problem, place=place, field="player")
    game = state.last_game
    is_winner = player == game.winner
    if is_winner and "sign" not in data:
        raise RuleError("The winner signs the victor's section: 'sign' is missing", place=place, field="sign")
    if not is_winner and "sign" in data:
        raise RuleError("Only the winner signs the victor's section", place=place, field="sign")
    if is_winner:
        _check_shape(data["sign"], (), ("comment",), "'sign'", place)
        if "comment" in data["sign"] and not isinstance(data["sign"]["comment"], str):
            raise RuleError("The signature's comment must be a text", place=place, field="comment")
    _check_choice(state, game, player, data["choice"], is_winner, place)


def _check_choice(
    state: RiskLegacyState, game: Game, player: str, choice: Any, is_winner: bool, place: str
) -> None:
    allowed = WINNER_CHOICES if is_winner else HELD_ON_CHOICES
    if choice is None:
        if is_winner:
            raise RuleError("The winner must choose one of the six rewards", place=place, field="choice")
        return  # a held-on player may pass
    if not isinstance(choice, dict):
        raise RuleError("'choice' must be a JSON object, or null to pass", place=place, field="choice")
    kind = choice.get("type")
    if not isinstance(kind, str) or kind not in CHOICE_FIELDS:
        raise RuleError(f"a choice's 'type' must be one of {', '.join(allowed)}", place=place, field="type")
    label = CHOICE_LABEL[kind]
    if kind not in allowed:
        if is_winner:
            message = (
                f"{label} is a held-on player's reward: the winner chooses one of the six winner's rewards"
            )
        else:
            message = (
                f"{label} is a winner's reward: "
                "a held-on player may Found a Minor City, Add a resource or pass"
            )
        raise RuleError(message, place=place, field="type")
    prefix = f"{label}: "
    required, optional = CHOICE_FIELDS[kind]
    _check_shape(choice, ("type", *required), optional, "the choice", place, prefix)
    if "territory" in required:
        _check_territory(choice["territory"], place, "territory", prefix)
        target, target_field = choice["territory"], "territory"
    else:
        _check_continent(state, choice["continent"], place, "continent", prefix)
        target, target_field = choice["continent"], "continent"
    for text_field in ("name", "faction_name"):
        if text_field in choice and not is_text(choice[text_field]):
            raise RuleError(f"{prefix}'{text_field}' must be a non-empty text", place=place, field=text_field)
    problem = _TARGET_CHECKS[kind](state, game, player, target)
    if problem:
        raise RuleError(prefix + problem, place=place, field=target_field)
    detail = _DETAIL_CHECKS.get(kind)
    if detail is not None:
        found = detail(state, game, player, choice)
        if found:
            message, detail_field = found
            raise RuleError(prefix + message, place=place, field=detail_field)


# The target checks: is this territory / continent a valid target for the choice now?
# reward_targets lists exactly the targets these accept.


def _control_problem(game: Game, player: str, territory: str) -> str | None:
    """Held-on rewards need a territory controlled at the end; checked only when logged."""
    if game.end_control is None:
        return None  # not logged: the player's word is taken
    if territory not in game.end_control.get(player, []):
        return f"{player} did not control {territory} at the end of game {game.number}"
    return None


def _name_continent_target(state, game, player, continent) -> str | None:
    named = state.continents[continent]
    if named.name is not None:
        return f"{continent} is already named {named.name} (by {named.named_by} in game {named.named_in})"
    return None


def _found_major_city_target(state, game, player, territory) -> str | None:
    return _city_supply_problem(state, "major") or _no_city_problem(state, territory)


def _no_city_problem(state, territory) -> str | None:
    city = state.territories[territory].city
    return f"{territory} already has a city ({_city_words(city)})" if city else None


def _cancel_scar_target(state, game, player, territory) -> str | None:
    if state.supplies.white_stickers == 0:
        return "no white stickers are left"
    if state.territories[territory].scar is None:
        return f"{territory} has no scar"
    return None


def _change_continent_bonus_target(state, game, player, continent) -> str | None:
    changed = state.continents[continent]
    if changed.change:
        return (
            f"{continent}'s bonus was already changed ({changed.change:+d} in game "
            f"{changed.changed_in}): a continent changes once"
        )
    if not bonus_deltas(state):
        return "the +1 and -1 marks are both used"
    return None


def _fortify_city_target(state, game, player, territory) -> str | None:
    if state.supplies.fortifications == 0:
        return "no fortification marks are left"
    if state.territories[territory].city is None:
        return f"{territory} has no city to fortify"
    return None


def _destroy_territory_card_target(state, game, player, territory) -> str | None:
    if state.territories[territory].card_destroyed:
        return f"{territory}'s card is already destroyed"
    return None


def _found_minor_city_target(state, game, player, territory) -> str | None:
    return (
        _city_supply_problem(state, "minor")
        or _control_problem(game, player, territory)
        or _no_city_problem(state, territory)
    )


def _add_resource_target(state, game, player, territory) -> str | None:
    marks = state.territories[territory]
    problem = _control_problem(game, player, territory)
    if problem:
        return problem
    if marks.card_destroyed:
        return f"{territory}'s card is destroyed: it takes no more stickers"
    if marks.resources >= MAX_RESOURCES:
        return f"{territory}'s card already holds {MAX_RESOURCES} resources, the most a card may hold"
    return None


_TARGET_CHECKS = {
    "name_continent": _name_continent_target,
    "found_major_city": _found_major_city_target,
    "cancel_scar": _cancel_scar_target,
    "change_continent_bonus": _change_continent_bonus_target,
    "fortify_city": _fortify_city_target,
    "destroy_territory_card": _destroy_territory_card_target,
    "found_minor_city": _found_minor_city_target,
    "add_resource": _add_resource_target,
}


# The detail checks: the rest of a choice (a name, a delta), as (message, field).


def _name_continent_detail(state, game, player, choice) -> tuple[str, str] | None:
    name = choice["name"].strip().casefold()
    taken = next((c for c in state.continents.values() if c.name and c.name.strip().casefold() == name), None)
    if taken is not None:
        return f"{taken.name} is already the name of {taken.key}: a continent's name is unique", "name"
    return None


def _change_continent_bonus_detail(state, game, player, choice) -> tuple[str, str] | None:
    delta = choice["delta"]
    if not is_whole(delta) or delta not in (1, -1):
        return "'delta' must be +1 or -1", "delta"
    if delta not in bonus_deltas(state):
        return f"the {delta:+d} mark is already used", "delta"
    return None


def _found_minor_city_detail(state, game, player, choice) -> tuple[str, str] | None:
    if "faction_name" not in choice:
        return None
    faction = state.factions[game.seat_of(player).faction]
    if faction.name is not None:
        return f"{faction.key} is already named {faction.name}: a faction is named once", "faction_name"
    return None


_DETAIL_CHECKS = {
    "name_continent": _name_continent_detail,
    "change_continent_bonus": _change_continent_bonus_detail,
    "found_minor_city": _found_minor_city_detail,
}


def bonus_deltas(state: RiskLegacyState) -> list[int]:
    """The continent bonus marks still in the box: +1 and/or -1."""
    return [delta for delta, left in ((1, state.supplies.plus_one), (-1, state.supplies.minus_one)) if left]


def reward_targets(state: RiskLegacyState, player: str) -> dict[str, list[str]]:
    """For each choice `player` may make now, its valid targets (territories or continents).

    {} when it is not the player's turn (see `why_not_reward_turn`). The winner gets the six
    winner's choices, a held-on player Found a Minor City and Add a resource; an empty list
    means that choice has no target left. Names, the delta of a bonus change (see
    `bonus_deltas`) and a faction name are checked when the reward is applied.
    """
    if player not in state.players or why_not_reward_turn(state, player) is not None:
        return {}
    game = state.last_game
    choices = WINNER_CHOICES if player == game.winner else HELD_ON_CHOICES
    targets: dict[str, list[str]] = {}
    for kind in choices:
        candidates = CONTINENTS if kind in ("name_continent", "change_continent_bonus") else TERRITORIES
        check = _TARGET_CHECKS[kind]
        targets[kind] = sorted(c for c in candidates if check(state, game, player, c) is None)
    return targets


def _change_reward(state: RiskLegacyState, data: dict) -> None:
    game = state.last_game
    player = data["player"]
    if "sign" in data:
        state.victors.append(
            Signature(
                game=game.number, player=player, played_on=game.played_on, comment=data["sign"].get("comment")
            )
        )
        if state.signatures(player) == 2:
            _condition_met(state, "second_signature", game.number)
        comment = data["sign"].get("comment")
        _record(
            state, game, "signed",
            f"{player} signed the victor's section" + (f": {_quoted(comment)}" if comment else ""),
            player=player,
        )
    choice = copy.deepcopy(data["choice"])
    if choice is not None:
        _CHOICE_EFFECTS[choice["type"]](state, game, player, choice)
    else:
        _record(state, game, "passed", f"{player} passed", player=player)
    game.rewards.append(Reward(player=player, signed="sign" in data, choice=choice))
    # Everyone before this player in the queue has passed.
    del game.reward_queue[: game.reward_queue.index(player) + 1]


# Each choice's effect, and its record in words.


def _name_continent(state, game, player, choice) -> None:
    continent = state.continents[choice["continent"]]
    continent.name, continent.named_by, continent.named_in = choice["name"], player, game.number
    _record(
        state, game, "name_continent", f"{player} named {continent.key} {_quoted(continent.name)}",
        player=player, continent=continent.key,
    )


def _found_major_city(state, game, player, choice) -> None:
    _found_city(state, game, choice["territory"], "major", choice["name"], player)


def _cancel_scar(state, game, player, choice) -> None:
    territory = choice["territory"]
    scar = state.territories[territory].scar
    state.territories[territory].scar = None
    state.supplies.white_stickers -= 1
    _end_standing(state, territory, "scar", f"cancelled in game {game.number} by {player}")
    _record(
        state, game, "cancel_scar", f"{player} cancelled the {scar} scar on {territory} with a white sticker",
        player=player, territory=territory,
    )


def _change_continent_bonus(state, game, player, choice) -> None:
    continent = state.continents[choice["continent"]]
    continent.change, continent.changed_in = choice["delta"], game.number
    if choice["delta"] == 1:
        state.supplies.plus_one -= 1
    else:
        state.supplies.minus_one -= 1
    sign = "+" if continent.change > 0 else "−"
    _record(
        state, game, "change_continent_bonus",
        f"{player} changed {continent.key}'s bonus by {sign}1: "
        f"{continent.base_bonus} becomes {continent.bonus}",
        player=player, continent=continent.key,
    )


def _fortify_city(state, game, player, choice) -> None:
    territory = choice["territory"]
    marks = state.territories[territory]
    text = f"{player} fortified {marks.city.name} in {territory}: {FORTIFICATION_BOXES} boxes"
    if marks.fortification is not None:
        # Re-fortifying starts a fresh 10 boxes: the old ones are lost.
        left = marks.fortification.boxes_left
        lost = f"{_plural(left, 'box', 'boxes')} left {'was' if left == 1 else 'were'} lost"
        _end_standing(state, territory, "fortify_city", f"replaced in game {game.number}: its {lost}")
        text += f" (a fresh {FORTIFICATION_BOXES}: the {lost})"
    marks.fortification = Fortification()
    state.supplies.fortifications -= 1
    _record(state, game, "fortify_city", text, player=player, territory=territory)


def _destroy_territory_card(state, game, player, choice) -> None:
    territory = choice["territory"]
    state.territories[territory].card_destroyed = True
    _record(
        state, game, "destroy_territory_card",
        f"{player} destroyed {territory}'s territory card: it takes no more stickers",
        player=player, territory=territory,
    )


def _found_minor_city(state, game, player, choice) -> None:
    also = ""
    if "faction_name" in choice:
        faction = state.factions[game.seat_of(player).faction]
        faction.name, faction.named_by, faction.named_in = choice["faction_name"], player, game.number
        also = f", and named {faction.key} {_quoted(faction.name)}"
    _found_city(state, game, choice["territory"], "minor", choice["name"], player, also)


def _add_resource(state, game, player, choice) -> None:
    territory = choice["territory"]
    state.territories[territory].resources += 1
    _record(
        state, game, "add_resource",
        f"{player} added a resource to {territory}: the card holds {state.territories[territory].resources}",
        player=player, territory=territory,
    )


_CHOICE_EFFECTS = {
    "name_continent": _name_continent,
    "found_major_city": _found_major_city,
    "cancel_scar": _cancel_scar,
    "change_continent_bonus": _change_continent_bonus,
    "fortify_city": _fortify_city,
    "destroy_territory_card": _destroy_territory_card,
    "found_minor_city": _found_minor_city,
    "add_resource": _add_resource,
}


# --------------------------------------------------------------------------------------
# Naming the world (after game 15)
# --------------------------------------------------------------------------------------


def world_namers(state: RiskLegacyState) -> list[str]:
    """The players with the most signatures: one names the world, several roll off."""
    counts = {player: state.signatures(player) for player in state.players}
    most = max(counts.values(), default=0)
    return [player for player, count in counts.items() if count == most and most > 0]


def continents_named_by(state: RiskLegacyState, player: str) -> int:
    return sum(1 for continent in state.continents.values() if continent.named_by == player)


def why_not_name_world(state: RiskLegacyState) -> str | None:
    """The world is named once, after game 15 and once every reward of game 15 has been
    chosen or passed (rulebook "complete the 15th game and have chosen all the rewards")."""
    if state.world is not None:
        return f"The world is already named: The World Of {state.world.name}"
    if len(state.games) < LAST_REWARD_GAME:
        return f"The world is named after game {LAST_REWARD_GAME}: {len(state.games)} games are logged"
    game_15 = state.games[LAST_REWARD_GAME - 1]
    if game_15.in_progress:
        return f"The world is named after game {LAST_REWARD_GAME} has ended"
    if not game_15.winner_rewarded:
        return (
            f"The world is named after game {LAST_REWARD_GAME}'s winner ({game_15.winner}) "
            "has chosen a reward"
        )
    if game_15.reward_queue:
        waiting = join_names(game_15.reward_queue)
        return (
            f"The world is named once every reward of game {LAST_REWARD_GAME} is chosen or passed: "
            f"{waiting} {'has' if len(game_15.reward_queue) == 1 else 'have'} still to choose or pass"
        )
    return None


def _check_world(state: RiskLegacyState, data: Any) -> None:
    place = "world"
    _check_shape(data, ("name", "named_by"), ("roll_off",), "the world", place)
    problem = why_not_name_world(state)
    if problem:
        raise RuleError(problem, place=place)
    require_text(data, "name", place)
    named_by = data["named_by"]
    _check_player(state, named_by, place, "named_by")
    namers = world_namers(state)
    most = state.signatures(namers[0])
    if len(namers) == 1:
        if "roll_off" in data:
            raise RuleError(
                f"There is no tie for the most signatures: {namers[0]} ({most}) names the world "
                "without a roll-off",
                place=place,
                field="roll_off",
            )
        if named_by != namers[0]:
            raise RuleError(
                f"{namers[0]} has the most signatures ({most}): {namers[0]} names the world, not {named_by}",
                place=place,
                field="named_by",
            )
        return
    tied = f"{join_names(namers)} tie with {most} signatures"
    if "roll_off" not in data:
        raise RuleError(f"{tied}: they roll off, and 'roll_off' is missing", place=place, field="roll_off")
    rolls = data["roll_off"]
    if not isinstance(rolls, dict) or set(rolls) != set(namers):
        raise RuleError(f"{tied}: the roll-off holds exactly their rolls", place=place, field="roll_off")
    for player, roll in rolls.items():
        if not is_whole(roll) or not 1 <= roll <= 6:
            raise RuleError(
                f"{player}'s roll must be a natural die roll, 1 to 6", place=place, field="roll_off"
            )
    totals = roll_off_totals(state, rolls)
    best = max(totals.values())
    leaders = [player for player, total in totals.items() if total == best]
    if len(leaders) > 1:
        raise RuleError(
            f"{join_names(leaders)} tie the roll-off with {best}: they must roll again",
            place=place,
            field="roll_off",
        )
    if named_by != leaders[0]:
        raise RuleError(
            f"{leaders[0]} wins the roll-off with {best} (a roll of {rolls[leaders[0]]} + "
            f"{best - rolls[leaders[0]]} for continents named): {leaders[0]} names the world, "
            f"not {named_by}",
            place=place,
            field="named_by",
        )


def roll_off_totals(state: RiskLegacyState, rolls: dict[str, int]) -> dict[str, int]:
    """Each natural roll plus 1 per continent that player named."""
    return {player: roll + continents_named_by(state, player) for player, roll in rolls.items()}


def _change_world(state: RiskLegacyState, data: dict) -> None:
    state.world = World(
        name=data["name"],
        named_by=data["named_by"],
        roll_off=dict(data["roll_off"]) if "roll_off" in data else None,
    )
    state.games[-1].reward_queue.clear()  # naming the world closes the last rewards


# --------------------------------------------------------------------------------------
# The fold
# --------------------------------------------------------------------------------------

_HANDLERS = {
    "setup": (_check_setup, _change_setup),
    "trade_in_chart": (_check_trade_in_chart_entry, _change_trade_in_chart_entry),
    "game": (_check_game, _change_game),
    "packet": (_check_packet, _change_packet),
    "event": (_check_event, _change_event),
    "game_end": (_check_game_end, _change_game_end),
    "reward": (_check_reward, _change_reward),
    "world": (_check_world, _change_world),
}


def apply(state: RiskLegacyState, entry: Entry) -> None:
    """Check `entry` against `state`, then change `state`; a RuleError changes nothing.

    Every check runs before the first change, and the changes cannot fail.
    """
    if entry.kind not in _HANDLERS:
        raise RuleError(f"unknown entry kind '{entry.kind}'")
    check, change = _HANDLERS[entry.kind]
    check(state, entry.data)
    change(state, entry.data)


# --------------------------------------------------------------------------------------
# Helpers for the pages
# --------------------------------------------------------------------------------------


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


def scar_cards_dealt(deck_size: int | None, players: int) -> bool | None:
    """Whether Scar cards are dealt this game: one to each player if the deck has enough for
    everyone, otherwise none. None when the group has not said how many the deck holds."""
    if deck_size is None or players == 0:
        return None
    return deck_size >= players


def setup_tokens(state: RiskLegacyState, player: str) -> dict[str, int]:
    """A player who never signed starts with a Red Star, one who has with a Missile per signature."""
    signed = state.signatures(player)
    return {"red_stars": 0 if signed else 1, "missiles": signed}


def faction_history(state: RiskLegacyState, faction: str) -> list[dict[str, Any]]:
    """The back of a faction card: the games it was played in."""
    return [
        {"game": game.number, "player": seat.player, "start": seat.start, "result": seat.result}
        for game in state.games
        for seat in game.seats
        if seat.faction == faction
    ]


def homeland(state: RiskLegacyState, faction: str) -> str | None:
    """The continent where a faction started most often in games 1–15; a tie means none."""
    counts: dict[str, int] = {}
    for entry in faction_history(state, faction):
        if entry["game"] <= LAST_REWARD_GAME:
            continent = CONTINENT_OF[entry["start"]]
            counts[continent] = counts.get(continent, 0) + 1
    if not counts:
        return None
    most = max(counts.values())
    leaders = [continent for continent, count in counts.items() if count == most]
    return leaders[0] if len(leaders) == 1 else None


def packet_prompts(state: RiskLegacyState) -> list[dict[str, Any]]:
    """The packet conditions the tracker has seen met, in the order they were met, so a
    page can say "open the packet marked … now" (packets opened are `state.opened_packets`)."""
    met = sorted(state.conditions_met.items(), key=lambda item: item[1])
    return [{"condition": key, "label": PACKET_CONDITIONS[key], "game": game} for key, game in met]


def _packet_words(text: str) -> str:
    """A packet's name reduced to its words: no case, no parenthesis, no punctuation."""
    text = re.sub(r"\(.*?\)", " ", text.casefold())
    return " ".join(re.findall(r"[a-z0-9]+", text))


def packets_to_open(state: RiskLegacyState) -> list[dict[str, Any]]:
    """The packet prompts whose packet has not been recorded as opened yet.

    A packet is recorded under the words printed on it, which a group types in its own way
    ("A player is eliminated", "Open when a player is eliminated!"): it answers a prompt
    when either's words contain the other's.
    """
    opened = [_packet_words(packet.name) for packet in state.opened_packets]
    waiting = []
    for prompt in packet_prompts(state):
        label = _packet_words(prompt["label"])
        if not any(name and (name in label or label in name) for name in opened):
            waiting.append(prompt)
    return waiting


@dataclass(slots=True)
class Recruitment:
    """The troops a player recruits, part by part (GAMES.md's formula)."""

    territories: int
    population: int
    base: int  # max(3, (territories + population) // 3)
    continent_bonuses: dict[str, int]  # each continent fully held: its bonus (+1 for its namer)
    traded_in: int  # troops for the Resource icons traded, from the trade-in chart

    @property
    def total(self) -> int:
        return self.base + sum(self.continent_bonuses.values()) + self.traded_in


def recruitment(
    state: RiskLegacyState, player: str, controlled_territories: Iterable[str], icons_traded: int = 0
) -> Recruitment:
    """A calculator, not a record: raises RuleError for unknown territories or a number of
    Resource icons the trade-in chart does not list."""
    controlled = set()
    for territory in controlled_territories:
        _check_territory(territory, None, "territories")
        controlled.add(territory)
    population = sum(state.territories[t].city.population for t in controlled if state.territories[t].city)
    base = max(3, (len(controlled) + population) // 3)
    bonuses = {}
    for key, continent in state.continents.items():
        if set(CONTINENT_TERRITORIES[key]) <= controlled:
            bonuses[key] = continent.bonus + (1 if continent.named_by == player else 0)
    return Recruitment(
        territories=len(controlled),
        population=population,
        base=base,
        continent_bonuses=bonuses,
        traded_in=trade_in_troops(state, icons_traded),
    )


def trade_in_troops(state: RiskLegacyState, icons_traded: int) -> int:
    """The troops for the Resource icons (coins) on the cards traded in, 0 for none."""
    field_name = "icons"
    if not is_whole(icons_traded) or icons_traded < 0:
        raise RuleError("the number of Resource icons traded in must be a whole number", field=field_name)
    if icons_traded == 0:
        return 0
    first, last = TRADE_IN_ICONS[0], TRADE_IN_ICONS[-1]
    if icons_traded not in TRADE_IN_ICONS:
        raise RuleError(
            f"A trade-in is {first} to {last} Resource icons, not {icons_traded}",
            field=field_name,
        )
    if state.trade_in_chart is None:
        raise RuleError(
            "The trade-in chart has not been entered: enter the board's chart on the setup page",
            field=field_name,
        )
    if icons_traded not in state.trade_in_chart:
        listed = ", ".join(str(n) for n in sorted(state.trade_in_chart))
        raise RuleError(
            f"The trade-in chart has no line for {icons_traded} Resource icons (it lists {listed}): "
            "correct the chart on the setup page",
            field=field_name,
        )
    return state.trade_in_chart[icons_traded]


def describe(entry: Entry) -> str:
    """An entry in one sentence of players' words, naming what it did ("Ana signed the
    victor's section and chose Found a Major City: New Cairo in Egypt"): the Play page's
    "Recorded: …", undo's "Undone: …" and the recent entries. Never a raw code."""
    data = entry.data
    kind = entry.kind
    if kind == "setup":
        coins = sum(n for n in data.get("coin_stickers", {}).values() if is_whole(n))
        chart = ", and the trade-in chart" if "trade_in_chart" in data else ""
        return f"The campaign's setup: the starting powers and {_plural(coins, 'coin sticker')}{chart}"
    if kind == "trade_in_chart":
        return "The trade-in chart corrected"
    if kind == "game":
        seats = ", ".join(
            f"{s.get('player')} ({s.get('faction')}, from {s.get('start')})"
            for s in data.get("seats", [])
            if isinstance(s, dict)
        )
        # No date: pages show the game's date beside it in the app's one date format.
        return f"Game {data.get('number')} started: {seats}"
    if kind == "packet":
        return f"Packet opened: {_quoted(str(data.get('name')))}"
    if kind == "event":
        return _event_words(data)
    if kind == "game_end":
        results = data.get("results", {})
        winner = next((p for p, r in results.items() if r == "won"), None)
        out = [p for p, r in results.items() if r == "eliminated"]
        return f"Game over: {winner} won" + (f"; {join_names(out)} eliminated" if out else "")
    if kind == "reward":
        player = data.get("player")
        chosen = data.get("choice")
        if "sign" in data:
            comment = data["sign"].get("comment") if isinstance(data["sign"], dict) else None
            signed = f"{player} signed the victor's section" + (f" ({_quoted(comment)})" if comment else "")
            return f"{signed} and chose {_choice_words(chosen)}" if isinstance(chosen, dict) else signed
        return f"{player} chose {_choice_words(chosen)}" if isinstance(chosen, dict) else f"{player} passed"
    if kind == "world":
        rolled = " after a roll-off" if data.get("roll_off") else ""
        return f"The world named The World Of {data.get('name')} by {data.get('named_by')}{rolled}"
    return kind.replace("_", " ").capitalize()


def _event_words(data: dict) -> str:
    kind = data.get("type")
    covering = " (a card allowed it to cover another)" if data.get("allowed_by_card") else ""
    if kind == "scar":
        return f"{data.get('player')} scarred {data.get('territory')}: {data.get('scar')}{covering}"
    if kind == "fortification_box":
        count = data.get("count")
        boxes = _plural(count, "fortification box", "fortification boxes") if is_whole(count) else "boxes"
        return f"{boxes} ticked on {data.get('territory')}"
    if kind == "city":
        label = CITY_LABEL.get(data.get("kind"), "city")
        founded = f"the {label} {data.get('name')} in {data.get('territory')}"
        return f"{data.get('player')} founded {founded}{covering}"
    if kind in ("elimination", "missiles", "recruitment") and all(k in data for k in EVENT_FIELDS[kind]):
        return _table_event_text(data)
    return f"An event: {str(kind).replace('_', ' ')}"


def _choice_words(choice: dict) -> str:
    """A reward's choice and what it names: "Found a Major City: New Cairo in Egypt"."""
    kind = choice.get("type")
    label = CHOICE_LABEL.get(kind, str(kind).replace("_", " "))
    territory, continent, name = choice.get("territory"), choice.get("continent"), choice.get("name")
    if kind in ("found_major_city", "found_minor_city"):
        words = f"{label}: {name} in {territory}"
        if choice.get("faction_name"):
            words += f", naming the faction {_quoted(choice['faction_name'])}"
        return words
    if kind == "name_continent":
        return f"{label}: {_quoted(str(name))} for {continent}"
    if kind == "change_continent_bonus":
        delta = choice.get("delta")
        return f"{label}: {continent} {'+1' if delta == 1 else '−1'}"
    return f"{label}: {territory or continent}"


# --------------------------------------------------------------------------------------
# campaign_state
# --------------------------------------------------------------------------------------


def _territory_json(marks: Territory) -> dict[str, Any]:
    city, fortification = marks.city, marks.fortification
    return {
        "continent": marks.continent,
        "scar": marks.scar,
        "city": None
        if city is None
        else {
            "kind": city.kind,
            "name": city.name,
            "population": city.population,
            "founder": city.founder,
            "game": city.game,
        },
        "fortification": None if fortification is None else {"boxes_left": fortification.boxes_left},
        "resources": marks.resources,
        "card_destroyed": marks.card_destroyed,
    }


def state_json(state: RiskLegacyState) -> dict[str, Any]:
    """The `campaign_state` of JOURNAL.md for risk-legacy, exactly its keys."""
    world = None
    if state.world is not None:
        world = {"name": state.world.name, "named_by": state.world.named_by}
        if state.world.roll_off is not None:
            world["roll_off"] = dict(state.world.roll_off)
    return {
        "system": KEY,
        "as_of_game": len(state.games),
        "games_played": len(state.games),
        "complete": len(state.games) >= LAST_REWARD_GAME,
        "territories": {name: _territory_json(marks) for name, marks in state.territories.items()},
        "continents": {
            key: {
                "name": c.name,
                "named_by": c.named_by,
                "base_bonus": c.base_bonus,
                "bonus": c.bonus,
                "change": c.change,
            }
            for key, c in state.continents.items()
        },
        "victors": [
            {"game": s.game, "player": s.player, "played_on": s.played_on, "comment": s.comment}
            for s in state.victors
        ],
        "supplies": supplies(state),
        "factions": {
            key: {"power": f.power, "name": f.name, "history": faction_history(state, key)}
            for key, f in state.factions.items()
        },
        "players": {
            player: {
                "signatures": state.signatures(player),
                "setup_tokens": setup_tokens(state, player),
                "legal_starts": legal_starts(state, player),
            }
            for player in state.players
        },
        "scar_types": [{"name": t.name, "effect": t.effect} for t in state.scar_types],
        "world": world,
    }


# --------------------------------------------------------------------------------------
# The journal: in and out
# --------------------------------------------------------------------------------------

_JOURNAL_SEAT_KEYS = ("player", "faction", "start", "result")


def journal_entries(journal: dict[str, Any]) -> list[Entry]:
    """The entries of a risk-legacy journal, its shape checked (its rules are checked by the fold)."""
    entries = part_entries(journal, "setup", "'setup' must be a JSON object")
    games = journal_games(journal, "'games' must be the list of games")
    corrections = _journal_chart_corrections(journal, len(games))
    entries += corrections.pop(0, [])
    for index, game in enumerate(games, 1):
        entries.extend(_journal_game_entries(game, index, is_last=index == len(games)))
        entries += corrections.pop(index, [])
    entries += part_entries(journal, "world", "'world' must be a JSON object")
    return entries


CORRECTIONS_KEY = "trade_in_chart_corrections"


def _journal_chart_corrections(journal: dict[str, Any], games: int) -> dict[int, list[Entry]]:
    """The trade-in chart corrections (an extension of JOURNAL.md): a list, in the order they
    were made, of {"after_game": N, "chart": {...}}, N being the games logged when the chart
    was corrected (0: before game 1). Each goes in after game N's entries: the chart changes
    only the recruitment calculator, so where in game N it was corrected does not matter."""
    found: dict[int, list[Entry]] = {}
    if CORRECTIONS_KEY not in journal:
        return found
    corrections = journal[CORRECTIONS_KEY]
    if not isinstance(corrections, list):
        raise RuleError(f"'{CORRECTIONS_KEY}' must be a list", field=CORRECTIONS_KEY)
    latest = 0
    for index, correction in enumerate(corrections, 1):
        place = f"trade-in chart correction {index}"
        _check_shape(correction, ("after_game", "chart"), (), "the correction", place)
        after = correction["after_game"]
        if not is_whole(after) or not latest <= after <= games:
            raise RuleError(
                f"'after_game' must be the number of games logged when the chart was corrected, "
                f"from {latest} to {games}, in order",
                place=place,
                field="after_game",
            )
        latest = after
        entry = Entry("trade_in_chart", {"chart": copy.deepcopy(correction["chart"])})
        found.setdefault(after, []).append(entry)
    return found


def _journal_game_entries(game: Any, index: int, is_last: bool) -> list[Entry]:
    place = f"game {index}"
    _check_shape(game, ("number", "played_on", "seats"), GAME_KEYS, "the game", place)
    if not is_whole(game["number"]) or game["number"] != index:
        raise RuleError(
            f"games are numbered 1, 2, 3 … in order: this one must be game {index}, "
            f"not {json.dumps(game['number'])}",
            place=place,
            field="number",
        )
    seats = game["seats"]
    if not isinstance(seats, list):
        raise RuleError("'seats' must be the list of seats, clockwise", place=place, field="seats")
    for seat_index, seat in enumerate(seats, 1):
        seat_place = _seat_place(index, seat_index, seat)
        _check_shape(seat, (), _JOURNAL_SEAT_KEYS, "the seat", seat_place)
    with_result = [seat for seat in seats if "result" in seat]
    ended = bool(with_result)
    if ended and len(with_result) != len(seats):
        seat_index = next(i for i, seat in enumerate(seats, 1) if "result" not in seat)
        raise RuleError(
            "'result' is missing: every seat of an ended game has a result",
            place=_seat_place(index, seat_index, seats[seat_index - 1]),
            field="result",
        )
    for key, kind in (("packets_opened", list), ("events", list), ("end_control", dict), ("rewards", list)):
        if key in game and not isinstance(game[key], kind):
            what = "a list" if kind is list else "a JSON object"
            raise RuleError(f"'{key}' must be {what}", place=place, field=key)
    if not ended:
        if not is_last:
            raise RuleError("no seat has a result: only the last game may be in progress", place=place)
        if "end_control" in game or game.get("rewards"):
            raise RuleError(
                "a game in progress has no end control and no rewards: give each seat its result", place=place
            )
    if ended:
        for seat_index, seat in enumerate(seats, 1):
            if not isinstance(seat.get("player"), str):
                raise RuleError(
                    "'player' must be a player's name",
                    place=_seat_place(index, seat_index, seat),
                    field="player",
                )

    opening = {
        "number": game["number"],
        "played_on": game["played_on"],
        "seats": [{k: copy.deepcopy(v) for k, v in seat.items() if k != "result"} for seat in seats],
        "keys": [key for key in GAME_KEYS if key in game],
    }
    entries = [Entry("game", opening)]
    entries += [Entry("packet", copy.deepcopy(p)) for p in game.get("packets_opened", [])]
    entries += [Entry("event", copy.deepcopy(e)) for e in game.get("events", [])]
    if ended:
        end: dict[str, Any] = {"results": {seat["player"]: seat["result"] for seat in seats}}
        if "end_control" in game:
            end["end_control"] = copy.deepcopy(game["end_control"])
        entries.append(Entry("game_end", end))
    entries += [Entry("reward", copy.deepcopy(r)) for r in game.get("rewards", [])]
    return entries


def journal_parts(entries: list[Entry]) -> dict[str, Any]:
    """The risk-legacy part of a journal, rebuilt from entries: export(import(j)) == j."""
    parts: dict[str, Any] = {}
    games: list[dict[str, Any]] = []
    keys_of: list[list[str]] = []
    for entry in entries:
        data = copy.deepcopy(entry.data)
        if entry.kind == "setup":
            parts["setup"] = data
        elif entry.kind == "game":
            games.append(
                {
                    "number": data["number"],
                    "played_on": data["played_on"],
                    "seats": data["seats"],
                    "packets_opened": [],
                    "events": [],
                    "end_control": None,
                    "rewards": [],
                }
            )
            keys_of.append(list(data.get("keys", WEB_GAME_KEYS)))
        elif entry.kind == "packet":
            games[-1]["packets_opened"].append(data)
        elif entry.kind == "event":
            games[-1]["events"].append(data)
        elif entry.kind == "game_end":
            for seat in games[-1]["seats"]:
                seat["result"] = data["results"][seat["player"]]
            if "end_control" in data:
                games[-1]["end_control"] = data["end_control"]
        elif entry.kind == "reward":
            games[-1]["rewards"].append(data)
        elif entry.kind == "world":
            parts["world"] = data
        elif entry.kind == "trade_in_chart":
            parts.setdefault(CORRECTIONS_KEY, []).append({"after_game": len(games), "chart": data["chart"]})
    parts["games"] = [_rebuilt_game(game, keys) for game, keys in zip(games, keys_of, strict=True)]
    return parts


def _rebuilt_game(game: dict[str, Any], keys: list[str]) -> dict[str, Any]:
    """A journal game: an optional key is written when the game had it or it has content;
    end_control exactly when it was logged (even empty)."""
    built = {"number": game["number"], "played_on": game["played_on"], "seats": game["seats"]}
    for key in GAME_KEYS:
        if key == "end_control":
            if game[key] is not None:
                built[key] = game[key]
        elif key in keys or game[key]:
            built[key] = game[key]
    return built
