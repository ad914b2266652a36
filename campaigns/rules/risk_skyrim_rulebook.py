"""Every rule the Risk: Skyrim log checks: its id, its words, the rulebook heading it comes from,
and whether the group may rule otherwise (docs/rules.md, "The table has the last word")."""

from __future__ import annotations

from .base import Rule

#: The rulebook these headings are printed in (the project keeps a copy beside it).
RULEBOOK = "risk-skyrim.txt"


def _rule(name: str, words: str, rulebook: str, *, rulable: bool = True) -> Rule:
    return Rule(f"risk-skyrim/{name}", words, rulebook, rulable)


PLAYERS_PER_MODE = _rule(
    "players-per-mode", "Chaos and Dovahkiin seat 2 to 5 players, Civil War 3 to 5", "Overview of Components"
)
ONE_SEAT_PER_PLAYER = _rule(
    "one-seat-per-player", "A player sits once in a play", "Overview of Components", rulable=False
)
ONE_FACTION_PER_PLAY = _rule(
    "one-faction-per-play", "Each faction is played once in a play", "Overview of Components", rulable=False
)
FORTS_AND_PORTALS_IN_TERRITORIES = _rule(
    "forts-and-portals-in-territories",
    "A player's forts and portals stand in territories they hold",
    "The Gameboard",
)
THE_BOARDS_TOTALS = _rule(
    "the-boards-totals",
    "The seats hold at most the board's 48 territories, 9 forts and 9 portals",
    "The Gameboard",
)
DOVAHKIIN_WINNER = _rule(
    "dovahkiin-winner",
    "A Dovahkiin play is won by the first to 10 or more victory points at the end of their turn, hero alive",
    "Dovahkiin: Objectives",
)
CIVIL_WAR_WINNER = _rule(
    "civil-war-winner",
    "A Civil War play is won by the player holding all 48 territories",
    "Civil War: Winning",
)

#: Every rule above, in the order written: derived, so that a rule is never left off the list.
RULES = tuple(rule for rule in list(globals().values()) if isinstance(rule, Rule))
