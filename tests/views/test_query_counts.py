"""Every page's SQL query count is bounded, and the bound does not grow with the games played."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaigns import store
from campaigns.models import Membership

from ..conftest import load_journal
from ..factories import MembershipFactory, UserFactory

PAGES = {
    # url name: (bound, needs the public link)
    "campaign_detail": 8,
    "roster": 9,
    "members": 8,
    "journal_download": 8,
    "state_json": 8,
    "undo": 9,
    # -- at the table (issue 4)
    # -- review (issue 5)
}


def campaign_with_games(games, owner):
    data = load_journal("risk_legacy_15_games.json")
    data["games"] = data["games"][:games]
    data.pop("world", None)
    data["name"] = f"{games} games"
    campaign = store.import_journal(data, owner=owner)
    MembershipFactory(campaign=campaign, role=Membership.Role.VIEWER)
    return campaign


def queries(client, url, *, cold):
    if cold:
        cache.clear()
        store.forget_in_process_states()
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(captured)


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
    assert queries(client, reverse("home"), cold=False) == few <= 4


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
