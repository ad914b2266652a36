"""The Risk Legacy rules (GAMES.md §1, JOURNAL.md): one test that accepts and one that refuses
for every rule, the journal round trip and the campaign_state shape. Plain Python, no Django."""

from __future__ import annotations

import copy
import json
import pickle
from pathlib import Path

import pytest

from campaigns.rules import journal
from campaigns.rules import risk_legacy as rl
from campaigns.rules.base import Entry, RuleError, fold

DATA = Path(__file__).resolve().parent.parent / "data"

PLAYERS = ["Ana", "Ben", "Cid", "Dee", "Eve"]
MECH, BEAR, BALK, KHAN, SAHARA = rl.FACTIONS
POWERS = {faction: f"{faction}'s starting power" for faction in rl.FACTIONS}
COINS = {"Brazil": 2, "Egypt": 2, "Ural": 2, "Japan": 1, "Iceland": 1, "Peru": 1, "Siam": 2, "Quebec": 1}
CHART = {"2": 2, "3": 4, "4": 7, "5": 10}
SEATS = [("Ana", KHAN, "Egypt"), ("Ben", BEAR, "Peru"), ("Cid", MECH, "Ural")]


# --------------------------------------------------------------------------------------
# Helpers: a campaign is built by applying entries, exactly as the forms and import do.
# --------------------------------------------------------------------------------------


def apply(state, kind, data):
    rl.apply(state, Entry(kind, data))
    return state


def refuse(state, kind, data) -> RuleError:
    """Apply an entry that must be refused; the state must come out untouched."""
    before = copy.deepcopy(state)
    with pytest.raises(RuleError) as caught:
        rl.apply(state, Entry(kind, data))
    assert state == before, "a refused entry changed the state"
    return caught.value


def setup_data(**changes):
    data = {"starting_powers": dict(POWERS), "coin_stickers": dict(COINS)}
    data.update(changes)
    return data


def campaign(players=PLAYERS, **setup_changes):
    return apply(rl.new_state(players), "setup", setup_data(**setup_changes))


def seat_rows(seats):
    return [{"player": p, "faction": f, "start": s} for p, f, s in seats]


def game_data(state, seats=SEATS, number=None, played_on="2026-09-03"):
    return {"number": number or state.next_game_number, "played_on": played_on, "seats": seat_rows(seats)}


def start(state, seats=SEATS, **kwargs):
    return apply(state, "game", game_data(state, seats, **kwargs))


def auto_seats(state, players=("Ana", "Ben", "Cid"), factions=(KHAN, BEAR, MECH)):
    """Seats with the first legal start for each player in turn."""
    chosen = []
    for player in players:
        chosen.append(rl.legal_starts(state, player, chosen)[0])
    return list(zip(players, factions, chosen, strict=True))


def end(state, results=None, end_control=None):
    game = state.last_game
    if results is None:
        results = {s.player: ("won" if i == 0 else "held_on") for i, s in enumerate(game.seats)}
    data = {"results": results}
    if end_control is not None:
        data["end_control"] = end_control
    return apply(state, "game_end", data)


def choice(kind, **fields):
    return {"type": kind, **fields}


def win(state, chosen, comment=None):
    sign = {} if comment is None else {"comment": comment}
    return apply(state, "reward", {"player": state.last_game.winner, "sign": sign, "choice": chosen})


def held(state, player, chosen):
    return apply(state, "reward", {"player": player, "choice": chosen})


def spare_card(state):
    return next(t for t in rl.TERRITORIES if not state.territories[t].card_destroyed)


def play(state, winner_choice=None, seats=None, results=None, end_control=None):
    """A whole game: auto seats (first seat wins unless told), its end and the winner's reward;
    after game 15 the held-on players pass, so that the world may be named."""
    start(state, seats or auto_seats(state))
    end(state, results, end_control)
    if state.last_game.number <= rl.LAST_REWARD_GAME:
        win(state, winner_choice or choice("destroy_territory_card", territory=spare_card(state)))
    if state.last_game.number == rl.LAST_REWARD_GAME:
        for player in list(state.reward_queue):
            held(state, player, None)
    return state


def in_rewards(seats=SEATS, results=None, end_control=None, winner_choice=None):
    """Game 1 ended and its winner rewarded: held-on players to choose."""
    state = campaign()
    start(state, seats)
    end(state, results, end_control)
    win(state, winner_choice or choice("destroy_territory_card", territory="Siam"))
    return state


def after_end(seats=SEATS, results=None, end_control=None):
    state = campaign()
    start(state, seats)
    return end(state, results, end_control)


def fifteen_games(winners=None):
    """15 games played; `winners[i]` wins game i+1 (Ana by default)."""
    state = campaign()
    for number in range(1, 16):
        winner = winners[number - 1] if winners else "Ana"
        others = [p for p in ("Ana", "Ben", "Cid") if p != winner]
        play(state, seats=auto_seats(state, (winner, *others)))
    return state


# --------------------------------------------------------------------------------------
# Setup
# --------------------------------------------------------------------------------------


def test_setup_sets_powers_and_coins_once():
    state = campaign(trade_in_chart=CHART)
    assert state.set_up and state.phase == rl.PHASE_READY
    assert state.factions[KHAN].power == "Khan Industries's starting power"
    assert state.territories["Brazil"].resources == 3
    assert state.territories["Alaska"].resources == 1
    assert state.trade_in_chart == {2: 2, 3: 4, 4: 7, 5: 10}


def test_setup_is_refused_a_second_time():
    error = refuse(campaign(), "setup", setup_data())
    assert error.message == "The campaign is already set up: the setup is done once, before game 1"
    assert error.place == "setup"


def test_setup_needs_every_faction_power():
    powers = dict(POWERS)
    del powers[SAHARA]
    error = refuse(rl.new_state(PLAYERS), "setup", setup_data(starting_powers=powers))
    assert error.message == "Saharan Republic has no starting power: every faction gets one of its two"
    assert error.field == "starting_powers"


def test_setup_refuses_an_unknown_faction_and_suggests_the_closest():
    powers = dict(POWERS)
    powers["Khan Industry"] = powers.pop(KHAN)
    error = refuse(rl.new_state(PLAYERS), "setup", setup_data(starting_powers=powers))
    assert error.message == 'There is no faction called "Khan Industry" (did you mean Khan Industries?)'


def test_setup_refuses_an_empty_power_text():
    error = refuse(rl.new_state(PLAYERS), "setup", setup_data(starting_powers={**POWERS, MECH: "  "}))
    assert error.message == "Die Mechaniker's starting power must be the text on its sticker"


def test_setup_needs_exactly_twelve_coins():
    error = refuse(rl.new_state(PLAYERS), "setup", setup_data(coin_stickers={**COINS, "Siam": 1}))
    assert error.message == "All 12 coin stickers must be placed, not 11"
    assert error.field == "coin_stickers"


def test_setup_refuses_a_card_above_three_resources():
    coins = {"Brazil": 3, "Egypt": 2, "Ural": 2, "Japan": 1, "Iceland": 1, "Peru": 1, "Siam": 1, "Quebec": 1}
    error = refuse(rl.new_state(PLAYERS), "setup", setup_data(coin_stickers=coins))
    assert (
        error.message
        == "Brazil's card would hold 4 resources: before the first game no card may hold more than 3"
    )


def test_setup_refuses_a_coin_count_below_one():
    error = refuse(rl.new_state(PLAYERS), "setup", setup_data(coin_stickers={**COINS, "Alaska": 0}))
    assert error.message == "Alaska: the number of coin stickers must be a whole number of at least 1"


def test_setup_refuses_an_unknown_territory_and_suggests_the_closest():
    coins = dict(COINS)
    coins["Brasil"] = coins.pop("Brazil")
    error = refuse(rl.new_state(PLAYERS), "setup", setup_data(coin_stickers=coins))
    assert error.message == 'There is no territory called "Brasil" (did you mean Brazil?)'


@pytest.mark.parametrize(
    ("chart", "message"),
    [
        ({"two": 2}, 'trade-in chart: "two" is not a number of Resource icons (write it like "3")'),
        ({"0": 2}, 'trade-in chart: "0" is not a number of Resource icons (write it like "3")'),
        ({"1": 1}, "trade-in chart: the board's chart goes from 2 to 10 Resource icons, so it has no line for 1"),
        ({"11": 30}, "trade-in chart: the board's chart goes from 2 to 10 Resource icons, so it has no line for 11"),
        ({"2": -1}, "trade-in chart: the troops for 2 Resource icons must be a whole number from 0 to 99"),
        ({"2": 1.5}, "trade-in chart: the troops for 2 Resource icons must be a whole number from 0 to 99"),
        ({"10": 2**70}, "trade-in chart: the troops for 10 Resource icons must be a whole number from 0 to 99"),
    ],
)
def test_setup_refuses_a_malformed_trade_in_chart(chart, message):
    error = refuse(rl.new_state(PLAYERS), "setup", setup_data(trade_in_chart=chart))
    assert error.message == message
    assert error.field == "trade_in_chart"


def test_setup_refuses_unknown_and_missing_keys():
    error = refuse(rl.new_state(PLAYERS), "setup", setup_data(coins={}))
    assert error.message == "unknown key 'coins' in the setup"
    data = setup_data()
    del data["coin_stickers"]
    assert refuse(rl.new_state(PLAYERS), "setup", data).message == "'coin_stickers' is missing from the setup"


