"""The benches' own writes stay what the app accepts: `make load`'s simulated tap (a Captain
America play as its form sends it) is logged, not refused, so the capacity figure never comes
from a bench whose every tap fails."""

import pytest
from django.urls import reverse

from bench import load
from campaigns import store
from campaigns.models import Campaign

from tests.journal_files import load_journal


@pytest.mark.django_db
def test_the_load_benchs_tap_logs_a_play(client, owner):
    journal = load_journal("captain_america_plays.json")
    campaign = store.import_journal(journal, owner)
    client.force_login(owner)
    number = campaign.games_played + 1
    response = client.post(reverse("game_start", args=[campaign.slug]), load.play(number))
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Campaign.objects.get(pk=campaign.pk).games_played == number
