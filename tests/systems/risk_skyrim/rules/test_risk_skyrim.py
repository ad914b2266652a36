"""Risk: Skyrim play logs (docs/rules.md §3, docs/journal.md `risk-skyrim`): each rule accepts its legal
case and refuses the illegal one with a message, leaving the log as it was."""

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from campaigns.rules import journal, risk_skyrim
from campaigns.rules.base import Entry, RuleError

from tests.conftest import load_journal
from tests.journal_files import RULES
from tests.rules.helpers import PlayLog, describes_every_entry, final_state_json, legal_journal, round_trip
from tests.systems.risk_skyrim.rules.helpers import (
    PLAYERS,
    chaos_seat,
    civil_war_seat,
    dovahkiin_seat,
    legal_game,
)

CHAOS_SEATS = [chaos_seat("Ana", "Thalmor", 20, 4, 3), chaos_seat("Ben", "Orcs", 16, 2, 3)]
DOVAHKIIN_SEATS = [dovahkiin_seat("Ana", "Thalmor", 10), dovahkiin_seat("Ben", "Orcs", 8)]
CIVIL_WAR_SEATS = [
    civil_war_seat("Ana", "Imperial", 48),
    civil_war_seat("Ben", "Stormcloak", 0, eliminated_in_turn=9),
    civil_war_seat("Cid", "Forsworn", 0),
]


def game(mode="chaos", seats=None, number=1, **changes) -> Entry:
    seats = (
        {"chaos": CHAOS_SEATS, "dovahkiin": DOVAHKIIN_SEATS, "civil_war": CIVIL_WAR_SEATS}[mode]
        if seats is None
        else seats
    )
    return Entry(
        "game",
        {"number": number, "played_on": "2026-09-06", "mode": mode, "seats": copy.deepcopy(seats), **changes},
    )


LOG = PlayLog(risk_skyrim, PLAYERS)
logged, refused, last_game = LOG.logged, LOG.refused, LOG.last_game


# Chaos ----------------------------------------------------------------------------------


def test_chaos_scores_territories_forts_and_portals_and_the_most_points_win():
    assert last_game(logged(game())) == {
        "number": 1,
        "played_on": "2026-09-06",
        "mode": "chaos",
        "scores": {"Ana": 27, "Ben": 21},
        "winners": ["Ana"],
    }


def test_chaos_equal_top_scores_share_the_win():
    seats = [
        chaos_seat("Ana", "Thalmor", 17, 3, 3),
        chaos_seat("Ben", "Orcs", 17, 3, 3),
        chaos_seat("Cid", "Imperial", 14, 3, 3),
    ]
    state = logged(game(seats=seats))
    assert last_game(state)["winners"] == ["Ana", "Ben"]
    assert risk_skyrim.state_json(state)["players"]["Ben"] == {"plays": 1, "wins": 1, "win_rate": 1.0}


def test_chaos_is_played_by_2_to_5_players():
    factions = risk_skyrim.FACTIONS
    five = [chaos_seat(p, f, 9) for p, f in zip(PLAYERS, factions, strict=True)]
    assert logged(game(seats=five)).games_played == 1
    error = refused(game(seats=five[:1]))
    assert error.message == "Chaos is played by 2 to 5 players, not 1"
    assert error.field == "seats"
    assert error.place == "game 1"


def test_chaos_seats_carry_territories_forts_and_portals():
    seat = chaos_seat("Ana", "Thalmor", 20)
    del seat["portals"]
    assert refused(game(seats=[seat, CHAOS_SEATS[1]])).message == "a Chaos seat needs 'portals'"


def test_chaos_seats_carry_no_victory_points():
    seat = {**CHAOS_SEATS[0], "victory_points": 3}
    error = refused(game(seats=[seat, CHAOS_SEATS[1]]))
    assert error.message.startswith("unknown key 'victory_points' in a Chaos seat")
    assert error.place == "game 1, seat 1 (Ana)"


# Dovahkiin ------------------------------------------------------------------------------


