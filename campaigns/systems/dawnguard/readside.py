"""Dawnguard on the read side: co-operative sittings, never won or lost.

A sitting counts for every hero at the table after it (a hero who joins during a sitting
played it), as the fold recorded it (`state.after_sittings`).
"""

from __future__ import annotations

from ...readside.base import PLAYED, BggGame, Play, ReadSide, Seat
from ...rules import dawnguard

KEY = dawnguard.KEY
COUNTING = (
    "Dawnguard is played together and the tracker records no winner: a sitting counts under "
    "Co-op for every hero at the table (a hero who joins during a sitting played it), with the "
    "chapters it completed, and never as a win or a loss, so it stays out of games, win rates, "
    "head-to-head and factions. Exported to BG Stats, it is a co-operative play of the base game with "
    "Dawnguard as its expansion: won together when it completed a chapter, else left out of wins and losses."
)

SIDE_NAMES = {
    dawnguard.VIGILANTS: "Vigilants of Stendarr",
    dawnguard.DAWNGUARD: "Dawnguard",
    dawnguard.VOLKIHAR: "Clan Volkihar",
}


def plays(state, campaign_key: str, campaign_name: str):
    for game in state.games:
        then = state.after_sittings[game.number]
        seats = tuple(
            Seat(player, order, _side(side, game.chapter), PLAYED, False, hero=hero)
            for order, (player, hero, side) in enumerate(then.heroes, 1)
        )
        completed = then.completed
        yield Play(
            campaign_key, campaign_name, KEY, game.number, game.played_on, seats,
            mode=f"Chapter {game.chapter}", cooperative=True, note="chapter completed" if completed else None,
            completed=f"Chapter {game.chapter}" if completed else None,
        )


def _side(side: str | None, chapter: int) -> str | None:
    shown = dawnguard.side_name(side, chapter)
    return SIDE_NAMES[shown] if shown else None


# Played together: its sides are not counted (no side word), nor are they teams.
# BG Stats gets a sitting as a play of the base game with Dawnguard as its expansion: won by
# every hero when it completed a chapter, else left out of BG Stats' wins and losses.
READ_SIDE = ReadSide(
    plays=plays, cooperative=True, counting=COUNTING, coop_won_when_completed=True,
    bgg=BggGame("Dawnguard"), base_game=BggGame("The Elder Scrolls V: Skyrim – The Adventure Game"),
)
