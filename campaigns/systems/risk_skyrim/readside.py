"""Risk: Skyrim on the read side: its plays, ties sharing the win, with scores and modes."""

from __future__ import annotations

from ...rules import risk_skyrim
from ...readside.base import LOST, NO_MARKS, WON, Marks, Play, Seat

KEY = risk_skyrim.KEY
SIDE_WORD = "Faction"
COOPERATIVE = False
SCORED = True
TEAMS = False
MARKS_WON = False


def plays(state, campaign_key: str, campaign_name: str):
    for game in state.games:
        seats = tuple(
            Seat(player, order, faction, WON if player in game.winners else LOST, player in game.winners,
                 score=game.scores[player])
            for order, (player, faction) in enumerate(game.factions.items(), 1)
        )
        yield Play(campaign_key, campaign_name, KEY, game.number, game.played_on, seats,
                   mode=risk_skyrim.MODES[game.mode])


def marks(state) -> Marks:
    return NO_MARKS
