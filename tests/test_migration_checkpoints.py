"""Migration 0010 turns each snapshot into a checkpoint: the last live entry it folds is
recorded, and a snapshot older than its campaign's journal is dropped (folded again on read)."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("campaigns", "0009_entries_set_aside")]
AFTER = [("campaigns", "0010_snapshot_checkpoint_and_tail")]


@pytest.mark.django_db(transaction=True)
def test_snapshots_become_checkpoints_and_stale_ones_go():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    Campaign, Entry, Snapshot = (old.get_model("campaigns", name) for name in ("Campaign", "Entry", "CampaignSnapshot"))
    current = Campaign.objects.create(name="Current", slug="current", system="risk-skyrim", journal_version=3)
    stale = Campaign.objects.create(name="Stale", slug="stale", system="risk-skyrim", journal_version=5)
    empty = Campaign.objects.create(name="Empty", slug="empty", system="risk-skyrim", journal_version=1)
    for position in range(3):
        Entry.objects.create(campaign=current, position=position, kind="game", data={})
    Entry.objects.create(campaign=current, position=3, kind="game", data={}, undone_at="2026-12-01T00:00:00Z")
    for campaign, version in ((current, 3), (stale, 4), (empty, 1)):
        Snapshot.objects.create(campaign=campaign, journal_version=version, state_format=9, state=b"x")

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps.get_model("campaigns", "CampaignSnapshot")
    rows = {row.campaign_id: row for row in new.objects.all()}
    assert set(rows) == {current.pk, empty.pk}
    assert (rows[current.pk].through_position, rows[current.pk].folds_from) == (2, 3)
    assert rows[current.pk].state_bytes == len(b"x")
    assert (rows[empty.pk].through_position, rows[empty.pk].folds_from) == (-1, 1)
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
