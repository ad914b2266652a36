"""Helpers the tests of this folder share (not test modules importing each other)."""

import re

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


def first_sitting(owner):
    """Set up, with sitting 1 of chapter 1 open and nothing logged yet."""
    campaign = CampaignFactory(
        name="Dawnguard Fridays", system=dg.KEY, owner=owner, players=["Ana", "Ben", "Cid", "Eve"])
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


FIVE_HEROES = [
    {"player": "Ana", "hero": "Sigrid", "race": "Redguard"},
    {"player": "Ben", "hero": "Faendal", "race": "Bosmer"},
    {"player": "Cid", "hero": "Lucien", "race": "Breton"},
    {"player": "Dee", "hero": "Isran", "race": "Nord"},
    {"player": "Eve", "hero": "Serana", "race": "Nord"},
]




def five_heroes_at_day(owner):
    """Chapter 1, sitting 1: five heroes pledged (three Vampires, the last on the roster
    among them, one hungry), day, threat tokens on the deck and the board."""
    campaign = CampaignFactory(
        name="Dawnguard Fives", system=dg.KEY, owner=owner, players=[hero["player"] for hero in FIVE_HEROES])
    store.append(campaign, [
        Entry("setup", {"heroes": FIVE_HEROES, "fort_thresholds": THRESHOLDS}),
        Entry("game", {"number": 1, "played_on": "2026-11-27", "chapter": 1}),
    ], owner)
    store.append(campaign, [Entry("event", event) for event in (
        {"type": "pledge", "player": "Ana", "side": "volkihar"},
        {"type": "pledge", "player": "Ben", "side": "vigilants"},
        {"type": "pledge", "player": "Cid", "side": "volkihar"},
        {"type": "pledge", "player": "Dee", "side": "vigilants"},
        {"type": "pledge", "player": "Eve", "side": "volkihar"},
        {"type": "day_night", "side": "day"},
        {"type": "hunger", "player": "Ana"},
        {"type": "threat_deck", "count": 2},
        {"type": "board_threat", "count": 1},
    )], owner)
    return campaign


def toast_clear_of_controls(phone):
    """The toast's box, and every control on the screen that it lies over (none, we hope)."""
    return phone.evaluate(
        """() => {
          const toast = document.querySelector('#toasts .toast-list').getBoundingClientRect();
          const over = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          return [...document.querySelectorAll('button, a.button, input:not([type=hidden]), select, summary')]
            .filter((control) => !control.closest('#toasts') && control.checkVisibility({ visibilityProperty: true }))
            .filter((control) => { const box = control.getBoundingClientRect();
                                   return box.width && box.height && over(box, toast); })
            .map((control) => control.outerHTML.slice(0, 120));
        }"""
    )