def test_a_game_needs_the_setup_first():
    state = rl.new_state(PLAYERS)
    assert state.phase == rl.PHASE_SETUP
    error = refuse(state, "game", game_data(state))
    assert (error.place, error.message) == ("game 1", "The campaign must be set up before game 1")


# --------------------------------------------------------------------------------------
# Games: numbers, dates, order
# --------------------------------------------------------------------------------------


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


def scarred_and_built():
    """After game 1: a Bunker on Peru, Ana's Major City in Egypt (scarred too), Ben's Minor City
    in Brazil."""
    state = campaign()
    start(state)
    apply(state, "event", {"type": "scar", "player": "Ben", "territory": "Peru", "scar": "Bunker"})
    apply(state, "event", {"type": "scar", "player": "Ben", "territory": "Egypt", "scar": "Ammo Shortage"})
    end(state, {"Ana": "won", "Ben": "held_on", "Cid": "held_on"})
    win(state, choice("found_major_city", territory="Egypt", name="Nova Cairo"))
    held(state, "Ben", choice("found_minor_city", territory="Brazil", name="Rio Nuevo"))
    return state


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

BIOHAZARD = {"name": "Biohazard", "effect": "Lose a troop here each turn."}


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


def scar(player, territory, scar_type):
    return {"type": "scar", "player": player, "territory": territory, "scar": scar_type}


def city(territory, kind, name, player="Ana"):
    return {"type": "city", "territory": territory, "kind": kind, "name": name, "player": player}


def boxes(territory, count):
    return {"type": "fortification_box", "territory": territory, "count": count}


def playing():
    return start(campaign())


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


def test_the_scar_and_fortification_lists_offer_only_where_they_may_go():
    state = apply(playing(), "event", scar("Ben", "Peru", "Bunker"))
    assert "Peru" not in rl.scar_targets(state) and len(rl.scar_targets(state)) == 41
    assert rl.scar_targets(state, allowed_by_card=True) == list(rl.TERRITORIES)
    assert rl.fortification_box_targets(state) == []
    assert rl.fortification_box_targets(fortified_egypt()) == ["Egypt"]


def test_a_scar_is_placed_by_a_seated_player():
    error = refuse(playing(), "event", scar("Dee", "Peru", "Bunker"))
    assert (error.field, error.message) == ("player", "Dee is not playing game 1")


def fortified_egypt():
    """Game 2 in progress, Egypt holding Ana's fortified Major City."""
    state = campaign()
    play(state, choice("found_major_city", territory="Egypt", name="Nova Cairo"), seats=SEATS)
    play(state, choice("fortify_city", territory="Egypt"), seats=SEATS)
    return start(state, SEATS)


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
        "an event's 'type' must be scar, fortification_box, city, elimination, missiles or recruitment"
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


RESULTS = {"Ana": "won", "Ben": "held_on", "Cid": "eliminated"}


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


# --------------------------------------------------------------------------------------
# Rewards: order and signatures
# --------------------------------------------------------------------------------------

FIVE = [
    ("Ana", KHAN, "Egypt"),
    ("Ben", BEAR, "Peru"),
    ("Cid", MECH, "Ural"),
    ("Dee", BALK, "Japan"),
    ("Eve", SAHARA, "Iceland"),
]


def test_the_winner_signs_and_chooses_first():
    state = after_end()
    win(state, choice("destroy_territory_card", territory="Siam"), comment="First blood")
    assert state.victors == [rl.Signature(1, "Ana", "2026-09-03", "First blood")]
    assert state.territories["Siam"].card_destroyed
    assert state.last_game.rewards[0] == rl.Reward(
        "Ana", True, choice("destroy_territory_card", territory="Siam")
    )


def test_a_signature_without_a_comment_has_none():
    state = in_rewards()
    assert state.victors[0].comment is None


def test_the_winner_must_choose_before_held_on_players():
    error = refuse(after_end(), "reward", {"player": "Ben", "choice": None})
    assert (error.place, error.message) == ("game 1, reward 1 (Ben)", "The winner (Ana) chooses first")


def test_the_winner_must_sign():
    error = refuse(
        after_end(), "reward", {"player": "Ana", "choice": choice("destroy_territory_card", territory="Siam")}
    )
    assert (error.field, error.message) == (
        "sign",
        "The winner signs the victor's section: 'sign' is missing",
    )


def test_only_the_winner_signs():
    error = refuse(in_rewards(), "reward", {"player": "Ben", "sign": {}, "choice": None})
    assert (error.field, error.message) == ("sign", "Only the winner signs the victor's section")


def test_a_signature_refuses_unknown_keys():
    error = refuse(after_end(), "reward", {"player": "Ana", "sign": {"motto": "x"}, "choice": None})
    assert error.message == "unknown key 'motto' in 'sign'"


def test_the_winner_must_choose_a_reward():
    error = refuse(after_end(), "reward", {"player": "Ana", "sign": {}, "choice": None})
    assert (error.field, error.message) == ("choice", "The winner must choose one of the six rewards")


def test_the_winner_cannot_take_a_held_on_reward():
    chosen = choice("found_minor_city", territory="Egypt", name="X")
    error = refuse(after_end(), "reward", {"player": "Ana", "sign": {}, "choice": chosen})
    assert error.message == (
        "Found a Minor City is a held-on player's reward: the winner chooses one of the six winner's rewards"
    )


def test_a_held_on_player_cannot_take_a_winners_reward():
    error = refuse(
        in_rewards(), "reward", {"player": "Ben", "choice": choice("cancel_scar", territory="Peru")}
    )
    assert (
        error.message == "Cancel a scar is a winner's reward: "
        "a held-on player may Found a Minor City, Add a resource or pass"
    )


def test_the_winner_chooses_once():
    error = refuse(
        in_rewards(),
        "reward",
        {"player": "Ana", "sign": {}, "choice": choice("cancel_scar", territory="Peru")},
    )
    assert error.message == "Ana has already chosen the winner's reward"


def test_held_on_players_choose_clockwise_from_the_winner_and_may_be_skipped():
    # Ben wins from seat 2: the held-on order is Cid, Dee, Eve, then Ana.
    results = {"Ana": "held_on", "Ben": "won", "Cid": "held_on", "Dee": "held_on", "Eve": "held_on"}
    state = in_rewards(FIVE, results)
    assert state.reward_queue == ["Cid", "Dee", "Eve", "Ana"]
    held(state, "Dee", None)  # Cid is skipped: he has passed
    held(state, "Ana", choice("add_resource", territory="Egypt"))
    assert state.reward_queue == [] and state.phase == rl.PHASE_READY
    assert [r.player for r in state.last_game.rewards] == ["Ben", "Dee", "Ana"]


def test_a_held_on_player_cannot_choose_after_a_later_seat():
    results = {"Ana": "held_on", "Ben": "won", "Cid": "held_on", "Dee": "held_on", "Eve": "held_on"}
    state = in_rewards(FIVE, results)
    held(state, "Dee", None)
    error = refuse(state, "reward", {"player": "Cid", "choice": None})
    assert error.message == (
        "Cid's turn has passed: held-on players choose clockwise from the winner, "
        "and a later seat has already chosen"
    )


def test_a_held_on_player_chooses_once():
    state = held(in_rewards(), "Ben", None)
    error = refuse(state, "reward", {"player": "Ben", "choice": None})
    assert error.message == "Ben has already had a turn: each held-on player chooses once"


def test_a_held_on_player_may_pass():
    state = held(in_rewards(), "Ben", None)
    assert state.last_game.rewards[-1] == rl.Reward("Ben", False, None)
    assert state.last_game.rewards[-1].label == "Passed"


def test_eliminated_players_get_nothing():
    state = in_rewards(results={"Ana": "won", "Ben": "held_on", "Cid": "eliminated"})
    assert state.reward_queue == ["Ben"]
    error = refuse(state, "reward", {"player": "Cid", "choice": None})
    assert error.message == "Cid was eliminated in game 1: eliminated players get no reward"


def test_a_player_who_did_not_play_gets_nothing():
    error = refuse(in_rewards(), "reward", {"player": "Eve", "choice": None})
    assert error.message == "Eve did not play game 1"


def test_a_reward_names_a_known_player():
    error = refuse(in_rewards(), "reward", {"player": "Benn", "choice": None})
    assert (error.place, error.field) == ("game 1, reward 2 (Benn)", "player")
    assert error.message == 'There is no player called "Benn" in this campaign (did you mean Ben?)'


def test_rewards_come_after_the_games_end():
    error = refuse(playing(), "reward", {"player": "Ana", "sign": {}, "choice": None})
    assert error.message == "Rewards come after the game's end: game 1 is in progress"


def test_there_are_rewards_up_to_game_15():
    state = fifteen_games()
    assert [s.game for s in state.victors] == list(range(1, 16))


def test_no_rewards_after_game_15():
    state = fifteen_games()
    start(state, auto_seats(state))
    end(state)
    error = refuse(
        state,
        "reward",
        {"player": "Ana", "sign": {}, "choice": choice("destroy_territory_card", territory="Alaska")},
    )
    assert (error.place, error.message) == ("game 16, reward 1 (Ana)", "No rewards after game 15")
    assert rl.reward_targets(state, "Ana") == {}


