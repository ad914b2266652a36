"""A game (rules/risk_legacy/game.py): its start and seats, legal starting territories, packets,
events during it, and its end. Plain Python, no Django."""

from __future__ import annotations

import pytest

from campaigns.rules import risk_legacy as rl
from campaigns.rules.base import Entry

from tests.systems.risk_legacy.rules.helpers import (
    BEAR,
    BIOHAZARD,
    KHAN,
    MECH,
    PLAYERS,
    RESULTS,
    SEATS,
    after_end,
    apply,
    auto_seats,
    boxes,
    campaign,
    choice,
    city,
    end,
    fifteen_games,
    fortified_egypt,
    game_data,
    held,
    in_rewards,
    play,
    playing,
    refuse,
    scar,
    scarred_and_built,
    seat_rows,
    spare_card,
    start,
    win,
)


def test_games_start_in_number_order():
    state = campaign()
    start(state)
    assert state.phase == rl.PHASE_PLAYING
    assert [s.player for s in state.last_game.seats] == ["Ana", "Ben", "Cid"]


def test_a_game_out_of_order_is_refused():
    state = campaign()
    error = refuse(state, "game", game_data(state, number=2))
    assert (error.place, error.field, error.message) == (
        "game 2",
        "number",
        "The next game is game 1, not game 2",
    )


@pytest.mark.parametrize("played_on", ["03/09/2026", "2026-02-30", "20260903", 20260903])
def test_a_game_date_must_be_iso(played_on):
    state = campaign()
    error = refuse(state, "game", game_data(state, played_on=played_on))
    assert (error.field, error.message) == ("played_on", "'played_on' must be a date written YYYY-MM-DD")


def test_a_game_cannot_start_before_the_previous_one_ends():
    state = campaign()
    start(state)
    error = refuse(state, "game", game_data(state))
    assert error.message == "Game 2 cannot start before game 1 has ended"


def test_a_game_cannot_start_before_the_previous_winner_has_chosen():
    state = after_end()
    error = refuse(state, "game", game_data(state))
    assert error.message == "Game 2 cannot start before game 1's winner (Ana) has chosen a reward"


def test_the_next_game_may_start_while_held_on_players_have_not_chosen_and_closes_their_turns():
    state = in_rewards()
    assert state.phase == rl.PHASE_REWARDS and state.reward_queue == ["Ben", "Cid"]
    start(state, auto_seats(state))
    assert state.games[0].reward_queue == []


def test_game_16_waits_for_game_15s_winner():
    state = campaign()
    for _ in range(14):
        play(state)
    start(state, auto_seats(state))
    end(state)
    refused = refuse(state, "game", game_data(state))
    assert refused.message == "Game 16 cannot start before game 15's winner (Ana) has chosen a reward"
    win(state, choice("destroy_territory_card", territory=spare_card(state)))
    start(state, auto_seats(state))
    assert state.last_game.number == 16


def test_games_after_15_need_no_reward():
    state = fifteen_games()
    play(state)  # game 16: no reward
    assert state.last_game.number == 16 and state.phase == rl.PHASE_READY
    start(state, auto_seats(state))
    assert state.last_game.number == 17


@pytest.mark.parametrize("count", [2, 6])
def test_a_game_has_three_to_five_seats(count):
    players = ["Ana", "Ben", "Cid", "Dee", "Eve", "Fay"]
    state = campaign(players)
    starts = ["Alaska", "Peru", "Egypt", "Ural", "Japan", "Iceland"]
    seats = list(zip(players, [*rl.FACTIONS, MECH], starts, strict=True))[:count]
    error = refuse(state, "game", game_data(state, seats))
    assert (error.place, error.field) == ("game 1", "seats")
    assert error.message == f"A game has 3 to 5 players, not {count}"


def test_five_seats_are_accepted():
    state = campaign()
    start(state, list(zip(PLAYERS, rl.FACTIONS, ["Alaska", "Peru", "Egypt", "Ural", "Japan"], strict=True)))
    assert len(state.last_game.seats) == 5


def test_a_seat_player_must_be_on_the_roster():
    state = campaign()
    error = refuse(state, "game", game_data(state, [SEATS[0], ("Bem", BEAR, "Peru"), SEATS[2]]))
    assert error.place == "game 1, seat 2 (Bem)"
    assert error.field == "player"
    assert error.message == 'There is no player called "Bem" in this campaign (did you mean Ben?)'


