"""Risk: The Elder Scrolls V: Skyrim, a play log (docs/rules.md §3, docs/journal.md `risk-skyrim`).

Nothing carries over from one game to the next: the log keeps each game's seats, checks
them against the rules and derives the winner, never taking it from the journal.

Entries: an optional "setup" entry (the journal's "setup", an empty object: this game has
nothing to set up once per campaign), then one "game" entry per game holding the whole
game as the journal writes it:

    {"number": 1, "played_on": "2026-09-03", "mode": "chaos" | "dovahkiin" | "civil_war",
     "seats": [{"player", "faction", ...}]}

A Chaos play may carry `"dovahkiin_rules": true`: played with Dovahkiin rules but Chaos victory
conditions (the rulebook lets a group mix them), logged as Chaos with the Dovahkiin rules noted.

Seat fields besides player and faction:
    chaos       territories, forts, portals (all required)
    dovahkiin   victory_points, hero_alive (required); territories, forts, portals (optional,
                forts and portals only with territories); won (optional, only `true`, on
                the one winner when several seats end with 10+ points and a living hero)
    civil_war   territories (required); eliminated_in_turn (optional, for a loser)

Scores and winners:
    chaos       territories + forts + portals; the highest score wins, equal top scores
                share the win (each of them is counted a win)
    dovahkiin   the victory points; the winner is the first seat to have 10 or more victory
                points and its hero alive at the end of its own turn. A game with no such
                seat is refused (it has not ended). When one seat ends so, it wins; when
                several do, the journal names the one that got there first with
                `"won": true` on exactly that seat (docs/journal.md), and only then
    civil_war   territories held; the winner holds all 48

For pages and forms: `check_game(state, data)` checks a game and derives its scores and
winners without changing the log; `dovahkiin_contenders(seats)` names the seats among which
a Dovahkiin winner must be stated; `reinforcements(...)`, `starting_units(mode, players)` and
`starting_territory_cards(mode, players)` are calculators; MODES, FACTIONS, SEAT_FIELDS and
PLAYER_COUNTS describe what a game form asks for.

`state_json` has exactly these keys:

    system         "risk-skyrim"
    as_of_game     the last game the state includes (as for risk-legacy; --as-of N)
    games_played   games logged
    games          [{"number", "played_on", "mode", "scores": {player: n}, "winners": [player]}]
    players        {player: {"plays", "wins", "win_rate"}} for every roster name; win_rate is
                   wins / plays rounded to 3 places, null before a first play

A play log: it keeps the rules protocol (campaigns/rules/protocol.py) on the play-log kind's
rules (campaigns/rules/play_log/); its Django side is campaigns/systems/risk_skyrim/.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from . import risk_skyrim_rulebook as rulebook
from .base import Entry, RuleError, pickled_by_fields, refuse
from .checks import (
    check_game_basics,
    check_one_of,
    check_seat,
    is_whole,
    join_names,
    seat_place,
)
from .play_log import (
    PlayLog,
    apply_to_play_log,
    bg_stats,
    describe_change,
    play_log_entries,
    play_log_json,
    play_log_parts,
    seated_players,
    state_as_of,  # noqa: F401 - the fold works out "as of game n" with it
)

KEY = "risk-skyrim"
LABEL = "Risk: The Elder Scrolls V: Skyrim"
RULES, RULEBOOK = rulebook.RULES, rulebook.RULEBOOK
# "play_corrections" is an extension of docs/journal.md (play_log/journal.py, docs/journal.md, "Extensions").
JOURNAL_KEYS = ("setup", "games", "play_corrections")

TERRITORIES, FORTS, PORTALS, REGIONS = 48, 9, 9, 9
FACTIONS = ("Stormcloak", "Thalmor", "Orcs", "Imperial", "Forsworn")

CHAOS, DOVAHKIIN, CIVIL_WAR = "chaos", "dovahkiin", "civil_war"
MODES = {CHAOS: "Chaos", DOVAHKIIN: "Dovahkiin", CIVIL_WAR: "Civil War"}
DOVAHKIIN_RULES = "Dovahkiin rules"  # how a Chaos play with Dovahkiin rules is noted
PLAYER_COUNTS = {CHAOS: range(2, 6), DOVAHKIIN: range(2, 6), CIVIL_WAR: range(3, 6)}
# The table's bounds over every mode (a form's seat slots, the setup helper's choices).
FEWEST_PLAYERS = min(counts.start for counts in PLAYER_COUNTS.values())
MOST_PLAYERS = max(counts.stop - 1 for counts in PLAYER_COUNTS.values())

# Seat fields each mode requires and allows, besides player and faction.
SEAT_FIELDS = {
    CHAOS: (("territories", "forts", "portals"), ()),
    DOVAHKIIN: (("victory_points", "hero_alive"), ("territories", "forts", "portals", "won")),
    CIVIL_WAR: (("territories",), ("eliminated_in_turn",)),
}
GAME_KEYS = ("number", "played_on", "mode", "seats")
# A Chaos play played with Dovahkiin rules (heroes, spells, …) but Chaos victory conditions, as
# the rulebook allows: logged as Chaos, with the Dovahkiin rules noted (docs/rules.md, 2026-12-01;
# docs/journal.md, "Extensions"). Written only as true, on a Chaos play.
GAME_OPTIONAL_KEYS = ("dovahkiin_rules",)

VICTORY_POINTS_TO_WIN = 10
CHAOS_UNITS_PER_TERRITORY = 3
CHAOS_CARDS_2_PLAYERS = 18
NEUTRAL_TERRITORIES_2_PLAYERS = 12  # chaos and dovahkiin
DRAGONS = 4  # dovahkiin: on 4 territories drawn at setup, which only the dragons occupy
DOVAHKIIN_STARTING_UNITS = {2: 29, 3: 28, 4: 24, 5: 20}
CIVIL_WAR_STARTING_UNITS = {3: 40, 4: 35, 5: 30}

MIN_REINFORCEMENTS = 3
# The reinforcement chart: three cards of a symbol, one of each, and the "?" wildcard set worth
# 1 unit (docs/rules.md, 2026-12-01; the rulebook's "two wildcard cards marked ?").
CARD_SET_UNITS = {"first_symbol": 4, "second_symbol": 5, "third_symbol": 6, "one_of_each": 7, "wildcard": 1}
CARDS_IN_A_SET = 3
# The "?" set is two cards. They are among the 48 territory cards (the box has no other), so
# each names a territory, and one the player holds gives its 2 units like any traded card.
CARDS_IN_SET = {name: 2 if name == "wildcard" else CARDS_IN_A_SET for name in CARD_SET_UNITS}
UNITS_PER_TRADED_TERRITORY_HELD = 2


# Calculators ----------------------------------------------------------------------------


def reinforcements(
    territories: int,
    forts: int,
    region_bonus: int = 0,
    card_set: str | None = None,
    traded_cards_held: int = 0,
) -> int:
    """Units at the start of a turn: max(3, ceil((territories + forts) / 3)) + region bonuses
    + the card set traded in (4, 5, 6 for three of a kind, 7 for one of each, 1 for the two "?"
    wildcards) + 2 per traded card whose territory the player holds. Raises RuleError on
    impossible input."""
    for name, value in (("territories", territories), ("forts", forts), ("region_bonus", region_bonus)):
        if not is_whole(value) or value < 0:
            raise RuleError(f"'{name}' must be a whole number of at least 0", field=name)
    if territories > TERRITORIES:
        raise RuleError(f"Skyrim has {TERRITORIES} territories, not {territories}", field="territories")
    if forts > min(territories, FORTS):
        raise RuleError(
            f"{forts} forts is more than the {min(territories, FORTS)} a player can hold", field="forts"
        )
    if card_set is not None and card_set not in CARD_SET_UNITS:
        raise RuleError(f"'card_set' must be one of {', '.join(CARD_SET_UNITS)}, or none", field="card_set")
    most_held = CARDS_IN_SET[card_set] if card_set else 0
    if not is_whole(traded_cards_held) or not 0 <= traded_cards_held <= most_held:
        if card_set == "wildcard" and is_whole(traded_cards_held):
            raise RuleError(
                "the “?” wildcard set is 2 cards: 0 to 2 of them can name a territory you hold, "
                f"not {traded_cards_held}",
                field="traded_cards_held",
            )
        raise RuleError(
            f"'traded_cards_held' counts the traded cards whose territory you hold: 0 to {most_held}",
            field="traded_cards_held",
        )
    base = max(MIN_REINFORCEMENTS, math.ceil((territories + forts) / 3))
    return (
        base
        + region_bonus
        + CARD_SET_UNITS.get(card_set, 0)
        + UNITS_PER_TRADED_TERRITORY_HELD * traded_cards_held
    )


def starting_territory_cards(mode: str, players: int) -> list[int]:
    """Territory cards dealt to each seat in turn order (Chaos only deals them all out)."""
    _check_player_count(mode, players)
    if mode != CHAOS:
        raise RuleError(f"{MODES[mode]} deals no territory cards at setup", field="mode")
    if players == 2:
        return [CHAOS_CARDS_2_PLAYERS] * 2
    # Dealt equally; with 5 players the 3rd, 4th and 5th take the 3 left over.
    each, extra = divmod(TERRITORIES, players)
    return [each + (1 if seat >= players - extra else 0) for seat in range(players)]


def starting_units(mode: str, players: int) -> list[int]:
    """Starting units of each seat in turn order: in Chaos 3 on each territory card dealt."""
    _check_player_count(mode, players)
    if mode == CHAOS:
        return [cards * CHAOS_UNITS_PER_TERRITORY for cards in starting_territory_cards(mode, players)]
    table = DOVAHKIIN_STARTING_UNITS if mode == DOVAHKIIN else CIVIL_WAR_STARTING_UNITS
    return [table[players]] * players


def dragons(mode: str) -> int:
    """The dragons placed at setup: in Dovahkiin, 4 territory cards are drawn and a dragon put
    on each territory, which only the dragon occupies (no units); then the cards are shuffled
    back (docs/rules.md, 2026-12-01). Chaos and Civil War play without dragons."""
    check_one_of(mode, MODES, "mode")
    return DRAGONS if mode == DOVAHKIIN else 0


def neutral_territories(mode: str, players: int) -> int:
    """Territories that start neutral: 12 with 2 players in Chaos and Dovahkiin, else none."""
    _check_player_count(mode, players)
    return NEUTRAL_TERRITORIES_2_PLAYERS if players == 2 and mode != CIVIL_WAR else 0


def _check_player_count(mode: str, players: int) -> None:
    check_one_of(mode, MODES, "mode")
    counts = PLAYER_COUNTS[mode]
    if not is_whole(players) or players < 1:
        raise RuleError(f"a play needs players, not {players}", field="seats")
    if players not in counts:
        refuse(
            rulebook.PLAYERS_PER_MODE,
            f"{MODES[mode]} is played by {counts.start} to {counts.stop - 1} players, not {players}",
            field="seats",
        )


# The state ------------------------------------------------------------------------------


@pickled_by_fields
@dataclass
class GameRecord:
    number: int
    played_on: str
    mode: str
    factions: dict[str, str]  # player -> faction, in seat order
    scores: dict[str, int]
    winners: list[str]
    dovahkiin_rules: bool = False  # a Chaos play played with Dovahkiin rules (GAME_OPTIONAL_KEYS)

    @property
    def players(self) -> list[str]:
        return list(self.scores)


class SkyrimLog(PlayLog):
    """The Risk: Skyrim play log: its games are GameRecords."""


def new_state(players: list[str]) -> SkyrimLog:
    return SkyrimLog.for_roster(players)


# Applying entries -----------------------------------------------------------------------


def apply(state: SkyrimLog, entry: Entry) -> None:
    apply_to_play_log(state, entry, check_game, "a Risk: Skyrim log")


def check_game(state: SkyrimLog, data: dict) -> GameRecord:
    """Check a whole game against the rules and derive its scores and winners; change nothing."""
    if isinstance(data, dict) and bg_stats.EXTENSION in data:
        return _check_brought_in(state, data)
    place = check_game_basics(data, GAME_KEYS, state.next_number, GAME_OPTIONAL_KEYS)
    mode = check_one_of(data["mode"], MODES, "mode", place)
    if "dovahkiin_rules" in data:
        _check_dovahkiin_rules(mode, data["dovahkiin_rules"], place)
    seats = _seats(data, mode, place)
    for index, seat in enumerate(seats, 1):
        _check_seat(state, mode, seat, index, seats[: index - 1], place)
    _check_totals(seats, place)
    scores = {seat["player"]: _score(mode, seat) for seat in seats}
    winners = WINNERS[mode](seats, place)
    return GameRecord(
        number=data["number"],
        played_on=data["played_on"],
        mode=mode,
        factions={seat["player"]: seat["faction"] for seat in seats},
        scores=scores,
        winners=winners,
        dovahkiin_rules=data.get("dovahkiin_rules", False),
    )


def _seats(data: dict, mode: str, place: str) -> list:
    """A play's seats: a list, as many as its mode takes."""
    seats = data["seats"]
    if not isinstance(seats, list):
        raise RuleError("'seats' must be a list of the players' seats", place=place, field="seats")
    try:
        _check_player_count(mode, len(seats))
    except RuleError as error:
        raise error.at(place) from None
    return seats


