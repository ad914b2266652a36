"""What the Risk Legacy box holds: the board (territories, continents, neighbours), the
factions, the supplies and the trade-in chart's bounds, the reward choices, the packet
conditions the tracker can see, and the phases of a campaign. Data only, no rule."""

from __future__ import annotations

import json
from pathlib import Path

KEY = "risk-legacy"
LABEL = "Risk Legacy"


#: "trade_in_chart_corrections" is an extension of docs/journal.md (docs/journal.md, "Extensions").
JOURNAL_KEYS = ("setup", "games", "world", "trade_in_chart_corrections")


_BOARD = json.loads(
    (Path(__file__).resolve().parents[2] / "data" / "risk-legacy.json").read_text(encoding="utf-8")
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


#: What a packet may unlock (docs/journal.md): scar types, the World Capital, a faction with its
#: powers as printed, a power for a faction, and its rules text (and notes) kept as written.
PACKET_UNLOCKS = ("scar_types", "world_capital", "notes", "factions", "powers", "rules_text")
FACTION_POWERS = 2  # a faction's starting powers: the box's keep one of their two at the setup
MAX_FACTIONS = 10  # the box's five and as many again from packets: a bound, not a rule

#: The scar types printed on the board at the start. The rulebook shows the Bunker at work
#: (a defender's 5 becomes a 6); Ammo Shortage is its mirror image.
STARTING_SCAR_TYPES: tuple[tuple[str, str], ...] = (
    ("Bunker", "When defending this territory, the defender adds 1 to their highest die."),
    ("Ammo Shortage", "When defending this territory, the defender subtracts 1 from their highest die."),
)
COIN_STICKERS = 12
#: The coin printed on every territory card, under any sticker: a card's resources start here.
PRINTED_COINS = 1
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


#: Packet conditions the tracker can see in its own records (docs/rules.md "Sealed packets").
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
PHASES = (PHASE_SETUP, PHASE_READY, PHASE_PLAYING, PHASE_REWARDS)
