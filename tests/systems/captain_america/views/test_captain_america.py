"""Captain America at the table: logging a play of 2 or 4 players with the score worked out by
the rules (a preview as the form is filled, "Check" without JavaScript), every rule of
docs/rules.md §4 refused beside its field with nothing saved, correcting a play, the setup helpers
and their query counts."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaigns import states, store
from campaigns.models import Membership
from campaigns.rules import play_log
from campaigns.rules.base import Entry
from campaigns.systems.captain_america.forms import initial_for

from tests.conftest import load_journal
from tests.factories import CampaignFactory, MembershipFactory, UserFactory
from tests.systems.captain_america.views.helpers import SEAT_ROWS, four, seated


@pytest.fixture
def airport(owner):
    """The 5-play Captain America log (Ana, Ben, Cid, Dee); play 5 had 4 players."""
    return store.import_journal(load_journal("captain_america_plays.json"), owner=owner)


@pytest.fixture
def fresh_log(owner):
    players = ["Ana", "Ben", "Cid", "Dee"]
    return CampaignFactory(name="New log", system="captain-america", owner=owner, players=players)






def seat_row(form, seat):
    """The row of `form` that holds `seat` ("hero_falcon")."""
    prefix, number = SEAT_ROWS[seat]
    return form.formsets[prefix].forms[number - 1]




def two(number=6, **changes):
    """A legal 2-player play: Ana runs Team Iron Man, Ben Team Captain America; equal rooms."""
    data = {
        "number": str(number),
        "played_on": "2026-11-29",
        "players": "2",
        "team_captain_america": "Ben",
        "team_iron_man": "Ana",
        "winter_soldier": "nobody",
        "quinjet": "iron-man",
        "rooms_captain_america": "15",
        "rooms_iron_man": "15",
        "action": "save",
    }
    return seated({**data, **changes})


def log(client, campaign, data, **headers):
    return client.post(reverse("game_start", args=[campaign.slug]), data, **headers)


def now(campaign):
    """The log as it stands after the requests (the test's campaign object is out of date)."""
    campaign.refresh_from_db()
    return states.state(campaign)


def plays(campaign):
    return [entry.kind for entry in campaign.live_entries()].count("game")


# Logging a play -------------------------------------------------------------------------


def test_the_page_offers_the_last_plays_seats_and_todays_date(as_owner, airport):
    response = as_owner.get(reverse("game_start", args=[airport.slug]))
    assert response.status_code == 200
    form = response.context["form"]
    assert form.initial["players"] == "4"
    # Play 5: Cid Captain America, Dee Falcon, Ana Iron Man, Ben War Machine.
    assert [seat_row(form, f"hero_{h}")["player"].value() for h in ("captain_america", "falcon", "iron_man", "war_machine")] == [
        "Cid", "Dee", "Ana", "Ben",
    ]
    assert form.initial["number"] == 6
    html = response.content.decode()
    # The player counts and the rooms' bounds are the rules' (PLAYER_COUNTS, ROOMS_*).
    for words in ("2 players: each runs a team", "4 players: one hero each",
                  "34 rooms and the Quinjet: 35 at most"):
        assert words in html
    assert b"Seated as in the last play" in response.content
    assert b"Log play 6" in response.content


def test_a_two_player_last_play_is_offered_whatever_order_its_heroes_were_written_in():
    last = {"seats": [
        {"player": "Ben", "heroes": ["Falcon", "Captain America"]},
        {"player": "Dee", "heroes": ["War Machine", "Iron Man"]},
    ]}
    initial = initial_for(last, 5, None)
    assert (initial["players"], initial["teams"]) == ("2", [{"player": "Ben"}, {"player": "Dee"}])


def test_a_first_play_starts_from_the_roster_size(as_owner, fresh_log):
    response = as_owner.get(reverse("game_start", args=[fresh_log.slug]))
    assert response.context["form"].initial["players"] == "4"
    assert b"Seated as in the last play" not in response.content


def test_a_four_player_play_is_logged_with_its_points_and_result(as_owner, airport):
    response = log(as_owner, airport, four())
    assert response.status_code == 302
    record = now(airport).game(6)
    assert record.teams == {"captain-america": ["Ana", "Ben"], "iron-man": ["Cid", "Dee"]}
    assert record.points == {"captain-america": 5, "iron-man": 3}
    assert (record.result, record.winners) == ("captain-america", ["Ana", "Ben"])
    assert store.export_journal(airport)["games"][-1] == {
        "number": 6,
        "played_on": "2026-11-28",
        "seats": [
            {"player": "Ana", "heroes": ["Captain America"]},
            {"player": "Ben", "heroes": ["Falcon"]},
            {"player": "Cid", "heroes": ["Iron Man"]},
            {"player": "Dee", "heroes": ["War Machine"]},
        ],
        "winter_soldier": "captain-america",
        "quinjet": "iron-man",
        "rooms": {"captain-america": 18, "iron-man": 12},
    }
    page = as_owner.get(response.url, follow=True)
    assert "Play 6 is logged: Team Captain America won 5–3." in page.content.decode()


def test_a_two_player_play_is_logged_and_a_tie_on_rooms_scores_nobody(as_owner, airport):
    assert log(as_owner, airport, two()).status_code == 302
    record = now(airport).game(6)
    assert [(seat.player, seat.heroes) for seat in record.seats] == [
        ("Ben", ("Captain America", "Falcon")),
        ("Ana", ("Iron Man", "War Machine")),
    ]
    assert record.points == {"captain-america": 0, "iron-man": 3}
    assert record.winners == ["Ana"]


def test_equal_points_is_a_draw(as_owner, airport):
    log(as_owner, airport, two(quinjet="nobody", winter_soldier="nobody", rooms_iron_man="15"))
    record = now(airport).game(6)
    assert (record.result, record.winners) == ("draw", [])


def test_the_other_player_counts_fields_are_ignored(as_owner, airport):
    """Both seat sets are in the page (CSS shows the chosen one): only the chosen count's count."""
    log(as_owner, airport, two(hero_captain_america="Cid", hero_falcon="Cid"))
    assert [seat.player for seat in now(airport).game(6).seats] == ["Ben", "Ana"]


# The preview ----------------------------------------------------------------------------


def test_htmx_asks_for_the_score_as_the_form_is_filled_and_nothing_is_saved(as_owner, airport):
    response = log(as_owner, airport, four(action="check"), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="ca-preview"')
    assert "<strong>Team Captain America</strong> wins 5–3" in html
    assert plays(airport) == 5


def test_a_preview_that_carries_the_save_button_saves_nothing(as_owner, airport):
    """htmx sends the last button that had the focus with a change: "Log play 6" only tabbed
    onto must score the play, never log it (a new play, or a correction)."""
    response = log(as_owner, airport, four(action="save"), HTTP_HX_REQUEST="true")
    assert response.content.decode().lstrip().startswith('<section id="ca-preview"')
    assert plays(airport) == 5
    before = len(airport.live_entries())
    assert correct(as_owner, airport, 4, two(action="save"), HTTP_HX_REQUEST="true").status_code == 200
    assert len(airport.live_entries()) == before


def test_the_preview_says_a_draw_and_nobody_on_equal_rooms(as_owner, airport):
    data = two(action="check", quinjet="nobody")
    html = log(as_owner, airport, data, HTTP_HX_REQUEST="true").content.decode()
    assert "A draw, 0–0" in html and "Nobody (equal rooms)" in html


def test_the_preview_lists_what_is_still_to_fill_in(as_owner, airport):
    data = four(action="check", quinjet="", rooms_iron_man="")
    html = log(as_owner, airport, data, HTTP_HX_REQUEST="true").content.decode()
    assert "Choose who holds the Quinjet (or Nobody)." in html
    assert "Count Team Iron Man’s rooms (0 if none)." in html


def test_the_preview_says_which_rule_is_broken(as_owner, airport):
    data = four(action="check", rooms_iron_man="20")
    html = log(as_owner, airport, data, HTTP_HX_REQUEST="true").content.decode()
    assert "Can’t be logged: The teams hold 38 rooms" in html


def test_without_javascript_check_shows_the_whole_page_with_the_same_preview(as_owner, airport):
    response = log(as_owner, airport, four(action="check"))
    html = response.content.decode()
    assert '<h1>Log play <span id="play-number-title">6</span></h1>' in html
    assert "<strong>Team Captain America</strong> wins" in html
    assert plays(airport) == 5
    # The page comes back at the score, not at its top: Check posts to the score's #anchor.
    action = reverse("game_start", args=[airport.slug])
    assert f'formaction="{action}#ca-preview">Check the score</button>' in html
    assert '<section id="ca-preview"' in html


# Refusals: each rule of docs/rules.md §4 through the form, beside its field, nothing saved --------


def refused(client, campaign, data):
    response = log(client, campaign, data)
    assert response.status_code == 200
    assert plays(campaign) == 5
    return response.context["form"]


def test_the_game_is_for_2_or_4_players(as_owner, airport):
    form = refused(as_owner, airport, four(players="3"))
    assert form.errors["players"] == ["The game is played by 2 players (a team each) or 4 (a hero each)."]


def test_a_player_has_one_seat(as_owner, airport):
    form = refused(as_owner, airport, four(hero_iron_man="Ana"))
    assert seat_row(form, "hero_iron_man").errors["player"] == ["Ana has two seats: one seat per player"]


def test_each_seat_is_filled(as_owner, airport):
    form = refused(as_owner, airport, four(hero_falcon=""))
    assert seat_row(form, "hero_falcon").errors["player"] == ["Choose who plays Falcon."]
    form = refused(as_owner, airport, two(team_iron_man=""))
    assert seat_row(form, "team_iron_man").errors["player"] == ["Choose who plays Team Iron Man."]


def test_a_seat_is_a_player_of_the_campaign(as_owner, airport):
    form = refused(as_owner, airport, four(hero_falcon="Zed"))
    assert seat_row(form, "hero_falcon").errors["player"] == ["Zed is not a player of this campaign."]


def test_the_teams_hold_35_rooms_at_most(as_owner, airport):
    form = refused(as_owner, airport, four(rooms_captain_america="20", rooms_iron_man="16"))
    assert form.errors["rooms_captain_america"] == [
        "The teams hold 36 rooms, but there are 34 rooms and the Quinjet (35 in all)"
    ]


def test_without_the_quinjet_the_teams_hold_34_rooms_at_most(as_owner, airport):
    form = refused(as_owner, airport, four(quinjet="nobody", rooms_captain_america="20", rooms_iron_man="15"))
    assert form.errors["rooms_captain_america"] == [
        "Nobody holds the Quinjet, so the teams hold at most 34 rooms, not 35"
    ]


def test_the_team_holding_the_quinjet_holds_a_room(as_owner, airport):
    form = refused(as_owner, airport, four(rooms_iron_man="0"))
    assert form.errors["rooms_iron_man"] == [
        "Team Iron Man holds the Quinjet, so it controls at least one room, not 0"
    ]


def test_the_team_holding_the_winter_soldier_holds_a_room(as_owner, airport):
    form = refused(as_owner, airport, four(rooms_captain_america="0"))
    assert form.errors["rooms_captain_america"] == [
        "Team Captain America holds the Winter Soldier, so it controls at least one room, not 0"
    ]


def test_rooms_are_at_least_0(as_owner, airport):
    form = refused(as_owner, airport, four(rooms_iron_man="-1"))
    assert form.errors["rooms_iron_man"] == ["Team Iron Man's rooms must be a whole number of at least 0"]


def test_the_mission_holders_are_a_team_or_nobody(as_owner, airport):
    form = refused(as_owner, airport, four(winter_soldier="hydra"))
    assert "winter_soldier" in form.errors


def test_the_date_is_a_date(as_owner, airport):
    form = refused(as_owner, airport, four(played_on="2026-02-30"))
    assert "played_on" in form.errors


def test_a_refusal_is_shown_beside_its_field_with_focus(as_owner, airport):
    response = log(as_owner, airport, four(hero_iron_man="Ana"))
    html = response.content.decode()
    assert 'aria-invalid="true"' in html and "autofocus" in html
    assert "Ana has two seats: one seat per player" in html
    # The score box says it too.
    assert "Can’t be logged: Ana has two seats" in html and "Still to fill in" not in html


def test_a_play_logged_meanwhile_on_another_phone_is_not_saved_twice(as_owner, airport):
    """The form was opened for play 6; another phone logged play 6 first."""
    log(as_owner, airport, two())
    response = log(as_owner, airport, four(number=6))
    assert response.status_code == 200
    assert plays(airport) == 6
    assert "Meanwhile play 6 was logged on another phone" in response.content.decode()
    assert response.context["form"]["number"].value() == "7"
    assert log(as_owner, airport, four(number=7)).status_code == 302


def test_a_play_logged_on_another_phone_in_the_same_instant_is_caught_by_the_lock(
    as_owner, owner, airport, monkeypatch
):
    """Both phones read play 6 as next; the other phone's save takes the lock first."""
    real_append = store.append

    def other_phone_first(campaign, entries, user=None, **options):
        monkeypatch.setattr(store, "append", real_append)
        other = {**store.export_journal(campaign)["games"][0], "number": 6}
        real_append(campaign, [Entry("game", other)], owner)
        return real_append(campaign, entries, user, **options)

    monkeypatch.setattr(store, "append", other_phone_first)
    response = log(as_owner, airport, four())
    assert response.status_code == 200
    assert "Meanwhile play 6 was logged on another phone" in response.content.decode()
    assert plays(airport) == 6
    assert response.context["form"]["number"].value() == "7"


def test_a_viewer_cannot_log(client, airport):
    viewer = UserFactory(username="vera")
    MembershipFactory(campaign=airport, user=viewer, role=Membership.Role.VIEWER)
    client.force_login(viewer)
    assert client.get(reverse("game_start", args=[airport.slug])).status_code == 403
    assert log(client, airport, four()).status_code == 403
    assert plays(airport) == 5


def test_another_systems_campaign_has_no_captain_america_pages(as_owner, owner):
    other = CampaignFactory(name="Skyrim", system="risk-skyrim", owner=owner, players=["Ana", "Ben"])
    assert as_owner.get(reverse("captain_america_setup_help", args=[other.slug])).status_code == 404


# Correcting a play ----------------------------------------------------------------------


def correct(client, campaign, number, data, **headers):
    return client.post(reverse("play_correct", args=[campaign.slug, number]), data, **headers)


def test_the_correction_form_is_filled_with_the_play(as_owner, airport):
    response = as_owner.get(reverse("play_correct", args=[airport.slug, 4]))
    assert response.status_code == 200
    form = response.context["form"]
    # Play 4: Ben (Falcon, Captain America) against Dee, the Quinjet to Team Captain America, 20–15.
    assert (form.initial["players"], *(seat_row(form, team)["player"].value() for team in ("team_captain_america", "team_iron_man"))) == (
        "2", "Ben", "Dee",
    )
    assert (form.initial["winter_soldier"], form.initial["quinjet"]) == ("nobody", "captain-america")
    assert (form.initial["rooms_captain_america"], form.initial["rooms_iron_man"]) == (20, 15)
    assert form.initial["played_on"] == "2026-09-26"
    assert "<strong>Team Captain America</strong> wins" in response.content.decode()


def test_a_correction_is_a_new_entry_and_replaces_the_play(as_owner, airport):
    data = two(number=99, team_captain_america="Ben", team_iron_man="Dee", played_on="2026-09-26",
               quinjet="iron-man", rooms_captain_america="14", rooms_iron_man="20")
    response = correct(as_owner, airport, 4, data)
    assert response.status_code == 302
    entries = airport.live_entries()
    assert entries[-1].kind == "correction" and entries[-1].data["number"] == 4
    record = now(airport).game(4)
    assert (record.result, record.points) == ("iron-man", {"captain-america": 0, "iron-man": 5})
    assert now(airport).games_played == 5


def test_a_correction_is_checked_by_the_same_rules(as_owner, airport):
    data = two(team_captain_america="Ben", team_iron_man="Ben")
    response = correct(as_owner, airport, 4, data)
    assert response.status_code == 200
    assert seat_row(response.context["form"], "team_iron_man").errors["player"] == ["Ben has two seats: one seat per player"]
    assert airport.live_entries()[-1].kind == "game"


def test_a_correction_changing_nothing_is_refused(as_owner, airport):
    data = two(
        team_captain_america="Ben", team_iron_man="Dee", played_on="2026-09-26", winter_soldier="nobody",
        quinjet="captain-america", rooms_captain_america="20", rooms_iron_man="15",
    )
    response = correct(as_owner, airport, 4, data)
    assert response.status_code == 200
    assert "nothing to correct" in response.content.decode()
    assert airport.live_entries()[-1].kind == "game"


def test_the_correction_preview(as_owner, airport):
    data = two(action="check", team_captain_america="Ben", team_iron_man="Dee", rooms_iron_man="16")
    html = correct(as_owner, airport, 4, data, HTTP_HX_REQUEST="true").content.decode()
    assert "<strong>Team Iron Man</strong> wins" in html
    assert airport.live_entries()[-1].kind == "game"


def test_no_such_play_to_correct(as_owner, airport):
    assert as_owner.get(reverse("play_correct", args=[airport.slug, 9])).status_code == 404


def test_a_deleted_play_cannot_be_corrected(as_owner, owner, airport):
    store.append(airport, [play_log.deletion_entry(2)], owner)
    assert as_owner.get(reverse("play_correct", args=[airport.slug, 2])).status_code == 404
    assert correct(as_owner, airport, 2, two()).status_code == 404


def test_a_viewer_cannot_correct(client, airport):
    viewer = UserFactory(username="vera")
    MembershipFactory(campaign=airport, user=viewer, role=Membership.Role.VIEWER)
    client.force_login(viewer)
    assert client.get(reverse("play_correct", args=[airport.slug, 2])).status_code == 403


# Setup helpers --------------------------------------------------------------------------


def setup_help(client, campaign, headers=None, **params):
    return client.get(reverse("captain_america_setup_help", args=[campaign.slug]), params, headers=headers)


def test_the_turn_order_alternates_the_teams_with_last_plays_names(as_owner, airport):
    response = setup_help(
        as_owner, airport, players="4", breach_team="iron-man", picking_team="iron-man", markers="2-4",
        lead_captain_america="Falcon", lead_iron_man="Iron Man",
    )
    order = response.context["order"]
    assert [(row["position"], row["hero"], row["player"]) for row in order["turns"]] == [
        (1, "Falcon", "Dee"),
        (2, "Iron Man", "Ana"),
        (3, "Captain America", "Cid"),
        (4, "War Machine", "Ben"),
    ]
    breach = [row["hero"] for row in order["breach"]]
    assert breach == ["Iron Man", "Falcon", "War Machine", "Captain America"]


def test_the_turn_order_for_two_players_names_who_runs_each_team(as_owner, airport):
    log(as_owner, airport, two())
    order = setup_help(
        as_owner, airport, players="2", breach_team="iron-man", picking_team="captain-america", markers="1-3",
        lead_captain_america="Captain America", lead_iron_man="War Machine",
    ).context["order"]
    assert [(row["hero"], row["player"]) for row in order["turns"]] == [
        ("Captain America", "Ben"), ("War Machine", "Ana"), ("Falcon", "Ben"), ("Iron Man", "Ana"),
    ]


def test_a_first_visit_shows_an_order(as_owner, airport):
    response = setup_help(as_owner, airport)
    assert [row["hero"] for row in response.context["order"]["turns"]][0] == "Captain America"


def test_the_deployment_calculator(as_owner, airport):
    response = setup_help(as_owner, airport, rooms="8", buildings=["Northwest", "North-Central"],
                          part="deployment", headers={"HX-Request": "true"})
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="ca-deployment"')
    assert "<strong>9</strong> troops to deploy" in html
    assert response.context["deployment"]["chart"] == 4


def test_without_javascript_each_helper_keeps_the_others_answers(as_owner, airport):
    html = setup_help(as_owner, airport, players="2", breach_team="iron-man", picking_team="iron-man",
                      markers="2-4", lead_captain_america="Falcon", lead_iron_man="Iron Man",
                      rooms="8", buildings=["Northeast"]).content.decode()
    assert '<input type="hidden" name="picking_team" value="iron-man">' in html
    assert '<input type="hidden" name="buildings" value="Northeast">' in html
    assert '<input type="hidden" name="rooms" value="8">' in html


def test_the_deployment_calculator_refuses_what_cannot_be(as_owner, airport):
    html = setup_help(as_owner, airport, rooms="36").content.decode()
    assert "&#x27;rooms&#x27; must be a whole number from 0 to 35" in html or "from 0 to 35" in html
    html = setup_help(as_owner, airport, rooms="1", buildings=["Northwest", "Southeast"]).content.decode()
    assert "Holding 2 buildings whole takes at least 2 rooms, not 1" in html


# Query counts ---------------------------------------------------------------------------


def log_with_plays(owner, count):
    data = load_journal("captain_america_plays.json")
    games = data["games"]
    data["games"] = [{**games[i % len(games)], "number": i + 1} for i in range(count)]
    data["name"] = f"{count} plays"
    return store.import_journal(data, owner=owner)


@pytest.mark.parametrize("cold", [False, True], ids=["cached", "cold-cache"])
@pytest.mark.parametrize("page", ["game_start", "captain_america_setup_help", "play_correct"])
def test_the_pages_query_the_same_for_few_and_many_plays(client, owner, page, cold):
    client.force_login(owner)
    counts = []
    for count in (2, 30):
        campaign = log_with_plays(owner, count)
        args = [campaign.slug, 1] if page == "play_correct" else [campaign.slug]
        if cold:
            from django.core.cache import cache

            cache.clear()
            states.forget_in_process()
        with CaptureQueriesContext(connection) as captured:
            assert client.get(reverse(page, args=args)).status_code == 200
        counts.append(len(captured))
    assert counts[0] == counts[1] <= 6


def test_the_teams_and_their_heroes_are_named_as_the_rules_name_them(as_owner, airport):
    line = "Team Captain America (Captain America, Falcon) against Team Iron Man (Iron Man, War Machine)."
    assert line in setup_help(as_owner, airport).content.decode()
    assert line in as_owner.get(reverse("game_start", args=[airport.slug])).content.decode()
