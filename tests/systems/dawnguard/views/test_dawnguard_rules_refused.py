"""docs/rules.md §2, rule by rule, refused through the Dawnguard forms: the rule's words shown in the
form that sent the tap, and nothing saved. The refusals the issue names (a fourth hunger token,
a marker below zero, a Vampire adding stars, a fort card drawn twice, a pledge after chapter 1)
and several more are in test_dawnguard_play.py and test_dawnguard_setup.py; this file holds the
rest of §2, so that every rule has one (the index below says where each is)."""

import pytest
from django.urls import reverse

from campaigns import store
from campaigns.rules.base import Entry

from tests.systems.dawnguard.views.helpers import (
    HALL_LEVELLED,
    PLEDGED,
    dawnguard_campaign,
    entries,
    refused,
    state_now,
    tap,
)

# §2 rule -> its form refusal test
#   chapters in order, several sittings, next only after chapter complete
#       test_dawnguard_setup: test_a_start_for_the_next_chapter_before_this_one_is_complete..., ..._the_campaign_has_left...,
#       test_after_chapter_3_no_sitting_starts; here: test_a_chapter_cannot_be_skipped_at_the_start
#       test_dawnguard_play: test_a_tap_after_another_phone_completed_the_chapter_says_so
#   heroes (name, race, level): test_dawnguard_setup: test_a_refused_setup_shows_the_rule...
#   pledges in chapter 1 only: test_dawnguard_play: test_a_pledge_after_chapter_1_is_refused
#   a pledge once: here   every pledge before chapter 1 completes: test_dawnguard_play
#   a joining player (side of the chapter; has no hero yet): here + test_dawnguard_play
#   chapter 2 alone: every player chooses a side: test_dawnguard_setup
#   hunger 0 to 3, Vampires only: test_dawnguard_play
#   day turn (by day, a Vampire at 3 feeds): test_dawnguard_play; with no Vampire: here
#   feeding empties the card: test_dawnguard_play; one token a place, nothing to feed,
#       only Vampires feed: here
#   stars: Vampires don't (test_dawnguard_play); an unpledged player doesn't, no stars past the
#       top level: here; thresholds corrected: test_dawnguard_setup
#   balance markers never below zero: test_dawnguard_play; chapter 1 only: here
#   Day/Night flips: test_dawnguard_play
#   threat tokens: never below zero, 20 in the box: test_dawnguard_play; a count of 0: here
#   fort cards: once a player, a Follower held: test_dawnguard_play; needs a side, a Follower or an
#       item for the whole campaign (names without case or spaces): here
#   contested skill tests: test_dawnguard_play (a helper, nothing recorded); two or more
#       contestants from both factions: test_dawnguard_play


@pytest.fixture
def table(client, owner):
    client.force_login(owner)
    return dawnguard_campaign(owner, *PLEDGED)


@pytest.fixture
def before_pledges(client, owner):
    client.force_login(owner)
    return dawnguard_campaign(owner)


def in_chapter_2(owner):
    campaign = dawnguard_campaign(owner, *PLEDGED, {"type": "chapter_complete"})
    store.append(campaign, [Entry("game", {"number": 2, "played_on": "2026-12-04", "chapter": 2})], owner)
    return campaign


def test_a_player_pledges_once(client, table):
    response = refused(client, table, "pledge", {"pledge-player": "Ben", "pledge-side": "volkihar"},
                       "Ben has already pledged to the Vigilants of Stendarr")
    assert response.context["pledge_form"].errors["player"]
    assert not state_now(table).heroes["Ben"].is_vampire


def test_the_markers_move_in_chapter_1_only(client, owner):
    client.force_login(owner)
    campaign = in_chapter_2(owner)
    refused(client, campaign, "marker", {"marker-icon": "threat"},
            "the Hall and Castle markers are moved in chapter 1 only")


def test_the_dawnguard_is_no_side_in_chapter_1(client, table):
    response = refused(client, table, "join", {"join-player": "Eve", "join-hero": "Agmaer", "join-race": "Nord",
                                               "join-side": "dawnguard"},
                       "the Dawnguard is a side from chapter 2: in chapter 1 a player joins the Vigilants of "
                       "Stendarr or Clan Volkihar")
    assert response.context["join_form"].errors["side"]
    assert "Eve" not in state_now(table).heroes


def test_a_join_names_a_hero_and_a_race(client, table):
    refused(client, table, "join", {"join-player": "Eve", "join-hero": "Agmaer", "join-side": "vigilants"},
            "Give the hero&#x27;s race.")


