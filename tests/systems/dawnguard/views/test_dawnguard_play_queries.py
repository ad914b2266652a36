"""The Dawnguard Play page, its live refresh and the campaign's other pages (exports, journal,
public link, roster, members, undo) query the same for 1 sitting and for 12. The setup and
start pages: test_dawnguard_setup.py; the overview and history: test_dawnguard_review.py."""

import pytest
from django.urls import reverse

from campaigns import store
from campaigns.models import Membership

from tests.factories import MembershipFactory
from tests.query_counts import count_queries

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
            "fort_thresholds": {"hall_of_the_vigilant": [1, 30, 40], "fort_dawnguard": [3, 5, 7]},
        },
        "games": games,
    }
    campaign = store.import_journal(journal, owner=owner)
    MembershipFactory(campaign=campaign, role=Membership.Role.VIEWER)
    return campaign


@pytest.mark.parametrize("cold", [False, True], ids=["cached", "cold-cache"])
@pytest.mark.parametrize(("name", "bound"), [("play", 6), ("live", 6), ("dawnguard_contested_test", 6)])
def test_the_table_pages_query_the_same_for_1_and_12_sittings(client, owner, name, bound, cold):
    campaigns = [campaign_with_sittings(1, owner), campaign_with_sittings(12, owner)]
    client.force_login(owner)
    counts = [count_queries(client, reverse(name, args=[c.slug]), cold=cold) for c in campaigns]
    assert counts[0] == counts[1] <= bound, counts


def test_an_unchanged_live_poll_is_one_query(client, owner):
    campaign = campaign_with_sittings(12, owner)
    client.force_login(owner)
    url = f"{reverse('live', args=[campaign.slug])}?v={campaign.journal_version}"
    assert count_queries(client, url, status=204, headers={"HX-Request": "true"}) <= 3  # session, user, membership


# The other pages a Dawnguard campaign has (exports, journal, the public link, the roster and
# members, the undo page): each queries the same for 1 sitting and for 12.
@pytest.mark.parametrize("cold", [False, True], ids=["cached", "cold-cache"])
@pytest.mark.parametrize(("name", "bound"), [
    ("plays_csv", 8), ("plays_bgstats", 8), ("journal_download", 8), ("state_json", 8),
    ("roster", 8), ("members", 10), ("undo", 8), ("campaign_public", 8),
])
def test_the_other_dawnguard_pages_query_the_same_for_1_and_12_sittings(client, owner, name, bound, cold):
    campaigns = [campaign_with_sittings(1, owner), campaign_with_sittings(12, owner)]
    client.force_login(owner)
    counts = []
    for campaign in campaigns:
        if name == "campaign_public":
            campaign.public_token = f"public-{campaign.pk}"
            campaign.save(update_fields=["public_token"])
            url = reverse(name, args=[campaign.public_token])
        else:
            url = reverse(name, args=[campaign.slug])
        counts.append(count_queries(client, url, cold=cold))
    assert counts[0] == counts[1] <= bound, counts
