import pytest
from django.urls import reverse

from campaigns import roster, store
from campaigns.rules.base import RuleError

from tests.factories import PlayerFactory


def test_a_member_adds_a_player(client, campaign, member):
    client.force_login(member)
    response = client.post(reverse("roster", args=[campaign.slug]), {"name": "Ana"})
    assert response.status_code == 302
    assert list(campaign.players.values_list("name", flat=True)) == ["Ana"]


def test_a_name_already_on_the_roster_is_refused_beside_the_field(client, campaign, member):
    PlayerFactory(campaign=campaign, name="Ana")
    client.force_login(member)
    response = client.post(reverse("roster", args=[campaign.slug]), {"name": "ana"})
    assert response.status_code == 200
    assert response.context["add_form"].errors["name"] == ["ana is already on the roster."]
    assert campaign.players.count() == 1


def test_renaming_a_player_renames_them_in_the_journal(client, owner, risk_campaign):
    first = risk_campaign.players.first()
    old = first.name
    client.force_login(owner)
    client.post(reverse("player_rename", args=[risk_campaign.slug, first.pk]), {f"p{first.pk}-name": "Zora"})
    journal = store.export_journal(risk_campaign)
    assert "Zora" in journal["players"] and old not in journal["players"]
    assert old not in str(journal["games"])
    assert any(seat["player"] == "Zora" for game in journal["games"] for seat in game["seats"])


def test_a_player_who_played_cannot_be_deleted(client, owner, risk_campaign):
    first = risk_campaign.players.first()
    client.force_login(owner)
    response = client.post(reverse("player_delete", args=[risk_campaign.slug, first.pk]), follow=True)
    assert b"has played in this campaign" in response.content
    assert risk_campaign.players.filter(pk=first.pk).exists()


def test_a_player_who_never_played_can_be_deleted(client, owner, campaign):
    player = PlayerFactory(campaign=campaign, name="Ana")
    client.force_login(owner)
    client.post(reverse("player_delete", args=[campaign.slug, player.pk]))
    assert not campaign.players.exists()


def test_a_roster_name_can_be_linked_to_a_members_account(client, owner, campaign, member, stranger):
    player = PlayerFactory(campaign=campaign, name="Mira")
    client.force_login(owner)
    client.post(reverse("player_link", args=[campaign.slug, player.pk]), {"user": member.pk})
    player.refresh_from_db()
    assert player.user == member
    client.post(reverse("player_link", args=[campaign.slug, player.pk]), {"user": stranger.pk})
    player.refresh_from_db()
    assert player.user == member


@pytest.mark.parametrize("user", ["abc", "1e3", "²", "-1", "9" * 5000, "99999999"])
def test_linking_to_something_that_is_not_a_members_id_is_a_400_with_a_message(client, owner, campaign, member, user):
    player = PlayerFactory(campaign=campaign, name="Mira")
    client.force_login(owner)
    response = client.post(reverse("player_link", args=[campaign.slug, player.pk]), {"user": user})
    assert response.status_code == 400
    assert "Only a member of this campaign can be linked" in response.content.decode()
    player.refresh_from_db()
    assert player.user is None


@pytest.mark.parametrize("url_name", ["roster", "player_rename"])
def test_a_player_name_over_the_limit_or_with_a_nul_is_refused_beside_the_field(client, owner, campaign, url_name):
    player = PlayerFactory(campaign=campaign, name="Ana")
    client.force_login(owner)
    if url_name == "roster":
        url, field = reverse("roster", args=[campaign.slug]), "name"
    else:
        url, field = reverse("player_rename", args=[campaign.slug, player.pk]), f"p{player.pk}-name"
    long = client.post(url, {field: "A" * 41})
    assert long.status_code == 200
    assert "at most 40 characters" in long.content.decode().lower() or "40 at most" in long.content.decode()
    nul = client.post(url, {field: "An\x00a"})
    assert nul.status_code == 200
    assert sorted(campaign.players.values_list("name", flat=True)) == ["Ana"]


def test_the_store_refuses_a_41_character_name_from_any_caller(campaign):
    with pytest.raises(RuleError, match="41 characters long; 40 at most"):
        roster.add_player(campaign, "A" * 41)
    assert not campaign.players.exists()


def test_the_game_starts_inline_new_player_over_the_limit_is_a_form_error(client, owner, campaign):
    client.force_login(owner)
    response = client.post(
        reverse("game_start", args=[campaign.slug]), {"new_player": "B" * 41, "add_player": "1"}
    )
    assert response.status_code == 200
    assert "41 characters long; 40 at most" in str(response.context["new_player_form"].errors)
    assert not campaign.players.exists()
