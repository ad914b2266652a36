"""Helpers the tests of this folder share (not test modules importing each other)."""

import json

from campaigns import registry, stats
from campaigns.rules.journal import load
from tests.journal_files import RULES, journal_path

FILES = {
    "risk-legacy": "risk_legacy_15_games.json",
    "risk-skyrim": "risk_skyrim_plays.json",
    "captain-america": "captain_america_plays.json",
    "dawnguard": "dawnguard_campaign.json",
}


def record(system, key=None):
    journal = json.loads(journal_path(FILES[system]).read_text())
    _, name, _, _, folded = load(journal, RULES)
    return stats.campaign_record(key or system, name, registry.get(system), folded.current)


