"""What the rules tests of the systems share: a play log driven entry by entry, and journals
loaded, written back and described."""

import copy

import pytest
from hypothesis import strategies as st

from campaigns.rules import journal
from campaigns.rules.base import RuleError

from tests.journal_files import RULES


class PlayLog:
    """A system's log for a roster, as a test drives it: entries logged, or refused."""

    def __init__(self, system, players: list[str]):
        self.system = system
        self.players = players

    def logged(self, *entries):
        """The state of a new log after these entries, applied in order."""
        state = self.system.new_state(self.players)
        for entry in entries:
            self.system.apply(state, entry)
        return state

    def refused(self, entry, state=None) -> RuleError:
        """Apply an entry that must be refused; the log must come out untouched."""
        state = self.logged() if state is None else state
        before = copy.deepcopy(state)
        with pytest.raises(RuleError) as caught:
            self.system.apply(state, entry)
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
