"""The limits every text, number and journal meets before it reaches the database
(campaigns/rules/limits.py), and the journal bombs parse_json refuses with a sentence."""

import json

import pytest

from campaigns.rules import journal, limits
from campaigns.rules.base import RuleError

from tests.conftest import load_journal
from tests.journal_files import RULES


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("Ana", None),
        ("A" * 40, None),
        ("A" * 41, "is 41 characters long; 40 at most"),
        ("An\x00a", "contains a NUL character"),
        ("\ud800", "contains a broken character (a lone UTF-16 surrogate such as \\ud800)"),
        ("Zoë 🎲", None),
    ],
)
def test_text_problem_names_what_is_wrong(text, problem):
    assert limits.text_problem(text, limits.PLAYER_NAME_MAX_CHARS) == problem


def test_check_values_walks_keys_values_and_numbers_and_names_the_field():
    limits.check_values({"a": [1, 2.5, True, None, {"b": "ok"}]})
    with pytest.raises(RuleError) as refused:
        limits.check_values({"sign": {"comment": "x" * 501}}, place="game 3")
    assert str(refused.value) == "game 3: 'comment' is 501 characters long; 500 at most"
    assert refused.value.field == "comment"
    with pytest.raises(RuleError, match="a key contains a NUL"):
        limits.check_values({"results": {"A\x00": 1}})
    with pytest.raises(RuleError, match="'troops' is too large"):
        limits.check_values({"troops": 2**70})
    with pytest.raises(RuleError, match="finite"):
        limits.check_values({"x": float("inf")})


def test_check_values_refuses_deep_nesting_without_recursing():
    deep = []
    for _ in range(50_000):  # deeper than Python's recursion limit
        deep = [deep]
    with pytest.raises(RuleError, match=f"more than {limits.JOURNAL_MAX_DEPTH} levels deep"):
        limits.check_values(deep)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"n": ' + "1" * 5000 + "}", "more than 4,300 digits"),
        ('{"n": NaN}', "NaN"),
        ('{"n": -Infinity}', "-Infinity"),
        (b"{\"name\": \"\xe9\"}", "not a UTF-8 text file"),
        (" " * (limits.JOURNAL_MAX_BYTES + 1), "a journal file is 4.0 MB at most"),
    ],
)
def test_parse_json_refuses_journal_bombs_with_a_sentence(text, message):
    with pytest.raises(RuleError, match=message):
        journal.parse_json(text)


def test_a_journal_is_refused_whole_for_a_text_a_database_would_refuse():
    data = load_journal("risk_legacy_15_games.json")
    data["games"][4]["played_on"] = "2026-10-01\x00"
    with pytest.raises(RuleError) as refused:
        journal.load(data, RULES)
    assert str(refused.value) == "game 5: 'played_on' contains a NUL character"


def test_a_lone_surrogate_from_an_escaped_json_file_is_refused():
    data = load_journal("captain_america_plays.json")
    data["players"][0] = "\ud800"
    with pytest.raises(RuleError, match="lone UTF-16 surrogate"):
        journal.load(journal.parse_json(json.dumps(data)), RULES)


def test_every_shipped_journal_is_within_the_limits():
    for name in ["risk_legacy_15_games.json", "dawnguard_campaign.json", "risk_skyrim_plays.json",
                 "captain_america_plays.json"]:
        journal.load(load_journal(name), RULES)


def test_the_size_limits_are_checked_before_anything_is_converted(monkeypatch):
    from campaigns.rules import risk_skyrim

    data = load_journal("risk_skyrim_plays.json")
    data["games"] = [{**data["games"][0], "number": n} for n in range(1, limits.PLAY_LOG_MAX_GAMES + 2)]
    monkeypatch.setattr(risk_skyrim, "journal_entries", lambda journal: pytest.fail("converted"))
    with pytest.raises(RuleError, match=f"a journal holds {limits.PLAY_LOG_MAX_GAMES:,} at most"):
        journal.load(data, RULES)


def test_a_play_log_may_hold_5_000_plays_and_a_campaign_500_games():
    # A play log folds in linear time and memory (no state per game); a campaign does not.
    from campaigns.rules import captain_america, dawnguard, risk_legacy, risk_skyrim

    assert limits.PLAY_LOG_MAX_GAMES == 5_000
    assert limits.max_games(risk_skyrim) == limits.max_games(captain_america) == 5_000
    assert limits.max_games(risk_legacy) == limits.max_games(dawnguard) == 500
    data = load_journal("dawnguard_campaign.json")
    data["games"] = [{**data["games"][0], "number": n} for n in range(1, limits.JOURNAL_MAX_GAMES + 2)]
    with pytest.raises(RuleError, match="the journal has 501 games; a journal holds 500 at most"):
        journal.load(data, RULES)


