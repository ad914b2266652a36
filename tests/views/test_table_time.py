"""The table's own dates: a campaign is in its table's time zone (the creating phone's, sent
by the form; changed on its page of care), and the day a form offers, "today" and the times
its pages show are the table's. At 06:59 UTC on 2 Dec it is still 1 Dec evening in Los Angeles."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from campaigns import care, registry
from campaigns.models import Campaign

from tests.conftest import load_journal
from tests.factories import CampaignFactory

EARLY_UTC = datetime.datetime(2026, 12, 2, 6, 59, tzinfo=datetime.UTC)


@pytest.fixture
def at_early_utc(monkeypatch):
    monkeypatch.setattr(timezone, "now", lambda: EARLY_UTC)


def test_a_new_campaign_takes_the_phone_s_time_zone_or_utc(client, owner):
    client.force_login(owner)
    form = {"create": "1", "name": "LA table", "system": "risk-skyrim", "players": "Ana, Ben"}
    client.post(reverse("campaign_create"), {**form, "time_zone": "America/Los_Angeles"})
    client.post(reverse("campaign_create"), {**form, "name": "No JS table"})
    client.post(reverse("campaign_create"), {**form, "name": "Odd table", "time_zone": "Mars/Olympus"})
    zones = dict(Campaign.objects.values_list("name", "time_zone"))
    assert zones == {"LA table": "America/Los_Angeles", "No JS table": "UTC", "Odd table": "UTC"}
    page = client.get(reverse("campaign_create")).content.decode()
    assert 'name="time_zone"' in page and "data-browser-zone" in page


def test_an_imported_journal_s_table_is_in_the_importing_phone_s_zone(client, owner):
    import json

    from django.core.files.uploadedfile import SimpleUploadedFile

    client.force_login(owner)
    body = json.dumps(load_journal("risk_skyrim_plays.json")).encode()
    client.post(reverse("campaign_create"), {"import": "1", "time_zone": "Europe/Paris",
                                             "journal": SimpleUploadedFile("j.json", body, "application/json")})
    assert Campaign.objects.get().time_zone == "Europe/Paris"


PLAY_LOGS = [system.key for system in registry.systems() if system.rules.state_as_of is not None]


@pytest.mark.parametrize("system", PLAY_LOGS)
def test_a_log_a_play_form_offers_the_table_s_day(client, owner, at_early_utc, system):
    url_name = "game_start"
    la = CampaignFactory(name="LA", system=system, owner=owner, players=["Ana", "Ben", "Cid", "Dee"])
    care.set_time_zone(la, "America/Los_Angeles")
    utc = CampaignFactory(name="London", system=system, owner=owner, players=["Ana", "Ben", "Cid", "Dee"])
    client.force_login(owner)
    la_form = client.get(reverse(url_name, args=[la.slug])).content.decode()
    utc_form = client.get(reverse(url_name, args=[utc.slug])).content.decode()
    assert 'value="2026-12-01"' in la_form and 'value="2026-12-02"' not in la_form
    assert 'value="2026-12-02"' in utc_form


def test_risk_legacy_s_game_start_offers_the_table_s_day(client, owner, at_early_utc):
    campaign = CampaignFactory(name="LA", owner=owner, after=1)
    care.set_time_zone(campaign, "America/Los_Angeles")
    client.force_login(owner)
    page = client.get(reverse("game_start", args=[campaign.slug])).content.decode()
    assert 'value="2026-12-01"' in page


def test_the_time_zone_is_changed_on_the_page_of_care_and_refused_when_unknown(client, owner):
    campaign = CampaignFactory(name="Table", owner=owner)
    client.force_login(owner)
    url = reverse("campaign_settings", args=[campaign.slug])
    refused = client.post(url, {"set_time_zone": "1", "time_zone": "Mars/Olympus"})
    assert "Choose the table&#x27;s time zone from the list." in refused.content.decode()
    assert Campaign.objects.get(pk=campaign.pk).time_zone == "UTC"
    done = client.post(url, {"set_time_zone": "1", "time_zone": "Asia/Tokyo"}, follow=True)
    assert "The table&#x27;s time zone is now Asia/Tokyo." in done.content.decode()
    assert Campaign.objects.get(pk=campaign.pk).time_zone == "Asia/Tokyo"


def test_the_next_request_is_back_in_utc(client, owner):
    campaign = CampaignFactory(name="Table", owner=owner)
    care.set_time_zone(campaign, "Asia/Tokyo")
    client.force_login(owner)
    client.get(campaign.get_absolute_url())
    assert timezone.get_current_timezone_name() == "UTC"
