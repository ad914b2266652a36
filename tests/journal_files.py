"""Where the tests read journal files, in one place.

The demo's journals are read where `make run` loads them from (campaigns/data/demo/), never
copied; tests/data/ keeps only what the tests alone use: a journal the demo has not, or a
test's own variant of a demo journal under the same name (it is read first).
"""

import json
from pathlib import Path

from campaigns.rules import captain_america, dawnguard, risk_legacy, risk_skyrim

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "campaigns" / "data" / "demo"
TESTS_OWN = Path(__file__).resolve().parent / "data"
# Every system's rules, as the registry hands them to the journal import (journal.load and
# journal.read pick a journal's system among them): the rules tests read journals without
# Django (tests/test_system_contract.py checks they are the registry's).
RULES = (risk_legacy, dawnguard, risk_skyrim, captain_america)


def journal_path(name: str) -> Path:
    """The journal file `name`: the tests' own when they keep one, else the demo's."""
    own = TESTS_OWN / name
    return own if own.exists() else DEMO / name


def load_journal(name: str) -> dict:
    return json.loads(journal_path(name).read_text(encoding="utf-8"))
