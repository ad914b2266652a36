"""The events of a Dawnguard sitting (docs/rules.md §2): each rule accepts its legal case and refuses
the illegal one with a message, leaving the state as it was."""

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from campaigns.rules import dawnguard
from campaigns.rules.base import Entry, RuleError

from tests.systems.dawnguard.rules.helpers import (
    DAY,
    FORT_DAWNGUARD_LEVEL_1,
    HALL_LEVEL_1,
    chapter_1,
    chapter_2,
    event,
    game,
    hero,
    play,
    pledged,
    refused,
)

# Pledges and joining --------------------------------------------------------------------


def test_a_volkihar_pledge_makes_a_vampire_with_hunger_0():
    state = chapter_1(event("pledge", player="Ana", side="volkihar"))
    assert hero(state, "Ana")["side"] == "volkihar"
    assert hero(state, "Ana")["hunger"] == 0


def test_a_vigilants_pledge_has_no_hunger():
    state = chapter_1(event("pledge", player="Ben", side="vigilants"))
    assert hero(state, "Ben")["side"] == "vigilants"
    assert hero(state, "Ben")["hunger"] is None


def test_all_players_may_pledge_to_the_same_side():
    state = chapter_1(*(event("pledge", player=p, side="volkihar") for p in ("Ana", "Ben", "Cid")))
    assert [h["side"] for h in dawnguard.state_json(state)["heroes"]] == ["volkihar"] * 3


def test_a_pledge_names_one_of_the_two_sides():
    error = refused(chapter_1(), event("pledge", player="Ana", side="volkiar"))
    assert error.message == "'side' must be one of vigilants, volkihar, not volkiar (did you mean volkihar?)"
    assert error.field == "side"


def test_a_player_pledges_once():
    state = chapter_1(event("pledge", player="Ana", side="volkihar"))
    error = refused(state, event("pledge", player="Ana", side="vigilants"))
    assert error.message == "Ana has already pledged to Clan Volkihar"


def test_pledges_are_made_in_chapter_1_only():
    error = refused(chapter_2(), event("pledge", player="Ben", side="volkihar"))
    assert (
        error.message == "pledges are made in chapter 1 only: a player who comes later joins (a join event)"
    )


def test_a_player_without_a_hero_cannot_pledge():
    error = refused(chapter_1(), event("pledge", player="Eve", side="vigilants"))
    assert error.message == "Eve has no hero yet: a player who comes later joins first (a join event)"


def test_chapter_1_cannot_end_before_every_player_has_pledged():
    state = chapter_1(event("pledge", player="Ana", side="volkihar"))
    error = refused(state, event("chapter_complete"))
    assert error.message == "Ben and Cid have not pledged yet: every player pledges during chapter 1"


def test_a_player_who_joins_later_levels_up_twice():
    state = chapter_2(event("join", player="Eve", hero="Talen-Jei", race="Argonian", side="dawnguard"))
    assert hero(state, "Eve") == {
        "player": "Eve",
        "hero": "Talen-Jei",
        "race": "Argonian",
        "level": 3,
        "side": "dawnguard",
        "hunger": None,
    }


def test_a_player_who_joins_clan_volkihar_is_a_vampire():
    state = chapter_2(event("join", player="Eve", hero="Serana", race="Breton", side="volkihar"))
    assert hero(state, "Eve")["hunger"] == 0


def test_a_player_may_join_during_chapter_1():
    state = pledged(event("join", player="Eve", hero="Talen-Jei", race="Argonian", side="vigilants"))
    assert hero(state, "Eve")["side"] == "vigilants"


def test_the_dawnguard_is_no_side_in_chapter_1():
    error = refused(pledged(), event("join", player="Eve", hero="T", race="Argonian", side="dawnguard"))
    assert error.message == (
        "the Dawnguard is a side from chapter 2: in chapter 1 a player joins the Vigilants of Stendarr "
        "or Clan Volkihar"
    )
    assert error.field == "side"
    error = refused(chapter_1(), event("pledge", player="Ana", side="dawnguard"))
    assert error.message == (
        "the Dawnguard is a side from chapter 2: in chapter 1 a player pledges to the Vigilants of "
        "Stendarr or Clan Volkihar"
    )


