"""One campaign's plays written out (campaigns/exports.py): CSV rows and the BG Stats file,
from the demo journals (hand counts: tests/test_stats.py's docstring)."""

import re

import pytest

from campaigns import exports, registry, stats

from tests.helpers import record


class TestExports:
    def test_csv_has_one_row_per_seat_per_game(self):
        rows = exports.csv_rows(record("risk-legacy"))
        assert rows[0] == list(exports.CSV_HEADER)
        assert len(rows) == 1 + 67
        first = dict(zip(rows[0], rows[1]))
        assert first["Campaign"] == "Thursday Earth" and first["System"] == "Risk Legacy"
        assert (first["Game"], first["Date"], first["Player"], first["Faction or team"]) == (
            1, "2026-09-03", "Ana", "Khan Industries",
        )
        assert (first["Seat"], first["Result"], first["Winner"]) == (1, "held on", "no")
        assert first["Start"]

    def test_csv_of_a_cooperative_campaign_has_no_winner_column_value(self):
        rows = exports.csv_rows(record("dawnguard"))
        assert rows[0][2] == "Sitting"  # a Dawnguard campaign counts sittings, not games
        second_sitting = [dict(zip(rows[0], row)) for row in rows[1:] if row[2] == 2]
        assert {row["Winner"] for row in second_sitting} == {""}
        assert {row["Result"] for row in second_sitting} == {"played (chapter completed)"}

    def test_csv_keeps_a_formula_like_name_as_text(self):
        play = stats.Play("x", "=cmd", "risk-skyrim", 1, "2026-01-01", (
            stats.Seat("=HYPERLINK(1)", 1, "Orcs", "won", True, score=20),
        ))
        skyrim = registry.get("risk-skyrim")
        formula = stats.CampaignRecord("x", "=cmd", skyrim.key, (play,), skyrim.label, skyrim.read_side)
        rows = exports.csv_rows(formula)
        assert rows[1][0] == "'=cmd" and rows[1][5] == "'=HYPERLINK(1)"

    def test_bg_stats_file_structure(self):
        data = exports.bg_stats_file(record("risk-skyrim"), me="Ben", now="2026-12-01 10:00:00")
        assert set(data) == set(BG_STATS_TOP)
        (game,) = data["games"]
        assert (game["id"], game["name"], game["cooperative"], game["noPoints"], game["bggId"]) == (
            1, "Risk: The Elder Scrolls V: Skyrim", False, False, 0,
        )
        players = {player["id"]: player["name"] for player in data["players"]}
        assert sorted(players.values()) == ["Ana", "Ben", "Cid", "Dee", "Eve"]
        assert data["userInfo"] == {
            "meRefId": next(i for i, n in players.items() if n == "Ben"),
            "exportDate": "2026-12-01 10:00:00", "appVersion": "Legacy Ledger",
        }
        assert len(data["plays"]) == 8
        fourth = data["plays"][3]
        assert fourth["gameRefId"] == 1 and fourth["playDate"] == "2026-09-27 12:00:00"
        assert fourth["playDateYmd"] == 20260927 and fourth["locationRefId"] == 1
        assert fourth["board"] == "Dovahkiin" and fourth["manualWinner"] is True
        scores = [
            (players[s["playerRefId"]], s["winner"], s["seatOrder"], s["score"], s["role"], s["startPlayer"])
            for s in fourth["playerScores"]
        ]
        assert scores == [
            ("Ana", False, 1, "7", "Thalmor", False),
            ("Dee", True, 2, "10", "Stormcloak", False),
            ("Eve", False, 3, "11", "Orcs", False),
        ]
        assert set(fourth["playerScores"][0]) == {
            "playerRefId", "winner", "seatOrder", "startPlayer", "score", "rank", "role", "newPlayer",
        }

    def test_bg_stats_ids_are_stable_and_new_players_marked_once(self):
        first = exports.bg_stats_file(record("risk-skyrim"))
        again = exports.bg_stats_file(record("risk-skyrim", key="risk-skyrim"))
        assert [p["uuid"] for p in first["plays"]] == [p["uuid"] for p in again["plays"]]
        assert len({p["uuid"] for p in first["plays"]}) == 8
        # A player is a person: the same identity gives the same uuid in every campaign's
        # file, names alike without one stay apart.
        other = exports.bg_stats_file(record("captain-america"))
        uuid_of = {p["name"]: p["uuid"] for p in first["players"]}
        assert {p["name"]: p["uuid"] for p in other["players"]}["Ana"] != uuid_of["Ana"]
        linked = {"Ana": "account:7"}
        assert (
            {p["name"]: p["uuid"] for p in exports.bg_stats_file(record("risk-skyrim"), identities=linked)["players"]}["Ana"]
            == {p["name"]: p["uuid"] for p in exports.bg_stats_file(record("captain-america"), identities=linked)["players"]}["Ana"]
        )
        # newPlayer: only on each player's first play of the game.
        new_flags = [score["newPlayer"] for play in first["plays"] for score in play["playerScores"]]
        assert sum(new_flags) == 5
        firsts = {}
        for play in first["plays"]:
            for score in play["playerScores"]:
                firsts.setdefault(score["playerRefId"], play["uuid"])
                assert score["newPlayer"] is (firsts[score["playerRefId"]] == play["uuid"])
        assert first["userInfo"]["meRefId"] == 0

    def test_bg_stats_file_of_dawnguard_is_the_base_game_with_dawnguard_played(self):
        data = exports.bg_stats_file(record("dawnguard"))
        base, expansion = data["games"]
        assert (base["id"], base["isBaseGame"], base["isExpansion"], base["cooperative"]) == (1, 1, 0, True)
        assert base["name"] == "The Elder Scrolls V: Skyrim – The Adventure Game"
        assert (expansion["id"], expansion["name"], expansion["isExpansion"]) == (2, "Dawnguard", 1)
        assert base["noPoints"] is True
        assert all(play["gameRefId"] == 1 for play in data["plays"])
        assert all(play["expansionPlays"] == [{"bggId": 0, "gameRefId": 2}] for play in data["plays"])
        assert data["plays"][0]["board"] == "Chapter 1"
        assert data["plays"][0]["playerScores"][0]["role"] == "Clan Volkihar – Sigrid"

    def test_a_sitting_completing_a_chapter_is_won_together_and_one_that_does_not_is_ignored(self):
        dawnguard = record("dawnguard")
        data = exports.bg_stats_file(dawnguard)
        for play, exported in zip(dawnguard.plays, data["plays"], strict=True):
            winners = {score["winner"] for score in exported["playerScores"]}
            if play.completed:
                assert winners == {True} and exported["ignored"] is False
            else:
                # Never a co-operative loss: BG Stats leaves an ignored play out of its stats.
                assert winners == {False} and exported["ignored"] is True
        assert {p["ignored"] for p in data["plays"]} == {True, False}

    def test_bg_stats_file_of_captain_america_is_a_team_game(self):
        # BG Stats reads a team play from `usesTeams` and each score's `team`, "0", "1".
        data = exports.bg_stats_file(record("captain-america"))
        assert data["games"][0]["usesTeams"] is True
        players = {player["id"]: player["name"] for player in data["players"]}
        first = data["plays"][0]
        assert first["usesTeams"] is True
        teams = {
            players[s["playerRefId"]]: (s["team"], s["role"], s["winner"], s["score"]) for s in first["playerScores"]
        }
        assert teams == {
            "Ana": ("0", "Captain America", True, "5"), "Ben": ("0", "Falcon", True, "5"),
            "Cid": ("1", "Iron Man", False, "3"), "Dee": ("1", "War Machine", False, "3"),
        }
        skyrim = exports.bg_stats_file(record("risk-skyrim"))
        assert skyrim["games"][0]["usesTeams"] is False
        assert not any("team" in s for play in skyrim["plays"] for s in play["playerScores"])

    def test_risk_legacy_carries_its_boardgamegeek_id(self):
        (game,) = exports.bg_stats_file(record("risk-legacy"))["games"]
        assert (game["bggId"], game["bggName"], game["bggYear"]) == (105134, "Risk Legacy", 2011)


