"""A campaign's plays written out: CSV rows and the BG Stats import file.

No Django here (like campaigns/stats, whose `CampaignRecord` it writes out): a view hands in
one campaign's record (`stats.campaign_record`) and sends back what this module returns. It
never names a system: the game's label and how its plays count come with the record (its
system's label and `ReadSide`).
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from typing import Any

from .readside.base import BggGame
from .stats import CampaignRecord, fold_name

CSV_HEADER = (
    "Campaign", "System", "Game", "Date", "Mode", "Player", "Faction or team", "Hero", "Start",
    "Seat", "Result", "Score", "Winner",
)
# Written first in plays.csv, so that a spreadsheet (Excel) reads the file as UTF-8: accents,
# dashes and "–" in names show as typed.
CSV_BOM = "\ufeff"


def csv_rows(record: CampaignRecord) -> list[list[str | int]]:
    """One row per seat per game, the header first (its "Game" column named as the system
    names a game: "Sitting", "Play")."""
    header = [record.game_word.capitalize() if column == "Game" else column for column in CSV_HEADER]
    rows: list[list[str | int]] = [header]
    for play in record.plays:
        result_note = f" ({play.note})" if play.note else ""
        for seat in play.seats:
            rows.append([
                _cell(record.name), record.system_label, play.number, play.played_on, play.mode or "",
                _cell(seat.player), seat.side or "", _cell(seat.hero or ""), seat.start or "",
                seat.order, seat.result + result_note, "" if seat.score is None else seat.score,
                "" if play.cooperative else ("yes" if seat.winner else "no"),
            ])
    return rows


def _cell(text: str) -> str:
    # A name typed as "=SUM(…)" must stay text when the file is opened in a spreadsheet.
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


# BG Stats (the play-logging app) reads a JSON file of its own export format, written here as
# a real export (BG Stats 6.8) has it, so that the app and the tools that read its files (typed
# readers crash on a missing array) take it: top level `userInfo` (`meRefId`: the viewer's
# player, 0 when the viewer is not in the file; `exportDate`), `games`, `players`,
# `locations` (one, every play's `locationRefId`), `plays`, and the `tags`, `groups`,
# `challenges` and `deletedObjects` arrays (empty). Each play points at its game
# (`gameRefId`), carries `playDateYmd` (an integer, 20260903), `bggId`, `nemestatsId` and
# `importPlayId` (0: never posted or imported elsewhere), and lists `playerScores` that point
# at players (`playerRefId`), with `winner`, `seatOrder`, `startPlayer`, `score` (a string),
# `rank`, `role`, `newPlayer` and, in a play that `usesTeams`, `team` ("0", "1": teammates
# share it). Ids are small integers local to the file; `uuid`s let the app recognise a play or
# a player it already has, so they are derived from what stays: importing the same campaign
# twice adds nothing new, and a player's uuid is their person's (see `bg_stats_file`).
BG_STATS_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://legacy-ledger.invalid/bg-stats")
# The tracker records dates, not times: noon keeps the day whatever the app's time zone.
BG_STATS_TIME = "12:00:00"
BG_STATS_LOCATION = "Legacy Ledger"
# The top-level arrays a real export always has, empty here (typed readers require them).
BG_STATS_EMPTY_ARRAYS = ("tags", "groups", "challenges", "deletedObjects")


def _bg_uuid(*parts: object) -> str:
    return str(uuid.uuid5(BG_STATS_NAMESPACE, "/".join(map(str, parts)))).upper()


def _bg_game(game_id: int, game: BggGame, read_side, *, now: str, expansion: bool = False) -> dict[str, Any]:
    return {
        "id": game_id,
        # Keyed by the BGG id when known, so every campaign's file names one game; else its name.
        "uuid": _bg_uuid("game", game.bgg_id or fold_name(game.name)),
        "name": game.name,
        "modificationDate": now,
        "cooperative": read_side.cooperative,
        "highestWins": True,
        "noPoints": not read_side.scored,
        "usesTeams": read_side.teams,
        "bggId": game.bgg_id,
        "bggName": game.name if game.bgg_id else "",
        "bggYear": game.year,
        "isBaseGame": 0 if expansion else 1,
        "isExpansion": 1 if expansion else 0,
        "copies": [],
        "designers": "",
        "minPlayerCount": 0,
        "maxPlayerCount": 0,
        "minPlayTime": 0,
        "maxPlayTime": 0,
        "minAge": 0,
        "preferredImage": 0,
        "previouslyPlayedAmount": 0,
        "rating": 0,
        "urlImage": "",
        "urlThumb": "",
    }


def _ymd(played_on: str) -> int:
    return int(played_on.replace("-", ""))


def bg_stats_file(
    record: CampaignRecord,
    *,
    me: str | None = None,
    now: str = "",
    identities: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """The campaign's plays as a BG Stats file. `me`: the viewer's roster name; `now`: the
    export's time ("YYYY-MM-DD HH:MM:SS"); `identities`: each roster name's person, which its
    player's uuid is made from ("account:<id>" for a name linked to an account, so it is one
    player in every campaign's file; "player:<id>" for an unlinked roster player, so two people
    named alike in two campaigns stay two). A name missing from `identities` is the campaign's
    own ("<campaign key>/name:<name>").

    A co-operative game's play (Dawnguard's sittings) that completed something (a chapter) is
    won by every seat; one that completed nothing is `ignored: true`, BG Stats' "ignore this
    play in the statistics": its format has no "unfinished" flag, and a co-operative play with
    no winner counts there as a loss, which a sitting that carries the chapter on is not."""
    read_side = record.read_side
    identities = identities or {}
    own = read_side.bgg or BggGame(record.system_label)
    if read_side.base_game is not None:
        games = [
            _bg_game(1, read_side.base_game, read_side, now=now),
            _bg_game(2, own, read_side, now=now, expansion=True),
        ]
        expansion_plays = [{"bggId": own.bgg_id, "gameRefId": 2}]
    else:
        games = [_bg_game(1, own, read_side, now=now)]
        expansion_plays = []

    player_ids: dict[str, int] = {}
    for play in record.plays:
        for seat in play.seats:
            player_ids.setdefault(seat.player, len(player_ids) + 1)
    players = [
        {
            "id": player_id,
            "uuid": _bg_uuid("player", identities.get(name) or f"{record.key}/name:{fold_name(name)}"),
            "name": name,
            "isAnonymous": False,
            "modificationDate": now,
            "bggUsername": "",
        }
        for name, player_id in player_ids.items()
    ]
    location = {"id": 1, "uuid": _bg_uuid("location", BG_STATS_LOCATION), "name": BG_STATS_LOCATION,
                "modificationDate": now}
    teams = {name: str(index) for index, name in enumerate(read_side.team_names)}
    seen: set[str] = set()
    plays = []
    for play in record.plays:
        played_at = f"{play.played_on} {BG_STATS_TIME}"
        won_together = read_side.cooperative and read_side.coop_won_when_completed and bool(play.completed)
        scores = []
        for seat in play.seats:
            score = {
                "playerRefId": player_ids[seat.player],
                "winner": True if won_together else seat.winner,
                "seatOrder": seat.order,
                # Who took the first turn is not recorded by the tracker.
                "startPlayer": False,
                "score": "" if seat.score is None else str(seat.score),
                "rank": 0,
                # A team game: the seat's hero(es); else its side and hero.
                "role": (seat.hero or "")
                if read_side.teams
                else " – ".join(p for p in (seat.side, seat.hero) if p),
                "newPlayer": seat.player not in seen,
            }
            if read_side.teams:
                # BG Stats groups the seats of a team play by `team`, numbered from "0".
                score["team"] = teams.get(seat.side or "", str(len(teams)))
            scores.append(score)
            seen.add(seat.player)
        comment = f"{record.name}, game {play.number}" + (f" ({play.note})" if play.note else "")
        ignored = read_side.cooperative and read_side.coop_won_when_completed and not play.completed
        if ignored:
            comment += " (the campaign carries on: not won or lost)"
        entry = {
            "uuid": _bg_uuid("play", record.key, play.number),
            "gameRefId": 1,
            "locationRefId": 1,
            "playDate": played_at,
            "playDateYmd": _ymd(play.played_on),
            "entryDate": played_at,
            "modificationDate": now or played_at,
            "durationMin": 0,
            "ignored": ignored,
            # The tracker decides the winners by the game's rules (hero alive, shared wins…),
            # so the app must take them as given rather than from the highest score.
            "manualWinner": True,
            "rounds": 0,
            "scoringSetting": 0,
            "usesTeams": read_side.teams,
            "rating": 0,
            "bggId": 0,
            "nemestatsId": 0,
            "importPlayId": 0,
            "playImages": "[]",
            "expansionPlays": [dict(expansion) for expansion in expansion_plays],
            "comments": comment,
            "playerScores": scores,
        }
        if play.mode:
            entry["board"] = play.mode
        plays.append(entry)
    return {
        "userInfo": {"meRefId": player_ids.get(me, 0) if me else 0, "exportDate": now,
                     "appVersion": "Legacy Ledger"},
        "games": games,
        "players": players,
        "locations": [location],
        "plays": plays,
        **{name: [] for name in BG_STATS_EMPTY_ARRAYS},
    }
