"""Risk Legacy on the read side: finished games (the winner known), signatures and cities."""

from __future__ import annotations

from collections import Counter

from ...readside.base import ELIMINATED, HELD_ON, WON, BggGame, Mark, MarksWon, Play, ReadSide, Seat
from ...rules import risk_legacy

KEY = risk_legacy.KEY
# Won in its games and kept for the campaign: the stats page counts them for each player.
SIGNATURES = Mark("signature", "signatures")
CITIES = Mark("city founded", "cities founded")

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


def marks(state) -> MarksWon:
    return {
        SIGNATURES: Counter(signature.player for signature in state.victors),
        # Every city the fold recorded as founded, a covered one too (a card may allow it).
        CITIES: Counter(change.player for change in state.changes if change.kind == "city"),
    }


READ_SIDE = ReadSide(
    plays=plays, side_word="Faction", marks=marks, bgg=BggGame(risk_legacy.LABEL, 105134, 2011)
)