@pytest.mark.parametrize(
    ("side", "shown"), [(None, "null"), (True, "true"), (3, "3"), (["volkihar"], '["volkihar"]')]
)
def test_a_side_that_is_not_a_text_is_named_as_the_journal_writes_it(side, shown):
    error = refused(pledged(), event("join", player="Eve", hero="T", race="Argonian", side=side))
    assert error.message == f"'side' must be one of vigilants, volkihar, not {shown}"


def test_a_player_with_a_hero_cannot_join_again():
    error = refused(pledged(), event("join", player="Ben", hero="T", race="Bosmer", side="vigilants"))
    assert error.message == "Ben already plays Faendal"


def test_the_vigilants_are_the_dawnguard_from_chapter_2():
    assert hero(pledged(), "Ben")["side"] == "vigilants"
    assert hero(chapter_2(), "Ben")["side"] == "dawnguard"


# Hunger and feeding ---------------------------------------------------------------------


def test_a_vampire_gains_hunger_up_to_3():
    state = pledged(DAY, *[event("hunger", player="Ana")] * 3)
    assert hero(state, "Ana")["hunger"] == 3


def test_a_vampire_at_3_must_feed_first():
    state = pledged(DAY, *[event("hunger", player="Ana")] * 3)
    error = refused(state, event("hunger", player="Ana"))
    assert error.message == "Ana's hunger is already 3: a Vampire at 3 must feed first"
    assert error.place == "game 1, event 8"


def test_only_a_vampire_has_hunger():
    error = refused(pledged(), event("hunger", player="Ben"))
    assert error.message == "Ben is not a Vampire: only Clan Volkihar players have hunger"


def test_feeding_empties_the_vampirism_card():
    state = pledged(DAY,
        *[event("hunger", player="Ana")] * 3,
        event("feed", player="Ana", to=["quest", "space", "threat_deck"]),
    )
    assert hero(state, "Ana")["hunger"] == 0
    assert dawnguard.state_json(state)["threat_deck_tokens"] == 1
    assert dawnguard.state_json(state)["board_threat_tokens"] == 2


def test_feeding_only_part_of_the_card_is_refused():
    state = pledged(DAY, *[event("hunger", player="Ana")] * 3)
    error = refused(state, event("feed", player="Ana", to=["quest", "threat_deck"]))
    assert error.message == (
        "feeding empties the Vampirism card: Ana's holds 3 threat tokens, "
        "so name 3 different places, not 2"
    )
    assert error.field == "to"


def test_feeding_on_every_place_sates_a_vampire():
    state = pledged(DAY, *[event("hunger", player="Ana")] * 3)
    play(state, event("feed", player="Ana", to=["quest", "stronghold", "space"]))
    assert hero(state, "Ana")["hunger"] == 0
    assert dawnguard.state_json(state)["threat_deck_tokens"] == 0


def test_feeding_puts_at_most_one_token_on_each_place():
    state = pledged(DAY, *[event("hunger", player="Ana")] * 2)
    error = refused(state, event("feed", player="Ana", to=["quest", "quest"]))
    assert error.message == "feeding puts at most one token on each place: a quest is named twice"
    assert error.field == "to"


def test_feeding_names_the_four_places():
    state = pledged(DAY, event("hunger", player="Ana"))
    error = refused(state, event("feed", player="Ana", to=["stronghld"]))
    assert error.message.endswith("(did you mean stronghold?)")


def test_feeding_places_no_more_tokens_than_the_card_holds():
    state = pledged(DAY, event("hunger", player="Ana"))
    error = refused(state, event("feed", player="Ana", to=["quest", "space"]))
    assert error.message == (
        "feeding empties the Vampirism card: Ana's holds 1 threat token, so name 1 place, not 2"
    )


def test_a_vampire_with_no_hunger_cannot_feed():
    error = refused(pledged(), event("feed", player="Ana", to=["quest"]))
    assert error.message == "Ana's Vampirism card holds no threat token to feed with"


def test_feeding_needs_at_least_one_place():
    state = pledged(DAY, event("hunger", player="Ana"))
    assert refused(state, event("feed", player="Ana", to=[])).field == "to"


