"""The group's stats, computed from folded campaign states.

No Django here (like campaigns/rules): a view hands in each campaign's folded state, its game
system and its roster, and this module does the rest. It first turns each system's state into
one shape, `Play`s with `Seat`s (`campaign_record`, through the system's `ReadSide`,
campaigns/readside/base.py: this module never names a system and tests no flag that names
one), then counts over any number of campaigns (`summarize`); campaigns/exports.py writes one
campaign's plays out.

Decisions:
- A *game* is a finished game of Risk Legacy (its winner known), Risk: Skyrim or Captain
  America. A game still in progress counts for nothing yet.
- Dawnguard is played together: the tracker records no winner. A sitting (a Dawnguard
  "game") counts as a co-op sitting for every hero at the table after it (a hero who joins
  during a sitting played it), never as a win or a loss, so it stays out of win rates,
  head-to-head and factions. What a co-op play completed (`Play.completed`: a chapter) is
  counted for everyone at it, and each co-operative game's read side says in its `counting`
  sentence how its plays count (the stats page prints it). BG Stats gets them as plays of a
  co-operative game with no winner.
- What a player wins that lasts beyond a game (a system's marks: Risk Legacy's signatures and
  cities founded) is counted for each player, and shown beside those who played a competitive
  game of a system that offers it.
- A win is a seat marked winner: Skyrim's Chaos ties share the win (each tied seat won),
  both players of the winning Captain America team won, and a draw is a game nobody won.
- Players are matched across campaigns by account when a roster name is linked to one,
  else by name (ignoring case and spacing). An unlinked name joins an account's person
  when that account uses the same name elsewhere (and no other account does), so linking
  one's name in one campaign is enough. A person goes by the roster name they use most.
"""

from __future__ import annotations

import dataclasses
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from .readside.base import (  # Seat is re-exported: callers build plays
    Mark,
    MarksWon,
    Play,
    ReadSide,
    Seat,  # noqa: F401
)


@dataclass(frozen=True)
class CampaignRecord:
    key: str  # the slug
    name: str
    system: str  # its game system's key
    plays: tuple[Play, ...]
    system_label: str  # the game's name
    read_side: ReadSide  # what its system says of its plays (side word, co-op, scores, teams)
    marks: MarksWon = field(default_factory=dict)  # what its players won that lasts, by mark
    game_word: str = "game"  # what its system calls a game: "sitting", "play" (CountWords.one)


# From a folded state to plays -------------------------------------------------------------


def campaign_record(key: str, name: str, system: Any, state: Any) -> CampaignRecord:
    """A campaign's plays (and the marks its players won) from its folded state, read by
    `system`, its GameSystem (campaigns/systems/base.py: its key, label and read side): what
    the fold recorded of each game (who sat at a Dawnguard sitting included)."""
    plays = tuple(system.read_side.plays(state, key, name))
    return dataclasses.replace(campaign_heading(key, name, system, state), plays=plays)


def campaign_heading(key: str, name: str, system: Any, state: Any) -> CampaignRecord:
    """A campaign's record without its plays (none read): what later plays are counted as of."""
    read_side = system.read_side
    return CampaignRecord(
        key, name, system.key, (), system.label, read_side,
        marks=read_side.marks(state), game_word=system.count_words.one,
    )


# Who is who across campaigns --------------------------------------------------------------


@dataclass(frozen=True)
class RosterName:
    """A roster name of a campaign, with the account it is linked to (if any)."""

    campaign: str  # the campaign's key
    name: str
    account_id: int | None = None
    account_name: str | None = None


@dataclass(frozen=True)
class Person:
    key: str  # "account:<id>" or "name:<folded name>"
    label: str
    account_id: int | None = None


def fold_name(name: str) -> str:
    return " ".join(name.split()).casefold()


def people(roster: Iterable[RosterName]) -> dict[tuple[str, str], Person]:
    """Each (campaign, roster name) -> the person it is (see the module's decisions)."""
    roster = list(roster)
    accounts_by_name: dict[str, set[int]] = defaultdict(set)
    for entry in roster:
        if entry.account_id is not None:
            accounts_by_name[fold_name(entry.name)].add(entry.account_id)
    account_names = {entry.account_id: entry.account_name for entry in roster if entry.account_id is not None}

    keys: dict[tuple[str, str], str] = {}
    for entry in roster:
        account_id = entry.account_id
        if account_id is None and len(accounts_by_name.get(fold_name(entry.name), ())) == 1:
            (account_id,) = accounts_by_name[fold_name(entry.name)]
        keys[(entry.campaign, entry.name)] = f"account:{account_id}" if account_id is not None else (
            f"name:{fold_name(entry.name)}"
        )

    names_used: dict[str, Counter] = defaultdict(Counter)
    for (_, name), key in keys.items():
        names_used[key][name] += 1
    labels = {
        key: min(used, key=lambda name: (-used[name], name.casefold())) for key, used in names_used.items()
    }
    # Two people who go by the same name: the one with an account is told apart by it.
    label_counts = Counter(fold_name(label) for label in labels.values())
    for key, label in labels.items():
        if label_counts[fold_name(label)] > 1 and key.startswith("account:"):
            labels[key] = f"{label} ({account_names[int(key.split(':')[1])]})"

    return {
        roster_key: Person(key, labels[key], int(key.split(":")[1]) if key.startswith("account:") else None)
        for roster_key, key in keys.items()
    }


