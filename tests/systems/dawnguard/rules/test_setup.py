"""The Dawnguard setup: heroes and fort thresholds, and their corrections (docs/rules.md §2)."""

import copy

import pytest

from campaigns.rules import dawnguard
from campaigns.rules.base import Entry

from tests.systems.dawnguard.rules.helpers import (
    PLAYERS,
    SETUP,
    chapter_2,
    event,
    hero,
    play,
    pledged,
    refused,
    setup,
)

# Setup ----------------------------------------------------------------------------------


def test_setup_gives_each_hero_level_1_and_no_side_yet():
    state = play(dawnguard.new_state(PLAYERS), setup())
    assert hero(state, "Ana") == {
        "player": "Ana",
        "hero": "Sigrid",
        "race": "Redguard",
        "level": 1,
        "side": None,
        "hunger": None,
    }
    assert dawnguard.state_json(state)["forts"][0] == {"name": "Hall of the Vigilant", "stars": 0, "level": 0}


def test_setup_accepts_a_base_game_race_as_free_text():
    state = play(dawnguard.new_state(PLAYERS), setup())
    assert hero(state, "Cid")["race"] == "Nord"


def test_setup_refuses_an_unknown_player_and_suggests_the_closest():
    heroes = [{"player": "Anna", "hero": "Sigrid", "race": "Redguard"}]
    error = refused(dawnguard.new_state(PLAYERS), setup(heroes=heroes))
    assert error.message == "Anna is not a player of this campaign (did you mean Ana?)"
    assert error.place == "setup, hero 1"
    assert error.field == "player"


def test_setup_refuses_a_campaign_without_a_hero():
    error = refused(dawnguard.new_state(PLAYERS), setup(heroes=[]))
    assert error.message == "Give at least one player a hero: the campaign starts with at least one"
    assert error.field == "heroes"


def test_setup_refuses_two_heroes_for_one_player():
    heroes = [
        {"player": "Ana", "hero": "Sigrid", "race": "Redguard"},
        {"player": "Ana", "hero": "X", "race": "Breton"},
    ]
    error = refused(dawnguard.new_state(PLAYERS), setup(heroes=heroes))
    assert error.message == "Ana has two heroes: one hero per player"


def test_setup_refuses_an_empty_race():
    heroes = [{"player": "Ana", "hero": "Sigrid", "race": " "}]
    error = refused(dawnguard.new_state(PLAYERS), setup(heroes=heroes))
    assert error.field == "race"


def test_setup_refuses_missing_fort_thresholds():
    error = refused(dawnguard.new_state(PLAYERS), setup(fort_thresholds={"hall_of_the_vigilant": [3]}))
    assert error.message == "'fort_thresholds' needs 'fort_dawnguard'"


def test_setup_refuses_thresholds_that_are_not_star_counts():
    thresholds = {"hall_of_the_vigilant": [3, 0], "fort_dawnguard": [3]}
    error = refused(dawnguard.new_state(PLAYERS), setup(fort_thresholds=thresholds))
    assert "Hall of the Vigilant thresholds" in error.message


def test_setup_refuses_thresholds_no_fort_card_prints():
    thresholds = {"hall_of_the_vigilant": [3, 2**70], "fort_dawnguard": [3]}
    error = refused(dawnguard.new_state(PLAYERS), setup(fort_thresholds=thresholds))
    assert f"more than {dawnguard.MAX_STARS_PER_LEVEL}" in error.message
    assert error.field == "fort_thresholds"


def test_a_fort_level_may_ask_for_50_stars_and_no_more():
    assert dawnguard.MAX_STARS_PER_LEVEL == 50
    thresholds = {"hall_of_the_vigilant": [3, 50], "fort_dawnguard": [3, 5, 7]}
    state = play(dawnguard.new_state(PLAYERS), setup(fort_thresholds=thresholds))
    assert state.fort_thresholds["hall_of_the_vigilant"] == [3, 50]
    thresholds = {"hall_of_the_vigilant": [3, 5], "fort_dawnguard": [3, 51]}
    error = refused(dawnguard.new_state(PLAYERS), setup(fort_thresholds=thresholds))
    assert (error.field, error.message) == (
        "fort_thresholds",
        "the Fort Dawnguard thresholds must be the stars printed on its card: "
        "no level of a fort card asks for more than 50",
    )


def test_a_fort_card_has_at_most_50_levels():
    fifty_levels = {"hall_of_the_vigilant": [1] * 50, "fort_dawnguard": [3]}
    play(dawnguard.new_state(PLAYERS), setup(fort_thresholds=fifty_levels))
    thresholds = {"hall_of_the_vigilant": [1] * 51, "fort_dawnguard": [3]}
    error = refused(dawnguard.new_state(PLAYERS), setup(fort_thresholds=thresholds))
    assert error.message == (
        "the Hall of the Vigilant thresholds must be the stars printed on its card: "
        "no fort card has more than 50 levels, not 51"
    )