def test_only_a_vampire_feeds():
    error = refused(pledged(), event("feed", player="Cid", to=["quest"]))
    assert error.message == "Cid is not a Vampire: only Clan Volkihar players feed"


def test_hunger_persists_into_the_next_chapter():
    state = pledged(DAY, event("hunger", player="Ana"), event("chapter_complete"), game(2, chapter=2))
    assert hero(state, "Ana")["hunger"] == 1


# Chapter 1 markers ----------------------------------------------------------------------


def test_markers_start_at_3_on_each_card():
    assert dawnguard.state_json(chapter_1())["markers"] == {"hall": 3, "castle": 3}


def test_a_threat_icon_moves_a_marker_from_the_hall_to_the_castle():
    state = chapter_1(event("marker", icon="threat"))
    assert dawnguard.state_json(state)["markers"] == {"hall": 2, "castle": 4}


def test_a_winged_icon_moves_a_marker_from_the_castle_to_the_hall():
    state = chapter_1(event("marker", icon="winged"))
    assert dawnguard.state_json(state)["markers"] == {"hall": 4, "castle": 2}


def test_the_hall_never_goes_below_zero():
    state = chapter_1(*[event("marker", icon="threat")] * 3)
    assert dawnguard.state_json(state)["markers"] == {"hall": 0, "castle": 6}
    error = refused(state, event("marker", icon="threat"))
    assert error.message == "no marker is left on the Hall of the Vigilant card to move to Castle Volkihar"


def test_the_castle_never_goes_below_zero():
    state = chapter_1(*[event("marker", icon="winged")] * 3)
    error = refused(state, event("marker", icon="winged"))
    assert (
        error.message == "no marker is left on the Castle Volkihar card to move to the Hall of the Vigilant"
    )


def test_markers_always_make_6_in_all():
    state = chapter_1()
    for icon in ["threat", "threat", "winged", "threat", "winged", "winged", "winged"]:
        play(state, event("marker", icon=icon))
        markers = dawnguard.state_json(state)["markers"]
        assert markers["hall"] + markers["castle"] == 6


def test_a_marker_icon_is_threat_or_winged():
    assert refused(chapter_1(), event("marker", icon="wing")).message.endswith("(did you mean winged?)")


def test_markers_move_in_chapter_1_only():
    error = refused(chapter_2(), event("marker", icon="threat"))
    assert error.message == "the Hall and Castle markers are moved in chapter 1 only"
    # The table offers the marker form where the rule allows it (one check for both).
    assert dawnguard.balance_in_play(chapter_1()) and not dawnguard.balance_in_play(chapter_2())


def test_the_chapter_1_totals_are_recorded_when_it_completes():
    state = pledged(event("marker", icon="threat"))
    assert dawnguard.state_json(state)["chapter_1_totals"] is None
    play(state, event("chapter_complete"))
    assert dawnguard.state_json(state)["chapter_1_totals"] == {"hall": 2, "castle": 4}
    play(state, game(2, chapter=2), event("chapter_complete"))
    assert dawnguard.state_json(state)["chapter_1_totals"] == {"hall": 2, "castle": 4}


# Forts ----------------------------------------------------------------------------------


def forts(state):
    return dawnguard.state_json(state)["forts"]


def test_a_vigilant_puts_stars_on_the_hall():
    state = pledged(event("fort_stars", player="Ben", count=2))
    assert forts(state)[0] == {"name": "Hall of the Vigilant", "stars": 2, "level": 0}


def test_reaching_the_threshold_removes_the_stars_and_adds_a_gold():
    state = pledged(event("fort_stars", player="Ben", count=2), event("fort_stars", player="Cid", count=1))
    assert forts(state)[0] == {"name": "Hall of the Vigilant", "stars": 0, "level": 1}


def test_stars_past_a_threshold_count_towards_the_next_level():
    state = pledged(event("fort_stars", player="Ben", count=4))
    assert forts(state)[0] == {"name": "Hall of the Vigilant", "stars": 1, "level": 1}


def test_a_fort_takes_no_stars_past_its_top_level():
    state = pledged(event("fort_stars", player="Ben", count=6))
    error = refused(state, event("fort_stars", player="Ben", count=3))
    assert error.message == "the Hall of the Vigilant takes only 2 more stars before its top level"
    play(state, event("fort_stars", player="Ben", count=2))
    assert forts(state)[0] == {"name": "Hall of the Vigilant", "stars": 0, "level": 2}
    error = refused(state, event("fort_stars", player="Ben", count=1))
    assert error.message == "the Hall of the Vigilant is at its top level (2): it takes no more stars"


