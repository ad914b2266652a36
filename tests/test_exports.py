"""One campaign's plays written out (campaigns/exports.py): CSV rows and the BG Stats file,
from the demo journals (hand counts: tests/test_stats.py's docstring)."""

from campaigns import exports, registry, stats

from .test_stats import record


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
        assert set(data) == {"games", "players", "locations", "plays", "userInfo"}
        (game,) = data["games"]
        assert (game["id"], game["name"], game["cooperative"], game["noPoints"]) == (
            1, "Risk: The Elder Scrolls V: Skyrim", False, False,
        )
        players = {player["id"]: player["name"] for player in data["players"]}
        assert sorted(players.values()) == ["Ana", "Ben", "Cid", "Dee", "Eve"]
        assert data["userInfo"] == {"meRefId": next(i for i, n in players.items() if n == "Ben")}
        assert len(data["plays"]) == 8
        fourth = data["plays"][3]
        assert fourth["gameRefId"] == 1 and fourth["playDate"] == "2026-09-27 12:00:00"
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
        # A player's uuid follows the name, so Ana is the same player in every campaign's file.
        other = exports.bg_stats_file(record("captain-america"))
        uuid_of = {p["name"]: p["uuid"] for p in first["players"]}
        assert {p["name"]: p["uuid"] for p in other["players"]}["Ana"] == uuid_of["Ana"]
        new_flags = [score["newPlayer"] for play in first["plays"] for score in play["playerScores"]]
        assert sum(new_flags) == 5
        assert "userInfo" not in first

    def test_bg_stats_file_of_dawnguard_is_cooperative_without_winners(self):
        data = exports.bg_stats_file(record("dawnguard"))
        assert data["games"][0]["cooperative"] is True and data["games"][0]["noPoints"] is True
        assert not any(s["winner"] for play in data["plays"] for s in play["playerScores"])
        assert data["plays"][0]["board"] == "Chapter 1"
        assert data["plays"][0]["playerScores"][0]["role"] == "Clan Volkihar – Sigrid"

    def test_bg_stats_file_of_captain_america_is_a_team_game(self):
        # BG Stats reads a team play from `usesTeams` and each score's `team`.
        data = exports.bg_stats_file(record("captain-america"))
        assert data["games"][0]["usesTeams"] is True
        players = {player["id"]: player["name"] for player in data["players"]}
        first = data["plays"][0]
        assert first["usesTeams"] is True
        teams = {players[s["playerRefId"]]: (s["team"], s["winner"], s["score"]) for s in first["playerScores"]}
        assert teams == {
            "Ana": ("Team Captain America", True, "5"), "Ben": ("Team Captain America", True, "5"),
            "Cid": ("Team Iron Man", False, "3"), "Dee": ("Team Iron Man", False, "3"),
        }
        skyrim = exports.bg_stats_file(record("risk-skyrim"))
        assert skyrim["games"][0]["usesTeams"] is False
        assert not any("team" in s for play in skyrim["plays"] for s in play["playerScores"])
