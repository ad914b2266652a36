"""Dawnguard sittings: chapters in order, several sittings a chapter, chapter 2 played alone, and
the chapter's setup effects (docs/rules.md §2)."""

import copy

from campaigns.rules import dawnguard
from campaigns.rules.base import Entry

from tests.systems.dawnguard.rules.helpers import (
    PLAYERS,
    PLEDGES,
    SETUP,
    chapter_1,
    chapter_2,
    event,
    game,
    hero,
    play,
    pledged,
    refused,
    setup,
)

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


def test_the_first_game_plays_chapter_1_or_chapter_2_alone():
    state = play(dawnguard.new_state(PLAYERS), setup())
    assert state.next_chapters() == [1, 2]
    # The pages offer what the setup was for: with the Hall's thresholds, chapter 1 (a journal
    # set up so may still play chapter 2 alone, as before: docs/rules.md, 2026-12-01).
    assert dawnguard.startable_chapters(state) == [(1, False)]
    error = refused(state, game(1, chapter=3))
    assert error.message == "the first game plays chapter 1, or chapter 2 as a standalone scenario"
    assert error.field == "chapter"


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


# Chapter 2 played alone -----------------------------------------------------------------

SIDES_CHOSEN = [
    {"player": "Ana", "side": "volkihar"},
    {"player": "Ben", "side": "dawnguard"},
    {"player": "Cid", "side": "vigilants"},
]


def standalone(sides=None) -> Entry:
    data = {"number": 1, "played_on": "2026-09-04", "chapter": 2}
    data["sides"] = copy.deepcopy(SIDES_CHOSEN if sides is None else sides)
    return Entry("game", data)


def test_a_first_game_may_play_chapter_2_alone_each_player_choosing_a_side():
    state = play(dawnguard.new_state(PLAYERS), setup(), standalone())
    assert state.standalone and state.chapter == 2
    heroes = dawnguard.state_json(state)["heroes"]
    assert [(h["player"], h["side"], h["level"], h["hunger"]) for h in heroes] == [
        ("Ana", "volkihar", 3, 0),
        ("Ben", "dawnguard", 3, None),
        ("Cid", "dawnguard", 3, None),
    ]
    assert dawnguard.state_json(state)["forts"][0] == {"name": "Fort Dawnguard", "stars": 0, "level": 0}
    assert dawnguard.state_json(state)["chapter_1_totals"] is None
    play(state, event("fort_stars", player="Ben", count=3), event("hunger", player="Ana"))
    assert state.vigilant_fort.gold == 1


def test_chapter_2_alone_needs_every_players_side():
    state = play(dawnguard.new_state(PLAYERS), setup())
    error = refused(state, game(1, chapter=2))
    assert error.message == "chapter 2 played alone needs each player's side: the Vampires or the Dawnguard"
    assert error.field == "sides"
    error = refused(state, standalone(SIDES_CHOSEN[:2]))
    assert error.message == "Cid must choose a side too: every player chooses one in chapter 2 played alone"
    error = refused(state, standalone([*SIDES_CHOSEN, {"player": "Ana", "side": "dawnguard"}]))
    assert error.message == "Ana chooses one side only"
    error = refused(state, standalone([*SIDES_CHOSEN[:2], {"player": "Cid", "side": "stendarr"}]))
    assert error.field == "side" and error.place == "game 1, side 3"
    error = refused(state, standalone([*SIDES_CHOSEN, {"player": "Eve", "side": "volkihar"}]))
    assert error.message.startswith("Eve has no hero in the setup")


def test_sides_are_chosen_at_the_start_only_in_chapter_2_played_alone():
    state = play(dawnguard.new_state(PLAYERS), setup())
    first = standalone()
    first.data["chapter"] = 1
    error = refused(state, first)
    assert error.message.startswith("sides are chosen at the start only when chapter 2 is played alone")
    later = chapter_2(event("chapter_complete"))
    entry = standalone()
    entry.data.update(number=3, chapter=3)
    assert refused(later, entry).field == "sides"


def test_no_pledge_in_chapter_2_played_alone_but_a_later_player_joins():
    state = play(dawnguard.new_state(PLAYERS), setup(), standalone())
    error = refused(state, event("pledge", player="Ana", side="volkihar"))
    assert error.message.startswith("pledges are made in chapter 1 only")
    play(state, event("join", player="Dee", hero="Serana", race="Nord", side="dawnguard"))
    assert hero(state, "Dee")["level"] == 3


ALONE_THRESHOLDS = {"fort_dawnguard": [3, 5, 7]}


def test_a_setup_for_chapter_2_alone_has_fort_dawnguard_only_never_the_hall():
    """docs/rules.md, corrected 2026-12-02: a standalone chapter 2 asks for Fort Dawnguard's
    thresholds only (the one fort that levels up), never the Hall of the Vigilant's."""
    state = play(dawnguard.new_state(PLAYERS), setup(fort_thresholds=ALONE_THRESHOLDS))
    assert state.set_up_alone and state.fort_thresholds == ALONE_THRESHOLDS
    assert (state.vigilant_fort.name, state.vigilant_fort.thresholds) == ("Fort Dawnguard", [3, 5, 7])
    assert state.next_chapters() == [2] and dawnguard.startable_chapters(state) == [(2, True)]
    error = refused(state, game(1, chapter=1))
    assert (error.field, error.message) == (
        "chapter",
        "the campaign is set up to play chapter 2 alone (Fort Dawnguard's thresholds, "
        "no Hall of the Vigilant): its first game plays chapter 2",
    )
    play(state, standalone(), event("fort_stars", player="Ben", count=3))
    assert (state.vigilant_fort.name, state.vigilant_fort.gold) == ("Fort Dawnguard", 1)
    assert [h.level for h in state.heroes.values()] == [3, 3, 3]  # level 1, up twice


