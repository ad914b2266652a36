"""A play log's overview asks the database the same number of queries for 5 plays as for 60
(cold or cached), corrections and deletions included: its cost is flat in the plays."""


import pytest
from django.urls import reverse

from campaigns import store
from campaigns.rules import play_log

from tests.query_counts import count_queries as queries
from tests.systems.play_log.views.helpers import JOURNALS, play_log_with


@pytest.mark.parametrize("cold", [False, True], ids=["cached", "cold-cache"])
@pytest.mark.parametrize("system", JOURNALS)
def test_the_overview_of_a_play_log_queries_the_same_for_5_and_60_plays(client, owner, system, cold):
    few, many = play_log_with(5, owner, system), play_log_with(60, owner, system)
    client.force_login(owner)
    counts = [queries(client, reverse("campaign_detail", args=[campaign.slug]), cold=cold) for campaign in (few, many)]
    assert counts[0] == counts[1] <= 8, counts


# -- the standings (SPEED review): worked out over every play, kept rendered per journal version
@pytest.mark.parametrize("cold", [False, True], ids=["cached", "cold-cache"])
def test_the_standings_query_the_same_for_5_and_60_plays(client, owner, cold):
    few, many = play_log_with(5, owner), play_log_with(60, owner)
    client.force_login(owner)
    counts = [queries(client, reverse("standings", args=[campaign.slug]), cold=cold) for campaign in (few, many)]
    # Session, user, membership (+ roster and journal, cold), the stored tally read, and the
    # tally stored for this version (an upsert in its own savepoint).
    assert counts[0] == counts[1] <= 8, counts


def test_the_kept_standings_are_worked_out_again_after_a_write(client, owner):
    campaign = play_log_with(60, owner)
    client.force_login(owner)
    url = reverse("standings", args=[campaign.slug])
    assert "<dt>Plays</dt><dd>59</dd>" in client.get(url).content.decode()  # play 3 deleted
    store.append(campaign, [play_log.deletion_entry(4)], owner)
    assert "<dt>Plays</dt><dd>58</dd>" in client.get(url).content.decode()
