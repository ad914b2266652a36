import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from campaigns.models import Campaign, Membership

from tests.conftest import load_journal
from tests.factories import MembershipFactory, UserFactory


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


def test_the_owner_is_linked_to_their_own_roster_name_at_creation(client, owner):
    """The owner "olive" lists herself as "Olive": linked as the invite link would link her."""
    client.force_login(owner)
    response = client.post(
        reverse("campaign_create"),
        {"create": "1", "name": "Thursday Earth", "system": "dawnguard", "players": "Ana, Olive, Ben"},
        follow=True,
    )
    campaign = Campaign.objects.get()
    assert campaign.players.get(user=owner).name == "Olive"
    assert campaign.players.filter(user__isnull=False).count() == 1
    assert "Thursday Earth is ready: you play as Olive." in response.content.decode()


def test_an_owner_not_on_the_roster_is_linked_to_nobody(client, owner):
    client.force_login(owner)
    response = client.post(
        reverse("campaign_create"),
        {"create": "1", "name": "Thursday Earth", "system": "dawnguard", "players": "Ana, Ben"}, follow=True,
    )
    assert not Campaign.objects.get().players.filter(user__isnull=False).exists()
    assert "Thursday Earth is ready. Add your players" in response.content.decode()


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


def test_the_games_the_app_knows_come_from_the_registry_on_home_and_the_new_campaign_form(client, owner):
    from campaigns import registry

    labels = [system.label for system in registry.systems()]
    html = client.get(reverse("home")).content.decode()
    listed = html[html.index('class="systems"'):]
    listed = listed[: listed.index("</ul>")]
    assert [item.split("</li>")[0] for item in listed.split("<li>")[1:]] == labels
    client.force_login(owner)
    form = client.get(reverse("campaign_create")).context["form"]
    assert [label for _, label in form.fields["system"].choices] == labels
    assert [key for key, _ in form.fields["system"].choices] == [system.key for system in registry.systems()]


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


def last_entry(campaign):
    return campaign.entries.live().order_by("-position").first()


def test_undo_takes_back_the_last_entry_and_records_who(client, owner, risk_campaign):
    client.force_login(owner)
    before = client.get(reverse("state_json", args=[risk_campaign.slug])).json()
    count = risk_campaign.entries.live().count()
    page = client.get(reverse("undo", args=[risk_campaign.slug])).content.decode()
    assert "Undo it" in page
    assert f'name="entry" value="{last_entry(risk_campaign).pk}"' in page
    client.post(reverse("undo", args=[risk_campaign.slug]), {"entry": last_entry(risk_campaign).pk})
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
    table = reverse("play", args=[risk_campaign.slug])
    assert client.post(url, {"next": table, "entry": last_entry(risk_campaign).pk})["Location"] == table
    for elsewhere in ["https://evil.example/", "//evil.example/", "/\\evil.example/", "http://testserver/x", "javascript:alert(1)"]:
        response = client.post(url, {"next": elsewhere, "entry": last_entry(risk_campaign).pk})
        assert response["Location"] == risk_campaign.get_absolute_url(), elsewhere


def test_an_undo_whose_entry_is_no_longer_last_undoes_nothing_and_says_why(client, owner, risk_campaign):
    member = MembershipFactory(campaign=risk_campaign, user=UserFactory(username="mira")).user
    url = reverse("undo", args=[risk_campaign.slug])
    shown = last_entry(risk_campaign)
    client.force_login(member)
    client.post(url, {"entry": shown.pk})  # another phone confirmed the same undo first
    count = risk_campaign.entries.live().count()
    client.force_login(owner)
    response = client.post(url, {"entry": shown.pk}, follow=True)
    assert risk_campaign.entries.live().count() == count
    assert "Nothing was undone" in response.content.decode()
    assert "had already been undone by mira" in response.content.decode()


def test_an_undo_that_names_no_entry_undoes_nothing(client, owner, risk_campaign):
    client.force_login(owner)
    count = risk_campaign.entries.live().count()
    url = reverse("undo", args=[risk_campaign.slug])
    for entry in ({}, {"entry": "abc"}, {"entry": "1e3"}, {"entry": "²"}):
        response = client.post(url, entry, follow=True)
        assert response.status_code == 200
        assert "Nothing was undone" in response.content.decode()
    assert risk_campaign.entries.live().count() == count


@pytest.mark.parametrize("as_of", ["²", "٣", "1e3", "-1", "abc", "", "99"])
def test_state_json_refuses_an_as_of_that_is_not_a_game_number(client, owner, risk_campaign, as_of):
    client.force_login(owner)
    response = client.get(reverse("state_json", args=[risk_campaign.slug]), {"as_of": as_of})
    assert response.status_code == 400
    assert "as_of must be a game number" in response.json()["error"]


def test_a_41_character_player_name_is_a_form_error_not_a_500(client, owner):
    client.force_login(owner)
    response = client.post(
        reverse("campaign_create"), {"create": "1", "name": "Thursday Earth", "system": "risk-legacy", "players": "A" * 41}
    )
    assert response.status_code == 200
    assert "41 characters long; 40 at most" in str(response.context["form"].errors["players"])
    assert not Campaign.objects.exists()