def test_a_choice_refuses_unknown_missing_and_mistyped_fields():
    state = after_end()
    sign = {"player": "Ana", "sign": {}}
    cases = [
        (
            choice("cancel_scar", territory="Peru", name="x"),
            "Cancel a scar: unknown key 'name' in the choice",
        ),
        (
            choice("found_major_city", territory="Peru"),
            "Found a Major City: 'name' is missing from the choice",
        ),
        (
            choice("found_major_city", territory="Peru", name=" "),
            "Found a Major City: 'name' must be a non-empty text",
        ),
        (choice("bribe"), "a choice's 'type' must be one of " + ", ".join(rl.WINNER_CHOICES)),
        ("cancel_scar", "'choice' must be a JSON object, or null to pass"),
    ]
    for chosen, message in cases:
        assert refuse(state, "reward", {**sign, "choice": chosen}).message == message


# --------------------------------------------------------------------------------------
# Rewards: the six winner's choices
# --------------------------------------------------------------------------------------


def winner_refused(state, chosen) -> RuleError:
    return refuse(state, "reward", {"player": state.last_game.winner, "sign": {}, "choice": chosen})


def test_name_a_continent():
    state = win(after_end(), choice("name_continent", continent="South America", name="Awesometonia"))
    continent = state.continents["South America"]
    assert (continent.name, continent.named_by, continent.named_in) == ("Awesometonia", "Ana", 1)


def test_name_a_continent_refuses_a_named_one():
    state = play(campaign(), choice("name_continent", continent="South America", name="Awesometonia"))
    start(state, auto_seats(state))
    end(state)
    error = winner_refused(state, choice("name_continent", continent="South America", name="Other"))
    assert (error.place, error.field) == ("game 2, reward 1 (Ana)", "continent")
    assert error.message == "Name a continent: South America is already named Awesometonia (by Ana in game 1)"


def test_name_a_continent_refuses_a_name_already_given():
    state = play(campaign(), choice("name_continent", continent="South America", name="Awesometonia"))
    start(state, auto_seats(state))
    end(state)
    error = winner_refused(state, choice("name_continent", continent="Africa", name=" awesometonia"))
    assert (error.field, error.message) == (
        "name",
        "Name a continent: Awesometonia is already the name of South America: a continent's name is unique",
    )


def test_a_continent_is_named_by_its_board_key():
    state = play(campaign(), choice("name_continent", continent="South America", name="Awesometonia"))
    start(state, auto_seats(state))
    end(state)
    error = winner_refused(state, choice("name_continent", continent="Awesometonia", name="X"))
    assert error.message == (
        'Name a continent: "Awesometonia" is the name given to South America: '
        "a continent is referred to by its board name, South America"
    )
    error = winner_refused(state, choice("name_continent", continent="Afrika", name="X"))
    assert error.message == 'Name a continent: There is no continent called "Afrika" (did you mean Africa?)'


def test_found_a_major_city():
    state = win(after_end(), choice("found_major_city", territory="Alaska", name="Nome Prime"))
    assert state.territories["Alaska"].city == rl.City("major", "Nome Prime", "Ana", 1)
    assert state.supplies.major_cities == 4
    assert "Alaska" in rl.legal_starts(state, "Ana") and "Alaska" not in rl.legal_starts(state, "Ben")


def test_found_a_major_city_refuses_a_territory_with_a_city():
    state = scarred_and_built()
    start(state, [("Cid", MECH, "Ural"), ("Ana", KHAN, "Egypt"), ("Ben", BEAR, "Alaska")])
    end(state)
    error = winner_refused(state, choice("found_major_city", territory="Brazil", name="Rio Grande"))
    assert (error.field, error.message) == (
        "territory",
        "Found a Major City: Brazil already has a city (Rio Nuevo, founded in game 1)",
    )


def test_found_a_major_city_needs_a_sticker_left():
    state = campaign()
    for territory in ["Alaska", "Greenland", "Madagascar", "Siam", "Argentina"]:
        play(state, choice("found_major_city", territory=territory, name=f"{territory} City"))
    assert state.supplies.major_cities == 0
    start(state, auto_seats(state))
    end(state)
    error = winner_refused(state, choice("found_major_city", territory="Iceland", name="Reykjavik"))
    assert error.message == "Found a Major City: no Major City stickers are left"
    assert rl.reward_targets(state, "Ana")["found_major_city"] == []


def test_cancel_a_scar():
    state = campaign()
    start(state)
    apply(state, "event", scar("Ben", "Peru", "Bunker"))
    end(state)
    win(state, choice("cancel_scar", territory="Peru"))
    assert state.territories["Peru"].scar is None and state.supplies.white_stickers == 3
    assert "Peru" in rl.legal_starts(state, "Ben")


def test_cancel_a_scar_needs_a_scar():
    error = winner_refused(after_end(), choice("cancel_scar", territory="Peru"))
    assert (error.field, error.message) == ("territory", "Cancel a scar: Peru has no scar")


def test_cancel_a_scar_never_removes_a_city():
    state = scarred_and_built()
    start(state, [("Cid", MECH, "Ural"), ("Ana", KHAN, "Egypt"), ("Ben", BEAR, "Alaska")])
    end(state)
    assert (
        winner_refused(state, choice("cancel_scar", territory="Brazil")).message
        == "Cancel a scar: Brazil has no scar"
    )


def test_cancel_a_scar_needs_a_white_sticker_left():
    state = campaign()
    for territory in ["Peru", "Brazil", "Siam", "Japan", "Alaska"]:
        start(state, auto_seats(state))
        apply(state, "event", scar("Ben", territory, "Bunker"))
        end(state)
        if state.supplies.white_stickers:
            win(state, choice("cancel_scar", territory=territory))
    error = winner_refused(state, choice("cancel_scar", territory="Alaska"))
    assert error.message == "Cancel a scar: no white stickers are left"


def test_change_a_continent_bonus():
    state = win(after_end(), choice("change_continent_bonus", continent="Asia", delta=-1))
    assert state.continents["Asia"].bonus == 6 and state.continents["Asia"].change == -1
    assert (state.supplies.minus_one, state.supplies.plus_one) == (0, 1)
    assert rl.bonus_deltas(state) == [1]


def test_a_continent_bonus_changes_once():
    state = play(campaign(), choice("change_continent_bonus", continent="Asia", delta=-1))
    start(state, auto_seats(state))
    end(state)
    error = winner_refused(state, choice("change_continent_bonus", continent="Asia", delta=1))
    assert (error.field, error.message) == (
        "continent",
        "Change a continent bonus: Asia's bonus was already changed (-1 in game 1): a continent changes once",
    )


def test_each_bonus_mark_is_used_once():
    state = play(campaign(), choice("change_continent_bonus", continent="Asia", delta=-1))
    start(state, auto_seats(state))
    end(state)
    error = winner_refused(state, choice("change_continent_bonus", continent="Europe", delta=-1))
    assert (error.field, error.message) == ("delta", "Change a continent bonus: the -1 mark is already used")
    win(state, choice("change_continent_bonus", continent="Europe", delta=1))
    start(state, auto_seats(state))
    end(state)
    error = winner_refused(state, choice("change_continent_bonus", continent="Africa", delta=1))
    assert error.message == "Change a continent bonus: the +1 and -1 marks are both used"


@pytest.mark.parametrize("delta", [2, 0, True, "+1"])
def test_a_bonus_change_is_plus_or_minus_one(delta):
    error = winner_refused(after_end(), choice("change_continent_bonus", continent="Asia", delta=delta))
    assert (error.field, error.message) == ("delta", "Change a continent bonus: 'delta' must be +1 or -1")


def test_fortify_a_city_and_refortify_it_with_fresh_boxes():
    state = fortified_egypt()
    apply(state, "event", boxes("Egypt", 4))
    end(state)
    win(state, choice("fortify_city", territory="Egypt"))
    assert state.territories["Egypt"].fortification.boxes_left == 10
    assert state.supplies.fortifications == 3


def test_fortify_a_city_needs_a_city():
    error = winner_refused(after_end(), choice("fortify_city", territory="Peru"))
    assert (error.field, error.message) == ("territory", "Fortify a city: Peru has no city to fortify")


def test_fortify_a_city_needs_a_mark_left():
    state = campaign()
    play(state, choice("found_major_city", territory="Alaska", name="Nome"))
    for _ in range(5):
        play(state, choice("fortify_city", territory="Alaska"))
    start(state, auto_seats(state))
    end(state)
    error = winner_refused(state, choice("fortify_city", territory="Alaska"))
    assert error.message == "Fortify a city: no fortification marks are left"


def test_destroy_a_territory_card():
    state = win(after_end(), choice("destroy_territory_card", territory="Brazil"))
    assert state.territories["Brazil"].card_destroyed and state.territories["Brazil"].resources == 3


def test_a_card_is_destroyed_once():
    state = play(campaign(), choice("destroy_territory_card", territory="Brazil"))
    start(state, auto_seats(state))
    end(state)
    error = winner_refused(state, choice("destroy_territory_card", territory="Brazil"))
    assert error.message == "Destroy a territory card: Brazil's card is already destroyed"


# --------------------------------------------------------------------------------------
# Rewards: the held-on choices
# --------------------------------------------------------------------------------------

CONTROL = {"Ana": ["Egypt"], "Ben": ["Peru", "Brazil"], "Cid": ["Ural"]}


