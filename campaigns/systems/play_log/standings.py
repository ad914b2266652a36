"""A play log's standings: who plays, who wins, with what, and against whom, in one campaign;
and what a correction of a logged play changed (`play_differences`).

No Django here (like campaigns/stats, on which it builds): the counts start from the read
side's `Play`s with `Seat`s (a campaign's `stats.CampaignRecord`), so this module never asks
which game system it has and never works out a winner itself.

Decisions:
- Plays, wins, win rates and head-to-head are campaigns.stats' own counts for one campaign (a
  seat marked winner is a win: a shared Chaos win counts for each tied player, a team's win for
  each of its players, a draw for nobody).
- The average score is over the seats that carry a score (None when none does). A score
  counts only against scores of its own mode (Skyrim's Chaos points, Dovahkiin victory points,
  Civil War territories), so a log of several scored modes averages each mode apart.
- The most played side is the hero when the seat names one, else the faction or team, the most
  played first, then the most won with, then by name.
- A current streak is the run of the same result (won, lost, drew) ending with the player's
  latest play, in the order the plays were played.
"""

from __future__ import annotations

import dataclasses
import pickle
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from ... import stats
from ...readside.base import DRAW, Play
from ...rules.words import code_words, key_words


@dataclass(frozen=True)
class Streak:
    result: str  # "won", "lost" or "drew"
    plays: int

    @property
    def text(self) -> str:
        """"3 wins", "1 loss", "2 draws"."""
        one, many = {"won": ("win", "wins"), "lost": ("loss", "losses"), "drew": ("draw", "draws")}[
            self.result
        ]
        return f"{self.plays} {one if self.plays == 1 else many}"


@dataclass(frozen=True)
class PlayerStanding:
    name: str
    plays: int
    wins: int
    average_score: float | None
    most_played: tuple[str, int] | None  # (hero, faction or team; its plays)
    streak: Streak | None
    # A log of several scored modes: (mode, its average) in the order first played.
    average_by_mode: tuple[tuple[str, float], ...] = ()

    @property
    def win_rate(self) -> float | None:
        return stats.rate(self.wins, self.plays)


@dataclass(frozen=True)
class Standings:
    plays: int  # the plays counted
    numbers: list[int]  # their numbers, in the order played (the charts' x axis)
    draws: int
    players: list[PlayerStanding]  # by wins, then win rate, then plays, then name
    head_to_head: list[stats.HeadToHeadRow]
    cumulative_wins: dict[str, list[int]]  # player -> wins after each play (0 first)
    scored: bool  # whether any seat carries a score (the average score is shown)
    scored_by_mode: bool = False  # several modes carry scores: each averaged apart


# What a stored StandingsTally holds: another number when that changes, so none is read as it.
TALLY_FORMAT = 1


def standings(record: stats.CampaignRecord) -> Standings:
    """The standings of one campaign's plays (a play log's, or any competitive game's)."""
    return StandingsTally(record).standings()


class StandingsTally:
    """The standings' counts over one campaign's plays in the order played: worked out once,
    then extended by the plays logged since (`extend`) when they come after every play counted,
    so a long log's standings after a new play count that play, not the log again."""

    def __init__(self, record: stats.CampaignRecord):
        # One campaign: every roster name is its own person (names are unique in a roster).
        self._record = dataclasses.replace(record, plays=())  # what a later play is counted as of
        # Counts, not plays: the tally is small enough to be stored (`stored`, `resumed`).
        self._counts = stats.Tally({}, timeline=False)
        self._counts.add_record(record)
        self._per_player = _PerPlayer()
        self._numbers: list[int] = []
        self._draws = 0
        self._scored_modes: set[str | None] = set()
        self._last: tuple | None = None  # the sort key of the latest play counted
        self._highest = max((play.number for play in record.plays), default=0)
        self._add(_in_order(record.plays))

    def stored(self) -> bytes:
        """The tally as bytes to keep (in the database), without its campaign's record: what a
        later play is counted as of is given back by `resumed`."""
        return pickle.dumps({**self.__dict__, "_record": None}, pickle.HIGHEST_PROTOCOL)

    @classmethod
    def resumed(cls, stored: bytes, record: stats.CampaignRecord) -> StandingsTally:
        """A stored tally, its campaign's record (its plays not needed) given back."""
        tally = cls.__new__(cls)
        tally.__dict__.update(pickle.loads(stored))  # noqa: S301 (bytes this app stored)
        tally._record = dataclasses.replace(record, plays=())
        return tally

    @property
    def last_number(self) -> int:
        """The highest play number counted (0 before the first)."""
        return self._highest

    def extend(self, plays: Iterable[Play]) -> bool:
        """Count these later plays; False, counting nothing, when one was played before the
        latest play counted (its streaks and wins over time change: work them out again)."""
        plays = list(plays)
        ordered = _in_order(plays)
        if ordered and self._last is not None and ordered[0].sort_key < self._last:
            return False
        self._counts.add_plays(self._record, plays)
        self._highest = max([self._highest, *(play.number for play in plays)])
        self._add(ordered)
        return True

    def _add(self, plays: list[Play]) -> None:
        self._per_player.add(plays)
        self._numbers += [play.number for play in plays]
        self._draws += sum(1 for play in plays if not play.winners)
        self._scored_modes.update(
            play.mode for play in plays if any(seat.score is not None for seat in play.seats)
        )
        if plays:
            self._last = plays[-1].sort_key

    def standings(self) -> Standings:
        summary = self._counts.summary()
        per_player = self._per_player
        by_mode = len(self._scored_modes) > 1
        competitors = summary.competitors
        players = [
            PlayerStanding(
                name=player.label,
                plays=player.games,
                wins=player.wins,
                average_score=_average(per_player.scores[player.label]),
                most_played=_most_played(per_player.sides[player.label], per_player.side_wins[player.label]),
                streak=per_player.streaks.get(player.label),
                average_by_mode=tuple(
                    (mode, _average(values)) for mode, values in per_player.mode_scores[player.label].items()
                ) if by_mode else (),
            )
            for player in competitors
        ]
        label_of = {player.key: player.label for player in competitors}
        return Standings(
            plays=len(self._numbers),
            numbers=list(self._numbers),
            draws=self._draws,
            players=players,
            head_to_head=summary.head_to_head,
            cumulative_wins={label_of[key]: wins for key, wins in summary.cumulative_wins.items()},
            scored=bool(self._scored_modes),
            scored_by_mode=by_mode,
        )