# A real BG Stats export's field set and types (BG Stats 6.8.2 for iOS, the public export in
# BoardGameScorePad's test mocks, 924 plays; the typed readers' models agree): the keys every
# object of that kind had there (REQUIRED), and every key seen with its JSON type.
BG_STATS_TOP = {
    "userInfo": dict, "games": list, "players": list, "locations": list, "plays": list,
    "tags": list, "groups": list, "challenges": list, "deletedObjects": list,
}
BG_STATS_USER_INFO = {"meRefId": int, "exportDate": str, "appVersion": str, "device": str, "systemVersion": str}
BG_STATS_GAME = {
    "id": int, "uuid": str, "name": str, "modificationDate": str, "cooperative": bool, "highestWins": bool,
    "noPoints": bool, "usesTeams": bool, "bggId": int, "bggName": str, "bggYear": int, "isBaseGame": int,
    "isExpansion": int, "copies": list, "designers": str, "minPlayerCount": int, "maxPlayerCount": int,
    "minPlayTime": int, "maxPlayTime": int, "minAge": int, "preferredImage": int,
    "previouslyPlayedAmount": int, "rating": int, "urlImage": str, "urlThumb": str, "metaData": str,
}
BG_STATS_GAME_REQUIRED = set(BG_STATS_GAME) - {"bggName", "designers", "isBaseGame", "isExpansion", "urlImage",
                                                "urlThumb", "metaData"}
