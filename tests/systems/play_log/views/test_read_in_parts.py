"""After a write, the first page on another worker reads the checkpoint of a long play log and
only the plays it shows (campaigns/rules/play_log/records.py): never the whole state's plays.
What is counted is the chunks of records read back, not the time."""

import pytest
from django.core.cache import cache
from django.urls import reverse

from campaigns import states, store
from campaigns.rules.base import Entry
from campaigns.rules.play_log import records
from campaigns.rules.play_log.records import CHUNK

from tests.systems.play_log.views.helpers import JOURNALS, long_log

PLAYS = 3 * CHUNK + 30  # four chunks, the latest 20 plays in the last


@pytest.fixture
def chunks_read(monkeypatch):
    read = []
    real = records._read
    monkeypatch.setattr(records, "_read", lambda chunk: read.append(1) or real(chunk))
    return read


def _another_worker_after_a_write(campaign, owner):
    """A play logged here, then this process as another worker: its memo and cache empty."""
    last = campaign.entries.live().order_by("-position").first()
    store.undo_last(campaign, owner)
    store.append(campaign, [Entry(last.kind, last.data)], owner)
    states.forget_in_process()
    cache.clear()


@pytest.mark.parametrize(
    "page, chunks",
    [
        # The last chunk (where the play logged after the checkpoint goes) comes back read: the
        # chunks counted are the packed ones a page unpacks.
        ("history", 0),  # the latest 20 plays: the last chunk
        ("campaign_detail", 0),
        ("play_detail", 1),  # play 1 and its neighbours: the first chunk
        ("game_start", 0),  # the last play's seats offered first
        ("standings", 3),  # every play counted: all of them, as it must
    ],
)
@pytest.mark.parametrize("system", JOURNALS)
def test_the_first_page_on_another_worker_reads_the_plays_it_shows(client, owner, chunks_read, page, chunks, system):
    campaign = long_log(PLAYS, owner, system)
    client.force_login(owner)
    _another_worker_after_a_write(campaign, owner)
    del chunks_read[:]
    kwargs = {"number": 1} if page == "play_detail" else {}
    response = client.get(reverse(page, kwargs={"slug": campaign.slug, **kwargs}))
    assert response.status_code == 200
    assert len(chunks_read) == chunks


@pytest.mark.parametrize("system", JOURNALS)
def test_another_phones_live_refresh_unpacks_no_chunk(client, owner, chunks_read, system):
    campaign = long_log(PLAYS, owner, system)
    client.force_login(owner)
    seen = campaign.journal_version
    _another_worker_after_a_write(campaign, owner)
    del chunks_read[:]
    response = client.get(
        reverse("live", args=[campaign.slug]),
        {"v": seen, "on": "history", "newest": PLAYS, "oldest": PLAYS - 19, "top": 1},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200 and f'id="play-{PLAYS}"'.encode() in response.content
    assert chunks_read == []  # the latest plays are in the last chunk, which comes back read


def test_a_pages_plays_entries_are_read_off_the_index_by_kind_and_game(owner):
    """The entries of the plays a page shows (who logged each, its corrections and deletions)
    come off the index by campaign, kind and game: on either side of the query's OR, never a
    walk through every entry of the campaign (SQLite's plan says so; PostgreSQL's planner
    chooses by the table's size)."""
    from django.db import connection

    from campaigns.systems.play_log import plays

    if connection.vendor != "sqlite":
        pytest.skip("the plan is SQLite's")
    campaign = long_log(40, owner)
    queries = []

    def explain(execute, sql, params, many, context):
        if sql.lstrip().upper().startswith("SELECT") and '"campaigns_entry"' in sql:
            with connection.cursor() as cursor:
                cursor.execute("EXPLAIN QUERY PLAN " + sql, params)
                queries.append([row[-1] for row in cursor.fetchall()])
        return execute(sql, params, many, context)

    with connection.execute_wrapper(explain):
        found = plays._entries_of(campaign, [3, 40])
    assert {entry.game_number for entry in found} == {3, 40}
    (plan,) = queries
    searches = [step for step in plan if "campaigns_entry" in step]
    assert len(searches) == 2 and all("entry_by_kind_and_game" in step for step in searches), plan
