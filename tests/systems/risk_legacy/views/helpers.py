"""Helpers the tests of this folder share (not test modules importing each other)."""

from django.urls import reverse

from campaigns import states
from campaigns.models import Campaign
from campaigns.rules import journal

from tests.conftest import load_journal
from tests.factories import CampaignFactory
from tests.journal_files import RULES

NAME = "risk_legacy_15_games.json"


def campaign_at(owner, stop_after):
    """The 15-game campaign's roster with its entries up to (and including) the first entry
    for which stop_after(entry) is true."""
    system, title, players, entries = journal.read(load_journal(NAME), RULES)
    stop = next(index for index, entry in enumerate(entries) if stop_after(entry))
    return CampaignFactory(name=title, system=system.KEY, owner=owner, players=players, entries=entries[: stop + 1])


def playing(owner):
    """Game 1 started, nothing logged yet."""
    return campaign_at(owner, lambda e: e.kind == "game")


def game_ended(owner):
    """Game 1 over, no reward yet: Ben won."""
    return campaign_at(owner, lambda e: e.kind == "game_end")


def state_now(campaign):
    """The state as the database has it now (the test's campaign object may be older)."""
    return states.state(Campaign.objects.get(pk=campaign.pk))


def post(client, name, campaign, data):
    return client.post(reverse(name, args=[campaign.slug]), data)


def entries(campaign):
    return campaign.entries.live().count()


def end_data(results, control=None):
    data = {f"result_{i}": result for i, result in enumerate(results)}
    if control is not None:
        data["log_control"] = "on"
        for i, territories in enumerate(control):
            data[f"control_{i}"] = territories
    return data