def test_a_player_has_one_seat():
    state = campaign()
    error = refuse(state, "game", game_data(state, [SEATS[0], SEATS[1], ("Ana", MECH, "Ural")]))
    assert (error.place, error.message) == ("game 1, seat 3 (Ana)", "Ana already has a seat in this game")


def test_a_faction_has_one_seat():
    state = campaign()
    error = refuse(state, "game", game_data(state, [SEATS[0], SEATS[1], ("Cid", KHAN, "Ural")]))
    assert error.field == "faction"
    assert error.message == "Khan Industries is already played by Ana in this game"


def test_a_seat_refuses_unknown_keys():
    state = campaign()
    seats = seat_rows(SEATS)
    seats[1]["result"] = "won"
    error = refuse(state, "game", {"number": 1, "played_on": "2026-09-03", "seats": seats})
    assert (error.place, error.message) == ("game 1, seat 2 (Ben)", "unknown key 'result' in the seat")


def test_a_game_refuses_bad_keys_lists():
    state = campaign()
    data = {**game_data(state), "keys": ["events", "winner"]}
    error = refuse(state, "game", data)
    assert error.message == "'keys' must list some of packets_opened, events, end_control, rewards"


# --------------------------------------------------------------------------------------
# Legal starting territories
# --------------------------------------------------------------------------------------


def test_an_empty_territory_without_scar_or_city_is_a_legal_start():
    state = campaign()
    assert rl.why_not_start(state, "Ana", "Alaska") is None
    assert len(rl.legal_starts(state, "Ana")) == 42


def test_the_same_start_as_an_earlier_seat_is_refused():
    state = campaign()
    error = refuse(state, "game", game_data(state, [SEATS[0], ("Ben", BEAR, "Egypt"), SEATS[2]]))
    assert (error.place, error.field) == ("game 1, seat 2 (Ben)", "start")
    assert error.message == "Egypt is already an earlier seat's start"


def test_a_start_next_to_an_earlier_seats_start_is_refused():
    state = campaign()
    error = refuse(state, "game", game_data(state, [SEATS[0], ("Ben", BEAR, "North Africa"), SEATS[2]]))
    assert error.message == "North Africa borders Egypt, an earlier seat's start: HQs may not be adjacent"
    assert "North Africa" not in rl.legal_starts(state, "Ben", ["Egypt"])


def test_a_scarred_territory_is_not_a_legal_start():
    state = scarred_and_built()
    error = refuse(state, "game", game_data(state, [("Cid", MECH, "Peru"), *SEATS[:2]]))
    assert error.message == (
        "Peru has a scar (Bunker): "
        "a scarred territory is a legal start only when it holds a Major City you founded"
    )


def test_a_minor_city_is_not_a_legal_start_even_for_its_founder():
    state = scarred_and_built()
    error = refuse(
        state, "game", game_data(state, [("Ben", BEAR, "Brazil"), ("Ana", KHAN, "Egypt"), SEATS[2]])
    )
    assert error.message == (
        "Brazil has a Minor City (Rio Nuevo): "
        "a city is a legal start only when it is a Major City you founded"
    )


def test_a_scarred_major_city_is_a_legal_start_for_its_founder():
    state = scarred_and_built()
    assert "Egypt" in rl.legal_starts(state, "Ana")
    start(state, [("Ana", KHAN, "Egypt"), ("Ben", BEAR, "Alaska"), ("Cid", MECH, "Ural")])
    assert state.last_game.seats[0].start == "Egypt"


def test_another_players_major_city_is_not_a_legal_start():
    state = scarred_and_built()
    assert "Egypt" not in rl.legal_starts(state, "Ben")
    error = refuse(
        state, "game", game_data(state, [("Ben", BEAR, "Egypt"), ("Ana", KHAN, "Alaska"), SEATS[2]])
    )
    assert (
        error.message
        == "Egypt has a Major City (Nova Cairo) founded by Ana: only its founder may start there"
    )


def test_an_unknown_start_suggests_the_closest_territory():
    state = campaign()
    error = refuse(state, "game", game_data(state, [("Ana", KHAN, "egypt"), *SEATS[1:]]))
    assert error.message == 'There is no territory called "egypt" (did you mean Egypt?)'
    assert (
        rl.why_not_start(state, "Ana", "Egipt")
        == 'There is no territory called "Egipt" (did you mean Egypt?)'
    )


