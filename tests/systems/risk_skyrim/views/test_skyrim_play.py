"""Risk: Skyrim's play form (games/new/ and games/<n>/correct/): logging each mode, the score
worked out by the rules as the form is filled (htmx preview, or Check without JavaScript),
every refusal beside its field with nothing saved, and a correction appended as an entry."""

import pytest
from django.urls import reverse

from campaigns import store
from campaigns.models import Membership
from campaigns.rules import play_log

from tests.conftest import load_journal
from tests.factories import CampaignFactory, MembershipFactory
from tests.systems.risk_skyrim.views.helpers import (
    CHAOS,
    DOVAHKIIN,
    games,
    new_url,
    now,
    play,
    refused,
    save,
    seat,
    slot,
)

HTMX = {"HX-Request": "true"}
PLAYERS = ["Ana", "Ben", "Cid", "Dee", "Eve"]


@pytest.fixture
def skyrim(owner):
    return CampaignFactory(name="Skyrim nights", system="risk-skyrim", owner=owner, players=PLAYERS)


@pytest.fixture
def logged(owner):
    """A campaign with the 8 plays of the test journal."""
    return store.import_journal(load_journal("risk_skyrim_plays.json"), owner=owner)




def correct_url(campaign, number):
    return reverse("play_correct", args=[campaign.slug, number])








CIVIL_WAR = play(
    "civil_war", 1,
    seat(1, "Ana", "Imperial"),
    seat(2, "Ben", "Stormcloak", eliminated_in_turn=9),
    seat(3, "Cid", "Forsworn"),
    civil_war_winner="1",
)








# Logging each mode ---------------------------------------------------------------------------


def test_the_form_shows_at_390px_fields_for_every_mode(as_owner, skyrim):
    html = as_owner.get(new_url(skyrim)).content.decode()
    assert "Log play 1" in html
    for words in ("Chaos", "Dovahkiin", "Civil War", "Territories", "Victory points", "Held all 48",
                  "2 to 5 players (Civil War: 3 to 5)"):
        assert words in html
    assert 'hx-post="%s"' % new_url(skyrim) in html and 'hx-trigger="change"' in html


def test_logging_a_chaos_play(as_owner, skyrim):
    response = save(as_owner, skyrim, CHAOS)
    assert response.status_code == 302
    [game] = games(skyrim)
    assert (game.mode, game.scores, game.winners) == ("chaos", {"Ana": 27, "Ben": 21}, ["Ana"])
    assert now(skyrim).play_data(1)["seats"][0] == {
        "player": "Ana", "faction": "Thalmor", "territories": 20, "forts": 4, "portals": 3,
    }


def test_a_chaos_play_with_dovahkiin_rules_is_logged_as_chaos_with_the_rules_noted(as_owner, skyrim):
    """docs/rules.md, 2026-12-01: Dovahkiin rules with Chaos victory conditions is a Chaos play."""
    assert "Played with Dovahkiin rules" in as_owner.get(new_url(skyrim)).content.decode()
    assert save(as_owner, skyrim, {**CHAOS, "dovahkiin_rules": "on"}).status_code == 302
    [game] = games(skyrim)
    assert (game.mode, game.dovahkiin_rules, game.winners) == ("chaos", True, ["Ana"])
    assert now(skyrim).play_data(1)["dovahkiin_rules"] is True
    page = as_owner.get(reverse("play_detail", args=[skyrim.slug, 1])).content.decode()
    assert "Chaos (Dovahkiin rules)" in page
    history = as_owner.get(reverse("history", args=[skyrim.slug])).content.decode()
    assert "Chaos (Dovahkiin rules)" in history


def test_the_dovahkiin_rules_box_is_written_on_a_chaos_play_only(as_owner, skyrim):
    assert save(as_owner, skyrim, {**DOVAHKIIN, "dovahkiin_rules": "on"}).status_code == 302
    assert "dovahkiin_rules" not in now(skyrim).play_data(1)
    assert now(skyrim).games[0].dovahkiin_rules is False


