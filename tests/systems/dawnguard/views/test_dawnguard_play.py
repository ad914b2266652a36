"""The Dawnguard Play page (play/): each tap one event through the rules, refusals shown in
their form with the rule's words and nothing saved, the live refresh, and the contested
skill test helper (which records nothing)."""

from functools import partial

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaigns import store
from campaigns.models import Campaign, Membership
from campaigns.rules import dawnguard as dg
from campaigns.rules.base import Entry
from campaigns.systems.dawnguard.forms.play import EVENT_FORMS

from tests.factories import CampaignFactory, MembershipFactory, UserFactory
from tests.phones import at_once
from tests.systems.dawnguard.views.helpers import (
    HALL_LEVELLED,
    HEROES,
    PLEDGED,
    THRESHOLDS,
    dawnguard_campaign,
    entries,
    refused,
    state_now,
    tap,
)


def page(client, campaign):
    return client.get(reverse("play", args=[campaign.slug])).content.decode()


@pytest.fixture
def table(client, owner):
    """A chapter 1 sitting with the three heroes pledged (Ana is a Vampire), logged in."""
    client.force_login(owner)
    return dawnguard_campaign(owner, *PLEDGED)


@pytest.fixture
def levelled(client, owner):
    """The same sitting with the Hall of the Vigilant at level 1: its cards may be drawn."""
    client.force_login(owner)
    return dawnguard_campaign(owner, *PLEDGED, HALL_LEVELLED)


# The page --------------------------------------------------------------------------------


def test_the_table_shows_the_sitting_and_its_forms(client, table):
    html = page(client, table)
    assert "Chapter 1 · sitting 1" in html
    assert "Hall of the Vigilant" in html and "Castle Volkihar" in html
    for words in ("Winged icon", "Threat icon", "Sigrid", "Hunger", "A Vampire feeds", "A player joins",
                  "Chapter 1 is complete", "Contested skill test", "Undo the last entry"):
        assert words in html, words
    assert "The next sitting then opens chapter 2." in html  # chapter 1 is not the last (rules.CHAPTERS)
    assert reverse("game_start", args=[table.slug]) in html


def test_before_the_setup_the_table_leads_to_it(client, owner):
    campaign = CampaignFactory(name="New", system=dg.KEY, owner=owner, players=["Ana"])
    client.force_login(owner)
    html = page(client, campaign)
    assert "Before the first sitting" in html
    assert reverse("setup_edit", args=[campaign.slug]) in html


def test_a_viewer_sees_the_board_without_its_buttons(client, table):
    viewer = MembershipFactory(campaign=table, role=Membership.Role.VIEWER).user
    client.force_login(viewer)
    html = page(client, table)
    assert "Hall of the Vigilant" in html
    assert "Winged icon" not in html and "A Vampire feeds" not in html
    assert tap(client, table, "marker", {"marker-icon": "threat"}).status_code == 403


# Each tap is one event --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("event_type", "data", "check"),
    [
        ("marker", {"marker-icon": "threat"}, lambda s: (s.hall_markers, s.castle_markers) == (2, 4)),
        ("marker", {"marker-icon": "winged"}, lambda s: (s.hall_markers, s.castle_markers) == (4, 2)),
        ("day_night", {"day_night-side": "night"}, lambda s: s.day_night == "night"),
        ("hunger", {"hunger-player": "Ana"}, lambda s: s.heroes["Ana"].hunger == 1),
        ("level_up", {"level_up-player": "Cid"}, lambda s: s.heroes["Cid"].level == 2),
        ("fort_stars", {"fort_stars-player": "Ben", "fort_stars-count": "2"}, lambda s: s.vigilant_fort.stars == 2),
        ("threat_deck", {"threat_deck-count": "1"}, lambda s: s.threat_deck == 1),
        ("board_threat", {"board_threat-count": "2"}, lambda s: s.board_threat == 2),
        ("join", {"join-player": "Eve", "join-hero": "Talen-Jei", "join-race": "Argonian", "join-side": "vigilants"},
         lambda s: s.heroes["Eve"].level == 3 and s.heroes["Eve"].side == "vigilants"),
        ("chapter_complete", {"chapter_complete-chapter": "1"}, lambda s: s.chapter_complete and s.chapter_1_totals == {"hall": 3, "castle": 3}),
    ],
)
def test_a_tap_records_one_event(client, table, event_type, data, check):
    tapped_once(client, table, event_type, data, check)


