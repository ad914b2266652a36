"""What the rules layer offers for the next game (the seats a form fills in first) and the count
of games played to their end, which every page shows."""

from campaigns.rules import risk_legacy as rules
from campaigns.rules.base import Entry

SETUP = Entry("setup", {
    "starting_powers": {faction: "a power" for faction in rules.FACTIONS},
    "coin_stickers": dict.fromkeys(rules.TERRITORIES[:12], 1),
})
SEATS = [
    {"player": "Ana", "faction": "Khan Industries", "start": "Egypt"},
    {"player": "Ben", "faction": "Enclave of the Bear", "start": "Peru"},
    {"player": "Cid", "faction": "Die Mechaniker", "start": "Ural"},
    {"player": "Dee", "faction": "Imperial Balkania", "start": "Western Europe"},
]
GAME_1 = Entry("game", {"number": 1, "played_on": "2026-09-03", "seats": SEATS})
END_1 = Entry("game_end", {"results": {"Ana": "held_on", "Ben": "held_on", "Cid": "won", "Dee": "eliminated"}})


def logged(players, *entries):
    state = rules.new_state(players)
    for entry in entries:
        rules.apply(state, entry)
    return state


def test_after_a_game_its_seats_are_offered_clockwise_from_the_winner_with_their_factions():
    state = logged(["Ana", "Ben", "Cid", "Dee", "Eve"], SETUP, GAME_1, END_1)
    assert rules.suggested_seats(state) == [
        ("Cid", "Die Mechaniker"), ("Dee", "Imperial Balkania"),
        ("Ana", "Khan Industries"), ("Ben", "Enclave of the Bear"),
    ]


def test_while_a_game_is_on_its_seats_are_offered_as_they_sat():
    state = logged(["Ana", "Ben", "Cid", "Dee"], SETUP, GAME_1)
    assert [player for player, _ in rules.suggested_seats(state)] == ["Ana", "Ben", "Cid", "Dee"]


def test_before_game_1_a_table_sized_roster_is_offered_in_order_without_factions():
    assert rules.suggested_seats(logged(["Ana", "Ben", "Cid"], SETUP)) == [("Ana", None), ("Ben", None), ("Cid", None)]
    assert rules.suggested_seats(logged(["Ana", "Ben"], SETUP)) == []
    assert rules.suggested_seats(logged(["A", "B", "C", "D", "E", "F"], SETUP)) == []


def test_a_game_in_progress_is_not_yet_a_game_played():
    players = ["Ana", "Ben", "Cid", "Dee"]
    assert logged(players, SETUP).games_finished == 0
    assert logged(players, SETUP, GAME_1).games_finished == 0
    assert logged(players, SETUP, GAME_1, END_1).games_finished == 1