def test_a_dovahkiin_play_nobody_won_is_refused_pointing_to_chaos_with_dovahkiin_rules(as_owner, skyrim):
    nobody = play(
        "dovahkiin", 1,
        seat(1, "Ana", "Thalmor", victory_points=8, hero_alive="on"),
        seat(2, "Ben", "Orcs", victory_points=7, hero_alive="on"),
    )
    response = save(as_owner, skyrim, nobody)
    assert response.status_code == 200
    message = ("no seat has 10 or more victory points with its hero alive: a Dovahkiin game ends only when "
               "someone does (a game played with Dovahkiin rules but Chaos victory conditions is logged as a "
               "Chaos play, with Dovahkiin rules noted)")
    assert message in response.content.decode()
    assert games(skyrim) == [] and skyrim.entries.live().count() == 0


def test_a_seat_whose_player_was_cleared_is_left_out_with_what_it_still_shows(as_owner, skyrim):
    """The last play's seats are offered first: a player who is absent tonight is cleared from
    their seat, and the faction and counts the seat still shows are left out with them."""
    absent = {**CHAOS, **seat(3, "", "Imperial", territories=5, forts=1, portals=0)}
    response = save(as_owner, skyrim, absent)
    assert response.status_code == 302
    [game] = games(skyrim)
    assert [s["player"] for s in now(skyrim).play_data(1)["seats"]] == ["Ana", "Ben"]


def test_logging_a_dovahkiin_play(as_owner, skyrim):
    assert save(as_owner, skyrim, DOVAHKIIN).status_code == 302
    [game] = games(skyrim)
    assert (game.scores, game.winners) == ({"Ana": 10, "Ben": 8}, ["Ana"])
    assert now(skyrim).play_data(1)["seats"][1] == {
        "player": "Ben", "faction": "Orcs", "victory_points": 8, "hero_alive": True,
    }


def test_a_dovahkiin_play_with_two_10_point_heroes_asks_who_got_there_first(as_owner, skyrim):
    data = play(
        "dovahkiin", 1,
        seat(1, "Ana", "Thalmor", victory_points=10, hero_alive="on"),
        seat(2, "Ben", "Orcs", victory_points=11, hero_alive="on"),
    )
    html = save(as_owner, skyrim, data).content.decode()
    assert "Who got there first, at the end of their own turn?" in html
    assert "say which of them got there first" in html
    assert games(skyrim) == []
    assert save(as_owner, skyrim, {**data, "first_to_ten": "Ben"}).status_code == 302
    assert games(skyrim)[0].winners == ["Ben"]
    assert now(skyrim).play_data(1)["seats"][1]["won"] is True
    assert "won" not in now(skyrim).play_data(1)["seats"][0]


def test_logging_a_civil_war_play(as_owner, skyrim):
    assert save(as_owner, skyrim, CIVIL_WAR).status_code == 302
    [game] = games(skyrim)
    assert game.winners == ["Ana"]
    assert now(skyrim).play_data(1)["seats"][1] == {
        "player": "Ben", "faction": "Stormcloak", "territories": 0, "eliminated_in_turn": 9,
    }


def test_a_civil_war_plays_page_says_the_rules_winner_held_every_territory(as_owner, skyrim):
    save(as_owner, skyrim, CIVIL_WAR)
    html = as_owner.get(reverse("play_detail", args=[skyrim.slug, 1])).content.decode()
    assert "held all 48" in html and "the winner holds all 48." in html


def test_the_last_plays_seats_are_offered_first(as_owner, logged):
    html = as_owner.get(new_url(logged)).content.decode()
    assert "Log play 9" in html
    assert '<option value="Eve" selected>Eve</option>' in html
    assert '<option value="Forsworn" selected>Forsworn</option>' in html


# The preview ---------------------------------------------------------------------------------


def test_the_preview_partial_gives_the_score_and_the_winner(as_owner, skyrim):
    response = as_owner.post(new_url(skyrim), CHAOS, headers=HTMX)
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="sk-preview"')
    assert "Ana wins" in html and ">27<" in html and ">21<" in html
    assert games(skyrim) == []


def test_a_preview_that_carries_the_save_button_saves_nothing(as_owner, skyrim, logged):
    """htmx sends the last button that had the focus with a change: a Save only tabbed onto
    must score the play, never log it (a new play, or a correction)."""
    response = as_owner.post(new_url(skyrim), {**CHAOS, "save": "1"}, headers=HTMX)
    assert response.content.decode().lstrip().startswith('<section id="sk-preview"')
    assert games(skyrim) == []
    corrected = {**CHAOS, "number": 3, "save": "1"}
    before = len(logged.live_entries())
    assert as_owner.post(correct_url(logged, 3), corrected, headers=HTMX).status_code == 200
    assert len(logged.live_entries()) == before