def test_a_101_character_campaign_name_is_a_form_error_and_nothing_is_saved(client, owner):
    client.force_login(owner)
    response = client.post(
        reverse("campaign_create"), {"create": "1", "name": "N" * 101, "system": "risk-legacy", "players": "Ana"}
    )
    assert response.status_code == 200
    message = "At most 100 characters (this is 101)."
    assert response.context["form"].errors["name"] == [message]
    assert message in response.content.decode()
    assert not Campaign.objects.exists()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda j: j.update(name="N" * 300), "300 characters long; 100 at most"),
        (lambda j: j["players"].append("P" * 41), "41 characters long; 40 at most"),
        (lambda j: j["games"][0].update(comment="C" * 501), "game 1: &#x27;comment&#x27; is 501 characters long"),
        (lambda j: j["games"][0].update(comment="First\x00blood"), "NUL character"),
        (lambda j: j["games"][0].update(comment="\ud800"), "lone UTF-16 surrogate"),
    ],
)
def test_an_uploaded_journal_with_a_text_the_database_refuses_is_refused_first(client, owner, change, message):
    data = load_journal("risk_legacy_15_games.json")
    change(data)
    client.force_login(owner)
    response = upload(client, json.dumps(data).encode())  # ensure_ascii: a lone surrogate stays \ud800
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Campaign.objects.exists()


@pytest.mark.parametrize(
    ("name", "change", "message"),
    [
        (
            "risk_legacy_15_games.json",
            lambda j: j["games"][1]["events"].append({"type": "missiles", "count": 1_000_001}),
            "game 2: &#x27;count&#x27; is too large (1,000,000 at most)",
        ),
        (
            "dawnguard_campaign.json",
            lambda j: j["setup"]["fort_thresholds"].update(fort_dawnguard=[3, 5, 51]),
            "the Fort Dawnguard thresholds must be the stars printed on its card: "
            "no level of a fort card asks for more than 50",
        ),
    ],
)
def test_an_uploaded_journal_with_a_number_no_game_reaches_is_refused_and_nothing_saved(
    client, owner, name, change, message
):
    data = load_journal(name)
    change(data)
    client.force_login(owner)
    response = upload(client, data)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Campaign.objects.exists()


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"n": ' + b"7" * 5000 + b"}", "more than 4,300 digits"),
        (b'{"n": NaN}', "NaN"),
        (b'{"format": "campaign-journal/1", "system": "risk-legacy", "name": "\\ud800", "players": []}', "surrogate"),
    ],
)
def test_journal_bombs_are_refused_with_a_message(client, owner, body, message):
    client.force_login(owner)
    response = upload(client, body)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Campaign.objects.exists()


def test_a_journal_with_more_games_than_any_group_plays_is_refused_before_folding(client, owner, monkeypatch):
    from campaigns.rules import base, limits

    data = load_journal("risk_skyrim_plays.json")
    game = data["games"][0]
    data["games"] = [{**game, "number": n} for n in range(1, limits.PLAY_LOG_MAX_GAMES + 2)]
    monkeypatch.setattr(base, "extend", lambda *args: pytest.fail("folded a journal over the limit"))
    client.force_login(owner)
    response = upload(client, data)
    assert f"{limits.PLAY_LOG_MAX_GAMES + 1:,} games; a journal holds {limits.PLAY_LOG_MAX_GAMES:,} at most" in (
        response.content.decode()
    )
    assert not Campaign.objects.exists()


def test_an_upload_larger_than_a_journal_is_refused_before_its_body_is_read(client, owner):
    from campaigns.rules import limits

    client.force_login(owner)
    response = client.generic(
        "POST", reverse("campaign_create"), b"x" * 10,
        CONTENT_TYPE="multipart/form-data; boundary=xyz", CONTENT_LENGTH=str(limits.JOURNAL_MAX_BYTES * 10),
    )
    assert response.status_code == 413
    assert "4 MB at most" in response.content.decode()


def test_a_journal_file_over_the_byte_limit_is_refused_by_the_form(client, owner, settings):
    from campaigns.rules import limits

    client.force_login(owner)
    body = b" " * (limits.JOURNAL_MAX_BYTES + 1)
    response = upload(client, body)
    assert "a campaign journal is 4 MB at most" in response.content.decode()


@pytest.mark.parametrize(
    "name, said",
    [("dawnguard_campaign.json", r"was imported with \d+ sittings\."), ("risk_skyrim_plays.json", r"with \d+ plays\.")],
)
def test_an_import_counts_the_games_in_its_systems_words(client, owner, name, said):
    import re

    client.force_login(owner)
    page = client.get(upload(client, load_journal(name))["Location"]).content.decode()
    assert re.search(said, page)


def test_a_bg_stats_export_uploaded_as_a_journal_says_where_it_goes(client, owner):
    from tests.systems.play_log.views.helpers import bg_stats_file_of

    client.force_login(owner)
    response = upload(client, bg_stats_file_of("risk_skyrim_plays.json"))
    page = response.content.decode()
    assert "this is a BG Stats export, not a campaign journal" in page and "Bring in BG Stats plays" in page
    assert not Campaign.objects.exists()