def test_dovahkiin_is_won_by_the_seat_with_10_victory_points_and_its_hero_alive():
    state = logged(game("dovahkiin"))
    assert last_game(state)["scores"] == {"Ana": 10, "Ben": 8}
    assert last_game(state)["winners"] == ["Ana"]


def test_dovahkiin_10_victory_points_with_the_hero_dead_do_not_win():
    seats = [dovahkiin_seat("Ana", "Thalmor", 12, hero_alive=False), dovahkiin_seat("Ben", "Orcs", 10)]
    assert last_game(logged(game("dovahkiin", seats)))["winners"] == ["Ben"]


def test_dovahkiin_refuses_a_game_nobody_has_won():
    seats = [dovahkiin_seat("Ana", "Thalmor", 12, hero_alive=False), dovahkiin_seat("Ben", "Orcs", 9)]
    error = refused(game("dovahkiin", seats))
    assert error.message == (
        "no seat has 10 or more victory points with its hero alive: "
        "a Dovahkiin game ends only when someone does (a game played with Dovahkiin rules but Chaos "
        "victory conditions is logged as a Chaos play, with Dovahkiin rules noted)"
    )
    assert error.field == "victory_points"


def test_dovahkiin_asks_who_got_there_first_when_several_could_have_won():
    seats = [dovahkiin_seat("Ana", "Thalmor", 10), dovahkiin_seat("Ben", "Orcs", 11)]
    error = refused(game("dovahkiin", seats))
    assert error.message.startswith("Ana and Ben both have 10+ victory points with their hero alive")
    assert "say which of them got there first" in error.message
    assert error.field == "won"


def test_dovahkiin_the_seat_marked_won_wins_among_several_10_point_living_heroes():
    # docs/journal.md: the first to 10+ at the end of their own turn carries "won": true.
    seats = [dovahkiin_seat("Ana", "Thalmor", 10), dovahkiin_seat("Ben", "Orcs", 11, won=True)]
    assert last_game(logged(game("dovahkiin", seats)))["winners"] == ["Ben"]
    assert risk_skyrim.dovahkiin_contenders(seats) == ["Ana", "Ben"]


def test_dovahkiin_refuses_two_seats_marked_won():
    seats = [dovahkiin_seat("Ana", "Thalmor", 10, won=True), dovahkiin_seat("Ben", "Orcs", 11, won=True)]
    assert refused(game("dovahkiin", seats)).field == "won"


def test_dovahkiin_won_only_when_several_could_have_won():
    seats = [dovahkiin_seat("Ana", "Thalmor", 10, won=True), dovahkiin_seat("Ben", "Orcs", 8)]
    error = refused(game("dovahkiin", seats))
    assert error.message == (
        "only Ana has 10+ victory points with a living hero, so the winner is not written "
        "('won' only picks among several)"
    )


def test_dovahkiin_won_only_on_a_seat_that_could_have_won():
    seats = [
        dovahkiin_seat("Ana", "Thalmor", 10),
        dovahkiin_seat("Ben", "Orcs", 11),
        dovahkiin_seat("Cid", "Imperial", 12, hero_alive=False, won=True),
    ]
    error = refused(game("dovahkiin", seats))
    assert error.message.startswith("Cid did not win")


def test_dovahkiin_won_is_written_only_as_true():
    seats = [dovahkiin_seat("Ana", "Thalmor", 10, won=False), dovahkiin_seat("Ben", "Orcs", 11, won=True)]
    assert refused(game("dovahkiin", seats)).message == (
        "'won' is written only as true, on the seat that reached 10 victory points first"
    )


def test_won_is_a_dovahkiin_key_only():
    seats = [chaos_seat("Ana", "Thalmor", 20), {**chaos_seat("Ben", "Orcs", 10), "won": True}]
    assert refused(game("chaos", seats)).message.startswith("unknown key 'won'")


def test_a_dovahkiin_game_marked_won_round_trips():
    seats = [dovahkiin_seat("Ana", "Thalmor", 10), dovahkiin_seat("Ben", "Orcs", 11, won=True)]
    data = {
        "format": "campaign-journal/1",
        "system": "risk-skyrim",
        "name": "Skyrim nights",
        "players": PLAYERS,
        "games": [game("dovahkiin", seats).data],
    }
    assert round_trip(data) == data


