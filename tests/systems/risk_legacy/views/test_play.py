"""The game-night page: events during a game, its end, the rewards and naming the world,
all through forms that append one entry each (or show the rule broken, saving nothing)."""

import threading

import pytest
from django.db import connection
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaigns import states, store
from campaigns.models import Campaign
from campaigns.rules import journal
from campaigns.rules import risk_legacy as rl
from campaigns.rules.base import Entry, RuleError

from tests.conftest import load_journal
from tests.factories import CampaignFactory, UserFactory, held_on_to_choose
from tests.journal_files import RULES
from tests.systems.risk_legacy.views.helpers import (
    NAME,
    campaign_at,
    end_data,
    entries,
    game_ended,
    playing,
    post,
    state_now,
)

# Events -----------------------------------------------------------------------------------


def test_the_table_page_offers_the_event_forms_while_a_game_is_in_progress(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    html = client.get(reverse("play", args=[campaign.slug])).content.decode()
    assert "Game 1 in progress" in html
    for title in ("A scar was placed", "Fortification boxes ticked", "A city was placed", "A player was eliminated",
                  "Missiles fired in one combat", "Troops recruited while holding a Missile", "A sealed packet was opened"):
        assert title in html
    assert reverse("game_end", args=[campaign.slug]) in html


def test_a_scar_is_recorded(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    response = post(client, "event_add", campaign,
                    {"event_type": "scar", "scar-player": "Cid", "scar-territory": "Siberia", "scar-scar": "Bunker"})
    assert response.status_code == 302
    assert state_now(campaign).territories["Siberia"].scar == "Bunker"


def test_a_second_scar_on_a_territory_is_refused_beside_the_field_and_nothing_is_saved(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    post(client, "event_add", campaign,
         {"event_type": "scar", "scar-player": "Cid", "scar-territory": "Siberia", "scar-scar": "Bunker"})
    before = entries(campaign)
    response = post(client, "event_add", campaign,
                    {"event_type": "scar", "scar-player": "Ana", "scar-territory": "Siberia", "scar-scar": "Ammo Shortage"})
    assert response.status_code == 200
    form = next(f for f in response.context["event_forms"] if f.event_type == "scar")
    assert form.errors["territory"] == [
        "Siberia already has a scar (Bunker): a scar cannot cover a scar unless a card or packet says it may"
    ]
    assert "a scar cannot cover a scar" in response.content.decode()
    assert entries(campaign) == before


def test_recruitment_by_a_player_without_a_missile_is_refused(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    html = client.get(reverse("play", args=[campaign.slug])).content.decode()
    assert "Nobody at the table has a Missile: Missiles come from signing the victor&#x27;s section." in html
    before = entries(campaign)
    response = post(client, "event_add", campaign,
                    {"event_type": "recruitment", "recruitment-player": "Ana", "recruitment-troops": "31"})
    form = next(f for f in response.context["event_forms"] if f.event_type == "recruitment")
    assert "player" in form.errors and entries(campaign) == before
    assert "Nobody at the table has a Missile" in response.content.decode()  # the form's place says why


def test_an_elimination_prompts_for_its_packet_until_it_is_opened(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    post(client, "event_add", campaign, {"event_type": "elimination", "elimination-player": "Eve"})
    html = client.get(reverse("play", args=[campaign.slug])).content.decode()
    assert "Open the packet marked “a player is eliminated (the first time)” now." in html
    post(client, "packet_add", campaign, {"packet-name": "A player is eliminated (the first time)",
                                          "packet-scar_type": "Biohazard", "packet-scar_effect": "Lose 1 troop."})
    html = client.get(reverse("play", args=[campaign.slug])).content.decode()
    assert "Open the packet marked" not in html
    assert state_now(campaign).scar_type("Biohazard") is not None


def test_a_tap_on_a_packet_prompt_fills_the_packet_form(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    post(client, "event_add", campaign, {"event_type": "elimination", "elimination-player": "Eve"})
    html = client.get(reverse("play", args=[campaign.slug])).content.decode()
    prompt = f'href="{reverse("play", args=[campaign.slug])}?packet=first_elimination#packet-form"'
    assert prompt in html
    response = client.get(reverse("play", args=[campaign.slug]), {"packet": "first_elimination"})
    html = response.content.decode()
    form = response.context["packet_form"]
    assert form.initial["name"] == "A player is eliminated (the first time)"
    assert 'value="A player is eliminated (the first time)"' in html and 'id="packet-form"' in html
    assert response.context["open_form"] == "packet"
    # A condition not prompted (or unknown) fills nothing: the page as usual.
    for other in ("second_signature", "nonsense"):
        response = client.get(reverse("play", args=[campaign.slug]), {"packet": other})
        html = response.content.decode()
        assert response.status_code == 200 and 'id="packet-form"' in html
        assert 'name="packet-name" value=' not in html  # the name left blank


def test_a_packet_needs_the_new_scars_effect(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    before = entries(campaign)
    response = post(client, "packet_add", campaign, {"packet-name": "Second signature", "packet-scar_type": "Biohazard"})
    assert response.context["packet_form"].errors["scar_effect"]
    assert entries(campaign) == before


# The end of a game ------------------------------------------------------------------------




def test_ending_a_game_with_two_winners_is_refused_and_nothing_is_saved(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    response = post(client, "game_end", campaign, end_data(["won", "won", "held_on", "held_on", "held_on"]))
    assert response.status_code == 200
    assert "A game has exactly one winner, not 2 (Ana and Ben)" in response.content.decode()
    assert state_now(campaign).phase == rl.PHASE_PLAYING


def test_an_end_of_game_without_a_seat_s_result_names_it_beside_its_field(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    before = entries(campaign)
    response = post(client, "game_end", campaign, end_data(["won", "held_on", "held_on", "held_on"]))
    html = response.content.decode()
    seat = state_now(campaign).last_game.seats[4]
    message = f"How did {seat.player} end the game: won, held on or eliminated?"
    assert response.context["form"].errors["result_4"] == [message]
    assert '<fieldset aria-describedby="id_result_4_error">' in html
    assert f'<ul class="errorlist" id="id_result_4_error"><li>{message}</li></ul>' in html
    assert "This field is required" not in html and entries(campaign) == before


def test_a_reward_without_a_choice_or_its_target_names_what_is_missing(client, owner):
    campaign = game_ended(owner)
    client.force_login(owner)
    before = entries(campaign)
    response = post(client, "reward_add", campaign, {"player": "Ben"})
    html = response.content.decode()
    assert response.context["reward_form"].errors["choice"] == ["Choose Ben's reward."]
    assert 'aria-describedby="id_reward-choice_error"' in html and 'id="id_reward-choice_error"' in html
    response = post(client, "reward_add", campaign, {"player": "Ben", "reward-choice": "found_major_city"})
    errors = response.context["reward_form"].errors
    assert errors["found_major_city__territory"] == ["Territory for the Major City? Choose one to found a Major City."]
    assert errors["found_major_city__name"] == ["Major City's name? Write it to found a Major City."]
    html = response.content.decode()
    assert 'aria-describedby="id_reward-found_major_city__territory_error"' in html
    assert "This field is required" not in html and entries(campaign) == before


def test_a_territory_controlled_by_two_players_is_refused(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    control = [["Egypt"], ["Egypt"], [], [], []]
    response = post(client, "game_end", campaign, end_data(["held_on", "won", "held_on", "held_on", "held_on"], control))
    assert response.status_code == 200
    assert response.context["form"].errors["log_control"]
    assert state_now(campaign).phase == rl.PHASE_PLAYING


def test_ending_a_game_opens_the_rewards_with_the_winner_first(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    response = post(client, "game_end", campaign, end_data(["held_on", "won", "held_on", "eliminated", "held_on"]))
    assert response.status_code == 302
    html = client.get(reverse("play", args=[campaign.slug])).content.decode()
    assert "Ben won: sign and choose one" in html
    assert "Dee was eliminated and gets nothing." in html
    assert state_now(campaign).reward_queue == ["Ben", "Cid", "Eve", "Ana"]


# Rewards ----------------------------------------------------------------------------------


def test_the_winners_form_offers_only_valid_targets(client, owner):
    campaign = game_ended(owner)
    client.force_login(owner)
    form = client.get(reverse("play", args=[campaign.slug])).context["reward_form"]
    assert [kind for kind, _ in form.fields["choice"].choices] == list(rl.WINNER_CHOICES)
    assert form.fields["cancel_scar__territory"].choices == [("", "Choose…"), ("Asia", [("Siberia", "Siberia")])]


def test_the_winner_signs_and_names_a_continent(client, owner):
    campaign = game_ended(owner)
    client.force_login(owner)
    response = post(client, "reward_add", campaign, {
        "player": "Ben", "reward-choice": "name_continent", "reward-comment": "First blood",
        "reward-name_continent__continent": "South America", "reward-name_continent__name": "Awesometonia",
    })
    assert response.status_code == 302
    state = state_now(campaign)
    assert state.continents["South America"].name == "Awesometonia"
    assert state.victors[0].comment == "First blood"


def test_a_reward_that_breaks_a_rule_is_refused_beside_its_field(client, owner):
    campaign = game_ended(owner)
    client.force_login(owner)
    post(client, "reward_add", campaign, {
        "player": "Ben", "reward-choice": "name_continent",
        "reward-name_continent__continent": "South America", "reward-name_continent__name": "Awesometonia",
    })
    before = entries(campaign)
    response = post(client, "reward_add", campaign, {
        "player": "Cid", "reward-choice": "found_minor_city",
        "reward-found_minor_city__territory": "Peru", "reward-found_minor_city__name": "Lima",
    })
    assert response.status_code == 200
    assert response.context["reward_form"].errors["found_minor_city__territory"] == [
        "Select a valid choice. Peru is not one of the available choices."
    ]
    assert entries(campaign) == before


def test_a_refusal_from_the_rules_layer_shows_beside_the_field(client, owner):
    ends = iter(range(2))
    campaign = campaign_at(owner, lambda e: e.kind == "game_end" and next(ends) == 1)  # game 2 over
    winner = state_now(campaign).last_game.winner
    client.force_login(owner)
    before = entries(campaign)
    response = post(client, "reward_add", campaign, {
        "player": winner, "reward-choice": "name_continent",
        "reward-name_continent__continent": "Europe", "reward-name_continent__name": "awesometonia",
    })
    assert response.status_code == 200
    errors = response.context["reward_form"].errors["name_continent__name"]
    assert errors == ["Name a continent: Awesometonia is already the name of South America: a continent's name is unique"]
    assert entries(campaign) == before


def test_a_held_on_player_passes(client, owner):
    campaign = game_ended(owner)
    client.force_login(owner)
    post(client, "reward_add", campaign, {
        "player": "Ben", "reward-choice": "destroy_territory_card", "reward-destroy_territory_card__territory": "Siam",
    })
    post(client, "reward_add", campaign, {"player": "Cid", "reward-choice": "pass"})
    assert state_now(campaign).reward_queue == ["Dee", "Eve", "Ana"]


def test_a_reward_recorded_by_another_phone_first_gives_a_clear_message(client, owner):
    campaign = game_ended(owner)
    client.force_login(owner)
    data = {"player": "Ben", "reward-choice": "destroy_territory_card", "reward-destroy_territory_card__territory": "Siam"}
    post(client, "reward_add", campaign, data)
    response = client.post(reverse("reward_add", args=[campaign.slug]), data, follow=True)
    assert response.status_code == 200
    shown = [str(message) for message in response.context["messages"]]
    assert "Ben has already chosen the winner's reward. The campaign has moved on since your page was loaded; here it is now." in shown


# Naming the world -------------------------------------------------------------------------


def test_the_world_is_named_after_a_roll_off_on_a_tie(client, owner):
    data = load_journal(NAME)
    world = data.pop("world")
    campaign = store.import_journal(data, owner=owner)
    client.force_login(owner)
    form = client.get(reverse("play", args=[campaign.slug])).context["world_form"]
    assert form.tied and set(form.namers) == set(world["roll_off"])
    losing = {f"world-roll_{player}": 1 if player == world["named_by"] else 6 for player in form.namers}
    response = post(client, "world_name", campaign, {"world-name": "Gaia", "world-named_by": world["named_by"], **losing})
    assert response.status_code == 200
    assert "roll again" in response.content.decode() or "highest" in response.content.decode()
    rolls = {f"world-roll_{player}": roll for player, roll in world["roll_off"].items()}
    response = post(client, "world_name", campaign, {"world-name": world["name"], "world-named_by": world["named_by"], **rolls})
    assert response.status_code == 302
    assert state_now(campaign).world.name == world["name"]


# Live updates ------------------------------------------------------------------------------


def test_live_answers_204_while_nothing_changed_and_the_fresh_status_after_a_write(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    url = reverse("live", args=[campaign.slug])
    version = Campaign.objects.get(pk=campaign.pk).journal_version
    assert client.get(url, {"v": version}).status_code == 204
    store.append(campaign, [Entry("event", {"type": "elimination", "player": "Eve"})], owner)
    response = client.get(url, {"v": version}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.content.decode()
    assert '<section id="play-live"' in html
    # The whole page, which the poll morphs into #main: the status, the recent entries and the forms.
    assert '<main id="main"' in html and '<section id="play-recent" class="card recent-card">' in html
    assert 'action="/campaigns/' in html and "During the game" in html
    assert "Updated just now: Eve was eliminated" in html
    assert "Eve was eliminated" in html
    assert f"v={version + 1}" in html


def test_a_viewer_sees_the_game_but_no_forms(client, owner, viewer):
    campaign = playing(owner)
    campaign.memberships.create(user=viewer, role="viewer")
    client.force_login(viewer)
    html = client.get(reverse("play", args=[campaign.slug])).content.decode()
    assert "Game 1 in progress" in html
    assert "A scar was placed" not in html


def test_the_table_page_is_for_risk_legacy_only(client, owner, journal_data):
    campaign = store.import_journal(journal_data("captain_america_plays.json"), owner=owner)
    client.force_login(owner)
    assert client.get(reverse("play", args=[campaign.slug])).status_code == 404


# Two phones at once ------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_two_phones_placing_the_last_minor_city_at_once_place_it_once():
    owner = UserFactory()
    campaign = playing(owner)
    # Use up eight of the nine Minor City stickers through card-placed cities.
    free = [t for t in rl.TERRITORIES if states.state(campaign).territories[t].city is None]
    seated = "Ana"
    store.append(campaign, [Entry("event", {"type": "city", "territory": t, "kind": "minor", "name": f"Town {i}",
                                            "player": seated}) for i, t in enumerate(free[:8])], owner)
    assert state_now(campaign).supplies.minor_cities == 1
    barrier = threading.Barrier(2)
    outcomes = []

    def phone(territory):
        try:
            mine = Campaign.objects.get(pk=campaign.pk)
            barrier.wait()
            store.append(mine, [Entry("event", {"type": "city", "territory": territory, "kind": "minor",
                                                "name": "Last", "player": seated})], owner)
            outcomes.append("saved")
        except RuleError as error:
            outcomes.append(error.message)
        finally:
            connection.close()

    threads = [threading.Thread(target=phone, args=(t,)) for t in free[8:10]]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["No Minor City stickers are left", "saved"]
    assert states.state(Campaign.objects.get(pk=campaign.pk)).supplies.minor_cities == 0


# Random input never breaks a form ---------------------------------------------------------

form_values = st.one_of(st.text(max_size=30), st.sampled_from(["Ana", "Ben", "Siberia", "Peru", "1", "-3", "999", ""]))


@pytest.mark.slow
@pytest.mark.django_db
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(event_type=st.sampled_from(["scar", "fortification_box", "city", "elimination", "missiles", "recruitment", "nope"]),
       values=st.dictionaries(st.sampled_from(["player", "territory", "scar", "count", "kind", "name", "troops"]),
                              form_values, max_size=7))
def test_event_forms_fed_random_input_never_answer_500(client, owner, event_type, values):
    campaign = Campaign.objects.filter(name="Random events").first() or _named(playing(owner), "Random events")
    client.force_login(owner)
    data = {"event_type": event_type, **{f"{event_type}-{k}": v for k, v in values.items()}}
    assert post(client, "event_add", campaign, data).status_code in (200, 302, 404)


@pytest.mark.slow
@pytest.mark.django_db
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(player=form_values, choice=st.sampled_from([*rl.WINNER_CHOICES, *rl.HELD_ON_CHOICES, "pass", "x"]),
       values=st.dictionaries(st.sampled_from(["territory", "continent", "name", "delta", "faction_name"]),
                              form_values, max_size=5))
def test_reward_forms_fed_random_input_never_answer_500(client, owner, player, choice, values):
    campaign = Campaign.objects.filter(name="Random rewards").first() or _named(game_ended(owner), "Random rewards")
    client.force_login(owner)
    data = {"player": player, "reward-choice": choice, **{f"reward-{choice}__{k}": v for k, v in values.items()}}
    assert post(client, "reward_add", campaign, data).status_code in (200, 302)


def _named(campaign, name):
    Campaign.objects.filter(pk=campaign.pk).update(name=name)
    return campaign


@pytest.mark.parametrize("name", ["game_start", "setup_edit", "recruitment", "board", "history"])
def test_a_boosted_link_gets_the_whole_page_not_a_fragment(client, owner, name):
    campaign = game_ended(owner)
    client.force_login(owner)
    response = client.get(reverse(name, args=[campaign.slug]), headers={"HX-Request": "true", "HX-Boosted": "true"})
    assert response.status_code == 200
    assert '<main id="main"' in response.content.decode()


@pytest.mark.slow
@pytest.mark.django_db
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(values=st.dictionaries(
    st.sampled_from([*(f"result_{i}" for i in range(6)), *(f"control_{i}" for i in range(6)), "log_control"]),
    st.one_of(form_values, st.sampled_from(["won", "held_on", "eliminated", "on"])), max_size=12))
def test_the_end_of_game_form_fed_random_input_never_answers_500(client, owner, values):
    campaign = Campaign.objects.filter(name="Random ends").first() or _named(playing(owner), "Random ends")
    client.force_login(owner)
    assert post(client, "game_end", campaign, values).status_code in (200, 302)


@pytest.mark.slow
@pytest.mark.django_db
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(values=st.dictionaries(st.sampled_from(["name", "scar_type", "scar_effect", "world_capital", "notes"]),
                              form_values, max_size=5))
def test_the_packet_form_fed_random_input_never_answers_500(client, owner, values):
    campaign = Campaign.objects.filter(name="Random packets").first() or _named(playing(owner), "Random packets")
    client.force_login(owner)
    assert post(client, "packet_add", campaign, {f"packet-{k}": v for k, v in values.items()}).status_code in (200, 302)


@pytest.mark.slow
@pytest.mark.django_db
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(values=st.dictionaries(st.sampled_from(["name", "named_by", "roll_Ana", "roll_Ben", "roll_Cid"]),
                              form_values, max_size=5))
def test_the_world_form_fed_random_input_never_answers_500(client, owner, values):
    campaign = Campaign.objects.filter(name="Random worlds").first()
    if campaign is None:
        data = load_journal(NAME)
        data.pop("world")
        data["name"] = "Random worlds"
        campaign = store.import_journal(data, owner=owner)
    client.force_login(owner)
    assert post(client, "world_name", campaign, {f"world-{k}": v for k, v in values.items()}).status_code in (200, 302)


# The rulebook's corrections ----------------------------------------------------------------


SIBERIA_SCAR = {"event_type": "scar", "scar-player": "Cid", "scar-territory": "Siberia", "scar-scar": "Bunker"}


def game_2_playing(owner):
    """Game 2 started: Ben signed game 1, so one Missile is at the table."""
    return campaign_at(owner, lambda e: e.kind == "game" and e.data["number"] == 2)


def test_event_forms_start_with_nothing_chosen_so_a_stray_record_logs_nothing(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    html = client.get(reverse("play", args=[campaign.slug])).content.decode()
    assert '<select name="scar-territory"' in html
    assert html.count('<option value="" selected>Choose…</option>') >= 5
    before = entries(campaign)
    for event_type in ("scar", "city", "elimination"):
        response = post(client, "event_add", campaign, {"event_type": event_type})
        assert response.status_code == 200
    assert entries(campaign) == before


def test_the_scar_list_puts_scarred_territories_apart_and_the_card_lets_a_scar_cover_one(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    post(client, "event_add", campaign,
         {"event_type": "scar", "scar-player": "Cid", "scar-territory": "Siberia", "scar-scar": "Bunker"})
    form = next(f for f in client.get(reverse("play", args=[campaign.slug])).context["event_forms"]
                if f.event_type == "scar")
    groups = dict(form.fields["territory"].choices[1:])
    scarred = [name for name, _ in groups["Already scarred (only if the card allows it)"]]
    assert "Siberia" in scarred and "Siberia" not in [name for name, _ in groups["Asia"]]
    response = post(client, "event_add", campaign, {
        "event_type": "scar", "scar-player": "Ana", "scar-territory": "Siberia", "scar-scar": "Ammo Shortage",
        "scar-allowed_by_card": "on",
    })
    assert response.status_code == 302
    state = state_now(campaign)
    assert state.territories["Siberia"].scar == "Ammo Shortage"
    assert state.last_game.events[-1]["allowed_by_card"] is True


def test_a_second_scar_by_the_same_player_is_refused_without_the_card_and_saved_with_it(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    post(client, "event_add", campaign, SIBERIA_SCAR)
    form = next(f for f in client.get(reverse("play", args=[campaign.slug])).context["event_forms"]
                if f.event_type == "scar")
    groups = dict(form.fields["player"].choices[1:])
    assert [name for name, _ in groups["Already placed a scar this game (only if the card allows it)"]] == ["Cid"]
    before = entries(campaign)
    second = {"event_type": "scar", "scar-player": "Cid", "scar-territory": "Peru", "scar-scar": "Ammo Shortage"}
    response = post(client, "event_add", campaign, second)
    assert response.status_code == 200
    message = ("Cid has already placed a scar in game 1: each player is dealt one Scar card a game, so places one "
               "scar, unless a card or packet lets them place another")
    assert next(f for f in response.context["event_forms"] if f.event_type == "scar").errors["player"] == [message]
    assert message in response.content.decode()
    assert entries(campaign) == before
    assert post(client, "event_add", campaign, second | {"scar-allowed_by_card": "on"}).status_code == 302
    assert state_now(campaign).territories["Peru"].scar == "Ammo Shortage"


def test_a_city_on_a_city_is_refused_without_the_card_and_saved_with_it(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    city = {"event_type": "city", "city-player": "Ana", "city-territory": "Peru", "city-kind": "minor"}
    assert post(client, "event_add", campaign, city | {"city-name": "Lima"}).status_code == 302
    before = entries(campaign)
    response = post(client, "event_add", campaign, city | {"city-player": "Ben", "city-name": "Lima Two"})
    assert response.status_code == 200
    form = next(f for f in response.context["event_forms"] if f.event_type == "city")
    message = ("Peru already has a city (Lima, founded in game 1): a city cannot cover a city unless a card or "
               "packet says it may")
    assert form.errors["territory"] == [message]
    assert message in response.content.decode()
    assert entries(campaign) == before
    covering = city | {"city-player": "Ben", "city-name": "Lima Two", "city-allowed_by_card": "on"}
    assert post(client, "event_add", campaign, covering).status_code == 302
    state = state_now(campaign)
    assert state.territories["Peru"].city.name == "Lima Two"
    assert state.last_game.events[-1]["allowed_by_card"] is True


def test_the_fortification_form_says_when_no_city_can_take_a_box(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    assert rl.fortification_box_targets(state_now(campaign)) == []
    html = client.get(reverse("play", args=[campaign.slug])).content.decode()
    assert "No city on the board is fortified: there is no box to tick." in html
    assert 'name="fortification_box-territory"' not in html


def test_a_fired_missile_cannot_be_fired_again(client, owner):
    campaign = game_2_playing(owner)
    client.force_login(owner)
    assert post(client, "event_add", campaign, {"event_type": "missiles", "missiles-count": "1"}).status_code == 302
    before = entries(campaign)
    response = post(client, "event_add", campaign, {"event_type": "missiles", "missiles-count": "1"})
    form = next(f for f in response.context["event_forms"] if f.event_type == "missiles")
    assert form.errors["count"] == [
        "No Missile is left unfired in game 2: the only Missile in play has been fired, and a fired Missile is spent"
    ]
    assert "Every Missile at the table has been fired: a fired Missile is spent." in response.content.decode()
    assert entries(campaign) == before
    html = client.get(reverse("play", args=[campaign.slug])).content.decode()
    assert 'name="recruitment-player"' not in html  # nobody holds an unfired Missile now
    response = post(client, "event_add", campaign,
                    {"event_type": "recruitment", "recruitment-player": "Ben", "recruitment-troops": "31"})
    assert response.status_code == 200
    form = next(f for f in response.context["event_forms"] if f.event_type == "recruitment")
    assert "player" in form.errors and entries(campaign) == before
    # The form is replaced by why nobody can use it.
    assert "Every Missile at the table has been fired: a fired Missile is spent." in response.content.decode()
    assert "recruit_30" not in state_now(campaign).conditions_met


def game_3_playing(owner):
    """Game 3 started: Ana (seat 1) signed game 2 and Ben (seat 2) game 1, one Missile each."""
    return campaign_at(owner, lambda e: e.kind == "game" and e.data["number"] == 3)


def missiles_form(response):
    return next(f for f in response.context["event_forms"] if f.event_type == "missiles")


def test_the_missiles_form_asks_who_fired_and_the_journal_names_them(client, owner):
    campaign = game_3_playing(owner)
    client.force_login(owner)
    html = client.get(reverse("play", args=[campaign.slug])).content.decode()
    assert "Fired by Ana" in html and "Fired by Ben" in html and "Fired by Cid" not in html
    fired = {"event_type": "missiles", "missiles-count": "1", "missiles-by_1": "1"}
    assert post(client, "event_add", campaign, fired).status_code == 302
    state = state_now(campaign)
    assert state.last_game.events[-1] == {"type": "missiles", "count": 1, "by": {"Ben": 1}}
    assert rl.missile_holders(state, state.last_game) == ["Ana"]
    html = client.get(reverse("play", args=[campaign.slug])).content.decode()
    assert "Recorded: 1 Missile fired by Ben in one combat." in html


def test_a_player_firing_a_missile_they_no_longer_hold_is_refused_beside_them_and_nothing_saved(client, owner):
    campaign = game_3_playing(owner)
    client.force_login(owner)
    post(client, "event_add", campaign, {"event_type": "missiles", "missiles-count": "1", "missiles-by_1": "1"})
    before = entries(campaign)
    response = post(client, "event_add", campaign,
                    {"event_type": "missiles", "missiles-count": "1", "missiles-by_1": "1"})
    assert response.status_code == 200
    message = "Ben holds no unfired Missile: their only Missile has been fired in game 3"
    assert missiles_form(response).errors["by_1"] == [message]
    assert message in response.content.decode()
    assert entries(campaign) == before


def test_who_fired_must_add_up_to_the_missiles_of_the_combat(client, owner):
    campaign = game_3_playing(owner)
    client.force_login(owner)
    before = entries(campaign)
    response = post(client, "event_add", campaign,
                    {"event_type": "missiles", "missiles-count": "2", "missiles-by_0": "1"})
    assert missiles_form(response).errors["count"] == [
        "The Missiles named add up to 1, not the 2 fired in this combat: say how many each player fired"
    ]
    assert entries(campaign) == before


def test_a_red_star_taken_is_logged_and_the_history_says_it_in_words(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    html = client.get(reverse("play", args=[campaign.slug])).content.decode()
    assert "A Red Star was taken (an HQ captured)" in html and "Ben (1 HQ held)" in html
    taken = {"event_type": "red_star", "red_star-player": "Ana", "red_star-from": "Ben"}
    assert post(client, "event_add", campaign, taken).status_code == 302
    assert state_now(campaign).last_game.events[-1] == {"type": "red_star", "player": "Ana", "from": "Ben"}
    history = client.get(reverse("history", args=[campaign.slug])).content.decode()
    assert "Ana took a Red Star from Ben, capturing an HQ" in history
    board = client.get(reverse("board", args=[campaign.slug])).content.decode()
    assert "Ana took a Red Star from Ben, capturing an HQ" in board


def test_a_red_star_from_a_player_without_an_hq_is_refused_beside_it_and_nothing_saved(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    post(client, "event_add", campaign, {"event_type": "red_star", "red_star-player": "Ana", "red_star-from": "Ben"})
    before = entries(campaign)
    response = post(client, "event_add", campaign,
                    {"event_type": "red_star", "red_star-player": "Cid", "red_star-from": "Ben"})
    assert response.status_code == 200
    message = ("Ben holds no HQ now, so has no Red Star to take: a Red Star is taken by capturing an HQ "
               "(Red Star tokens never change hands)")
    form = next(f for f in response.context["event_forms"] if f.event_type == "red_star")
    assert form.errors["from"] == [message]
    assert message in response.content.decode()
    assert entries(campaign) == before


def test_a_held_on_player_with_no_territory_is_refused_at_the_end(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    before = entries(campaign)
    control = [["Egypt"], ["Peru"], ["Ural"], [], ["Japan"]]
    response = post(client, "game_end", campaign, end_data(["held_on", "won", "held_on", "held_on", "held_on"], control))
    assert response.status_code == 200
    message = ("Dee held on but controls no territory at the end: a player with no troops left when the game ends "
               "is eliminated")
    assert response.context["form"].errors["log_control"] == [message]
    assert message in response.content.decode()
    assert state_now(campaign).phase == rl.PHASE_PLAYING
    assert entries(campaign) == before


def test_a_packet_is_recorded_during_the_rewards(client, owner):
    campaign = game_ended(owner)
    client.force_login(owner)
    html = client.get(reverse("play", args=[campaign.slug])).content.decode()
    assert "A sealed packet was opened" in html and reverse("packet_add", args=[campaign.slug]) in html
    response = post(client, "packet_add", campaign, {"packet-name": "Do not open. Ever.", "packet-notes": "Oops."})
    assert response.status_code == 302
    assert state_now(campaign).opened_packets[-1].name == "Do not open. Ever."


def test_a_packet_before_the_first_game_is_refused_with_the_reason_and_nothing_saved(client, owner):
    campaign = campaign_at(owner, lambda e: e.kind == "setup")
    client.force_login(owner)
    page = client.get(reverse("play", args=[campaign.slug])).content.decode()
    assert reverse("packet_add", args=[campaign.slug]) not in page  # no packet form before game 1
    before = entries(campaign)
    response = post(client, "packet_add", campaign, {"packet-name": "Do not open. Ever.", "packet-notes": "Oops."})
    assert response.status_code == 302
    html = client.get(response["Location"]).content.decode()
    assert "Packets are opened during or after a game: no game has been logged yet." in html
    assert entries(campaign) == before and state_now(campaign).opened_packets == []


def test_the_world_waits_for_every_game_15_reward(client, owner):
    campaign = CampaignFactory(after=14, until=held_on_to_choose, owner=owner)
    client.force_login(owner)
    assert client.get(reverse("play", args=[campaign.slug])).context.get("world_form") is None
    before = entries(campaign)
    response = post(client, "world_name", campaign, {"world-name": "Gaia", "world-named_by": "Ana"})
    assert response.status_code == 302
    html = client.get(response["Location"]).content.decode()
    assert "The world is named once every reward of game 15 is chosen or passed" in html
    assert entries(campaign) == before and state_now(campaign).world is None


def test_only_games_after_the_fifteenth_are_said_to_give_no_rewards(client, owner, risk_campaign):
    client.force_login(owner)
    assert state_now(risk_campaign).next_game_number == rl.LAST_REWARD_GAME + 1
    html = client.get(reverse("play", args=[risk_campaign.slug])).content.decode()
    assert "later games change the world but give no rewards" in html
    system, title, players, logged = journal.read(load_journal(NAME), RULES)
    before_game_2 = next(i for i, e in enumerate(logged) if e.kind == "game" and e.data["number"] == 2)
    campaign = CampaignFactory(name="Game 2 next", system=system.KEY, owner=owner, players=players)
    store.append(campaign, logged[:before_game_2], owner)
    assert state_now(campaign).phase == rl.PHASE_READY
    html = client.get(reverse("play", args=[campaign.slug])).content.decode()
    assert "Start game 2" in html and "give no rewards" not in html


def test_the_elimination_form_offers_those_standing_and_none_once_one_is_left(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    seated = [seat.player for seat in state_now(campaign).last_game.seats]

    def elimination_form():
        page = client.get(reverse("play", args=[campaign.slug]))
        return next(f for f in page.context["event_forms"] if f.event_type == "elimination")

    for player in seated[:-1]:
        offered = [value for value, _ in elimination_form().fields["player"].choices[1:]]
        assert offered == seated[seated.index(player):]
        post(client, "event_add", campaign, {"event_type": "elimination", "elimination-player": player})
    assert elimination_form().unavailable == f"{seated[-1]} is the last player standing: enter the results."


def test_eliminating_a_player_already_out_is_refused_with_why_and_nothing_saved(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    out = state_now(campaign).last_game.seats[0].player
    post(client, "event_add", campaign, {"event_type": "elimination", "elimination-player": out})
    before = entries(campaign)
    response = post(client, "event_add", campaign, {"event_type": "elimination", "elimination-player": out})
    assert f"{out} cannot be eliminated now: they are already out" in response.content.decode()
    assert entries(campaign) == before