def _check_brought_in(state: SkyrimLog, data: dict) -> GameRecord:
    """A play brought in from BG Stats (play_log/bg_stats.py): its mode and seats, each
    seat's faction when BG Stats named one and its score when BG Stats held one; the
    territories, forts, portals and victory points unknown; the winners BG Stats'."""
    place = check_game_basics(
        data, ("number", "played_on", "mode", "seats", bg_stats.EXTENSION), state.next_number
    )
    mode = check_one_of(data["mode"], MODES, "mode", place)
    seats = _seats(data, mode, place)
    seated: list[str] = []
    factions: dict[str, str | None] = {}
    for index, seat in enumerate(seats, 1):
        player = bg_stats.check_bg_stats_seat(
            seat, index, place, ("player",), ("faction",), state.players, seated
        )
        faction = None
        if "faction" in seat:
            faction = check_one_of(seat["faction"], FACTIONS, "faction", seat_place(place, index, seat))
            if faction in factions.values():
                refuse(
                    rulebook.ONE_FACTION_PER_PLAY,
                    f"the {faction} have two seats: each faction once a game",
                    place=seat_place(place, index, seat), field="faction",
                )
        seated.append(player)
        factions[player] = faction
    winners = bg_stats.check_bg_stats(data[bg_stats.EXTENSION], seated, place)
    return GameRecord(
        number=data["number"], played_on=data["played_on"], mode=mode, factions=factions,
        scores={seat["player"]: seat.get("score") for seat in seats}, winners=winners,
    )


