"""A campaign's plays written out: CSV rows and the BG Stats import file.

No Django here (like campaigns/stats, whose `CampaignRecord` it writes out): a view hands in
one campaign's record (`stats.campaign_record`) and sends back what this module returns. It
never names a system: the game's label and how its plays count come with the record (its
system's label and `ReadSide`).
"""

from __future__ import annotations

import uuid
from typing import Any

from .stats import CampaignRecord, fold_name

CSV_HEADER = (
    "Campaign", "System", "Game", "Date", "Mode", "Player", "Faction or team", "Hero", "Start",
    "Seat", "Result", "Score", "Winner",
)


def csv_rows(record: CampaignRecord) -> list[list[str | int]]:
    """One row per seat per game, the header first."""
    rows: list[list[str | int]] = [list(CSV_HEADER)]
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


# BG Stats (the play-logging app) reads a JSON file of its own export format: `games`,
# `players`, `locations` and `plays`, each play pointing at its game (`gameRefId`) and
# listing `playerScores` that point at players (`playerRefId`), with `winner`, `seatOrder`,
# `startPlayer`, `score` (a string), `rank`, `role`, `newPlayer` and, in a play that
# `usesTeams`, `team` (the name of the seat's team; teammates share it). Ids are small integers
# local to the file; `uuid`s let the app recognise a play or a player it already has, so
# they are derived from stable names: importing the same campaign twice adds nothing new,
# and a player keeps one uuid across every campaign's file (matched by name, as above).
BG_STATS_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://legacy-ledger.invalid/bg-stats")
# The tracker records dates, not times: noon keeps the day whatever the app's time zone.
BG_STATS_TIME = "12:00:00"


def _bg_uuid(*parts: object) -> str:
    return str(uuid.uuid5(BG_STATS_NAMESPACE, "/".join(map(str, parts)))).upper()


def bg_stats_file(record: CampaignRecord, *, me: str | None = None, now: str = "") -> dict[str, Any]:
    """The campaign's plays as a BG Stats import file. `me`: the viewer's roster name;
    `now`: the export's time ("YYYY-MM-DD HH:MM:SS"), used as the modification date."""
    read_side = record.read_side
    game = {
        "id": 1,
        "uuid": _bg_uuid("game", record.system),
        "name": record.system_label,
        "modificationDate": now,
        "cooperative": read_side.cooperative,
        "highestWins": True,
        "noPoints": not read_side.scored,
        "usesTeams": read_side.teams,
        "bggId": 0,
        "bggName": "",
        "bggYear": 0,
    }
    player_ids: dict[str, int] = {}
    for play in record.plays:
        for seat in play.seats:
            player_ids.setdefault(seat.player, len(player_ids) + 1)
    players = [
        {
            "id": player_id,
            "uuid": _bg_uuid("player", fold_name(name)),
            "name": name,
            "isAnonymous": False,
            "modificationDate": now,
            "bggUsername": "",
        }
        for name, player_id in player_ids.items()
    ]
    seen: set[str] = set()
    plays = []
    for play in record.plays:
        played_at = f"{play.played_on} {BG_STATS_TIME}"
        scores = []
        for seat in play.seats:
            scores.append({
                "playerRefId": player_ids[seat.player],
                "winner": seat.winner,
                "seatOrder": seat.order,
                # Who took the first turn is not recorded by the tracker.
                "startPlayer": False,
                "score": "" if seat.score is None else str(seat.score),
                "rank": 0,
                "role": " – ".join(part for part in (seat.side, seat.hero) if part),
                "newPlayer": seat.player not in seen,
                # A team game: BG Stats groups the seats by `team` (their side's name).
                **({"team": seat.side} if read_side.teams else {}),
            })
            seen.add(seat.player)
        entry = {
            "uuid": _bg_uuid("play", record.key, play.number),
            "gameRefId": 1,
            "playDate": played_at,
            "entryDate": played_at,
            "modificationDate": now or played_at,
            "durationMin": 0,
            "ignored": False,
            # The tracker decides the winners by the game's rules (hero alive, shared wins…),
            # so the app must take them as given rather than from the highest score.
            "manualWinner": True,
            "rounds": 0,
            "scoringSetting": 0,
            "usesTeams": read_side.teams,
            "rating": 0,
            "playImages": "[]",
            "expansionPlays": [],
            "comments": f"{record.name}, game {play.number}" + (f" ({play.note})" if play.note else ""),
            "playerScores": scores,
        }
        if play.mode:
            entry["board"] = play.mode
        plays.append(entry)
    data: dict[str, Any] = {"games": [game], "players": players, "locations": [], "plays": plays}
    if me in player_ids:
        data["userInfo"] = {"meRefId": player_ids[me]}
    return data
