"""A play log's standings after a play is logged count that play, not the log again: the
process keeps its standings tally and extends it by the plays the writes since logged
(store.changes_since), and the page says what it would say worked out over every play. A
correction, a deletion, a play logged as played before the latest, a name changed or another
worker works them out again."""

import re

import pytest
from django.core.cache import cache
from django.urls import reverse

from campaigns import roster, states, stats, store
from campaigns.rules import play_log
from campaigns.rules.base import Entry

from tests.systems.play_log.views.helpers import JOURNALS, long_log

PER_VIEW = re.compile(r'(name="csrfmiddlewaretoken" value=|"X-CSRFToken": |nonce=)"[^"]*"')


@pytest.fixture
def worked_out(monkeypatch):
    """How many times the standings were worked out over every play of a log."""
    counted = []
    real = stats.campaign_record
    monkeypatch.setattr(stats, "campaign_record", lambda *args: counted.append(1) or real(*args))
    return counted


def _standings(client, campaign) -> str:
    html = client.get(reverse("standings", args=[campaign.slug])).content.decode()
    return PER_VIEW.sub("", html)


def _worked_out_whole(client, campaign) -> str:
    """The page as a fresh process works it out, over every play."""
    states.forget_in_process()
    cache.clear()
    return _standings(client, campaign)


def _log_next(campaign, owner, played_on=None):
    games = store.export_journal(campaign)["games"]
    number = states.state(campaign).next_number
    play = {**games[-1], "number": number, **({"played_on": played_on} if played_on else {})}
    store.append(campaign, [Entry("game", play)], owner)
    return number


@pytest.mark.parametrize("system", JOURNALS)
def test_after_a_play_is_logged_the_standings_count_it_alone_and_read_as_worked_out_whole(
    client, owner, worked_out, system
):
    campaign = long_log(40, owner, system)
    client.force_login(owner)
    _standings(client, campaign)
    assert worked_out == [1]
    _log_next(campaign, owner)
    _log_next(campaign, owner)
    extended = _standings(client, campaign)
    assert worked_out == [1]  # the two plays counted, not the 42
    assert ">42<" in extended or "42 plays" in extended
    assert extended == _worked_out_whole(client, campaign)
    assert worked_out == [1, 1]


@pytest.mark.parametrize(
    "change",
    ["correction", "deletion", "played before the latest", "a name changed", "another worker"],
)
@pytest.mark.parametrize("system", JOURNALS)
def test_any_other_change_works_the_standings_out_again(client, owner, worked_out, change, system):
    campaign = long_log(40, owner, system)
    client.force_login(owner)
    _standings(client, campaign)
    if change == "correction":
        corrected = {**store.export_journal(campaign)["games"][9], "played_on": "2020-02-02"}
        store.append(campaign, [play_log.correction_entry(10, corrected)], owner)
    elif change == "deletion":
        store.append(campaign, [play_log.deletion_entry(12)], owner)
    elif change == "played before the latest":
        _log_next(campaign, owner, played_on="2020-01-01")
    elif change == "a name changed":
        roster.rename_player(campaign, campaign.players.get(name="Ana"), "Anna")
    else:
        _log_next(campaign, owner)
        states.forget_in_process()
    again = _standings(client, campaign)
    assert worked_out == [1, 1]
    assert again == _worked_out_whole(client, campaign)
