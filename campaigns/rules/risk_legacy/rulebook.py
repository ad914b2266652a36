"""Every rule the Risk Legacy rules check: its id, its words, the rulebook heading it comes
from, and whether the group may rule otherwise (docs/rules.md, "The table has the last word").

A check refuses through `refuse(RULE, message, ...)` (rules/base.py): the rule's sentence is
the check's own, with the names and numbers of the case; `words` says the rule in general, for
the page that lists the rules a campaign plays by. What no ruling changes (who and what exists,
the journal's order, one player or faction in two seats) has `rulable=False`.
"""

from __future__ import annotations

from ..base import Rule

#: The rulebook these headings are printed in (the project keeps a copy beside it).
RULEBOOK = "risk-legacy.txt"


def _rule(name: str, words: str, rulebook: str, *, rulable: bool = True) -> Rule:
    return Rule(f"risk-legacy/{name}", words, rulebook, rulable)


# -- Before the first game
TWELVE_COIN_STICKERS = _rule(
    "twelve-coin-stickers",
    "All 12 coin stickers go on territory cards before the first game",
    "Customizing the Factions",
)
THREE_RESOURCES_BEFORE_FIRST_GAME = _rule(
    "three-resources-before-first-game",
    "No territory card holds more than 3 resources before the first game",
    "Customizing the Factions",
)

# -- Each game
THREE_TO_FIVE_PLAYERS = _rule(
    "three-to-five-players", "A game seats 3 to 5 players", "Risk Legacy Game Rules"
)
ONE_SEAT_PER_PLAYER = _rule(
    "one-seat-per-player", "A player sits once in a game", "About Player Setup", rulable=False
)
ONE_FACTION_PER_GAME = _rule(
    "one-faction-per-game", "A faction is played by one player a game", "About Player Setup", rulable=False
)
ONE_HQ_PER_TERRITORY = _rule(
    "one-hq-per-territory",
    "Two HQs never start in the same territory",
    "A legal starting territory is one of the following:",
    rulable=False,
)
LEGAL_START = _rule(
    "legal-start",
    "An HQ starts in an empty territory with no scar and no city, or in a Major City its player founded",
    "A legal starting territory is one of the following:",
)
HQS_NOT_ADJACENT = _rule(
    "hqs-not-adjacent",
    "An HQ never starts next to another faction's HQ",
    "A legal starting territory is one of the following:",
)

# -- During a game
ONE_SCAR_PER_PLAYER_PER_GAME = _rule(
    "one-scar-per-player-per-game",
    "Each player is dealt one Scar card a game, so places one scar a game, unless a card or packet lets them",
    "Scars",
)
SCAR_COVERS_NO_SCAR = _rule(
    "scar-covers-no-scar",
    "A scar never covers a scar unless a card or packet says it may",
    "Important Terms to Know",
)
CITY_COVERS_NO_CITY = _rule(
    "city-covers-no-city",
    "A city never covers a city unless a card or packet says it may",
    "Important Terms to Know",
)
KNOWN_SCAR_TYPE = _rule(
    "known-scar-type", "A scar is of a type the campaign has unlocked", "Scars", rulable=False
)
WORLD_CAPITAL_UNLOCKED = _rule(
    "world-capital-unlocked",
    "The World Capital is placed only once a packet has unlocked it",
    "Sealed Components",
    rulable=False,
)
CITY_STICKERS_LEFT = _rule(
    "city-stickers-left",
    "A city is founded with a sticker still in the box (9 Minor, 5 Major, one World Capital)",
    "Territories and Population (Cities)",
    rulable=False,
)
FORTIFIED_CITY_BOXES = _rule(
    "fortified-city-boxes",
    "Boxes are ticked on a fortified city, never past its tenth",
    "Fortifications",
    rulable=False,
)
MISSILES_HELD = _rule(
    "missiles-held",
    "A Missile is fired by a player who holds one unfired: one per signature, spent when fired",
    "Missiles: Firing Up Your Strategy",
)
ELIMINATED_TAKE_NO_PART = _rule(
    "eliminated-take-no-part",
    "An eliminated player takes no further part in the game: no Missile, no Scar card, no Red Star",
    "Taking Down Another Player",
)
ELIMINATED_ONCE = _rule(
    "eliminated-once",
    "A player is eliminated once a game, and never the last one standing",
    "Taking Down Another Player",
    rulable=False,
)
RED_STAR_FROM_AN_HQ = _rule(
    "red-star-from-an-hq",
    "A Red Star is taken from another player by capturing an HQ they hold; "
    "Red Star tokens never change hands",
    "Red Stars",
)
FOUR_RED_STARS_WIN = _rule(
    "four-red-stars-win", "A fourth Red Star wins the game at once: nothing is logged after it", "Game Over!"
)