def test_found_a_minor_city_in_a_territory_controlled_at_the_end():
    state = held(
        in_rewards(end_control=CONTROL), "Ben", choice("found_minor_city", territory="Peru", name="Lima Nova")
    )
    assert state.territories["Peru"].city == rl.City("minor", "Lima Nova", "Ben", 1)
    assert state.supplies.minor_cities == 8


def test_found_a_minor_city_refuses_a_territory_not_controlled_when_control_was_logged():
    error = refuse(
        in_rewards(end_control=CONTROL),
        "reward",
        {"player": "Ben", "choice": choice("found_minor_city", territory="Egypt", name="X")},
    )
    assert (error.place, error.field) == ("game 1, reward 2 (Ben)", "territory")
    assert error.message == "Found a Minor City: Ben did not control Egypt at the end of game 1"


def test_found_a_minor_city_takes_the_players_word_when_control_was_not_logged():
    state = held(in_rewards(), "Ben", choice("found_minor_city", territory="Japan", name="Neo Edo"))
    assert state.territories["Japan"].city.founder == "Ben"


def test_a_held_on_reward_needs_a_territory_controlled_at_the_end():
    error = refuse(
        in_rewards(end_control={"Ana": ["Egypt"], "Ben": ["Peru"], "Cid": ["Japan"]}),
        "reward",
        {"player": "Cid", "choice": choice("add_resource", territory="Ural")},
    )
    assert error.message == "Add a resource: Cid did not control Ural at the end of game 1"


def test_found_a_minor_city_refuses_a_territory_with_a_city():
    state = in_rewards(
        end_control=CONTROL, winner_choice=choice("found_major_city", territory="Brazil", name="Rio")
    )
    error = refuse(
        state, "reward", {"player": "Ben", "choice": choice("found_minor_city", territory="Brazil", name="X")}
    )
    assert error.message == "Found a Minor City: Brazil already has a city (Rio, founded in game 1)"


def test_found_a_minor_city_needs_a_sticker_left():
    state = campaign()
    start(state)
    for territory in rl.TERRITORIES[:9]:
        apply(state, "event", city(territory, "minor", f"Town of {territory}"))
    end(state)
    win(state, choice("destroy_territory_card", territory="Siam"))
    error = refuse(
        state, "reward", {"player": "Ben", "choice": choice("found_minor_city", territory="Peru", name="X")}
    )
    assert error.message == "Found a Minor City: no Minor City stickers are left"


def test_found_a_minor_city_may_name_the_players_faction_once():
    state = held(
        in_rewards(),
        "Ben",
        choice("found_minor_city", territory="Peru", name="Lima", faction_name="The Bearded"),
    )
    assert (state.factions[BEAR].name, state.factions[BEAR].named_by) == ("The Bearded", "Ben")
    start(state, [("Cid", MECH, "Ural"), ("Ben", SAHARA, "Alaska"), ("Ana", BEAR, "Egypt")])
    end(state)
    win(state, choice("destroy_territory_card", territory="Japan"))
    error = refuse(
        state,
        "reward",
        {
            "player": "Ana",
            "choice": choice(
                "found_minor_city", territory="Iceland", name="Reyk", faction_name="Bears Again"
            ),
        },
    )
    assert (error.field, error.message) == (
        "faction_name",
        "Found a Minor City: Enclave of the Bear is already named The Bearded: a faction is named once",
    )


def test_add_a_resource():
    state = held(in_rewards(end_control=CONTROL), "Ben", choice("add_resource", territory="Brazil"))
    assert state.territories["Brazil"].resources == 4


def test_add_a_resource_refuses_a_territory_not_controlled():
    error = refuse(
        in_rewards(end_control=CONTROL),
        "reward",
        {"player": "Ben", "choice": choice("add_resource", territory="Ural")},
    )
    assert error.message == "Add a resource: Ben did not control Ural at the end of game 1"


def test_add_a_resource_refuses_a_destroyed_card():
    state = in_rewards(end_control=CONTROL, winner_choice=choice("destroy_territory_card", territory="Peru"))
    error = refuse(state, "reward", {"player": "Ben", "choice": choice("add_resource", territory="Peru")})
    assert error.message == "Add a resource: Peru's card is destroyed: it takes no more stickers"


def test_add_a_resource_stops_at_six():
    state = campaign()  # Brazil starts at 3
    for _ in range(3):
        play(state, seats=SEATS)
        held(state, "Ben", choice("add_resource", territory="Brazil"))
    assert state.territories["Brazil"].resources == 6
    play(state, seats=SEATS)
    error = refuse(state, "reward", {"player": "Ben", "choice": choice("add_resource", territory="Brazil")})
    assert (
        error.message == "Add a resource: Brazil's card already holds 6 resources, the most a card may hold"
    )


# --------------------------------------------------------------------------------------
# reward_targets
# --------------------------------------------------------------------------------------


def test_reward_targets_offer_the_winner_six_choices():
    state = campaign()
    start(state)
    apply(state, "event", scar("Ben", "Peru", "Bunker"))
    end(state, end_control=CONTROL)
    targets = rl.reward_targets(state, "Ana")
    assert list(targets) == list(rl.WINNER_CHOICES)
    assert targets["name_continent"] == sorted(rl.CONTINENTS)
    assert targets["cancel_scar"] == ["Peru"]
    assert targets["fortify_city"] == []
    assert len(targets["destroy_territory_card"]) == 42


def test_reward_targets_offer_held_on_players_what_they_controlled():
    state = in_rewards(
        end_control=CONTROL, winner_choice=choice("found_major_city", territory="Brazil", name="Rio")
    )
    assert rl.reward_targets(state, "Ben") == {
        "found_minor_city": ["Peru"],
        "add_resource": ["Brazil", "Peru"],
    }


def test_reward_targets_are_empty_when_it_is_not_the_players_turn():
    state = after_end()
    assert rl.reward_targets(state, "Ben") == {}  # the winner first
    assert rl.reward_targets(state, "Eve") == {}
    assert rl.reward_targets(state, "Nobody") == {}
    assert rl.why_not_reward_turn(state, "Ben") == "The winner (Ana) chooses first"


# --------------------------------------------------------------------------------------
# The world
# --------------------------------------------------------------------------------------

TIED = ["Ana", "Ben"] * 7 + ["Cid"]  # Ana 7, Ben 7, Cid 1


def tied_world():
    """15 games, Ana and Ben tied on 7 signatures; Ben named one continent (game 2)."""
    state = campaign()
    for number, winner in enumerate(TIED, 1):
        others = [p for p in ("Ana", "Ben", "Cid") if p != winner]
        chosen = choice("name_continent", continent="Africa", name="Sahel") if number == 2 else None
        play(state, chosen, seats=auto_seats(state, (winner, *others)))
    return state


def test_the_world_is_named_after_game_15_by_the_player_with_most_signatures():
    state = apply(fifteen_games(), "world", {"name": "Gaia", "named_by": "Ana"})
    assert state.world == rl.World("Gaia", "Ana", None)


def test_the_world_is_not_named_before_game_15():
    state = campaign()
    for _ in range(14):
        play(state)
    error = refuse(state, "world", {"name": "Gaia", "named_by": "Ana"})
    assert (error.place, error.message) == ("world", "The world is named after game 15: 14 games are logged")


def test_the_world_waits_for_game_15s_end_and_winner():
    state = campaign()
    for _ in range(14):
        play(state)
    start(state, auto_seats(state))
    assert refuse(state, "world", {"name": "Gaia", "named_by": "Ana"}).message == (
        "The world is named after game 15 has ended"
    )
    end(state)
    assert refuse(state, "world", {"name": "Gaia", "named_by": "Ana"}).message == (
        "The world is named after game 15's winner (Ana) has chosen a reward"
    )


def test_the_world_waits_for_every_game_15_reward_chosen_or_passed():
    state = campaign()
    for _ in range(14):
        play(state)
    start(state, auto_seats(state))
    end(state)
    win(state, choice("destroy_territory_card", territory=spare_card(state)))
    assert refuse(state, "world", {"name": "Gaia", "named_by": "Ana"}).message == (
        "The world is named once every reward of game 15 is chosen or passed: "
        "Ben and Cid have still to choose or pass"
    )
    held(state, "Ben", None)
    assert refuse(state, "world", {"name": "Gaia", "named_by": "Ana"}).message.endswith(
        "Cid has still to choose or pass"
    )
    held(state, "Cid", None)
    apply(state, "world", {"name": "Gaia", "named_by": "Ana"})


def test_a_held_on_player_controls_a_territory_when_end_control_is_logged():
    error = refuse(playing(), "game_end", {"results": RESULTS, "end_control": {"Ana": ["Egypt"], "Ben": []}})
    assert (error.place, error.field, error.message) == (
        "game 1, end",
        "end_control",
        "Ben held on but controls no territory at the end: a player with no troops left when the game "
        "ends is eliminated",
    )
    error = refuse(playing(), "game_end", {"results": RESULTS, "end_control": {"Ana": ["Egypt"]}})
    assert error.message.startswith("Ben held on but controls no territory")
    state = end(playing(), {"Ana": "won", "Ben": "eliminated", "Cid": "eliminated"}, {"Ana": ["Egypt"]})
    assert rl.packets_to_open(state)[0]["condition"] == "first_elimination"


