"""What the shared read side (stats, exports) needs of each game system, one module per system.

No Django here (like campaigns/rules): each module reads what its system's fold recorded and
provides the same few names, so that campaigns.stats never asks which system it has:

    KEY            the system's key (its rules module's KEY)
    SIDE_WORD      what a seat's side is called on the stats page ("Faction", "Team"), or
                   None when its sides are not counted (a co-operative game's)
    COOPERATIVE    its plays are played together: no winner, no win rate
    SCORED         its seats have a score (BG Stats shows points)
    MARKS_WON      its games are where signatures and cities are won (Risk Legacy)
    plays(state, after_game, campaign_key, campaign_name) -> Iterable[Play]
                   its finished games; `after_game` is the timeline's states as of each game
                   (`Timeline.after_game`), possibly empty
    marks(state) -> Marks
                   the signatures and cities each player won (empty for most systems)

Adding a system is adding its module here and one line to READ_SIDES.
"""

from . import captain_america, dawnguard, risk_legacy, risk_skyrim

# In the order the stats page shows the systems' factions and teams.
READ_SIDES = {module.KEY: module for module in (risk_legacy, risk_skyrim, captain_america, dawnguard)}