def _in_order(plays: Iterable[Play]) -> list[Play]:
    """The competitive plays, in the order they were played."""
    return sorted((play for play in plays if not play.cooperative), key=lambda play: play.sort_key)


class _PerPlayer:
    """Each player's scores (all, and by mode in the order first played), sides played and won
    with, and current streak, over plays in order."""

    def __init__(self):
        # A player's scores as [their sum, how many]: an average needs no more.
        self.scores: dict[str, list[int]] = defaultdict(_no_scores)
        self.mode_scores: dict[str, dict[str, list[int]]] = defaultdict(dict)
        self.sides: dict[str, Counter] = defaultdict(Counter)
        self.side_wins: dict[str, Counter] = defaultdict(Counter)
        self.streaks: dict[str, Streak] = {}

    def add(self, plays: Iterable[Play]) -> None:
        scores, mode_scores, sides, side_wins, streaks = (
            self.scores, self.mode_scores, self.sides, self.side_wins, self.streaks
        )
        for play in plays:
            for seat in play.seats:
                if seat.score is not None:
                    by_mode = mode_scores[seat.player].setdefault(play.mode or "", _no_scores())
                    for total in (scores[seat.player], by_mode):
                        total[0] += seat.score
                        total[1] += 1
                # Each hero a seat ran counts (2-player Captain America: both of a team's).
                for side in seat.heroes or ((seat.side,) if seat.side else ()):
                    sides[seat.player][side] += 1
                    side_wins[seat.player][side] += seat.winner
                result = "won" if seat.winner else "drew" if seat.result == DRAW else "lost"
                before = streaks.get(seat.player)
                streaks[seat.player] = Streak(
                    result, before.plays + 1 if before and before.result == result else 1
                )


def _no_scores() -> list[int]:
    return [0, 0]


def _average(total: list[int]) -> float | None:
    """The average of [a sum, how many], to one place."""
    return round(total[0] / total[1], 1) if total[1] else None


def _most_played(played: Counter, won: Counter) -> tuple[str, int] | None:
    if not played:
        return None
    side = min(played, key=lambda s: (-played[s], -won[s], s))
    return side, played[side]


# What a correction changed ----------------------------------------------------------------
# A play's page lists its corrections; each says what it changed from the play as it read
# before, in words, from the two plays as the journal writes them (whatever the system).


@dataclass(frozen=True)
class Difference:
    who: str | None  # the seat's player, or None for the play itself
    what: str  # "territories", "rooms: Iron Man", "seated"
    before: str
    after: str

    @property
    def dated(self) -> bool:
        """Both are days written YYYY-MM-DD (a page shows them in its date format)."""
        return _is_date(self.before) and _is_date(self.after)


def play_differences(before: dict, after: dict) -> list[Difference]:
    """What changed from one version of a logged play to the next: the play's own values,
    then seat by seat (a seat is its player's), in the journal's order."""
    old_seats, new_seats = _seats(before), _seats(after)
    play_values = {key: value for key, value in before.items() if key not in ("number", "seats")}
    new_values = {key: value for key, value in after.items() if key not in ("number", "seats")}
    changes = _compare(None, play_values, new_values)
    for player in [*new_seats, *(p for p in old_seats if p not in new_seats)]:
        if player not in old_seats or player not in new_seats:
            seated = player in new_seats
            changes.append(
                Difference(player, "at the table", "no" if seated else "yes", "yes" if seated else "no")
            )
            continue
        changes += _compare(player, old_seats[player], new_seats[player])
    return changes


def _seats(play: dict) -> dict[str, dict]:
    seats = play.get("seats") or []
    return {
        seat["player"]: {key: value for key, value in seat.items() if key != "player"}
        for seat in seats
        if isinstance(seat, dict) and isinstance(seat.get("player"), str)
    }


def _compare(who: str | None, before: dict, after: dict, within: str = "") -> list[Difference]:
    changes = []
    for key in [*after, *(k for k in before if k not in after)]:
        old, new = before.get(key), after.get(key)
        what = f"{within}: {_worded(key)}" if within else key_words(key)
        if isinstance(old, dict) and isinstance(new, dict):
            changes += _compare(who, old, new, what)
        elif old != new:
            changes.append(
                Difference(who, what, _value_words(old, key in before), _value_words(new, key in after))
            )
    return changes


def _worded(code: str) -> str:
    """A journal code as a name: "iron-man" -> "Iron Man"; a name stays as written."""
    if code.islower() and any(mark in code for mark in "-_") or code.isalpha() and code.islower():
        return code_words(code)
    return code


def _value_words(value, present: bool) -> str:
    if not present:
        return "–"
    if value is None:
        return "nobody"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(_value_words(item, True) for item in value)
    if isinstance(value, str):
        return value if _is_date(value) else _worded(value)
    return str(value)


def _is_date(text: str) -> bool:
    return len(text) == 10 and text[4] == text[7] == "-" and text.replace("-", "").isdigit()
