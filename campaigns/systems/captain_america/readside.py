"""Risk: Captain America on the read side: seats in the journal's order with their heroes,
each scoring its team's points; both players of the winning team win."""

from __future__ import annotations

from ...readside.base import DRAW, HEROES_JOINED, LOST, WON, BggGame, Play, ReadSide, Seat
from ...rules import captain_america

KEY = captain_america.KEY


def plays(state, campaign_key: str, campaign_name: str):
    for game in state.games:
        seats = []
        for order, seat in enumerate(game.seats, 1):
            if game.result == captain_america.DRAW:
                result = DRAW
            else:
                result = WON if seat.player in game.winners else LOST
            team = seat.team
            seats.append(Seat(
                seat.player, order, captain_america.TEAM_NAMES[team], result, seat.player in game.winners,
                hero=HEROES_JOINED.join(seat.heroes), score=game.points[team],
            ))
        yield Play(campaign_key, campaign_name, KEY, game.number, game.played_on, tuple(seats))


# Two teams of players: BG Stats gets a team play.
READ_SIDE = ReadSide(
    plays=plays, side_word="Team", scored=True, teams=True, bgg=BggGame(captain_america.LABEL),
    team_names=tuple(captain_america.TEAM_NAMES[team] for team in captain_america.TEAMS),
)
