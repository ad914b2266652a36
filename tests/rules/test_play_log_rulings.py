"""The play logs when the table has the last word (docs/rules.md): a refusal names its rule; a
ruling on a play (or one seat of it) records the play as the group says, its scores derived from
what was recorded; the next play is checked again; a house rule sets one rule aside from a play
on; what no ruling changes stays refused; `state_as_of` keeps the rulings up to that play; the
journal gives rulings and house rules back unchanged."""

from __future__ import annotations

import copy

import pytest

from campaigns.rules import base, captain_america, journal, risk_skyrim
from campaigns.rules.base import Entry

from tests.journal_files import RULES
from tests.rules.helpers import PlayLog
from tests.systems.risk_skyrim.rules.helpers import PLAYERS as SKYRIM_PLAYERS
from tests.systems.risk_skyrim.rules.helpers import chaos_seat, civil_war_seat

CA = PlayLog(captain_america, ["Ana", "Ben", "Cid", "Dee"])
SKYRIM = PlayLog(risk_skyrim, SKYRIM_PLAYERS)
THREE_SEATS = [
    {"player": "Ana", "heroes": ["Captain America", "Falcon"]},
    {"player": "Cid", "heroes": ["Iron Man"]},
    {"player": "Dee", "heroes": ["War Machine"]},
]
WHY = "Ben left early: Ana ran his hero"


def ca_play(seats, number=1, rooms=(15, 14), **changes) -> Entry:
    return Entry("game", {
        "number": number, "played_on": "2026-09-05", "seats": copy.deepcopy(seats),
        "winter_soldier": "captain-america", "quinjet": "iron-man",
        "rooms": {"captain-america": rooms[0], "iron-man": rooms[1]}, **changes,
    })


def test_a_three_player_play_is_refused_by_its_rule_and_recorded_with_a_ruling():
    error = CA.refused(ca_play(THREE_SEATS))
    assert error.rule.id == "captain-america/two-or-four-players"
    assert error.told.endswith('[rule captain-america/two-or-four-players; rulebook: "Playing With Two or Four Players"]')
    state = CA.logged(ca_play(THREE_SEATS, ruling=WHY))
    found = captain_america.state_json(state)
    assert found["games"][0]["teams"] == {"captain-america": ["Ana"], "iron-man": ["Cid", "Dee"]}
    assert found["games"][0]["winners"] == ["Ana"]
    assert [ruling["rule"] for ruling in found["rulings"]] == [
        "captain-america/two-or-four-players", "captain-america/heroes-per-player",
    ]
    assert {ruling["place"] for ruling in found["rulings"]} <= {"the game", "seat 1 (Ana)"}
    assert CA.refused(ca_play(THREE_SEATS, number=2), state).rule.id == "captain-america/two-or-four-players"


def test_rooms_beyond_the_board_are_kept_as_ruled_and_scored_from_them():
    play = ca_play([{"player": "Ana", "heroes": ["Iron Man", "War Machine"]},
                    {"player": "Ben", "heroes": ["Captain America", "Falcon"]}], rooms=(20, 20))
    assert CA.refused(play).rule.id == "captain-america/rooms-on-the-board"
    state = CA.logged(Entry("game", {**play.data, "ruling": "we counted a house-rules extra room"}))
    assert captain_america.state_json(state)["games"][0]["points"]["captain-america"] >= 3


def test_one_player_in_two_seats_is_refused_even_with_a_ruling():
    seats = [{"player": "Ana", "heroes": ["Iron Man", "War Machine"]},
             {"player": "Ana", "heroes": ["Captain America", "Falcon"]}]
    error = CA.refused(ca_play(seats, ruling="Ana played both"))
    assert not error.rulable and error.told.endswith("[no ruling changes this]")


def test_a_seat_s_ruling_sets_aside_the_rule_for_that_seat_alone():
    seats = [chaos_seat("Ana", "Thalmor", 20, 4, 3), chaos_seat("Ben", "Orcs", 2, 3, 1)]
    play = Entry("game", {"number": 1, "played_on": "2026-09-06", "mode": "chaos", "seats": seats})
    error = SKYRIM.refused(play)
    assert (error.place, error.rule.id) == ("game 1, seat 2 (Ben)", "risk-skyrim/forts-and-portals-in-territories")
    seats[1] = {**seats[1], "ruling": "Ben's forts stood on a fallen territory"}
    state = SKYRIM.logged(play)
    found = risk_skyrim.state_json(state)
    assert found["games"][0]["scores"] == {"Ana": 27, "Ben": 6}  # scored from what was recorded
    assert found["rulings"] == [{"game": 1, "place": "seat 2 (Ben)", "rule": "risk-skyrim/forts-and-portals-in-territories",
                                 "why": "Ben's forts stood on a fallen territory"}]
    seats[0] = {**seats[0], "forts": 9}  # the board's 9 forts, and Ben's 3: the play's rule, not Ben's seat
    error = SKYRIM.refused(play)
    assert error.rule.id == "risk-skyrim/the-boards-totals"


def test_a_house_rule_sets_a_rule_aside_from_its_play_on_and_state_as_of_keeps_the_rulings_up_to_it():
    rule = "captain-america/rooms-on-the-board"
    house = Entry(base.HOUSE_RULE, {"rule": rule, "why": "our board has a 35th room", "from_game": 2})
    teams = [{"player": "Ana", "heroes": ["Iron Man", "War Machine"]},
             {"player": "Ben", "heroes": ["Captain America", "Falcon"]}]
    assert CA.refused(ca_play(teams, rooms=(18, 18))).rule.id == rule  # without it
    state = CA.logged(ca_play(teams), house)
    CA._apply(state, ca_play(teams, number=2, rooms=(18, 18)))
    found = captain_america.state_json(state)
    assert found["house_rules"] == [{"rule": rule, "why": "our board has a 35th room", "from_game": 2}]
    assert found["rulings"] == [{"game": 2, "place": "the game", "rule": rule, "why": "our board has a 35th room"}]
    assert captain_america.state_json(captain_america.state_as_of(state, 1))["rulings"] == []


@pytest.mark.parametrize("system", [captain_america, risk_skyrim], ids=lambda system: system.KEY)
def test_a_play_log_journal_gives_its_rulings_and_house_rules_back(system):
    if system is captain_america:
        games = [ca_play(THREE_SEATS, ruling=WHY).data]
    else:
        seats = [civil_war_seat("Ana", "Imperial", 48), civil_war_seat("Ben", "Stormcloak", 0, eliminated_in_turn=3)]
        games = [{"number": 1, "played_on": "2026-09-06", "mode": "civil_war", "seats": seats,
                  "ruling": "two of us played Civil War"}]
    data = {"format": "campaign-journal/1", "system": system.KEY, "name": "Log", "players": ["Ana", "Ben", "Cid", "Dee"],
            "games": games,
            "house_rules": [{"rule": system.RULES[0].id, "why": "our table", "from_game": 2, "until_game": 4}]}
    found_system, _, players, entries = journal.read(data, RULES)
    assert journal.write(found_system, data["name"], players, entries) == data
    state = base.fold(found_system, players, entries).current
    found = system.state_json(state)
    assert found["house_rules"] == data["house_rules"]
    assert found["rulings"] and all(ruling["game"] == 1 for ruling in found["rulings"])
