"""What the shared read side (stats, exports) needs of each game system: one `readside`
module per system, in its package (campaigns/systems/<system>/readside.py).

No Django here (like campaigns/rules): each module reads what its system's fold recorded and
provides the same few names, so that campaigns.stats never asks which system it has:

    KEY            the system's key (its rules module's KEY)
    SIDE_WORD      what a seat's side is called on the stats page ("Faction", "Team"), or
                   None when its sides are not counted (a co-operative game's)
    COOPERATIVE    its plays are played together: no winner, no win rate
    COUNTING       (a COOPERATIVE system only) a sentence for the stats page: how its plays
                   count, in players' words
    SCORED         its seats have a score (BG Stats shows points)
    TEAMS          its seats' sides are teams of players who win or lose together (BG Stats
                   gets a team play: each seat's `team` is its side)
    MARKS_WON      its games are where signatures and cities are won (Risk Legacy)
    plays(state, campaign_key, campaign_name) -> Iterable[Play]
                   its finished games, read from what the fold recorded of each in the
                   state now (never from a state as of an earlier game)
    marks(state) -> Marks
                   the signatures and cities each player won (empty for most systems)

The modules are found from the rules registry (campaigns.rules.SYSTEMS): adding a system is
adding its two packages and its line there.
"""

import importlib

from ..rules import SYSTEMS


def _read_side(rules_module):
    package = rules_module.__name__.rsplit(".", 1)[1]  # campaigns.rules.dawnguard -> dawnguard
    return importlib.import_module(f"campaigns.systems.{package}.readside")


# In the order the stats page shows the systems' factions and teams (the registry's order).
READ_SIDES = {key: _read_side(module) for key, module in SYSTEMS.items()}