def test_legal_starts_are_sorted_and_leave_out_earlier_starts_and_their_neighbours():
    state = scarred_and_built()
    starts = rl.legal_starts(state, "Cid", ["Ural"])
    assert starts == sorted(starts)
    assert not {"Ural", "Siberia", "China", "Afghanistan", "Ukraine", "Peru", "Egypt", "Brazil"} & set(starts)
    assert "Alaska" in starts


# --------------------------------------------------------------------------------------
# Packets
# --------------------------------------------------------------------------------------


def test_a_packet_unlocks_scar_types_and_the_world_capital():
    state = campaign()
    start(state)
    apply(
        state,
        "packet",
        {
            "name": "Second signature",
            "unlocks": {"scar_types": [BIOHAZARD], "world_capital": True, "notes": "New rules."},
        },
    )
    assert [t.name for t in state.scar_types] == ["Bunker", "Ammo Shortage", "Biohazard"]
    assert state.supplies.world_capitals == 1 and state.world_capital_unlocked_in == 1
    assert state.opened_packets[0].name == "Second signature" and state.opened_packets[0].game == 1


def test_a_packet_is_refused_before_the_first_game():
    state = campaign()
    error = refuse(state, "packet", {"name": "P", "unlocks": {}})
    assert (error.place, error.message) == (
        "packet",
        "Packets are opened during or after a game: no game has been logged yet",
    )


def test_a_packet_is_recorded_during_the_rewards_when_its_condition_is_met_there():
    state = campaign()
    play(state)  # Ana signs game 1
    start(state, auto_seats(state))
    end(state)
    win(state, choice("destroy_territory_card", territory=spare_card(state)))  # her second signature
    assert state.phase == rl.PHASE_REWARDS and rl.packets_to_open(state)[0]["condition"] == "second_signature"
    apply(state, "packet", {"name": "A player signs the victor's section for the second time", "unlocks": {}})
    assert state.opened_packets[-1].game == 2 and rl.packets_to_open(state) == []


def test_a_packet_is_recorded_between_games():
    state = campaign()
    play(state)
    for player in list(state.reward_queue):
        held(state, player, None)
    assert state.phase == rl.PHASE_READY
    apply(state, "packet", {"name": "P", "unlocks": {"notes": "New rule."}})
    assert state.opened_packets[-1].game == 1


def test_a_scar_type_name_must_be_new():
    state = campaign()
    start(state)
    error = refuse(
        state, "packet", {"name": "P", "unlocks": {"scar_types": [{"name": "bunker", "effect": "x"}]}}
    )
    assert error.message == "There is already a scar type called Bunker"
    error = refuse(state, "packet", {"name": "P", "unlocks": {"scar_types": [BIOHAZARD, BIOHAZARD]}})
    assert error.message == "There is already a scar type called Biohazard"


def test_the_world_capital_is_unlocked_once():
    state = campaign()
    start(state)
    apply(state, "packet", {"name": "P1", "unlocks": {"world_capital": True}})
    error = refuse(state, "packet", {"name": "P2", "unlocks": {"world_capital": True}})
    assert (error.field, error.message) == (
        "world_capital",
        "The World Capital was already unlocked in game 1",
    )
    apply(state, "packet", {"name": "P3", "unlocks": {"world_capital": False}})


def test_a_packet_is_opened_once():
    state = campaign()
    start(state)
    apply(state, "packet", {"name": "Do not open. Ever.", "unlocks": {"notes": "Oops."}})
    error = refuse(state, "packet", {"name": "do not open. ever.", "unlocks": {}})
    assert error.message == 'The packet "Do not open. Ever." was already opened in game 1'


def test_a_packet_refuses_unknown_unlocks_and_wrong_types():
    state = campaign()
    start(state)
    assert refuse(state, "packet", {"name": "P", "unlocks": {"missiles": 3}}).message == (
        "unknown key 'missiles' in 'unlocks'"
    )
    assert refuse(state, "packet", {"name": "P", "unlocks": {"world_capital": "yes"}}).message == (
        "'world_capital' must be true or false"
    )
    assert refuse(state, "packet", {"name": "", "unlocks": {}}).message == "'name' must be a non-empty text"


# --------------------------------------------------------------------------------------
# Events during a game
# --------------------------------------------------------------------------------------