def test_the_preview_shows_a_shared_chaos_win(as_owner, skyrim):
    data = play(
        "chaos", 1,
        seat(1, "Ana", "Thalmor", territories=20, forts=1, portals=0),
        seat(2, "Ben", "Orcs", territories=21, forts=0, portals=0),
    )
    html = as_owner.post(new_url(skyrim), data, headers=HTMX).content.decode()
    assert "Ana and Ben share the win" in html


def test_check_without_javascript_shows_the_same_preview_in_the_page(as_owner, skyrim):
    response = as_owner.post(new_url(skyrim), {**CHAOS, "check": "1"})
    html = response.content.decode()
    assert "<!doctype html>" in html and "Ana wins" in html
    assert games(skyrim) == []
    # The page comes back at the score, not at its top: Check posts to the score's #anchor.
    assert f'formaction="{new_url(skyrim)}#sk-preview">Check</button>' in html
    assert '<section id="sk-preview"' in html


def test_the_preview_says_what_stops_the_score(as_owner, skyrim):
    data = play("chaos", 1, seat(1, "Ana", "Thalmor", territories=20, forts=4, portals=3))
    html = as_owner.post(new_url(skyrim), data, headers=HTMX).content.decode()
    assert "Chaos is played by 2 to 5 players, not 1" in html


# Refusals: the rule beside its field, nothing saved -------------------------------------------




def test_refuses_more_forts_than_territories(as_owner, skyrim):
    data = {**CHAOS, slot(2, "forts"): 17}
    html = refused(as_owner, skyrim, data)
    assert "Ben holds 17 forts but only 16 territories: forts are in territories" in html
    assert f'id="id_{slot(2, "forts")}_error"' in html or f"id_{slot(2, 'forts')}" in html
    assert games(skyrim) == []


def test_refuses_more_portals_than_territories(as_owner, skyrim):
    html = refused(as_owner, skyrim, {**CHAOS, slot(1, "territories"): 2, slot(1, "forts"): 1})
    assert "Ana holds 3 portals but only 2 territories: portals are in territories" in html
    assert games(skyrim) == []


def test_refuses_more_than_48_territories_in_all(as_owner, skyrim):
    html = refused(as_owner, skyrim, {**CHAOS, slot(2, "territories"): 30})
    assert "the seats hold 50 territories in all, but Skyrim has only 48" in html
    assert games(skyrim) == []


def test_refuses_more_than_9_forts_in_all(as_owner, skyrim):
    html = refused(as_owner, skyrim, {**CHAOS, slot(2, "forts"): 6})
    assert "the seats hold 10 forts in all, but Skyrim has only 9" in html
    assert games(skyrim) == []


def test_refuses_more_than_9_portals_in_all(as_owner, skyrim):
    html = refused(as_owner, skyrim, {**CHAOS, slot(2, "portals"): 7})
    assert "the seats hold 10 portals in all, but Skyrim has only 9" in html
    assert games(skyrim) == []


def test_refuses_a_dovahkiin_play_nobody_won(as_owner, skyrim):
    html = refused(as_owner, skyrim, {**DOVAHKIIN, slot(1, "victory_points"): 9})
    assert "no seat has 10 or more victory points with its hero alive" in html
    assert games(skyrim) == []


def test_refuses_a_dovahkiin_winner_whose_hero_died(as_owner, skyrim):
    data = dict(DOVAHKIIN)
    del data[slot(1, "hero_alive")]  # the box left unticked
    html = refused(as_owner, skyrim, data)
    assert "no seat has 10 or more victory points with its hero alive" in html
    assert games(skyrim) == []


def test_refuses_a_civil_war_play_nobody_held_all_48(as_owner, skyrim):
    data = dict(CIVIL_WAR)
    del data["civil_war_winner"]
    html = refused(as_owner, skyrim, data)
    assert "In Civil War the winner holds all 48 territories, and no seat does" in html
    assert games(skyrim) == []