# A Chaos play with Dovahkiin rules (docs/rules.md, 2026-12-01) -------------------------------


def test_a_chaos_play_with_dovahkiin_rules_is_logged_as_chaos_with_the_rules_noted():
    state = logged(game("chaos", dovahkiin_rules=True))
    record = state.games[-1]
    assert (record.mode, record.dovahkiin_rules, record.winners) == ("chaos", True, ["Ana"])
    assert last_game(state) == {"number": 1, "played_on": "2026-09-06", "mode": "chaos",
                                "scores": {"Ana": 27, "Ben": 21}, "winners": ["Ana"]}
    assert risk_skyrim.describe(game("chaos", dovahkiin_rules=True)) == (
        "play 1, Chaos (Dovahkiin rules): Ana, Ben"
    )
    assert logged(game("chaos")).games[-1].dovahkiin_rules is False


@pytest.mark.parametrize("mode", ["dovahkiin", "civil_war"])
def test_dovahkiin_rules_are_noted_on_a_chaos_play_only(mode):
    error = refused(game(mode, dovahkiin_rules=True))
    assert error.field == "dovahkiin_rules"
    assert error.message == (
        "Dovahkiin rules are noted on a Chaos play only (Dovahkiin rules with Chaos victory conditions), "
        f"not on a {risk_skyrim.MODES[mode]} play"
    )


@pytest.mark.parametrize("noted", [False, "yes", 1])
def test_dovahkiin_rules_are_written_only_as_true(noted):
    assert refused(game("chaos", dovahkiin_rules=noted)).field == "dovahkiin_rules"


def test_a_chaos_play_with_dovahkiin_rules_round_trips():
    data = {
        "format": "campaign-journal/1",
        "system": "risk-skyrim",
        "name": "Skyrim nights",
        "players": PLAYERS,
        "games": [game("chaos", dovahkiin_rules=True).data, game("chaos", number=2).data],
    }
    assert round_trip(data) == data


def test_dovahkiin_seats_carry_victory_points_and_hero_alive():
    seat = dovahkiin_seat("Ana", "Thalmor", 10)
    del seat["hero_alive"]
    assert (
        refused(game("dovahkiin", [seat, DOVAHKIIN_SEATS[1]])).message
        == "a Dovahkiin seat needs 'hero_alive'"
    )


def test_dovahkiin_hero_alive_is_true_or_false():
    seat = dovahkiin_seat("Ana", "Thalmor", 10, hero_alive="yes")
    assert (
        refused(game("dovahkiin", [seat, DOVAHKIIN_SEATS[1]])).message == "'hero_alive' must be true or false"
    )


def test_dovahkiin_seats_may_carry_their_holdings():
    seats = [dovahkiin_seat("Ana", "Thalmor", 10, territories=20, forts=3, portals=2), DOVAHKIIN_SEATS[1]]
    assert logged(game("dovahkiin", seats)).games_played == 1


def test_dovahkiin_forts_need_territories_beside_them():
    seats = [dovahkiin_seat("Ana", "Thalmor", 10, forts=3), DOVAHKIIN_SEATS[1]]
    error = refused(game("dovahkiin", seats))
    assert error.message == "How many territories did Ana hold? Their forts stand in territories"
    assert error.field == "territories"


def test_dovahkiin_is_played_by_up_to_5_players():
    six = PLAYERS + ["Fay"]
    state = risk_skyrim.new_state(six)
    seats = [
        dovahkiin_seat(p, f, 10 if p == "Ana" else 0)
        for p, f in zip(six, [*risk_skyrim.FACTIONS, "Orcs"], strict=True)
    ]
    assert refused(game("dovahkiin", seats), state).message.startswith(
        "Dovahkiin is played by 2 to 5 players, not 6"
    )


# Civil War ------------------------------------------------------------------------------


