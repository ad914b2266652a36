"""The 15-game Risk Legacy journal, folded once per test module, for the read-side tests."""

import pytest

from campaigns.rules import journal as journal_module

from tests.conftest import load_journal
from tests.journal_files import RULES

JOURNAL = load_journal("risk_legacy_15_games.json")


@pytest.fixture(scope="module")
def timeline():
    return journal_module.load(JOURNAL, RULES)[4]


@pytest.fixture(scope="module")
def state(timeline):
    return timeline.current
