"""The Dawnguard table page and its live refresh query the same for 1 sitting and for 12."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaigns import store
from campaigns.models import Membership

from ..factories import MembershipFactory

EVENTS = [
    {"type": "marker", "icon": "threat"},
    {"type": "marker", "icon": "winged"},
    {"type": "fort_stars", "player": "Ben", "count": 1},
    {"type": "level_up", "player": "Cid"},
    {"type": "hunger", "player": "Ana"},
    {"type": "feed", "player": "Ana", "to": ["quest"]},
    {"type": "threat_deck", "count": 1},
    {"type": "threat_deck", "count": -1},
]


def campaign_with_sittings(sittings, owner):
    """A chapter 1 campaign of `sittings` sittings (the last still open), each with events."""
    games = []
    for number in range(1, sittings + 1):
        events = list(EVENTS)
        if number == 1:
            events = [{"type": "pledge", "player": "Ana", "side": "volkihar"},
                      {"type": "pledge", "player": "Ben", "side": "vigilants"},
                      {"type": "pledge", "player": "Cid", "side": "vigilants"}, *events]
        if number % 3 == 0:
            events.append({"type": "fort_card", "player": "Ben", "card": f"Card {number}"})
        games.append({"number": number, "played_on": f"2026-09-{number:02d}", "chapter": 1, "events": events})
    journal = {
        "format": "campaign-journal/1", "system": "dawnguard", "name": f"{sittings} sittings",
        "players": ["Ana", "Ben", "Cid", "Eve"],
        "setup": {
            "heroes": [{"player": "Ana", "hero": "Sigrid", "race": "Redguard"},
                       {"player": "Ben", "hero": "Faendal", "race": "Bosmer"},
                       {"player": "Cid", "hero": "Lucien", "race": "Breton"}],
            "fort_thresholds": {"hall_of_the_vigilant": [20, 30, 40], "fort_dawnguard": [3, 5, 7]},
        },
        "games": games,
    }
    campaign = store.import_journal(journal, owner=owner)
    MembershipFactory(campaign=campaign, role=Membership.Role.VIEWER)
    return campaign


def count(client, url, *, cold, status=200, **headers):
    if cold:
        cache.clear()
        store.forget_in_process_states()
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, headers=headers)
    assert response.status_code == status, url
    return len(captured)


@pytest.mark.parametrize("cold", [False, True], ids=["cached", "cold-cache"])
@pytest.mark.parametrize(("name", "bound"), [("table", 6), ("live", 6), ("dawnguard_contested_test", 6)])
def test_the_table_pages_query_the_same_for_1_and_12_sittings(client, owner, name, bound, cold):
    campaigns = [campaign_with_sittings(1, owner), campaign_with_sittings(12, owner)]
    client.force_login(owner)
    counts = [count(client, reverse(name, args=[c.slug]), cold=cold) for c in campaigns]
    assert counts[0] == counts[1] <= bound, counts


def test_an_unchanged_live_poll_is_one_query(client, owner):
    campaign = campaign_with_sittings(12, owner)
    client.force_login(owner)
    url = f"{reverse('live', args=[campaign.slug])}?v={campaign.journal_version}"
    assert count(client, url, cold=False, status=204, HX_Request="true") <= 3  # session, user, membership