def test_setup_refuses_an_unknown_key():
    error = refused(dawnguard.new_state(PLAYERS), setup(notes="x"))
    assert error.message.startswith("unknown key 'notes' in the setup")
    assert error.field == "notes"


def test_setup_comes_once():
    state = play(dawnguard.new_state(PLAYERS), setup())
    assert refused(state, setup()).message == "the campaign is already set up"


def test_setup_accepts_a_hero_written_at_level_1():
    heroes = copy.deepcopy(SETUP["heroes"])
    heroes[0]["level"] = 1
    state = play(dawnguard.new_state(PLAYERS), setup(heroes=heroes))
    assert hero(state, "Ana")["level"] == 1


@pytest.mark.parametrize("level", [2, 4, 0])
def test_setup_refuses_a_hero_above_or_below_level_1_in_the_rulebooks_words(level):
    """docs/rules.md, 2026-12-01: every hero starts at level 1 (rulebook, chapter 1 setup)."""
    heroes = copy.deepcopy(SETUP["heroes"])
    heroes[1]["level"] = level
    error = refused(dawnguard.new_state(PLAYERS), setup(heroes=heroes))
    assert error.message == (
        f"every hero starts at level 1, not {level}: \"All characters start from scratch, even if you are "
        'playing with characters from a previous game"'
    )
    assert (error.place, error.field) == ("setup, hero 2", "level")
    if level > 0:  # a level below 1 is no level at all: no ruling makes it one
        assert (error.rule.id, error.rule.rulebook) == ("dawnguard/heroes-start-at-level-1", "Chapter 1")


@pytest.mark.parametrize(("level", "shown"), [("3", '"3"'), (2.5, "2.5"), (True, "true")])
def test_setup_refuses_a_level_that_is_not_a_whole_number(level, shown):
    heroes = copy.deepcopy(SETUP["heroes"])
    heroes[1]["level"] = level
    error = refused(dawnguard.new_state(PLAYERS), setup(heroes=heroes))
    assert error.message.startswith(f"every hero starts at level 1, not {shown}: ")
    assert error.field == "level"


def test_a_joining_player_starts_at_level_1_and_levels_up_twice():
    state = chapter_2(event("join", player="Eve", hero="Talen-Jei", race="Argonian", side="dawnguard"))
    assert hero(state, "Eve")["level"] == 1 + 2
    assert state.happenings[-1].text == "Eve joins as Talen-Jei (Argonian, level 3), the Dawnguard"


# Fort thresholds corrected ---------------------------------------------------------------

CORRECTED = {"hall_of_the_vigilant": [2, 4], "fort_dawnguard": [4, 6, 8]}


def thresholds(**forts) -> Entry:
    return Entry("thresholds", {"fort_thresholds": {**CORRECTED, **forts}})


def test_corrected_thresholds_recount_the_stars_already_on_the_fort():
    state = pledged(event("fort_stars", player="Ben", count=2))
    assert (state.vigilant_fort.gold, state.vigilant_fort.stars) == (0, 2)
    play(state, thresholds())
    # 2 stars reach the corrected first level (2): the fort is at level 1 with none left.
    assert (state.vigilant_fort.gold, state.vigilant_fort.stars) == (1, 0)
    assert state.fort_thresholds == CORRECTED
    play(state, event("fort_stars", player="Ben", count=4))
    assert state.vigilant_fort.gold == 2


def test_corrected_thresholds_apply_to_fort_dawnguard_in_chapter_2():
    state = chapter_2(event("fort_stars", player="Ben", count=3))
    assert state.vigilant_fort.gold == 1
    play(state, thresholds())
    assert (state.vigilant_fort.gold, state.vigilant_fort.stars) == (0, 3)


def test_thresholds_may_be_corrected_before_the_first_game():
    state = play(dawnguard.new_state(PLAYERS), setup(), thresholds())
    assert state.vigilant_fort.thresholds == [2, 4]


def test_a_correction_under_which_the_fort_has_too_many_stars_is_refused():
    state = pledged(event("fort_stars", player="Ben", count=7))
    error = refused(state, thresholds(hall_of_the_vigilant=[2, 3]))
    assert error.message == (
        "the Hall of the Vigilant has had 7 stars put on it, more than the 5 these thresholds "
        "take to its top level: check the card"
    )
    assert error.field == "fort_thresholds"


def test_a_correction_that_changes_nothing_is_refused():
    state = pledged()
    error = refused(state, Entry("thresholds", {"fort_thresholds": copy.deepcopy(state.fort_thresholds)}))
    assert error.message == "These are the thresholds already in use: nothing to correct"


def test_a_correction_needs_the_setup_and_valid_thresholds():
    assert "setup first" in refused(dawnguard.new_state(PLAYERS), thresholds()).message
    state = pledged()
    error = refused(state, thresholds(fort_dawnguard=[0]))
    assert error.message.startswith("the Fort Dawnguard thresholds must list the stars")
