"""A play log's state as its checkpoint keeps it: pickled, each play's data as its JSON text, in
chunks by number, packed but the last (rules/play_log/state.py PlayedData), so the first page
on another worker unpickles no dict per play and reads few bytes; read back, it is the state
the fold made, and the fold goes on from it."""

import pickle

import pytest

from campaigns.rules import base, journal
from campaigns.rules.base import Entry, RuleError
from campaigns.rules.play_log import CORRECTION
from campaigns.rules.play_log.state import PlayedData

from tests.journal_files import RULES
from tests.rules.test_fold_linear import big_journal


def _folded(plays: int):
    rules, _, players, entries = journal.read(journal.parse_json(big_journal("play-log", plays)), RULES)
    return rules, base.fold(rules, players, entries)


def _checkpoint(timeline):
    """The timeline as another worker reads it from the checkpoint (campaigns/states.py)."""
    current = pickle.loads(pickle.dumps(timeline.current, protocol=pickle.HIGHEST_PROTOCOL))
    return base.new_timeline(timeline.system, current, last_game=timeline.last_game)


def test_a_play_logs_state_read_back_from_its_checkpoint_is_the_state_folded():
    _, folded = _folded(300)
    read = _checkpoint(folded)
    assert read.current == folded.current
    for number in (1, 150, folded.current.last_number):
        assert read.current.play_data(number) == folded.current.play_data(number)
        assert read.current.play_data(number)["number"] == number
    assert read.current.play_data(10_000) is None
    assert read.as_of(150) == folded.as_of(150)
    assert len(read.as_of(150).played) == 150
    assert read.as_of(150).played == folded.as_of(150).played


def test_a_checkpoint_holds_each_plays_data_as_text_until_a_page_asks_for_it():
    _, folded = _folded(300)
    read = _checkpoint(folded).current
    # White-box on purpose: the chunks but the last come back packed, the last as one text per
    # play, not a dict with its seats.
    first, last = sorted(read.played._chunks)
    assert isinstance(read.played._chunks[first], bytes)
    assert all(isinstance(data, str) for data in read.played._chunks[last].values())
    assert isinstance(read.play_data(7), dict)
    assert all(isinstance(data, str) for data in read.played._chunks[first].values())  # unpacked
    with pytest.raises(KeyError):
        read.played[10_000]


def test_a_plays_data_chunk_read_back_and_not_changed_is_written_as_it_was_read():
    _, folded = _folded(600)
    read = _checkpoint(folded).current
    packed = read.played._chunks[0]
    assert read.play_data(3)["number"] == 3
    again = _checkpoint(base.new_timeline(folded.system, read, last_game=folded.last_game)).current
    assert again.played._chunks[0] is not None and again.played._chunks[0] == packed
    assert again.played == folded.current.played


def test_the_fold_goes_on_from_a_state_read_back_from_its_checkpoint():
    """A correction checked against the unpickled log: the same data is refused as nothing to
    correct, a changed date is taken and is what the log then says, pickled again or not."""
    rules, folded = _folded(60)
    read = _checkpoint(folded)
    same = read.current.play_data(12)
    with pytest.raises(RuleError, match="already reads exactly so"):
        base.extend(rules, read, [Entry(CORRECTION, same)])
    corrected = {**same, "played_on": "2031-05-04"}
    base.extend(rules, read, [Entry(CORRECTION, corrected)])
    assert read.current.play_data(12) == corrected
    assert read.current.corrections_of(12) == 1
    assert _checkpoint(read).current.play_data(12) == corrected
    assert _checkpoint(read).current == read.current


def test_played_data_compares_by_what_each_play_reads():
    as_dicts = PlayedData({1: {"number": 1, "seats": []}})
    as_text = pickle.loads(pickle.dumps(as_dicts))
    assert as_text == as_dicts
    as_text[2] = {"number": 2}
    assert as_text != as_dicts and len(as_text) == 2 and 2 in as_text


def test_a_states_repr_unpacks_no_chunk():
    _, folded = _folded(600)
    read = _checkpoint(folded).current
    assert repr(read.played) == "PlayedData(3 chunks)"
    assert isinstance(read.played._chunks[0], bytes)  # white-box: still packed
