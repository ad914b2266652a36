"""At the upload limits (Risk Legacy 500 games, Dawnguard 480 sittings, 5,000 plays): no
page's HTML is over 150 KB (long tables paged, runs of alike sittings shown once, a faction
card's back showing the campaign's games and the latest after it), and a write at the limit
stores what a write stores in a short campaign of its game. Sizes and counts, never timings
(bench/write_bench.py and bench/paired_bench.py time them)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import NoReverseMatch, reverse

from campaigns import registry, states, store
from campaigns.models import Campaign
from campaigns.rules import journal

from tests.rules.helpers import AT_THE_LIMITS, big_journal

pytestmark = pytest.mark.slow

KB = 1024
HTML_MAX = 150 * KB

# Every page of a campaign a phone opens (those its system has), and one play of a log.
PAGES = ["campaign_detail", "play", "board", "history", "standings", "rules", "go_back", "undo",
         "roster", "members", "campaign_settings", "game_start"]


def _pages(campaign):
    for name in PAGES:
        try:
            yield name, reverse(name, args=[campaign.slug])
        except NoReverseMatch:
            continue
    yield "play_detail", reverse("play_detail", kwargs={"slug": campaign.slug, "number": 2500})


@pytest.mark.parametrize(("system", "size"), AT_THE_LIMITS, ids=[system for system, _ in AT_THE_LIMITS])
def test_no_page_of_a_campaign_at_the_limits_is_over_150_kb(client, owner, system, size):
    campaign = store.import_journal(journal.parse_json(big_journal(system, size)), owner)
    client.force_login(owner)
    sizes = {}
    for name, url in _pages(campaign):
        response = client.get(url)
        if response.status_code == 404:
            continue  # a page this system does not have
        assert response.status_code == 200, name
        sizes[name] = len(response.content)
    assert {"campaign_detail", "history"} <= set(sizes)
    assert {name: size // KB for name, size in sizes.items() if size > HTML_MAX} == {}


def _written(campaign, entry, owner) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        store.append(Campaign.objects.get(pk=campaign.pk), [entry], owner)
    return [query["sql"] for query in captured if query["sql"].lstrip().upper().startswith(("INSERT", "UPDATE"))]


@pytest.mark.parametrize(("system", "size"), AT_THE_LIMITS, ids=[system for system, _ in AT_THE_LIMITS])
def test_a_write_at_the_limits_stores_what_it_stores_in_a_short_campaign(owner, system, size, monkeypatch):
    """The journal's last entries written one by one into the campaign without them, at a tenth
    of the limit and at the limit: the same rows, the same bytes but for longer numbers, and the
    checkpoint left as it is (a tenth's state counted as large too: a small one's checkpoint is
    written with every write, a few KB)."""
    monkeypatch.setattr(states, "SMALL_STATE_BYTES", 0)
    stored = []
    for length in (size // 10, size):
        rules, name, players, entries = journal.read(journal.parse_json(big_journal(system, length)), [
            registered.rules for registered in registry.systems()
        ])
        head, tail = entries[:-3], entries[-3:]
        campaign = store.import_journal(journal.write(rules, f"{name} {length}", players, head), owner)
        _written(campaign, tail[0], owner)  # the writer's first write reads the checkpoint
        stored.append([_written(campaign, entry, owner) for entry in tail[1:]])
        states.forget_in_process()
        assert states.state_json(Campaign.objects.get(pk=campaign.pk)) == journal_folded(campaign)
    for short, long in zip(*stored):
        assert len(short) == len(long)
        assert sum(map(len, long)) <= sum(map(len, short)) + 60
        assert not any("campaignsnapshot" in sql for sql in long)


def journal_folded(campaign) -> dict:
    from campaigns.rules import base

    campaign = Campaign.objects.get(pk=campaign.pk)
    return campaign.rules.state_json(base.fold(campaign.rules, campaign.roster(), campaign.live_entries()).current)