def test_civil_war_is_won_by_the_seat_holding_all_48_territories():
    state = logged(game("civil_war"))
    assert last_game(state)["winners"] == ["Ana"]
    assert last_game(state)["scores"] == {"Ana": 48, "Ben": 0, "Cid": 0}


def test_civil_war_refuses_a_game_where_nobody_holds_all_48():
    seats = [
        civil_war_seat("Ana", "Imperial", 40),
        civil_war_seat("Ben", "Orcs", 8),
        civil_war_seat("Cid", "Forsworn", 0),
    ]
    error = refused(game("civil_war", seats))
    assert error.message == "in Civil War the winner holds all 48 territories, and no seat does"


def test_civil_war_is_played_by_3_to_5_players():
    seats = [civil_war_seat("Ana", "Imperial", 48), civil_war_seat("Ben", "Orcs", 0)]
    assert refused(game("civil_war", seats)).message == "Civil War is played by 3 to 5 players, not 2"


def test_civil_war_the_winner_was_not_eliminated():
    seats = copy.deepcopy(CIVIL_WAR_SEATS)
    seats[0]["eliminated_in_turn"] = 12
    error = refused(game("civil_war", seats))
    assert error.message == "Ana holds all 48 territories, so was not eliminated"
    assert error.place == "game 1, seat 1 (Ana)"


def test_civil_war_eliminated_in_turn_is_a_turn_number():
    seats = copy.deepcopy(CIVIL_WAR_SEATS)
    seats[1]["eliminated_in_turn"] = 0
    assert refused(game("civil_war", seats)).field == "eliminated_in_turn"


def test_civil_war_seats_carry_no_forts():
    seats = copy.deepcopy(CIVIL_WAR_SEATS)
    seats[0]["forts"] = 9
    assert refused(game("civil_war", seats)).message.startswith("unknown key 'forts' in a Civil War seat")


# Checks every mode shares ---------------------------------------------------------------


def test_the_mode_is_one_of_three_with_a_suggestion():
    error = refused(game("civil-war", CIVIL_WAR_SEATS))
    assert error.message == "'mode' must be one of chaos, dovahkiin, civil_war (did you mean civil_war?)"
    assert error.field == "mode"


def test_a_seat_names_a_roster_player_with_a_suggestion():
    seats = [chaos_seat("Anna", "Thalmor", 20), CHAOS_SEATS[1]]
    error = refused(game(seats=seats))
    assert error.message == "Anna is not a player of this campaign (did you mean Ana?)"
    assert error.place == "game 1, seat 1 (Anna)"


def test_a_player_has_one_seat():
    seats = [CHAOS_SEATS[0], chaos_seat("Ana", "Orcs", 10)]
    assert refused(game(seats=seats)).message == "Ana has two seats: one seat per player"


def test_a_faction_is_one_of_the_five_with_a_suggestion():
    seats = [CHAOS_SEATS[0], chaos_seat("Ben", "Orc", 10)]
    error = refused(game(seats=seats))
    assert (
        error.message
        == "'faction' must be one of Stormcloak, Thalmor, Orcs, Imperial, Forsworn (did you mean Orcs?)"
    )
    assert error.place == "game 1, seat 2 (Ben)"


def test_a_faction_is_played_once_a_game():
    seats = [CHAOS_SEATS[0], chaos_seat("Ben", "Thalmor", 10)]
    assert refused(game(seats=seats)).message == "Ana already plays the Thalmor: each faction once a game"


def test_a_player_never_holds_more_forts_than_territories():
    seats = [chaos_seat("Ana", "Thalmor", 2, forts=3), CHAOS_SEATS[1]]
    error = refused(game(seats=seats))
    assert error.message == "Ana holds 3 forts but only 2 territories: forts are in territories"
    assert error.field == "forts"


def test_a_player_never_holds_more_portals_than_territories():
    seats = [chaos_seat("Ana", "Thalmor", 1, portals=2), CHAOS_SEATS[1]]
    assert refused(game(seats=seats)).field == "portals"