def test_the_world_is_named_once():
    state = apply(fifteen_games(), "world", {"name": "Gaia", "named_by": "Ana"})
    assert refuse(state, "world", {"name": "Terra", "named_by": "Ana"}).message == (
        "The world is already named: The World Of Gaia"
    )


def test_only_the_player_with_most_signatures_names_the_world():
    error = refuse(fifteen_games(), "world", {"name": "Gaia", "named_by": "Ben"})
    assert (error.field, error.message) == (
        "named_by",
        "Ana has the most signatures (15): Ana names the world, not Ben",
    )


def test_a_roll_off_without_a_tie_is_refused():
    error = refuse(fifteen_games(), "world", {"name": "Gaia", "named_by": "Ana", "roll_off": {"Ana": 6}})
    assert (error.field, error.message) == (
        "roll_off",
        "There is no tie for the most signatures: Ana (15) names the world without a roll-off",
    )


def test_a_tie_needs_a_roll_off():
    error = refuse(tied_world(), "world", {"name": "Gaia", "named_by": "Ana"})
    assert error.message == "Ana and Ben tie with 7 signatures: they roll off, and 'roll_off' is missing"


def test_a_roll_off_holds_exactly_the_tied_players():
    error = refuse(
        tied_world(), "world", {"name": "Gaia", "named_by": "Ana", "roll_off": {"Ana": 6, "Cid": 2}}
    )
    assert error.message == "Ana and Ben tie with 7 signatures: the roll-off holds exactly their rolls"


@pytest.mark.parametrize("roll", [0, 7, 3.5, True])
def test_a_roll_off_holds_natural_die_rolls(roll):
    error = refuse(
        tied_world(), "world", {"name": "Gaia", "named_by": "Ana", "roll_off": {"Ana": roll, "Ben": 2}}
    )
    assert error.message == "Ana's roll must be a natural die roll, 1 to 6"


def test_the_roll_off_adds_one_per_continent_named():
    state = tied_world()
    assert rl.roll_off_totals(state, {"Ana": 4, "Ben": 4}) == {"Ana": 4, "Ben": 5}
    error = refuse(state, "world", {"name": "Gaia", "named_by": "Ana", "roll_off": {"Ana": 4, "Ben": 4}})
    assert error.message == (
        "Ben wins the roll-off with 5 (a roll of 4 + 1 for continents named): Ben names the world, not Ana"
    )
    apply(state, "world", {"name": "Ursa", "named_by": "Ben", "roll_off": {"Ana": 4, "Ben": 4}})
    assert state.world == rl.World("Ursa", "Ben", {"Ana": 4, "Ben": 4})


def test_a_tied_roll_off_is_rolled_again():
    error = refuse(
        tied_world(), "world", {"name": "Gaia", "named_by": "Ben", "roll_off": {"Ana": 5, "Ben": 4}}
    )
    assert error.message == "Ana and Ben tie the roll-off with 5: they must roll again"


def test_naming_the_world_closes_game_15s_rewards():
    state = apply(fifteen_games(), "world", {"name": "Gaia", "named_by": "Ana"})
    assert state.reward_queue == [] and state.phase == rl.PHASE_READY
    assert refuse(state, "reward", {"player": "Ben", "choice": None}).message == (
        "The world has been named: game 15's rewards are over"
    )


def test_games_after_the_world_still_change_the_board():
    state = apply(fifteen_games(), "world", {"name": "Gaia", "named_by": "Ana"})
    start(state, auto_seats(state))
    apply(state, "event", scar("Ben", "Kamchatka", "Bunker"))
    end(state)
    assert state.territories["Kamchatka"].scar == "Bunker" and len(state.victors) == 15


# --------------------------------------------------------------------------------------
# Packet conditions, phases, recruitment, faction history
# --------------------------------------------------------------------------------------


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


def test_phases_follow_the_campaign():
    state = rl.new_state(PLAYERS)
    phases = [state.phase]
    apply(state, "setup", setup_data())
    phases.append(state.phase)
    start(state)
    phases.append(state.phase)
    end(state)
    phases.append(state.phase)
    win(state, choice("destroy_territory_card", territory="Siam"))
    phases.append(state.phase)
    held(state, "Cid", None)
    phases.append(state.phase)
    assert phases == ["setup", "ready", "playing", "rewards", "rewards", "ready"]


def test_recruitment_counts_territories_population_continents_and_cards():
    state = campaign(trade_in_chart=CHART)
    play(state, choice("name_continent", continent="South America", name="Awesometonia"), seats=SEATS)
    held(state, "Ben", choice("found_minor_city", territory="Peru", name="Lima"))
    play(state, choice("change_continent_bonus", continent="South America", delta=1))
    south_america = ["Venezuela", "Peru", "Brazil", "Argentina"]
    ana = rl.recruitment(state, "Ana", [*south_america, "Egypt", "Ural"], icons_traded=3)
    assert (ana.territories, ana.population, ana.base) == (6, 1, 3)
    assert ana.continent_bonuses == {"South America": 2 + 1 + 1}  # base, +1 mark, her name
    assert ana.traded_in == 4 and ana.total == 3 + 4 + 4
    ben = rl.recruitment(state, "Ben", south_america)
    assert ben.continent_bonuses == {"South America": 3} and ben.total == 6


def test_the_trade_in_chart_counts_resource_icons_not_cards():
    """Three cards worth 7 coins: the board's chart line for 7 icons, not for 3 cards."""
    chart = {"2": 2, "3": 4, "4": 7, "5": 10, "6": 13, "7": 17, "8": 21, "9": 25, "10": 30}
    state = campaign(trade_in_chart=chart)
    assert rl.recruitment(state, "Ana", ["Peru"], icons_traded=7).traded_in == 17
    for icons in (1, 11):
        with pytest.raises(RuleError) as caught:
            rl.recruitment(state, "Ana", ["Peru"], icons_traded=icons)
        assert caught.value.message == f"A trade-in is 2 to 10 Resource icons, not {icons}"


def test_the_trade_in_chart_is_corrected_after_the_setup():
    state = campaign(trade_in_chart={"2": 2, "3": 3})
    play(state)
    apply(state, "trade_in_chart", {"chart": {"2": 2, "3": 4, "7": 17}})
    assert state.trade_in_chart == {2: 2, 3: 4, 7: 17}
    assert refuse(state, "trade_in_chart", {"chart": {"11": 30}}).message == (
        "trade-in chart: the board's chart goes from 2 to 10 Resource icons, so it has no line for 11"
    )
    assert refuse(state, "trade_in_chart", {"chart": {}}).message == "the trade-in chart needs at least one line"
    error = refuse(rl.new_state(PLAYERS), "trade_in_chart", {"chart": {"2": 2}})
    assert error.message == "The trade-in chart is entered with the setup: the campaign is not set up yet"


def test_recruitment_is_at_least_three():
    assert rl.recruitment(campaign(), "Ana", ["Peru"]).total == 3
    assert rl.recruitment(campaign(), "Ana", rl.TERRITORIES[:14]).base == 4


def test_recruitment_refuses_a_card_count_off_the_chart_or_without_a_chart():
    with pytest.raises(RuleError) as caught:
        rl.recruitment(campaign(trade_in_chart=CHART), "Ana", ["Peru"], icons_traded=7)
    assert caught.value.message == (
        "The trade-in chart has no line for 7 Resource icons (it lists 2, 3, 4, 5): "
        "correct the chart on the setup page"
    )
    with pytest.raises(RuleError) as caught:
        rl.recruitment(campaign(), "Ana", ["Peru"], icons_traded=3)
    assert (
        caught.value.message
        == "The trade-in chart has not been entered: enter the board's chart on the setup page"
    )
    with pytest.raises(RuleError) as caught:
        rl.recruitment(campaign(), "Ana", ["Peruu"])
    assert caught.value.message == 'There is no territory called "Peruu" (did you mean Peru?)'


def test_a_factions_homeland_is_where_it_started_most_in_games_1_to_15():
    state = campaign()
    play(state, seats=[("Ana", KHAN, "Egypt"), ("Ben", BEAR, "Peru"), ("Cid", MECH, "Ural")])
    assert rl.homeland(state, KHAN) == "Africa"
    play(state, seats=[("Ana", KHAN, "Japan"), ("Ben", BEAR, "Brazil"), ("Cid", MECH, "Ural")])
    assert rl.homeland(state, KHAN) is None  # one each: a tie
    assert rl.homeland(state, BEAR) == "South America"
    assert rl.homeland(state, SAHARA) is None


# --------------------------------------------------------------------------------------
# campaign_state
# --------------------------------------------------------------------------------------


