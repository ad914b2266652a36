"""A write costs what its entries cost, however long the journal (campaigns/states.py): the
campaign's snapshot is a checkpoint and the entries after it, a writer extends a timeline of its
own in place, and every state read, in this process or another, is the journal folded.

Counts, not times: what a write stores (bytes, rows) at 400 plays is what it stores at 20."""

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaigns import states, store
from campaigns.models import Campaign, CampaignSnapshot
from campaigns.rules import base, journal, play_log

from tests.conftest import load_journal
from tests.factories import CampaignFactory
from tests.journal_files import RULES
from tests.systems.play_log.views.helpers import play_log_with

NAME = "risk_legacy_15_games.json"


@pytest.fixture(autouse=True)
def every_state_large(monkeypatch):
    """The tests' campaigns are short: as if their states were as large as a long campaign's,
    whose checkpoint a write leaves as it is (the small ones' is below)."""
    monkeypatch.setattr(states, "SMALL_STATE_BYTES", 0)


def fresh(campaign) -> Campaign:
    return Campaign.objects.get(pk=campaign.pk)


def folded_json(campaign) -> dict:
    """The campaign's state as a fold of its live journal (what every read must equal)."""
    campaign = fresh(campaign)
    return campaign.rules.state_json(base.fold(campaign.rules, campaign.roster(), campaign.live_entries()).current)


def read_json(campaign) -> dict:
    return states.state_json(fresh(campaign))


def append_and_check(campaign, entries, owner, **options) -> None:
    """Append, and check the writer's own timeline (what its rules checked the entries against
    and its answer read) is the journal folded."""
    written = store.append(fresh(campaign), entries, owner, **options)
    assert campaign.rules.state_json(written.current) == folded_json(campaign)


def a_play(campaign) -> base.Entry:
    """The log's first play again, as a new play."""
    data = dict(store.export_journal(campaign)["games"][0])
    data["number"] = states.state(fresh(campaign)).next_number
    return base.Entry(base.GAME_KIND, data)


def written(campaign, owner) -> list[str]:
    """The SQL that logging one play writes (inserts and updates), committed as in production."""
    entry = a_play(campaign)
    with CaptureQueriesContext(connection) as captured:
        store.append(fresh(campaign), [entry], owner)
    return [query["sql"] for query in captured if query["sql"].lstrip().upper().startswith(("INSERT", "UPDATE"))]


def test_a_write_at_400_plays_stores_what_it_stores_at_20(owner):
    short, long = play_log_with(20, owner), play_log_with(400, owner)
    for campaign in (short, long):  # each a writer's second write: the first reads the checkpoint
        written(campaign, owner)
    at_20, at_400 = written(short, owner), written(long, owner)
    assert len(at_20) == len(at_400)  # the same rows touched: the entry, the campaign
    assert sum(map(len, at_400)) <= sum(map(len, at_20)) + 40  # longer numbers, nothing more
    assert not any("campaignsnapshot" in sql for sql in at_400)  # the checkpoint left as it is


def test_a_reader_elsewhere_applies_only_the_entries_after_the_checkpoint(owner):
    campaign = play_log_with(60, owner)
    for _ in range(3):
        store.append(fresh(campaign), [a_play(campaign)], owner)
    states.forget_in_process()  # another worker
    applied, tail = states.entries_applied(), states.tail_entries_applied()
    assert read_json(campaign) == folded_json(campaign)
    assert states.entries_applied() == applied  # nothing folded from the journal
    # The correction and deletion written after the import, and the three plays.
    assert states.tail_entries_applied() - tail == 5


def test_the_checkpoint_is_written_again_once_the_tail_is_long(owner, django_capture_on_commit_callbacks):
    campaign = play_log_with(5, owner)
    imported = states.checkpoint(campaign.pk)
    for _ in range(states.CHECKPOINT_AFTER):
        with django_capture_on_commit_callbacks(execute=True):
            store.append(fresh(campaign), [a_play(campaign)], owner)
    kept = states.checkpoint(campaign.pk)
    assert kept.version > imported.version and kept.folds_from == imported.folds_from
    tail = fresh(campaign).entries.live().count() - 1 - kept.through
    assert 0 < tail < states.CHECKPOINT_AFTER
    states.forget_in_process()
    applied = states.tail_entries_applied()
    assert read_json(campaign) == folded_json(campaign)
    assert states.tail_entries_applied() - applied == tail


def test_no_tail_grows_past_its_limit_when_no_commit_wrote_the_checkpoint(owner):
    # The tests' writes are never committed (the test's transaction): the write itself keeps it.
    campaign = play_log_with(5, owner)
    for _ in range(states.TAIL_MAX + 1):
        store.append(fresh(campaign), [a_play(campaign)], owner)
        read = states.checkpoint(campaign.pk)
        assert fresh(campaign).entries.live().count() - 1 - read.through < states.TAIL_MAX
    assert read_json(campaign) == folded_json(campaign)


def test_undoing_an_entry_after_the_checkpoint_keeps_the_checkpoint(owner):
    campaign = play_log_with(10, owner)
    store.append(fresh(campaign), [a_play(campaign)], owner)
    before = states.checkpoint(campaign.pk)
    store.undo_last(fresh(campaign), owner)
    after = states.checkpoint(campaign.pk)
    assert (after.version, after.through) == (before.version, before.through)
    assert after.tail_undone_at == fresh(campaign).journal_version
    states.forget_in_process()
    assert read_json(campaign) == folded_json(campaign)