def _person(persons: Mapping[tuple[str, str], Person], campaign: str, name: str) -> Person:
    # A journal only names roster players, but a name missing from the roster still counts.
    return persons.get((campaign, name)) or Person(f"name:{fold_name(name)}", name)


# Counting ---------------------------------------------------------------------------------


def rate(wins: int, games: int) -> float | None:
    return wins / games if games else None


@dataclass
class PlayerStats:
    key: str
    label: str
    is_me: bool = False
    games: int = 0  # competitive games played
    wins: int = 0
    coop_sittings: int = 0
    completed: Counter = field(default_factory=Counter)  # what their co-op sittings completed ("Chapter 1")
    mark_counts: Counter = field(default_factory=Counter)  # Mark -> how many they won
    # The marks shown beside them: those of every system they played a competitive game of.
    marks_played: dict[Mark, None] = field(default_factory=dict)
    side_games: Counter = field(default_factory=Counter)
    side_wins: Counter = field(default_factory=Counter)

    @property
    def win_rate(self) -> float | None:
        return rate(self.wins, self.games)

    @property
    def completions(self) -> list[str]:
        """What their co-op sittings completed, each once with how often: "Chapter 1 ×2"."""
        return [f"{what} ×{count}" if count > 1 else what for what, count in sorted(self.completed.items())]

    @property
    def marks(self) -> list[str]:
        """What they won that lasts, each mark counted: ["3 signatures", "1 city founded"]."""
        return [mark.counted(self.mark_counts[mark]) for mark in self.marks_played]

    @property
    def favourite_side(self) -> tuple[str, int] | None:
        """The faction or team played most (then won most with, then by name), with its games."""
        if not self.side_games:
            return None
        side = min(self.side_games, key=lambda s: (-self.side_games[s], -self.side_wins[s], s))
        return side, self.side_games[side]


@dataclass
class FactionStats:
    name: str
    games: int = 0
    wins: int = 0

    @property
    def win_rate(self) -> float | None:
        return rate(self.wins, self.games)


@dataclass
class FactionGroup:
    system: str
    label: str  # the game's name
    word: str  # its read side's side word: "Faction", "Team"
    factions: list[FactionStats]  # by win rate, then games


@dataclass(frozen=True)
class Duel:
    """Two players' shared games, from the row player's side."""

    games: int
    wins: int  # games the row player won and the other did not
    losses: int  # games the other won and the row player did not

    @property
    def standing(self) -> str:
        return "ahead" if self.wins > self.losses else "behind" if self.wins < self.losses else "even"


@dataclass(frozen=True)
class HeadToHeadCell:
    """The row player's record against one column player, in the games both played."""

    opponent: str  # the column player's label
    duel: Duel | None  # None on the diagonal or when the two never met
    is_self: bool = False


@dataclass(frozen=True)
class HeadToHeadRow:
    """One row of the head-to-head table (templates/campaigns/_head_to_head.html): a player
    and one cell per column player, in the players' order."""

    player: str  # the row player's label
    cells: tuple[HeadToHeadCell, ...]


@dataclass(frozen=True)
class TimelinePoint:
    play: Play
    winners: tuple[str, ...]  # the winners' person labels


@dataclass
class Summary:
    players: list[PlayerStats]  # by wins, then win rate, then games
    factions: list[FactionGroup]
    head_to_head: list[HeadToHeadRow]
    timeline: list[TimelinePoint]  # competitive games in the order they were played
    cumulative_wins: dict[str, list[int]]  # person key -> wins after each timeline game (0 first)
    competitive_games: int
    coop_sittings: int
    campaigns: int
    coop_notes: list[str] = field(default_factory=list)  # how each co-operative game's plays count

    @property
    def competitors(self) -> list[PlayerStats]:
        return [player for player in self.players if player.games]


def summarize(
    records: Iterable[CampaignRecord],
    persons: Mapping[tuple[str, str], Person],
    me: int | None = None,
    *,
    order: Sequence[str] = (),
) -> Summary:
    """Every count the stats page shows, over these campaigns. `me`: the viewer's account id;
    `order`: the systems' keys in the order their factions and notes are shown (the
    registry's), any other system after them, as first met."""
    tally = Tally(persons, me, order=order)
    for record in records:
        tally.add_record(record)
    return tally.summary()