def test_refuses_an_eliminated_civil_war_winner(as_owner, skyrim):
    html = refused(as_owner, skyrim, {**CIVIL_WAR, slot(1, "eliminated_in_turn"): 4})
    assert "Ana holds all 48 territories, so was not eliminated" in html
    assert games(skyrim) == []


def test_refuses_a_civil_war_play_of_2_players(as_owner, skyrim):
    data = {key: value for key, value in CIVIL_WAR.items() if not key.startswith(slot(3, ""))}
    html = refused(as_owner, skyrim, data)
    assert "Civil War is played by 3 to 5 players, not 2" in html
    assert games(skyrim) == []


def test_refuses_a_play_of_1_player(as_owner, skyrim):
    data = {key: value for key, value in CHAOS.items() if not key.startswith(slot(2, ""))}
    html = refused(as_owner, skyrim, data)
    assert "Chaos is played by 2 to 5 players, not 1" in html
    assert games(skyrim) == []


def test_refuses_a_faction_twice(as_owner, skyrim):
    html = refused(as_owner, skyrim, {**CHAOS, slot(2, "faction"): "Thalmor"})
    assert "Ana already plays the Thalmor: each faction once a game" in html
    assert games(skyrim) == []


def test_refuses_a_player_twice(as_owner, skyrim):
    html = refused(as_owner, skyrim, {**CHAOS, slot(2, "player"): "Ana"})
    assert "Ana has two seats: one seat per player" in html
    assert games(skyrim) == []


def test_refuses_a_seat_without_its_counts(as_owner, skyrim):
    data = {key: value for key, value in CHAOS.items() if key != slot(2, "portals")}
    html = refused(as_owner, skyrim, data)
    assert "How many portals did Ben hold?" in html
    assert games(skyrim) == []


def test_a_refusal_focuses_its_field(as_owner, skyrim):
    html = refused(as_owner, skyrim, {**CHAOS, slot(2, "forts"): 17})
    assert f'name="{slot(2, "forts")}"' in html
    field = html[html.index(f'name="{slot(2, "forts")}"') - 300 : html.index(f'name="{slot(2, "forts")}"') + 300]
    assert "autofocus" in field and "aria-invalid" in field


def test_a_play_logged_meanwhile_on_another_phone_is_not_overwritten(as_owner, skyrim):
    save(as_owner, skyrim, CHAOS)
    html = refused(as_owner, skyrim, DOVAHKIIN)  # this phone still thought it logged play 1
    assert "Play 1 was logged on another phone just now, so nothing was saved" in html
    assert 'name="number" value="2"' in html
    assert len(games(skyrim)) == 1


def test_viewers_cannot_log(client, skyrim):
    viewer = MembershipFactory(campaign=skyrim, role=Membership.Role.VIEWER).user
    client.force_login(viewer)
    assert client.get(new_url(skyrim)).status_code == 403
    assert save(client, skyrim, CHAOS).status_code == 403
    assert games(skyrim) == []


# Correcting a play ---------------------------------------------------------------------------


def test_the_correction_form_is_filled_with_the_play(as_owner, logged):
    html = as_owner.get(correct_url(logged, 8)).content.decode()
    assert "Correct play 8" in html
    assert f'name="{slot(1, "territories")}" value="10"' in html
    assert "Save the correction" in html
    assert "share the win" in html  # its score shows at once


def test_a_correction_appends_the_correction_entry(as_owner, logged):
    data = play(
        "chaos", 8, {"seen": 0},
        seat(1, "Ana", "Thalmor", territories=12, forts=2, portals=2),
        seat(2, "Ben", "Orcs", territories=9, forts=1, portals=2),
    )
    assert save(as_owner, logged, data, correct_url(logged, 8)).status_code == 302
    state = now(logged)
    assert state.game(8).winners == ["Ana"]
    assert state.play_data(8)["seats"][0]["territories"] == 12
    assert state.is_corrected(8)
    last = logged.entries.live().order_by("-position").first()
    assert (last.kind, last.data["number"]) == ("correction", 8)
    assert len(state.games) == 8