def test_the_seats_never_hold_more_than_48_territories():
    seats = [chaos_seat("Ana", "Thalmor", 30), chaos_seat("Ben", "Orcs", 19)]
    error = refused(game(seats=seats))
    assert error.message == "the seats hold 49 territories in all, but Skyrim has only 48"
    assert error.field == "territories"


def test_the_seats_never_hold_more_than_9_forts_or_portals():
    seats = [chaos_seat("Ana", "Thalmor", 20, forts=5), chaos_seat("Ben", "Orcs", 20, forts=5)]
    assert refused(game(seats=seats)).message == "the seats hold 10 forts in all, but Skyrim has only 9"
    seats = [chaos_seat("Ana", "Thalmor", 20, portals=5), chaos_seat("Ben", "Orcs", 20, portals=5)]
    assert refused(game(seats=seats)).message == "the seats hold 10 portals in all, but Skyrim has only 9"


def test_the_board_may_be_full():
    seats = [chaos_seat("Ana", "Thalmor", 30, 5, 4), chaos_seat("Ben", "Orcs", 18, 4, 5)]
    assert last_game(logged(game(seats=seats)))["scores"] == {"Ana": 39, "Ben": 27}


def test_counts_are_whole_numbers_not_booleans_or_negatives():
    assert refused(game(seats=[chaos_seat("Ana", "Thalmor", True), CHAOS_SEATS[1]])).field == "territories"
    assert refused(game(seats=[chaos_seat("Ana", "Thalmor", -1), CHAOS_SEATS[1]])).field == "territories"


def test_a_game_has_exactly_its_keys():
    error = refused(game(winner="Ana"))
    assert error.message.startswith("unknown key 'winner' in a game")
    entry = game()
    del entry.data["played_on"]
    assert refused(entry).message == "a game needs 'played_on'"


def test_games_are_numbered_in_order():
    state = logged(game())
    assert (
        refused(game(number=3), state).message
        == "games are numbered 1, 2, 3 … in order: this one should be 2"
    )
    assert refused(game(number=3), state).place == "game 2"


def test_a_game_date_is_an_iso_date():
    assert refused(game(played_on="6 Sept 2026")).message == "'played_on' must be a date written YYYY-MM-DD"


def test_seats_are_a_list():
    assert refused(game(seats={"Ana": 1})).field == "seats"


def test_the_setup_is_empty_and_comes_once_before_game_1():
    state = logged(Entry("setup", {}))
    assert refused(Entry("setup", {}), state).message == "the setup comes once, before game 1"
    assert refused(Entry("setup", {"mode": "chaos"})).message.startswith("unknown key 'mode' in the setup")
    assert refused(Entry("setup", {}), logged(game())).message == "the setup comes once, before game 1"


def test_a_play_log_has_no_event_entries():
    assert refused(Entry("event", {"type": "x"})).message == "a Risk: Skyrim log has no 'event' entries"


# Players' standings ---------------------------------------------------------------------


def test_players_plays_wins_and_win_rate():
    state = logged(game(), game("dovahkiin", number=2), game("civil_war", number=3))
    players = risk_skyrim.state_json(state)["players"]
    assert players["Ana"] == {"plays": 3, "wins": 3, "win_rate": 1.0}
    assert players["Ben"] == {"plays": 3, "wins": 0, "win_rate": 0.0}
    assert players["Cid"] == {"plays": 1, "wins": 0, "win_rate": 0.0}
    assert players["Dee"] == {"plays": 0, "wins": 0, "win_rate": None}


def test_state_json_keys():
    state = risk_skyrim.state_json(logged(game()))
    assert set(state) == {"system", "as_of_game", "games_played", "games", "players", "rulings", "house_rules"}
    assert state["system"] == "risk-skyrim"
    assert state["games_played"] == 1


# Calculators ----------------------------------------------------------------------------


def test_reinforcements_are_at_least_3():
    assert risk_skyrim.reinforcements(5, 0) == 3


def test_reinforcements_divide_territories_and_forts_by_3_rounding_up():
    assert risk_skyrim.reinforcements(13, 1) == 5
    assert risk_skyrim.reinforcements(12, 0) == 4


