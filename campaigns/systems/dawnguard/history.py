"""Looking back at a Dawnguard campaign: chapter by chapter, sitting by sitting, and the
numbers the history's charts draw.

Plain Python over the rules layer's states (campaigns.rules.dawnguard), no Django. Nothing
is worked out again here: what happened is what the fold recorded as it applied each entry
(`state.happenings`, in people's words), and the numbers after each sitting are what it
recorded of each (`state.after_sittings`). States are shared and read-only.

    chapters(state, player=None)      the setup, then each chapter with its sittings and
                                      what happened in them (player: only the sittings the
                                      player was at the table for)
    fort_points(state)                the Vigilants' fort after each sitting (charts.FortPoint)
    balance_rows(state)               the chapter 1 markers after each of its sittings
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...rules.dawnguard import DawnguardState
from .charts import BalanceRow, FortPoint


@dataclass(frozen=True)
class Line:
    """One thing that happened, in people's words."""

    kind: str
    text: str
    players: tuple[str, ...] = ()
    ruling: str | None = None  # the group's reason, when a ruling or a house rule let it be


@dataclass
class Sitting:
    number: int
    played_on: str  # YYYY-MM-DD
    chapter: int
    heroes: list[str]  # the players at the table (whoever had a hero after it)
    lines: list[Line] = field(default_factory=list)
    completed: bool = False  # it completed its chapter

    def count(self, *kinds: str) -> int:
        return sum(line.kind in kinds for line in self.lines)

    @property
    def gist(self) -> list[str]:
        """A few words on what mattered most, for the sitting's summary line."""
        words = []
        for kinds, one, many in (
            (("pledge",), "pledge", "pledges"),
            (("join",), "join", "joins"),
            (("level_up",), "level-up", "level-ups"),
            (("fort_level",), "fort level", "fort levels"),
            (("feed", "forced_feed"), "feeding", "feedings"),
            (("fort_card",), "fort card", "fort cards"),
            (("marker",), "marker moved", "markers moved"),
        ):
            count = self.count(*kinds)
            if count:
                words.append(f"{count} {one if count == 1 else many}")
        if not words:
            # What the fold records of a sitting besides its events: its opening, the flip.
            events = sum(line.kind not in ("sitting", "flip", "chapter_1_totals") for line in self.lines)
            words.append("nothing logged yet" if not events else f"{events} event{'s' if events > 1 else ''}")
        return words


@dataclass
class Chapter:
    number: int
    sittings: list[Sitting]
    completed: bool
    standalone: bool = False  # the campaign began here (a standalone chapter 2)
    totals: dict[str, int] | None = None  # chapter 1's markers at its end


def _lines(happenings) -> dict[int | None, list[Line]]:
    """The fold's records by sitting number (None: the setup and corrections before game 1)."""
    by_game: dict[int | None, list[Line]] = {}
    for happening in happenings:
        by_game.setdefault(happening.game, []).append(
            Line(happening.kind, happening.text, tuple(happening.players), happening.ruling)
        )
    return by_game


def setup_lines(state: DawnguardState) -> list[Line]:
    """What the setup recorded: the heroes and the fort cards' thresholds."""
    return _lines(state.happenings).get(None, [])


def chapters(state: DawnguardState, player: str | None = None) -> list[Chapter]:
    """The campaign chapter by chapter (in the order played), each with its sittings; with
    `player`, only the sittings that player was at the table for (chapters left empty go)."""
    by_game = _lines(state.happenings)
    grouped: dict[int, Chapter] = {}
    for game in state.games:
        then = state.after_sittings[game.number]
        sitting = Sitting(
            game.number, game.played_on, game.chapter, [hero[0] for hero in then.heroes],
            lines=by_game.get(game.number, []),
            completed=then.completed,
        )
        chapter = grouped.setdefault(
            game.chapter,
            Chapter(game.chapter, [], completed=False, standalone=game.standalone),
        )
        chapter.completed = chapter.completed or sitting.completed
        if chapter.number == 1 and sitting.completed:
            chapter.totals = then.chapter_1_totals
        if player is None or player in sitting.heroes:
            chapter.sittings.append(sitting)
    return [chapter for chapter in grouped.values() if chapter.sittings]


def fort_points(state: DawnguardState) -> list[FortPoint]:
    """The Vigilants' fort (the Hall, then Fort Dawnguard) before the first sitting and
    after each one."""
    return [
        FortPoint(
            after.number, after.chapter, after.fort, after.fort_level, after.fort_stars, after.fort_levels
        )
        for after in state.after_sittings
    ]


def balance_rows(state: DawnguardState) -> list[BalanceRow]:
    """The chapter 1 markers as set up, then after each chapter 1 sitting; none when the
    campaign began at chapter 2 (its markers never moved)."""
    rows = [
        BalanceRow(after.number, after.hall_markers, after.castle_markers)
        for after in state.after_sittings
        if after.number == 0 or after.balance_in_play
    ]
    return rows if len(rows) > 1 else []
