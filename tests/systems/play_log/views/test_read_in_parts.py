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
        # The play logged after the checkpoint is added to the last chunk, read back for it.
        ("history", 1),  # the latest 20 plays: the last chunk
        ("campaign_detail", 1),
        ("play_detail", 2),  # play 1 and its neighbours: the first chunk
        ("game_start", 1),  # the last play's seats offered first
        ("standings", 4),  # every play counted: all of them, as it must
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
def test_another_phones_live_refresh_reads_the_last_chunk_at_most(client, owner, chunks_read, system):
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
    assert len(chunks_read) <= 1
