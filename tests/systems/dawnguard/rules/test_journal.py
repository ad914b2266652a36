"""The Dawnguard journal (docs/journal.md `dawnguard` and this app's extensions) and campaign_state."""

import pickle

import pytest

from campaigns.rules import base, dawnguard, journal
from campaigns.rules.base import Entry, RuleError

from tests.journal_files import RULES
from tests.rules.helpers import describes_every_entry, round_trip
from tests.systems.dawnguard.rules.helpers import (
    SETUP,
    event,
    game,
    load_data,
    refused,
    setup,
)

# The journal and the state --------------------------------------------------------------


def test_the_data_journal_loads_and_round_trips():
    data = load_data()
    system, _, _, entries, _ = journal.load(data, RULES)
    assert system is dawnguard
    assert round_trip(data) == data
    kinds = {e.data["type"] for e in entries if e.kind == "event"}
    # Every event of docs/journal.md; this app's extensions are in tests/journals.py and below.
    assert kinds == set(dawnguard.EVENT_TYPES) - {"day_turn", "board_threat"}
    assert [g["chapter"] for g in data["games"]] == [1, 1, 2, 2, 3]


def test_the_data_journal_state():
    _, _, _, _, timeline = journal.load(load_data(), RULES)
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
                "hunger": 0,  # she fed her whole card in game 4
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
        "board_threat_tokens": 6,
        "fort_cards": {
            "Ana": ["Blood Chalice"],
            "Ben": ["Crossbow", "Dawnguard Rune Axe"],
            "Cid": [],
            "Dee": ["Vampire Dust"],
            "Eve": ["Crossbow"],
        },
        "rulings": [],
        "house_rules": [],
    }


def test_the_state_as_of_the_end_of_chapter_1():
    _, _, _, _, timeline = journal.load(load_data(), RULES)
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
        journal.load(data, RULES)
    assert str(caught.value) == "game 2, event 1: Ben has already pledged to the Vigilants of Stendarr"


def test_the_journal_refuses_a_game_without_events():
    data = load_data()
    del data["games"][0]["events"]
    with pytest.raises(RuleError) as caught:
        journal.load(data, RULES)
    assert str(caught.value) == "game 1: a game needs 'events'"


def test_the_journal_refuses_an_unknown_game_key():
    data = load_data()
    data["games"][2]["winner"] = "Ana"
    with pytest.raises(RuleError) as caught:
        journal.load(data, RULES)
    assert caught.value.place == "game 3"
    assert caught.value.message.startswith("unknown key 'winner' in a game")


def test_the_journal_refuses_games_out_of_order():
    data = load_data()
    data["games"][1]["number"] = 3
    with pytest.raises(RuleError) as caught:
        journal.load(data, RULES)
    assert str(caught.value) == "game 2: games are numbered 1, 2, 3 … in order: this one should be 2"


def test_the_journal_refuses_an_event_that_is_not_an_object():
    data = load_data()
    data["games"][0]["events"][2] = "pledge"
    with pytest.raises(RuleError) as caught:
        journal.load(data, RULES)
    assert str(caught.value) == "game 1, event 3: an event must be a JSON object"


def test_the_journal_needs_a_games_list():
    data = load_data()
    del data["games"]
    with pytest.raises(RuleError, match="needs a 'games' list"):
        journal.load(data, RULES)


def test_the_fold_keeps_each_game_state():
    _, _, players, entries, _ = journal.load(load_data(), RULES)
    timeline = base.fold(dawnguard, players, entries)
    assert [timeline.as_of(n).chapter for n in range(6)] == [1, 1, 1, 2, 2, 3]


def test_a_refused_entry_leaves_the_state_as_it_was_at_every_step_of_a_campaign():
    _, _, players, entries, _ = journal.load(load_data(), RULES)
    state = dawnguard.new_state(players)
    for entry in entries:
        refused(state, event("hunger", player="Ben"))  # `refused` compares before and after
        dawnguard.apply(state, entry)
    assert state.campaign_over


