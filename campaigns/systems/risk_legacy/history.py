"""Looking back at a Risk Legacy campaign: every change the setup and the games made, a
territory's history, the timeline of every game, the faction cards and the victor's section.

Plain Python over the rules layer's state (campaigns.rules.risk_legacy), no Django, so it
can be read and tested alone. Nothing here is stored: it is all read from a folded state
(`states.state(campaign, as_of=n)`), which holds every game up to n — its seats, packets,
events and rewards — and what each entry changed, as the fold recorded it
(`state.changes`, `state.setup_coins`): no rule is applied a second time here. States are
shared and read-only: nothing here changes them.

    changes(state), setup_changes(state)   every change the setup and the games made, in order
    last_game_changes(state)          what the last game changed (the board marks it)
    territory_history(state, name)    the marks one territory got, with the game and the player
    game_rows(state), timeline(state, player=None)   one row per game (timeline: newest first)
    last_game_row(state)              the last game's row (the board shows it)
    faction_cards(state)              the five faction cards, front and back
    victor_slots(state)               the victor's section, one slot per game that gives rewards

The board's map is board.py.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from ...rules import risk_legacy as rules

# --------------------------------------------------------------------------------------
# Names
# --------------------------------------------------------------------------------------

RESULT_LABEL = {"won": "won", "held_on": "held on", "eliminated": "eliminated", None: "playing"}


def continent_label(state: rules.RiskLegacyState, key: str) -> str:
    """The name a winner gave the continent, else its working label (the board key)."""
    return state.continents[key].name or key


def faction_label(state: rules.RiskLegacyState, key: str) -> str:
    """The name a held-on player gave the faction, else its printed name."""
    return state.factions[key].name or key


# --------------------------------------------------------------------------------------
# Every change the games made to the world
# --------------------------------------------------------------------------------------

#: One thing the setup or a game did to the world, in words, with what later ended it: the
#: fold records these as it applies each entry (rules.Change), so no rule is applied here.
Change = rules.Change


def changes(state: rules.RiskLegacyState) -> list[Change]:
    """Every change the setup and the games made to the world, in the order they were made."""
    return state.changes


def setup_changes(state: rules.RiskLegacyState) -> list[Change]:
    """The coin stickers the setup put on the territory cards, one change per card."""
    return [change for change in state.changes if change.game is None]


def last_game_changes(state: rules.RiskLegacyState) -> list[Change]:
    """What the last game in `state` changed: the records are in order, so its are at the end."""
    game = state.last_game
    if game is None:
        return []
    first = len(state.changes)
    while first and state.changes[first - 1].game == game.number:
        first -= 1
    return state.changes[first:]


# --------------------------------------------------------------------------------------
# A territory's history
# --------------------------------------------------------------------------------------


def territory_history(state: rules.RiskLegacyState, territory: str) -> list[Change]:
    """Every mark `territory` got, oldest first: the setup's coins, the HQs that started
    there, scars, cities, fortifications and boxes ticked, resources, a destroyed card and a
    cancelled scar — each with its game and player, and what later ended it."""
    marks = [change for change in changes(state) if change.territory == territory]
    starts = [
        Change(
            game=game.number,
            kind="hq",
            text=f"{seat.player} put their HQ here, playing {faction_label(state, seat.faction)}, "
            f"and {_result_words(seat.result)}",
            player=seat.player,
            territory=territory,
        )
        for game in state.games
        for seat in game.seats
        if seat.start == territory
    ]
    # HQs go down before anything happens in a game; sorted() keeps each game's own order.
    return sorted(starts + marks, key=lambda change: -1 if change.game is None else change.game)


def _result_words(result: str | None) -> str:
    return {
        "won": "won",
        "held_on": "held on",
        "eliminated": "was eliminated",
        None: "the game is in progress",
    }[result]


# --------------------------------------------------------------------------------------
# The timeline
# --------------------------------------------------------------------------------------


@dataclass(slots=True)
class SeatRow:
    player: str
    faction: str  # the printed name
    faction_name: str | None  # the name given to it, as of the state
    start: str
    result: str | None

    @property
    def result_label(self) -> str:
        return RESULT_LABEL[self.result]

    @property
    def start_slug(self) -> str:
        return rules.territory_slug(self.start)


@dataclass(slots=True)
class GameRow:
    number: int
    played_on: str
    seats: list[SeatRow]
    changes: list[Change]
    in_progress: bool

    @property
    def winner(self) -> str | None:
        return next((seat.player for seat in self.seats if seat.result == "won"), None)

    @property
    def played_on_date(self) -> datetime.date:
        return datetime.date.fromisoformat(self.played_on)


def _game_row(state: rules.RiskLegacyState, game: rules.Game, game_changes: list[Change]) -> GameRow:
    return GameRow(
        number=game.number,
        played_on=game.played_on,
        seats=[
            SeatRow(seat.player, seat.faction, state.factions[seat.faction].name, seat.start, seat.result)
            for seat in game.seats
        ],
        changes=game_changes,
        in_progress=game.in_progress,
    )


def game_rows(state: rules.RiskLegacyState) -> list[GameRow]:
    """One row per game, oldest first."""
    by_game: dict[int | None, list[Change]] = {}
    for change in state.changes:
        by_game.setdefault(change.game, []).append(change)
    return [_game_row(state, game, by_game.get(game.number, [])) for game in state.games]


def last_game_row(state: rules.RiskLegacyState) -> GameRow | None:
    """The row of the last game in `state` (the board shows what it changed)."""
    game = state.last_game
    return _game_row(state, game, last_game_changes(state)) if game else None


def timeline(state: rules.RiskLegacyState, player: str | None = None) -> list[GameRow]:
    """Every game, newest first; with `player`, only the games that player sat in."""
    rows = game_rows(state)
    if player is not None:
        rows = [row for row in rows if any(seat.player == player for seat in row.seats)]
    return rows[::-1]


# --------------------------------------------------------------------------------------
# Faction cards and the victor's section
# --------------------------------------------------------------------------------------


@dataclass(slots=True)
class CardLine:
    """One line of a faction card's back: the game and, if the faction played, how."""

    game: int
    player: str | None = None  # None: not played (an X on the card)
    start: str | None = None
    result: str | None = None

    @property
    def played(self) -> bool:
        return self.player is not None

    @property
    def result_label(self) -> str:
        return RESULT_LABEL[self.result]