def test_a_refused_correction_saves_nothing(as_owner, logged):
    data = play(
        "chaos", 8, {"seen": 0},
        seat(1, "Ana", "Thalmor", territories=12, forts=13, portals=2),
        seat(2, "Ben", "Orcs", territories=9, forts=1, portals=2),
    )
    html = refused(as_owner, logged, data, correct_url(logged, 8))
    assert "Ana holds 13 forts but only 12 territories" in html
    assert not now(logged).is_corrected(8)


def test_a_correction_made_meanwhile_on_another_phone_is_not_overwritten(as_owner, logged):
    first = play(
        "chaos", 8, {"seen": 0},
        seat(1, "Ana", "Thalmor", territories=12, forts=2, portals=2),
        seat(2, "Ben", "Orcs", territories=9, forts=1, portals=2),
    )
    save(as_owner, logged, first, correct_url(logged, 8))
    second = {**first, slot(1, "territories"): 3, slot(1, "forts"): 0, slot(1, "portals"): 0}
    html = refused(as_owner, logged, second, correct_url(logged, 8))
    assert "Play 8 was corrected on another phone just now, so nothing was saved" in html
    assert f'name="{slot(1, "territories")}" value="12"' in html and 'name="seen" value="1"' in html
    assert now(logged).corrections_of(8) == 1


def test_correcting_a_deleted_play_says_so(as_owner, logged):
    store.append(logged, [play_log.deletion_entry(8)])
    response = save(as_owner, logged, CHAOS, correct_url(logged, 8))
    assert response.status_code == 302
    assert not now(logged).is_corrected(8)
    html = as_owner.get(response.url).content.decode()
    assert "Play 8 was deleted, so there is nothing to correct." in html


def test_correcting_a_play_that_does_not_exist_is_a_404(as_owner, logged):
    assert as_owner.get(correct_url(logged, 99)).status_code == 404


# The setup helpers -------------------------------------------------------------------------


def help_url(campaign):
    return reverse("risk_skyrim_setup_help", args=[campaign.slug])


def test_setup_help_starting_units(as_owner, skyrim):
    html = as_owner.get(help_url(skyrim), {"mode": "dovahkiin", "players": "4"}).content.decode()
    assert "<strong>24</strong> units each" in html
    html = as_owner.get(help_url(skyrim), {"mode": "civil_war", "players": "3"}).content.decode()
    assert "<strong>40</strong> units each" in html


def test_setup_help_the_chaos_deal(as_owner, skyrim):
    html = as_owner.get(help_url(skyrim), {"mode": "chaos", "players": "2"}).content.decode()
    assert html.count("<td class=\"num\">18</td>") == 2 and "12 territories start neutral" in html
    html = as_owner.get(
        help_url(skyrim), {"mode": "chaos", "players": "5", "part": "start-result"}, headers=HTMX
    ).content.decode()
    assert html.lstrip().startswith('<div id="start-result"')
    assert html.count('<td class="num">9</td>') == 2 and html.count('<td class="num">10</td>') == 3


def test_setup_help_places_the_dovahkiin_dragons(as_owner, skyrim):
    """docs/rules.md, 2026-12-01: draw 4 territory cards and place a dragon on each (only the dragon
    occupies it); Chaos and Civil War have none."""
    html = as_owner.get(help_url(skyrim), {"mode": "dovahkiin", "players": "3"}).content.decode()
    assert ("Dragons: draw 4 territory cards and place a dragon on each of those territories. Only the dragon "
            "occupies it: no units go there.") in html
    for mode in ("chaos", "civil_war"):
        html = as_owner.get(help_url(skyrim), {"mode": mode, "players": "3"}).content.decode()
        assert "place a dragon" not in html


def test_setup_help_refuses_a_mode_it_does_not_know_and_places_no_dragon(as_owner, skyrim):
    html = as_owner.get(help_url(skyrim), {"mode": "dragons", "players": "3"}).content.decode()
    assert "Select a valid choice. dragons is not one of the available choices." in html
    assert "place a dragon" not in html


def test_setup_help_refuses_a_player_count_the_mode_does_not_allow(as_owner, skyrim):
    html = as_owner.get(help_url(skyrim), {"mode": "civil_war", "players": "2"}).content.decode()
    assert "Civil War is played by 3 to 5 players, not 2" in html