# -- The end of a game
ONE_WINNER = _rule(
    "one-winner",
    "A game ends with exactly one winner; every other seat held on or was eliminated",
    "Game Over!",
    rulable=False,
)
HELD_ON_CONTROLS_A_TERRITORY = _rule(
    "held-on-controls-a-territory",
    "A player who held on still has troops on the board: they control a territory at the end",
    "For Everyone",
)
ONE_OWNER_PER_TERRITORY = _rule(
    "one-owner-per-territory",
    "A territory is controlled by one player at the end of a game",
    "For Everyone",
    rulable=False,
)
ELIMINATED_RESULT = _rule(
    "eliminated-result", "A player eliminated during the game ends it eliminated", "For Everyone"
)
FOURTH_RED_STAR_WINNER = _rule(
    "fourth-red-star-winner", "The player who took a fourth Red Star is the game's winner", "Game Over!"
)

# -- The rewards
REWARD_ORDER = _rule(
    "reward-order",
    "The winner chooses first, then each held-on player once, clockwise from the winner; "
    "eliminated players get nothing; games 1 to 15 only",
    "If You’re the Winner",
    rulable=False,
)
WINNER_SIGNS = _rule(
    "winner-signs",
    "The winner, and only the winner, signs the victor's section",
    "If You’re the Winner",
    rulable=False,
)
WINNERS_REWARDS = _rule(
    "winners-rewards",
    "The winner chooses one of the six winner's rewards; a held-on player a Minor City, a resource "
    "or nothing",
    "If You’re the Winner",
)
CONTINENT_NAMED_ONCE = _rule(
    "continent-named-once",
    "A continent is named once, with a name no other continent has",
    "If You’re the Winner",
)
CONTINENT_CHANGED_ONCE = _rule(
    "continent-changed-once",
    "A continent's bonus changes once, with the +1 or the -1 mark",
    "If You’re the Winner",
)
CONTINENT_MARKS_LEFT = _rule(
    "continent-marks-left",
    "The campaign has one +1 mark and one -1 mark",
    "If You’re the Winner",
    rulable=False,
)
SCAR_TO_CANCEL = _rule(
    "scar-to-cancel",
    "A white sticker cancels a scar where there is one (four in the box)",
    "If You’re the Winner",
    rulable=False,
)
CITY_TO_FORTIFY = _rule(
    "city-to-fortify",
    "A fortification goes round a city (five in the box)",
    "If You’re the Winner",
    rulable=False,
)
CARD_DESTROYED_ONCE = _rule(
    "card-destroyed-once", "A territory card is destroyed once", "If You’re the Winner", rulable=False
)
FACTION_NAMED_ONCE = _rule(
    "faction-named-once",
    "A faction is named once, by a held-on player founding a Minor City",
    "If You’re the Winner",
)
CONTROLLED_AT_THE_END = _rule(
    "controlled-at-the-end",
    "A held-on player's Minor City or resource goes in a territory they controlled at the end of the game",
    "If You’re the Winner",
)
SIX_RESOURCES_AT_MOST = _rule(
    "six-resources-at-most",
    "A territory card holds 6 resources at most, and a destroyed card takes none",
    "Time to Level Up (+1 Resource)",
)

# -- After game 15
WORLD_NAMED_BY_MOST_SIGNATURES = _rule(
    "world-named-by-most-signatures",
    "After game 15 the player who signed most names the world; a tie is decided by a roll-off",
    "Ready for the Big Finish?",
)

#: Every rule above, in the order written: derived, so that a rule is never left off the list.
RULES = tuple(rule for rule in list(globals().values()) if isinstance(rule, Rule))