# The lines after the campaign's games a card's back shows (the latest); every game is in the
# history's timeline, paged.
BACK_AFTER_THE_CAMPAIGN = 10


@dataclass(slots=True)
class FactionCard:
    key: str
    power: str | None
    name: str | None
    named_by: str | None
    named_in: int | None
    homeland: str | None  # a continent key, once the faction has one
    homeland_name: str | None  # that continent's given name, else its key
    homeland_settled: bool  # games 1-15 are all played: the homeland can no longer change
    lines: list[CardLine] = field(default_factory=list)

    @property
    def back(self) -> tuple[list[CardLine], int, list[CardLine]]:
        """What the page shows of the back: the campaign's games (1 to 15, as the printed card
        has them), how many games after it are left out, and the latest BACK_AFTER_THE_CAMPAIGN
        after it (a 500-game campaign shows 25 lines a card, not 500)."""
        campaign = [line for line in self.lines if line.game <= rules.LAST_REWARD_GAME]
        after = self.lines[len(campaign):]
        latest = after[-BACK_AFTER_THE_CAMPAIGN:]
        return campaign, len(after) - len(latest), latest

    @property
    def games_played(self) -> int:
        return sum(1 for line in self.lines if line.played)

    @property
    def wins(self) -> int:
        return sum(1 for line in self.lines if line.result == "won")


def faction_cards(state: rules.RiskLegacyState) -> list[FactionCard]:
    """The five faction cards: the front (power kept, name given) and the back (one line
    per game: who played it, where they started and how it ended, or X)."""
    settled = state.games_finished >= rules.LAST_REWARD_GAME
    cards = []
    for key, faction in state.factions.items():
        played = {line["game"]: line for line in rules.faction_history(state, key)}
        homeland = rules.homeland(state, key)
        lines = [
            CardLine(game.number, played[game.number]["player"], played[game.number]["start"],
                     played[game.number]["result"])
            if game.number in played
            else CardLine(game.number)
            for game in state.games
        ]
        cards.append(
            FactionCard(
                key=key,
                power=faction.power,
                name=faction.name,
                named_by=faction.named_by,
                named_in=faction.named_in,
                homeland=homeland,
                homeland_name=continent_label(state, homeland) if homeland else None,
                homeland_settled=settled,
                lines=lines,
            )
        )
    return cards


@dataclass(slots=True)
class VictorSlot:
    game: int
    signature: rules.Signature | None  # None: an empty slot

    @property
    def played_on_date(self) -> datetime.date | None:
        return datetime.date.fromisoformat(self.signature.played_on) if self.signature else None


def victor_slots(state: rules.RiskLegacyState) -> list[VictorSlot]:
    """The 15 slots of the victor's section, signed or empty."""
    signed = {signature.game: signature for signature in state.victors}
    return [VictorSlot(n, signed.get(n)) for n in range(1, rules.LAST_REWARD_GAME + 1)]
