"""The system contract (campaigns/systems/base.py and campaigns/rules/protocol.py): every
registered system provides the whole of it, so shared code calls it without asking."""

import types

import pytest
from django.template.loader import get_template
from django.urls import reverse

from campaigns import registry
from campaigns.readside.base import ReadSide
from campaigns.rules import journal, protocol
from campaigns.rules.journal import parse_json
from campaigns.systems.base import GameSystem

from tests.journal_files import RULES

REGISTERED = registry.systems()


@pytest.mark.parametrize("system", REGISTERED, ids=lambda system: system.key)
def test_every_registered_system_s_rules_keep_the_rules_protocol(system):
    assert protocol.missing(system.rules) == []
    assert isinstance(system.rules, protocol.Rules)
    assert system.rules.state_as_of is None or callable(system.rules.state_as_of)


@pytest.mark.parametrize("system", REGISTERED, ids=lambda system: system.key)
def test_a_new_state_holds_its_roster_and_no_finished_game(system):
    state = system.rules.new_state(["Ana", "Ben"])
    assert list(state.players) == ["Ana", "Ben"]
    assert state.games_finished == 0


def test_a_rules_module_missing_part_of_the_protocol_is_named():
    class HalfARulesModule:
        KEY, LABEL, JOURNAL_KEYS = "half", "Half", ()

        @staticmethod
        def new_state(players):
            return None

    assert protocol.missing(HalfARulesModule) == [
        "RULEBOOK", "RULES", "apply", "describe", "journal_entries", "journal_parts", "state_as_of", "state_json",
    ]


@pytest.mark.parametrize("system", REGISTERED, ids=lambda system: system.key)
def test_every_registered_system_shows_itself_in_a_demo_journal_its_rules_accept(system):
    """The demo loads it, the tests build campaigns from the first (tests/factories.py), the
    crawl, the walk and the benches read them all: a system without one is refused here."""
    assert system.demo_journals, f"{system.key} has no demo journal (GameSystem.demo_journals)"
    for path in system.demo_journals:
        data = parse_json(path.read_bytes())
        rules, *_ = journal.load(data, RULES)
        assert rules is system.rules, f"{path.name} is a {data.get('system')} journal"


def test_a_game_system_with_half_a_rules_module_is_refused_when_built():
    half = types.ModuleType("half")
    half.KEY, half.LABEL, half.JOURNAL_KEYS, half.new_state = "half", "Half", (), list
    with pytest.raises(TypeError, match="half lacks RULEBOOK, RULES, apply, describe, .* of the rules protocol"):
        GameSystem(rules=half, read_side=ReadSide(plays=no_plays), overview_template="half/overview.html")


def test_a_game_system_s_own_page_is_not_taken_for_a_shared_one():
    with pytest.raises(TypeError, match="rules are not shared pages"):
        GameSystem(
            rules=REGISTERED[0].rules, read_side=ReadSide(plays=no_plays), overview_template="x.html",
            pages={"rules": print},
        )


def no_plays(state, after_game, key, name):
    return ()


@pytest.mark.parametrize("system", REGISTERED, ids=lambda system: system.key)
def test_every_registered_system_s_parts_are_there(system):
    assert isinstance(system.read_side, ReadSide)
    assert system.templates and all(folder.is_dir() for folder in system.templates)
    get_template(system.overview_template)
    if system.play_template:
        get_template(system.play_template)
    for tab in system.tabs:
        assert reverse(tab.url_name, args=["a-campaign"])
