"""The fold (rules/risk_legacy/fold.py): unknown kinds and mistyped data are refused like a
broken rule, leaving the state untouched (web forms append entries through apply). Plain
Python, no Django."""

from __future__ import annotations

import pytest

from campaigns.rules import risk_legacy as rl

from tests.systems.risk_legacy.rules.helpers import (
    PLAYERS,
    RESULTS,
    after_end,
    campaign,
    playing,
    refuse,
    setup_data,
)


def test_an_unknown_entry_kind_is_refused():
    assert refuse(campaign(), "missile", {}).message == "unknown entry kind 'missile'"


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
    (playing, "event", {"type": ["scar"]}, "an event's 'type' must be scar, fortification_box, city, elimination, missiles, recruitment, red_star or red_star_token"),
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
