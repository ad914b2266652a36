"""Every page's SQL query count is bounded, and the bound does not grow with the games played."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaigns import roster, states, store
from campaigns.models import Membership

from tests.conftest import load_journal
from tests.factories import CampaignFactory, MembershipFactory, UserFactory, held_on_to_choose
from tests.query_counts import count_queries as queries

PAGES = {
    # url name: (bound, needs the public link)
    "campaign_detail": 8,
    "roster": 9,
    "members": 8,
    "journal_download": 8,
    "state_json": 8,
    "undo": 9,
    # -- at the table
    "setup_edit": 5,  # read-only here (both campaigns are past the setup); the form: tests/views/test_setup.py
    "game_start": 5,
    "recruitment": 6,
    "play": 8,
    "live": 7,
    # -- review
    "board": 5,
    "history": 5,
    "plays_csv": 6,
    "plays_bgstats": 7,
}


def campaign_with_games(games, owner):
    """The campaign after `games` games (CampaignFactory), with a viewer too (the members' pages list them)."""
    campaign = CampaignFactory(after=games, owner=owner, name=f'{games} games')
    MembershipFactory(campaign=campaign, role=Membership.Role.VIEWER)
    return campaign


@pytest.mark.parametrize("cold", [False, True], ids=["cached", "cold-cache"])
@pytest.mark.parametrize("name", PAGES)
def test_campaign_pages_query_the_same_for_1_and_15_games(client, owner, name, cold):
    one, fifteen = campaign_with_games(1, owner), campaign_with_games(15, owner)
    client.force_login(owner)
    counts = [queries(client, reverse(name, args=[c.slug]), cold=cold) for c in (one, fifteen)]
    assert counts[0] == counts[1]
    assert counts[1] <= PAGES[name]


def test_the_home_page_queries_the_same_for_few_and_many_campaigns(client, owner):
    client.force_login(owner)
    campaign_with_games(1, owner)
    few = queries(client, reverse("home"), cold=False)
    for games in (3, 9, 15):
        campaign_with_games(games, owner)
    assert queries(client, reverse("home"), cold=False) == few <= 4  # session, user, campaigns, the deleted ones still restorable


def test_the_public_page_is_bounded(client, owner):
    counts = []
    for games in (1, 15):
        campaign = campaign_with_games(games, owner)
        campaign.public_token = f"public-{games}"
        campaign.save()
        counts.append(queries(client, reverse("campaign_public", args=[campaign.public_token]), cold=True))
    assert counts[0] == counts[1] <= 6


@pytest.mark.parametrize("name", ["login", "signup"])
def test_account_pages_are_bounded(client, db, name):
    assert queries(client, reverse(name), cold=False) <= 2


def test_create_and_join_pages_are_bounded(client, owner):
    campaign = campaign_with_games(15, owner)
    client.force_login(UserFactory())
    assert queries(client, reverse("campaign_create"), cold=False) <= 3
    assert queries(client, reverse("join", args=[campaign.invite_token]), cold=False) <= 5


# -- review: the stats page reads every campaign of the user at once
STATS_JOURNALS = ("risk_skyrim_plays.json", "captain_america_plays.json", "dawnguard_campaign.json")


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx-fragment"])
def test_the_stats_page_queries_the_same_for_few_and_many_games_and_campaigns(client, owner, htmx):
    client.force_login(owner)
    headers = {"HX-Request": "true"} if htmx else {}
    campaign_with_games(1, owner)

    def count():
        return queries(client, reverse("stats"), headers=headers)

    few = count()
    for games in (3, 9, 15):
        campaign_with_games(games, owner)
    for name in STATS_JOURNALS:
        store.import_journal(load_journal(name), owner=owner)
    # The session, the user, the campaigns' versions and the names linked to accounts (the kept
    # page's key) and, the page being worked out afresh, the campaigns, their kept records, their
    # checkpoints (the test's writes never commit, so no process kept their states), their
    # rosters and the records worked out kept (a savepoint, one insert, its release).
    assert count() == few <= 11


def test_the_stats_page_from_a_cold_cache_queries_the_same_for_1_and_15_games(client, owner):
    counts = []
    for games in (1, 15):
        user = UserFactory()
        campaign_with_games(games, user)
        client.force_login(user)
        counts.append(queries(client, reverse("stats"), cold=True))
    # A campaign folded afresh costs its two reads (roster, journal), whatever its length; the
    # page worked out afresh reads the campaigns whole after their versions (the kept page's key),
    # their kept records, and keeps the one it worked out (a savepoint, one insert, its release).
    assert counts[0] == counts[1] <= 11


def test_the_stats_page_from_a_cold_cache_does_not_grow_with_the_campaigns(client, owner):
    client.force_login(owner)
    campaign_with_games(1, owner)
    one = queries(client, reverse("stats"), cold=True)
    for games in (3, 9, 15):
        campaign_with_games(games, owner)
    for name in STATS_JOURNALS:
        store.import_journal(load_journal(name), owner=owner)
    assert queries(client, reverse("stats"), cold=True) == one


def campaign_playing_game_after(games, owner):
    """`games` games played, and the next one just started (three players, legal starts)."""
    from campaigns.rules import risk_legacy as rl
    from campaigns.rules.base import Entry

    campaign = campaign_with_games(games, owner)
    state = states.state(campaign)
    seats, chosen = [], []
    for player, faction in zip(["Ana", "Ben", "Cid"], rl.FACTIONS):
        start = rl.legal_starts(state, player, chosen)[0]
        chosen.append(start)
        seats.append({"player": player, "faction": faction, "start": start})
    if state.phase == rl.PHASE_REWARDS and state.last_game.winner_rewarded is False:
        raise AssertionError("the cut journal ends before its winner's reward")
    store.append(campaign, [Entry("game", {"number": state.next_game_number, "played_on": "2026-12-01", "seats": seats})])
    return campaign


@pytest.mark.parametrize("cold", [False, True], ids=["cached", "cold-cache"])
@pytest.mark.parametrize("name", ["play", "game_end"])
def test_game_night_pages_during_a_game_query_the_same_for_game_2_and_game_16(client, owner, name, cold):
    early, late = campaign_playing_game_after(1, owner), campaign_playing_game_after(15, owner)
    client.force_login(owner)
    counts = [queries(client, reverse(name, args=[c.slug]), cold=cold) for c in (early, late)]
    assert counts[0] == counts[1] <= 8


# -- game night in each phase, the chart's correction, the signed-out answer, join and home


def campaign_in_phase(games, phase, owner):
    """`games` games played and the campaign in `phase`: "rewards" (the winner has chosen,
    the held-on players still may) or "between games" (every reward chosen or passed, then a
    packet opened: after game 15, the world is still to name)."""
    from campaigns.rules import risk_legacy as rl
    from campaigns.rules.base import Entry

    campaign = CampaignFactory(after=games - 1, until=held_on_to_choose, owner=owner, name=f'{games} games, {phase}')
    state = states.state(campaign)
    assert state.phase == rl.PHASE_REWARDS and state.reward_queue
    if phase == "between games":
        passes = [Entry("reward", {"player": player, "choice": None}) for player in state.reward_queue]
        packet = Entry("packet", {"name": "Opened between games", "unlocks": {"notes": "New rules."}})
        store.append(campaign, [*passes, packet])
        assert states.state(campaign).phase == rl.PHASE_READY
    return campaign


@pytest.mark.parametrize("cold", [False, True], ids=["cached", "cold-cache"])
@pytest.mark.parametrize("phase", ["rewards", "between games"])
@pytest.mark.parametrize("name", ["play", "live", "setup_edit", "game_start"])
def test_game_night_pages_after_a_game_query_the_same_after_game_1_and_game_15(
    client, owner, name, phase, cold
):
    early, late = campaign_in_phase(1, phase, owner), campaign_in_phase(15, phase, owner)
    client.force_login(owner)
    counts = [queries(client, reverse(name, args=[c.slug]), cold=cold) for c in (early, late)]
    assert counts[0] == counts[1] <= 6


def test_the_play_page_offers_the_packet_form_in_rewards_and_between_games(client, owner):
    client.force_login(owner)
    for phase in ("rewards", "between games"):
        campaign = campaign_in_phase(15, phase, owner)
        context = client.get(reverse("play", args=[campaign.slug])).context
        assert context["packet_form"] is not None, phase
    assert context["world_form"] is not None  # after game 15, between games: name the world


@pytest.mark.parametrize("name", ["play", "setup_edit", "game_start"])
def test_game_night_pages_before_the_setup_are_bounded(client, owner, name):
    campaign = CampaignFactory(name="Not set up", system="risk-legacy", owner=owner,
                                     players=["Ana", "Ben", "Cid"])
    client.force_login(owner)
    assert queries(client, reverse(name, args=[campaign.slug]), cold=True) <= 7


def _chart_post(client, campaign, troops):
    with CaptureQueriesContext(connection) as captured:
        response = client.post(
            reverse("trade_in_chart_edit", args=[campaign.slug]), {"chart-troops_2": troops}
        )
    return response.status_code, len(captured)


@pytest.mark.parametrize("cold", [False, True], ids=["cached", "cold-cache"])
def test_correcting_the_chart_queries_the_same_after_game_1_and_game_15(client, owner, cold):
    early, late = campaign_with_games(1, owner), campaign_with_games(15, owner)
    client.force_login(owner)
    refused, saved = [], []
    for campaign in (early, late):
        if cold:
            cache.clear()
            states.forget_in_process()
        refused.append(_chart_post(client, campaign, "-1"))  # the page again, the row's error beside it
        saved.append(_chart_post(client, campaign, "3"))  # saved: back to the setup page
    assert [status for status, _ in refused] == [200, 200] and [status for status, _ in saved] == [302, 302]
    assert refused[0][1] == refused[1][1] <= 5
    assert saved[0][1] == saved[1][1] <= 14  # with the row of what the write changed (store.changes_since)


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx-poll"])
def test_the_signed_out_live_answer_reads_nothing(client, owner, htmx):
    campaign = campaign_with_games(15, owner)
    with CaptureQueriesContext(connection) as captured:
        headers = {"HX-Request": "true"} if htmx else {}
        response = client.get(reverse("live", args=[campaign.slug]), headers=headers)
    assert response.status_code == (200 if htmx else 302)
    assert len(captured) <= 1  # the session's row, at most: no campaign, no journal


@pytest.mark.parametrize("cold", [False, True], ids=["cached", "cold-cache"])
def test_the_join_page_with_a_roster_name_to_offer_queries_the_same_for_1_and_15_games(client, owner, cold):
    joiner = UserFactory(username="ana")  # "Ana" is on the roster, unlinked: it is offered
    client.force_login(joiner)
    counts = []
    for games in (1, 15):
        campaign = campaign_with_games(games, owner)
        response_count = queries(client, reverse("join", args=[campaign.invite_token]), cold=cold)
        assert client.get(reverse("join", args=[campaign.invite_token])).context["offered"].name == "Ana"
        counts.append(response_count)
    # From a cold cache the count of games folds the journal: its two reads (roster, journal).
    assert counts[0] == counts[1] <= 7


def test_the_home_page_from_a_cold_cache_does_not_grow_with_the_campaigns(client, owner):
    client.force_login(owner)
    campaign_with_games(1, owner)
    few = queries(client, reverse("home"), cold=True)
    for games in (3, 9, 15):
        campaign_in_phase(games, "rewards", owner)
    campaign_playing_game_after(2, owner)
    for name in STATS_JOURNALS:
        store.import_journal(load_journal(name), owner=owner)
    # Each card's count is the campaign's own column: no journal is read, however many there are.
    assert queries(client, reverse("home"), cold=True) == few <= 4


def test_the_home_page_counts_a_campaign_saved_before_its_count_column_from_its_state(client, owner):
    """A campaign whose games_finished is still empty (saved before the column) is folded
    for its count, all such campaigns together: one read (their snapshots) in all."""
    from campaigns.models import Campaign

    client.force_login(owner)
    few = queries(client, reverse("home"), cold=True)
    for games in (1, 15):
        Campaign.objects.filter(pk=campaign_with_games(games, owner).pk).update(games_finished=None)
    assert queries(client, reverse("home"), cold=True) == few + 1
    html = client.get(reverse("home")).content.decode()
    assert "1 game played" in html and "15 games played" in html


@pytest.mark.parametrize("name", ["roster", "members", "play", "game_start"])
def test_pages_listing_the_roster_query_the_same_for_a_short_and_a_long_roster(client, owner, name):
    client.force_login(owner)
    counts = []
    for players in (["Ana", "Ben", "Cid"], [f"Player {n}" for n in range(1, 13)]):
        campaign = CampaignFactory(name=f"{len(players)} players", system="risk-legacy", owner=owner,
                                         players=players)
        for player in campaign.players.all()[:2]:
            roster.link_player(campaign, player, UserFactory())
        counts.append(queries(client, reverse(name, args=[campaign.slug]), cold=True))
    assert counts[0] == counts[1]
