"""The Dawnguard campaign's rules (GAMES.md §2, JOURNAL.md `dawnguard`): each rule accepts its
legal case and refuses the illegal one with a message, leaving the state as it was."""

import copy
import pickle

import pytest

from campaigns.rules import base, dawnguard, journal
from campaigns.rules.base import Entry, RuleError

from ..conftest import load_journal
from .helpers import describes_every_entry, round_trip

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


def setup(**changes) -> Entry:
    return Entry("setup", {**copy.deepcopy(SETUP), **changes})


def game(number: int, chapter: int = 1, played_on: str = "2026-09-04") -> Entry:
    return Entry("game", {"number": number, "played_on": played_on, "chapter": chapter})


def event(kind: str, **fields) -> Entry:
    return Entry("event", {"type": kind, **fields})


def play(state, *entries) -> dawnguard.DawnguardState:
    for entry in entries:
        dawnguard.apply(state, entry if isinstance(entry, Entry) else Entry("event", entry))
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
        dawnguard.apply(state, entry if isinstance(entry, Entry) else Entry("event", entry))
    assert state == before
    return caught.value


def hero(state, player) -> dict:
    return next(h for h in dawnguard.state_json(state)["heroes"] if h["player"] == player)


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


# Games and chapters ---------------------------------------------------------------------


def test_a_game_needs_the_setup_first():
    error = refused(dawnguard.new_state(PLAYERS), game(1))
    assert error.message == "the campaign's setup (heroes and fort thresholds) comes before game 1"


def test_games_are_numbered_in_order():
    state = play(dawnguard.new_state(PLAYERS), setup())
    error = refused(state, game(2))
    assert error.message == "games are numbered 1, 2, 3 … in order: this one should be 1"
    assert error.field == "number"


def test_a_game_date_is_an_iso_date():
    state = play(dawnguard.new_state(PLAYERS), setup())
    assert refused(state, game(1, played_on="04/09/2026")).field == "played_on"
    assert (
        refused(state, game(1, played_on="2026-02-30")).message == "2026-02-30 is not a date on the calendar"
    )


def test_the_first_game_plays_chapter_1():
    state = play(dawnguard.new_state(PLAYERS), setup())
    error = refused(state, game(1, chapter=2))
    assert error.message == (
        "chapters are played in order: chapter 1 is not complete yet "
        "(log chapter_complete at the end of its last game first)"
    )


def test_a_chapter_may_take_several_games():
    state = play(pledged(), game(2, chapter=1), game(3, chapter=1))
    assert dawnguard.state_json(state)["chapter"] == 1


def test_the_next_chapter_comes_only_after_chapter_complete():
    state = pledged()
    assert "chapter 1 is not complete yet" in refused(state, game(2, chapter=2)).message
    play(state, event("chapter_complete"))
    assert (
        refused(state, game(2, chapter=1)).message == "chapter 1 is complete: the next game plays chapter 2"
    )
    play(state, game(2, chapter=2))
    assert dawnguard.state_json(state)["chapter"] == 2


def test_chapters_cannot_be_skipped():
    state = pledged(event("chapter_complete"))
    assert (
        refused(state, game(2, chapter=3)).message == "chapter 1 is complete: the next game plays chapter 2"
    )


def test_the_campaign_ends_with_chapter_3():
    state = chapter_2(event("chapter_complete"))
    play(state, game(3, chapter=3), event("chapter_complete"))
    assert state.campaign_over and state.next_chapters() == []
    assert refused(state, game(4, chapter=3)).message == "the campaign is over: chapter 3 is complete"


def test_a_game_takes_no_event_after_its_chapter_is_complete():
    state = pledged(event("chapter_complete"))
    error = refused(state, event("level_up", player="Ben"))
    assert error.message == (
        "chapter 1 is complete, so this game takes no more events: the next game plays chapter 2"
    )
    assert error.place == "game 1, event 5"


def test_an_event_needs_a_game():
    state = play(dawnguard.new_state(PLAYERS), setup())
    assert (
        refused(state, event("level_up", player="Ana")).message
        == "an event belongs to a game: log the game first"
    )


def test_an_unknown_event_type_is_refused_with_a_suggestion():
    error = refused(pledged(), {"type": "hungr", "player": "Ana"})
    assert error.message.endswith("(did you mean hunger?)")
    assert error.place == "game 1, event 4"
    assert error.field == "type"


