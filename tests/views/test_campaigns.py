import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from campaigns.models import Campaign, Membership

from ..conftest import load_journal


def upload(client, data, name="journal.json"):
    body = data if isinstance(data, bytes) else json.dumps(data).encode()
    return client.post(
        reverse("campaign_create"), {"import": "1", "journal": SimpleUploadedFile(name, body, "application/json")}
    )


def test_creating_a_campaign_makes_the_user_its_owner_with_a_readable_slug(client, owner):
    client.force_login(owner)
    response = client.post(
        reverse("campaign_create"),
        {"create": "1", "name": "Thursday Earth", "system": "risk-legacy", "players": "Ana, Ben\nCid"},
    )
    campaign = Campaign.objects.get()
    assert response["Location"] == campaign.get_absolute_url()
    assert campaign.slug == "thursday-earth"
    assert campaign.memberships.get().role == Membership.Role.OWNER
    assert list(campaign.players.values_list("name", flat=True)) == ["Ana", "Ben", "Cid"]


def test_a_second_campaign_with_the_same_name_gets_its_own_slug(client, owner, campaign):
    client.force_login(owner)
    client.post(reverse("campaign_create"), {"create": "1", "name": "Thursday Earth", "system": "dawnguard"})
    assert Campaign.objects.filter(slug="thursday-earth-2").exists()


def test_creating_needs_a_name_and_a_system(client, owner):
    client.force_login(owner)
    response = client.post(reverse("campaign_create"), {"create": "1", "name": "", "system": "chess"})
    assert response.status_code == 200
    assert set(response.context["form"].errors) == {"name", "system"}
    assert not Campaign.objects.exists()


def test_home_lists_the_users_campaigns_with_system_games_and_last_played(client, owner, risk_campaign, stranger):
    client.force_login(owner)
    html = client.get(reverse("home")).content.decode()
    assert risk_campaign.name in html
    assert "Risk Legacy" in html
    assert f"{risk_campaign.games_played} games" in html
    assert risk_campaign.last_played_on.strftime("%Y") in html
    client.force_login(stranger)
    assert risk_campaign.name not in client.get(reverse("home")).content.decode()


def test_uploading_a_journal_creates_the_campaign(client, owner):
    client.force_login(owner)
    response = upload(client, load_journal("risk_legacy_15_games.json"))
    campaign = Campaign.objects.get()
    assert response["Location"] == campaign.get_absolute_url()
    assert campaign.games_played == 15
    assert campaign.memberships.get().user == owner


def test_an_uploaded_journal_that_breaks_a_rule_is_refused_with_its_message_and_nothing_saved(client, owner):
    data = load_journal("risk_legacy_15_games.json")
    data["games"][0]["seats"][1]["faction"] = data["games"][0]["seats"][0]["faction"]
    client.force_login(owner)
    response = upload(client, data)
    assert response.status_code == 200
    errors = response.context["upload_form"].errors
    assert "game 1" in str(errors)
    assert not Campaign.objects.exists()


def test_an_uploaded_file_that_is_not_json_is_refused(client, owner):
    client.force_login(owner)
    response = upload(client, b"{not json")
    assert "not valid JSON" in response.content.decode()
    assert not Campaign.objects.exists()


def test_the_journal_download_gives_back_the_imported_journal(client, owner):
    original = load_journal("risk_legacy_15_games.json")
    client.force_login(owner)
    upload(client, original)
    campaign = Campaign.objects.get()
    response = client.get(reverse("journal_download", args=[campaign.slug]))
    assert response["Content-Disposition"].startswith("attachment")
    assert json.loads(response.content) == original


def test_state_json_is_the_campaign_state(client, owner, risk_campaign):
    client.force_login(owner)
    state = client.get(reverse("state_json", args=[risk_campaign.slug])).json()
    assert state["system"] == "risk-legacy"
    assert state["games_played"] == 15
    earlier = client.get(reverse("state_json", args=[risk_campaign.slug]), {"as_of": 3}).json()
    assert earlier["as_of_game"] == 3
    assert client.get(reverse("state_json", args=[risk_campaign.slug]), {"as_of": 99}).status_code == 400


@pytest.mark.parametrize("name", ["dawnguard_campaign.json", "risk_skyrim_plays.json", "captain_america_plays.json"])
def test_every_system_imports_and_shows_its_page(client, owner, name):
    client.force_login(owner)
    upload(client, load_journal(name))
    campaign = Campaign.objects.get()
    assert client.get(campaign.get_absolute_url()).status_code == 200
    assert client.get(reverse("state_json", args=[campaign.slug])).json()


def test_undo_takes_back_the_last_entry_and_records_who(client, owner, risk_campaign):
    client.force_login(owner)
    before = client.get(reverse("state_json", args=[risk_campaign.slug])).json()
    count = risk_campaign.entries.live().count()
    assert b"Undo it" in client.get(reverse("undo", args=[risk_campaign.slug])).content
    client.post(reverse("undo", args=[risk_campaign.slug]))
    assert risk_campaign.entries.live().count() == count - 1
    undone = risk_campaign.entries.exclude(undone_at=None).get()
    assert undone.undone_by == owner
    assert client.get(reverse("state_json", args=[risk_campaign.slug])).json() != before


def test_the_public_link_shows_the_campaign_read_only_and_can_be_revoked(client, owner, risk_campaign):
    client.force_login(owner)
    client.post(reverse("public_link", args=[risk_campaign.slug]), {"enable": "1"})
    risk_campaign.refresh_from_db()
    url = reverse("campaign_public", args=[risk_campaign.public_token])
    anonymous = client.__class__()
    page = anonymous.get(url)
    assert page.status_code == 200
    assert b"public link" in page.content
    assert b"Undo last entry" not in page.content
    client.post(reverse("public_link", args=[risk_campaign.slug]), {"enable": "0"})
    assert anonymous.get(url).status_code == 404


def test_the_public_link_is_off_by_default(client, campaign):
    assert campaign.public_token is None


def test_undo_goes_back_to_the_page_it_came_from_but_never_off_site(client, owner, risk_campaign):
    client.force_login(owner)
    url = reverse("undo", args=[risk_campaign.slug])
    table = reverse("table", args=[risk_campaign.slug])
    assert client.post(url, {"next": table})["Location"] == table
    assert client.post(url, {"next": "https://evil.example/"})["Location"] == risk_campaign.get_absolute_url()


def test_a_fresh_risk_legacy_campaign_says_its_board_is_clean(client, owner, campaign):
    client.force_login(owner)
    assert "The board is still clean." in client.get(campaign.get_absolute_url()).content.decode()


def test_the_overview_lists_the_marked_territories(client, owner, risk_campaign):
    client.force_login(owner)
    html = client.get(risk_campaign.get_absolute_url()).content.decode()
    assert "The board is still clean." not in html
    assert "Ironhold" in html
