"""The latest page of a play log (the overview's list, a live refresh starting again) is read
off the ends of the plays kept in number order (plays._latest_context): it says what the first
page of the history, worked out from every play, says."""

from types import SimpleNamespace

from django.test import RequestFactory
from hypothesis import given
from hypothesis import strategies as st

from campaigns.rules.play_log.records import PlayRecords
from campaigns.systems.play_log import plays


def _log(logged: list[int], deleted: set[int]):
    """A log's state as the lists read it: its plays in number order, its deleted ones apart."""
    record = lambda number: SimpleNamespace(number=number, players=["Ana"])  # noqa: E731
    return SimpleNamespace(
        games=PlayRecords(record(n) for n in sorted(logged) if n not in deleted),
        deleted={n: record(n) for n in sorted(deleted)},
    )


@given(st.sets(st.integers(1, 90), max_size=70), st.data())
def test_the_latest_plays_are_the_first_page_of_every_play(numbers, data):
    deleted = data.draw(st.sets(st.sampled_from(sorted(numbers)))) if numbers else set()
    state = _log(sorted(numbers), deleted)
    latest = plays.plays_context(None, None, state)
    first_page = plays.plays_context(RequestFactory().get("/"), None, state, "Ana")  # every play is Ana's
    for key in ("plays_total", "older", "shown"):
        assert latest[key] == first_page[key], key
    assert latest["shown"]["top"] is True
