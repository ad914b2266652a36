"""Risk: Captain America – Civil War plays (docs/rules.md §4, docs/journal.md `captain-america`): each
rule accepts its legal case and refuses the illegal one with a message, leaving the log as it
was."""

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from campaigns.rules import captain_america, journal
from campaigns.rules.base import Entry, RuleError

from tests.conftest import load_journal
from tests.journal_files import RULES
from tests.rules.helpers import PlayLog, describes_every_entry, final_state_json, legal_journal, round_trip

PLAYERS = ["Ana", "Ben", "Cid", "Dee"]
FOUR_SEATS = [
    {"player": "Ana", "heroes": ["Captain America"]},
    {"player": "Ben", "heroes": ["Falcon"]},
    {"player": "Cid", "heroes": ["Iron Man"]},
    {"player": "Dee", "heroes": ["War Machine"]},
]
TWO_SEATS = [
    {"player": "Ana", "heroes": ["Iron Man", "War Machine"]},
    {"player": "Ben", "heroes": ["Captain America", "Falcon"]},
]


def game(
    seats=None, number=1, winter_soldier="captain-america", quinjet="iron-man", rooms=(15, 14), **changes
):
    rooms = {"captain-america": rooms[0], "iron-man": rooms[1]} if isinstance(rooms, tuple) else rooms
    return Entry(
        "game",
        {
            "number": number,
            "played_on": "2026-09-05",
            "seats": copy.deepcopy(FOUR_SEATS if seats is None else seats),
            "winter_soldier": winter_soldier,
            "quinjet": quinjet,
            "rooms": rooms,
            **changes,
        },
    )


LOG = PlayLog(captain_america, PLAYERS)
logged, refused, last_game = LOG.logged, LOG.refused, LOG.last_game


# Seats and teams ------------------------------------------------------------------------


def test_four_players_each_play_one_hero_and_teams_follow_from_the_heroes():
    assert last_game(logged(game())) == {
        "number": 1,
        "played_on": "2026-09-05",
        "teams": {"captain-america": ["Ana", "Ben"], "iron-man": ["Cid", "Dee"]},
        "points": {"captain-america": 5, "iron-man": 3},
        "result": "captain-america",
        "winners": ["Ana", "Ben"],
    }


def test_two_players_each_run_a_whole_team():
    state = logged(game(TWO_SEATS))
    assert last_game(state)["teams"] == {"captain-america": ["Ben"], "iron-man": ["Ana"]}
    assert last_game(state)["winners"] == ["Ben"]


def test_the_fold_keeps_the_seats_in_the_journal_order_with_their_heroes():
    seats = [FOUR_SEATS[2], FOUR_SEATS[0], FOUR_SEATS[3], FOUR_SEATS[1]]  # not team by team
    (record,) = logged(game(seats)).games
    assert [(seat.player, seat.heroes, seat.team) for seat in record.seats] == [
        ("Cid", ("Iron Man",), "iron-man"),
        ("Ana", ("Captain America",), "captain-america"),
        ("Dee", ("War Machine",), "iron-man"),
        ("Ben", ("Falcon",), "captain-america"),
    ]


def test_the_fold_keeps_both_heroes_of_a_seat_running_a_team():
    (record,) = logged(game(TWO_SEATS)).games
    assert [(seat.player, seat.heroes) for seat in record.seats] == [
        ("Ana", ("Iron Man", "War Machine")),
        ("Ben", ("Captain America", "Falcon")),
    ]


def test_the_state_json_leaves_the_recorded_seats_out():
    # docs/journal.md's shape: the seats are the journal's, not the state's.
    (game_json,) = captain_america.state_json(logged(game()))["games"]
    assert set(game_json) == {"number", "played_on", "teams", "points", "result", "winners"}


def test_the_game_is_for_2_or_4_players():
    seats = [FOUR_SEATS[0], FOUR_SEATS[1], {"player": "Cid", "heroes": ["Iron Man", "War Machine"]}]
    error = refused(game(seats))
    assert error.message == "the game is played by 2 players (a team each) or 4 (a hero each), not 3"
    assert error.field == "seats"


def test_each_hero_is_played_once():
    seats = copy.deepcopy(FOUR_SEATS)
    seats[3]["heroes"] = ["Iron Man"]
    error = refused(game(seats))
    assert error.message == "Iron Man is played by Cid already: each hero once"
    assert error.place == "game 1, seat 4 (Dee)"


