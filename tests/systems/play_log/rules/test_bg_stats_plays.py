"""Plays brought in from BG Stats (the `bg_stats` extension of a play-log game): what each
log's rules accept and refuse of one, and the journal in and out (rules layer, no Django)."""

import pytest

from campaigns.rules import captain_america, journal, risk_skyrim
from campaigns.rules.base import Entry, RuleError, fold
from campaigns.rules.play_log import bg_stats

from tests.journal_files import RULES, load_journal

PLAYERS = ["Ana", "Ben", "Cid", "Dee"]


def skyrim_play(**changes):
    play = {
        "number": 1, "played_on": "2026-11-01", "mode": "chaos",
        "seats": [{"player": "Ana", "faction": "Orcs", "score": 20}, {"player": "Ben"}],
        "bg_stats": {"uuid": "A1", "winners": ["Ana"]},
    }
    play.update(changes)
    return play


def captain_play(**changes):
    play = {
        "number": 1, "played_on": "2026-11-01",
        "seats": [{"player": "Ana", "heroes": ["Captain America"], "score": 5}, {"player": "Ben", "team": "captain-america"},
                  {"player": "Cid", "team": "iron-man", "score": 3}, {"player": "Dee", "heroes": ["War Machine"]}],
        "bg_stats": {"uuid": "B1", "winners": ["Ana", "Ben"]},
    }
    play.update(changes)
    return play


def logged(system, play):
    return fold(system, PLAYERS, [Entry("game", play)]).current.games[-1]


def test_a_skyrim_play_keeps_bg_stats_winners_and_scores_and_leaves_the_rest_unknown():
    game = logged(risk_skyrim, skyrim_play())
    assert (game.winners, game.scores, game.factions) == (["Ana"], {"Ana": 20, "Ben": None}, {"Ana": "Orcs", "Ben": None})


def test_a_captain_america_play_keeps_its_teams_and_bg_stats_points():
    game = logged(captain_america, captain_play())
    assert game.teams == {"captain-america": ["Ana", "Ben"], "iron-man": ["Cid", "Dee"]}
    assert (game.points, game.result, game.winners) == ({"captain-america": 5, "iron-man": 3}, "captain-america", ["Ana", "Ben"])
    assert game.rooms is None and game.winter_soldier is None
    assert [seat.team for seat in game.seats] == ["captain-america", "captain-america", "iron-man", "iron-man"]
    draw = logged(captain_america, captain_play(bg_stats={"uuid": "B1", "winners": []}))
    assert (draw.result, draw.winners) == (captain_america.DRAW, [])


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"bg_stats": {"uuid": "A1", "winners": ["Cid"]}}, r"'winners' names Cid, who has no seat"),
        ({"bg_stats": {"uuid": "A1", "winners": ["Ana", "Ana"]}}, r"each once"),
        ({"bg_stats": {"uuid": "", "winners": []}}, r"'uuid' must be the BG Stats play's uuid"),
        ({"bg_stats": {"winners": []}}, r"uuid"),
        ({"mode": "brawl"}, r"mode"),
        ({"seats": [{"player": "Ana", "faction": "Orcs"}, {"player": "Ben", "faction": "Orcs"}]}, r"each faction once"),
        ({"seats": [{"player": "Ana", "score": -1}, {"player": "Ben"}]}, r"'score' must be a whole number"),
        ({"seats": [{"player": "Ana", "territories": 3}, {"player": "Ben"}]}, r"territories"),
        ({"seats": [{"player": "Ana"}]}, r"2 to 5 players"),
    ],
)
def test_a_skyrim_play_brought_in_is_checked(changes, message):
    with pytest.raises(RuleError, match=message):
        logged(risk_skyrim, skyrim_play(**changes))


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"bg_stats": {"uuid": "B1", "winners": ["Ana", "Cid"]}}, r"one team's players"),
        ({"seats": [{"player": "Ana", "team": "iron-man"}, {"player": "Ben", "team": "iron-man"}]}, r"too many seats"),
        ({"seats": [{"player": "Ana", "team": "hydra"}, {"player": "Ben", "team": "iron-man"}],
          "bg_stats": {"uuid": "B1", "winners": []}}, r"'team' must be"),
        ({"seats": [{"player": "Ana", "heroes": ["Falcon"], "team": "captain-america"}, {"player": "Ben", "team": "iron-man"}],
          "bg_stats": {"uuid": "B1", "winners": []}}, r"names its heroes or, unknown, its team"),
        ({"seats": [{"player": "Ana", "team": "iron-man"}]}, r"2 players .* or 4"),
    ],
)
def test_a_captain_america_play_brought_in_is_checked(changes, message):
    with pytest.raises(RuleError, match=message):
        logged(captain_america, captain_play(**changes))


