"""The setup before game 1 and the trade-in chart corrected after it (rules/risk_legacy/setup.py).
Plain Python, no Django."""

from __future__ import annotations

import pytest

from campaigns.rules import risk_legacy as rl

from tests.systems.risk_legacy.rules.helpers import (
    CHART,
    COINS,
    KHAN,
    MECH,
    PLAYERS,
    POWERS,
    SAHARA,
    apply,
    campaign,
    game_data,
    play,
    refuse,
    setup_data,
)


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
