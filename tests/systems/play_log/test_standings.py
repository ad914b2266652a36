"""A play log's standings (campaigns.systems.play_log.standings) from read-side plays, without a database:
the demo journals (hand counts in tests/test_stats.py's docstring) and small made-up logs."""

import json

from hypothesis import given
from hypothesis import strategies as st

from campaigns import registry, stats
from campaigns.readside.base import DRAW, LOST, WON, Play, Seat
from campaigns.rules.journal import load
from campaigns.systems.play_log.standings import StandingsTally, Streak, standings

from tests.journal_files import RULES, journal_path


def demo(system, file):
    _, name, _, _, folded = load(json.loads(journal_path(file).read_text()), RULES)
    return standings(stats.campaign_record(system, name, registry.get(system), folded.current))


def by_name(table):
    return {player.name: player for player in table.players}


def play(number, *seats, day=None):
    return Play("log", "Log", "risk-skyrim", number, day or f"2026-01-{number:02d}", tuple(seats))


def seat(player, result, order=1, side=None, hero=None, score=None):
    return Seat(player, order, side, result, result == WON, hero=hero, score=score)


def record(*plays):
    skyrim = registry.get("risk-skyrim")
    return stats.CampaignRecord("log", "Log", skyrim.key, tuple(plays), skyrim.label, skyrim.read_side)


def test_skyrim_demo_standings():
    table = demo("risk-skyrim", "risk_skyrim_plays.json")
    players = by_name(table)
    assert (players["Ana"].plays, players["Ana"].wins, players["Ana"].win_rate) == (6, 3, 0.5)
    assert players["Ana"].most_played == ("Thalmor", 3)
    assert players["Ana"].average_score == 11.2
    # Chaos points, victory points and territories are averaged apart.
    assert table.scored_by_mode
    assert players["Ana"].average_by_mode == (("Chaos", 20.0), ("Dovahkiin", 7.0), ("Civil War", 0.0))
    # Play 8 is Ana and Eve's shared win: each counts it, and it is the last play of both.
    assert players["Ana"].streak == Streak("won", 1) and players["Eve"].streak == Streak("won", 1)
    assert table.plays == 8 and table.draws == 0 and table.scored
    assert table.numbers == list(range(1, 9))
    assert table.cumulative_wins["Ana"] == [0, 1, 2, 2, 2, 2, 2, 2, 3]


def test_captain_america_team_wins_count_for_each_member_and_a_draw_for_nobody():
    table = demo("captain-america", "captain_america_plays.json")
    players = by_name(table)
    assert (players["Ana"].wins, players["Ben"].wins) == (3, 3)
    assert table.draws == 1
    # Teammates who won together beat nobody: Ana and Ben's duel counts no win for either.
    ana = next(row for row in table.head_to_head if row.player == "Ana")
    with_ben = next(cell for cell in ana.cells if cell.opponent == "Ben")
    assert (with_ben.duel.wins, with_ben.duel.losses) == (0, 0)
    assert next(cell for cell in ana.cells if cell.opponent == "Ana").is_self


def test_a_streak_is_the_run_of_the_same_result_up_to_the_latest_play():
    table = standings(record(
        play(1, seat("Ana", WON), seat("Ben", LOST, 2)),
        play(2, seat("Ana", LOST), seat("Ben", WON, 2)),
        play(3, seat("Ana", LOST), seat("Ben", WON, 2)),
        play(4, seat("Ana", DRAW), seat("Cid", DRAW, 2)),
    ))
    players = by_name(table)
    assert players["Ana"].streak == Streak("drew", 1) and players["Ana"].streak.text == "1 draw"
    assert players["Ben"].streak == Streak("won", 2) and players["Ben"].streak.text == "2 wins"
    assert table.draws == 1


def test_plays_count_in_the_order_they_were_played_not_logged():
    table = standings(record(
        play(1, seat("Ana", WON), seat("Ben", LOST, 2), day="2026-02-01"),
        play(2, seat("Ana", LOST), seat("Ben", WON, 2), day="2026-01-01"),
    ))
    assert table.numbers == [2, 1]
    assert by_name(table)["Ana"].streak == Streak("won", 1)


def test_most_played_is_the_hero_when_there_is_one_then_most_won_with_then_by_name():
    table = standings(record(
        play(1, seat("Ana", WON, side="Team A", hero="Falcon"), seat("Ben", LOST, 2, side="Team B", hero="Iron Man")),
        play(2, seat("Ana", LOST, side="Team B", hero="War Machine"), seat("Ben", WON, 2, side="Team A", hero="Falcon")),
    ))
    players = by_name(table)
    assert players["Ana"].most_played == ("Falcon", 1)  # equal plays: the one won with
    assert players["Ben"].most_played == ("Falcon", 1)