def test_a_setup_has_the_hall_and_fort_dawnguard_or_fort_dawnguard_alone():
    state = dawnguard.new_state(PLAYERS)
    for thresholds, message in (
        ({"castle_volkihar": [4, 6]},
         "unknown key 'castle_volkihar' in 'fort_thresholds' (its keys: hall_of_the_vigilant, fort_dawnguard)"),
        ({"hall_of_the_vigilant": [3, 5], "fort_dawnguard": [3, 5, 7], "castle_volkihar": [4, 6]},
         "unknown key 'castle_volkihar' in 'fort_thresholds' (its keys: hall_of_the_vigilant, fort_dawnguard)"),
        ({**ALONE_THRESHOLDS, "castle_volkihar": [4, 0]},
         "the Castle Volkihar thresholds must list the stars printed on its card (whole numbers above 0)"),
    ):
        assert refused(state, setup(fort_thresholds=thresholds)).message == message


def test_castle_volkihar_s_thresholds_a_journal_from_before_2026_12_02_gives_are_kept_as_written():
    older = {**ALONE_THRESHOLDS, "castle_volkihar": [4, 6]}
    state = play(dawnguard.new_state(PLAYERS), setup(fort_thresholds=older))
    assert state.set_up_alone and state.fort_thresholds == older


def test_a_correction_keeps_the_forts_the_campaign_was_set_up_with():
    state = play(dawnguard.new_state(PLAYERS), setup(fort_thresholds=ALONE_THRESHOLDS))
    play(state, Entry("thresholds", {"fort_thresholds": {"fort_dawnguard": [4, 6, 8]}}))
    assert state.vigilant_fort.thresholds == [4, 6, 8]
    assert state.happenings[-1].text == (
        "the fort thresholds are corrected (Fort Dawnguard 4, 6, 8): Fort Dawnguard is at level 0 with 0 stars"
    )
    error = refused(state, Entry("thresholds", {"fort_thresholds": SETUP["fort_thresholds"]}))
    assert error.message.startswith("unknown key 'hall_of_the_vigilant' in 'fort_thresholds'")


def test_chapter_2_alone_goes_on_to_chapter_3():
    state = play(dawnguard.new_state(PLAYERS), setup(), standalone(), event("chapter_complete"))
    assert dawnguard.startable_chapters(state) == [(3, False)]
    play(state, game(2, chapter=3))
    assert state.chapter == 3


# What a new sitting shows -----------------------------------------------------------------


def test_the_phase_of_the_campaign():
    state = dawnguard.new_state(PLAYERS)
    assert dawnguard.sitting_phase(state) == "setup"
    play(state, setup())
    assert dawnguard.sitting_phase(state) == "start"
    play(state, game(1), *[event("pledge", **p) for p in PLEDGES])
    assert dawnguard.sitting_phase(state) == "playing"
    assert dawnguard.startable_chapters(state) == [(1, False)]
    play(state, event("chapter_complete"))
    assert dawnguard.sitting_phase(state) == "start"


def test_chapter_2_effects_name_the_hall_flipping_and_the_chapter_1_totals():
    state = pledged(
        event("fort_stars", player="Ben", count=4),
        event("marker", icon="threat"),
        event("threat_deck", count=2),
        event("chapter_complete"),
    )
    assert dawnguard.chapter_effects(state, 2) == [
        "The Hall of the Vigilant (level 1, 1 star) flips to Fort Dawnguard: its stars and gold are "
        "cleared, so it starts at level 0.",
        "The chapter 1 Threat Event deck leaves with its 2 tokens: the chapter 2 deck starts with none.",
        "Chapter 1 ended with 2 markers on the Hall of the Vigilant card and 4 markers on the Castle "
        "Volkihar card: they set up the final encounters.",
    ]
    # Another sitting of the chapter being played changes nothing.
    play(state, game(2, chapter=2))
    assert dawnguard.chapter_effects(state, 2) == []


def test_a_chapters_checklist_and_readings():
    assert dawnguard.readings(1) == (("556", "all players"),)
    assert dawnguard.readings(2) == (("577", "Vampire players"), ("578", "Dawnguard players"))
    assert dawnguard.readings(3) == (("599", "all players"),)
    assert dawnguard.checklist(1)[-1] == (
        "Put 3 markers on the Castle Volkihar card and 3 on the Hall of the Vigilant card."
    )
    assert dawnguard.checklist(2)[1] == "Flip the Hall of the Vigilant token and card to Fort Dawnguard."
    assert any("levels up twice" in line for line in dawnguard.checklist(2, standalone=True))


def test_each_sitting_records_whether_the_chapter_1_balance_moved_in_it():
    """The history's balance chart reads this, never the chapter number again."""
    state = chapter_1()
    assert [after.balance_in_play for after in state.after_sittings] == [True, True]
    state = chapter_2()
    assert state.after_sittings[-1].balance_in_play is False