@pytest.mark.parametrize(
    ("data", "check"),
    [
        ({"fort_card-player": "Ben", "fort_card-card": "Crossbow"},
         lambda s: s.fort_cards["Ben"] == ["Crossbow"] and not s.followers),
        ({"fort_card-player": "Ben", "fort_card-card": "Serana", "fort_card-follower": "on"},
         lambda s: s.followers == {"serana": "Ben"}),
    ],
)
def test_a_fort_card_tap_records_one_event(client, levelled, data, check):
    tapped_once(client, levelled, "fort_card", data, check)


def tapped_once(client, table, event_type, data, check):
    before = entries(table)
    page_before = page(client, table)
    response = tap(client, table, event_type, data)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("play", args=[table.slug]))
    assert entries(table) == before + 1
    assert check(state_now(table))
    # Without JavaScript the page comes back at the control tapped: its form's own #anchor.
    path, _, anchor = response["Location"].partition("#")
    assert path == reverse("play", args=[table.slug]) and anchor, response["Location"]
    assert f'id="{anchor}"' in page_before
    action = reverse("dawnguard_event", args=[table.slug, event_type])
    if event_type != "chapter_complete":  # the chapter's forms go with it: the board says what next
        anchored = page_before[page_before.index(f'id="{anchor}"'):]
        assert f'action="{action}"' in anchored[:6000]  # the tapped form follows its anchor
        assert f'id="{anchor}"' in page(client, table)


def test_a_pledge_to_clan_volkihar_reminds_the_player_of_the_vampirism_card(client, owner):
    client.force_login(owner)
    campaign = dawnguard_campaign(owner)
    response = client.post(reverse("dawnguard_event", args=[campaign.slug, "pledge"]),
                           {"pledge-player": "Ana", "pledge-side": "volkihar"}, follow=True)
    html = response.content.decode()
    assert "Recorded: Ana pledges to Clan Volkihar." in html
    assert "Ana: Draw a Vampirism card." in html
    assert state_now(campaign).heroes["Ana"].hunger == 0


def test_a_day_turn_adds_hunger_and_a_vampire_at_3_feeds_instead(client, owner):
    client.force_login(owner)
    campaign = dawnguard_campaign(
        owner, *PLEDGED, {"type": "join", "player": "Eve", "hero": "Serana", "race": "Nord", "side": "volkihar"},
        {"type": "day_night", "side": "day"}, *[{"type": "hunger", "player": "Ana"}] * 3,
    )
    html = page(client, campaign)
    assert "Ana, at 3, feeds at once instead" in html and "Eve adds 1 hunger" in html
    response = tap(client, campaign, "day_turn", {"day_turn-to_0": ["quest", "space", "threat_deck"]})
    assert response.status_code == 302
    state = state_now(campaign)
    assert (state.heroes["Ana"].hunger, state.heroes["Eve"].hunger) == (0, 1)
    assert (state.threat_deck, state.board_threat) == (1, 2)
    # The confirmation says whose hunger grew and who fed, as it happened.
    assert ("Recorded: A day turn: Ana (at 3) feeds at once (a quest, the current space, the Threat Event deck); "
            "Eve&#x27;s hunger grows to 1.") in page(client, campaign)


