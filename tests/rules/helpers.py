"""What the rules tests of the systems share: a play log driven entry by entry, and journals
loaded, written back and described."""

from __future__ import annotations

import copy
import functools
import json
import pickle

import pytest
from hypothesis import strategies as st

from bench import big_journals
from campaigns.rules import base, journal
from campaigns.rules.base import Entry, RuleError

from tests.journal_files import RULES, TESTS_OWN, demo_journals
from tests.journals import dawnguard_journals, every_kind_journal, play_log_journals, stopped_journals


class PlayLog:
    """A system's log for a roster, as a test drives it: entries logged, or refused."""

    def __init__(self, system, players: list[str]):
        self.system = system
        self.players = players

    def logged(self, *entries):
        """The state of a new log after these entries, applied in order."""

        state = self.system.new_state(self.players)
        for entry in entries:
            self._apply(state, entry)
        return state

    def _apply(self, state, entry) -> None:
        """As the fold applies an entry: with what its ruling and the house rules set aside."""
        opening = entry.kind == base.GAME_KIND and isinstance(entry.data, dict)
        number = entry.data.get("number", len(state.games) + 1) if opening else len(state.games)
        base.apply_with_law(self.system, state, entry, number)

    def refused(self, entry, state=None) -> RuleError:
        """Apply an entry that must be refused; the log must come out untouched."""
        state = self.logged() if state is None else state
        before = copy.deepcopy(state)
        with pytest.raises(RuleError) as caught:
            self._apply(state, entry)
        assert state == before, "a refused entry changed the log"
        return caught.value

    def last_game(self, state) -> dict:
        """The last game of the log's campaign_state."""
        return self.system.state_json(state)["games"][-1]


def round_trip(data: dict) -> dict:
    """A journal loaded and written back: equal to it when it round-trips."""
    system, name, players, entries, _ = journal.load(data, RULES)
    return journal.write(system, name, players, entries)


def final_state_json(system, data: dict) -> dict:
    """The campaign_state of a journal after its last entry."""
    return system.state_json(journal.load(data, RULES)[4].current)


def describes_every_entry(system, data: dict) -> bool:
    """Whether the system words a description for each entry of a journal."""
    _, _, _, entries, _ = journal.load(data, RULES)
    return all(isinstance(text, str) and text for text in map(system.describe, entries))


@st.composite
def legal_journal(
    draw, system_key: str, players: list[str], legal_game, may_have_setup: bool = False
) -> dict:
    """A random journal of 0 to 8 games, game n drawn from legal_game(n); with an empty setup
    or without when `may_have_setup`."""
    games = [draw(legal_game(number)) for number in range(1, draw(st.integers(0, 8)) + 1)]
    data = {"format": "campaign-journal/1", "system": system_key, "name": "Random", "players": players}
    if may_have_setup and draw(st.booleans()):
        data["setup"] = {}
    return {**data, "games": games}


RULES_BY_KEY = {rules.KEY: rules for rules in RULES}


@functools.cache
def big_journal(system: str, size: int) -> str:
    """A generated journal (bench/big_journals.py) as the export writes it; drawn once per session."""
    make = {"risk-legacy": big_journals.risk_legacy_journal, "dawnguard": big_journals.dawnguard_journal,
            "play-log": big_journals.play_log_journal}[system]
    return json.dumps(make(size), indent=2, ensure_ascii=False)


AT_THE_LIMITS = [
    ("risk-legacy", big_journals.RISK_LEGACY_GAMES),
    ("dawnguard", big_journals.DAWNGUARD_SITTINGS),
    ("play-log", big_journals.PLAY_LOG_PLAYS),
]


def reference_states(rules, players: list[str], entries: list[Entry]) -> dict[int, object]:
    """The states as of each game as the fold kept them when it kept one per game: a copy of the state
    each time a game opens, keyed by the number of the game it ends, and the state now."""
    state, after, last = rules.new_state(list(players)), {}, 0
    for entry in entries:
        if entry.kind == base.GAME_KIND:
            after[last] = pickle.loads(pickle.dumps(state))
            last = entry.data.get("number", last + 1)
        base.apply_with_law(rules, state, entry, last)  # as the fold applies it: rulings set aside
    after[last] = state
    return after


def shipped_journals() -> list[tuple[str, dict]]:
    """Every journal the app ships or the tests build, of the systems that fold their
    entries again for "as of game n" (a play log derives it: tests/rules/test_play_log_corrections.py)."""
    found = [
        (f"{'data' if path.parent == TESTS_OWN else 'demo'}/{path.name}", json.loads(path.read_text(encoding="utf-8")))
        for path in [*demo_journals(), *sorted(TESTS_OWN.glob("*.json"))]
    ]
    found.append(("every kind of entry", every_kind_journal()))
    found += [(f"stopped: {phase}", data) for phase, data in stopped_journals().items()]
    found += list(dawnguard_journals().items())
    found += list(play_log_journals().items())
    found += [("50 Risk Legacy games", big_journals.risk_legacy_journal(50)),
              ("48 Dawnguard sittings", big_journals.dawnguard_journal(48))]
    return [(name, data) for name, data in found if RULES_BY_KEY[data["system"]].state_as_of is None]


SHIPPED = shipped_journals()


