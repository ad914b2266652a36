"""The stats page is flat in the number of campaigns: what each campaign contributes
is worked out once per journal version and kept (campaigns/contributions.py), and the page over
500 campaigns neither holds 500 states at once nor works any out again. Bounds and counts only."""

import json
import os
import subprocess
import sys

import pytest
from django.urls import reverse

from campaigns import contributions, store
from campaigns.models import Campaign, CampaignSnapshot, CampaignStatsRecord, Membership, Player

from tests.conftest import RISK_LEGACY_15
from tests.factories import UserFactory
from tests.helpers import ROOT, _database_env
from tests.journal_files import load_journal

# 500 campaigns built: a whole-app check, in `make test` only.
pytestmark = pytest.mark.slow

CAMPAIGNS = 500


def _copies(original: Campaign, owner, count: int) -> list[Campaign]:
    """`count` more campaigns like `original` (its roster and snapshot), each of its own, saved
    in bulk, in seconds."""
    snapshot = CampaignSnapshot.objects.get(pk=original.pk)
    made = Campaign.objects.bulk_create(
        Campaign(
            name=f"{original.name} {n}", slug=f"{original.slug}-{n}", system=original.system,
            journal_version=original.journal_version, games_played=original.games_played,
            games_finished=original.games_finished, last_played_on=original.last_played_on,
            invite_token=f"invite-{n}-{original.pk}",
        )
        for n in range(count)
    )
    players = list(original.players.values_list("name", "position"))
    Membership.objects.bulk_create(
        Membership(campaign=campaign, user=owner, role=Membership.Role.OWNER) for campaign in made
    )
    Player.objects.bulk_create(
        Player(campaign=campaign, name=name, position=position) for campaign in made for name, position in players
    )
    # The journals are not copied: the page reads the writers' snapshots, never a journal (a
    # campaign with no snapshot is folded: tests/test_store.py), and 42,000 rows take long.
    CampaignSnapshot.objects.bulk_create(
        CampaignSnapshot(
            campaign=campaign, journal_version=snapshot.journal_version, state_format=snapshot.state_format,
            last_game=snapshot.last_game, state=snapshot.state,
        )
        for campaign in made
    )
    return made


WORKER = """
import json, sys
import django
django.setup()
from django.conf import settings
from django.test import Client
from django.test.utils import override_settings
from django.contrib.auth import get_user_model
from campaigns import contributions, states
override_settings(STORAGES={**settings.STORAGES, "staticfiles": {
    "BACKEND": "campaigns.web.static_files.KeptStaticFilesStorage"}}).enable()
client = Client()
client.force_login(get_user_model().objects.get(pk=int(sys.argv[1])))
def peak_kb():  # this process's peak resident memory (ru_maxrss would count the parent's at fork)
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
before = peak_kb()
answers = [client.get("/stats/").status_code for _ in range(2)]
print(json.dumps({
    "answers": answers, "before_kb": before, "peak_kb": peak_kb(),
    "worked_out": contributions.records_worked_out(), "applied": states.entries_applied(),
}))
"""


def _in_a_fresh_worker(user) -> dict:
    """A new process (as a gunicorn worker) serving /stats/ twice to `user`: its answers, its
    peak resident memory before and after, what it worked out and folded."""
    env = {**os.environ, **_database_env(), "DJANGO_DEBUG": "1", "CACHE_URL": ""}
    done = subprocess.run(
        [sys.executable, "-c", WORKER, str(user.pk)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.django_db(transaction=True)
def test_stats_over_500_campaigns_keep_each_campaigns_part_and_stay_small(client):
    owner = UserFactory()
    original = store.import_journal(load_journal(RISK_LEGACY_15), owner=owner)
    _copies(original, owner, CAMPAIGNS - 1)

    # A worker that never read these campaigns serves the page twice.
    worker = _in_a_fresh_worker(owner)
    assert worker["answers"] == [200, 200]
    assert worker["worked_out"] == CAMPAIGNS  # each campaign's part once, for both views
    assert worker["applied"] == 0  # from the writers' snapshots: nothing folded
    # One state at a time, never 500 (500 states of 15 games held at once were 390-450 MB).
    assert worker["peak_kb"] < 200 * 1024, worker
    # The next fresh worker (after a restart, on another app server) reads the 500 records
    # that one kept in the database: no state at all.
    again = _in_a_fresh_worker(owner)
    assert again["answers"] == [200, 200] and again["worked_out"] == 0 and again["applied"] == 0
    assert CampaignStatsRecord.objects.count() == CAMPAIGNS

    client.force_login(owner)
    url = reverse("stats")
    client.get(url)
    worked_out = contributions.records_worked_out()
    html = client.get(url).content.decode()
    assert contributions.records_worked_out() == worked_out  # the second view works none out
    assert "games 1–50 of 7500" in html and html.count('<td class="nowrap">') == 50  # one page
    assert "games 7451–7500 of 7500" in client.get(url, {"games": 150}).content.decode()

    # A write to one campaign: only its part is worked out again.
    store.undo_last(Campaign.objects.get(pk=original.pk), owner)
    client.get(url)
    assert contributions.records_worked_out() - worked_out == 1


@pytest.mark.parametrize("renamed", [False, True])
def test_a_campaigns_part_follows_its_name(client, owner, renamed):
    campaign = store.import_journal(load_journal(RISK_LEGACY_15), owner=owner)
    client.force_login(owner)
    client.get(reverse("stats"))
    if renamed:
        Campaign.objects.filter(pk=campaign.pk).update(name="Pangaea nights")
    html = client.get(reverse("stats")).content.decode()
    assert ("Pangaea nights" in html) == renamed