def test_the_state_survives_pickling():
    _, _, _, _, timeline = journal.load(load_data(), RULES)
    assert pickle.loads(pickle.dumps(timeline.current)) == timeline.current


def test_every_entry_of_the_data_journal_has_a_description():
    assert describes_every_entry(dawnguard, load_data())


def test_descriptions_are_in_players_words_with_no_codes_or_dates():
    assert dawnguard.describe(game(3, chapter=2)) == "sitting 3, chapter 2"
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


# This app's extensions of the journal --------------------------------------------------------

CORRECTED = {"hall_of_the_vigilant": [2, 4], "fort_dawnguard": [3, 6, 8]}


def test_threshold_corrections_round_trip_where_they_were_made():
    data = load_data()
    data["fort_threshold_corrections"] = [
        {"after_game": 0, "fort_thresholds": CORRECTED},
        {"after_game": 1, "after_event": 8, "fort_thresholds": SETUP["fort_thresholds"]},
        {"after_game": 2, "fort_thresholds": CORRECTED},
    ]
    _, _, _, entries, timeline = journal.load(data, RULES)
    kinds = [entry.kind for entry in entries]
    assert kinds[:2] == ["setup", "thresholds"]
    # After game 1's 8th event, before its 9th.
    second = [i for i, kind in enumerate(kinds) if kind == "thresholds"][1]
    assert entries[second - 1].data == data["games"][0]["events"][7]
    assert round_trip(data) == data
    assert timeline.as_of(2).fort_thresholds == CORRECTED


def test_a_threshold_correction_made_mid_game_is_exported_with_its_event():
    correction = Entry("thresholds", {"fort_thresholds": CORRECTED})
    state_entries = [setup(), game(1), correction, event("day_night", side="day")]
    parts = dawnguard.journal_parts(state_entries)
    assert parts["fort_threshold_corrections"] == [
        {"after_game": 1, "after_event": 0, "fort_thresholds": CORRECTED}
    ]


@pytest.mark.parametrize(
    "correction, field",
    [
        ({"after_game": 9, "fort_thresholds": CORRECTED}, "after_game"),
        ({"after_game": 1, "after_event": 99, "fort_thresholds": CORRECTED}, "after_event"),
        ({"after_game": 0, "after_event": 0, "fort_thresholds": CORRECTED}, "after_event"),
        ({"after_game": 1, "thresholds": CORRECTED}, "thresholds"),
    ],
)
def test_the_journal_refuses_a_misplaced_threshold_correction(correction, field):
    data = load_data()
    data["fort_threshold_corrections"] = [correction]
    with pytest.raises(RuleError) as caught:
        journal.load(data, RULES)
    assert caught.value.field == field


def test_chapter_2_played_alone_round_trips():
    data = {
        "format": "campaign-journal/1",
        "system": "dawnguard",
        "name": "Alone",
        "players": ["Ana", "Ben"],
        "setup": {
            "heroes": [
                {"player": "Ana", "hero": "Sigrid", "race": "Redguard", "level": 1},
                {"player": "Ben", "hero": "Faendal", "race": "Bosmer"},
            ],
            "fort_thresholds": SETUP["fort_thresholds"],
        },
        "games": [
            {
                "number": 1,
                "played_on": "2026-09-04",
                "chapter": 2,
                "sides": [{"player": "Ana", "side": "volkihar"}, {"player": "Ben", "side": "dawnguard"}],
                "events": [
                    {"type": "day_night", "side": "day"},
                    {"type": "day_turn"},
                    {"type": "board_threat", "count": 2},
                    {"type": "fort_stars", "player": "Ben", "count": 3},  # Fort Dawnguard's level 1: its cards
                    {"type": "fort_card", "player": "Ben", "card": "Agmaer", "follower": True},
                ],
            }
        ],
    }
    assert round_trip(data) == data
    _, _, _, _, timeline = journal.load(data, RULES)
    state = dawnguard.state_json(timeline.current)
    # Each hero starts at level 1 and levels up twice (docs/rules.md, 2026-12-01).
    assert [(h["level"], h["side"], h["hunger"]) for h in state["heroes"]] == [
        (3, "volkihar", 1),
        (3, "dawnguard", None),
    ]
    assert state["board_threat_tokens"] == 2


