"""Helpers the tests of this folder share (not test modules importing each other)."""

import re

from campaigns import states, store
from campaigns.models import Campaign
from campaigns.rules import dawnguard as dg
from campaigns.rules.base import Entry

HEROES = [
    {"player": "Ana", "hero": "Sigrid", "race": "Redguard"},
    {"player": "Ben", "hero": "Faendal", "race": "Bosmer"},
    {"player": "Cid", "hero": "Lucien", "race": "Breton"},
]


THRESHOLDS = {"hall_of_the_vigilant": [3, 5], "fort_dawnguard": [3, 5, 7]}


def first_sitting(owner):
    """Set up, with sitting 1 of chapter 1 open and nothing logged yet."""
    campaign = store.create_campaign(
        name="Dawnguard Fridays", system=dg.KEY, owner=owner, players=["Ana", "Ben", "Cid", "Eve"]
    )
    store.append(campaign, [
        Entry("setup", {"heroes": HEROES, "fort_thresholds": THRESHOLDS}),
        Entry("game", {"number": 1, "played_on": "2026-11-27", "chapter": 1}),
    ], owner)
    return campaign


def state_now(campaign):
    return states.state(Campaign.objects.get(pk=campaign.pk))


def choose(form, player):
    """Tap a player's chip (its radio button covers it)."""
    form.get_by_role("radio", name=re.compile(f"\\b{player}\\b")).check()


