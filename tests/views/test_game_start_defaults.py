"""Starting a game with few taps: last game's seats and factions are offered first, the previous
winner in seat 1; everything offered is still checked by the rules when the game is saved."""

import re

import pytest
from django.urls import reverse

from campaigns import states, store
from campaigns.models import Entry
from campaigns.rules import risk_legacy as rules
from campaigns.rules.base import Entry as RuleEntry

from ..factories import PlayerFactory
from ..journals import PLAYERS, SETUP, game_1_entries



def url(campaign):
    return reverse("game_start", args=[campaign.slug])


def set_up(campaign, owner, players=PLAYERS):
    for i, name in enumerate(players):
        PlayerFactory(campaign=campaign, name=name, position=i)
    store.append(campaign, [RuleEntry("setup", SETUP)], owner)
    return campaign


@pytest.fixture
def after_game_1(campaign, owner):
    """Game 1 played by four of the five (Cid won, Dee was eliminated) and rewarded."""
    set_up(campaign, owner)
    store.append(campaign, game_1_entries(), owner)
    campaign.refresh_from_db()
    return campaign


def selected(html, name):
    select = re.search(rf'<select name="{name}".*?</select>', html, re.S).group(0)
    chosen = re.search(r'<option value="([^"]*)" selected>', select)
    return chosen.group(1) if chosen else ""


def seated(html):
    return [(selected(html, f"seat{i}_player"), selected(html, f"seat{i}_faction")) for i in range(1, 6)]


def test_after_a_game_its_players_and_factions_are_offered_from_the_winner_clockwise(as_owner, after_game_1):
    html = as_owner.get(url(after_game_1)).content.decode()
    assert seated(html) == [
        ("Cid", "Die Mechaniker"), ("Dee", "Imperial Balkania"),
        ("Ana", "Khan Industries"), ("Ben", "Enclave of the Bear"), ("", ""),
    ]
    assert "Seated as in game 1, Cid, who won it, in seat 1, each with the same faction" in html
    # The starts are still the players' to choose: none is chosen for them.
    assert not re.search(r'name="seat\d_start" value="[^"]+" checked', html)


def test_the_rules_layer_suggests_the_seats(after_game_1):
    state = states.state(after_game_1)
    assert rules.suggested_seats(state) == [
        ("Cid", "Die Mechaniker"), ("Dee", "Imperial Balkania"),
        ("Ana", "Khan Industries"), ("Ben", "Enclave of the Bear"),
    ]


def test_before_game_1_the_roster_is_seated_in_its_order_without_factions(as_owner, campaign, owner):
    html = as_owner.get(url(set_up(campaign, owner))).content.decode()
    assert seated(html) == [(name, "") for name in PLAYERS]
    assert "The roster is seated in its order" in html


def test_a_roster_larger_than_a_table_is_not_seated(as_owner, campaign, owner):
    html = as_owner.get(url(set_up(campaign, owner, [*PLAYERS, "Fay"]))).content.decode()
    assert seated(html) == [("", "")] * 5


def test_a_seat_cleared_by_hand_stays_cleared(as_owner, after_game_1):
    """Only a first visit is filled in: a change re-sends every seat, emptied ones too."""
    data = {"seat1_player": "", "seat1_faction": "", "seat2_player": "Dee", "seat2_faction": "Imperial Balkania"}
    html = as_owner.get(url(after_game_1), data, headers={"HX-Request": "true"}).content.decode()
    assert seated(html)[:2] == [("", ""), ("Dee", "Imperial Balkania")]
    assert "Seated as in game 1" not in html


def test_the_offered_seats_start_game_2_with_only_the_starts_chosen(as_owner, after_game_1):
    data = {"number": "2", "played_on": "2026-09-10", "save": "1"}
    for index, (player, faction) in enumerate(rules.suggested_seats(states.state(after_game_1)), 1):
        data |= {f"seat{index}_player": player, f"seat{index}_faction": faction}
    data |= {"seat1_start": "Egypt", "seat2_start": "Peru", "seat3_start": "Ural", "seat4_start": "Japan"}
    response = as_owner.post(url(after_game_1), data)
    assert response.status_code == 302
    game = Entry.objects.filter(campaign=after_game_1, kind="game").order_by("-position").first()
    assert [seat["player"] for seat in game.data["seats"]] == ["Cid", "Dee", "Ana", "Ben"]


def test_an_offered_seat_is_still_checked_by_the_rules(as_owner, after_game_1):
    data = {"number": "2", "played_on": "2026-09-10", "save": "1",
            "seat1_player": "Cid", "seat1_faction": "Die Mechaniker", "seat1_start": "Egypt",
            "seat2_player": "Dee", "seat2_faction": "Die Mechaniker", "seat2_start": "Peru",
            "seat3_player": "Ana", "seat3_faction": "Khan Industries", "seat3_start": "Ural"}
    response = as_owner.post(url(after_game_1), data)
    assert response.status_code == 200
    assert "Die Mechaniker is already played by Cid in this game" in response.content.decode()


def test_a_seat_error_is_tied_to_its_field(as_owner, after_game_1):
    data = {"number": "2", "played_on": "2026-09-10", "save": "1", "seat1_player": "Cid"}
    html = as_owner.post(url(after_game_1), data).content.decode()
    assert re.search(r'<select name="seat1_faction"[^>]*aria-describedby="id_seat1_faction_error"', html)
    assert re.search(r'<fieldset class="field start-pick has-error" aria-describedby="id_seat1_start_error"', html)
    for part in ("faction", "start"):
        assert f'<ul class="errorlist" id="id_seat1_{part}_error"><li>' in html


def test_a_faction_left_on_a_seat_nobody_takes_is_ignored(as_owner, after_game_1):
    """Dee is away: clearing the player of the seat offered to her is enough."""
    data = {"number": "2", "played_on": "2026-09-10", "save": "1",
            "seat1_player": "Cid", "seat1_faction": "Die Mechaniker", "seat1_start": "Egypt",
            "seat2_player": "", "seat2_faction": "Imperial Balkania", "seat2_start": "",
            "seat3_player": "Ana", "seat3_faction": "Khan Industries", "seat3_start": "Ural",
            "seat4_player": "Ben", "seat4_faction": "Enclave of the Bear", "seat4_start": "Peru"}
    response = as_owner.post(url(after_game_1), data)
    assert response.status_code == 302
    game = Entry.objects.filter(campaign=after_game_1, kind="game").order_by("-position").first()
    assert [seat["player"] for seat in game.data["seats"]] == ["Cid", "Ana", "Ben"]


def test_the_legal_starts_are_one_tap_chips_by_continent(as_owner, after_game_1):
    html = as_owner.get(url(after_game_1), {"seat1_player": "Cid", "seat1_start": "Egypt", "seat2_player": "Dee"},
                        headers={"HX-Request": "true"}).content.decode()
    state = states.state(after_game_1)
    seat2 = re.findall(r'<input type="radio" name="seat2_start" value="([^"]+)"', html)
    assert set(seat2) == set(rules.legal_starts(state, "Dee", ["Egypt"]))
    # Seat 1 has chosen: its list is folded to the choice; seat 2 has not: its list is open.
    seat1_list = re.search(r'id="seat-1".*?<details class="start-list"( open)?>\s*<summary><strong>Egypt</strong>', html, re.S)
    assert seat1_list and not seat1_list.group(1)
    assert re.search(r'id="seat-2".*?<details class="start-list" open>', html, re.S)
