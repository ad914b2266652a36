"""The 15-game Risk Legacy campaign (the demo's journal): imported, folded, exported back, and
the board, victors and world it leaves. Plain Python, no Django."""

from __future__ import annotations

from campaigns.rules import journal
from campaigns.rules import risk_legacy as rl
from campaigns.rules.base import fold

from tests.journal_files import RULES
from tests.systems.risk_legacy.rules.helpers import (
    BALK,
    BEAR,
    KHAN,
    MECH,
    SAHARA,
    a_journal,
    first_reward,
    jgame,
)


def test_fold_gives_the_state_as_of_each_game():
    data = a_journal(
        [jgame(1, rewards=[first_reward()]), jgame(2, rewards=[first_reward(territory="Japan")])]
    )
    _, _, players, entries, timeline = journal.load(data, RULES)
    assert timeline.as_of(1).territories["Japan"].card_destroyed is False
    assert timeline.as_of(2).territories["Japan"].card_destroyed is True
    assert rl.state_json(timeline.as_of(1)) == rl.state_json(fold(rl, players, entries[:4]).current)


# --------------------------------------------------------------------------------------
# The 15-game campaign (the demo's)
# --------------------------------------------------------------------------------------


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
