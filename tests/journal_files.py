"""Where the tests read journal files, in one place, and with which rules.

The demo's journals are read where `make run` loads them from (each system's
`GameSystem.demo_journals`, in its folder), never copied; tests/data/ keeps only what the tests
alone use: a journal the demo has not, or a test's own variant of a demo journal under the same
name (it is read first). Every list here comes from the registry: a new system's journals are
the tests' too.
"""

import json
from pathlib import Path

from campaigns import registry

ROOT = Path(__file__).resolve().parent.parent
TESTS_OWN = Path(__file__).resolve().parent / "data"
# Every system's rules, as the registry hands them to the journal import (journal.load and
# journal.read pick a journal's system among them).
RULES = tuple(system.rules for system in registry.systems())


def demo_journals() -> list[Path]:
    """Every registered system's demo journals, in the registry's order."""
    return [path for system in registry.systems() for path in system.demo_journals]


def journal_path(name: str) -> Path:
    """The journal file `name`: the tests' own when they keep one, else the demo's."""
    own = TESTS_OWN / name
    if own.exists():
        return own
    found = [path for path in demo_journals() if path.name == name]
    if not found:
        raise FileNotFoundError(f"no journal {name!r} in tests/data/ or a system's demo journals")
    return found[0]


def load_journal(name: str) -> dict:
    return json.loads(journal_path(name).read_text(encoding="utf-8"))