def test_a_scar_of_a_known_type_marks_a_territory():
    state = apply(playing(), "event", scar("Ben", "Peru", "Bunker"))
    assert state.territories["Peru"].scar == "Bunker"
    assert state.last_game.events == [scar("Ben", "Peru", "Bunker")]


def test_a_scar_type_must_be_unlocked():
    state = playing()
    error = refuse(state, "event", scar("Ben", "Peru", "Biohazard"))
    assert (error.place, error.field) == ("game 1, event 1", "scar")
    assert error.message == 'There is no scar type called "Biohazard" unlocked yet'
    assert refuse(state, "event", scar("Ben", "Peru", "bunker")).message == (
        'There is no scar type called "bunker" unlocked yet (did you mean Bunker?)'
    )
    apply(state, "packet", {"name": "P", "unlocks": {"scar_types": [BIOHAZARD]}})
    apply(state, "event", scar("Ben", "Peru", "Biohazard"))


def test_a_scar_cannot_cover_a_scar():
    state = apply(playing(), "event", scar("Ben", "Peru", "Bunker"))
    error = refuse(state, "event", scar("Cid", "Peru", "Ammo Shortage"))
    assert (error.place, error.field) == ("game 1, event 2", "territory")
    assert error.message == (
        "Peru already has a scar (Bunker): a scar cannot cover a scar unless a card or packet says it may"
    )


def test_a_scar_covers_a_scar_when_the_card_allows_it():
    state = apply(playing(), "event", scar("Ben", "Peru", "Bunker"))
    apply(state, "event", {**scar("Cid", "Peru", "Ammo Shortage"), "allowed_by_card": True})
    assert state.territories["Peru"].scar == "Ammo Shortage"
    assert state.last_game.events[-1]["allowed_by_card"] is True


@pytest.mark.parametrize("flag", [False, "yes", 1])
def test_allowed_by_card_is_written_only_as_true(flag):
    error = refuse(playing(), "event", {**scar("Ben", "Peru", "Bunker"), "allowed_by_card": flag})
    assert error.field == "allowed_by_card"


def test_a_scar_is_placed_by_a_seated_player():
    error = refuse(playing(), "event", scar("Dee", "Peru", "Bunker"))
    assert (error.field, error.message) == ("player", "Dee is not playing game 1")


def test_fortification_boxes_are_ticked_on_a_fortified_city():
    state = apply(fortified_egypt(), "event", boxes("Egypt", 3))
    assert state.territories["Egypt"].fortification.boxes_left == 7


def test_fortification_boxes_need_a_fortified_city():
    state = playing()
    error = refuse(state, "event", boxes("Peru", 1))
    assert (error.field, error.message) == ("territory", "Peru has no fortified city")


def test_the_tenth_box_ends_the_fortification():
    state = apply(fortified_egypt(), "event", boxes("Egypt", 8))
    apply(state, "event", boxes("Egypt", 2))
    assert state.territories["Egypt"].fortification is None
    assert state.territories["Egypt"].city.name == "Nova Cairo"


def test_boxes_are_never_ticked_past_the_tenth():
    state = apply(fortified_egypt(), "event", boxes("Egypt", 8))
    error = refuse(state, "event", boxes("Egypt", 3))
    assert (error.field, error.message) == ("count", "Egypt's fortification has only 2 boxes left, not 3")


@pytest.mark.parametrize("count", [0, -1, True, "2"])
def test_a_box_count_is_a_whole_number_of_at_least_one(count):
    error = refuse(fortified_egypt(), "event", boxes("Egypt", count))
    assert error.message == "'count' must be a whole number of boxes, at least 1"


def test_a_city_event_founds_a_city_from_the_supply():
    state = apply(playing(), "event", city("Peru", "minor", "Lima Nova", "Ben"))
    assert state.territories["Peru"].city == rl.City("minor", "Lima Nova", "Ben", 1)
    assert state.supplies.minor_cities == 8
    apply(state, "event", city("Brazil", "major", "Rio", "Cid"))
    assert state.supplies.major_cities == 4


def test_a_city_event_never_covers_a_city():
    state = apply(playing(), "event", city("Peru", "minor", "Lima Nova", "Ben"))
    error = refuse(state, "event", city("Peru", "major", "Lima Grande"))
    assert (error.field, error.message) == (
        "territory",
        "Peru already has a city (Lima Nova, founded in game 1): "
        "a city cannot cover a city unless a card or packet says it may",
    )


