"""Every rule the Captain America log checks: its id, its words, the rulebook heading it comes
from, and whether the group may rule otherwise (docs/rules.md, "The table has the last word")."""

from __future__ import annotations

from .base import Rule

#: The rulebook these headings are printed in (the project keeps a copy beside it).
RULEBOOK = "risk-captain-america-civil-war.txt"


def _rule(name: str, words: str, rulebook: str, *, rulable: bool = True) -> Rule:
    return Rule(f"captain-america/{name}", words, rulebook, rulable)


TWO_OR_FOUR_PLAYERS = _rule(
    "two-or-four-players",
    "A play has 2 players (a team each) or 4 (a hero each)",
    "Playing With Two or Four Players",
)
ONE_SEAT_PER_PLAYER = _rule(
    "one-seat-per-player", "A player sits once in a play", "Playing With Two or Four Players", rulable=False
)
EACH_HERO_ONCE = _rule(
    "each-hero-once",
    "Each hero is played once, a player's heroes all on one team",
    "Heroes and Troops",
    rulable=False,
)
HEROES_PER_PLAYER = _rule(
    "heroes-per-player",
    "With 2 players each runs a whole team; with 4 each plays one hero",
    "Playing With Two or Four Players",
)
ROOMS_ON_THE_BOARD = _rule(
    "rooms-on-the-board", "The teams hold at most the 34 rooms and the Quinjet", "The Quinjet"
)
HOLDER_HOLDS_A_ROOM = _rule(
    "holder-holds-a-room",
    "A team holding the Quinjet or the Winter Soldier controls a room",
    "Mission Tokens",
)

#: Every rule above, in the order written: derived, so that a rule is never left off the list.
RULES = tuple(rule for rule in list(globals().values()) if isinstance(rule, Rule))