def test_a_day_turn_where_every_vampire_feeds_says_nobody_s_hunger_grew(client, owner):
    client.force_login(owner)
    campaign = dawnguard_campaign(owner, *PLEDGED, {"type": "day_night", "side": "day"},
                                  *[{"type": "hunger", "player": "Ana"}] * 2)
    tap(client, campaign, "day_turn", {})  # Ana's hunger grows to 3
    assert "Recorded: A day turn: Ana&#x27;s hunger grows to 3." in page(client, campaign)
    tap(client, campaign, "day_turn", {"day_turn-to_0": ["quest", "space", "threat_deck"]})
    html = page(client, campaign)
    assert "grows to 3." not in html[:html.index("Just recorded")]  # the turn before is not this one
    assert "Recorded: A day turn: Ana (at 3) feeds at once" in html and "no other Vampire adds a token" in html
    said = html[:html.index("Just recorded")]
    assert "Vampires&#x27; hunger grows" not in said and "every Vampire&#x27;s hunger grows" not in said


def test_feeding_empties_the_card(client, owner):
    client.force_login(owner)
    campaign = dawnguard_campaign(owner, *PLEDGED, *[{"type": "hunger", "player": "Ana"}] * 2)
    response = tap(client, campaign, "feed", {"feed-player": "Ana", "feed-to": ["threat_deck", "quest"]})
    assert response.status_code == 302
    state = state_now(campaign)
    assert state.heroes["Ana"].hunger == 0 and state.threat_deck == 1 and state.board_threat == 1
    last = campaign.entries.live().order_by("-position").first()
    assert last.data == {"type": "feed", "player": "Ana", "to": ["quest", "threat_deck"]}  # the rulebook's order


def test_stars_reaching_the_threshold_level_the_fort_up_and_every_phone_sees_it(client, table):
    response = tap(client, table, "fort_stars", {"fort_stars-player": "Ben", "fort_stars-count": "3"})
    assert response.status_code == 302
    assert state_now(table).vigilant_fort.gold == 1
    html = page(client, table)
    assert "Just now:</strong> the Hall of the Vigilant reaches level 1 (stars cleared, a gold token added)" in html
    assert "Level 1</strong> · 0 of 5 stars to level 2" in html
    tap(client, table, "level_up", {"level_up-player": "Ben"})
    assert "Just now:" not in page(client, table)  # until the next entry


def test_a_player_joining_is_reminded_of_the_cards_to_take(client, table):
    response = client.post(reverse("dawnguard_event", args=[table.slug, "join"]),
                           {"join-player": "Eve", "join-hero": "Serana", "join-race": "Nord", "join-side": "volkihar"},
                           follow=True)
    html = response.content.decode()
    assert "Eve: Level up twice (the tracker has added both levels) and take one equipment card" in html
    assert "Eve: Draw a Vampirism card." in html


# Refusals: the rule's words beside the field, nothing saved -------------------------------




def test_a_fourth_hunger_token_is_refused_in_the_vampire_s_row(client, table):
    for _ in range(3):
        tap(client, table, "hunger", {"hunger-player": "Ana"})
    response = refused(client, table, "hunger", {"hunger-player": "Ana"},
                       "Ana&#x27;s hunger is already 3: a Vampire at 3 must feed first")
    form = response.context["hunger_form"]
    assert form.errors["player"] and form.error_in_row
    html = response.content.decode()
    hunger = html[html.find('<ul class="dg-hungers">'):]
    row = hunger[hunger.find("<strong>Ana</strong>"):hunger.find("</li>")]
    assert "must feed first" in row  # beside the Vampire's own hunger


def test_hunger_for_a_hero_who_is_not_a_vampire_is_refused(client, table):
    refused(client, table, "hunger", {"hunger-player": "Ben"},
            "Ben is not a Vampire: only Clan Volkihar players have hunger")


def test_a_marker_below_zero_is_refused(client, table):
    for _ in range(3):
        tap(client, table, "marker", {"marker-icon": "threat"})
    response = refused(client, table, "marker", {"marker-icon": "threat"},
                       "No marker is left on the Hall of the Vigilant card to move to Castle Volkihar")
    assert response.context["marker_form"].errors["icon"]
    assert state_now(table).castle_markers == 6


def test_a_vampire_adding_stars_is_refused(client, table):
    response = refused(client, table, "fort_stars", {"fort_stars-player": "Ana", "fort_stars-count": "1"},
                       "Ana is a Vampire: Vampires don&#x27;t add stars, only Vigilant and Dawnguard players do")
    assert response.context["fort_stars_form"].errors["player"]
    assert response.context["open_form"] == "fort_stars"