def test_the_limits_are_the_ones_the_readme_and_games_md_give():
    assert (limits.PLAYER_NAME_MAX_CHARS, limits.CAMPAIGN_NAME_MAX_CHARS, limits.TEXT_MAX_CHARS) == (40, 100, 500)
    assert (limits.NUMBER_MAX, limits.JOURNAL_MAX_DEPTH) == (1_000_000, 20)
    assert limits.JOURNAL_MAX_BYTES == 4 * 1024 * 1024
    assert (limits.JOURNAL_MAX_GAMES, limits.JOURNAL_MAX_ENTRIES) == (500, 10_000)


def test_a_campaign_name_may_be_100_characters_and_no_more():
    assert limits.check_campaign_name("N" * 100) == "N" * 100
    with pytest.raises(RuleError) as refused:
        limits.check_campaign_name("N" * 101)
    assert (refused.value.message, refused.value.field) == (
        "The campaign's name is 101 characters long; 100 at most",
        "name",
    )


def test_a_player_name_refused_says_whose_name_it_is():
    with pytest.raises(RuleError) as refused:
        limits.check_player_name("A" * 41)
    assert refused.value.message == "A player's name is 41 characters long; 40 at most"


def test_any_other_text_may_be_500_characters_and_no_more():
    limits.check_values({"comment": "x" * 500})
    with pytest.raises(RuleError, match="'comment' is 501 characters long; 500 at most"):
        limits.check_values({"comment": "x" * 501})


@pytest.mark.parametrize("number", [limits.NUMBER_MAX, -limits.NUMBER_MAX, 0, 2.5])
def test_a_number_up_to_a_million_is_accepted(number):
    limits.check_values({"count": number})


@pytest.mark.parametrize("number", [limits.NUMBER_MAX + 1, -limits.NUMBER_MAX - 1, limits.NUMBER_MAX + 0.5])
def test_a_number_above_a_million_is_refused_beside_its_field(number):
    with pytest.raises(RuleError) as refused:
        limits.check_values({"count": number}, place="game 2")
    assert str(refused.value) == "game 2: 'count' is too large (1,000,000 at most)"
    assert refused.value.field == "count"


def nested(levels):
    value = "x"
    for _ in range(levels):
        value = [value]
    return value


def test_a_journal_may_nest_20_levels_and_no_more():
    limits.check_values(nested(limits.JOURNAL_MAX_DEPTH))
    with pytest.raises(RuleError) as refused:
        limits.check_values(nested(limits.JOURNAL_MAX_DEPTH + 1), place="game 1")
    assert str(refused.value) == "game 1: the journal is nested more than 20 levels deep"


def test_a_journal_may_hold_500_games_and_10_000_entries_and_no_more():
    limits.check_journal_size(limits.JOURNAL_MAX_GAMES, limits.JOURNAL_MAX_ENTRIES)
    with pytest.raises(RuleError) as refused:
        limits.check_journal_size(limits.JOURNAL_MAX_GAMES + 1, 0)
    assert refused.value.message == "the journal has 501 games; a journal holds 500 at most"
    with pytest.raises(RuleError) as refused:
        limits.check_journal_size(1, limits.JOURNAL_MAX_ENTRIES + 1)
    assert refused.value.message == "the journal has 10,001 entries; a journal holds 10,000 at most"


def test_a_journal_file_of_exactly_4_mb_is_read():
    text = "{}" + " " * (limits.JOURNAL_MAX_BYTES - 2)
    assert journal.parse_json(text) == {}
    with pytest.raises(RuleError, match="a journal file is 4.0 MB at most"):
        journal.parse_json(text + " ")


def test_the_journal_import_counts_the_entries_against_the_limit(monkeypatch):
    data = load_journal("risk_legacy_15_games.json")
    entries = len(journal.load(data, RULES)[3])
    monkeypatch.setattr(limits, "JOURNAL_MAX_ENTRIES", entries - 1)
    with pytest.raises(RuleError, match=f"the journal has {entries} entries; a journal holds {entries - 1} at most"):
        journal.load(data, RULES)
