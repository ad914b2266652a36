"""Dawnguard when the table has the last word (docs/rules.md): refusals name their rule and the
rulebook section; a ruling records the entry as the group says (a fourth hunger token shows as
four) and the next entry is checked again; a house rule sets one rule aside; what no ruling
changes stays refused. And the corrections of 2026-12-02: hunger grows only by day, a fort's
cards are drawn only once it has levelled up."""

from __future__ import annotations

from campaigns.rules import base, journal
from campaigns.rules import dawnguard as dg

from tests.journal_files import RULES
from tests.journals import dawnguard_journals
from tests.systems.dawnguard.rules.helpers import (
    DAY,
    HALL_LEVEL_1,
    PLEDGES,
    chapter_1,
    event,
    hero,
    play,
    pledged,
    refused,
)

NIGHT = {"type": "day_night", "side": "night"}
WHY = "our house rule: a Vampire may starve to four"


def test_hunger_while_the_token_shows_night_is_refused_by_its_rule():
    error = refused(pledged(NIGHT), event("hunger", player="Ana"))
    assert (error.rule.id, error.rule.rulebook, error.field) == ("dawnguard/hunger-by-day", "Hunger", "player")
    assert error.told == (
        "game 1, event 5: hunger grows only while the Day/Night token shows day, and it shows night "
        '[rule dawnguard/hunger-by-day; rulebook: "Hunger"]'
    )
    assert hero(pledged(DAY, event("hunger", player="Ana")), "Ana")["hunger"] == 1
    assert hero(pledged(event("hunger", player="Ana")), "Ana")["hunger"] == 1  # the token not logged yet


def test_a_fort_card_is_drawn_only_from_a_fort_that_has_levelled_up():
    error = refused(pledged(), event("fort_card", player="Ben", card="Crossbow"))
    assert error.rule.id == "dawnguard/fort-card-from-a-levelled-fort"
    assert error.message == (
        "the Hall of the Vigilant is still at level 0: its cards are drawn once it has levelled up to where "
        "cards are available"
    )
    state = pledged(HALL_LEVEL_1, event("fort_card", player="Ben", card="Crossbow"))
    assert dg.state_json(state)["fort_cards"]["Ben"] == ["Crossbow"]


def test_a_ruling_takes_a_fourth_hunger_token_and_the_next_one_is_refused_again():
    state = pledged(*[event("hunger", player="Ana")] * 3)
    assert refused(state, event("hunger", player="Ana")).rule.id == "dawnguard/hunger-at-most-three"
    play(state, event("hunger", player="Ana", ruling=WHY))
    assert hero(state, "Ana")["hunger"] == 4
    assert dg.state_json(state)["rulings"] == [
        {"game": 1, "place": "event 7", "rule": "dawnguard/hunger-at-most-three", "why": WHY}
    ]
    assert refused(state, event("hunger", player="Ana")).rule.id == "dawnguard/hunger-at-most-three"
    play(state, event("feed", player="Ana", to=["quest", "space", "stronghold", "threat_deck"]))
    assert hero(state, "Ana")["hunger"] == 0


def test_what_no_ruling_changes_is_refused_with_a_ruling_too():
    state = pledged(DAY)
    error = refused(state, event("day_night", side="day", ruling="we flipped it twice"))
    assert (error.rule.id, error.rulable) == ("dawnguard/day-night-flips", False)
    assert error.told.endswith("[no ruling changes this]")
    error = refused(state, event("hunger", player="Ben", ruling="Ben is hungry"))
    assert error.rule.id == "dawnguard/vampires-only" and not error.rulable


def test_a_house_rule_sets_hunger_by_day_aside_from_its_game_on():
    state = chapter_1(*PLEDGES)
    play(state, base.Entry(base.HOUSE_RULE, {"rule": "dawnguard/hunger-by-day", "why": "we play it all day",
                                             "from_game": 1}))
    play(state, NIGHT, event("hunger", player="Ana"))
    assert hero(state, "Ana")["hunger"] == 1
    assert dg.state_json(state)["rulings"] == [
        {"game": 1, "place": "event 5", "rule": "dawnguard/hunger-by-day", "why": "we play it all day"}
    ]
    assert dg.state_json(state)["house_rules"] == [
        {"rule": "dawnguard/hunger-by-day", "why": "we play it all day", "from_game": 1}
    ]
    # Every other rule still holds: at 3 a Vampire feeds first.
    play(state, event("hunger", player="Ana"), event("hunger", player="Ana"))
    assert refused(state, event("hunger", player="Ana")).rule.id == "dawnguard/hunger-at-most-three"


def test_the_crawled_journal_s_rulings_show_in_the_state_and_round_trip():
    data = dawnguard_journals()["Dawnguard, every kind"]
    system, _, players, entries = journal.read(data, RULES)
    state = base.fold(system, players, entries).current
    assert journal.write(system, data["name"], players, entries) == data
    assert dg.state_json(state)["rulings"] == [
        {"game": 3, "place": "the game", "rule": None, "why": "Eve's sister sat in for Eve"},
        {"game": 3, "place": "event 1", "rule": "dawnguard/hunger-by-day",
         "why": "we flipped the token to day and forgot to log it"},
    ]
    with_house_rule = {**data, "house_rules": [{"rule": "dawnguard/hunger-by-day", "why": "x", "from_game": 2}]}
    system, _, players, entries = journal.read(with_house_rule, RULES)
    assert journal.write(system, data["name"], players, entries) == with_house_rule
