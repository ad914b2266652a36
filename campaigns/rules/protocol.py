"""What every game system's rules provide: the rules layer's half of the system contract.

No Django here. A system's rules are one module or package (campaigns/rules/<system>/) that
provides every name of `Rules` below, and shared code (the fold in base.py, the journal in
journal.py, the limits, the store, the pages) calls them without asking whether they are there.
The other half, what the system's Django side provides, is campaigns/systems/base.py's
`GameSystem`, which holds its rules module and checks it against this when it is built;
tests/test_system_contract.py checks every registered system.

Defaults, written once: a system with no words of its own for its entries takes
`describe = base.describe` (the plain description); a system whose fold keeps the state as of
each game (most) has `state_as_of = None`.

The states `new_state` returns (and `apply` changes) hold `players` (the roster),
`games_finished`, the games played to their end (the one count of games every page shows), and
`law` (base.Law: the house rules and every ruled entry, which the fold keeps); `state_json`
includes `law.state_json()`. A check refuses through `base.refuse(rule, ...)`, so that the group
may set the rule aside (a ruling, a house rule).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from .base import Entry, Rule


@runtime_checkable
class Rules(Protocol):
    """A system's rules module, as shared code calls it."""

    KEY: str  # the system's key: the journal's "system", a campaign's `system` ("risk-legacy")
    LABEL: str  # the game's name for people ("Risk Legacy")
    JOURNAL_KEYS: tuple[str, ...]  # its journal's own top-level keys ("setup", "games", ...)
    # Every rule it checks (base.Rule: its id, words, rulebook heading, whether a ruling may set
    # it aside), and the file of its rulebook the headings are printed in ("risk-legacy.txt"; None
    # for a game whose rules are written nowhere else).
    RULES: tuple[Rule, ...]
    RULEBOOK: str | None
    # The state as of game n worked out from the state now, or None. A module that has one (a
    # play log: its state as of play n is its plays 1..n) is folded without a copy of the
    # state per game (base.fold), so a long log costs time and memory linear in its plays,
    # and a journal may hold more of its games (limits.max_games).
    state_as_of: Callable[[Any, int], Any] | None

    def new_state(self, players: list[str]) -> Any:
        """The state of a campaign with that roster and no entry yet."""

    def apply(self, state: Any, entry: Entry) -> None:
        """Check the entry against the state and, if legal, change the state in place; on a
        broken rule raise RuleError and leave the state exactly as it was."""

    def journal_entries(self, journal: dict) -> list[Entry]:
        """The entries of a journal dict (docs/journal.md), checking the shape of its own part."""

    def journal_parts(self, entries: list[Entry]) -> dict[str, Any]:
        """Its part of a journal ("setup", "games", ...) rebuilt from entries, so that
        export(import(j)) == j."""

    def state_json(self, state: Any) -> dict[str, Any]:
        """The `campaign_state` dict of docs/journal.md, exactly its keys."""

    def describe(self, entry: Entry) -> str:
        """A short sentence for one entry, as the history and undo show it."""


# Every name of the protocol (typing.get_protocol_members, from Python 3.13 on).
NAMES = tuple(sorted({*Rules.__annotations__, *(name for name in vars(Rules) if not name.startswith("_"))}))


def missing(rules: Any) -> list[str]:
    """The names of the protocol a rules module lacks (none for a module that keeps it)."""
    return [name for name in NAMES if not hasattr(rules, name)]