def test_a_fort_card_drawn_twice_is_refused(client, levelled):
    table = levelled
    tap(client, table, "fort_card", {"fort_card-player": "Ben", "fort_card-card": "Crossbow"})
    response = refused(client, table, "fort_card", {"fort_card-player": "Ben", "fort_card-card": "crossbow"},
                       "Ben has already drawn Crossbow: a player draws each fort card at most once")
    assert response.context["fort_card_form"].errors["card"]
    assert "<strong>Crossbow</strong> <span class=\"muted\">Ben" in response.content.decode()  # the cards drawn


def test_a_follower_another_player_holds_is_refused(client, levelled):
    table = levelled
    tap(client, table, "fort_card", {"fort_card-player": "Ben", "fort_card-card": "Serana", "fort_card-follower": "on"})
    response = refused(client, table, "fort_card",
                       {"fort_card-player": "Cid", "fort_card-card": "Serana", "fort_card-follower": "on"},
                       "Ben holds the Follower Serana: it cannot be drawn, draw the next numbered card instead")
    # The cards drawn say who holds the Follower, once.
    assert '<strong>Serana</strong> <span class="muted">Ben · a Follower they hold</span>' in response.content.decode()


def test_a_pledge_after_chapter_1_is_refused(client, owner):
    client.force_login(owner)
    campaign = dawnguard_campaign(owner, *PLEDGED, {"type": "chapter_complete"})
    store.append(campaign, [Entry("game", {"number": 2, "played_on": "2026-12-04", "chapter": 2})], owner)
    response = refused(client, campaign, "pledge", {"pledge-player": "Ana", "pledge-side": "vigilants"},
                       "pledges are made in chapter 1 only: a player who comes later joins (a join event)")
    assert response.context["pledge_form"].non_field_errors()


def test_a_day_turn_with_a_vampire_at_3_needs_their_feeding(client, owner):
    client.force_login(owner)
    campaign = dawnguard_campaign(owner, *PLEDGED, {"type": "day_night", "side": "day"},
                                  *[{"type": "hunger", "player": "Ana"}] * 3)
    refused(client, campaign, "day_turn", {}, "Ana feeds: choose where the 3 tokens go.")
    response = refused(client, campaign, "day_turn", {"day_turn-to_0": ["quest", "space"]},
                       "feeding empties the Vampirism card: Ana&#x27;s holds 3 threat tokens, so name 3 different places")
    assert response.context["day_turn_form"].errors["to_0"]


def test_a_day_turn_at_night_is_refused(client, owner):
    client.force_login(owner)
    campaign = dawnguard_campaign(owner, *PLEDGED, {"type": "day_night", "side": "night"})
    assert "dg-day-turn" not in page(client, campaign)  # offered only by day
    refused(client, campaign, "day_turn", {}, "a day turn comes while the Day/Night token shows day (it is night)")


def test_feeding_part_of_the_card_is_refused(client, owner):
    client.force_login(owner)
    campaign = dawnguard_campaign(owner, *PLEDGED, *[{"type": "hunger", "player": "Ana"}] * 2)
    response = refused(client, campaign, "feed", {"feed-player": "Ana", "feed-to": ["quest"]},
                       "feeding empties the Vampirism card: Ana&#x27;s holds 2 threat tokens, so name 2 different places, not 1")
    assert response.context["feed_form"].errors["to"]


def test_threat_tokens_below_zero_or_beyond_the_box_are_refused(client, table):
    refused(client, table, "threat_deck", {"threat_deck-count": "-1"},
            "The Threat Event deck holds no token: none can be removed")
    refused(client, table, "board_threat", {"board_threat-count": "-1"},
            "The board holds no token: none can be removed")
    for _ in range(20):
        tap(client, table, "board_threat", {"board_threat-count": "1"})
    refused(client, table, "threat_deck", {"threat_deck-count": "1"},
            "That would put more than the 20 threat tokens in the box")