@pytest.mark.parametrize("system, play", [(risk_skyrim, skyrim_play), (captain_america, captain_play)])
def test_a_log_with_plays_brought_in_round_trips(system, play):
    name = {risk_skyrim: "risk_skyrim_plays.json", captain_america: "captain_america_plays.json"}[system]
    data = load_journal(name)
    data["games"].append(play(number=len(data["games"]) + 1))
    _, title, players, entries, _ = journal.load(data, RULES)
    assert journal.write(system, title, players, entries) == data
    assert "from BG Stats" in system.describe(entries[-1])


def test_a_play_without_the_extension_still_needs_every_number():
    play = skyrim_play()
    del play["bg_stats"]
    with pytest.raises(RuleError):
        logged(risk_skyrim, play)


def test_a_bg_stats_play_is_found_in_the_log_by_uuid_or_by_date_players_and_winners():
    state = fold(risk_skyrim, PLAYERS, [Entry("game", skyrim_play())]).current
    seats = (bg_stats.BgSeat("Ana", 1, True, 20, "Orcs", None), bg_stats.BgSeat("Ben", 2, False, None, "", None))
    same = bg_stats.BgPlay("other", "2026-11-01", seats, "Chaos")
    names = {"Ana": "Ana", "Ben": "Ben"}
    assert bg_stats.Logged(state).find(same, names) == 1
    assert bg_stats.Logged(state).find(bg_stats.BgPlay("A1", "2026-12-24", seats, ""), names) == 1
    other_day = bg_stats.BgPlay("X", "2026-11-02", seats, "Chaos")
    assert bg_stats.Logged(state).find(other_day, names) is None
    assert bg_stats.suggested_roster_name(" ana ", PLAYERS) == "Ana" and bg_stats.suggested_roster_name("Zed", PLAYERS) is None


def test_a_skyrim_play_asks_for_a_mode_bg_stats_did_not_note():
    seats = (bg_stats.BgSeat("Ana", 1, True, 20, "Orcs", None),)
    assert risk_skyrim.bg_stats_questions(bg_stats.BgPlay("A", "2026-11-01", seats, "Civil War")) == []
    (question,) = risk_skyrim.bg_stats_questions(bg_stats.BgPlay("A", "2026-11-01", seats, "Map B"))
    assert question.name == "mode" and ("chaos", "Chaos") in question.choices
    game = risk_skyrim.bg_stats_game(bg_stats.BgPlay("A", "2026-11-01", seats, "Map B"), 4, {"Ana": "Ana"}, {"mode": "chaos"})
    assert game["mode"] == "chaos" and game["seats"] == [{"player": "Ana", "faction": "Orcs", "score": 20}]


def test_a_write_never_takes_a_campaign_past_the_games_its_journal_holds(monkeypatch):
    """limits.check_games_kept: past the games a journal may hold (a play log's 5,000), the
    write is refused, so every campaign's own journal imports again."""
    from campaigns.rules import limits

    limits.check_games_kept(limits.PLAY_LOG_MAX_GAMES, limits.max_games(risk_skyrim))
    with pytest.raises(RuleError, match="this would make 5,001 games; a campaign holds 5,000 at most"):
        limits.check_games_kept(limits.PLAY_LOG_MAX_GAMES + 1, limits.max_games(risk_skyrim))
    assert limits.max_games(captain_america) == 5_000
