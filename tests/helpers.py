"""Helpers the tests of this folder share (not test modules importing each other)."""

import json
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from django.db import connection

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


ROOT = Path(__file__).resolve().parent.parent


def _database_env() -> dict:
    """This test run's database, as the settings read it from the environment."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return {"SQLITE_PATH": str(db["NAME"]), "DATABASE_URL": ""}
    user = urllib.parse.quote(db["USER"] or "")
    password = f":{urllib.parse.quote(db['PASSWORD'])}" if db["PASSWORD"] else ""
    host = db["HOST"] or "127.0.0.1"
    port = f":{db['PORT']}" if db["PORT"] else ""
    return {"DATABASE_URL": f"postgres://{user}{password}@{host}{port}/{db['NAME']}"}


