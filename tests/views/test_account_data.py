"""Download my data (every campaign I belong to as its journal, and my account, in one file)
and Delete my account (with my password: each campaign I own handed to a member I choose or
deleted with me; my roster names stay in the journals as names)."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from campaigns import store
from campaigns.models import Campaign, Membership

from tests.factories import CampaignFactory, UserFactory
from tests.query_counts import count_queries

PASSWORD = "correct horse battery"


@pytest.fixture
def olive_s(db):
    olive, ben = UserFactory(username="olive", email="olive@example.org"), UserFactory(username="ben")
    mine = CampaignFactory(name="Thursday Earth", owner=olive, after=2)
    mine.players.filter(name="Ana").update(user=olive)
    Membership.objects.create(campaign=mine, user=ben, role=Membership.Role.MEMBER)
    alone = CampaignFactory(name="Solo table", owner=olive)
    theirs = CampaignFactory(name="Ben's table", owner=ben)
    Membership.objects.create(campaign=theirs, user=olive, role=Membership.Role.VIEWER)
    return olive, ben, mine, alone, theirs


def test_my_data_is_every_campaign_i_belong_to_as_its_journal(client, olive_s):
    olive, _, mine, alone, theirs = olive_s
    CampaignFactory(name="Stranger's", owner=UserFactory())
    client.force_login(olive)
    response = client.get(reverse("my_data"))
    assert response["Content-Disposition"] == 'attachment; filename="legacy-ledger-olive.json"'
    data = json.loads(response.content)
    assert data["format"] == "legacy-ledger-account/1"
    assert data["account"] == {"username": "olive", "email": "olive@example.org", "joined": data["account"]["joined"]}
    by_name = {campaign["journal"]["name"]: campaign for campaign in data["campaigns"]}
    assert set(by_name) == {"Thursday Earth", "Solo table", "Ben's table"}
    assert by_name["Thursday Earth"]["journal"] == store.export_journal(mine)
    assert (by_name["Thursday Earth"]["role"], by_name["Thursday Earth"]["roster_name"]) == ("owner", "Ana")
    assert by_name["Ben's table"]["role"] == "viewer"
    # Each journal imports again as it was.
    again = store.import_journal(by_name["Thursday Earth"]["journal"], owner=UserFactory())
    assert store.export_journal(again)["games"] == store.export_journal(mine)["games"]


def test_deleting_my_account_hands_over_or_deletes_what_i_own_and_keeps_my_names(client, olive_s):
    olive, ben, mine, alone, theirs = olive_s
    client.force_login(olive)
    page = client.get(reverse("account_delete")).content.decode()
    assert "You own 2 campaigns" in page and "Thursday Earth: who owns it after you" in page
    ben_membership = mine.memberships.get(user=ben)
    wrong = client.post(reverse("account_delete"), {"password": "nope", f"campaign_{mine.pk}": ben_membership.pk,
                                                     f"campaign_{alone.pk}": "delete"})
    assert "That is not your password." in wrong.content.decode()
    unsaid = client.post(reverse("account_delete"), {"password": PASSWORD, f"campaign_{alone.pk}": "delete"})
    assert "Choose one." in unsaid.content.decode()
    assert get_user_model().objects.filter(username="olive").exists()

    done = client.post(reverse("account_delete"), {"password": PASSWORD, f"campaign_{mine.pk}": str(ben_membership.pk),
                                                    f"campaign_{alone.pk}": "delete"}, follow=True)
    assert "Your account is deleted." in done.content.decode()
    assert not get_user_model().objects.filter(username="olive").exists()
    assert mine.memberships.get(user=ben).role == Membership.Role.OWNER
    assert mine.players.filter(name="Ana", user__isnull=True).exists()  # the name stays, unlinked
    assert not Campaign.objects.filter(pk=alone.pk).exists()
    assert Campaign.objects.filter(pk=theirs.pk).exists()
    assert client.get(reverse("account")).status_code == 302  # signed out


def test_a_campaign_cannot_be_handed_to_someone_outside_it(client, olive_s):
    olive, _, mine, alone, theirs = olive_s
    outsider = theirs.memberships.get(role=Membership.Role.OWNER)
    client.force_login(olive)
    response = client.post(reverse("account_delete"), {"password": PASSWORD, f"campaign_{mine.pk}": str(outsider.pk),
                                                        f"campaign_{alone.pk}": "delete"})
    assert response.status_code == 200
    assert get_user_model().objects.filter(username="olive").exists() and Campaign.objects.filter(pk=alone.pk).exists()


def test_the_pages_are_for_the_signed_in_and_bounded(client, olive_s):
    olive, *_ = olive_s
    for name in ("my_data", "account_delete"):
        assert client.get(reverse(name)).status_code == 302
    client.force_login(olive)
    assert count_queries(client, reverse("account_delete")) <= 8