def test_the_day_night_token_only_flips(client, table):
    tap(client, table, "day_night", {"day_night-side": "day"})
    refused(client, table, "day_night", {"day_night-side": "day"},
            "It is already day: the Day/Night token can only flip to night")


def test_a_join_by_a_player_with_a_hero_is_refused(client, table):
    response = refused(client, table, "join", {"join-player": "Ana", "join-hero": "X", "join-race": "Nord",
                                               "join-side": "vigilants"}, "Ana already plays Sigrid")
    assert response.context["join_form"].errors["player"]


def test_chapter_1_cannot_be_completed_before_every_pledge(client, owner):
    client.force_login(owner)
    campaign = dawnguard_campaign(owner)
    refused(client, campaign, "chapter_complete", {"chapter_complete-chapter": "1"}, "Ana, Ben and Cid have not pledged yet")


def test_a_level_up_for_a_player_without_a_hero_is_refused(client, table):
    refused(client, table, "level_up", {"level_up-player": "Eve"},
            "Eve has no hero yet: a player who comes later joins first (a join event)")


def test_a_form_left_empty_says_what_is_missing(client, table):
    refused(client, table, "fort_stars", {"fort_stars-count": "1"}, "Choose a player.")
    refused(client, table, "fort_card", {"fort_card-player": "Ben"}, "Name the card drawn.")


def test_a_refused_htmx_tap_keeps_the_page_s_url(client, table):
    for _ in range(3):
        tap(client, table, "marker", {"marker-icon": "winged"})
    response = refused(client, table, "marker", {"marker-icon": "winged"},
                       "No marker is left on the Castle Volkihar card", HX_Request="true")
    assert response["HX-Replace-Url"] == reverse("play", args=[table.slug])


# Several phones ---------------------------------------------------------------------------


def test_a_tap_after_another_phone_completed_the_chapter_says_so(client, table):
    store.append(table, [Entry("event", {"type": "chapter_complete"})])
    response = client.post(reverse("dawnguard_event", args=[table.slug, "marker"]), {"marker-icon": "threat"},
                           follow=True)
    html = response.content.decode()
    assert "Chapter 1 is complete: the next sitting plays chapter 2. The campaign has moved on" in html
    assert "Start chapter 2" in html
    assert state_now(table).hall_markers == 3


def test_the_race_loser_sees_the_rule_and_the_board_as_it_is_now(client, table):
    """Two phones add hunger to a Vampire at 2: the second tap reaches the rules after the first."""
    for _ in range(2):
        tap(client, table, "hunger", {"hunger-player": "Ana"})
    store.append(table, [Entry("event", {"type": "hunger", "player": "Ana"})])  # the other phone, first
    response = refused(client, table, "hunger", {"hunger-player": "Ana"}, "must feed first")
    assert "3 of 3" in response.content.decode()


def test_a_get_on_a_tap_url_goes_to_the_table(client, table):
    response = client.get(reverse("dawnguard_event", args=[table.slug, "marker"]))
    assert response.status_code == 302 and response["Location"] == reverse("play", args=[table.slug])


def test_an_unknown_event_is_a_404(client, table):
    assert tap(client, table, "scar", {}).status_code == 404


def test_the_live_refresh_answers_204_until_the_campaign_changes(client, table):
    url = reverse("live", args=[table.slug])
    table.refresh_from_db()
    unchanged = client.get(f"{url}?v={table.journal_version}", headers={"HX-Request": "true"})
    assert unchanged.status_code == 204
    tap(client, table, "marker", {"marker-icon": "threat"})
    changed = client.get(f"{url}?v={table.journal_version}", headers={"HX-Request": "true"})
    html = changed.content.decode()
    assert changed.status_code == 200 and "Updated just now" in html
    # The whole page, which the poll morphs into #main: the count, the board and every form.
    assert '<main id="main"' in html and 'id="play-recent"' in html and "During the sitting" in html
    assert "sittings played" in html or "Sitting 1 in progress" in html
    assert 'hx-swap-oob' not in html