def _check_dovahkiin_rules(mode: str, noted: Any, place: str) -> None:
    """Dovahkiin rules are noted on a Chaos play only: a Dovahkiin play plays by them already,
    and a Civil War play has its own."""
    if noted is not True:
        raise RuleError(
            "'dovahkiin_rules' is written only as true, on a Chaos play played with Dovahkiin rules",
            place=place,
            field="dovahkiin_rules",
        )
    if mode != CHAOS:
        raise RuleError(
            f"Dovahkiin rules are noted on a Chaos play only (Dovahkiin rules with Chaos victory "
            f"conditions), not on a {MODES[mode]} play",
            place=place,
            field="dovahkiin_rules",
        )


def _check_seat(
    state: SkyrimLog, mode: str, seat: Any, index: int, earlier: list[dict], game_place: str
) -> None:
    """One seat: a roster player and a faction, each once a game, and counts that can be."""
    place = seat_place(game_place, index, seat)
    required, optional = SEAT_FIELDS[mode]
    keys = ("player", "faction", *required)
    seated = [other["player"] for other in earlier]
    check_seat(seat, place, keys, optional, f"a {MODES[mode]} seat", state.players, seated,
               rulebook.ONE_SEAT_PER_PLAYER)
    faction = check_one_of(seat["faction"], FACTIONS, "faction", place)
    for other in earlier:
        if other["faction"] == faction:
            refuse(
                rulebook.ONE_FACTION_PER_PLAY,
                f"{other['player']} already plays the {faction}: each faction once a game",
                place=place,
                field="faction",
            )
    for key in ("territories", "forts", "portals", "victory_points"):
        if key in seat and (not is_whole(seat[key]) or seat[key] < 0):
            raise RuleError(f"'{key}' must be a whole number of at least 0", place=place, field=key)
    if "hero_alive" in seat and not isinstance(seat["hero_alive"], bool):
        raise RuleError("'hero_alive' must be true or false", place=place, field="hero_alive")
    if "won" in seat and seat["won"] is not True:
        raise RuleError(
            "'won' is written only as true, on the seat that reached 10 victory points first",
            place=place,
            field="won",
        )
    if "eliminated_in_turn" in seat and (
        not is_whole(seat["eliminated_in_turn"]) or seat["eliminated_in_turn"] < 1
    ):
        raise RuleError(
            "'eliminated_in_turn' must be a turn number (1 or more)", place=place, field="eliminated_in_turn"
        )
    _check_holdings(seat, place)


