"""Helpers the tests of this folder share (not test modules importing each other)."""

from django.urls import reverse

from campaigns import states, store
from campaigns.models import Campaign
from campaigns.rules import dawnguard as dg
from campaigns.rules.base import Entry

from tests.factories import CampaignFactory

HEROES = [
    {"player": "Ana", "hero": "Sigrid", "race": "Redguard"},
    {"player": "Ben", "hero": "Faendal", "race": "Bosmer"},
    {"player": "Cid", "hero": "Lucien", "race": "Breton"},
]


THRESHOLDS = {"hall_of_the_vigilant": [3, 5], "fort_dawnguard": [3, 5, 7]}


def dawnguard_campaign(owner, *events, players=("Ana", "Ben", "Cid", "Eve")):
    """A campaign set up with three heroes and sitting 1 of chapter 1 open, then `events`."""
    campaign = CampaignFactory(name="Dawnguard Fridays", system=dg.KEY, owner=owner, players=list(players))
    entries = [
        Entry("setup", {"heroes": HEROES, "fort_thresholds": THRESHOLDS}),
        Entry("game", {"number": 1, "played_on": "2026-11-27", "chapter": 1}),
        *[Entry("event", event) for event in events],
    ]
    store.append(campaign, entries, owner)
    return campaign


PLEDGED = (
    {"type": "pledge", "player": "Ana", "side": "volkihar"},
    {"type": "pledge", "player": "Ben", "side": "vigilants"},
    {"type": "pledge", "player": "Cid", "side": "vigilants"},
)
#: Ben's three stars bring the Hall of the Vigilant (3, 5) to level 1: its cards may be drawn.
HALL_LEVELLED = {"type": "fort_stars", "player": "Ben", "count": 3}


def state_now(campaign):
    return states.state(Campaign.objects.get(pk=campaign.pk))


def entries(campaign):
    return campaign.entries.live().count()


def tap(client, campaign, event_type, data, **headers):
    return client.post(reverse("dawnguard_event", args=[campaign.slug, event_type]), data, headers=headers)


def refused(client, campaign, event_type, data, message, **headers):
    """Post the tap, check the page shows the rule's message in its form, and nothing was saved."""
    before = entries(campaign)
    response = tap(client, campaign, event_type, data, **headers)
    assert response.status_code == 200
    html = response.content.decode()
    assert message in html, html[html.find("form-errors") - 200: html.find("form-errors") + 600]
    assert entries(campaign) == before
    return response