@dataclass(frozen=True)
class _SystemSeen:
    """What the summary shows of a system it counted plays of."""

    label: str
    side_word: str | None
    counting: str | None
    seen: int  # the order it was first met in


class Tally:
    """What `summarize` counts, play by play: campaigns counted whole (`add_record`), and later
    plays of a campaign counted before (`add_plays`: a long log's plays logged since its
    standings were last worked out), read as a Summary at any time (`summary`)."""

    def __init__(
        self,
        persons: Mapping[tuple[str, str], Person],
        me: int | None = None,
        *,
        order: Sequence[str] = (),
        timeline: bool = True,
    ):
        self._persons, self._me, self._order = persons, me, tuple(order)
        self._stats: dict[str, PlayerStats] = {}
        self._systems: dict[str, _SystemSeen] = {}
        self._factions: dict[str, dict[str, FactionStats]] = {}  # for systems whose sides count
        # (a, b) with a < b -> [games both played, games a won and b not, games b won and a not]
        self._duels: dict[tuple[str, str], list[int]] = {}
        # Without a timeline (`timeline=False`: a log's standings, kept small to be stored) the
        # plays are let go once a summary has put them in order, and a play counted later must
        # not sort before them (ValueError): nothing is left to work the order out again from.
        self._keeps_plays = timeline
        self._competitive: list[Play] = []
        # What `summary` worked out over the competitive plays in the order played, kept for the
        # next: the first `_in_order` plays' timeline and each competitor's wins after each game
        # (0 first), until a play counted later was played before the last of those.
        self._in_order = 0
        self._let_go = 0  # the plays in order let go (without a timeline)
        self._last_key: tuple | None = None  # the sort key of the last play in order
        self._timeline: list[TimelinePoint] = []
        self._running: dict[str, list[int]] = {}
        self._coop_sittings = 0
        self._coop_systems: set[str] = set()
        self._campaigns = 0

    def _player(self, campaign: str, name: str) -> PlayerStats:
        person = _person(self._persons, campaign, name)
        if person.key not in self._stats:
            is_me = self._me is not None and person.account_id == self._me
            self._stats[person.key] = PlayerStats(person.key, person.label, is_me=is_me)
        return self._stats[person.key]

    def _see(self, record: CampaignRecord) -> None:
        if record.system not in self._systems:
            read_side = record.read_side
            self._systems[record.system] = _SystemSeen(
                record.system_label, read_side.side_word, read_side.counting, len(self._systems)
            )
            if read_side.side_word:
                self._factions[record.system] = {}

    def add_record(self, record: CampaignRecord) -> None:
        """Count a campaign: its plays and what its players won that lasts."""
        self._campaigns += 1
        self._see(record)
        of_name: dict[str, PlayerStats] = {}
        for mark, counts in record.marks.items():
            for name, count in counts.items():
                self._seated(record.key, name, of_name).mark_counts[mark] += count
        self._count(record, record.plays, of_name)

    def add_plays(self, record: CampaignRecord, plays: Iterable[Play]) -> None:
        """Count later plays of a campaign counted before (its marks are counted once)."""
        self._see(record)
        self._count(record, plays, {})

    def _seated(self, campaign: str, name: str, of_name: dict[str, PlayerStats]) -> PlayerStats:
        # Each roster name's stats, looked up once a campaign (a play has up to five seats).
        stat = of_name.get(name)
        if stat is None:
            stat = of_name[name] = self._player(campaign, name)
        return stat

    def _count(self, record: CampaignRecord, plays: Iterable[Play], of_name: dict[str, PlayerStats]) -> None:
        competitors: dict[str, PlayerStats] = {}  # who played a competitive game of it
        duels = self._duels
        for play in plays:
            if play.cooperative:
                self._coop_sittings += 1
                self._coop_systems.add(play.system)
                for seat in play.seats:
                    stat = self._seated(record.key, seat.player, of_name)
                    stat.coop_sittings += 1
                    if play.completed:
                        stat.completed[play.completed] += 1
                continue
            self._competitive.append(play)
            if self._last_key is not None and play.sort_key < self._last_key:
                if not self._keeps_plays:
                    raise ValueError(f"Play {play.number} was played before the plays counted in order.")
                self._in_order, self._last_key, self._timeline, self._running = 0, None, [], {}  # again
            seated = []
            sides_won: dict[str, bool] = {}
            for seat in play.seats:
                stat = self._seated(record.key, seat.player, of_name)
                competitors[stat.key] = stat
                seated.append((stat.key, seat.winner))
                stat.games += 1
                stat.wins += seat.winner
                if seat.side:
                    stat.side_games[seat.side] += 1
                    stat.side_wins[seat.side] += seat.winner
                    sides_won[seat.side] = sides_won.get(seat.side, False) or seat.winner
            # A faction counts once a game, even a Captain America team two players share.
            counted = self._factions.get(play.system)  # None: the system's sides are not counted
            for side, won in sides_won.items() if counted is not None else ():
                faction = counted.setdefault(side, FactionStats(side))
                faction.games += 1
                faction.wins += won
            for (a, a_won), (b, b_won) in combinations(sorted(seated), 2):
                if a == b:
                    continue
                duel = duels.get((a, b))
                if duel is None:
                    duel = duels[(a, b)] = [0, 0, 0]
                duel[0] += 1
                duel[1] += a_won and not b_won
                duel[2] += b_won and not a_won
        marks = dict.fromkeys(record.marks)
        for stat in competitors.values():
            stat.marks_played.update(marks)

    def summary(self) -> Summary:
        """The counts so far (its players are the tally's: read it before counting more)."""
        players = sorted(
            self._stats.values(),
            key=lambda p: (-p.wins, -(p.win_rate or 0), -p.games, -p.coop_sittings, p.label.casefold()),
        )
        competitive = self._competitive
        # The plays counted since the last summary, in order after those already in order (none
        # sorts before them, else all are sorted again): stable, as one sort of them all.
        competitive[self._in_order :] = sorted(competitive[self._in_order :], key=lambda play: play.sort_key)
        self._in_order_from(competitive)
        counted = self._let_go + len(competitive)
        if not self._keeps_plays:
            self._let_go, self._in_order = counted, 0
            del competitive[:]
        # Each system in the order its factions and notes are shown, then as first met.
        seen = self._systems
        systems = sorted(seen, key=lambda system: (_place(self._order, system), seen[system].seen))
        return Summary(
            players=players,
            factions=_faction_groups(
                {system: self._factions[system] for system in systems if system in self._factions}, seen
            ),
            head_to_head=_head_to_head(players, self._duels),
            timeline=list(self._timeline),
            cumulative_wins={p.key: list(self._running[p.key]) for p in players if p.games},
            competitive_games=counted,
            coop_sittings=self._coop_sittings,
            campaigns=self._campaigns,
            coop_notes=[seen[system].counting for system in systems if system in self._coop_systems],
        )


    def _in_order_from(self, competitive: list[Play]) -> None:
        """The timeline and each competitor's wins after each game, on from the plays in order
        already worked out."""
        people: dict[tuple[str, str], Person] = {}  # each roster name's person, looked up once

        def person_of(campaign: str, name: str) -> Person:
            found = people.get((campaign, name))
            if found is None:
                found = people[campaign, name] = _person(self._persons, campaign, name)
            return found

        running, done, keeps = self._running, self._in_order, self._keeps_plays
        for play in competitive[done:]:
            won = [person_of(play.campaign, name) for name in play.winners]
            if keeps:
                self._timeline.append(TimelinePoint(play, tuple(person.label for person in won)))
            for seat in play.seats:  # a competitor's wins from the first game on (0 until their first)
                key = person_of(play.campaign, seat.player).key
                if key not in running:
                    running[key] = [0] * (self._let_go + done + 1)
            keys = {person.key for person in won}
            for key, counts in running.items():
                counts.append(counts[-1] + (key in keys))
            done += 1
        self._in_order = done
        if done:
            self._last_key = competitive[done - 1].sort_key


def _place(order: Sequence[str], system: str) -> int:
    return order.index(system) if system in order else len(order)


def _faction_groups(factions: dict[str, dict[str, FactionStats]], systems) -> list[FactionGroup]:
    return [
        FactionGroup(
            system, systems[system].label, systems[system].side_word,
            sorted(by_name.values(), key=lambda f: (-(f.win_rate or 0), -f.games, f.name)),
        )
        for system, by_name in factions.items()
        if by_name
    ]


def _head_to_head(players: list[PlayerStats], duels) -> list[HeadToHeadRow]:
    competitors = [p for p in players if p.games]
    rows = []
    for row_player in competitors:
        cells = []
        for column_player in competitors:
            a, b = sorted((row_player.key, column_player.key))
            counts = duels.get((a, b)) if a != b else None
            if not counts:
                duel = None
            elif row_player.key == a:
                duel = Duel(counts[0], counts[1], counts[2])
            else:
                duel = Duel(counts[0], counts[2], counts[1])
            cells.append(
                HeadToHeadCell(column_player.label, duel, is_self=column_player.key == row_player.key)
            )
        rows.append(HeadToHeadRow(row_player.label, tuple(cells)))
    return rows