def test_state_json_has_exactly_the_journal_keys():
    state = fortified_egypt()
    apply(state, "event", boxes("Egypt", 2))
    data = rl.state_json(state)
    assert list(data) == [
        "system",
        "as_of_game",
        "games_played",
        "complete",
        "territories",
        "continents",
        "victors",
        "supplies",
        "factions",
        "players",
        "scar_types",
        "world",
    ]
    assert data["system"] == "risk-legacy" and data["as_of_game"] == 3 and data["games_played"] == 3
    assert data["complete"] is False and data["world"] is None
    assert len(data["territories"]) == 42
    assert data["territories"]["Egypt"] == {
        "continent": "Africa",
        "scar": None,
        "city": {"kind": "major", "name": "Nova Cairo", "population": 2, "founder": "Ana", "game": 1},
        "fortification": {"boxes_left": 8},
        "resources": 3,
        "card_destroyed": False,
    }
    assert data["territories"]["Alaska"] == {
        "continent": "North America",
        "scar": None,
        "city": None,
        "fortification": None,
        "resources": 1,
        "card_destroyed": False,
    }
    assert data["continents"]["Asia"] == {
        "name": None,
        "named_by": None,
        "base_bonus": 7,
        "bonus": 7,
        "change": 0,
    }
    assert data["supplies"] == {
        "minor_cities": 9,
        "major_cities": 4,
        "world_capitals": 0,
        "fortifications": 4,
        "white_stickers": 4,
        "plus_one": 1,
        "minus_one": 1,
    }
    assert data["scar_types"][0]["name"] == "Bunker" and data["scar_types"][1]["name"] == "Ammo Shortage"
    assert all(t["effect"] for t in data["scar_types"])
    json.dumps(data)  # plain JSON


def test_state_json_faction_history_lists_only_games_played_and_null_while_in_progress():
    state = fortified_egypt()
    data = rl.state_json(state)
    assert data["factions"][KHAN]["history"][-1] == {
        "game": 3,
        "player": "Ana",
        "start": "Egypt",
        "result": None,
    }
    assert data["factions"][KHAN]["history"][0] == {
        "game": 1,
        "player": "Ana",
        "start": "Egypt",
        "result": "won",
    }
    assert data["factions"][SAHARA] == {
        "power": "Saharan Republic's starting power",
        "name": None,
        "history": [],
    }


def test_state_json_players_have_signatures_tokens_and_legal_starts():
    data = rl.state_json(fortified_egypt())
    assert data["players"]["Ana"]["signatures"] == 2
    assert data["players"]["Ana"]["setup_tokens"] == {"red_stars": 0, "missiles": 2}
    assert data["players"]["Ben"]["setup_tokens"] == {"red_stars": 1, "missiles": 0}
    assert "Egypt" in data["players"]["Ana"]["legal_starts"]
    assert "Egypt" not in data["players"]["Ben"]["legal_starts"]
    assert data["players"]["Ben"]["legal_starts"] == sorted(data["players"]["Ben"]["legal_starts"])


def test_state_json_world_shows_the_roll_off_only_when_there_was_one():
    state = tied_world()
    apply(state, "world", {"name": "Ursa", "named_by": "Ben", "roll_off": {"Ana": 1, "Ben": 3}})
    data = rl.state_json(state)
    assert data["complete"] is True
    assert data["world"] == {"name": "Ursa", "named_by": "Ben", "roll_off": {"Ana": 1, "Ben": 3}}
    plain = apply(fifteen_games(), "world", {"name": "Gaia", "named_by": "Ana"})
    assert rl.state_json(plain)["world"] == {"name": "Gaia", "named_by": "Ana"}


def test_the_state_pickles_and_copies_independently():
    state = fortified_egypt()
    assert pickle.loads(pickle.dumps(state)) == state
    copied = copy.deepcopy(state)
    assert copied == state
    apply(copied, "event", boxes("Egypt", 1))
    assert state.territories["Egypt"].fortification.boxes_left == 10
    assert copied != state


def test_an_unknown_entry_kind_is_refused():
    assert refuse(campaign(), "missile", {}).message == "unknown entry kind 'missile'"


# --------------------------------------------------------------------------------------
# The journal
# --------------------------------------------------------------------------------------

SETUP = {"starting_powers": POWERS, "coin_stickers": COINS}


def jseat(player, faction, start, result=None):
    row = {"player": player, "faction": faction, "start": start}
    if result is not None:
        row["result"] = result
    return row


def jgame(number, results=("won", "held_on", "held_on"), seats=SEATS, **optional):
    rows = [jseat(*seat, result) for seat, result in zip(seats, results or [None] * len(seats), strict=True)]
    return {"number": number, "played_on": f"2026-09-{number:02d}", "seats": rows, **optional}


def first_reward(comment=None, territory="Siam"):
    sign = {} if comment is None else {"comment": comment}
    return {"player": "Ana", "sign": sign, "choice": choice("destroy_territory_card", territory=territory)}


def a_journal(games, **extra):
    return {
        "format": "campaign-journal/1",
        "system": "risk-legacy",
        "name": "Thursday Earth",
        "players": PLAYERS,
        "setup": copy.deepcopy(SETUP),
        "games": games,
        **extra,
    }


def round_trip(data):
    system, name, players, entries, timeline = journal.load(data)
    assert journal.write(system, name, players, entries) == data
    return timeline


def load_error(data) -> RuleError:
    with pytest.raises(RuleError) as caught:
        journal.load(data)
    return caught.value


def test_a_minimal_journal_round_trips():
    timeline = round_trip(a_journal([jgame(1, rewards=[first_reward()])]))
    assert timeline.current.last_game.winner == "Ana"


def test_a_journal_round_trips_every_optional_key_as_given():
    game1 = jgame(
        1,
        packets_opened=[
            {"name": "P", "unlocks": {"scar_types": [BIOHAZARD], "world_capital": True, "notes": "n"}}
        ],
        events=[scar("Ben", "Peru", "Biohazard"), city("Ukraine", "world_capital", "Prime", "Cid")],
        end_control={"Ben": ["Brazil"], "Cid": ["Ural"]},
        rewards=[
            first_reward("gg"),
            {
                "player": "Ben",
                "choice": choice("found_minor_city", territory="Brazil", name="Lima", faction_name="Bearded"),
            },
            {"player": "Cid", "choice": None},
        ],
    )
    game2 = jgame(
        2,
        seats=[("Ana", KHAN, "Egypt"), ("Ben", BEAR, "Alaska"), ("Cid", MECH, "Ural")],
        packets_opened=[],
        events=[],
        rewards=[first_reward(territory="Japan")],
    )
    data = a_journal([game1, game2])
    data["setup"]["trade_in_chart"] = {"2": 2}
    round_trip(data)


def test_trade_in_chart_corrections_round_trip_in_the_journal():
    data = a_journal(
        [jgame(1, rewards=[first_reward()]), jgame(2, results=None)],
        trade_in_chart_corrections=[
            {"after_game": 0, "chart": {"2": 2}},
            {"after_game": 1, "chart": {"2": 2, "7": 17}},
            {"after_game": 2, "chart": {"2": 2, "7": 17, "10": 30}},
        ],
    )
    timeline = round_trip(data)
    assert timeline.current.trade_in_chart == {2: 2, 7: 17, 10: 30}
    assert timeline.as_of(1).trade_in_chart == {2: 2, 7: 17}
    kinds = [entry.kind for entry in journal.read(data)[3]]
    assert kinds == ["setup", "trade_in_chart", "game", "game_end", "reward", "trade_in_chart", "game", "trade_in_chart"]


def test_trade_in_chart_corrections_are_listed_in_order_and_after_a_logged_game():
    late = a_journal([], trade_in_chart_corrections=[{"after_game": 1, "chart": {"2": 2}}])
    assert load_error(late).field == "after_game"
    backwards = a_journal(
        [jgame(1, rewards=[first_reward()])],
        trade_in_chart_corrections=[{"after_game": 1, "chart": {"2": 2}}, {"after_game": 0, "chart": {"2": 3}}],
    )
    assert str(load_error(backwards)).startswith("trade-in chart correction 2: 'after_game' must be")


def test_scar_and_city_events_that_cover_another_round_trip_with_their_flag():
    events = [
        scar("Ben", "Peru", "Bunker"),
        {**scar("Cid", "Peru", "Ammo Shortage"), "allowed_by_card": True},
        city("Brazil", "minor", "Rio", "Ben"),
        {**city("Brazil", "major", "Rio Grande", "Cid"), "allowed_by_card": True},
    ]
    timeline = round_trip(a_journal([jgame(1, results=None, events=events)]))
    assert timeline.current.territories["Brazil"].city.name == "Rio Grande"


def test_a_journal_naming_the_world_before_every_game_15_reward_is_refused():
    state = fifteen_games()
    games = [
        jgame(
            game.number,
            [s.result for s in game.seats],
            [(s.player, s.faction, s.start) for s in game.seats],
            rewards=[{"player": game.winner, "sign": {}, "choice": game.rewards[0].choice}],
        )
        for game in state.games
    ]
    error = load_error(a_journal(games, world={"name": "Gaia", "named_by": "Ana"}))
    assert str(error) == (
        "world: The world is named once every reward of game 15 is chosen or passed: "
        "Ben and Cid have still to choose or pass"
    )


def test_a_journal_game_without_optional_keys_round_trips_without_them():
    data = a_journal([jgame(1, rewards=[first_reward()]), jgame(2, results=("won", "held_on", "eliminated"))])
    assert "packets_opened" not in data["games"][1]
    round_trip(data)


def test_a_journal_with_the_world_and_a_roll_off_round_trips():
    state = tied_world()
    games = []
    for game in state.games:
        results = [s.result for s in game.seats]
        games.append(
            jgame(
                game.number,
                results,
                [(s.player, s.faction, s.start) for s in game.seats],
                rewards=[{"player": game.winner, "sign": {}, "choice": game.rewards[0].choice}]
                + [{"player": r.player, "choice": None} for r in game.rewards[1:]],
            )
        )
    data = a_journal(games, world={"name": "Ursa", "named_by": "Ben", "roll_off": {"Ana": 2, "Ben": 2}})
    timeline = round_trip(data)
    assert timeline.current.world.named_by == "Ben"


