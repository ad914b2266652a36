"""The journal-aware campaign factory: a campaign of any system at any step of play, built
through the journal import (so the rules check every entry)."""

import pytest

from campaigns import registry
from campaigns.models import Membership

from tests.factories import CampaignFactory, UserFactory, reference_journal


@pytest.mark.django_db
@pytest.mark.parametrize("system", [system.key for system in registry.systems()])
def test_a_campaign_after_game_n_of_each_systems_reference_journal(system):
    owner = UserFactory()
    campaign = CampaignFactory(system=system, after=2, owner=owner, name=f"{system} at 2")
    assert campaign.system == system and campaign.name == f"{system} at 2"
    assert campaign.games_played == 2 and campaign.entries.filter(kind="game").count() == 2
    assert Membership.objects.get(campaign=campaign).user == owner


@pytest.mark.django_db
def test_a_bare_campaign_has_no_journal_yet():
    campaign = CampaignFactory(system="dawnguard", owner=UserFactory())
    assert campaign.games_played == 0 and not campaign.entries.exists()
    assert campaign.memberships.get().role == Membership.Role.OWNER


def test_the_reference_journal_keeps_the_world_only_once_every_game_is_in():
    assert "world" in reference_journal("risk-legacy", 15)
    assert "world" not in reference_journal("risk-legacy", 14)
    with pytest.raises(ValueError):
        reference_journal("risk-skyrim", 99)
