"""Risk Legacy on the read side: finished games (the winner known), signatures and cities."""

from __future__ import annotations

from collections import Counter

from ...rules import risk_legacy
from ...readside.base import ELIMINATED, HELD_ON, WON, Marks, Play, Seat

KEY = risk_legacy.KEY
SIDE_WORD = "Faction"
COOPERATIVE = False
SCORED = False
TEAMS = False
MARKS_WON = True

RESULTS = {"won": WON, "held_on": HELD_ON, "eliminated": ELIMINATED}


def plays(state, campaign_key: str, campaign_name: str):
    for game in state.games:
        if not game.ended:  # a game in progress counts for nothing yet
            continue
        seats = tuple(
            Seat(seat.player, order, seat.faction, RESULTS[seat.result], seat.result == "won",
                 start=seat.start)
            for order, seat in enumerate(game.seats, 1)
        )
        yield Play(campaign_key, campaign_name, KEY, game.number, game.played_on, seats)


def marks(state) -> Marks:
    return Marks(
        signatures=Counter(signature.player for signature in state.victors),
        # Every city the fold recorded as founded, a covered one too (a card may allow it).
        cities=Counter(change.player for change in state.changes if change.kind == "city"),
    )