def test_reinforcements_add_regions_card_sets_and_held_traded_territories():
    assert (
        risk_skyrim.reinforcements(20, 4, region_bonus=5, card_set="one_of_each", traded_cards_held=2) == 24
    )
    sets = {name: risk_skyrim.reinforcements(9, 0, card_set=name) - 3 for name in risk_skyrim.CARD_SET_UNITS}
    assert sets == {"first_symbol": 4, "second_symbol": 5, "third_symbol": 6, "one_of_each": 7, "wildcard": 1}


def test_the_wildcard_set_is_two_cards_worth_1_unit():
    """docs/rules.md, 2026-12-01: the "?" wildcard set, worth 1 unit."""
    assert risk_skyrim.reinforcements(9, 0, card_set="wildcard") == 3 + 1
    assert risk_skyrim.reinforcements(9, 0, card_set="wildcard", traded_cards_held=2) == 3 + 1 + 4
    with pytest.raises(RuleError) as caught:
        risk_skyrim.reinforcements(9, 0, card_set="wildcard", traded_cards_held=3)
    assert (caught.value.field, caught.value.message) == (
        "traded_cards_held",
        "the “?” wildcard set is 2 cards: 0 to 2 of them can name a territory you hold, not 3",
    )
    assert risk_skyrim.reinforcements(9, 0, card_set="first_symbol", traded_cards_held=3) == 3 + 4 + 6


def test_reinforcements_refuse_traded_cards_without_a_set():
    with pytest.raises(RuleError) as caught:
        risk_skyrim.reinforcements(9, 0, traded_cards_held=1)
    assert caught.value.field == "traded_cards_held"


def test_reinforcements_refuse_more_forts_than_territories_and_unknown_sets():
    with pytest.raises(RuleError, match="more than the 2 a player can hold"):
        risk_skyrim.reinforcements(2, 3)
    with pytest.raises(RuleError, match="'card_set' must be one of"):
        risk_skyrim.reinforcements(9, 0, card_set="wild")


def test_starting_units_per_mode_and_player_count():
    assert risk_skyrim.starting_units("dovahkiin", 2) == [29, 29]
    assert [risk_skyrim.starting_units("dovahkiin", n)[0] for n in (3, 4, 5)] == [28, 24, 20]
    assert [risk_skyrim.starting_units("civil_war", n)[0] for n in (3, 4, 5)] == [40, 35, 30]


def test_chaos_starting_units_are_3_per_territory_card():
    assert risk_skyrim.starting_territory_cards("chaos", 2) == [18, 18]
    assert risk_skyrim.starting_territory_cards("chaos", 5) == [9, 9, 10, 10, 10]
    assert risk_skyrim.starting_units("chaos", 5) == [27, 27, 30, 30, 30]
    assert risk_skyrim.starting_units("chaos", 4) == [36] * 4


def test_starting_units_refuse_a_player_count_the_mode_does_not_allow():
    with pytest.raises(RuleError, match="Civil War is played by 3 to 5 players, not 2"):
        risk_skyrim.starting_units("civil_war", 2)


def test_twelve_territories_start_neutral_with_2_players_outside_civil_war():
    assert risk_skyrim.neutral_territories("chaos", 2) == 12
    assert risk_skyrim.neutral_territories("dovahkiin", 2) == 12
    assert [risk_skyrim.neutral_territories("chaos", n) for n in (3, 4, 5)] == [0, 0, 0]
    assert risk_skyrim.neutral_territories("civil_war", 3) == 0
    with pytest.raises(RuleError, match="Civil War is played by 3 to 5 players, not 2"):
        risk_skyrim.neutral_territories("civil_war", 2)


def test_the_table_seats_2_to_5_players_over_every_mode():
    assert (risk_skyrim.FEWEST_PLAYERS, risk_skyrim.MOST_PLAYERS) == (2, 5)


# The journal ----------------------------------------------------------------------------


def load_data():
    return load_journal("risk_skyrim_plays.json")


def test_the_data_journal_loads_and_round_trips():
    data = load_data()
    assert journal.load(data, RULES)[0] is risk_skyrim
    assert round_trip(data) == data
    assert {g["mode"] for g in data["games"]} == {"chaos", "dovahkiin", "civil_war"}