def test_no_score_no_average():
    table = standings(record(play(1, seat("Ana", WON), seat("Ben", LOST, 2))))
    assert not table.scored and by_name(table)["Ana"].average_score is None


def test_an_empty_log():
    table = standings(record())
    assert table.players == [] and table.head_to_head == [] and table.plays == 0


# What a correction changed ----------------------------------------------------------------


def test_a_correction_says_what_it_changed_in_words():
    from campaigns.systems.play_log.standings import Difference, play_differences

    before = {"number": 1, "played_on": "2026-09-05", "mode": "chaos", "winter_soldier": "captain-america",
              "rooms": {"captain-america": 15, "iron-man": 14},
              "seats": [{"player": "Ana", "faction": "Thalmor", "territories": 20, "hero_alive": True},
                        {"player": "Ben", "faction": "Orcs", "territories": 16}]}
    after = {"number": 1, "played_on": "2026-09-06", "mode": "civil_war", "winter_soldier": None,
             "rooms": {"captain-america": 15, "iron-man": 16},
             "seats": [{"player": "Ana", "faction": "Thalmor", "territories": 20, "hero_alive": False},
                       {"player": "Cid", "faction": "Orcs", "territories": 16}]}
    assert play_differences(before, after) == [
        Difference(None, "played on", "2026-09-05", "2026-09-06"),
        Difference(None, "mode", "Chaos", "Civil War"),
        Difference(None, "winter soldier", "Captain America", "nobody"),
        Difference(None, "rooms: Iron Man", "14", "16"),
        Difference("Ana", "hero alive", "yes", "no"),
        Difference("Cid", "at the table", "no", "yes"),
        Difference("Ben", "at the table", "yes", "no"),
    ]
    assert play_differences(before, before) == []
    assert play_differences(before, after)[0].dated and not play_differences(before, after)[1].dated


def test_a_value_a_seat_left_out_reads_as_a_dash():
    from campaigns.systems.play_log.standings import Difference, play_differences

    before = {"seats": [{"player": "Ana", "victory_points": 10}]}
    after = {"seats": [{"player": "Ana", "victory_points": 10, "won": True}]}
    assert play_differences(before, after) == [Difference("Ana", "won", "–", "yes")]


def test_a_seat_running_a_whole_team_counts_each_of_its_heroes():
    # with 2 players a Captain America seat runs both heroes of its team.
    table = standings(record(
        play(1, seat("Ana", WON, side="Team A", hero="Captain America"), seat("Ben", LOST, 2, side="Team B", hero="Iron Man")),
        play(2, seat("Ana", WON, side="Team A", hero="Captain America & Falcon"),
             seat("Ben", LOST, 2, side="Team B", hero="Iron Man & War Machine")),
    ))
    assert by_name(table)["Ana"].most_played == ("Captain America", 2)
    assert Seat("Ana", 1, "Team A", WON, True, hero="Iron Man & War Machine").heroes == ("Iron Man", "War Machine")


def test_a_log_of_one_scored_mode_keeps_one_average():
    table = standings(record(play(1, seat("Ana", WON, score=12), seat("Ben", LOST, 2, score=9))))
    assert not table.scored_by_mode and by_name(table)["Ana"].average_by_mode == ()
    assert by_name(table)["Ana"].average_score == 12


# Extended by the plays logged since ----------------------------------------------------------

PLAYERS = ("Ana", "Ben", "Cid", "Dee")
SEATS = st.lists(
    st.tuples(st.sampled_from(PLAYERS), st.sampled_from([WON, LOST, DRAW]), st.none() | st.integers(0, 30),
              st.sampled_from(["Thalmor", "Orcs", None])),
    min_size=2, max_size=4, unique_by=lambda seat: seat[0],
)
PLAYS = st.lists(st.tuples(SEATS, st.integers(1, 20), st.sampled_from(["chaos", "civil-war", None])), max_size=30)


def made_plays(drawn, first_number=1):
    return [
        Play("log", "Log", "risk-skyrim", number, f"2026-01-{day:02d}",
             tuple(seat(player, result, order, side=side, score=score)
                   for order, (player, result, score, side) in enumerate(seats, 1)), mode=mode)
        for number, (seats, day, mode) in enumerate(drawn, first_number)
    ]


@given(before=PLAYS, since=PLAYS, stored=st.booleans())
def test_standings_extended_by_later_plays_are_those_worked_out_over_them_all(before, since, stored):
    counted, later = made_plays(before), made_plays(since, len(before) + 1)
    tally = StandingsTally(record(*counted))
    tally.standings()  # read before, as a page does, then extended
    if stored:  # by another worker, from the database
        tally = StandingsTally.resumed(tally.stored(), record())
    if tally.extend(later):
        assert tally.standings() == standings(record(*counted, *later))
    else:  # a later play was played before the latest counted: worked out again, never guessed
        latest = max(play.sort_key for play in counted)
        assert any(play.sort_key < latest for play in later)
