"""Every fold is linear in time and memory, for every system, and "as of game n"
is what the fold used to keep.

The fold keeps no state per game: whatever a page reads of an earlier game is recorded in the
state as the fold goes (a Dawnguard sitting's figures in `state.after_sittings`), and the
state as of game n is worked out when asked (`Timeline.as_of`: the entries up to the end of
game n folded again; a play log derives it). Bounds and counts here, never timings: the
memory a fold of a journal at the upload limits takes, how it grows against a tenth of it,
and how many copies of a state it makes. The reference for "as of game n" is the fold as it
was before: a copy of the state each time a game opens (`reference_states`, written here).
"""

from __future__ import annotations

import copy
import functools
import operator
import pickle
import sys
import tracemalloc

import pytest

from bench import big_journals
from campaigns.rules import base, journal
from campaigns.rules import dawnguard as dg
from campaigns.rules import risk_legacy as rl
from campaigns.rules.base import Entry
from campaigns.systems.dawnguard import history as dawnguard_history
from campaigns.systems.dawnguard import readside as dawnguard_readside
from campaigns.systems.dawnguard.charts import BalanceRow, FortPoint

from tests.journal_files import RULES
from tests.journals import every_kind_journal
from tests.rules.helpers import AT_THE_LIMITS, SHIPPED, big_journal, reference_states

MB = 1024 * 1024




@functools.cache
def big(system: str, size: int) -> tuple:
    """(rules, players, entries) of that journal, as the import reads it."""
    rules, _, players, entries = journal.read(journal.parse_json(big_journal(system, size)), RULES)
    return rules, players, entries




def traced_peak(action) -> int:
    """The most memory Python held at once for `action`, beyond what it held before."""
    tracemalloc.start()
    try:
        action()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


# Bounds and counts -------------------------------------------------------------------------


@pytest.mark.slow
def test_the_big_journals_are_at_the_upload_limits_and_pass_the_rules():
    from campaigns.rules import limits

    assert big_journals.RISK_LEGACY_GAMES == limits.JOURNAL_MAX_GAMES
    assert big_journals.PLAY_LOG_PLAYS == limits.PLAY_LOG_MAX_GAMES
    assert big_journals.DAWNGUARD_SITTINGS <= limits.JOURNAL_MAX_GAMES  # three chapters of 160
    for system, size in AT_THE_LIMITS:
        assert len(big_journal(system, size).encode()) <= limits.JOURNAL_MAX_BYTES
        rules, players, entries = big(system, size)  # read as an upload is: its limits checked
        assert base.fold(rules, players, entries).games_played == size