def test_the_data_journal_state():
    state = final_state_json(risk_skyrim, load_data())
    assert [g["winners"] for g in state["games"]] == [
        ["Ana"],
        ["Ana"],
        ["Ben", "Cid"],
        ["Dee"],
        ["Ben"],
        ["Cid"],
        ["Dee"],
        ["Ana", "Eve"],
    ]
    assert state["players"]["Ana"] == {"plays": 6, "wins": 3, "win_rate": 0.5}
    assert state["players"]["Ben"] == {"plays": 6, "wins": 2, "win_rate": 0.333}


def test_a_journal_without_setup_round_trips_without_it():
    data = load_data()
    del data["setup"]
    assert round_trip(data) == data


def test_the_journal_refuses_a_broken_game_with_its_place():
    data = load_data()
    data["games"][3]["seats"][1]["victory_points"] = 9
    with pytest.raises(RuleError) as caught:
        journal.load(data, RULES)
    assert str(caught.value).startswith("game 4: no seat has 10 or more victory points")


def test_the_journal_refuses_games_out_of_order_and_non_objects():
    data = load_data()
    data["games"][2]["number"] = 4
    with pytest.raises(RuleError, match="^game 3: games are numbered"):
        journal.load(data, RULES)
    data = load_data()
    data["games"][0] = ["chaos"]
    with pytest.raises(RuleError, match="^game 1: a game must be a JSON object"):
        journal.load(data, RULES)


def test_every_entry_of_the_data_journal_has_a_description():
    assert describes_every_entry(risk_skyrim, load_data())


# Properties -----------------------------------------------------------------------------




LEGAL_JOURNALS = legal_journal("risk-skyrim", PLAYERS, legal_game, may_have_setup=True)


@settings(max_examples=30, deadline=None)
@given(LEGAL_JOURNALS)
def test_any_legal_journal_round_trips(data):
    assert round_trip(data) == data


@settings(max_examples=30, deadline=None)
@given(LEGAL_JOURNALS)
def test_wins_and_plays_add_up(data):
    state = final_state_json(risk_skyrim, data)
    players = state["players"].values()
    assert sum(p["plays"] for p in players) == sum(len(g["seats"]) for g in data["games"])
    assert sum(p["wins"] for p in players) == sum(len(g["winners"]) for g in state["games"])
    single_winner_games = [g for g in state["games"] if g["mode"] != "chaos"]
    assert all(len(g["winners"]) == 1 for g in single_winner_games)
    for g in state["games"]:
        assert set(g["winners"]) <= set(g["scores"])
        assert all(
            g["scores"][w] == max(g["scores"].values()) for w in g["winners"] if g["mode"] != "dovahkiin"
        )


@settings(max_examples=30, deadline=None)
@given(st.lists(legal_game(1).filter(lambda g: g["mode"] != "chaos"), min_size=1, max_size=6))
def test_with_a_single_winner_a_game_the_wins_sum_to_the_games(games):
    for number, played in enumerate(games, 1):
        played["number"] = number
    state = logged(*(Entry("game", played) for played in games))
    assert sum(p["wins"] for p in risk_skyrim.state_json(state)["players"].values()) == len(games)


def test_one_territory_is_said_in_the_singular():
    seats = [chaos_seat("Ana", "Thalmor", 1, portals=2), CHAOS_SEATS[1]]
    assert refused(game(seats=seats)).message == "Ana holds 2 portals but only 1 territory: portals are in territories"


def test_dovahkiin_places_4_dragons_at_setup_and_the_other_modes_none():
    """docs/rules.md, 2026-12-01: draw 4 territory cards and place a dragon on each."""
    assert risk_skyrim.dragons("dovahkiin") == 4
    assert risk_skyrim.dragons("chaos") == 0 and risk_skyrim.dragons("civil_war") == 0
    with pytest.raises(RuleError) as caught:
        risk_skyrim.dragons("dragons")
    assert caught.value.field == "mode"
