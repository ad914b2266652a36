"""Every rule the tracker checks has a name and a place (docs/rules.md, "The table has the last
word"): a stable id `<system key>/<name>`, the rule in a player's words, and the heading of the
rulebook section it comes from, as printed. Each registered system lists its rules (`RULES`)
and the rulebook they are printed in (`RULEBOOK`); a rule listed is a rule some check refuses by.

The rulebooks themselves are the project's sources, kept beside the repository (not in it): the
headings are checked against them where they are found (LEGACY_LEDGER_RULEBOOKS, or
../shared/rulebooks beside the checkout)."""

from __future__ import annotations

import importlib
import os
import pkgutil
import re
from pathlib import Path

import pytest

from campaigns import registry
from campaigns import rules as rules_package
from campaigns.rules import base
from campaigns.rules.base import Law, Rule, RuleError

REGISTERED = registry.systems()
ROOT = Path(__file__).resolve().parents[2]
RULES_FOLDER = ROOT / "campaigns" / "rules"


def rulebooks_folder() -> Path | None:
    for candidate in (os.environ.get("LEGACY_LEDGER_RULEBOOKS"), ROOT.parent / "shared" / "rulebooks",
                      Path("/work/shared/rulebooks")):
        if candidate and Path(candidate).is_dir():
            return Path(candidate)
    return None


def rulebook_modules():
    """Every module of the rules layer that writes rules down (`*rulebook*`)."""
    for found in pkgutil.walk_packages(rules_package.__path__, f"{rules_package.__name__}."):
        if "rulebook" in found.name.rsplit(".", 1)[-1]:
            yield importlib.import_module(found.name)


@pytest.mark.parametrize("system", REGISTERED, ids=lambda system: system.key)
def test_every_rule_has_an_id_of_its_system_words_and_a_heading(system):
    rules = system.rules.RULES
    assert rules, f"{system.key} checks no rule?"
    ids = [rule.id for rule in rules]
    assert len(ids) == len(set(ids)), "two rules share an id"
    for rule in rules:
        assert isinstance(rule, Rule)
        assert re.fullmatch(rf"{re.escape(system.key)}/[a-z0-9]+(-[a-z0-9]+)*", rule.id), rule.id
        assert rule.words.strip() and rule.words[0].isupper(), rule.id
        assert rule.rulebook.strip(), f"{rule.id} says no place to read it"


@pytest.mark.parametrize("system", REGISTERED, ids=lambda system: system.key)
def test_every_rule_cites_a_heading_printed_in_its_rulebook(system):
    folder = rulebooks_folder()
    if folder is None:
        pytest.skip("the rulebooks are not beside this checkout (set LEGACY_LEDGER_RULEBOOKS)")
    text = (folder / system.rules.RULEBOOK).read_text(encoding="utf-8")
    headings = {line.strip() for line in text.splitlines()}
    missing = [(rule.id, rule.rulebook) for rule in system.rules.RULES
               if rule.rulebook not in headings and not rule.rulebook.startswith("GAMES.md: ")]
    assert missing == [], f"headings not printed in {system.rules.RULEBOOK}"


def test_every_rule_written_down_is_one_a_check_refuses_by():
    """A rule listed but never checked would be a promise the tracker does not keep."""
    sources = {path: path.read_text(encoding="utf-8") for path in RULES_FOLDER.rglob("*.py")
               if "rulebook" not in path.name}
    unchecked = []
    for module in rulebook_modules():
        for name, value in vars(module).items():
            if isinstance(value, Rule) and not any(re.search(rf"\b{name}\b", s) for s in sources.values()):
                unchecked.append(f"{module.__name__}.{name}")
    assert unchecked == []


def test_the_registered_systems_rules_are_the_rulebooks_written_down():
    written = {rule for module in rulebook_modules() for rule in vars(module).values() if isinstance(rule, Rule)}
    for system in REGISTERED:
        assert set(system.rules.RULES) <= written, system.key


def test_a_refusal_says_its_rule_and_where_to_read_it_or_that_no_ruling_changes_it():
    rule = Rule("toy/one-scar", "One scar a game", "Scars")
    error = RuleError("Dee has already placed a scar", place="game 2, event 2", rule=rule)
    assert error.rulable and str(error) == "game 2, event 2: Dee has already placed a scar"
    assert error.told == 'game 2, event 2: Dee has already placed a scar [rule toy/one-scar; rulebook: "Scars"]'
    fixed = Rule("toy/one-seat", "A player sits once", "Setup", rulable=False)
    assert RuleError("Ana sits twice", rule=fixed).told == "Ana sits twice [no ruling changes this]"
    assert RuleError("unknown key 'x'").told == "unknown key 'x' [no ruling changes this]"
    with pytest.raises(ValueError):
        Rule("Toy/One Scar", "One scar a game", "Scars")


# House rules and reasons, as every system checks them (rules/base.py) -------------------------

RULABLE = Rule("toy/one-scar", "One scar a game", "Scars")
FIXED = Rule("toy/one-seat", "A player sits once", "Setup", rulable=False)


def house(**data):
    return base.check_house_rule({"rule": "toy/one-scar", "why": "the packet says so", "from_game": 2} | data,
                                 (RULABLE, FIXED), "house rule 1")


def test_a_house_rule_names_a_rule_a_ruling_may_change_its_reason_and_its_games():
    assert house() == {"rule": "toy/one-scar", "why": "the packet says so", "from_game": 2}
    assert house(until_game=4, why="  spaced  ")["why"] == "spaced"
    law = Law(house_rules=[house(until_game=4)])
    assert [bool(law.in_force(game)) for game in range(6)] == [False, False, True, True, True, False]


@pytest.mark.parametrize(("data", "field", "message"), [
    ({"rule": "toy/one-scra"}, "rule", "there is no rule 'toy/one-scra' to set aside (did you mean toy/one-scar?)"),
    ({"rule": "toy/one-seat"}, "rule",
     "no ruling changes this rule (A player sits once), so no house rule sets it aside"),
    ({"why": ""}, "why", "a ruling needs the group's reason: say why the table rules otherwise"),
    ({"why": "x" * 201}, "why", "the group's reason is 200 characters at most, not 201"),
    ({"from_game": -1}, "from_game", "'from_game' must be a game's number, or 0 for the setup on"),
    ({"from_game": "2"}, "from_game", "'from_game' must be a game's number, or 0 for the setup on"),
    ({"until_game": 1}, "until_game", "'until_game' must be a game from 2 on"),
    ({"games": 3}, None, "unknown key 'games' in a house rule (its keys: rule, why, from_game, until_game)"),
])
def test_a_house_rule_is_refused_at_its_field_with_a_sentence(data, field, message):
    with pytest.raises(RuleError) as caught:
        house(**data)
    assert (caught.value.field, caught.value.message, caught.value.place) == (field, message, "house rule 1")
    assert not caught.value.rulable


@pytest.mark.parametrize(("why", "message"), [
    (None, "a ruling needs the group's reason: say why the table rules otherwise"),
    ("   ", "a ruling needs the group's reason: say why the table rules otherwise"),
    ("y" * 201, "the group's reason is 200 characters at most, not 201"),
])
def test_a_ruling_needs_a_reason_of_1_to_200_characters(why, message):
    with pytest.raises(RuleError) as caught:
        base.check_reason(why, "game 1")
    assert caught.value.message == message
    assert base.check_reason("y" * 200, None) == "y" * 200
