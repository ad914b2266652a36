"""Fixtures of the Risk Legacy rules tests."""

from __future__ import annotations

import json

import pytest

from campaigns.rules import journal

from tests.journal_files import RULES, journal_path


@pytest.fixture(scope="module")
def campaign_15():
    data = json.loads(journal_path("risk_legacy_15_games.json").read_text(encoding="utf-8"))
    system, name, players, entries, timeline = journal.load(data, RULES)
    return data, system, name, players, entries, timeline