def test_a_hero_is_not_named_twice_in_a_seat():
    seats = [{"player": "Ana", "heroes": ["Falcon", "Falcon"]}, TWO_SEATS[0]]
    assert refused(game(seats)).message == "Falcon is named twice: each hero once"


def test_a_hero_is_one_of_the_four_with_a_suggestion():
    seats = copy.deepcopy(FOUR_SEATS)
    seats[2]["heroes"] = ["Ironman"]
    error = refused(game(seats))
    assert (
        error.message
        == "'Ironman' is not a hero: Captain America, Falcon, Iron Man, War Machine (did you mean Iron Man?)"
    )
    assert error.field == "heroes"


def test_with_two_players_a_seat_runs_both_heroes_of_its_team():
    seats = [{"player": "Ana", "heroes": ["Iron Man"]}, {"player": "Ben", "heroes": ["Captain America"]}]
    error = refused(game(seats))
    assert error.message == "with 2 players each runs a whole team (both its heroes), and Ana has 1"


def test_with_two_players_a_seat_runs_one_team():
    seats = [
        {"player": "Ana", "heroes": ["Iron Man", "Falcon"]},
        {"player": "Ben", "heroes": ["Captain America", "War Machine"]},
    ]
    assert (
        refused(game(seats)).message == "Iron Man and Falcon are on different teams: a player runs one team"
    )


def test_with_four_players_a_seat_plays_one_hero():
    seats = copy.deepcopy(FOUR_SEATS)
    seats[0]["heroes"] = ["Captain America", "Falcon"]
    seats[1]["heroes"] = []
    assert refused(game(seats)).message == "with 4 players each plays one hero, and Ana has 2"


def test_a_player_has_one_seat():
    seats = copy.deepcopy(FOUR_SEATS)
    seats[1]["player"] = "Ana"
    assert refused(game(seats)).message == "Ana has two seats: one seat per player"


def test_a_seat_names_a_roster_player_with_a_suggestion():
    seats = copy.deepcopy(FOUR_SEATS)
    seats[0]["player"] = "Bem"
    error = refused(game(seats))
    assert error.message == "Bem is not a player of this campaign (did you mean Ben?)"
    assert error.place == "game 1, seat 1 (Bem)"


def test_a_seat_has_exactly_player_and_heroes():
    seats = copy.deepcopy(FOUR_SEATS)
    seats[0]["team"] = "captain-america"
    assert refused(game(seats)).message.startswith("unknown key 'team' in a seat")


# Missions -------------------------------------------------------------------------------


def test_the_winter_soldier_scores_3():
    assert last_game(logged(game(winter_soldier="iron-man", quinjet=None, rooms=(10, 10))))["points"] == {
        "captain-america": 0,
        "iron-man": 3,
    }


def test_the_quinjet_scores_3():
    assert last_game(logged(game(winter_soldier=None, quinjet="captain-america", rooms=(10, 10))))[
        "points"
    ] == {
        "captain-america": 3,
        "iron-man": 0,
    }


def test_most_rooms_scores_2():
    assert last_game(logged(game(winter_soldier=None, quinjet=None, rooms=(10, 9))))["points"] == {
        "captain-america": 2,
        "iron-man": 0,
    }


def test_a_tie_on_rooms_scores_nobody():
    assert last_game(logged(game(winter_soldier=None, quinjet=None, rooms=(12, 12))))["points"] == {
        "captain-america": 0,
        "iron-man": 0,
    }


def test_equal_points_is_a_draw_and_nobody_wins():
    state = logged(game(winter_soldier="captain-america", quinjet="iron-man", rooms=(17, 17)))
    assert last_game(state)["result"] == "draw"
    assert last_game(state)["winners"] == []
    assert captain_america.state_json(state)["players"]["Ana"] == {"plays": 1, "wins": 0, "win_rate": 0.0}


def test_the_mission_holders_are_a_team_or_null():
    error = refused(game(winter_soldier="iron man"))
    assert (
        error.message
        == "'winter_soldier' must be captain-america, iron-man or null (nobody) (did you mean iron-man?)"
    )
    assert error.field == "winter_soldier"
    assert refused(game(quinjet="cap")).field == "quinjet"


# Rooms ----------------------------------------------------------------------------------


def test_the_teams_may_hold_all_34_rooms_and_the_quinjet():
    assert last_game(logged(game(rooms=(20, 15))))["points"] == {"captain-america": 5, "iron-man": 3}


