"""The demo `make run` loads: its games are in the recent past, whatever today is."""

import datetime
import io

import pytest
from django.core.management import call_command
from django.utils import timezone

from campaigns import store
from campaigns.management.commands.load_demo import in_the_recent_past
from campaigns.models import Campaign


@pytest.mark.django_db
def test_the_demo_has_no_game_in_the_future():
    call_command("load_demo", stdout=io.StringIO())
    today = timezone.localdate()
    campaigns = Campaign.objects.filter(memberships__user__username="demo")
    assert campaigns.count() == 5
    for campaign in campaigns:
        games = store.export_journal(campaign)["games"]
        days = [datetime.date.fromisoformat(game["played_on"]) for game in games]
        assert max(days) <= today, campaign.name
        assert today - max(days) < datetime.timedelta(weeks=1), campaign.name


def test_the_games_move_by_whole_weeks_keeping_their_weekday_and_spacing():
    journal = {"games": [{"number": 1, "played_on": "2026-09-03"}, {"number": 2, "played_on": "2026-12-10"}]}
    moved = in_the_recent_past(journal, today=datetime.date(2026, 12, 1))
    assert [game["played_on"] for game in moved["games"]] == ["2026-08-20", "2026-11-26"]
    journal = {"games": [{"number": 1, "played_on": "2020-01-02"}]}
    long_ago = in_the_recent_past(journal, datetime.date(2026, 12, 1))
    assert long_ago["games"][0]["played_on"] == "2026-11-26"  # a Thursday, as 2 Jan 2020 was
