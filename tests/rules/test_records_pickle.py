"""What a checkpoint holds: every record in a state pickles as its class and its fields' values
(rules/base.py `pickled_by_fields`), the cheapest to read back for the first page on another
worker, and reads back as the state the fold made. Every system's journals, from the registry."""

import dataclasses
import json
import pickle

import pytest

from campaigns.rules import journal
from campaigns.rules.base import pickled_by_fields

from tests.journal_files import RULES, demo_journals
from tests.journals import dawnguard_journals, every_kind_journal, play_log_journals

JOURNALS = {
    **{f"demo/{path.name}": json.loads(path.read_text(encoding="utf-8")) for path in demo_journals()},
    "every kind of entry": every_kind_journal(),
    **dawnguard_journals(),
    **play_log_journals(),
}


def _records(value, found: dict[type, object], seen: set[int]) -> None:
    """Every dataclass instance inside a state's lists, dicts and records, by its class."""
    if id(value) in seen or isinstance(value, (str, int, float, bool, type(None))):
        return
    seen.add(id(value))
    if dataclasses.is_dataclass(value):
        found.setdefault(type(value), value)
        inner = [getattr(value, f.name) for f in dataclasses.fields(value)]
    elif isinstance(value, dict):
        inner = [*value.keys(), *value.values()]
    elif isinstance(value, (list, tuple, set, frozenset)):
        inner = list(value)
    else:
        return
    for item in inner:
        _records(item, found, seen)


def _state(data: dict):
    return journal.load(data, RULES)[4].current


def test_the_systems_journals_cover_every_system():
    assert {data["system"] for data in JOURNALS.values()} == {rules.KEY for rules in RULES}


@pytest.mark.parametrize("name", list(JOURNALS))
def test_every_record_a_state_holds_pickles_by_its_fields(name):
    state = _state(JOURNALS[name])
    found: dict[type, object] = {}
    for f in dataclasses.fields(state):
        _records(getattr(state, f.name), found, set())
    not_compact = sorted(
        cls.__qualname__ for cls, record in found.items()
        if record.__reduce_ex__(pickle.HIGHEST_PROTOCOL)[0] is not cls
    )
    assert not_compact == [], f"put @pickled_by_fields on {', '.join(not_compact)}"


def _distinct_objects(state) -> int:
    seen: set[int] = set()
    for f in dataclasses.fields(state):
        _records(getattr(state, f.name), {}, seen)
    return len(seen)


@pytest.mark.parametrize("name", list(JOURNALS))
def test_a_state_read_back_from_its_pickle_is_the_state_folded(name):
    """Equal, and a record two lists share is still one record (a writer extends a state read
    back, and changes it in one place: Risk Legacy's standing changes are its changes)."""
    state = _state(JOURNALS[name])
    read = pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
    assert read == state
    assert _distinct_objects(read) == _distinct_objects(state)


@pickled_by_fields
@dataclasses.dataclass(slots=True)
class Record:
    number: int
    seats: dict


class Longer(Record):
    pass


def test_a_record_pickles_as_its_fields_values_and_a_subclass_as_pickle_does():
    record = Record(3, {"Ann": 1})
    assert record.__reduce_ex__(5) == (Record, (3, {"Ann": 1}))
    assert pickle.loads(pickle.dumps(record)) == record
    longer = Longer(4, {})
    assert longer.__reduce_ex__(5)[0] is not Longer  # pickle's own way, which keeps what it adds
    assert pickle.loads(pickle.dumps(longer)) == longer


def test_a_record_with_a_field_init_does_not_set_is_refused():
    with pytest.raises(TypeError, match="would be lost"):

        @pickled_by_fields
        @dataclasses.dataclass
        class Derived:
            number: int
            twice: int = dataclasses.field(init=False, default=0)