def test_new_words_for_the_history():
    assert dawnguard.describe(event("day_turn")) == "a day turn: every Vampire's hunger grows"
    assert dawnguard.describe(
        event("day_turn", feeds=[{"player": "Ana", "to": ["quest", "space", "threat_deck"]}])
    ) == "a day turn: Ana feeds (a quest, the current space, the Threat Event deck)"
    assert dawnguard.describe(event("board_threat", count=-2)) == "2 threat tokens off the board"
    assert dawnguard.describe(event("fort_card", player="Ben", card="Agmaer", follower=True)) == (
        "Ben draws the Follower Agmaer from the fort"
    )
    assert dawnguard.describe(Entry("thresholds", {"fort_thresholds": CORRECTED})) == (
        "fort thresholds corrected: Hall of the Vigilant 2, 4; Fort Dawnguard 3, 6, 8"
    )
    sides = [{"player": "Ana", "side": "volkihar"}, {"player": "Ben", "side": "dawnguard"}]
    alone = Entry("game", {"number": 1, "played_on": "2026-09-04", "chapter": 2, "sides": sides})
    assert dawnguard.describe(alone) == (
        "sitting 1, chapter 2 played alone; sides: Ana Clan Volkihar, Ben the Dawnguard"
    )


def test_the_crawled_dawnguard_journals_hold_every_entry_kind_event_type_and_optional_key():
    """tests/journals.py's Dawnguard journals are what the crawl walks: when the rules learn a
    new entry kind, event type or optional key, this fails until they hold it."""
    from campaigns.rules.dawnguard.box import HERO_OPTIONAL_KEYS
    from campaigns.rules.dawnguard.fold import APPLIERS

    from tests.journals import dawnguard_journals

    kinds, events, keys, forts = set(), set(), set(), set()
    for data in dawnguard_journals().values():
        assert round_trip(data) == data
        _, _, _, entries, _ = journal.load(data, RULES)
        # Each in players' words: never the fallback that names the journal's code.
        assert not [dawnguard.describe(e) for e in entries if dawnguard.describe(e).startswith("event:")]
        for entry in entries:
            kinds.add(entry.kind)
            if entry.kind == "event":
                events.add(entry.data["type"])
                keys.update(f"{entry.data['type']}.{key}" for key in entry.data
                            if key in dawnguard.EVENT_OPTIONAL_FIELDS.get(entry.data["type"], ()))
            elif entry.kind == "game":
                keys.update(f"game.{key}" for key in entry.data if key in dawnguard.GAME_OPTIONAL_KEYS)
            elif entry.kind == "setup":
                keys.update(f"hero.{key}" for hero in entry.data["heroes"] for key in hero
                            if key in HERO_OPTIONAL_KEYS)
                forts.add(frozenset(entry.data["fort_thresholds"]))
    assert kinds == set(APPLIERS)
    # Both setups: chapter 1's forts, and chapter 2 played alone's (docs/rules.md, 2026-12-01).
    # Chapter 2 alone, as set up before 2026-12-02 (Castle Volkihar's thresholds kept as written).
    alone = frozenset({*dawnguard.ALONE_THRESHOLD_KEYS, *dawnguard.ALONE_OPTIONAL_THRESHOLD_KEYS})
    assert forts == {frozenset(dawnguard.THRESHOLD_KEYS), alone}
    assert events == set(dawnguard.EVENT_TYPES)
    optional = dawnguard.EVENT_OPTIONAL_FIELDS
    assert keys == (
        {f"{kind}.{key}" for kind, names in optional.items() for key in names}
        | {f"game.{key}" for key in dawnguard.GAME_OPTIONAL_KEYS}
        | {f"hero.{key}" for key in HERO_OPTIONAL_KEYS}
    )
