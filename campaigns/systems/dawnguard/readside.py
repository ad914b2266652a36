"""Dawnguard on the read side: co-operative sittings, never won or lost.

A sitting counts for every hero at the table after it (a hero who joins during a sitting
played it), read from the state as of that game.
"""

from __future__ import annotations

from ...rules import dawnguard
from ...readside.base import PLAYED, Play, ReadSide, Seat

KEY = dawnguard.KEY
COUNTING = (
    "Dawnguard is played together and the tracker records no winner: a sitting counts under "
    "Co-op for every hero at the table (a hero who joins during a sitting played it), with the "
    "chapters it completed, and never as a win or a loss, so it stays out of games, win rates, "
    "head-to-head and factions. Exported to BG Stats, it is a co-operative play with no winner."
)

SIDE_NAMES = {
    dawnguard.VIGILANTS: "Vigilants of Stendarr",
    dawnguard.DAWNGUARD: "Dawnguard",
    dawnguard.VOLKIHAR: "Clan Volkihar",
}


def plays(state, after_game, campaign_key: str, campaign_name: str):
    # Without the states as of each game, the heroes of `state` are taken for every sitting.
    for game in state.games:
        then = after_game.get(game.number, state)
        seats = tuple(
            Seat(hero.player, order, _side(hero.side, game.chapter), PLAYED, False, hero=hero.hero)
            for order, hero in enumerate(then.heroes.values(), 1)
        )
        completed = then.chapter == game.chapter and then.chapter_complete
        yield Play(
            campaign_key, campaign_name, KEY, game.number, game.played_on, seats,
            mode=f"Chapter {game.chapter}", cooperative=True, note="chapter completed" if completed else None,
            completed=f"Chapter {game.chapter}" if completed else None,
        )


def _side(side: str | None, chapter: int) -> str | None:
    shown = dawnguard.side_name(side, chapter)
    return SIDE_NAMES[shown] if shown else None


# Played together: its sides are not counted (no side word), nor are they teams.
READ_SIDE = ReadSide(plays=plays, cooperative=True, counting=COUNTING)
