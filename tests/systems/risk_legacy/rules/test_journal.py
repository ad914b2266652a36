"""The journal in and out and the campaign_state shape (rules/risk_legacy/journal.py, docs/journal.md).
Plain Python, no Django."""

from __future__ import annotations

import copy
import json

import pytest

from campaigns.rules import journal
from campaigns.rules import risk_legacy as rl
from campaigns.rules.base import Entry, RuleError

from tests.journal_files import RULES
from tests.systems.risk_legacy.rules.helpers import (
    BEAR,
    BIOHAZARD,
    KHAN,
    MECH,
    PLAYERS,
    SAHARA,
    SETUP,
    a_journal,
    apply,
    boxes,
    choice,
    city,
    fifteen_games,
    first_reward,
    fortified_egypt,
    game_data,
    jgame,
    scar,
    tied_world,
)


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
        "rulings",
        "house_rules",
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


# --------------------------------------------------------------------------------------
# The journal
# --------------------------------------------------------------------------------------


def round_trip(data):
    system, name, players, entries, timeline = journal.load(data, RULES)
    assert journal.write(system, name, players, entries) == data
    return timeline


def load_error(data) -> RuleError:
    with pytest.raises(RuleError) as caught:
        journal.load(data, RULES)
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
    kinds = [entry.kind for entry in journal.read(data, RULES)[3]]
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


@pytest.mark.parametrize("flag", [False, None])
def test_a_journal_event_that_covers_without_the_card_is_refused_whole(flag):
    events = [scar("Ben", "Peru", "Bunker"), {**scar("Cid", "Peru", "Ammo Shortage"), "allowed_by_card": flag}]
    error = load_error(a_journal([jgame(1, results=None, events=events)]))
    assert (error.place, error.field) == ("game 1, event 2", "allowed_by_card")
    assert error.message == (
        "'allowed_by_card' is true when a card or packet lets this cover another; leave it out otherwise"
    )
    events[1].pop("allowed_by_card")
    assert load_error(a_journal([jgame(1, results=None, events=events)])).message == (
        "Peru already has a scar (Bunker): a scar cannot cover a scar unless a card or packet says it may"
    )


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


def test_a_journal_refuses_a_malformed_world_or_seat():
    world_journal = a_journal([], world=["Gaia"])
    assert str(load_error(world_journal)) == "world: 'world' must be a JSON object"
    assert str(load_error(a_journal([{**jgame(1), "seats": "Ana"}]))) == (
        "game 1: 'seats' must be the list of seats, clockwise"
    )
    game = jgame(1)
    game["seats"][0]["player"] = 7
    assert str(load_error(a_journal([game]))) == "game 1, seat 1: 'player' must be a player's name"