def test_an_event_with_an_unknown_or_missing_key_is_refused():
    assert refused(pledged(), event("level_up", player="Ben", levels=2)).field == "levels"
    assert refused(pledged(), event("hunger")).message == "a hunger event needs 'player'"


def test_an_event_naming_an_unknown_player_suggests_the_closest():
    error = refused(pledged(), event("level_up", player="Bne"))
    assert error.message == "Bne is not a player of this campaign (did you mean Ben?)"
    assert error.place == "game 1, event 4"


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
    assert error.message == "'side' must be one of vigilants, volkihar, not dawnguard"


@pytest.mark.parametrize(("side", "shown"), [(None, "null"), (True, "true"), (3, "3"), (["volkihar"], '["volkihar"]')])
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
    state = pledged(*[event("hunger", player="Ana")] * 3)
    assert hero(state, "Ana")["hunger"] == 3


def test_a_vampire_at_3_must_feed_first():
    state = pledged(*[event("hunger", player="Ana")] * 3)
    error = refused(state, event("hunger", player="Ana"))
    assert error.message == "Ana's hunger is already 3: a Vampire at 3 must feed first"
    assert error.place == "game 1, event 7"


def test_only_a_vampire_has_hunger():
    error = refused(pledged(), event("hunger", player="Ben"))
    assert error.message == "Ben is not a Vampire: only Clan Volkihar players have hunger"


def test_feeding_places_tokens_and_lowers_hunger():
    state = pledged(
        *[event("hunger", player="Ana")] * 3, event("feed", player="Ana", to=["quest", "threat_deck"])
    )
    assert hero(state, "Ana")["hunger"] == 1
    assert dawnguard.state_json(state)["threat_deck_tokens"] == 1


def test_feeding_on_every_place_sates_a_vampire():
    state = pledged(*[event("hunger", player="Ana")] * 3)
    play(state, event("feed", player="Ana", to=["quest", "stronghold", "space"]))
    assert hero(state, "Ana")["hunger"] == 0
    assert dawnguard.state_json(state)["threat_deck_tokens"] == 0


def test_feeding_puts_at_most_one_token_on_each_place():
    state = pledged(*[event("hunger", player="Ana")] * 2)
    error = refused(state, event("feed", player="Ana", to=["quest", "quest"]))
    assert error.message == "feeding puts at most one token on each place, and quest is named twice"
    assert error.field == "to"


def test_feeding_names_the_four_places():
    state = pledged(event("hunger", player="Ana"))
    error = refused(state, event("feed", player="Ana", to=["stronghld"]))
    assert error.message.endswith("(did you mean stronghold?)")


def test_feeding_places_no_more_tokens_than_the_card_holds():
    state = pledged(event("hunger", player="Ana"))
    error = refused(state, event("feed", player="Ana", to=["quest", "space"]))
    assert error.message == "Ana's Vampirism card holds only 1 threat token, not 2"


def test_a_vampire_with_no_hunger_cannot_feed():
    error = refused(pledged(), event("feed", player="Ana", to=["quest"]))
    assert error.message == "Ana's Vampirism card holds no threat token to feed with"


def test_feeding_needs_at_least_one_place():
    state = pledged(event("hunger", player="Ana"))
    assert refused(state, event("feed", player="Ana", to=[])).field == "to"


def test_only_a_vampire_feeds():
    error = refused(pledged(), event("feed", player="Cid", to=["quest"]))
    assert error.message == "Cid is not a Vampire: only Clan Volkihar players feed"


def test_hunger_persists_into_the_next_chapter():
    state = pledged(event("hunger", player="Ana"), event("chapter_complete"), game(2, chapter=2))
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
    state = pledged(event("fort_card", player="Ben", card="Crossbow"))
    assert dawnguard.state_json(state)["fort_cards"] == {
        "Ana": [],
        "Ben": ["Crossbow"],
        "Cid": [],
        "Dee": [],
        "Eve": [],
    }


def test_a_player_draws_each_fort_card_at_most_once_in_the_campaign():
    state = chapter_2(event("fort_card", player="Ben", card="Crossbow"))
    play(state, event("chapter_complete"), game(3, chapter=3))
    error = refused(state, event("fort_card", player="Ben", card="crossbow"))
    assert error.message == "Ben has already drawn crossbow: a player draws each fort card at most once"
    assert error.field == "card"


