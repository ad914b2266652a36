"""The system contract (campaigns/systems/base.py and campaigns/rules/protocol.py): every
registered system provides the whole of it, so shared code calls it without asking."""

import pytest

from campaigns import registry
from campaigns.rules import protocol

from .journal_files import RULES

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
        "apply", "describe", "journal_entries", "journal_parts", "state_as_of", "state_json",
    ]


def test_the_rules_tests_read_journals_with_every_registered_system_s_rules():
    assert tuple(system.rules for system in registry.systems()) == RULES
