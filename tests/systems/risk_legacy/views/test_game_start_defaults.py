"""Starting a game with few taps: last game's seats and factions are offered first, the previous
winner in seat 1; everything offered is still checked by the rules when the game is saved."""

import re

import pytest
from django.urls import reverse

from campaigns import states, store
from campaigns.models import Entry
from campaigns.rules import risk_legacy as rules
from campaigns.rules.base import Entry as RuleEntry

from tests.factories import PlayerFactory
from tests.journals import PLAYERS, SETUP, game_1_entries
from tests.rows import row_name, rows_post


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


def seat(number, part):
    """Seat `number`'s field `part` (from 1)."""
    return row_name("seats", number, part)


def seats(*seats, **extra):
    """The form's data for these seats (each a dict of player, faction, start), clockwise."""
    return rows_post("seats", list(seats)) | extra


def seated(html):
    return [(selected(html, seat(i, "player")), selected(html, seat(i, "faction"))) for i in range(1, 6)]


def test_after_a_game_its_players_and_factions_are_offered_from_the_winner_clockwise(as_owner, after_game_1):
    html = as_owner.get(url(after_game_1)).content.decode()
    assert seated(html) == [
        ("Cid", "Die Mechaniker"), ("Dee", "Imperial Balkania"),
        ("Ana", "Khan Industries"), ("Ben", "Enclave of the Bear"), ("", ""),
    ]
    assert "Seated as in game 1, Cid, who won it, in seat 1, each with the same faction" in html
    # The starts are still the players' to choose: none is chosen for them.
    assert not re.search(r'name="seats-\d-start" value="[^"]+" checked', html)


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
    data = seats({"player": "", "faction": ""}, {"player": "Dee", "faction": "Imperial Balkania"})
    html = as_owner.get(url(after_game_1), data, headers={"HX-Request": "true"}).content.decode()
    assert seated(html)[:2] == [("", ""), ("Dee", "Imperial Balkania")]
    assert "Seated as in game 1" not in html


def test_the_offered_seats_start_game_2_with_only_the_starts_chosen(as_owner, after_game_1):
    offered = rules.suggested_seats(states.state(after_game_1))
    starts = ["Egypt", "Peru", "Ural", "Japan"]
    data = seats(
        *({"player": player, "faction": faction, "start": start} for (player, faction), start in zip(offered, starts)),
        number="2", played_on="2026-09-10", save="1",
    )
    response = as_owner.post(url(after_game_1), data)
    assert response.status_code == 302
    game = Entry.objects.filter(campaign=after_game_1, kind="game").order_by("-position").first()
    assert [seat["player"] for seat in game.data["seats"]] == ["Cid", "Dee", "Ana", "Ben"]


def test_an_offered_seat_is_still_checked_by_the_rules(as_owner, after_game_1):
    data = seats({"player": "Cid", "faction": "Die Mechaniker", "start": "Egypt"},
                 {"player": "Dee", "faction": "Die Mechaniker", "start": "Peru"},
                 {"player": "Ana", "faction": "Khan Industries", "start": "Ural"},
                 number="2", played_on="2026-09-10", save="1")
    response = as_owner.post(url(after_game_1), data)
    assert response.status_code == 200
    assert "Die Mechaniker is already played by Cid in this game" in response.content.decode()


def test_a_seat_error_is_tied_to_its_field(as_owner, after_game_1):
    data = seats({"player": "Cid"}, number="2", played_on="2026-09-10", save="1")
    html = as_owner.post(url(after_game_1), data).content.decode()
    faction, start = seat(1, "faction"), seat(1, "start")
    assert re.search(rf'<select name="{faction}"[^>]*aria-describedby="id_{faction}_error"', html)
    assert re.search(rf'<fieldset class="field start-pick has-error" aria-describedby="id_{start}_error"', html)
    for part in ("faction", "start"):
        assert f'<ul class="errorlist" id="id_{seat(1, part)}_error"><li>' in html


def test_a_faction_left_on_a_seat_nobody_takes_is_ignored(as_owner, after_game_1):
    """Dee is away: clearing the player of the seat offered to her is enough."""
    data = seats({"player": "Cid", "faction": "Die Mechaniker", "start": "Egypt"},
                 {"player": "", "faction": "Imperial Balkania", "start": ""},
                 {"player": "Ana", "faction": "Khan Industries", "start": "Ural"},
                 {"player": "Ben", "faction": "Enclave of the Bear", "start": "Peru"},
                 number="2", played_on="2026-09-10", save="1")
    response = as_owner.post(url(after_game_1), data)
    assert response.status_code == 302
    game = Entry.objects.filter(campaign=after_game_1, kind="game").order_by("-position").first()
    assert [seat["player"] for seat in game.data["seats"]] == ["Cid", "Ana", "Ben"]


def test_the_legal_starts_are_one_tap_chips_by_continent(as_owner, after_game_1):
    html = as_owner.get(url(after_game_1), seats({"player": "Cid", "start": "Egypt"}, {"player": "Dee"}),
                        headers={"HX-Request": "true"}).content.decode()
    state = states.state(after_game_1)
    seat2 = re.findall(rf'<input type="radio" name="{seat(2, "start")}" value="([^"]+)"', html)
    assert set(seat2) == set(rules.legal_starts(state, "Dee", ["Egypt"]))
    # Seat 1 has chosen: its list is folded to the choice; seat 2 has not: its list is open.
    seat1_list = re.search(r'id="seat-1".*?<details class="start-list"( open)?>\s*<summary><strong>Egypt</strong>', html, re.S)
    assert seat1_list and not seat1_list.group(1)
    assert re.search(r'id="seat-2".*?<details class="start-list" open>', html, re.S)