def _check_holdings(seat: dict, place: str) -> None:
    """Forts and portals are in territories, so a player never holds more of them."""
    counted = [key for key in ("forts", "portals") if key in seat]
    if counted and "territories" not in seat:
        raise RuleError(
            f"How many territories did {seat['player']} hold? "
            f"Their {' and '.join(counted)} stand in territories",
            place=place,
            field="territories",
        )
    for key in counted:
        if seat[key] > seat["territories"]:
            held = seat["territories"]
            refuse(
                rulebook.FORTS_AND_PORTALS_IN_TERRITORIES,
                f"{seat['player']} holds {seat[key]} {key} but only {held} "
                f"{'territory' if held == 1 else 'territories'}: {key} are in territories",
                place=place,
                field=key,
            )


def _check_totals(seats: list[dict], place: str) -> None:
    """The board has 48 territories, 9 forts and 9 portals."""
    for key, most in (("territories", TERRITORIES), ("forts", FORTS), ("portals", PORTALS)):
        total = sum(seat.get(key, 0) for seat in seats)
        if total > most:
            refuse(
                rulebook.THE_BOARDS_TOTALS,
                f"the seats hold {total} {key} in all, but Skyrim has only {most}", place=place, field=key
            )


def _score(mode: str, seat: dict) -> int:
    if mode == CHAOS:
        return seat["territories"] + seat["forts"] + seat["portals"]
    if mode == DOVAHKIIN:
        return seat["victory_points"]
    return seat["territories"]


