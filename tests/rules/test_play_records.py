"""A play log's plays kept in chunks (rules/play_log/records.py): a list in every way the fold
and the pages use one, whatever it went through (plays logged, corrected, deleted, restored,
pickled as a checkpoint and read back between any two), and read back from its pickle only a
chunk at a time: a page of the latest plays reads one chunk, the numbers read none."""

import pickle
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from campaigns.rules.play_log import records as records_module
from campaigns.rules.play_log.records import CHUNK, PlayRecords

from tests.journal_files import RULES
from tests.rules.test_fold_linear import big_journal


@dataclass
class Play:
    number: int
    label: str = ""


def _round_trip(plays: PlayRecords) -> PlayRecords:
    return pickle.loads(pickle.dumps(plays, pickle.HIGHEST_PROTOCOL))


# A run of what the fold does to a log's plays: log the next number, correct, delete or
# restore one (a number once deleted may come back where it was), read back from a checkpoint.
STEPS = st.lists(
    st.one_of(
        st.tuples(st.just("log"), st.integers(1, 3)),
        st.tuples(st.just("correct"), st.integers(0, 10_000)),
        st.tuples(st.just("delete"), st.integers(0, 10_000)),
        st.tuples(st.just("restore"), st.integers(0, 10_000)),
        st.tuples(st.just("checkpoint"), st.just(0)),
    ),
    max_size=60,
)


@settings(max_examples=60, deadline=None)
@given(start=st.integers(0, 3 * CHUNK), steps=STEPS)
def test_the_chunked_plays_are_the_list_they_stand_for(start, steps):
    expected = [Play(n) for n in range(1, start + 1)]
    plays, deleted, last = PlayRecords(expected), [], start
    for step, value in steps:
        if step == "log":
            for _ in range(value):
                last += 1
                expected.append(Play(last)), plays.append(Play(last))
        elif step == "correct" and expected:
            index = value % len(expected)
            expected[index] = Play(expected[index].number, "corrected")
            plays[index] = Play(expected[index].number, "corrected")
        elif step == "delete" and expected:
            index = value % len(expected)
            deleted.append(expected.pop(index))
            assert plays.pop(index) == deleted[-1]
        elif step == "restore" and deleted:
            record = deleted.pop(value % len(deleted))
            expected.insert(sum(1 for play in expected if play.number < record.number), record)
            plays.insert(plays.bisect_left(record.number), record)
        elif step == "checkpoint":
            plays = _round_trip(plays)
        assert len(plays) == len(expected) and bool(plays) == bool(expected)
    assert plays == expected and list(reversed(plays)) == expected[::-1]
    assert plays.numbers() == [play.number for play in expected]
    for index in range(-len(expected), len(expected)):
        assert plays[index] == expected[index] and plays.number_at(index) == expected[index].number
    for cut in (slice(-20, None), slice(None, 5), slice(3, 300), slice(None, None, 7)):
        assert plays[cut] == expected[cut]
    for number in {1, last, last + 1, *(play.number for play in expected[::37])}:
        at = plays.index_of(number)
        assert (expected[at].number if at is not None else None) == (
            number if any(p.number == number for p in expected) else None
        )
        assert plays.bisect_right(number) == sum(1 for play in expected if play.number <= number)
        assert plays.up_to(number) == [play for play in expected if play.number <= number]
    assert _round_trip(plays) == expected
    with pytest.raises(IndexError):
        plays[len(expected)]


def test_read_back_it_reads_the_chunks_a_page_asks_for_and_no_other(monkeypatch):
    plays = _round_trip(PlayRecords(Play(n) for n in range(1, 5001)))
    read = []
    real = records_module._read
    monkeypatch.setattr(records_module, "_read", lambda chunk: read.append(1) or real(chunk))
    assert len(plays) == 5000 and plays.numbers()[-1] == 5000
    assert plays.index_of(2500) == 2499 and plays.bisect_right(4000) == 4000 and plays.number_at(0) == 1
    assert read == []  # the numbers alone
    assert [play.number for play in plays[-20:]] == list(range(4981, 5001))
    assert read == []  # the last chunk comes back read: it is where plays are logged
    assert plays[0] == Play(1) and read == [1]  # the first chunk, unpacked when asked
    plays.append(Play(5001))
    again = _round_trip(plays)
    assert read == [1]  # the chunks never read went back as they came
    assert again[-1] == Play(5001) and len(again) == 5001


def test_every_chunk_but_the_last_is_packed_and_is_the_smaller_for_it():
    plays = PlayRecords(Play(n, "the same seats, the same sides") for n in range(1, 3 * CHUNK + 10))
    pickled = pickle.dumps(plays, pickle.HIGHEST_PROTOCOL)
    read = pickle.loads(pickled)
    # White-box on purpose: three packed chunks, the last as its records.
    assert [type(chunk) for chunk in read._chunks] == [bytes, bytes, bytes, list]
    assert records_module.unpack(read._chunks[0]) == [Play(n, "the same seats, the same sides")
                                                      for n in range(1, CHUNK + 1)]
    assert len(pickled) * 3 < len(pickle.dumps(list(plays), pickle.HIGHEST_PROTOCOL))
    assert read == plays


def test_a_checkpoint_of_a_long_log_is_read_back_without_its_plays():
    """The state of a real log, as another worker reads it: the plays' chunks stay unread until
    a page asks, and the state read back is the one folded."""
    from campaigns.rules import base, journal

    rules, _, players, entries = journal.read(journal.parse_json(big_journal("play-log", 600)), RULES)
    folded = base.fold(rules, players, entries).current
    read = pickle.loads(pickle.dumps(folded, pickle.HIGHEST_PROTOCOL))
    *packed, last = read.games._chunks
    assert all(isinstance(chunk, bytes) for chunk in packed) and isinstance(last, list)  # white-box
    assert read.game(599) == folded.game(599)  # in the last chunk
    assert all(isinstance(chunk, bytes) for chunk in read.games._chunks[:-1])
    assert read.game(3) == folded.game(3)
    assert sum(isinstance(chunk, list) for chunk in read.games._chunks) == 2
    assert read == folded
