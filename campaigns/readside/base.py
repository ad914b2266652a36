"""The one shape every system's plays take on the read side (`Play`s with `Seat`s), and
`ReadSide`, what a system gives the shared read side about them."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

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
    score_units: tuple[str, str] = ("point", "points")  # what a seat's score counts: one, several

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
class Mark:
    """Something players win that lasts beyond a game (Risk Legacy's signatures and cities
    founded), counted per player on the stats page: "3 signatures", "1 city founded"."""

    one: str  # "signature", "city founded"
    many: str  # "signatures", "cities founded"

    def counted(self, count: int) -> str:
        return f"{count} {self.one if count == 1 else self.many}"


# What a campaign's players won of each mark its system offers: mark -> player -> count. Every
# mark the system offers is there, even with no count yet (its players are shown a 0).
MarksWon = Mapping[Mark, Mapping[str, int]]


def no_marks(state: Any) -> MarksWon:
    """The marks of a system whose players win nothing that lasts."""
    return {}


@dataclass(frozen=True)
class BggGame:
    """A game as BoardGameGeek (and so BG Stats) knows it, given by each system's read side.
    `bgg_id` 0: not verified, so BG Stats makes a game of its own by that name rather than file
    a group's plays under the wrong one.

    BGG ids known: Risk Legacy 105134 (boardgamegeek.com/boardgame/105134); not verified, 0:
    Risk: Skyrim, Risk: Captain America, Skyrim – The Adventure Game, its Dawnguard expansion.
    """

    name: str
    bgg_id: int = 0
    year: int = 0


@dataclass(frozen=True, kw_only=True)
class ReadSide:
    """What the read side (campaigns/stats.py, exports.py, a play log's standings) reads of one
    system: its plays and the facts about them, as data (shared code tests no flag that names
    a game). A system's readside.py builds it and its GameSystem holds it."""

    # plays(state, campaign_key, campaign_name) -> its finished games as `Play`s, read from
    # what the fold recorded of each in the state now (never from a state as of an earlier game).
    plays: Callable[[Any, str, str], Iterable[Play]]
    # What a seat's side is called on the stats page ("Faction", "Team"): the sides are
    # counted there under that word. None: its sides are not counted (a co-operative game's).
    side_word: str | None = None
    # Its plays are played together: no winner, no win rate, never a game of the win counts.
    cooperative: bool = False
    # A co-operative game's sentence for the stats page: how its plays count, in players' words.
    counting: str = ""
    # Its seats have a score (BG Stats shows points).
    scored: bool = False
    # Its sides are teams of players who win or lose together (BG Stats gets a team play).
    teams: bool = False
    # marks(state) -> what its players won that lasts beyond a game, by mark (MarksWon).
    marks: Callable[[Any], MarksWon] = no_marks
    # Its teams in a fixed order (BG Stats numbers them "0", "1", ... in this order); () when
    # its sides are not teams.
    team_names: tuple[str, ...] = ()
    # The game on BoardGameGeek (BG Stats matches it by its id). None: the system's label, id 0.
    bgg: BggGame | None = None
    # An expansion's base game: its plays are plays of this game, with `bgg` as the expansion
    # played (BG Stats' `expansionPlays`). None: a game of its own.
    base_game: BggGame | None = None
    # A co-operative play is won by everyone at it when it completed something (a chapter);
    # one that completed nothing is a step of a longer game, neither won nor lost.
    coop_won_when_completed: bool = False