def _chaos_winners(seats: list[dict], place: str) -> list[str]:
    """Most points wins; equal top scores share the win."""
    top = max(_score(CHAOS, seat) for seat in seats)
    return [seat["player"] for seat in seats if _score(CHAOS, seat) == top]


def dovahkiin_contenders(seats: list[dict]) -> list[str]:
    """The players with 10+ victory points and their hero alive: the winner is one of them
    (for a form, which asks who got there first only when there are several)."""
    return [
        seat["player"]
        for seat in seats
        if seat.get("victory_points", 0) >= VICTORY_POINTS_TO_WIN and seat.get("hero_alive") is True
    ]


def _dovahkiin_winners(seats: list[dict], place: str) -> list[str]:
    """The game ends when one player has 10+ victory points with the hero alive at the end of
    their own turn; when several end so, the seat marked `"won": true` got there first."""
    qualified = dovahkiin_contenders(seats)
    stated = [seat["player"] for seat in seats if seat.get("won") is True]
    if not qualified:
        refuse(
            rulebook.DOVAHKIIN_WINNER,
            f"no seat has {VICTORY_POINTS_TO_WIN} or more victory points with its hero alive: "
            "a Dovahkiin game ends only when someone does (a game played with Dovahkiin rules but Chaos "
            "victory conditions is logged as a Chaos play, with Dovahkiin rules noted)",
            place=place,
            field="victory_points",
        )
    for player in stated:
        if player not in qualified:
            refuse(
                rulebook.DOVAHKIIN_WINNER,
                f"{player} did not win: the winner has {VICTORY_POINTS_TO_WIN}+ victory points "
                "and a living hero",
                place=place,
                field="won",
            )
    if len(qualified) == 1:
        if stated:
            refuse(
                rulebook.DOVAHKIIN_WINNER,
                f"only {qualified[0]} has {VICTORY_POINTS_TO_WIN}+ victory points with a living hero, "
                "so the winner is not written ('won' only picks among several)",
                place=place,
                field="won",
            )
        return stated or qualified
    if len(stated) != 1:
        refuse(
            rulebook.DOVAHKIIN_WINNER,
            f"{join_names(qualified)} {'both' if len(qualified) == 2 else 'all'} have "
            f"{VICTORY_POINTS_TO_WIN}+ "
            "victory points with their hero "
            "alive: say which of them got there first, at the end of their own turn (the game ended then)",
            place=place,
            field="won",
        )
    return stated