def test_vampires_do_not_add_stars():
    error = refused(pledged(), event("fort_stars", player="Ana", count=1))
    assert (
        error.message == "Ana is a Vampire: Vampires don't add stars, only Vigilant and Dawnguard players do"
    )


def test_a_player_who_has_not_pledged_adds_no_stars():
    error = refused(chapter_1(), event("fort_stars", player="Ben", count=1))
    assert error.message == "Ben has not pledged yet: only Vigilant players add stars to their fort"


def test_stars_come_in_positive_counts():
    assert refused(pledged(), event("fort_stars", player="Ben", count=0)).message == (
        "'count' must be a whole number of at least 1"
    )
    assert refused(pledged(), event("fort_stars", player="Ben", count=True)).field == "count"


def test_the_hall_flips_to_fort_dawnguard_with_its_stars_and_gold_cleared():
    state = pledged(event("fort_stars", player="Ben", count=4), event("chapter_complete"))
    assert forts(state)[0] == {"name": "Hall of the Vigilant", "stars": 1, "level": 1}
    play(state, game(2, chapter=2))
    assert forts(state) == [
        {"name": "Fort Dawnguard", "stars": 0, "level": 0},
        {"name": "Castle Volkihar", "stars": 0, "level": 0},
    ]


def test_fort_dawnguard_levels_on_its_own_thresholds():
    state = chapter_2(event("fort_stars", player="Ben", count=3 + 5 + 6))
    assert forts(state)[0] == {"name": "Fort Dawnguard", "stars": 6, "level": 2}


def test_fort_dawnguard_keeps_its_stars_into_chapter_3():
    state = chapter_2(
        event("fort_stars", player="Ben", count=4), event("chapter_complete"), game(3, chapter=3)
    )
    assert forts(state)[0] == {"name": "Fort Dawnguard", "stars": 1, "level": 1}


# Fort cards -----------------------------------------------------------------------------


def test_a_player_draws_a_fort_card():
    state = pledged(HALL_LEVEL_1, event("fort_card", player="Ben", card="Crossbow"))
    assert dawnguard.state_json(state)["fort_cards"] == {
        "Ana": [],
        "Ben": ["Crossbow"],
        "Cid": [],
        "Dee": [],
        "Eve": [],
    }


def test_a_player_draws_each_fort_card_at_most_once_in_the_campaign():
    state = chapter_2(FORT_DAWNGUARD_LEVEL_1, event("fort_card", player="Ben", card="Crossbow"))
    play(state, event("chapter_complete"), game(3, chapter=3))
    error = refused(state, event("fort_card", player="Ben", card="crossbow"))
    assert error.message == "Ben has already drawn Crossbow: a player draws each fort card at most once"
    assert error.field == "card"


def test_two_players_may_each_draw_the_same_fort_card():
    state = pledged(HALL_LEVEL_1,
        event("fort_card", player="Ben", card="Crossbow"), event("fort_card", player="Cid", card="Crossbow")
    )
    assert dawnguard.state_json(state)["fort_cards"]["Cid"] == ["Crossbow"]


def test_a_vampire_draws_from_castle_volkihar():
    state = pledged(HALL_LEVEL_1, event("fort_card", player="Ana", card="Blood Chalice"))
    assert dawnguard.state_json(state)["fort_cards"]["Ana"] == ["Blood Chalice"]


def test_a_fort_card_needs_a_side():
    error = refused(chapter_1(), event("fort_card", player="Ben", card="Crossbow"))
    assert error.message == "Ben has not pledged yet: fort cards come from one's own side's fort"


# Levels, day and night, the Threat Event deck -------------------------------------------


def test_a_hero_levels_up():
    state = pledged(event("level_up", player="Ben"), event("level_up", player="Ben"))
    assert hero(state, "Ben")["level"] == 3


def test_a_player_without_a_hero_cannot_level_up():
    assert refused(pledged(), event("level_up", player="Eve")).message.startswith("Eve has no hero yet")


