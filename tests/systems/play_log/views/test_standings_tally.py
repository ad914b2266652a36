"""A play log's standings after a play is logged count that play, not the log again: its
standings tally is stored with the journal version it counted (StandingsTallyRecord), any
worker extends it by the plays the writes since logged (store.changes_since), and the page says
what it would say worked out over every play. A correction, a deletion, a play logged as played
before the latest, a name changed or a stored tally of another format works them out again."""

import re

import pytest
from django.core.cache import cache
from django.urls import reverse

from campaigns import registry, roster, states, stats, store
from campaigns.models import StandingsTallyRecord
from campaigns.rules import play_log
from campaigns.rules.base import Entry
from campaigns.systems.play_log import standings as standings_module

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


def _another_worker():
    """This process as another worker: its memo and cache empty (the database as it is)."""
    states.forget_in_process()
    cache.clear()


def _worked_out_whole(client, campaign) -> str:
    """The page worked out over every play, as before any tally was stored."""
    StandingsTallyRecord.objects.filter(campaign=campaign).delete()
    _another_worker()
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
    ["correction", "deletion", "played before the latest", "a name changed", "another format"],
)
@pytest.mark.parametrize("system", JOURNALS)
def test_any_other_change_works_the_standings_out_again(client, owner, worked_out, change, system, monkeypatch):
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
        monkeypatch.setattr(standings_module, "TALLY_FORMAT", standings_module.TALLY_FORMAT + 1)
    again = _standings(client, campaign)
    assert worked_out == [1, 1]
    assert again == _worked_out_whole(client, campaign)


@pytest.mark.parametrize("system", JOURNALS)
def test_another_worker_extends_the_stored_tally_by_the_play_logged(client, owner, worked_out, system):
    campaign = long_log(40, owner, system)
    client.force_login(owner)
    _standings(client, campaign)
    stored = StandingsTallyRecord.objects.get(campaign=campaign)
    assert stored.version == campaign.journal_version
    _log_next(campaign, owner)
    _another_worker()
    extended = _standings(client, campaign)
    assert worked_out == [1]  # the play logged counted, not the 41
    assert StandingsTallyRecord.objects.get(campaign=campaign).version == stored.version + 1
    assert extended == _worked_out_whole(client, campaign)


def test_a_stored_tally_holds_counts_not_plays(owner):
    """Its size grows by a few numbers a play (each player's wins after it), not by the play."""
    sizes = []
    for plays in (100, 400):
        campaign = long_log(plays, owner, "risk-skyrim")
        system = registry.system_of(campaign)
        record = stats.campaign_record(campaign.slug, campaign.name, system, states.state(campaign))
        tally = standings_module.StandingsTally(record)
        tally.standings()
        sizes.append(len(tally.stored()))
    # About 3 bytes a player a play (5 players): a play's journal entry is 20 times that.
    assert (sizes[1] - sizes[0]) / 300 < 40, sizes