def test_the_live_refresh_says_signed_out(client, table):
    client.logout()
    response = client.get(reverse("live", args=[table.slug]) + "?v=1", headers={"HX-Request": "true"})
    assert "Signed out." in response.content.decode()


def test_the_live_refresh_of_another_system_s_campaign_is_a_404(client, table, risk_campaign):
    assert client.get(reverse("dawnguard_event", args=[risk_campaign.slug, "marker"]),
                      follow=False).status_code in (302, 404)
    assert tap(client, risk_campaign, "marker", {"marker-icon": "threat"}).status_code == 404


# The contested skill test helper records nothing -----------------------------------------


@pytest.mark.parametrize(
    ("icons", "outcome"),
    [
        ({"contest-in_0": "on", "contest-in_1": "on"}, "A failure: every player failed the test."),
        ({"contest-in_0": "on", "contest-icons_1": "2"}, "Ben wins: the only one who succeeded"),
        ({"contest-icons_0": "3", "contest-icons_1": "2"}, "Ana wins with 3 success icons, the most"),
        ({"contest-icons_0": "3", "contest-icons_2": "3"}, "A failure: Ana and Cid tie with 3 success icons"),
    ],
)
def test_the_contested_skill_test_helper(client, table, icons, outcome):
    before = entries(table)
    response = client.get(reverse("dawnguard_contested_test", args=[table.slug]), {"contest-asked": "1", **icons})
    assert response.status_code == 200
    assert outcome in response.content.decode()
    assert entries(table) == before


@pytest.mark.parametrize(
    ("taking", "message"),
    [
        ({"contest-icons_1": "2", "contest-icons_2": "3"},
         "Ben and Cid both play for the Vigilants of Stendarr: a contested skill test is taken by players "
         "from both factions, at least one from each."),
        ({"contest-icons_0": "2"},
         "A contested skill test is taken by 2 or more players, from both factions: tick who takes it (only Ana)."),
    ],
)
def test_a_contested_skill_test_without_both_factions_is_refused_and_records_nothing(client, table, taking, message):
    """docs/rules.md, 2026-12-01: two or more contestants, from both factions."""
    before = entries(table)
    response = client.get(reverse("dawnguard_contested_test", args=[table.slug]), taking)
    assert response.status_code == 200
    html = response.content.decode()
    assert message in html and 'class="dg-contest-result"' not in html
    assert response.context["contest_form"].non_field_errors() == [message]
    assert entries(table) == before


@pytest.mark.django_db(transaction=True)
def test_two_phones_adding_the_last_hunger_at_once_add_it_once():
    """Both phones show Ana at 2 and tap +1 in the same instant: the store's lock lets one
    through; the other is told the rule, beside Ana's hunger, and saves nothing."""
    owner = UserFactory()
    campaign = dawnguard_campaign(owner, *PLEDGED, *[{"type": "hunger", "player": "Ana"}] * 2)
    phones = [Client(), Client()]
    for client in phones:
        client.force_login(owner)

    def phone(client):
        response = tap(client, campaign, "hunger", {"hunger-player": "Ana"})
        return response.status_code, response.content.decode()

    answers = at_once(*[partial(phone, client) for client in phones])
    codes = sorted(code for code, _ in answers)
    assert codes == [200, 302]
    refused_html = next(html for code, html in answers if code == 200)
    assert "Ana&#x27;s hunger is already 3: a Vampire at 3 must feed first" in refused_html
    assert state_now(campaign).heroes["Ana"].hunger == 3


form_values = st.one_of(st.text(max_size=20), st.sampled_from(["Ana", "Ben", "Eve", "Zed", "1", "-3", "999", "",
                                                               "threat", "winged", "day", "volkihar", "quest"]))


@pytest.mark.slow
@pytest.mark.django_db
@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(event_type=st.sampled_from(sorted(EVENT_FORMS)),
       values=st.dictionaries(st.sampled_from(["player", "side", "icon", "count", "card", "hero", "race", "to",
                                               "to_0", "follower"]), form_values, max_size=6))