def test_the_day_night_token_is_unknown_until_logged_then_flips():
    state = chapter_1()
    assert dawnguard.state_json(state)["day_night"] is None
    play(state, event("day_night", side="night"), event("day_night", side="day"))
    assert dawnguard.state_json(state)["day_night"] == "day"


def test_the_day_night_token_cannot_turn_to_the_side_already_showing():
    state = chapter_1(event("day_night", side="night"))
    error = refused(state, event("day_night", side="night"))
    assert error.message == "it is already night: the Day/Night token can only flip to day"


def test_the_day_night_token_has_two_sides():
    assert refused(chapter_1(), event("day_night", side="dusk")).field == "side"


def test_tokens_are_added_to_and_removed_from_the_threat_event_deck():
    state = pledged(event("threat_deck", count=2), event("threat_deck", count=-2))
    assert dawnguard.state_json(state)["threat_deck_tokens"] == 0


def test_the_threat_event_deck_never_goes_below_zero():
    state = pledged(event("threat_deck", count=1))
    error = refused(state, event("threat_deck", count=-2))
    assert error.message == "the Threat Event deck holds only 1 token: 2 cannot be removed"


def test_a_threat_deck_count_of_zero_is_refused():
    assert refused(pledged(), event("threat_deck", count=0)).field == "count"


def test_no_more_threat_tokens_than_the_20_in_the_box():
    state = pledged(DAY,
        event("threat_deck", count=18), event("hunger", player="Ana"), event("hunger", player="Ana")
    )
    error = refused(state, event("hunger", player="Ana"))
    assert error.message == (
        "that would put more than the 20 threat tokens in the box "
        "on Vampirism cards, the board and the Threat Event deck (20 are out already)"
    )
    assert refused(state, event("threat_deck", count=1)).message == error.message


def test_chapter_2_brings_a_new_threat_event_deck_and_chapter_3_keeps_it():
    state = pledged(event("threat_deck", count=2), event("chapter_complete"), game(2, chapter=2))
    assert dawnguard.state_json(state)["threat_deck_tokens"] == 0
    play(state, event("threat_deck", count=3), event("chapter_complete"), game(3, chapter=3))
    assert dawnguard.state_json(state)["threat_deck_tokens"] == 3


# The day turn (the rulebook's hunger diagram) -----------------------------------------------


def two_vampires(*events):
    """Chapter 1 in daylight with Ana and Dee Vampires (Dee has no hero in SETUP: she joins)."""
    return pledged(
        event("join", player="Dee", hero="Serana", race="Nord", side="volkihar"),
        event("day_night", side="day"),
        *events,
    )


def test_a_day_turn_adds_one_hunger_to_every_vampire():
    state = two_vampires(event("hunger", player="Ana"))
    play(state, event("day_turn"))
    assert (hero(state, "Ana")["hunger"], hero(state, "Dee")["hunger"]) == (2, 1)
    assert hero(state, "Ben")["hunger"] is None


def test_on_a_day_turn_a_vampire_at_3_feeds_at_once_instead():
    state = two_vampires(*[event("hunger", player="Ana")] * 3)
    feeds = [{"player": "Ana", "to": ["quest", "stronghold", "threat_deck"]}]
    play(state, event("day_turn", feeds=feeds))
    assert (hero(state, "Ana")["hunger"], hero(state, "Dee")["hunger"]) == (0, 1)
    assert (state.board_threat, state.threat_deck) == (2, 1)


def test_a_day_turn_refuses_a_vampire_at_3_left_unfed():
    state = two_vampires(*[event("hunger", player="Ana")] * 3)
    error = refused(state, event("day_turn"))
    assert error.message == "Ana has 3 threat tokens and must feed at once: say where each token goes"
    assert error.field == "feeds"
    error = refused(state, event("day_turn", feeds=[{"player": "Ana", "to": ["quest"]}]))
    assert error.message.startswith("feeding empties the Vampirism card: Ana's holds 3 threat tokens")


def test_a_day_turn_feeds_only_the_vampires_at_3():
    state = two_vampires(event("hunger", player="Ana"))
    error = refused(state, event("day_turn", feeds=[{"player": "Ana", "to": ["quest"]}]))
    assert error.message.startswith("Ana's hunger is 1: on a day turn only a Vampire at 3 feeds")
    error = refused(state, event("day_turn", feeds=[{"player": "Ben", "to": ["quest"]}]))
    assert error.message == "Ben is not a Vampire: only Vampires feed"


