"""A journal at the upload limits imports and its first pages open in a process that did not
import it within a bounded memory, with as many queries and cached states as a journal a
tenth its size; "as of game n" from the store is what the fold used to keep.

Bounds and counts, never timings (bench/fold_bench.py times them in fresh processes). The
fold's own bounds are in tests/rules/test_fold_linear.py.
"""

import pickle
import re
import tracemalloc

import pytest
from django.core.cache import cache
from django.core.cache.backends import locmem
from django.urls import reverse

from campaigns import states, store
from campaigns.models import Campaign
from campaigns.rules import journal

from tests.factories import CampaignFactory
from tests.journal_files import RULES
from tests.query_counts import count_queries
from tests.rules.helpers import AT_THE_LIMITS, SHIPPED, big_journal, reference_states

# Journals at the upload limits through every page: in `make test` only.
pytestmark = pytest.mark.slow

MB = 1024 * 1024

# The first pages of a campaign of each system (bench/fold_bench.py shows them all).
FIRST_PAGES = {
    "risk-legacy": ("campaign_detail", "board", "history"),
    "dawnguard": ("campaign_detail", "history"),
    "play-log": ("campaign_detail", "history"),
}


def imported(system, size, owner):
    return store.import_journal(journal.parse_json(big_journal(system, size)), owner)


def in_another_process():
    """What a process that did not import the journal starts with: nothing kept, nothing cached."""
    states.forget_in_process()
    cache.clear()


@pytest.fixture
def states_pickled(monkeypatch):
    """The states written to Django's cache (the cache pickles what it keeps), by type."""
    written = []
    dumps = pickle.dumps

    def counted(value, *args, **kwargs):
        if type(value).__module__.startswith("campaigns.rules"):
            written.append(type(value).__name__)
        return dumps(value, *args, **kwargs)

    monkeypatch.setattr(locmem.pickle, "dumps", counted)
    return written


@pytest.mark.parametrize(("system", "size"), AT_THE_LIMITS)
def test_a_journal_at_the_limits_caches_one_state_and_its_first_pages_take_bounded_memory(
    client, owner, system, size, states_pickled
):
    """Importing ten times the games caches as many states (the state now: none per game).
    Each first page of the journal at the limits, in a process that did not import it
    (nothing kept, nothing cached: its journal read and folded), holds a bounded memory, and
    the overview asks as many queries as that of a journal a tenth its size."""
    campaigns, cached = {}, []
    for games in (size // 10, size):
        states_pickled.clear()
        campaigns[games] = imported(system, games, owner)
        cached.append(len(states_pickled))
    assert cached == [1, 1]  # before the fold kept one state: 51 and 501 for 50 and 500 games
    client.force_login(owner)
    overview = [count_queries(client, campaign.get_absolute_url(), cold=True) for campaign in campaigns.values()]
    assert overview[0] == overview[1]
    for page in FIRST_PAGES[system]:
        in_another_process()
        tracemalloc.start()
        try:
            response = client.get(reverse(page, args=[campaigns[size].slug]))
            assert response.status_code == 200
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        # When the fold kept a state per game, 500 Risk Legacy games held 1.2 GB here (a state per game).
        assert peak < 50 * MB, (page, peak // MB)  # 20 MB at most, all told
        # No page renders more than a page of games (a history of 500 games: 20 at a time).
        assert response.content.decode().count('<li class="game') <= 20, page


@pytest.mark.parametrize(("system", "pages"), [("risk-legacy", 3), ("dawnguard", 3)])
def test_a_long_history_is_paged_and_every_page_links_on(client, owner, system, pages):
    """Every game or sitting is on exactly one page, reached from the first by its links."""
    campaign = imported(system, {"risk-legacy": 50, "dawnguard": 48}[system], owner)
    client.force_login(owner)
    url = reverse("history", args=[campaign.slug])
    seen, html, visited = [], client.get(url).content.decode(), 0
    word = {"risk-legacy": "game", "dawnguard": "sitting"}[system]
    while True:
        visited += 1
        seen += [int(n) for n in re.findall(r'<li class="game" id="%s-(\d+)"' % word, html)]
        link = re.search(r'<a class="button small secondary" rel="(?:next|prev)" href="\?page=(\d+)#timeline">(?:Older games|Earlier sittings)</a>', html)
        if link is None:
            break
        html = client.get(url, {"page": link.group(1)}).content.decode()
    assert visited == pages and sorted(seen) == list(range(1, campaign.games_played + 1))


# "As of game n" from the store --------------------------------------------------------------


@pytest.mark.parametrize("data", [data for _, data in SHIPPED], ids=[name for name, _ in SHIPPED])
def test_the_store_gives_each_game_the_state_the_fold_used_to_keep(owner, data):
    rules, _, players, entries = journal.read(data, RULES)
    reference = reference_states(rules, players, entries)
    campaign = store.import_journal(data, owner)
    for number, then in reference.items():
        expected = rules.state_json(then)
        assert states.state_json(campaign, as_of=number) == expected, number  # the importing process
        in_another_process()
        fresh = Campaign.objects.get(pk=campaign.pk)
        assert states.state(fresh, as_of=number) == then, number  # another: folded from the database
        states.forget_in_process()
        assert states.state_json(fresh, as_of=number) == expected, number  # another: from the cache


def test_the_state_as_of_a_game_is_worked_out_once_per_process_and_journal_version(
    owner, django_assert_num_queries, states_pickled
):
    campaign = CampaignFactory(after=15, owner=owner)
    in_another_process()
    campaign = Campaign.objects.get(pk=campaign.pk)
    with django_assert_num_queries(2):  # the roster and the journal, read once
        states.state(campaign, as_of=3)
        states.state(campaign, as_of=9)
    states_pickled.clear()
    with django_assert_num_queries(0):
        assert states.state(campaign, as_of=3) == states.state(campaign, as_of=3)  # from the cache
    assert states_pickled == []  # nothing worked out again


@pytest.mark.parametrize("cold", [False, True], ids=["cached", "cold-cache"])
@pytest.mark.parametrize(("name", "parameter", "bound"), [("board", "game", 5), ("state_json", "as_of", 8)])
def test_a_page_as_of_a_game_queries_the_same_for_an_early_and_a_late_game(client, owner, cold, name, parameter, bound):
    campaign = CampaignFactory(after=15, owner=owner)
    client.force_login(owner)
    url = reverse(name, args=[campaign.slug])
    client.get(f"{url}?{parameter}=3")  # the journal read once (the import, never committed, kept none)
    counts = [count_queries(client, f"{url}?{parameter}={game}", cold=cold) for game in (0, 1, 8, 14)]
    assert len(set(counts)) == 1 and counts[0] <= bound