def test_two_players_may_each_draw_the_same_fort_card():
    state = pledged(
        event("fort_card", player="Ben", card="Crossbow"), event("fort_card", player="Cid", card="Crossbow")
    )
    assert dawnguard.state_json(state)["fort_cards"]["Cid"] == ["Crossbow"]


def test_a_vampire_draws_from_castle_volkihar():
    state = pledged(event("fort_card", player="Ana", card="Blood Chalice"))
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
    state = pledged(
        event("threat_deck", count=18), event("hunger", player="Ana"), event("hunger", player="Ana")
    )
    error = refused(state, event("hunger", player="Ana"))
    assert error.message == (
        "that would put more than the 20 threat tokens in the box "
        "on Vampirism cards and the Threat Event deck"
    )
    assert refused(state, event("threat_deck", count=1)).message == error.message


def test_chapter_2_brings_a_new_threat_event_deck_and_chapter_3_keeps_it():
    state = pledged(event("threat_deck", count=2), event("chapter_complete"), game(2, chapter=2))
    assert dawnguard.state_json(state)["threat_deck_tokens"] == 0
    play(state, event("threat_deck", count=3), event("chapter_complete"), game(3, chapter=3))
    assert dawnguard.state_json(state)["threat_deck_tokens"] == 3


# Contested skill tests ------------------------------------------------------------------


def test_a_contested_skill_test_all_failing_is_a_failure():
    assert dawnguard.contested_skill_test({"Ana": None, "Ben": None}) is None


def test_a_contested_skill_test_with_one_success_goes_to_it():
    assert dawnguard.contested_skill_test({"Ana": None, "Ben": 2}) == "Ben"


def test_a_contested_skill_test_with_several_successes_goes_to_the_most_icons():
    assert dawnguard.contested_skill_test({"Ana": 3, "Ben": 2}) == "Ana"


def test_a_contested_skill_test_tied_on_icons_is_a_failure():
    assert dawnguard.contested_skill_test({"Ana": 2, "Ben": 2, "Cid": None}) is None


# The journal and the state --------------------------------------------------------------


def load_data():
    return load_journal("dawnguard_campaign.json")


def test_the_data_journal_loads_and_round_trips():
    data = load_data()
    system, _, _, entries, _ = journal.load(data)
    assert system is dawnguard
    assert round_trip(data) == data
    kinds = {e.data["type"] for e in entries if e.kind == "event"}
    assert kinds == set(dawnguard.EVENT_TYPES)
    assert [g["chapter"] for g in data["games"]] == [1, 1, 2, 2, 3]


def test_the_data_journal_state():
    _, _, _, _, timeline = journal.load(load_data())
    assert dawnguard.state_json(timeline.current) == {
        "system": "dawnguard",
        "as_of_game": 5,
        "games_played": 5,
        "chapter": 3,
        "chapter_complete": True,
        "day_night": "night",
        "heroes": [
            {
                "player": "Ana",
                "hero": "Sigrid",
                "race": "Redguard",
                "level": 3,
                "side": "volkihar",
                "hunger": 2,
            },
            {
                "player": "Ben",
                "hero": "Faendal",
                "race": "Bosmer",
                "level": 3,
                "side": "dawnguard",
                "hunger": None,
            },
            {
                "player": "Cid",
                "hero": "Lucien",
                "race": "Breton",
                "level": 3,
                "side": "dawnguard",
                "hunger": None,
            },
            {
                "player": "Dee",
                "hero": "Hrolfdir",
                "race": "Nord",
                "level": 3,
                "side": "volkihar",
                "hunger": 0,
            },
            {
                "player": "Eve",
                "hero": "Talen-Jei",
                "race": "Argonian",
                "level": 5,
                "side": "dawnguard",
                "hunger": None,
            },
        ],
        "forts": [
            {"name": "Fort Dawnguard", "stars": 0, "level": 2},
            {"name": "Castle Volkihar", "stars": 0, "level": 0},
        ],
        "markers": {"hall": 2, "castle": 4},
        "chapter_1_totals": {"hall": 2, "castle": 4},
        "threat_deck_tokens": 1,
        "fort_cards": {
            "Ana": ["Blood Chalice"],
            "Ben": ["Crossbow", "Dawnguard Rune Axe"],
            "Cid": [],
            "Dee": ["Vampire Dust"],
            "Eve": ["Crossbow"],
        },
    }