def test_taps_fed_random_input_never_answer_500(client, owner, event_type, values):
    campaign = Campaign.objects.filter(name="Dawnguard Fridays").first() or dawnguard_campaign(owner, *PLEDGED)
    client.force_login(owner)
    response = tap(client, campaign, event_type, {f"{event_type}-{key}": value for key, value in values.items()})
    assert response.status_code in (200, 302)


def test_completing_chapter_1_gives_its_totals_and_leads_to_chapter_2(client, table):
    tap(client, table, "marker", {"marker-icon": "threat"})
    response = client.post(reverse("dawnguard_event", args=[table.slug, "chapter_complete"]),
                           {"chapter_complete-chapter": "1"}, follow=True)
    html = response.content.decode()
    assert ("Chapter 1 ends with 2 markers on the Hall of the Vigilant card and 4 markers on the Castle Volkihar "
            "card (they set up the final encounters).") in html
    assert "Chapter 1 is complete" in html and reverse("game_start", args=[table.slug]) in html
    assert "Winged icon" not in html  # the board stays, without its taps


def test_a_chapter_2_played_alone_has_no_balance_and_no_pledges(client, owner):
    client.force_login(owner)
    campaign = CampaignFactory(name="Alone", system=dg.KEY, owner=owner, players=["Ana", "Ben", "Eve"])
    store.append(campaign, [
        Entry("setup", {"heroes": HEROES[:2], "fort_thresholds": THRESHOLDS}),
        Entry("game", {"number": 1, "played_on": "2026-11-27", "chapter": 2,
                       "sides": [{"player": "Ana", "side": "volkihar"}, {"player": "Ben", "side": "dawnguard"}]}),
    ], owner)
    html = page(client, campaign)
    assert "Chapter 2 · sitting 1" in html and "(chapter 2 played alone)" in html
    assert "Chapter 1 balance" not in html and 'id="dg-pledge"' not in html
    assert "Fort Dawnguard" in html and 'Dawnguard · <span class="dg-keep">level 3</span>' in html
    response = tap(client, campaign, "join", {"join-player": "Eve", "join-hero": "Serana", "join-race": "Nord",
                                              "join-side": "dawnguard"})
    assert response.status_code == 302 and state_now(campaign).heroes["Eve"].side == "vigilants"


# A player joining with a name typed at the table --------------------------------------------


def join(client, campaign, **fields):
    data = {"join-hero": "Serana", "join-race": "Nord", "join-side": "vigilants"}
    data.update({f"join-{name}": value for name, value in fields.items()})
    return tap(client, campaign, "join", data)


def test_a_new_player_typed_in_the_join_form_joins_the_roster_and_the_sitting(client, table):
    before = entries(table)
    response = join(client, table, new_player="  Fay  ")
    assert response.status_code == 302 and response["Location"].endswith("#dg-join")
    assert entries(table) == before + 1
    assert list(table.players.values_list("name", flat=True)) == ["Ana", "Ben", "Cid", "Eve", "Fay"]
    state = state_now(table)
    assert state.heroes["Fay"].hero == "Serana" and state.heroes["Fay"].level == 3
    assert "Fay" in state.players


def test_a_typed_name_already_on_the_roster_is_that_player_in_the_roster_s_case(client, table):
    response = join(client, table, new_player="eve")
    assert response.status_code == 302
    assert table.players.count() == 4
    assert state_now(table).heroes["Eve"].hero == "Serana"


def test_when_everyone_has_a_hero_the_join_form_asks_for_a_new_name(client, table):
    join(client, table, player="Eve")
    html = page(client, table)
    section = html[html.index('id="dg-join"'):]
    assert 'name="join-new_player"' in section and 'name="join-player"' not in section[:section.index("</details>")]
    assert "Add the new player on the" not in html
    assert join(client, table, new_player="Gus").status_code == 302
    assert state_now(table).heroes["Gus"].level == 3