def test_setup_help_reinforcements(as_owner, skyrim):
    asked = {
        "territories": "14", "forts": "2", "region_bonus": "3",
        "card_set": "one_of_each", "traded_cards_held": "1", "part": "reinforcement-result",
    }
    html = as_owner.get(help_url(skyrim), asked, headers=HTMX).content.decode()
    assert html.lstrip().startswith('<div id="reinforcement-result"')
    assert "<strong>18</strong> units to place" in html  # 6 + 3 + 7 + 2


def test_setup_help_refuses_more_forts_than_territories(as_owner, skyrim):
    asked = {"territories": "2", "forts": "3", "region_bonus": "0", "traded_cards_held": "0"}
    html = as_owner.get(help_url(skyrim), asked).content.decode()
    assert "3 forts is more than the 2 a player can hold" in html


def test_setup_help_refuses_traded_cards_without_a_set(as_owner, skyrim):
    asked = {"territories": "9", "forts": "0", "region_bonus": "0", "traded_cards_held": "2"}
    html = as_owner.get(help_url(skyrim), asked).content.decode()
    assert "counts the traded cards whose territory you hold: 0 to 0" in html


def test_setup_help_counts_the_wildcard_set(as_owner, skyrim):
    """docs/rules.md, 2026-12-01: the "?" wildcard set, worth 1 unit."""
    html = as_owner.get(help_url(skyrim)).content.decode()
    assert '<option value="wildcard">Two “?” wildcards (1)</option>' in html
    asked = {"territories": "9", "forts": "0", "region_bonus": "0", "card_set": "wildcard", "traded_cards_held": "2"}
    html = as_owner.get(help_url(skyrim), asked).content.decode()
    assert "<strong>8</strong> units to place" in html and "1 for the card set" in html  # 3 + 1 + 4


def test_setup_help_refuses_three_held_cards_in_the_wildcard_set(as_owner, skyrim):
    before = skyrim.entries.live().count()
    asked = {"territories": "9", "forts": "0", "region_bonus": "0", "card_set": "wildcard", "traded_cards_held": "3"}
    html = as_owner.get(help_url(skyrim), asked).content.decode()
    assert "the “?” wildcard set is 2 cards: 0 to 2 of them can name a territory you hold, not 3" in html
    assert "units to place" not in html.split('id="reinforcement-result"')[1]
    assert skyrim.entries.live().count() == before


def test_another_systems_campaign_has_no_skyrim_setup_help(as_owner, campaign):
    assert as_owner.get(help_url(campaign)).status_code == 404


# A Dovahkiin play whose winner is written ("won": true) -----------------------------------


def test_correcting_a_play_with_a_stated_winner_asks_again_who_got_there_first(as_owner, owner):
    campaign = store.import_journal(load_journal("risk_skyrim_first_to_ten.json"), owner=owner)
    html = as_owner.get(correct_url(campaign, 1)).content.decode()
    assert "Ana and Ben have 10+ victory points and a living hero" in html
    assert 'value="Ben" id="id_first_2" checked' in html
    assert "Ben wins" in html
    assert f'name="{slot(3, "territories")}" value="14"' in html  # Dovahkiin's optional holdings kept


def test_a_stated_winner_is_dropped_when_only_one_seat_could_have_won(as_owner, owner):
    campaign = store.import_journal(load_journal("risk_skyrim_first_to_ten.json"), owner=owner)
    data = play(
        "dovahkiin", 1,
        seat(1, "Ana", "Thalmor", victory_points=9, hero_alive="on"),
        seat(2, "Ben", "Orcs", victory_points=11, hero_alive="on"),
        seat(3, "Cid", "Imperial", victory_points=12, territories=14, forts=2, portals=1),
        first_to_ten="Ben",
    )
    assert save(as_owner, campaign, {**data, "seen": 0}, correct_url(campaign, 1)).status_code == 302
    seats = now(campaign).play_data(1)["seats"]
    assert all("won" not in s for s in seats)
    assert seats[2] == {
        "player": "Cid", "faction": "Imperial", "victory_points": 12, "hero_alive": False,
        "territories": 14, "forts": 2, "portals": 1,
    }


def test_a_campaign_without_players_is_sent_to_add_them(as_owner, owner):
    campaign = CampaignFactory(name="Empty hall", system="risk-skyrim", owner=owner, players=[])
    html = as_owner.get(new_url(campaign)).content.decode()
    assert "add the players" in html