def test_a_day_turn_needs_a_vampire(client, owner):
    client.force_login(owner)
    campaign = dawnguard_campaign(
        owner,
        *[{"type": "pledge", "player": player, "side": "vigilants"} for player in ("Ana", "Ben", "Cid")],
        {"type": "day_night", "side": "day"},
    )
    refused(client, campaign, "day_turn", {}, "no player is a Vampire: a day turn changes no hunger")


def test_a_feeding_puts_at_most_one_token_on_each_place(client, owner):
    """A box per place: a place sent twice counts once, so the card is not emptied (the rules
    layer's own "named twice" refusal: tests/rules/dawnguard/test_events.py)."""
    client.force_login(owner)
    campaign = dawnguard_campaign(owner, *PLEDGED, *[{"type": "hunger", "player": "Ana"}] * 2)
    response = refused(client, campaign, "feed", {"feed-player": "Ana", "feed-to": ["quest", "quest"]},
                       "Ana&#x27;s holds 2 threat tokens, so name 2 different places, not 1")
    assert response.context["feed_form"].errors["to"]
    assert state_now(campaign).heroes["Ana"].hunger == 2


def test_a_vampire_with_an_empty_card_has_nothing_to_feed(client, table):
    refused(client, table, "feed", {"feed-player": "Ana", "feed-to": ["quest"]},
            "Ana&#x27;s Vampirism card holds no threat token to feed with")
    assert state_now(table).heroes["Ana"].hunger == 0


def test_only_a_vampire_feeds(client, table):
    refused(client, table, "feed", {"feed-player": "Ben", "feed-to": ["quest"]}, "Ben is not a Vampire")


def test_a_player_who_has_not_pledged_adds_no_stars(client, before_pledges):
    response = refused(client, before_pledges, "fort_stars", {"fort_stars-player": "Ben", "fort_stars-count": "1"},
                       "Ben has not pledged yet: only Vigilant players add stars to their fort")
    assert response.context["fort_stars_form"].errors["player"]


def test_a_fort_takes_no_stars_past_its_top_level(client, table):
    tap(client, table, "fort_stars", {"fort_stars-player": "Ben", "fort_stars-count": "8"})
    assert state_now(table).vigilant_fort.gold == 2  # the Hall's card prints 3, 5: 8 stars to its top
    response = refused(client, table, "fort_stars", {"fort_stars-player": "Cid", "fort_stars-count": "1"},
                       "the Hall of the Vigilant is at its top level (2): it takes no more stars")
    assert response.context["fort_stars_form"].errors["count"]


def test_a_fort_card_comes_from_ones_own_sides_fort(client, before_pledges):
    response = refused(client, before_pledges, "fort_card", {"fort_card-player": "Ben", "fort_card-card": "Crossbow"},
                       "Ben has not pledged yet: fort cards come from one&#x27;s own side&#x27;s fort")
    assert response.context["fort_card_form"].errors["player"]


def test_a_card_drawn_as_an_item_is_refused_as_a_follower_by_any_case_or_spacing(client, owner):
    """docs/rules.md, 2026-12-01: a card drawn from a fort is a Follower or an item for the whole
    campaign, its name compared without case or surrounding spaces."""
    client.force_login(owner)
    table = dawnguard_campaign(owner, *PLEDGED, HALL_LEVELLED)
    tap(client, table, "fort_card", {"fort_card-player": "Ben", "fort_card-card": "Crossbow"})
    response = refused(client, table, "fort_card",
                       {"fort_card-player": "Cid", "fort_card-card": "crossbow", "fort_card-follower": "on"},
                       "Crossbow was drawn as an item before: a card drawn from a fort is a Follower or an item "
                       "for the whole campaign")
    assert response.context["fort_card_form"].errors["follower"]
    assert state_now(table).fort_cards["Cid"] == [] and state_now(table).followers == {}
    html = client.get(reverse("play", args=[table.slug])).content.decode()
    assert "Ben · an item" in html


def test_a_threat_count_of_zero_is_refused(client, table):
    refused(client, table, "threat_deck", {"threat_deck-count": "0"}, "A count of 0 changes nothing")
    refused(client, table, "board_threat", {"board_threat-count": "0"}, "A count of 0 changes nothing")


def test_a_chapter_cannot_be_skipped_at_the_start(client, table):
    """The start page offers only the chapters that may start; a page that sent another one
    (typed in, or kept from an older campaign) gets the rule, not a sitting."""
    campaign = table
    before = entries(campaign)
    response = client.post(reverse("game_start", args=[campaign.slug]),
                           {"number": "2", "chapter": "3", "mode": "", "played_on": "2026-11-28"})
    assert response.status_code == 200
    assert "Chapters are played in order: chapter 1 is not complete yet" in response.content.decode()
    assert entries(campaign) == before