def test_the_teams_never_hold_more_than_35_rooms():
    error = refused(game(rooms=(20, 16)))
    assert error.message == "the teams hold 36 rooms, but there are 34 rooms and the Quinjet (35 in all)"
    assert error.field == "rooms"


def test_without_the_quinjet_the_teams_hold_at_most_34_rooms():
    assert logged(game(quinjet=None, rooms=(20, 14))).games_played == 1
    error = refused(game(quinjet=None, rooms=(20, 15)))
    assert error.message == "nobody holds the Quinjet, so the teams hold at most 34 rooms, not 35"


def test_the_team_holding_the_quinjet_holds_a_room():
    error = refused(game(winter_soldier=None, quinjet="iron-man", rooms=(20, 0)))
    assert error.message == "Team Iron Man holds the Quinjet, so it controls at least one room, not 0"


def test_the_team_holding_the_winter_soldier_holds_a_room():
    error = refused(game(winter_soldier="captain-america", quinjet=None, rooms=(0, 20)))
    assert (
        error.message
        == "Team Captain America holds the Winter Soldier, so it controls at least one room, not 0"
    )


def test_rooms_are_whole_numbers_for_both_teams():
    assert (
        refused(game(rooms=(-1, 14))).message
        == "Team Captain America's rooms must be a whole number of at least 0"
    )
    assert refused(game(rooms={"captain-america": 3})).message == "'rooms' needs 'iron-man'"
    assert refused(game(rooms={"captain-america": 3, "iron-man": 3, "hydra": 1})).field == "hydra"


# The game's shape -----------------------------------------------------------------------


def test_a_game_has_exactly_its_keys():
    assert refused(game(result="draw")).message.startswith("unknown key 'result' in a game")
    entry = game()
    del entry.data["quinjet"]
    assert refused(entry).message == "a game needs 'quinjet'"


def test_games_are_numbered_in_order():
    state = logged(game())
    error = refused(game(number=1), state)
    assert error.message == "games are numbered 1, 2, 3 … in order: this one should be 2"
    assert error.place == "game 2"


def test_a_game_date_is_an_iso_date():
    assert refused(game(played_on="2026-13-01")).message == "2026-13-01 is not a date on the calendar"


def test_the_setup_is_empty_and_comes_once_before_game_1():
    assert logged(Entry("setup", {})).set_up
    assert refused(Entry("setup", {}), logged(game())).message == "the setup comes once, before game 1"
    assert refused(Entry("setup", {"rounds": 5})).field == "rounds"


# Standings ------------------------------------------------------------------------------


def test_players_plays_wins_and_win_rate():
    state = logged(
        game(), game(TWO_SEATS, number=2), game(number=3, winter_soldier="iron-man", rooms=(10, 14))
    )
    assert captain_america.state_json(state)["players"] == {
        "Ana": {"plays": 3, "wins": 1, "win_rate": 0.333},
        "Ben": {"plays": 3, "wins": 2, "win_rate": 0.667},
        "Cid": {"plays": 2, "wins": 1, "win_rate": 0.5},
        "Dee": {"plays": 2, "wins": 1, "win_rate": 0.5},
    }


def test_state_json_keys():
    state = captain_america.state_json(logged(game()))
    assert set(state) == {"system", "as_of_game", "games_played", "games", "players", "rulings", "house_rules"}
    assert (state["system"], state["games_played"]) == ("captain-america", 1)


# Calculators ----------------------------------------------------------------------------


def test_the_deployment_chart():
    chart = [captain_america.deployment(rooms) for rooms in range(0, 13)]
    assert chart == [7, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5]


def test_deployment_refuses_impossible_room_counts():
    with pytest.raises(RuleError, match="from 0 to 35"):
        captain_america.deployment(-1)


def test_building_bonuses():
    assert captain_america.building_bonus(["North-Central"]) == 3
    assert captain_america.building_bonus(["Northwest", "South-Central", "Southeast"]) == 7
    assert captain_america.building_bonus([]) == 0
    assert sum(captain_america.BUILDING_BONUS.values()) == 14


def test_building_bonus_refuses_an_unknown_building_or_one_twice():
    with pytest.raises(RuleError, match=r"did you mean Northeast\?"):
        captain_america.building_bonus(["North-East"])
    with pytest.raises(RuleError, match="each building counts once"):
        captain_america.building_bonus(["Northwest", "Northwest"])