def test_the_state_as_of_the_end_of_chapter_1():
    _, _, _, _, timeline = journal.load(load_data())
    state = dawnguard.state_json(timeline.as_of(2))
    assert (state["chapter"], state["chapter_complete"]) == (1, True)
    assert state["forts"][0] == {"name": "Hall of the Vigilant", "stars": 1, "level": 1}
    assert state["chapter_1_totals"] == {"hall": 2, "castle": 4}


def test_a_new_campaign_round_trips_without_setup_or_games():
    data = {
        "format": "campaign-journal/1",
        "system": "dawnguard",
        "name": "New",
        "players": ["Ana"],
        "games": [],
    }
    assert round_trip(data) == data


def test_the_journal_refuses_a_game_event_out_of_rule_with_its_place():
    data = load_data()
    data["games"][1]["events"].insert(0, {"type": "pledge", "player": "Ben", "side": "volkihar"})
    with pytest.raises(RuleError) as caught:
        journal.load(data)
    assert str(caught.value) == "game 2, event 1: Ben has already pledged to the Vigilants of Stendarr"


def test_the_journal_refuses_a_game_without_events():
    data = load_data()
    del data["games"][0]["events"]
    with pytest.raises(RuleError) as caught:
        journal.load(data)
    assert str(caught.value) == "game 1: a game needs 'events'"


def test_the_journal_refuses_an_unknown_game_key():
    data = load_data()
    data["games"][2]["winner"] = "Ana"
    with pytest.raises(RuleError) as caught:
        journal.load(data)
    assert caught.value.place == "game 3"
    assert caught.value.message.startswith("unknown key 'winner' in a game")


def test_the_journal_refuses_games_out_of_order():
    data = load_data()
    data["games"][1]["number"] = 3
    with pytest.raises(RuleError) as caught:
        journal.load(data)
    assert str(caught.value) == "game 2: games are numbered 1, 2, 3 … in order: this one should be 2"


def test_the_journal_refuses_an_event_that_is_not_an_object():
    data = load_data()
    data["games"][0]["events"][2] = "pledge"
    with pytest.raises(RuleError) as caught:
        journal.load(data)
    assert str(caught.value) == "game 1, event 3: an event must be a JSON object"


def test_the_journal_needs_a_games_list():
    data = load_data()
    del data["games"]
    with pytest.raises(RuleError, match="needs a 'games' list"):
        journal.load(data)


def test_the_fold_keeps_each_game_state():
    _, _, players, entries, _ = journal.load(load_data())
    timeline = base.fold(dawnguard, players, entries)
    assert [timeline.after_game[n].chapter for n in range(6)] == [1, 1, 1, 2, 2, 3]


def test_a_refused_entry_leaves_the_state_as_it_was_at_every_step_of_a_campaign():
    _, _, players, entries, _ = journal.load(load_data())
    state = dawnguard.new_state(players)
    for entry in entries:
        refused(state, event("hunger", player="Ben"))  # `refused` compares before and after
        dawnguard.apply(state, entry)
    assert state.campaign_over


def test_the_state_survives_pickling():
    _, _, _, _, timeline = journal.load(load_data())
    assert pickle.loads(pickle.dumps(timeline.current)) == timeline.current


def test_every_entry_of_the_data_journal_has_a_description():
    assert describes_every_entry(dawnguard, load_data())


def test_descriptions_are_in_players_words_with_no_codes_or_dates():
    assert dawnguard.describe(game(3, chapter=2)) == "game 3, chapter 2"
    assert (
        dawnguard.describe(event("feed", player="Dee", to=["stronghold", "space", "threat_deck"]))
        == "Dee feeds (the Stronghold chart, the current space, the Threat Event deck)"
    )
    assert dawnguard.describe(event("fort_stars", player="Cid", count=1)) == "Cid puts 1 star on the fort"
    assert dawnguard.describe(event("fort_stars", player="Ben", count=4)) == "Ben puts 4 stars on the fort"
    assert dawnguard.describe(event("threat_deck", count=2)) == "2 tokens on the Threat Event deck"
    assert dawnguard.describe(event("threat_deck", count=-1)) == "1 token off the Threat Event deck"
    assert (
        dawnguard.describe(event("join", player="Eve", hero="Serana", race="Nord", side="volkihar"))
        == "Eve joins as Serana (Nord), Clan Volkihar"
    )