def test_a_journal_may_end_with_a_game_in_progress():
    data = a_journal(
        [jgame(1, rewards=[first_reward()]), jgame(2, results=None, events=[scar("Ben", "Peru", "Bunker")])]
    )
    timeline = round_trip(data)
    assert timeline.current.phase == rl.PHASE_PLAYING
    assert rl.state_json(timeline.current)["factions"][KHAN]["history"][1]["result"] is None


def test_only_the_last_game_may_be_in_progress():
    error = load_error(a_journal([jgame(1, results=None), jgame(2)]))
    assert (error.place, error.message) == (
        "game 1",
        "no seat has a result: only the last game may be in progress",
    )


def test_a_game_in_progress_has_no_end_control_or_rewards():
    error = load_error(a_journal([jgame(1, results=None, end_control={})]))
    assert error.message == "a game in progress has no end control and no rewards: give each seat its result"
    round_trip(a_journal([jgame(1, results=None, rewards=[])]))


def test_every_seat_of_an_ended_game_has_a_result():
    error = load_error(a_journal([jgame(1, results=("won", "held_on", None))]))
    assert (error.place, error.field) == ("game 1, seat 3 (Cid)", "result")


def test_journal_games_are_numbered_in_order():
    error = load_error(a_journal([jgame(1, rewards=[first_reward()]), jgame(3)]))
    assert (error.place, error.message) == (
        "game 2",
        "games are numbered 1, 2, 3 … in order: this one must be game 2, not 3",
    )


def test_a_journal_refuses_unknown_keys_at_every_level():
    assert str(load_error(a_journal([], winner="Ana"))) == "unknown key 'winner' in the journal"
    assert (
        str(load_error(a_journal([{**jgame(1), "winner": "Ana"}])))
        == "game 1: unknown key 'winner' in the game"
    )
    game = jgame(1)
    game["seats"][1]["hq"] = "Peru"
    assert str(load_error(a_journal([game]))) == "game 1, seat 2 (Ben): unknown key 'hq' in the seat"


def test_a_journal_refuses_wrong_types():
    assert str(load_error(a_journal([jgame(1, events={})]))) == "game 1: 'events' must be a list"
    assert str(load_error(a_journal("none"))) == "'games' must be the list of games"
    assert str(load_error({**a_journal([]), "setup": []})) == "setup: 'setup' must be a JSON object"


def test_a_journal_names_the_place_of_a_broken_rule():
    data = a_journal(
        [
            jgame(
                1,
                end_control={"Ben": ["Peru"], "Cid": ["Ural"]},
                rewards=[
                    first_reward(),
                    {"player": "Ben", "choice": choice("found_minor_city", territory="Egypt", name="X")},
                ],
            )
        ]
    )
    assert str(load_error(data)) == (
        "game 1, reward 2 (Ben): Found a Minor City: Ben did not control Egypt at the end of game 1"
    )


def test_a_journal_without_setup_cannot_hold_games():
    data = a_journal([jgame(1)])
    del data["setup"]
    assert str(load_error(data)) == "game 1: The campaign must be set up before game 1"
    empty = a_journal([])
    del empty["setup"]
    round_trip(empty)


def test_web_made_games_export_their_default_keys():
    state = rl.new_state(PLAYERS)
    entries = [
        Entry("setup", copy.deepcopy(SETUP)),
        Entry("game", game_data(state)),
        Entry("game_end", {"results": {"Ana": "won", "Ben": "held_on", "Cid": "held_on"}}),
        Entry("reward", first_reward()),
    ]
    exported = journal.write(rl, "Web", PLAYERS, entries)
    assert exported["games"][0]["packets_opened"] == [] and exported["games"][0]["events"] == []
    assert "end_control" not in exported["games"][0]
    round_trip(exported)


def test_fold_gives_the_state_as_of_each_game():
    data = a_journal(
        [jgame(1, rewards=[first_reward()]), jgame(2, rewards=[first_reward(territory="Japan")])]
    )
    _, _, players, entries, timeline = journal.load(data)
    assert timeline.as_of(1).territories["Japan"].card_destroyed is False
    assert timeline.as_of(2).territories["Japan"].card_destroyed is True
    assert rl.state_json(timeline.as_of(1)) == rl.state_json(fold(rl, players, entries[:4]).current)


# --------------------------------------------------------------------------------------
# The 15-game campaign in tests/data
# --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def campaign_15():
    data = json.loads((DATA / "risk_legacy_15_games.json").read_text(encoding="utf-8"))
    system, name, players, entries, timeline = journal.load(data)
    return data, system, name, players, entries, timeline


def test_the_15_game_campaign_exports_back_to_the_same_journal(campaign_15):
    data, system, name, players, entries, _ = campaign_15
    assert system is rl
    assert journal.write(system, name, players, entries) == data


def test_the_15_game_campaign_uses_every_reward_and_event(campaign_15):
    data = campaign_15[0]
    chosen = {r["choice"]["type"] if r["choice"] else None for g in data["games"] for r in g["rewards"]}
    assert chosen == {*rl.CHOICE_LABEL, None}
    events = {(e["type"], e.get("kind")) for g in data["games"] for e in g.get("events", [])}
    assert events == {
        ("scar", None),
        ("fortification_box", None),
        ("city", "minor"),
        ("city", "major"),
        ("city", "world_capital"),
    }
    seat_counts = {len(g["seats"]) for g in data["games"]}
    assert min(seat_counts) >= 4 and max(seat_counts) == 5


def test_the_15_game_campaign_board(campaign_15):
    state = rl.state_json(campaign_15[5].current)
    assert (state["as_of_game"], state["games_played"], state["complete"]) == (15, 15, True)
    territories = state["territories"]
    assert territories["Egypt"] == {
        "continent": "Africa",
        "scar": "Bunker",
        "city": {"kind": "major", "name": "Nova Cairo", "population": 2, "founder": "Ana", "game": 2},
        "fortification": None,  # fortified in game 3, its 10th box ticked in game 7
        "resources": 3,
        "card_destroyed": False,
    }
    # Fortified in game 11, 9 boxes ticked in games 12-13, fortified afresh in game 15.
    assert territories["Ural"]["fortification"] == {"boxes_left": 10}
    assert territories["Ural"]["city"]["name"] == "Ironhold" and territories["Ural"]["resources"] == 4
    assert territories["Ukraine"]["city"] == {
        "kind": "world_capital",
        "name": "Prime Metropolis",
        "population": 5,
        "founder": "Cid",
        "game": 6,
    }
    assert territories["Brazil"]["card_destroyed"] and territories["Brazil"]["resources"] == 3
    assert territories["Brazil"]["scar"] == "Bunker" and territories["Brazil"]["city"]["name"] == "Rio Nuevo"
    assert territories["Siberia"]["scar"] is None  # Ammo Shortage in game 1, cancelled in game 5
    assert territories["Congo"]["scar"] is None  # Biohazard in game 5, cancelled in game 12
    assert territories["Kamchatka"]["scar"] == "Mercenaries"
    assert territories["Japan"]["resources"] == 5 and territories["Iceland"]["resources"] == 5
    assert territories["Greenland"]["city"]["founder"] == "Cid"
    assert sum(1 for t in territories.values() if t["city"] and t["city"]["kind"] == "minor") == 9
    assert state["continents"]["Asia"]["bonus"] == 6 and state["continents"]["North America"]["bonus"] == 6
    assert state["continents"]["South America"] == {
        "name": "Awesometonia",
        "named_by": "Ben",
        "base_bonus": 2,
        "bonus": 2,
        "change": 0,
    }
    assert state["supplies"] == {
        "minor_cities": 0,
        "major_cities": 1,
        "world_capitals": 0,
        "fortifications": 2,
        "white_stickers": 2,
        "plus_one": 0,
        "minus_one": 0,
    }
    assert [t["name"] for t in state["scar_types"]] == ["Bunker", "Ammo Shortage", "Biohazard", "Mercenaries"]


def test_the_15_game_campaign_victors_factions_players_and_world(campaign_15):
    timeline = campaign_15[5]
    state = rl.state_json(timeline.current)
    assert [v["player"] for v in state["victors"]] == [
        "Ben",
        "Ana",
        "Cid",
        "Ben",
        "Dee",
        "Ana",
        "Eve",
        "Ben",
        "Ana",
        "Cid",
        "Dee",
        "Ben",
        "Cid",
        "Eve",
        "Ana",
    ]
    assert state["victors"][0] == {
        "game": 1,
        "player": "Ben",
        "played_on": "2026-09-03",
        "comment": "First blood",
    }
    assert state["victors"][1]["comment"] is None
    assert {p: v["signatures"] for p, v in state["players"].items()} == {
        "Ana": 4,
        "Ben": 4,
        "Cid": 3,
        "Dee": 2,
        "Eve": 2,
    }
    assert state["players"]["Cid"]["setup_tokens"] == {"red_stars": 0, "missiles": 3}
    assert (
        "Egypt" in state["players"]["Ana"]["legal_starts"]
        and "Japan" in state["players"]["Ana"]["legal_starts"]
    )
    assert "Greenland" in state["players"]["Cid"]["legal_starts"]
    assert "Egypt" not in state["players"]["Ben"]["legal_starts"]
    factions = state["factions"]
    assert {k: f["name"] for k, f in factions.items()} == {
        MECH: "The Gearwrights",
        BEAR: "Ursine Host",
        BALK: "Balkan Crown",
        KHAN: None,
        SAHARA: "Dune Riders",
    }
    assert factions[BEAR]["history"][0] == {"game": 1, "player": "Ben", "start": "Peru", "result": "won"}
    assert [h["game"] for h in factions[BALK]["history"]] == [1, 3, 4, 5, 6, 8, 10, 11, 12, 14, 15]
    assert factions[SAHARA]["history"][-1] == {
        "game": 15,
        "player": "Dee",
        "start": "Eastern Australia",
        "result": "held_on",
    }
    # Ana and Ben tie on 4 signatures; Ben's 4 + 2 continents beats Ana's 5 + 0.
    assert state["world"] == {"name": "Gaia Prime", "named_by": "Ben", "roll_off": {"Ana": 5, "Ben": 4}}
    assert timeline.current.conditions_met == {
        "first_elimination": 2,
        "second_signature": 4,
        "world_capital_placed": 6,
        "ninth_minor_city": 8,
    }
    assert [p.game for p in timeline.current.opened_packets] == [2, 5, 9]