def test_troops_to_deploy_adds_the_chart_and_the_buildings():
    assert captain_america.troops_to_deploy(8, ["Northwest", "North-Central"]) == 4 + 5


# The journal ----------------------------------------------------------------------------


def load_data():
    return load_journal("captain_america_plays.json")


def test_the_data_journal_loads_and_round_trips():
    data = load_data()
    assert journal.load(data, RULES)[0] is captain_america
    assert round_trip(data) == data


def test_the_data_journal_state():
    state = final_state_json(captain_america, load_data())
    assert [g["result"] for g in state["games"]] == [
        "captain-america",
        "iron-man",
        "draw",
        "captain-america",
        "iron-man",
    ]
    assert state["players"]["Ana"] == {"plays": 4, "wins": 3, "win_rate": 0.75}
    assert state["players"]["Cid"] == {"plays": 4, "wins": 0, "win_rate": 0.0}


def test_a_journal_with_an_empty_setup_round_trips_with_it():
    data = {**load_data(), "setup": {}}
    assert round_trip(data) == data


def test_the_journal_refuses_a_broken_game_with_its_place():
    data = load_data()
    data["games"][1]["rooms"]["iron-man"] = 30
    with pytest.raises(RuleError) as caught:
        journal.load(data, RULES)
    assert str(caught.value) == (
        "game 2: the teams hold 46 rooms, but there are 34 rooms and the Quinjet (35 in all)"
    )


def test_the_journal_refuses_an_unknown_game_key():
    data = load_data()
    data["games"][0]["winner"] = "captain-america"
    with pytest.raises(RuleError, match="^game 1: unknown key 'winner' in a game"):
        journal.load(data, RULES)


def test_every_entry_of_the_data_journal_has_a_description():
    assert describes_every_entry(captain_america, load_data())


# Properties -----------------------------------------------------------------------------


@st.composite
def legal_game(draw, number=1):
    """A random game that breaks no rule."""
    players = draw(st.permutations(PLAYERS))
    if draw(st.booleans()):
        heroes = draw(st.permutations(list(captain_america.HEROES)))
        seats = [{"player": p, "heroes": [h]} for p, h in zip(players, heroes, strict=True)]
    else:
        teams = draw(st.permutations(list(captain_america.TEAM_HEROES.values())))
        seats = [
            {"player": p, "heroes": draw(st.permutations(list(t)))}
            for p, t in zip(players, teams, strict=False)
        ]
    holders = st.sampled_from([None, *captain_america.TEAMS])
    winter_soldier, quinjet = draw(holders), draw(holders)
    most = 35 if quinjet else 34
    first = draw(st.integers(1 if "captain-america" in (winter_soldier, quinjet) else 0, most - 1))
    second = draw(st.integers(1 if "iron-man" in (winter_soldier, quinjet) else 0, most - first))
    rooms = {"captain-america": first, "iron-man": second}
    return {
        "number": number,
        "played_on": "2026-03-01",
        "seats": seats,
        "winter_soldier": winter_soldier,
        "quinjet": quinjet,
        "rooms": rooms,
    }


LEGAL_JOURNALS = legal_journal("captain-america", PLAYERS, legal_game)


@settings(max_examples=30, deadline=None)
@given(LEGAL_JOURNALS)
def test_any_legal_journal_round_trips(data):
    assert round_trip(data) == data


@settings(max_examples=30, deadline=None)
@given(LEGAL_JOURNALS)
def test_wins_add_up_to_the_winning_teams(data):
    state = final_state_json(captain_america, data)
    players = state["players"].values()
    assert sum(p["plays"] for p in players) == sum(len(g["seats"]) for g in data["games"])
    decided = [g for g in state["games"] if g["result"] != "draw"]
    assert sum(p["wins"] for p in players) == sum(len(g["teams"][g["result"]]) for g in decided)
    for g in state["games"]:
        points = g["points"]
        assert sum(points.values()) <= 3 + 3 + 2
        if g["result"] == "draw":
            assert points["captain-america"] == points["iron-man"]
        else:
            assert points[g["result"]] == max(points.values())


