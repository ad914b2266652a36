"""Naming the world after game 15 (rules/risk_legacy/world.py). Plain Python, no Django."""

from __future__ import annotations

import pytest

from campaigns.rules import risk_legacy as rl

from tests.systems.risk_legacy.rules.helpers import (
    RESULTS,
    apply,
    auto_seats,
    campaign,
    choice,
    end,
    fifteen_games,
    held,
    play,
    playing,
    refuse,
    scar,
    spare_card,
    start,
    tied_world,
    win,
)


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
