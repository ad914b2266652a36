"""The one shape every system's plays take on the read side: `Play`s with `Seat`s."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field

WON, HELD_ON, ELIMINATED, LOST, DRAW, PLAYED = "won", "held on", "eliminated", "lost", "draw", "played"
HEROES_JOINED = " & "  # a seat running several heroes names them so ("Iron Man & War Machine")


@dataclass(frozen=True)
class Seat:
    player: str  # the roster name
    order: int  # 1, 2, 3 … in the order the journal seats them
    side: str | None  # faction (Risk Legacy, Risk: Skyrim), team (Captain America), side (Dawnguard)
    result: str  # WON, HELD_ON, ELIMINATED, LOST, DRAW or PLAYED
    winner: bool
    hero: str | None = None  # Captain America's heroes, Dawnguard's hero
    start: str | None = None  # Risk Legacy's starting territory (its HQ)
    score: int | None = None  # Risk: Skyrim's score, the Captain America team's points

    @property
    def heroes(self) -> tuple[str, ...]:
        """Each hero the seat ran: one, or a Captain America team's two with 2 players."""
        return tuple(self.hero.split(HEROES_JOINED)) if self.hero else ()


@dataclass(frozen=True)
class Play:
    """One game of one campaign, as every system's stats see it."""

    campaign: str  # the campaign's key (its slug)
    campaign_name: str
    system: str
    number: int
    played_on: str  # YYYY-MM-DD
    seats: tuple[Seat, ...]
    mode: str | None = None  # Risk: Skyrim's mode, Dawnguard's chapter
    cooperative: bool = False
    note: str | None = None  # e.g. "chapter completed"
    completed: str | None = None  # what a co-operative play completed, in words ("Chapter 1")

    @property
    def date(self) -> datetime.date:
        return datetime.date.fromisoformat(self.played_on)

    @property
    def winners(self) -> list[str]:
        return [seat.player for seat in self.seats if seat.winner]

    @property
    def sort_key(self) -> tuple:
        return (self.played_on, self.campaign_name.casefold(), self.number)


@dataclass(frozen=True)
class Marks:
    """What players win that lasts beyond a game: player -> count."""

    signatures: Mapping[str, int] = field(default_factory=dict)
    cities: Mapping[str, int] = field(default_factory=dict)


NO_MARKS = Marks()
