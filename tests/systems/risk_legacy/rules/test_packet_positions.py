"""A packet opened during a game, during its rewards or between games keeps its place in the
history after export and import (the optional `after_events` / `after_rewards` of a packet,
docs/journal.md, "Extensions"); a journal without them reads as before."""

import copy

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from campaigns.rules import journal, risk_legacy
from campaigns.rules.base import RuleError, fold

from tests.journal_files import RULES, load_journal

NAME = "risk_legacy_15_games.json"


def entries_of(data):
    return journal.read(data, RULES)[3]


def written(players, entries):
    return journal.write(risk_legacy, "Thursday Earth", players, entries)


def round_trip(players, entries):
    """The entries after export and import."""
    return entries_of(copy.deepcopy(written(players, entries)))


@st.composite
def packets_moved(draw):
    """The 15-game journal's entries with each packet moved to any place in its game where
    the table may open it: after any of its events, after the results, among its rewards or
    after them (between games)."""
    data = load_journal(NAME)
    entries = entries_of(data)
    packets = [entry for entry in entries if entry.kind == "packet"]
    moved = [entry for entry in entries if entry.kind != "packet"]
    for packet in packets:
        game = next(i for i, entry in enumerate(entries) if entry.kind == "game" and entry is _game_of(entries, packet))
        start = moved.index(entries[game])
        end = next((i for i in range(start + 1, len(moved)) if moved[i].kind in ("game", "world", "trade_in_chart")), len(moved))
        moved.insert(draw(st.integers(start + 1, end)), packet)
    return data["players"], moved


def _game_of(entries, packet):
    game = None
    for entry in entries:
        if entry.kind == "game":
            game = entry
        if entry is packet:
            return game
    raise AssertionError("the packet is in the entries")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(packets_moved())
def test_a_packet_keeps_its_place_in_its_game_after_export_and_import(moved):
    players, entries = moved
    try:
        fold(risk_legacy, players, entries)
    except RuleError:  # opened after a scar of the type it unlocks: the table could not log it so
        assume(False)
    assert round_trip(players, entries) == entries
    assert written(players, round_trip(players, entries)) == written(players, entries)


def test_a_packet_opened_during_the_rewards_and_between_games_is_written_with_its_place():
    data = load_journal(NAME)
    entries = entries_of(data)
    fifth = next(i for i, e in enumerate(entries) if e.kind == "game" and e.data["number"] == 5)
    packet = next(i for i in range(fifth, len(entries)) if entries[i].kind == "packet")
    opened = entries.pop(packet)
    first_reward = next(i for i in range(fifth, len(entries)) if entries[i].kind == "reward")
    entries.insert(first_reward + 1, opened)  # after the winner signed
    game = written(data["players"], entries)["games"][4]
    assert game["packets_opened"][0]["after_rewards"] == 1
    opened = entries.pop(first_reward + 1)
    sixth = next(i for i, e in enumerate(entries) if e.kind == "game" and e.data["number"] == 6)
    entries.insert(sixth, opened)  # between games 5 and 6
    game = written(data["players"], entries)["games"][4]
    assert game["packets_opened"][0]["after_rewards"] == len(game["rewards"])
    assert round_trip(data["players"], entries) == entries


def test_a_journal_without_places_reads_as_before():
    data = load_journal(NAME)
    assert not any(
        key in packet for game in data["games"] for packet in game.get("packets_opened", [])
        for key in ("after_events", "after_rewards")
    )
    assert written(data["players"], entries_of(data)) == data


@pytest.mark.parametrize(
    "place, message",
    [
        ({"after_events": 9}, r"'after_events' must be a count of the game's events, 0 to 2"),
        ({"after_rewards": -1}, r"'after_rewards' must be a count of the game's rewards"),
        ({"after_events": 1, "after_rewards": 1}, r"not both"),
        ({"after_events": True}, r"must be a count"),
    ],
)
def test_a_place_that_is_not_in_the_game_is_refused(place, message):
    data = load_journal(NAME)
    data["games"][4]["packets_opened"][0].update(place)
    with pytest.raises(RuleError, match=message) as refused:
        entries_of(data)
    assert refused.value.place == "game 5, packet 1"


def test_packets_are_listed_in_the_order_they_were_opened():
    data = load_journal(NAME)
    packets = data["games"][4]["packets_opened"]
    packets.append({"name": "Later", "unlocks": {}})
    packets[0]["after_rewards"] = 1
    with pytest.raises(RuleError, match=r"in the order they were opened"):
        entries_of(data)


def test_after_rewards_needs_an_ended_game():
    data = load_journal(NAME)
    data["games"] = data["games"][:5]
    game = data["games"][4]
    for seat in game["seats"]:
        seat.pop("result")
    game.pop("end_control", None)
    game.pop("rewards", None)
    game["packets_opened"][0]["after_rewards"] = 0
    with pytest.raises(RuleError, match=r"once its game ended"):
        entries_of(data)