def test_a_city_event_covers_a_city_when_the_card_allows_it():
    state = apply(playing(), "event", city("Peru", "minor", "Lima Nova", "Ben"))
    assert "Peru" not in rl.city_targets(state)
    apply(state, "event", {**city("Peru", "major", "Lima Grande"), "allowed_by_card": True})
    assert state.territories["Peru"].city == rl.City("major", "Lima Grande", "Ana", 1)
    assert state.supplies.major_cities == 4


def test_a_city_event_needs_a_sticker_left():
    state = playing()
    for territory in rl.TERRITORIES[:9]:
        apply(state, "event", city(territory, "minor", f"Town of {territory}"))
    error = refuse(state, "event", city("Peru", "minor", "One too many"))
    assert (error.field, error.message) == ("kind", "No Minor City stickers are left")


def test_the_world_capital_needs_a_packet():
    error = refuse(playing(), "event", city("Ukraine", "world_capital", "Prime"))
    assert (error.field, error.message) == (
        "kind",
        "The World Capital is not unlocked: a packet must unlock it first",
    )


def test_the_world_capital_is_placed_once():
    state = apply(playing(), "packet", {"name": "P", "unlocks": {"world_capital": True}})
    apply(state, "event", city("Ukraine", "world_capital", "Prime"))
    assert state.territories["Ukraine"].city.population == 5
    assert state.supplies.world_capitals == 0
    error = refuse(state, "event", city("Japan", "world_capital", "Second"))
    assert error.message == "The World Capital has already been placed: there is only one"


def test_a_city_event_needs_a_seated_player_a_kind_and_a_name():
    state = playing()
    assert refuse(state, "event", city("Peru", "minor", "X", "Eve")).message == "Eve is not playing game 1"
    assert refuse(state, "event", city("Peru", "capital", "X")).message == (
        "a city's 'kind' must be minor, major or world_capital"
    )
    assert refuse(state, "event", city("Peru", "minor", "")).message == "'name' must be a non-empty text"


def test_events_happen_only_during_a_game():
    state = in_rewards()
    error = refuse(state, "event", scar("Ben", "Peru", "Bunker"))
    assert (error.place, error.message) == (
        "game 1, event 1",
        "Events are logged during a game: game 1 has ended",
    )


def test_an_event_of_unknown_type_or_shape_is_refused():
    state = playing()
    assert refuse(state, "event", {"type": "missile"}).message == (
        "an event's 'type' must be scar, fortification_box, city, elimination, missiles, recruitment, red_star or red_star_token"
    )
    assert refuse(state, "event", {**scar("Ben", "Peru", "Bunker"), "count": 1}).message == (
        "unknown key 'count' in a scar event"
    )
    assert refuse(state, "event", {"type": "scar", "player": "Ben", "scar": "Bunker"}).message == (
        "'territory' is missing from a scar event"
    )


# --------------------------------------------------------------------------------------
# A game's end
# --------------------------------------------------------------------------------------


def test_a_game_ends_with_one_winner_and_every_seats_result():
    state = playing()
    end(state, {"Ana": "held_on", "Ben": "won", "Cid": "eliminated"}, {"Ben": ["Peru"], "Ana": ["Egypt"]})
    game = state.last_game
    assert game.ended and game.winner == "Ben"
    assert [s.result for s in game.seats] == ["held_on", "won", "eliminated"]
    assert game.end_control == {"Ben": ["Peru"], "Ana": ["Egypt"]}
    assert state.reward_queue == ["Ben", "Ana"]  # clockwise from Ben: Cid is out, then Ana


@pytest.mark.parametrize(
    ("results", "message"),
    [
        ({"Ana": "held_on", "Ben": "held_on", "Cid": "held_on"}, "A game has exactly one winner, not none"),
        (
            {"Ana": "won", "Ben": "won", "Cid": "held_on"},
            "A game has exactly one winner, not 2 (Ana and Ben)",
        ),
        ({"Ana": "won", "Ben": "held_on"}, "Cid has no result"),
        ({"Ana": "won", "Ben": "held_on", "Cid": "held_on", "Dee": "held_on"}, "Dee is not playing game 1"),
        ({"Ana": "won", "Ben": "out", "Cid": "held_on"}, "Ben's result must be won, held_on or eliminated"),
    ],
)
def test_a_game_end_needs_one_winner_and_a_result_for_each_seat(results, message):
    error = refuse(playing(), "game_end", {"results": results})
    assert (error.place, error.field, error.message) == ("game 1, end", "results", message)