BG_STATS_PLAYER = {
    "id": int, "uuid": str, "name": str, "isAnonymous": bool, "modificationDate": str, "bggUsername": str,
    "metaData": str, "lastBggChange": str,
}
BG_STATS_PLAYER_REQUIRED = {"id", "uuid", "name", "isAnonymous", "modificationDate"}
BG_STATS_LOCATION = {"id": int, "uuid": str, "name": str, "modificationDate": str, "lastBggChange": str}
BG_STATS_LOCATION_REQUIRED = {"id", "uuid", "name", "modificationDate"}
BG_STATS_PLAY = {
    "uuid": str, "gameRefId": int, "locationRefId": int, "playDate": str, "playDateYmd": int, "entryDate": str,
    "modificationDate": str, "durationMin": int, "ignored": bool, "manualWinner": bool, "rounds": int,
    "scoringSetting": int, "usesTeams": bool, "rating": int, "bggId": int, "nemestatsId": int,
    "importPlayId": int, "playImages": str, "expansionPlays": list, "playerScores": list, "board": str,
    "comments": str, "metaData": str, "bggLastSync": str,
}
BG_STATS_PLAY_REQUIRED = set(BG_STATS_PLAY) - {"locationRefId", "board", "comments", "metaData", "bggLastSync"}
BG_STATS_SCORE = {
    "playerRefId": int, "winner": bool, "seatOrder": int, "startPlayer": bool, "score": str, "rank": int,
    "newPlayer": bool, "role": str, "team": str, "startPosition": str, "teamRole": str,
}
BG_STATS_SCORE_REQUIRED = {"playerRefId", "winner", "seatOrder", "startPlayer", "score", "rank", "newPlayer"}
BG_STATS_EXPANSION_PLAY = {"bggId": int, "gameRefId": int}


def check_fields(obj, fields, required, what):
    assert isinstance(obj, dict), what
    assert required <= set(obj), f"{what} lacks {sorted(required - set(obj))}"
    assert set(obj) <= set(fields), f"{what} has keys no BG Stats export has: {sorted(set(obj) - set(fields))}"
    for key, value in obj.items():
        # bool is an int in Python: a count must not be a bool, a flag must be one.
        assert type(value) is fields[key], f"{what}'s {key} is {type(value).__name__}, not {fields[key].__name__}"


@pytest.mark.parametrize("system", ["risk-legacy", "dawnguard", "risk-skyrim", "captain-america"])
def test_the_bg_stats_file_has_a_real_exports_fields_and_types(system):
    data = exports.bg_stats_file(record(system), me="Ana", now="2026-12-01 10:00:00")
    check_fields(data, BG_STATS_TOP, set(BG_STATS_TOP), "the file")
    check_fields(data["userInfo"], BG_STATS_USER_INFO, {"meRefId", "exportDate"}, "userInfo")
    for name in ("tags", "groups", "challenges", "deletedObjects"):
        assert data[name] == []
    for game in data["games"]:
        check_fields(game, BG_STATS_GAME, BG_STATS_GAME_REQUIRED, "a game")
    for player in data["players"]:
        check_fields(player, BG_STATS_PLAYER, BG_STATS_PLAYER_REQUIRED, "a player")
    (location,) = data["locations"]  # readers crash on an empty list
    check_fields(location, BG_STATS_LOCATION, BG_STATS_LOCATION_REQUIRED, "the location")
    ids = {name: {row["id"] for row in data[name]} for name in ("games", "players", "locations")}
    assert data["userInfo"]["meRefId"] in ids["players"]
    for play in data["plays"]:
        check_fields(play, BG_STATS_PLAY, BG_STATS_PLAY_REQUIRED, "a play")
        assert play["gameRefId"] in ids["games"] and play["locationRefId"] in ids["locations"]
        assert str(play["playDateYmd"]) == play["playDate"][:10].replace("-", "")
        assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", play["playDate"])
        assert re.fullmatch(r"[0-9A-F]{8}(-[0-9A-F]{4}){3}-[0-9A-F]{12}", play["uuid"])
        for expansion in play["expansionPlays"]:
            check_fields(expansion, BG_STATS_EXPANSION_PLAY, set(BG_STATS_EXPANSION_PLAY), "an expansion play")
            assert expansion["gameRefId"] in ids["games"]
        for score in play["playerScores"]:
            check_fields(score, BG_STATS_SCORE, BG_STATS_SCORE_REQUIRED, "a player's score")
            assert score["playerRefId"] in ids["players"]
            assert ("team" in score) is play["usesTeams"]


def test_plays_csv_starts_with_a_byte_order_mark():
    assert exports.CSV_BOM.encode() == b"\xef\xbb\xbf"