def test_a_day_turn_feeds_each_vampire_once():
    state = two_vampires(*[event("hunger", player="Ana")] * 3)
    twice = [{"player": "Ana", "to": ["quest", "stronghold", "threat_deck"]}] * 2
    error = refused(state, event("day_turn", feeds=twice))
    assert error.message == "Ana feeds once on a day turn"
    assert error.field == "feeds"


def test_a_day_turn_comes_only_by_day_and_with_a_vampire():
    assert refused(pledged(), event("day_turn")).message == (
        "a day turn comes while the Day/Night token shows day (it is not logged yet)"
    )
    night = pledged(event("day_night", side="night"))
    assert refused(night, event("day_turn")).message.endswith("(it is night)")
    no_vampire = chapter_1(
        event("pledge", player="Ana", side="vigilants"), event("day_night", side="day")
    )
    assert refused(no_vampire, event("day_turn")).message == (
        "no player is a Vampire: a day turn changes no hunger"
    )


def test_a_day_turn_takes_its_tokens_from_the_box():
    state = two_vampires(event("threat_deck", count=19))
    error = refused(state, event("day_turn"))
    assert error.message.startswith("that would put more than the 20 threat tokens in the box")


# Threat tokens on the board ---------------------------------------------------------------


def test_threat_tokens_are_put_on_and_taken_off_the_board():
    state = pledged(event("board_threat", count=3), event("board_threat", count=-1))
    assert dawnguard.state_json(state)["board_threat_tokens"] == 2
    error = refused(state, event("board_threat", count=-3))
    assert error.message == "the board holds only 2 tokens: 3 cannot be removed"
    assert refused(state, event("board_threat", count=0)).field == "count"
    assert dawnguard.threat_tokens_left(state) == 18


def test_the_board_counts_towards_the_20_threat_tokens_in_the_box():
    state = pledged(event("board_threat", count=18), event("threat_deck", count=2))
    error = refused(state, event("board_threat", count=1))
    assert error.message == (
        "that would put more than the 20 threat tokens in the box "
        "on Vampirism cards, the board and the Threat Event deck (20 are out already)"
    )


# Followers --------------------------------------------------------------------------------


def test_a_follower_another_player_holds_cannot_be_drawn():
    state = pledged(HALL_LEVEL_1, event("fort_card", player="Ben", card="Lydia", follower=True))
    assert dawnguard.fort_card_holder(state, "lydia ") == "Ben"
    error = refused(state, event("fort_card", player="Cid", card="lydia"))
    assert error.message == (
        "Ben holds the Follower Lydia: it cannot be drawn, draw the next numbered card instead"
    )
    assert error.field == "card"
    play(state, event("fort_card", player="Cid", card="Agmaer", follower=True))
    assert state.fort_cards["Cid"] == ["Agmaer"]


def test_a_card_drawn_as_an_item_cannot_later_be_drawn_as_a_follower():
    """docs/rules.md, 2026-12-01: a card is a Follower or an item for the whole campaign."""
    state = pledged(HALL_LEVEL_1, event("fort_card", player="Ben", card="Crossbow"))
    assert dawnguard.fort_card_kind(state, " crossbow") == "item"
    error = refused(state, event("fort_card", player="Cid", card=" CROSSBOW ", follower=True))
    assert (error.field, error.message) == (
        "follower",
        "Crossbow was drawn as an item before: a card drawn from a fort is a Follower or an item for the "
        "whole campaign",
    )
    play(state, event("fort_card", player="Cid", card="crossbow"))  # as an item again: accepted
    assert dawnguard.fort_card_kind(state, "Crossbow") == "item"


def test_a_card_drawn_as_a_follower_stays_a_follower():
    state = pledged(HALL_LEVEL_1, event("fort_card", player="Ben", card="Agmaer", follower=True))
    assert dawnguard.fort_card_kind(state, "agmaer") == "follower"
    assert dawnguard.fort_card_kind(state, "Lydia") is None
    # Drawn again without the tick: Ben holds it, so nobody else draws it (follower or not).
    assert refused(state, event("fort_card", player="Cid", card="Agmaer")).field == "card"


