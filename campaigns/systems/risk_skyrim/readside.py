"""Risk: Skyrim on the read side: its plays, ties sharing the win, with scores and modes."""

from __future__ import annotations

from ...readside.base import LOST, WON, BggGame, Play, ReadSide, Seat
from ...rules import risk_skyrim

KEY = risk_skyrim.KEY


# What a seat's score counts, by mode: Chaos adds points, Dovahkiin counts victory points,
# Civil War the territories held.
SCORE_UNITS = {
    risk_skyrim.CHAOS: ("point", "points"),
    risk_skyrim.DOVAHKIIN: ("victory point", "victory points"),
    risk_skyrim.CIVIL_WAR: ("territory", "territories"),
}


def plays(state, campaign_key: str, campaign_name: str):
    for game in state.games:
        seats = tuple(
            Seat(player, order, faction, WON if player in game.winners else LOST, player in game.winners,
                 score=game.scores[player])
            for order, (player, faction) in enumerate(game.factions.items(), 1)
        )
        # A Chaos play played with Dovahkiin rules stays a Chaos play (its mode, its stats), noted.
        note = risk_skyrim.DOVAHKIIN_RULES if game.dovahkiin_rules else None
        yield Play(campaign_key, campaign_name, KEY, game.number, game.played_on, seats,
                   mode=risk_skyrim.MODES[game.mode], note=note, score_units=SCORE_UNITS[game.mode])


READ_SIDE = ReadSide(plays=plays, side_word="Faction", scored=True, bgg=BggGame(risk_skyrim.LABEL))