def _civil_war_winners(seats: list[dict], place: str) -> list[str]:
    """The winner holds all 48 territories (so the others were all eliminated)."""
    winners = [seat for seat in seats if seat["territories"] == TERRITORIES]
    if not winners:
        refuse(
            rulebook.CIVIL_WAR_WINNER,
            f"in Civil War the winner holds all {TERRITORIES} territories, and no seat does",
            place=place,
            field="territories",
        )
        return []  # the group ruled the play stands as written, with no winner
    winner = winners[0]
    if "eliminated_in_turn" in winner:
        refuse(
            rulebook.CIVIL_WAR_WINNER,
            f"{winner['player']} holds all {TERRITORIES} territories, so was not eliminated",
            place=f"{place}, seat {seats.index(winner) + 1} ({winner['player']})",
            field="eliminated_in_turn",
        )
    return [winner["player"]]


WINNERS = {CHAOS: _chaos_winners, DOVAHKIIN: _dovahkiin_winners, CIVIL_WAR: _civil_war_winners}


# The journal ----------------------------------------------------------------------------


def journal_entries(journal: dict) -> list[Entry]:
    """An optional setup entry, then one game entry per game (the game as written)."""
    return play_log_entries(journal, GAME_KEYS, GAME_OPTIONAL_KEYS)


def journal_parts(entries: list[Entry]) -> dict[str, Any]:
    """The optional setup and the games, as written."""
    return play_log_parts(entries)


def state_json(state: SkyrimLog) -> dict[str, Any]:
    return play_log_json(KEY, state, _game_json)


def _game_json(game: GameRecord) -> dict[str, Any]:
    return {"mode": game.mode, "scores": dict(game.scores), "winners": list(game.winners)}


def describe(entry: Entry) -> str:
    """A short sentence for the history page."""
    data = entry.data
    change = describe_change(entry, describe)  # a correction or deletion of a play
    if change is not None:
        return change
    if entry.kind != "game":
        return entry.kind
    players = seated_players(data)
    mode = MODES.get(data.get("mode"), data.get("mode"))
    if bg_stats.EXTENSION in data:
        mode = f"{mode} (from BG Stats)"
    if data.get("dovahkiin_rules") is True:
        mode = f"{mode} ({DOVAHKIIN_RULES})"
    return f"play {data.get('number')}, {mode}: {players}"


# BG Stats plays brought in (play_log/bg_stats.py) ------------------------------------------


def _mode_of_board(board: str) -> str | None:
    """The mode a BG Stats board names (Legacy Ledger writes the mode there), or None."""
    folded = " ".join(board.split()).casefold()
    return next((mode for mode, label in MODES.items() if folded in (mode, label.casefold())), None)


def bg_stats_questions(play: bg_stats.BgPlay) -> list[bg_stats.Question]:
    """A play whose mode BG Stats did not note is asked for it (the standings count each
    mode apart)."""
    if _mode_of_board(play.board):
        return []
    return [bg_stats.Question("mode", "Mode", tuple(MODES.items()))]


def bg_stats_game(play: bg_stats.BgPlay, number: int, players, answers) -> dict:
    """A BG Stats play as a game of the log: its mode (from BG Stats' board or asked), each
    seat's faction when BG Stats' role names one and its score when BG Stats held one; the
    winners BG Stats'."""
    return bg_stats.game_data(
        play, number, players,
        lambda seat: {"faction": seat.role} if seat.role in FACTIONS else {},
        mode=_mode_of_board(play.board) or answers.get("mode"),
    )


BG_STATS = bg_stats.BgStatsGame(
    names=(LABEL, "Risk: Skyrim", "Risk: The Elder Scrolls V – Skyrim"), bgg_id=0,
    game=bg_stats_game, questions=bg_stats_questions,
)
