from django.urls import reverse

from campaigns.models import Membership


def test_joining_with_the_invite_link_makes_a_member(client, campaign, stranger):
    client.force_login(stranger)
    url = reverse("join", args=[campaign.invite_token])
    assert campaign.name.encode() in client.get(url).content
    response = client.post(url)
    assert response["Location"] == campaign.get_absolute_url()
    assert campaign.memberships.get(user=stranger).role == Membership.Role.MEMBER


def test_the_join_link_asks_an_anonymous_visitor_to_log_in_first(client, campaign):
    response = client.get(reverse("join", args=[campaign.invite_token]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_a_regenerated_invite_link_replaces_the_old_one(client, owner, campaign, stranger):
    old = campaign.invite_token
    client.force_login(owner)
    client.post(reverse("invite_regenerate", args=[campaign.slug]))
    campaign.refresh_from_db()
    assert campaign.invite_token != old
    client.force_login(stranger)
    assert client.get(reverse("join", args=[old])).status_code == 404


def test_the_owner_sees_the_invite_link_and_a_member_does_not(client, owner, member, campaign):
    client.force_login(owner)
    assert campaign.invite_token in client.get(reverse("members", args=[campaign.slug])).content.decode()
    client.force_login(member)
    assert campaign.invite_token not in client.get(reverse("members", args=[campaign.slug])).content.decode()


def test_the_owner_changes_a_role_and_removes_a_member(client, owner, member, campaign):
    membership = campaign.memberships.get(user=member)
    client.force_login(owner)
    client.post(reverse("member_role", args=[campaign.slug, membership.pk]), {"role": "viewer"})
    membership.refresh_from_db()
    assert membership.role == "viewer"
    client.post(reverse("member_remove", args=[campaign.slug, membership.pk]))
    assert not campaign.memberships.filter(user=member).exists()


def test_the_last_owner_cannot_step_down(client, owner, campaign):
    membership = campaign.memberships.get(user=owner)
    client.force_login(owner)
    response = client.post(reverse("member_role", args=[campaign.slug, membership.pk]), {"role": "member"}, follow=True)
    assert b"needs an owner" in response.content
    membership.refresh_from_db()
    assert membership.role == "owner"


def test_a_removed_member_gets_404(client, owner, member, campaign):
    membership = campaign.memberships.get(user=member)
    client.force_login(owner)
    client.post(reverse("member_remove", args=[campaign.slug, membership.pk]))
    client.force_login(member)
    assert client.get(campaign.get_absolute_url()).status_code == 404


def test_joining_offers_the_roster_name_that_matches_the_account_to_link_in_one_tap(client, campaign, stranger):
    from tests.factories import PlayerFactory

    player = PlayerFactory(campaign=campaign, name="Stan")  # the stranger's username is "stan"
    PlayerFactory(campaign=campaign, name="Ana")
    client.force_login(stranger)
    url = reverse("join", args=[campaign.invite_token])
    page = client.get(url).content.decode()
    assert "Join as Stan" in page and f'name="player" value="{player.pk}"' in page
    response = client.post(url, {"player": player.pk}, follow=True)
    assert "You play as Stan" in response.content.decode()
    player.refresh_from_db()
    assert player.user == stranger
    assert campaign.memberships.get(user=stranger).role == Membership.Role.MEMBER


def test_joining_without_the_offered_name_links_nothing(client, campaign, stranger):
    from tests.factories import PlayerFactory

    player = PlayerFactory(campaign=campaign, name="stan")
    client.force_login(stranger)
    client.post(reverse("join", args=[campaign.invite_token]))
    player.refresh_from_db()
    assert player.user is None
    assert campaign.memberships.filter(user=stranger).exists()


def test_a_name_already_linked_to_someone_else_is_not_offered(client, campaign, stranger, member):
    from tests.factories import PlayerFactory

    PlayerFactory(campaign=campaign, name="Stan", user=member)
    client.force_login(stranger)
    page = client.get(reverse("join", args=[campaign.invite_token])).content.decode()
    assert "Join as" not in page and "Join the campaign" in page