def test_fort_card_names_are_compared_without_case_or_surrounding_spaces():
    state = pledged(HALL_LEVEL_1, event("fort_card", player="Ben", card="Crossbow"))
    error = refused(state, event("fort_card", player="Ben", card="  crossbow "))
    # The refusal names the card as first drawn, not as typed now.
    assert error.message == "Ben has already drawn Crossbow: a player draws each fort card at most once"
    assert dawnguard.fort_card_name(state, " CROSSBOW") == "Crossbow"
    assert dawnguard.fort_card_name(state, " Lute ") == "Lute"
    play(state, event("fort_card", player="Ben", card="Lydia ", follower=True))
    assert dawnguard.fort_card_holder(state, " LYDIA") == "Ben"
    assert state.happenings[-1].text == "Ben draws the Follower Lydia from the Hall of the Vigilant"


def test_follower_is_true_or_left_out():
    error = refused(pledged(HALL_LEVEL_1), event("fort_card", player="Ben", card="Crossbow", follower=False))
    assert error.field == "follower"


# Reminders ----------------------------------------------------------------------------------


def test_a_volkihar_pledge_and_a_join_come_with_their_reminders():
    assert dawnguard.reminders_for("event", {"type": "pledge", "player": "Ana", "side": "volkihar"}) == [
        "Ana: Draw a Vampirism card."
    ]
    assert dawnguard.reminders_for("event", {"type": "pledge", "player": "Ben", "side": "vigilants"}) == []
    joined = dawnguard.reminders_for(
        "event", {"type": "join", "player": "Eve", "hero": "Serana", "race": "Nord", "side": "dawnguard"}
    )
    assert joined == [
        "Eve: Level up twice (the tracker has added both levels) and take one equipment card and one "
        "basic treasure card."
    ]
    assert dawnguard.reminders_for("event", {"type": "level_up", "player": "Eve"}) == []


# Invariants over any sequence of taps -----------------------------------------------------

TAPS = st.one_of(
    st.builds(lambda p: {"type": "hunger", "player": p}, st.sampled_from(["Ana", "Dee"])),
    st.builds(
        lambda p, to: {"type": "feed", "player": p, "to": to},
        st.sampled_from(["Ana", "Dee"]),
        st.lists(st.sampled_from(dawnguard.FEED_PLACES), min_size=1, max_size=3, unique=True),
    ),
    st.builds(
        lambda to: {"type": "day_turn", "feeds": [{"player": "Ana", "to": to}] if to else []},
        st.lists(st.sampled_from(dawnguard.FEED_PLACES), max_size=3, unique=True),
    ),
    st.builds(lambda side: {"type": "day_night", "side": side}, st.sampled_from(["day", "night"])),
    st.builds(lambda n: {"type": "threat_deck", "count": n}, st.integers(-4, 6).filter(bool)),
    st.builds(lambda n: {"type": "board_threat", "count": n}, st.integers(-4, 6).filter(bool)),
    st.builds(lambda icon: {"type": "marker", "icon": icon}, st.sampled_from(["threat", "winged"])),
    st.builds(lambda n: {"type": "fort_stars", "player": "Ben", "count": n}, st.integers(1, 4)),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(TAPS, max_size=40))
def test_no_sequence_of_taps_breaks_a_rule_of_the_box(taps):
    """Whatever is tapped, in any order: hunger stays 0 to 3, the threat tokens out of the box
    stay within its 20, no pile goes below zero, the markers stay 6 in all, and a refused tap
    changes nothing."""
    state = pledged(event("join", player="Dee", hero="Serana", race="Nord", side="volkihar"))
    for tap in taps:
        before = copy.deepcopy(state)
        try:
            dawnguard.apply(state, Entry("event", tap))
        except RuleError:
            assert state == before
        assert all(0 <= hero.hunger <= 3 for hero in state.vampires())
        assert 0 <= state.threat_tokens_seen() <= dawnguard.THREAT_TOKENS_IN_BOX
        assert state.threat_deck >= 0 and state.board_threat >= 0
        assert state.hall_markers + state.castle_markers == 6