def test_undoing_the_entry_the_checkpoint_ends_with_writes_a_new_one(owner):
    campaign = store.import_journal(load_journal(NAME), owner)
    store.undo_last(fresh(campaign), owner)
    read = states.checkpoint(campaign.pk)
    assert read.version == read.folds_from == fresh(campaign).journal_version
    assert read.through == fresh(campaign).entries.live().count() - 1
    states.forget_in_process()
    assert read_json(campaign) == folded_json(campaign)


def test_a_writer_never_extends_its_timeline_past_an_undo_made_elsewhere(owner, django_capture_on_commit_callbacks):
    campaign = play_log_with(10, owner)
    with django_capture_on_commit_callbacks(execute=True):
        store.append(fresh(campaign), [a_play(campaign)], owner)  # this process keeps its timeline
    kept = dict(states._writers)
    states.forget_in_process()  # another worker undoes the play and logs another one
    store.undo_last(fresh(campaign), owner)
    other = a_play(campaign)
    other.data["played_on"] = "2024-12-24"
    store.append(fresh(campaign), [other], owner)
    states._writers.update(kept)  # back on the first worker
    append_and_check(campaign, [a_play(campaign)], owner)
    states.forget_in_process()
    assert read_json(campaign) == folded_json(campaign)


def test_a_refused_entry_leaves_the_next_write_right(owner, django_capture_on_commit_callbacks):
    campaign = play_log_with(10, owner)
    with django_capture_on_commit_callbacks(execute=True):
        store.append(fresh(campaign), [a_play(campaign)], owner)
    wrong = a_play(campaign)
    wrong.data["number"] = 1  # a number already given
    with pytest.raises(base.RuleError):
        store.append(fresh(campaign), [a_play(campaign), wrong], owner)
    append_and_check(campaign, [a_play(campaign)], owner)
    states.forget_in_process()
    assert read_json(campaign) == folded_json(campaign)


def test_a_write_rolled_back_after_its_entries_leaves_no_timeline_behind(owner, django_capture_on_commit_callbacks):
    campaign = play_log_with(10, owner)

    def failing_answer(timeline):
        raise RuntimeError("the answer could not be made")

    with pytest.raises(RuntimeError):
        store.append(fresh(campaign), [a_play(campaign)], owner, answer=failing_answer)
    assert campaign.pk not in states._writers
    with django_capture_on_commit_callbacks(execute=True):
        append_and_check(campaign, [a_play(campaign)], owner)
    assert read_json(campaign) == folded_json(campaign)


def test_a_player_joining_with_an_entry_is_folded_into_every_state(owner):
    campaign = play_log_with(10, owner)
    entry = a_play(campaign)
    entry.data["seats"][0]["player"] = "Newcomer"
    append_and_check(campaign, [entry], owner, new_players=("Newcomer",))
    assert "Newcomer" in states.state(fresh(campaign)).players
    states.forget_in_process()
    assert read_json(campaign) == folded_json(campaign)


@pytest.mark.parametrize("seed", range(3))
def test_any_run_of_writes_undos_and_workers_reads_the_journal_folded(owner, seed, django_capture_on_commit_callbacks):
    """Risk Legacy's 15 games written entry by entry, with undos (each entry written again),
    other workers and commits that write the checkpoint at random: every read is the fold."""
    system, title, players, entries = journal.read(load_journal(NAME), RULES)
    campaign = CampaignFactory(name=title, system=system.KEY, owner=owner, players=players)
    rng = random.Random(seed)
    kept_by_workers = [{}, {}]
    worker = 0
    for index, entry in enumerate(entries):
        if rng.random() < 0.3:  # another worker takes the next write
            kept_by_workers[worker] = dict(states._writers)
            worker = 1 - worker
            states.forget_in_process()
            states._writers.update(kept_by_workers[worker])
        commits = rng.random() < 0.5
        with django_capture_on_commit_callbacks(execute=commits):
            append_and_check(campaign, [entry], owner)
        if rng.random() < 0.15:
            store.undo_last(fresh(campaign), owner)
            append_and_check(campaign, [entry], owner)
        if index % 9 == 0:
            assert read_json(campaign) == folded_json(campaign), index
    states.forget_in_process()
    assert read_json(campaign) == folded_json(campaign)
    assert states.checkpoint(campaign.pk).usable


def test_a_correction_and_a_deletion_after_the_checkpoint_read_as_folded(owner):
    campaign = play_log_with(12, owner)
    corrected = {**store.export_journal(campaign)["games"][4], "played_on": "2021-01-01"}
    store.append(fresh(campaign), [play_log.correction_entry(corrected["number"], corrected)], owner)
    store.append(fresh(campaign), [play_log.deletion_entry(corrected["number"])], owner)
    states.forget_in_process()
    assert read_json(campaign) == folded_json(campaign)
    assert CampaignSnapshot.objects.filter(pk=campaign.pk).exists()


def test_a_small_state_is_kept_as_the_checkpoint_by_every_write(owner, monkeypatch):
    monkeypatch.setattr(states, "SMALL_STATE_BYTES", 64 * 1024)
    campaign = play_log_with(20, owner)
    sql = written(campaign, owner)
    read = states.checkpoint(campaign.pk)
    assert any("campaignsnapshot" in query for query in sql)  # its state, a few KB
    assert read.version == fresh(campaign).journal_version and read.state_bytes <= 64 * 1024
    states.forget_in_process()
    tail = states.tail_entries_applied()
    assert read_json(campaign) == folded_json(campaign)
    assert states.tail_entries_applied() == tail  # nothing after the checkpoint to apply