@pytest.mark.slow
@pytest.mark.parametrize(("system", "size"), AT_THE_LIMITS)
def test_folding_a_journal_at_the_upload_limits_takes_a_few_megabytes(system, size):
    rules, players, entries = big(system, size)
    small = big(system, size // 10)
    peak = traced_peak(lambda: base.fold(rules, players, entries))
    tenth = traced_peak(lambda: base.fold(small[0], small[1], small[2]))
    # When the fold kept a copy of the state per game, 500 Risk Legacy games held 535 MB.
    assert peak < 20 * MB
    assert peak < 15 * tenth  # linear: ten times the games, about ten times the memory


@pytest.mark.slow
@pytest.mark.parametrize(("system", "size"), AT_THE_LIMITS)
def test_a_fold_copies_no_state(system, size, monkeypatch):
    """No snapshot, no pickle and no deep copy of a state while folding, whatever the size
    (a copy per game was what made the folds quadratic)."""
    copies = []
    states = (rl.RiskLegacyState, dg.DawnguardState, rl.Game)
    deepcopy, dumps = copy.deepcopy, pickle.dumps

    def counted_deepcopy(value, *args, **kwargs):
        if isinstance(value, states):
            copies.append(type(value).__name__)
        return deepcopy(value, *args, **kwargs)

    def counted_dumps(value, *args, **kwargs):
        copies.append(f"pickled {type(value).__name__}")
        return dumps(value, *args, **kwargs)

    monkeypatch.setattr(copy, "deepcopy", counted_deepcopy)
    monkeypatch.setattr(pickle, "dumps", counted_dumps)
    for games in (size // 10, size):
        rules, players, entries = big(system, games)
        folded = base.fold(rules, players, entries)
        folded.as_of(games // 2)  # worked out when asked: a fold of the first half, no copy
    assert copies == []


# "As of game n" is what the fold used to keep ------------------------------------------------








@pytest.mark.parametrize("data", [data for _, data in SHIPPED], ids=[name for name, _ in SHIPPED])
def test_the_state_as_of_each_game_is_the_one_the_fold_used_to_keep(data):
    rules, _, players, entries, folded = journal.load(data, RULES)
    reference = reference_states(rules, players, entries)
    assert sorted(reference) == list(range(folded.games_played + 1))
    for number, then in reference.items():
        worked_out = folded.as_of(number)
        assert worked_out == then, number
        assert rules.state_json(worked_out) == rules.state_json(then), number
    assert folded.as_of(None) is folded.current
    with pytest.raises(KeyError):
        folded.as_of(-1)


@pytest.mark.parametrize("data", [data for _, data in SHIPPED], ids=[name for name, _ in SHIPPED])
def test_the_state_as_of_each_game_is_the_same_after_the_journal_grew(data):
    """A timeline extended entry by entry (as the store appends) goes back as one folded at once."""
    rules, _, players, entries, folded = journal.load(data, RULES)
    grown = base.fold(rules, players, [])
    for entry in entries:
        base.extend(rules, grown, [entry])
    assert grown.games_played == folded.games_played and grown.entries == entries
    for number in range(folded.games_played + 1):
        assert grown.as_of(number) == folded.as_of(number), number


def test_the_entries_up_to_a_game_end_where_the_next_game_opens():
    _, _, _, entries, _ = journal.load(every_kind_journal(), RULES)
    opens = [index for index, entry in enumerate(entries) if entry.kind == base.GAME_KIND]
    assert base.entries_until(entries, 0) == entries[: opens[0]]
    assert base.entries_until(entries, 3) == entries[: opens[3]]
    assert base.entries_until(entries, len(opens)) == entries
    assert base.entries_until(entries, 99) == entries


def test_a_timeline_made_from_a_state_alone_says_it_cannot_go_back():
    _, _, _, _, folded = journal.load(every_kind_journal(), RULES)
    alone = base.new_timeline(rl, folded.current, last_game=folded.games_played)
    assert alone.as_of(folded.games_played) is folded.current
    with pytest.raises(LookupError):
        alone.as_of(3)


# What the Dawnguard pages read of each sitting: recorded as the fold goes --------------------
# The readers as they were, over the states the fold used to keep, against today's readers of
# what the fold records.


def _fort_points_then(after_game):
    points = []
    for number in sorted(after_game):
        state = after_game[number]
        fort = state.vigilant_fort
        chapter = state.games[-1].chapter if state.games else state.chapter
        points.append(FortPoint(number, chapter, fort.name, fort.gold, fort.stars, len(fort.thresholds)))
    return points


def _balance_rows_then(after_game):
    rows = []
    for number in sorted(after_game):
        state = after_game[number]
        if number == 0 or (state.games and state.games[-1].chapter == 1):
            rows.append(BalanceRow(number, state.hall_markers, state.castle_markers))
    return rows if len(rows) > 1 else []


def _sittings_then(state, after_game):
    """(number, heroes at the table, completed, chapter 1's totals when it completed it)."""
    sittings = []
    for game in state.games:
        then = after_game[game.number]
        completed = then.chapter == game.chapter and then.chapter_complete
        totals = then.chapter_1_totals if completed and game.chapter == 1 else None
        sittings.append((game.number, list(then.heroes), completed, totals))
    return sittings


def _plays_then(state, after_game):
    for game in state.games:
        then = after_game[game.number]
        yield (game.number, [(hero.player, hero.hero, dawnguard_readside._side(hero.side, game.chapter))
                             for hero in then.heroes.values()],
               then.chapter == game.chapter and then.chapter_complete)


DAWNGUARD = [(name, data) for name, data in SHIPPED if data["system"] == dg.KEY]


@pytest.mark.parametrize("data", [data for _, data in DAWNGUARD], ids=[name for name, _ in DAWNGUARD])
def test_dawnguard_readers_read_what_the_states_after_each_sitting_held(data):
    rules, _, players, entries, folded = journal.load(data, RULES)
    after_game, state = reference_states(rules, players, entries), folded.current
    assert dawnguard_history.fort_points(state) == _fort_points_then(after_game)
    assert dawnguard_history.balance_rows(state) == _balance_rows_then(after_game)
    chapters = dawnguard_history.chapters(state)
    sittings = [(s.number, s.heroes, s.completed, chapter.totals if s.completed and chapter.number == 1 else None)
                for chapter in chapters for s in chapter.sittings]
    assert sittings == _sittings_then(state, after_game)
    plays = [(play.number, [(seat.player, seat.hero, seat.side) for seat in play.seats], play.completed is not None)
             for play in dawnguard_readside.plays(state, "key", "name")]
    assert plays == list(_plays_then(state, after_game))


def test_dawnguard_records_one_small_record_per_sitting():
    rules, players, entries = big("dawnguard", big_journals.DAWNGUARD_SITTINGS)
    state = base.fold(rules, players, entries).current
    assert len(state.after_sittings) == big_journals.DAWNGUARD_SITTINGS + 1
    assert [after.number for after in state.after_sittings] == list(range(len(state.after_sittings)))
    assert all(isinstance(after, dg.AfterSitting) for after in state.after_sittings)


# The rules go through no history on an entry: a long game or many packets stay linear -------


def _long_game(events: list[dict]) -> list[Entry]:
    """Game 1 won by Ana (she signs: a Missile from game 2 on), then game 2 with `events`."""
    setup = {"starting_powers": {f: "a power" for f in rl.FACTIONS}, "coin_stickers": dict.fromkeys(rl.TERRITORIES[:12], 1)}
    seats = [{"player": "Ana", "faction": rl.FACTIONS[0], "start": "Egypt"},
             {"player": "Ben", "faction": rl.FACTIONS[1], "start": "Peru"},
             {"player": "Cid", "faction": rl.FACTIONS[2], "start": "Ural"}]
    return [
        Entry("setup", setup),
        Entry("game", {"number": 1, "played_on": "2026-01-01", "seats": seats}),
        Entry("game_end", {"results": {"Ana": "won", "Ben": "held_on", "Cid": "held_on"}}),
        Entry("reward", {"player": "Ana", "sign": {}, "choice": {"type": "destroy_territory_card", "territory": "Alaska"}}),
        Entry("game", {"number": 2, "played_on": "2026-01-08", "seats": seats}),
        *(Entry("packet" if "unlocks" in event else "event", event) for event in events),
    ]


def _events(kind: str, count: int) -> list[dict]:
    if kind == "recruitments":
        return [{"type": "recruitment", "player": "Ana", "troops": 5}] * count
    if kind == "packets":
        return [{"name": f"Packet {n}", "unlocks": {"scar_types": [{"name": f"Scar {n}", "effect": "e"}]}}
                for n in range(count)]
    # Scars covering scars on two territories, each after a recruitment (a record between them).
    scars = [{"type": "scar", "player": "Ben", "territory": ("Peru", "Egypt")[n % 2], "scar": "Bunker",
              "allowed_by_card": True} for n in range(count // 2)]
    return [event for scar in scars for event in (_events("recruitments", 1)[0], scar)]


def work(action) -> int:
    """The steps `action` takes, counted rather than timed: the lines run, the calls made
    (built-in ones too: a name's casefold) and the jumps taken (every turn of a loop, a
    generator's included), as sys.monitoring sees them."""
    monitoring = sys.monitoring
    events = monitoring.events
    kinds = (events.LINE, events.CALL, events.JUMP, events.BRANCH)
    tool = next(tool for tool in range(6) if monitoring.get_tool(tool) is None)
    count = 0

    def step(*args):
        nonlocal count
        count += 1

    monitoring.use_tool_id(tool, "fold work")
    try:
        for kind in kinds:
            monitoring.register_callback(tool, kind, step)
        monitoring.set_events(tool, functools.reduce(operator.or_, kinds))
        action()
    finally:
        monitoring.set_events(tool, 0)
        for kind in kinds:
            monitoring.register_callback(tool, kind, None)
        monitoring.free_tool_id(tool)
    return count


@pytest.mark.slow
@pytest.mark.parametrize(("system", "size"), AT_THE_LIMITS[:2])
def test_folding_ten_times_the_games_does_about_ten_times_the_work(system, size):
    steps = {}
    for games in (size // 10, size):
        rules, players, entries = big(system, games)
        steps[games] = work(lambda: base.fold(rules, players, entries)) / len(entries)
    assert steps[size] < 1.5 * steps[size // 10]  # the same work per entry, give or take


@pytest.mark.parametrize("kind", ["recruitments", "packets", "covering scars"])
def test_the_risk_legacy_rules_go_through_no_earlier_entry(kind):
    """A Missile holder is checked against the Missiles fired so far, a packet against those
    opened and its scar types against those known, a scar covering another ends the one
    standing: none of them goes through the events, packets or records logged before it, so
    ten times the entries is about ten times the work (when the fold was quadratic, 4,500 recruitments or
    packets took 5 to 8 s to fold, 900 a few tenths)."""
    steps = {count: work(lambda: base.fold(rl, ["Ana", "Ben", "Cid"], _long_game(_events(kind, count))))
             for count in (100, 1000)}
    assert steps[1000] < 12 * steps[100]
    state = base.fold(rl, ["Ana", "Ben", "Cid"], _long_game(_events(kind, 60))).current
    if kind == "covering scars":  # each covered scar ends, the last on each territory stands
        standing = [change for change in state.changes if change.kind == "scar" and change.ended is None]
        assert [change.territory for change in standing] == ["Peru", "Egypt"]
        assert all(change.ended == "covered in game 2 by Ben's Bunker scar"
                   for change in state.changes if change.kind == "scar" and change not in standing)
    if kind == "packets":
        assert len(state.scar_types) == 2 + 60 and len(state.opened_packets) == 60


def test_the_dawnguard_rules_go_through_no_earlier_fort_card():
    def drawing(count):
        entries = [Entry("setup", {"heroes": [{"player": "Ana", "hero": "Sigrid", "race": "Nord"}],
                                   "fort_thresholds": {"hall_of_the_vigilant": [3], "fort_dawnguard": [3]}}),
                   Entry("game", {"number": 1, "played_on": "2026-01-01", "chapter": 1}),
                   Entry("event", {"type": "pledge", "player": "Ana", "side": "vigilants"}),
                   Entry("event", {"type": "fort_stars", "player": "Ana", "count": 3})]  # level 1: cards drawn
        entries += [Entry("event", {"type": "fort_card", "player": "Ana", "card": f"Card {n}"}) for n in range(count)]
        return entries

    steps = {count: work(lambda: base.fold(dg, ["Ana"], drawing(count))) for count in (100, 1000)}
    assert steps[1000] < 12 * steps[100]
