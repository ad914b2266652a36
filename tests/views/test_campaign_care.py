"""Looking after a campaign (campaigns/care.py, /campaigns/<slug>/settings/): the owner
renames, hands over, archives and deletes it (restorable for 30 days from the home page, then
gone); a member or viewer leaves it. Each refusal a sentence with nothing changed; a stranger
gets 404 and a member 403 on the owner's actions. Run on SQLite and PostgreSQL."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from campaigns import care, states, store
from campaigns.models import Campaign, Membership
from campaigns.rules.base import Entry

from tests.factories import CampaignFactory, MembershipFactory, UserFactory
from tests.query_counts import count_queries


def settings_url(campaign):
    return reverse("campaign_settings", args=[campaign.slug])


def act(client, campaign, action, **data):
    return client.post(settings_url(campaign), {action: "1", **data}, follow=True)


@pytest.fixture
def table(owner):
    campaign = CampaignFactory(name="Thursday Earth", owner=owner, after=3)
    ben = UserFactory(username="ben")
    membership = Membership.objects.create(campaign=campaign, user=ben, role=Membership.Role.MEMBER)
    return campaign, ben, membership


def fresh(campaign):
    return Campaign.objects.get(pk=campaign.pk)


def test_the_owner_renames_it_and_every_page_says_the_new_name(client, owner, table):
    campaign, _, _ = table
    client.force_login(owner)
    before = client.get(campaign.get_absolute_url()).content.decode()  # kept parts made
    assert "Thursday Earth" in before
    done = act(client, campaign, "rename", name="  Friday   Earth ")
    assert "The campaign is now called Friday Earth." in done.content.decode()
    assert fresh(campaign).name == "Friday Earth" and fresh(campaign).slug == campaign.slug
    page = client.get(campaign.get_absolute_url()).content.decode()
    assert "Friday Earth" in page and "Thursday Earth" not in page
    # The journal is the same: another process reads the snapshot, moved on with the version.
    states.forget_in_process()
    applied = states.entries_applied()
    assert states.state(fresh(campaign)).games_finished == 3
    assert states.entries_applied() == applied


@pytest.mark.parametrize(
    "name, said",
    [("", "Fill this in."), ("x" * 101, "At most 100 characters (this is 101)."),
     ("other table", "You already have a campaign called other table: choose another name.")],
)
def test_a_rename_refused_says_why_and_changes_nothing(client, owner, table, name, said):
    import html

    campaign, _, _ = table
    CampaignFactory(name="Other Table", owner=owner)
    client.force_login(owner)
    response = act(client, campaign, "rename", name=name)
    assert response.status_code == 200 and said in html.unescape(response.content.decode())
    assert fresh(campaign).name == "Thursday Earth"


def test_the_owner_hands_it_over_to_a_member_and_stays_a_member(client, owner, table):
    campaign, ben, membership = table
    client.force_login(owner)
    done = act(client, campaign, "hand_over", member=str(membership.pk))
    assert "ben owns Thursday Earth now; you are a member." in done.content.decode()
    roles = dict(campaign.memberships.values_list("user__username", "role"))
    assert roles == {owner.username: Membership.Role.MEMBER, "ben": Membership.Role.OWNER}
    assert act(client, campaign, "rename", name="Mine again").status_code == 403  # not the owner now


def test_a_hand_over_to_someone_outside_the_campaign_is_refused(client, owner, table):
    campaign, _, _ = table
    stranger_campaign = CampaignFactory(owner=UserFactory())
    outsider = Membership.objects.filter(campaign=stranger_campaign).get()
    client.force_login(owner)
    response = act(client, campaign, "hand_over", member=str(outsider.pk))
    assert response.status_code == 200 and "Select a valid choice" not in response.content.decode()
    assert fresh(campaign).memberships.get(role=Membership.Role.OWNER).user == owner


def test_a_member_leaves_and_their_roster_name_stays_a_name(client, owner, table):
    campaign, ben, membership = table
    campaign.players.filter(name="Ben").update(user=ben)
    client.force_login(ben)
    page = client.get(settings_url(campaign)).content.decode()
    assert "Leave Thursday Earth" in page and "Delete Thursday Earth" not in page
    done = act(client, campaign, "leave")
    assert "You left Thursday Earth." in done.content.decode()
    assert not campaign.memberships.filter(user=ben).exists()
    assert campaign.players.filter(name="Ben", user__isnull=True).exists()
    assert client.get(campaign.get_absolute_url()).status_code == 404


def test_the_owner_cannot_leave_before_handing_it_over(client, owner, table):
    campaign, _, _ = table
    client.force_login(owner)
    response = client.post(settings_url(campaign), {"leave": "1"})
    assert response.status_code == 200
    assert "hand it over to another member before you leave" in response.content.decode()
    assert campaign.memberships.filter(user=owner).exists()


def test_an_archived_campaign_is_read_only_and_out_of_the_lists_and_the_stats(client, owner, table):
    campaign, ben, _ = table
    client.force_login(owner)
    done = act(client, campaign, "archive")
    assert "is archived: read-only" in done.content.decode()
    home = client.get(reverse("home")).content.decode()
    archived_at = home.index('id="archived-title"')
    assert home.index("Thursday Earth") > archived_at  # listed apart
    assert "Thursday Earth" not in client.get(reverse("stats")).content.decode()
    overview = client.get(campaign.get_absolute_url()).content.decode()
    assert "Archived: read-only" in overview
    before = fresh(campaign).entries.count()
    scar = {"event_type": "scar", "scar-player": "Ana", "scar-territory": "Peru", "scar-scar": "Bunker"}
    assert client.post(reverse("event_add", args=[campaign.slug]), scar).status_code == 403
    client.force_login(ben)
    assert client.post(reverse("event_add", args=[campaign.slug]), scar).status_code == 403
    with pytest.raises(Exception):
        store.append(fresh(campaign), [Entry("event", {})])  # the rules still guard the journal
    assert fresh(campaign).entries.count() == before
    client.force_login(owner)
    act(client, campaign, "unarchive")
    assert fresh(campaign).archived_at is None
    assert "Thursday Earth" in client.get(reverse("stats")).content.decode()


def test_a_deleted_campaign_is_gone_restorable_for_30_days_then_purged(client, owner, table):
    campaign, ben, _ = table
    client.force_login(owner)
    refused = act(client, campaign, "delete", confirm_name="Thursday")
    assert "Type the campaign's name, Thursday Earth, to delete it." in refused.content.decode().replace("&#x27;", "'")
    assert fresh(campaign).deleted_at is None
    done = act(client, campaign, "delete", confirm_name="thursday earth")
    assert "Thursday Earth is deleted. You can restore it from your campaigns until" in done.content.decode()
    for user in (owner, ben):
        client.force_login(user)
        assert client.get(campaign.get_absolute_url()).status_code == 404
    client.force_login(ben)
    assert "Thursday Earth" not in client.get(reverse("home")).content.decode()  # not theirs to restore
    assert client.post(reverse("campaign_restore", args=[campaign.slug])).status_code == 404  # not theirs
    assert fresh(campaign).deleted_at is not None
    client.force_login(owner)
    home = client.get(reverse("home")).content.decode()
    assert "Restore Thursday Earth" in home
    restored = client.post(reverse("campaign_restore", args=[campaign.slug]), follow=True)
    assert "Thursday Earth is restored, as it was." in restored.content.decode()
    assert client.get(campaign.get_absolute_url()).status_code == 200

    care.delete(fresh(campaign), "Thursday Earth")
    Campaign.objects.filter(pk=campaign.pk).update(deleted_at=timezone.now() - care.DELETED_KEPT - timedelta(hours=1))
    call_command("purge_deleted_campaigns")
    assert not Campaign.objects.filter(pk=campaign.pk).exists()


def test_the_owner_s_actions_are_the_owner_s_and_a_stranger_gets_404(client, owner, table):
    campaign, ben, _ = table
    client.force_login(ben)
    for action, data in (("rename", {"name": "x"}), ("archive", {}), ("delete", {"confirm_name": "Thursday Earth"})):
        assert client.post(settings_url(campaign), {action: "1", **data}).status_code == 403
    client.force_login(UserFactory())
    assert client.get(settings_url(campaign)).status_code == 404
    assert client.post(settings_url(campaign), {"leave": "1"}).status_code == 404
    assert fresh(campaign).name == "Thursday Earth" and fresh(campaign).deleted_at is None


def test_the_list_is_searched_filtered_and_tells_twins_apart(client, owner):
    CampaignFactory(name="Friday Earth", owner=owner)
    CampaignFactory(name="Friday Earth", owner=owner)
    CampaignFactory(name="Skyrim nights", owner=owner, system="risk-skyrim", players=["Ana", "Ben"])
    client.force_login(owner)
    home = client.get(reverse("home")).content.decode()
    assert home.count("created ") == 2  # the two Friday Earths, each with its day
    found = client.get(reverse("home"), {"q": "sky"}).content.decode()
    assert "Skyrim nights" in found and "Friday Earth" not in found
    by_game = client.get(reverse("home"), {"game": "risk-skyrim"}).content.decode()
    assert "Skyrim nights" in by_game and "Friday Earth" not in by_game
    none = client.get(reverse("home"), {"q": "zzz"}).content.decode()
    assert "No campaign named like “zzz”" in none


def test_the_pages_are_bounded(client, owner, table):
    campaign, _, _ = table
    client.force_login(owner)
    assert count_queries(client, settings_url(campaign)) <= 8
    for n in range(3):
        MembershipFactory(campaign=CampaignFactory(owner=owner))
    assert count_queries(client, reverse("home")) <= 8


def test_an_account_owns_so_many_campaigns_and_imports_so_many_journals_an_hour(client, owner, monkeypatch):
    import json

    from django.core.cache import cache
    from django.core.files.uploadedfile import SimpleUploadedFile

    from campaigns.rules import limits

    from tests.conftest import load_journal

    cache.clear()
    monkeypatch.setattr(limits, "CAMPAIGNS_OWNED_MAX", 2)
    monkeypatch.setattr(limits, "IMPORTS_AN_HOUR", 1)
    client.force_login(owner)
    body = json.dumps(load_journal("risk_skyrim_plays.json")).encode()

    def upload():
        return client.post(reverse("campaign_create"), {
            "import": "1", "journal": SimpleUploadedFile("j.json", body, "application/json")})

    assert upload().status_code == 302
    again = upload()
    assert "You imported 1 journals in the last hour" in again.content.decode()
    create = {"create": "1", "name": "Second", "system": "risk-legacy", "players": "Ana, Ben"}
    assert client.post(reverse("campaign_create"), create).status_code == 302
    third = client.post(reverse("campaign_create"), {**create, "name": "Third"})
    assert "You own 2 campaigns, the most one account may" in third.content.decode()
    assert Campaign.objects.count() == 2
    cache.clear()


def test_the_stats_chooser_tells_same_name_campaigns_apart(client, owner):
    CampaignFactory(name="Friday Earth", owner=owner, after=1)
    CampaignFactory(name="Friday Earth", owner=owner, after=1)
    CampaignFactory(name="Alone", owner=owner, after=1)
    client.force_login(owner)
    page = client.get(reverse("stats")).content.decode()
    assert page.count(">Friday Earth (created ") == 2 and ">Alone</option>" in page
