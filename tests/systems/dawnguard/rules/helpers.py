"""What the Dawnguard rules tests share: a roster, a setup, and campaigns driven entry by entry
(each refused entry checked to leave the state as it was)."""

import copy

import pytest

from campaigns.rules import base, dawnguard
from campaigns.rules.base import Entry, RuleError

from tests.conftest import load_journal

PLAYERS = ["Ana", "Ben", "Cid", "Dee", "Eve"]
SETUP = {
    "heroes": [
        {"player": "Ana", "hero": "Sigrid", "race": "Redguard"},
        {"player": "Ben", "hero": "Faendal", "race": "Bosmer"},
        {"player": "Cid", "hero": "Lucien", "race": "Nord"},
    ],
    "fort_thresholds": {"hall_of_the_vigilant": [3, 5], "fort_dawnguard": [3, 5, 7]},
}
PLEDGES = [
    {"type": "pledge", "player": "Ana", "side": "volkihar"},
    {"type": "pledge", "player": "Ben", "side": "vigilants"},
    {"type": "pledge", "player": "Cid", "side": "vigilants"},
]
DAY = {"type": "day_night", "side": "day"}  # hunger grows by day (never while it shows night)
#: Ben's stars that bring the Hall of the Vigilant to level 1: its cards may then be drawn.
HALL_LEVEL_1 = {"type": "fort_stars", "player": "Ben", "count": 3}
FORT_DAWNGUARD_LEVEL_1 = {"type": "fort_stars", "player": "Ben", "count": 3}


def setup(**changes) -> Entry:
    return Entry("setup", {**copy.deepcopy(SETUP), **changes})


def game(number: int, chapter: int = 1, played_on: str = "2026-09-04") -> Entry:
    return Entry("game", {"number": number, "played_on": played_on, "chapter": chapter})


def event(kind: str, **fields) -> Entry:
    return Entry("event", {"type": kind, **fields})


def applied(state, entry) -> None:
    """Apply one entry as the fold does: with what its ruling and the house rules set aside."""
    entry = entry if isinstance(entry, Entry) else Entry("event", entry)
    opening = entry.kind == "game" and isinstance(entry.data, dict)
    number = entry.data.get("number", len(state.games) + 1) if opening else len(state.games)
    base.apply_with_law(dawnguard, state, entry, number)


def play(state, *entries) -> dawnguard.DawnguardState:
    for entry in entries:
        applied(state, entry)
    return state


def chapter_1(*events) -> dawnguard.DawnguardState:
    """A campaign in its first game, with the given events after it opened."""

    return play(dawnguard.new_state(PLAYERS), setup(), game(1), *events)


def pledged(*events) -> dawnguard.DawnguardState:
    """Chapter 1 with Ana a Vampire and Ben and Cid Vigilants."""
    return chapter_1(*PLEDGES, *events)


def chapter_2(*events) -> dawnguard.DawnguardState:
    return play(pledged(event("chapter_complete")), game(2, chapter=2), *events)


def refused(state, entry) -> RuleError:
    """Apply an entry that must be refused; the state must come out untouched."""
    before = copy.deepcopy(state)
    with pytest.raises(RuleError) as caught:
        applied(state, entry)
    assert state == before
    return caught.value


def hero(state, player) -> dict:
    return next(h for h in dawnguard.state_json(state)["heroes"] if h["player"] == player)


def load_data():
    return load_journal("dawnguard_campaign.json")