def test_a_join_with_neither_a_player_nor_a_name_is_refused(client, table):
    before = entries(table)
    response = join(client, table)
    assert response.status_code == 200
    assert "Choose who joins, or type a new player&#x27;s name." in response.content.decode()
    assert entries(table) == before and table.players.count() == 4


def test_a_join_with_a_player_and_another_typed_name_is_refused(client, table):
    before = entries(table)
    response = join(client, table, player="Eve", new_player="Fay")
    assert "Choose Eve or type a new name, not both." in response.content.decode()
    assert response.context["join_form"].errors["new_player"]
    assert entries(table) == before and table.players.count() == 4


def test_a_refused_join_with_a_new_name_adds_nobody_to_the_roster(client, table):
    """The rules refuse the join (no such side in chapter 1): the typed name is not added
    either, and the next page's state still has four players (nothing cached wrongly)."""
    before = entries(table)
    response = join(client, table, new_player="Fay", side="dawnguard")
    assert response.status_code == 200
    assert "Fay" not in state_now(table).players
    assert entries(table) == before and table.players.count() == 4
    assert 'name="join-new_player"' in response.content.decode()
    # The next write bumps the version: the state folded for it has the roster as it is.
    tap(client, table, "board_threat", {"board_threat-count": "1"})
    assert "Fay" not in state_now(table).players


def test_a_new_name_too_long_is_refused_beside_its_field(client, table):
    response = join(client, table, new_player="F" * 41)
    assert response.status_code == 200
    assert response.context["join_form"].errors["new_player"]
    assert table.players.count() == 4


# "Chapter N is complete" asks first ----------------------------------------------------------


def test_chapter_complete_asks_on_its_own_page_first(client, table):
    html = page(client, table)
    confirm = reverse("dawnguard_chapter_complete", args=[table.slug])
    assert f'href="{confirm}"' in html and "Chapter 1 is complete…" in html
    assert f'action="{reverse("dawnguard_event", args=[table.slug, "chapter_complete"])}"' not in html
    asked = client.get(confirm).content.decode()
    assert "Is chapter 1 complete?" in asked and "the next sitting opens chapter 2" in asked
    assert 'name="chapter_complete-chapter" value="1"' in asked
    assert "ends the campaign" not in asked
    assert "Not yet: back to the sitting" in asked


def test_chapter_3_s_confirmation_says_it_ends_the_campaign(client, owner):
    client.force_login(owner)
    campaign = dawnguard_campaign(owner, *PLEDGED, {"type": "chapter_complete"})
    store.append(campaign, [Entry("game", {"number": 2, "played_on": "2026-12-04", "chapter": 2}),
                            Entry("event", {"type": "chapter_complete"}),
                            Entry("game", {"number": 3, "played_on": "2026-12-11", "chapter": 3})], owner)
    asked = client.get(reverse("dawnguard_chapter_complete", args=[campaign.slug])).content.decode()
    assert "This ends the campaign." in asked and "end the campaign</button>" in asked


def test_a_chapter_complete_not_confirmed_is_refused_and_nothing_saved(client, table):
    refused(client, table, "chapter_complete", {},
              "Confirm it first: “Chapter 1 is complete” asks before ending the chapter.")
    assert not state_now(table).chapter_complete


def test_a_confirmation_for_another_chapter_is_refused_and_nothing_saved(client, table):
    refused(client, table, "chapter_complete", {"chapter_complete-chapter": "2"},
            "That confirmation was for chapter 2; the campaign is in chapter 1 now.")
    assert not state_now(table).chapter_complete


def test_the_confirmation_page_without_a_sitting_goes_back_to_play(client, owner):
    client.force_login(owner)
    campaign = dawnguard_campaign(owner, *PLEDGED, {"type": "chapter_complete"})
    response = client.get(reverse("dawnguard_chapter_complete", args=[campaign.slug]))
    assert response.status_code == 302 and response["Location"] == reverse("play", args=[campaign.slug])


def test_a_stranger_cannot_see_the_confirmation(client, table):
    client.force_login(UserFactory())
    assert client.get(reverse("dawnguard_chapter_complete", args=[table.slug])).status_code == 404