@settings(max_examples=30, deadline=None)
@given(st.lists(legal_game(), min_size=1, max_size=6))
def test_the_points_handed_out_are_the_missions_completed(games):
    for number, played in enumerate(games, 1):
        played["number"] = number
    state = logged(*(Entry("game", played) for played in games))
    for scored, played in zip(captain_america.state_json(state)["games"], games, strict=True):
        rooms = played["rooms"]
        expected = (
            3 * (played["winter_soldier"] is not None)
            + 3 * (played["quinjet"] is not None)
            + 2 * (rooms["captain-america"] != rooms["iron-man"])
        )
        assert sum(scored["points"].values()) == expected


# The table's setup and a play's missions (the setup helpers and the play pages) ----------


def test_seats_for_2_or_4_players():
    assert captain_america.seats_for(2) == [("Captain America", "Falcon"), ("Iron Man", "War Machine")]
    assert captain_america.seats_for(4) == [
        ("Captain America",), ("Falcon",), ("Iron Man",), ("War Machine",),
    ]
    with pytest.raises(RuleError, match="2 players .* or 4 .* not 3"):
        captain_america.seats_for(3)


def test_the_breach_order_alternates_the_teams_the_rolls_winner_first():
    assert captain_america.breach_order("iron-man") == [
        (1, "iron-man", "Iron Man"),
        (2, "captain-america", "Captain America"),
        (3, "iron-man", "War Machine"),
        (4, "captain-america", "Falcon"),
    ]


def test_the_team_picking_first_claims_1_and_3_or_2_and_4_and_orders_its_heroes():
    leads = {"captain-america": "Falcon", "iron-man": "War Machine"}
    assert [hero for _, _, hero in captain_america.turn_order("captain-america", (1, 3), leads)] == [
        "Falcon", "War Machine", "Captain America", "Iron Man",
    ]
    # Claiming 2 and 4 lets the other team go first.
    assert [team for _, team, _ in captain_america.turn_order("captain-america", (2, 4))] == [
        "iron-man", "captain-america", "iron-man", "captain-america",
    ]


def test_turn_order_refuses_markers_that_do_not_alternate_and_a_hero_of_the_other_team():
    with pytest.raises(RuleError, match="markers 1 and 3, or 2 and 4"):
        captain_america.turn_order("captain-america", (1, 2))
    with pytest.raises(RuleError, match="Iron Man is not on Team Captain America"):
        captain_america.turn_order("iron-man", (1, 3), {"captain-america": "Iron Man"})
    with pytest.raises(RuleError, match="choose Team Captain America or Team Iron Man"):
        captain_america.turn_order("hydra", (1, 3))


def test_the_quinjet_holder_picks_turn_order_and_nobody_keeps_it():
    assert captain_america.picks_turn_order("iron-man", "captain-america") == "iron-man"
    assert captain_america.picks_turn_order(None, "captain-america") == "captain-america"


def test_a_building_held_whole_is_at_least_one_of_the_rooms_held():
    assert captain_america.troops_to_deploy(2, ["Northwest", "Southeast"]) == 2 + 4
    with pytest.raises(RuleError, match="holding 2 buildings whole takes at least 2 rooms, not 1"):
        captain_america.troops_to_deploy(1, ["Northwest", "Southeast"])
    with pytest.raises(RuleError, match="holding 1 building whole takes at least 1 room, not 0"):
        captain_america.troops_to_deploy(0, ["Northwest"])


def test_the_record_keeps_the_end_of_round_5_and_words_the_missions():
    (record,) = logged(game(rooms=(15, 15))).games
    assert (record.winter_soldier, record.quinjet, record.rooms) == (
        "captain-america", "iron-man", {"captain-america": 15, "iron-man": 15},
    )
    assert record.missions == [
        ("Capture the Winter Soldier", "captain-america", 3),
        ("Leave the airport with the Quinjet", "iron-man", 3),
        ("Control the most rooms", None, 2),
    ]


def test_the_history_line_says_the_teams_the_points_and_the_result():
    assert captain_america.describe(game()) == (
        "play 1: Team Captain America (Ana as Captain America, Ben as Falcon) 5 – "
        "Team Iron Man (Cid as Iron Man, Dee as War Machine) 3: Team Captain America won"
    )
    assert captain_america.describe(game(TWO_SEATS, rooms=(15, 15), quinjet=None)) == (
        "play 1: Team Captain America (Ben as Captain America & Falcon) 3 – "
        "Team Iron Man (Ana as Iron Man & War Machine) 0: Team Captain America won"
    )
    assert captain_america.describe(game(rooms=(15, 15))).endswith(" 3: a draw")
