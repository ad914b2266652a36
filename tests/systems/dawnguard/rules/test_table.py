"""The helpers the Dawnguard pages call: the contested skill test, and what the forms offer and
what is left (sides, places to feed, threat tokens, the fort's progress, why a sitting cannot start)."""

import pytest

from campaigns.rules import dawnguard
from campaigns.rules.base import RuleError

from tests.systems.dawnguard.rules.helpers import PLAYERS, chapter_1, chapter_2, event, pledged

# Contested skill tests ------------------------------------------------------------------


def test_a_contested_skill_test_all_failing_is_a_failure():
    assert dawnguard.contested_skill_test({"Ana": None, "Ben": None}) is None


def test_a_contested_skill_test_with_one_success_goes_to_it():
    assert dawnguard.contested_skill_test({"Ana": None, "Ben": 2}) == "Ben"


def test_a_contested_skill_test_with_several_successes_goes_to_the_most_icons():
    assert dawnguard.contested_skill_test({"Ana": 3, "Ben": 2}) == "Ana"


def test_a_contested_skill_test_tied_on_icons_is_a_failure():
    assert dawnguard.contested_skill_test({"Ana": 2, "Ben": 2, "Cid": None}) is None


# What the forms offer ----------------------------------------------------------------------


def test_the_sides_a_form_offers_follow_the_chapter():
    assert dawnguard.sides_to_choose(1) == [
        ("vigilants", "Vigilants of Stendarr"),
        ("volkihar", "Clan Volkihar"),
    ]
    assert dawnguard.sides_to_choose(2) == [("dawnguard", "Dawnguard"), ("volkihar", "Clan Volkihar")]
    assert dawnguard.side_label("vigilants", 3) == "the Dawnguard"
    assert dawnguard.side_label(None, 1) == "not pledged yet"


def test_what_is_left_for_the_forms():
    state = pledged(
        event("hunger", player="Ana"),
        event("hunger", player="Ana"),
        event("fort_stars", player="Ben", count=4),
    )
    assert dawnguard.feed_places_needed(state, "Ana") == 2
    assert dawnguard.feed_places_needed(state, "Ben") == 0
    assert dawnguard.threat_tokens_left(state) == 18
    assert dawnguard.fort_progress(state) == {
        "name": "Hall of the Vigilant",
        "stars": 1,
        "level": 1,
        "thresholds": [3, 5],
        "next_threshold": 5,
        "top": False,
    }
    assert dawnguard.why_not_start(state, 2) == (
        "chapters are played in order: chapter 1 is not complete yet "
        "(mark it complete at the end of its last sitting first)"
    )
    assert dawnguard.why_not_start(state, 1) is None
    not_set_up = dawnguard.new_state(PLAYERS)
    assert dawnguard.why_not_start(not_set_up, 1).startswith("the campaign's setup")


# Who takes a contested skill test (docs/rules.md, 2026-12-01) ---------------------------------


def test_a_contested_skill_test_is_taken_by_a_player_from_each_faction():
    state = pledged()  # Ana is a Vampire; Ben and Cid Vigilants
    assert dawnguard.check_contestants(state, ["Ana", "Ben"]) is None
    assert dawnguard.check_contestants(state, ["Ben", "Ana", "Cid"]) is None


def test_a_contested_skill_test_needs_two_or_more_contestants():
    state = pledged()
    with pytest.raises(RuleError) as caught:
        dawnguard.check_contestants(state, ["Ana"])
    assert (caught.value.field, caught.value.message) == (
        "contestants",
        "a contested skill test is taken by 2 or more players, from both factions: tick who takes it (only Ana)",
    )
    with pytest.raises(RuleError) as caught:
        dawnguard.check_contestants(state, [])
    assert caught.value.message.endswith("tick who takes it")


def test_a_contested_skill_test_within_one_faction_is_refused():
    state = pledged()
    with pytest.raises(RuleError) as caught:
        dawnguard.check_contestants(state, ["Ben", "Cid"])
    assert caught.value.message == (
        "Ben and Cid both play for the Vigilants of Stendarr: a contested skill test is taken by players from "
        "both factions, at least one from each"
    )
    later = chapter_2()
    with pytest.raises(RuleError) as caught:
        dawnguard.check_contestants(later, ["Ben", "Cid"])
    assert caught.value.message.startswith("Ben and Cid both play for the Dawnguard")


def test_a_contestant_needs_a_side():
    with pytest.raises(RuleError) as caught:
        dawnguard.check_contestants(chapter_1(), ["Ana", "Ben"])
    assert caught.value.message == (
        "Ana has not pledged yet: a contested skill test is between the two factions' players"
    )
