"""BG Stats plays brought into a play log (Risk: Skyrim, Captain America). No Django here.

A BG Stats export (the app's JSON file: `games`, `players`, `plays`, each play pointing at its
game by `gameRefId` and listing `playerScores` that point at players) holds plays of many
games: `read_plays` finds those of the log's game (by its BoardGameGeek id, or by name) and
reads each as a `BgPlay`. BG Stats knows who played, the date, who won and a score; it does not
know what the rules decide a Risk game by (territories, forts and portals; the rooms, the
Winter Soldier and the Quinjet). So a play brought in is written as the log's game with what
BG Stats does not know left out, and marked with the `bg_stats` extension (docs/journal.md,
"Extensions"): `{"uuid": <the BG Stats play>, "winners": [...]}`, the winners as BG Stats has
them (the rules cannot work them out without the numbers), and each seat's `score` when BG
Stats holds a whole number. Each log's rules turn a `BgPlay` into its game (`BgStatsGame`) and
check such a game (`check_bg_stats`).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import limits
from ..base import RuleError
from ..checks import check_keys, check_seat, is_whole, seat_place

EXTENSION = "bg_stats"  # the key of a game brought in from BG Stats


@dataclass(frozen=True)
class BgSeat:
    name: str  # the BG Stats player's name
    player_id: int  # the BG Stats player's id in the file
    winner: bool
    score: int | None  # BG Stats' score when it is a whole number
    role: str  # the faction, hero(es) or role BG Stats noted ("" when none)
    team: str | None  # a team play's team ("0", "1", …)


@dataclass(frozen=True)
class BgPlay:
    uuid: str
    played_on: str  # YYYY-MM-DD
    seats: tuple[BgSeat, ...]
    board: str  # BG Stats' board or scenario ("" when none): a Skyrim mode, written by Legacy Ledger
    comments: str = ""

    @property
    def winners(self) -> list[str]:
        return [seat.name for seat in self.seats if seat.winner]


@dataclass(frozen=True)
class Question:
    """What the import page asks of a play that BG Stats did not say and the rules need (a
    Skyrim play's mode): `name` its answer's key, `choices` (value, label) pairs."""

    name: str
    label: str
    choices: tuple[tuple[str, str], ...]
    initial: str | None = None


@dataclass(frozen=True)
class BgStatsGame:
    """How a play log takes BG Stats plays: the names its game goes by (matched ignoring case
    and spacing), its BoardGameGeek id (0: unknown), what it asks of a play (`questions(play)`)
    and the game entry it writes for one (`game(play, number, players, answers)`, players the
    BG Stats names mapped to roster names, answers the questions' answers)."""

    names: tuple[str, ...]
    bgg_id: int
    game: Callable[[BgPlay, int, Mapping[str, str], Mapping[str, str]], dict]
    questions: Callable[[BgPlay], list[Question]] = field(default=lambda play: [])


def _fold(name: str) -> str:
    return " ".join(str(name).split()).casefold()


def not_an_export(why: str) -> RuleError:
    return RuleError(f"This file is not a BG Stats export: {why}.", field="file")


#: What one upload may hold and make the server read: the plays of the log's game (a log
#: holds no more), seats per play (limits.SEATS_MAX), and the texts a play brings (a name as
#: the roster keeps it, a role or board as a journal text, comments as long as BG Stats' are).
MOST_PLAYS = limits.PLAY_LOG_MAX_GAMES
COMMENTS_MAX_CHARS = 10_000


def read_plays(data: Any, game: BgStatsGame, label: str) -> list[BgPlay]:
    """The plays of the log's game in a BG Stats export, oldest first; refused with a sentence
    when the file is not an export, holds no play of the game or more than a log holds.
    Linear in the file (which the upload's size bounds)."""
    if not isinstance(data, dict):
        raise not_an_export("it is not a JSON object")
    for key in ("games", "players", "plays"):
        if not isinstance(data.get(key), list):
            raise not_an_export(f"it has no '{key}' list")
    names = {_fold(name) for name in game.names}
    game_ids = set()
    for row in data["games"]:
        if not isinstance(row, dict) or not is_whole(row.get("id")):
            raise not_an_export("a game has no id")
        bgg_id = row.get("bggId")
        if (game.bgg_id and bgg_id == game.bgg_id) or _fold(row.get("name", "")) in names or (
            _fold(row.get("bggName", "")) in names
        ):
            game_ids.add(row["id"])
    players = {}
    for index, row in enumerate(data["players"], 1):
        if not isinstance(row, dict) or not is_whole(row.get("id")) or not isinstance(row.get("name"), str):
            raise not_an_export("a player has no id or name")
        players[row["id"]] = _text(
            row["name"], limits.PLAYER_NAME_MAX_CHARS, f"BG Stats player {index}'s name"
        )
    rows = []
    for index, row in enumerate(data["plays"], 1):
        if (
            not isinstance(row, dict)
            or not is_whole(row.get("gameRefId"))
            or not isinstance(row.get("playerScores"), list)
        ):
            raise not_an_export(f"play {index} has no game or no players")
        if row["gameRefId"] in game_ids:
            rows.append((index, row))
    if not rows:
        looked = " or ".join(f"“{name}”" for name in game.names)
        bgg = f" (BoardGameGeek id {game.bgg_id})" if game.bgg_id else ""
        raise RuleError(
            f"The file holds no play of {label}: no game in it is named {looked}{bgg}.", field="file"
        )
    if len(rows) > MOST_PLAYS:
        raise RuleError(
            f"The file holds {len(rows):,} plays of {label}; a play log holds {MOST_PLAYS:,} at most.",
            field="file",
        )
    plays = [_play(row, players, index) for index, row in rows]
    plays.sort(key=lambda play: play.played_on)
    return plays


def check_room(last_number: int, new_plays: int) -> None:
    """Refuse bringing in `new_plays` that would take the log (its last play numbered
    `last_number`) past the plays a log holds, in the upload's words (the store's own bound,
    limits.check_games_kept, guards every write the same)."""
    if last_number > MOST_PLAYS:
        raise RuleError(
            f"Bringing in {new_plays:,} new plays would make the log {last_number:,} plays long;"
            f" a play log holds {MOST_PLAYS:,} at most."
        )


def _text(value: Any, max_chars: int, what: str) -> str:
    """A text BG Stats wrote, stripped; refused when no page or database could keep it."""
    text = str(value).strip()
    problem = limits.text_problem(text, max_chars)
    if problem:
        raise RuleError(f"{what} {problem}.", field="file")
    return text


def _score(value: Any) -> int | None:
    """BG Stats' score when it is a whole number of digits 0-9 that fits a count, else None."""
    text = str(value if value is not None else "").strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 7 else None


def _play(row: dict, players: Mapping[int, str], index: int) -> BgPlay:
    place = f"BG Stats play {index}"
    played_at = row.get("playDate")
    try:
        played_on = datetime.date.fromisoformat(str(played_at)[:10]).isoformat()
    except ValueError:
        raise not_an_export(f"{place} has no date ('playDate')") from None
    if len(row["playerScores"]) > limits.SEATS_MAX:  # the rules check the count a game allows
        raise RuleError(
            f"{place} has {len(row['playerScores']):,} players; no game a log keeps seats more than"
            f" {limits.SEATS_MAX}.",
            field="file",
        )
    seats = []
    for score in row["playerScores"]:
        if not isinstance(score, dict) or score.get("playerRefId") not in players:
            raise not_an_export(f"{place} names a player the file does not list")
        seats.append(BgSeat(
            name=players[score["playerRefId"]],
            player_id=score["playerRefId"],
            winner=score.get("winner") is True,
            score=_score(score.get("score")),
            role=_text(score.get("role") or "", limits.TEXT_MAX_CHARS, f"{place}: a player's role"),
            team=str(score["team"]) if row.get("usesTeams") and score.get("team") not in (None, "") else None,
        ))
    if len({seat.player_id for seat in seats}) != len(seats):
        raise RuleError("a player has two seats in one play", place=place, field="file")
    return BgPlay(
        uuid=_text(row.get("uuid") or f"play-{index}", limits.TEXT_MAX_CHARS, f"{place}: its uuid"),
        played_on=played_on,
        seats=tuple(seats),
        board=_text(row.get("board") or "", limits.TEXT_MAX_CHARS, f"{place}: its board"),
        comments=_text(row.get("comments") or "", COMMENTS_MAX_CHARS, f"{place}: its comments"),
    )


def game_data(
    play: BgPlay, number: int, players: Mapping[str, str], seat_parts: Callable[[BgSeat], dict], **more: Any
) -> dict:
    """A BG Stats play as a log's game in the journal's words, what every log writes alike: its
    number and day, each seat's player (the roster name `players` maps BG Stats' to), what
    `seat_parts(seat)` says of the seat for this game (a faction, heroes, a team), its score when
    BG Stats held one, and the extension with the play's uuid and winners; `more`: the game's
    own fields (Risk: Skyrim's mode), written before the seats."""
    seats = []
    for seat in play.seats:
        written = {"player": players[seat.name], **seat_parts(seat)}
        if seat.score is not None:
            written["score"] = seat.score
        seats.append(written)
    return {
        "number": number,
        "played_on": play.played_on,
        **more,
        "seats": seats,
        EXTENSION: {"uuid": play.uuid, "winners": [players[name] for name in play.winners]},
    }


def bg_players(plays: Iterable[BgPlay]) -> list[str]:
    """The BG Stats players of these plays, each once, in the order first seen."""
    return list(dict.fromkeys(seat.name for play in plays for seat in play.seats))


def suggested_roster_name(name: str, roster: Sequence[str]) -> str | None:
    """The roster name a BG Stats player is suggested to be: the same name, ignoring case and
    spacing; None: added to the roster."""
    return next((player for player in roster if _fold(player) == _fold(name)), None)


class Logged:
    """The plays of a log, looked up by what a BG Stats play may already be: its uuid (brought in
    before) or its sitting (date, players, winners). Made once per page or write, so matching
    a file's plays is linear in the file and the log, not their product."""

    def __init__(self, state):
        self._by_uuid: dict[str, int] = {}
        self._by_sitting: dict[tuple, int] = {}
        for record in state.games:  # in order: the first play of a uuid or sitting is the one named
            uuid = ((state.play_data(record.number) or {}).get(EXTENSION) or {}).get("uuid")
            if uuid is not None:
                self._by_uuid.setdefault(uuid, record.number)
            sitting = (record.played_on, frozenset(record.players), frozenset(record.winners))
            self._by_sitting.setdefault(sitting, record.number)

    def find(self, play: BgPlay, players: Mapping[str, str]) -> int | None:
        """The number of the logged play this BG Stats play already is (brought in before, by
        its uuid, or the same date, players and winners: the first such), or None: a new play."""
        sitting = (
            play.played_on,
            frozenset(players[seat.name] for seat in play.seats),
            frozenset(players[name] for name in play.winners),
        )
        found = [n for n in (self._by_uuid.get(play.uuid), self._by_sitting.get(sitting)) if n is not None]
        return min(found, default=None)


# Checking a game brought in ---------------------------------------------------------------


def check_bg_stats(value: Any, seated: Sequence[str], place: str) -> list[str]:
    """A game's `bg_stats` mark: the BG Stats play's uuid and its winners (seated players, each
    once); returns the winners in seat order."""
    if not isinstance(value, dict):
        raise RuleError(f"'{EXTENSION}' must be a JSON object", place=place, field=EXTENSION)
    check_keys(value, ("uuid", "winners"), (), place, f"'{EXTENSION}'")
    if not isinstance(value["uuid"], str) or not value["uuid"].strip():
        raise RuleError("'uuid' must be the BG Stats play's uuid", place=place, field=EXTENSION)
    winners = value["winners"]
    if not isinstance(winners, list) or len(set(map(str, winners))) != len(winners):
        raise RuleError("'winners' must list the players who won, each once", place=place, field=EXTENSION)
    for winner in winners:
        if winner not in seated:
            raise RuleError(
                f"'winners' names {winner}, who has no seat in the game", place=place, field=EXTENSION
            )
    return [player for player in seated if player in winners]


def check_bg_stats_seat(seat: Any, index: int, game_place: str, required, optional, players, seated) -> str:
    """A seat of a game brought in: its player, what BG Stats said, and `score` (whole, 0 or
    more) when it held one; returns the player."""
    place = seat_place(game_place, index, seat)
    player = check_seat(
        seat, place, required, (*optional, "score"), "a seat brought in from BG Stats", players, seated
    )
    if "score" in seat and (not is_whole(seat["score"]) or seat["score"] < 0):
        raise RuleError("'score' must be a whole number of at least 0", place=place, field="score")
    return player