@pytest.mark.parametrize(
    ("end_control", "message"),
    [
        ({"Dee": ["Peru"]}, "Dee is not playing game 1"),
        ({"Ben": ["Peruu"]}, 'There is no territory called "Peruu" (did you mean Peru?)'),
        (
            {"Ana": ["Peru"], "Ben": ["Peru"]},
            "Peru is listed for both Ana and Ben: a territory has one controller",
        ),
        ({"Ben": ["Peru", "Peru"]}, "Peru is listed twice: a territory has one controller"),
        ({"Cid": ["Ural"]}, "Cid was eliminated and controls nothing at the end"),
    ],
)
def test_end_control_names_seated_players_and_one_controller_per_territory(end_control, message):
    error = refuse(playing(), "game_end", {"results": RESULTS, "end_control": end_control})
    assert (error.place, error.field, error.message) == ("game 1, end", "end_control", message)


def test_end_control_accepts_an_eliminated_player_with_nothing():
    state = end(playing(), RESULTS, {"Ana": ["Egypt"], "Ben": ["Peru"], "Cid": []})
    assert state.last_game.end_control == {"Ana": ["Egypt"], "Ben": ["Peru"], "Cid": []}


def test_a_game_ends_once():
    state = in_rewards()
    error = refuse(state, "game_end", {"results": RESULTS})
    assert error.message == "A game's end is logged during a game: game 1 has ended"


def test_packet_conditions_are_noted_with_their_game():
    state = campaign()
    play(state, seats=SEATS)  # Ana's first signature
    start(state, SEATS)
    apply(state, "packet", {"name": "World", "unlocks": {"world_capital": True}})
    apply(state, "event", city("Ukraine", "world_capital", "Prime"))
    for territory in rl.TERRITORIES[:9]:
        apply(state, "event", city(territory, "minor", f"Town of {territory}"))
    end(state, {"Ana": "won", "Ben": "held_on", "Cid": "eliminated"})
    assert state.conditions_met == {"world_capital_placed": 2, "ninth_minor_city": 2, "first_elimination": 2}
    win(state, choice("destroy_territory_card", territory="Siam"))
    assert state.conditions_met["second_signature"] == 2


def test_no_condition_is_met_on_a_fresh_campaign():
    assert in_rewards().conditions_met == {}


# One Scar card a player a game (docs/rules.md, 2026-12-01) -------------------------------------


def test_a_player_places_one_scar_a_game():
    state = apply(playing(), "event", scar("Ben", "Peru", "Bunker"))
    error = refuse(state, "event", scar("Ben", "Siam", "Ammo Shortage"))
    assert (error.place, error.field) == ("game 1, event 2", "player")
    assert error.message == (
        "Ben has already placed a scar in game 1: each player is dealt one Scar card a game, so places one "
        "scar, unless a card or packet lets them place another"
    )
    apply(state, "event", scar("Cid", "Siam", "Ammo Shortage"))  # another player's first: accepted
    assert state.territories["Siam"].scar == "Ammo Shortage"


def test_a_second_scar_by_the_same_player_is_placed_when_a_card_allows_it():
    state = apply(playing(), "event", scar("Ben", "Peru", "Bunker"))
    apply(state, "event", {**scar("Ben", "Siam", "Ammo Shortage"), "allowed_by_card": True})
    assert state.territories["Siam"].scar == "Ammo Shortage"
    assert rl.describe(Entry("event", state.last_game.events[-1])) == (
        "Ben scarred Siam: Ammo Shortage (a card allowed it)"
    )


def test_a_player_places_a_scar_again_in_the_next_game():
    state = apply(playing(), "event", scar("Ben", "Peru", "Bunker"))
    end(state)
    win(state, choice("destroy_territory_card", territory="Japan"))
    start(state, [("Ana", KHAN, "Egypt"), ("Ben", BEAR, "Brazil"), ("Cid", MECH, "Ural")])
    apply(state, "event", scar("Ben", "Siam", "Ammo Shortage"))
    assert state.territories["Siam"].scar == "Ammo Shortage"