def test_the_15_game_campaign_as_of_earlier_games(campaign_15):
    timeline = campaign_15[5]
    as_of_7 = rl.state_json(timeline.as_of(7))
    assert as_of_7["as_of_game"] == 7 and as_of_7["complete"] is False and as_of_7["world"] is None
    assert as_of_7["territories"]["Egypt"]["fortification"] is None
    assert as_of_7["territories"]["Egypt"]["resources"] == 3
    as_of_6 = rl.state_json(timeline.as_of(6))
    assert as_of_6["territories"]["Egypt"]["fortification"] == {"boxes_left": 5}
    assert rl.state_json(timeline.as_of(0))["victors"] == []


# --------------------------------------------------------------------------------------
# Mistyped data is refused like a broken rule (web forms append entries through apply)
# --------------------------------------------------------------------------------------

MISTYPED = [
    (rl.new_state, "setup", [], "the setup must be a JSON object"),
    (
        rl.new_state,
        "setup",
        setup_data(starting_powers=[]),
        "'starting_powers' must give each faction its power's text",
    ),
    (
        rl.new_state,
        "setup",
        setup_data(coin_stickers=12),
        "'coin_stickers' must give the number of coins on each territory card",
    ),
    (
        rl.new_state,
        "setup",
        setup_data(trade_in_chart=[2]),
        "the trade-in chart must give the troops for each number of Resource icons",
    ),
    (
        campaign,
        "game",
        {"number": "1", "played_on": "2026-09-03", "seats": []},
        "'number' must be the game's number",
    ),
    (
        campaign,
        "game",
        {"number": 1, "played_on": "2026-09-03", "seats": {}},
        "'seats' must be the list of seats, clockwise",
    ),
    (
        campaign,
        "game",
        {"number": 1, "played_on": "2026-09-03", "seats": [1, 2, 3]},
        "the seat must be a JSON object",
    ),
    (playing, "packet", {"name": "P", "unlocks": {"notes": 3}}, "'notes' must be a text"),
    (
        playing,
        "packet",
        {"name": "P", "unlocks": {"scar_types": {}}},
        "'scar_types' must be a list of scar types",
    ),
    (
        playing,
        "packet",
        {"name": "P", "unlocks": {"scar_types": [{"name": "X"}]}},
        "'effect' is missing from a scar type",
    ),
    (playing, "event", ["scar"], "an event must be a JSON object"),
    (playing, "event", {"type": ["scar"]}, "an event's 'type' must be scar, fortification_box, city, elimination, missiles or recruitment"),
    (playing, "game_end", {"results": ["Ana"]}, "'results' must give each seat's result"),
    (
        playing,
        "game_end",
        {"results": RESULTS, "end_control": []},
        "'end_control' must list the territories each player controls",
    ),
    (
        playing,
        "game_end",
        {"results": RESULTS, "end_control": {"Ana": "Egypt"}},
        "Ana's end control must be a list of territories",
    ),
    (
        after_end,
        "reward",
        {"player": "Ana", "sign": {"comment": 5}, "choice": None},
        "The signature's comment must be a text",
    ),
    (after_end, "reward", {"player": "Ana", "sign": "yes", "choice": None}, "'sign' must be a JSON object"),
    (after_end, "reward", {"player": 1, "choice": None}, "a player must be named by text, not 1"),
    (
        after_end,
        "reward",
        {"player": "Ana", "sign": {}, "choice": {"type": ["cancel_scar"]}},
        "a choice's 'type' must be one of " + ", ".join(rl.WINNER_CHOICES),
    ),
    (campaign, "world", {"name": "Gaia"}, "'named_by' is missing from the world"),
]


@pytest.mark.parametrize(("make", "kind", "data", "message"), MISTYPED)
def test_mistyped_entry_data_is_refused(make, kind, data, message):
    state = make(PLAYERS) if make is rl.new_state else make()
    assert refuse(state, kind, data).message == message


def test_rewards_need_a_game():
    error = refuse(campaign(), "reward", {"player": "Ana", "sign": {}, "choice": None})
    assert (error.place, error.message) == (
        "reward (Ana)",
        "Rewards come after a game: no game has been logged yet",
    )


def test_recruitment_refuses_a_card_count_that_is_not_a_number():
    with pytest.raises(RuleError) as caught:
        rl.recruitment(campaign(trade_in_chart=CHART), "Ana", ["Peru"], icons_traded=-2)
    assert caught.value.message == "the number of Resource icons traded in must be a whole number"


def test_a_journal_refuses_a_malformed_world_or_seat():
    world_journal = a_journal([], world=["Gaia"])
    assert str(load_error(world_journal)) == "world: 'world' must be a JSON object"
    assert str(load_error(a_journal([{**jgame(1), "seats": "Ana"}]))) == (
        "game 1: 'seats' must be the list of seats, clockwise"
    )
    game = jgame(1)
    game["seats"][0]["player"] = 7
    assert str(load_error(a_journal([game]))) == "game 1, seat 1: 'player' must be a player's name"


def test_packet_prompts_list_the_conditions_met_in_order():
    state = campaign()
    play(state, seats=SEATS)
    play(state, seats=SEATS, results={"Ana": "won", "Ben": "held_on", "Cid": "eliminated"})
    # Both in game 2: the elimination at its end, then Ana's second signature in its rewards.
    assert rl.packet_prompts(state) == [
        {"condition": "first_elimination", "label": "a player is eliminated (the first time)", "game": 2},
        {
            "condition": "second_signature",
            "label": "a player signs the victor's section for the second time",
            "game": 2,
        },
    ]


def test_describe_words_every_entry_kind(campaign_15):
    entries = campaign_15[4]
    words = [rl.describe(entry) for entry in entries]
    assert words[0] == (
        "The campaign's setup: the starting powers and 12 coin stickers, and the trade-in chart"
    )
    assert words[1] == (
        "Game 1 started: Ana (Khan Industries, from Egypt), "
        "Ben (Enclave of the Bear, from Peru), "
        "Cid (Die Mechaniker, from Ural), Dee (Imperial Balkania, from Western Europe), "
        "Eve (Saharan Republic, from Eastern Australia)"
    )
    assert words[2] == "Cid scarred Siberia: Ammo Shortage"
    assert words[3] == "Game over: Ben won"
    assert words[4] == (
        "Ben signed the victor's section (“First blood”) and chose "
        "Name a continent: “Awesometonia” for South America"
    )
    assert words[5] == "Cid chose Found a Minor City: Ironhold in Ural, naming the faction “The Gearwrights”"
    assert words[6] == "Dee chose Add a resource: Western Europe"
    assert words[7] == "Eve passed"
    assert words[-1] == "The world named The World Of Gaia Prime by Ben after a roll-off"
    assert "Packet opened: “A player is eliminated”" in words
    assert "3 fortification boxes ticked on Egypt" in words
    assert "Cid founded the World Capital Prime Metropolis in Ukraine" in words
    assert "Game over: Ana won; Cid eliminated" in words


def test_a_reward_is_described_by_what_it_founded_never_by_a_code():
    founded = Entry("reward", {"player": "Ana", "sign": {}, "choice": {
        "type": "found_major_city", "territory": "Egypt", "name": "New Cairo"}})
    assert rl.describe(founded) == (
        "Ana signed the victor's section and chose Found a Major City: New Cairo in Egypt"
    )
    bonus = Entry("reward", {"player": "Ana", "sign": {}, "choice": {
        "type": "change_continent_bonus", "continent": "Asia", "delta": -1}})
    assert rl.describe(bonus).endswith("Change a continent bonus: Asia −1")


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"type": "elimination", "player": "Cid"}, "Cid was eliminated"),
        ({"type": "missiles", "count": 3}, "3 Missiles fired in one combat"),
        ({"type": "recruitment", "player": "Ana", "troops": 31},
         "Ana recruited 31 troops while holding a Missile"),
        ({"type": "city", "territory": "Peru", "kind": "major", "name": "Lima", "player": "Ben"},
         "Ben founded the Major City Lima in Peru"),
    ],
)
def test_events_are_described_in_words(data, words):
    assert rl.describe(Entry("event", data)) == words
