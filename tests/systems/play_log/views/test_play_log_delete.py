"""The "delete a play" page of the play logs (campaigns/systems/play_log/views/delete.py): a confirm
page and a plain POST (no JavaScript needed) that records a deletion entry; a play that is not
there is refused with the rule's words and nothing is saved."""

import pytest
from django.urls import reverse

from campaigns import states, store
from campaigns.models import Campaign, Membership
from campaigns.rules import play_log

from tests.conftest import load_journal
from tests.factories import MembershipFactory, UserFactory


@pytest.fixture(params=["risk_skyrim_plays.json", "captain_america_plays.json"], ids=["skyrim", "civil-war"])
def log(request, owner):
    return store.import_journal(load_journal(request.param), owner)


def delete_url(campaign, number):
    return reverse("play_delete", args=[campaign.slug, number])


def test_the_confirm_page_names_the_play_and_posts_without_javascript(client, owner, log):
    client.force_login(owner)
    response = client.get(delete_url(log, 1))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Delete play 1?" in html
    described = store.describe(log, "game", states.state(log).play_data(1))
    assert f"<strong>{described[0].upper()}{described[1:]}</strong>" in html
    assert '<form method="post">' in html and 'type="submit"' in html
    assert reverse("play_detail", args=[log.slug, 1]) in html


def test_deleting_a_play_records_a_deletion_and_the_others_keep_their_numbers(client, owner, log):
    plays = log.games_played
    client.force_login(owner)
    response = client.post(delete_url(log, 1), follow=True)
    assert response.redirect_chain[-1][0] == reverse("history", args=[log.slug])
    assert "Play 1 was deleted." in response.content.decode()
    entry = log.entries.live().order_by("-position").first()
    assert (entry.kind, entry.data, entry.recorded_by) == ("deletion", {"number": 1}, owner)
    state = states.state(Campaign.objects.get(pk=log.pk))
    assert [game.number for game in state.games] == list(range(2, plays + 1))


def test_a_play_that_is_not_there_is_refused_with_the_rule_and_nothing_is_saved(client, owner, log):
    client.force_login(owner)
    version = Campaign.objects.get(pk=log.pk).journal_version
    response = client.post(delete_url(log, 99))
    html = response.content.decode()
    assert response.status_code == 200
    assert f"Nothing was deleted: there is no play 99: the log has plays 1 to {log.games_played}." in html
    assert '<form method="post">' not in html
    assert not log.entries.filter(kind="deletion").exists()
    assert Campaign.objects.get(pk=log.pk).journal_version == version
    response = client.get(delete_url(log, 99))
    assert response.status_code == 404
    assert "there is no play 99" in response.content.decode()


def test_a_play_deleted_by_another_phone_first_is_refused(client, owner, log):
    store.append(log, [play_log.deletion_entry(2)], owner)
    client.force_login(owner)
    response = client.post(delete_url(log, 2))
    assert "Nothing was deleted: play 2 was deleted already." in response.content.decode()
    assert log.entries.filter(kind="deletion").count() == 1
    assert client.get(delete_url(log, 2)).status_code == 404


def test_undo_takes_a_deletion_back(client, owner, log):
    before = states.state_json(log)
    client.force_login(owner)
    client.post(delete_url(log, 1))
    undone = store.undo_last(Campaign.objects.get(pk=log.pk), owner)
    assert store.describe(log, undone.kind, undone.data) == "deletion of play 1"
    assert states.state_json(Campaign.objects.get(pk=log.pk)) == before


def test_viewers_may_not_delete_and_strangers_do_not_see_the_page(client, log):
    viewer = MembershipFactory(campaign=log, role=Membership.Role.VIEWER).user
    client.force_login(viewer)
    assert client.get(delete_url(log, 1)).status_code == 403
    assert client.post(delete_url(log, 1)).status_code == 403
    client.force_login(UserFactory())
    assert client.post(delete_url(log, 1)).status_code == 404
    assert not log.entries.filter(kind="deletion").exists()


def test_a_campaign_that_is_not_a_play_log_has_no_such_page(client, owner):
    campaign = store.import_journal(load_journal("risk_legacy_15_games.json"), owner)
    client.force_login(owner)
    assert client.get(delete_url(campaign, 1)).status_code == 404


def test_the_page_asks_the_same_queries_for_5_and_60_plays(client, owner, django_assert_max_num_queries):
    from tests.systems.play_log.views.helpers import play_log_with

    client.force_login(owner)
    counts = []
    for plays in (5, 60):
        campaign = play_log_with(plays, owner)
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as captured:
            assert client.get(delete_url(campaign, 4)).status_code == 200
        counts.append(len(captured))
    assert counts[0] == counts[1] <= 8


# Restoring a deleted play -----------------------------------------------------------------


def restore_url(campaign, number):
    return reverse("play_restore", args=[campaign.slug, number])


def test_a_deleted_play_is_restored_by_a_journal_entry_after_other_plays(client, owner, log):
    plays = log.games_played
    store.append(log, [play_log.deletion_entry(1)], owner)
    client.force_login(owner)
    page = client.get(reverse("play_detail", args=[log.slug, 1])).content.decode()
    assert f'action="{restore_url(log, 1)}"' in page and "Restore play 1</button>" in page
    response = client.post(restore_url(log, 1), follow=True)
    assert response.redirect_chain[-1][0] == reverse("play_detail", args=[log.slug, 1])
    html = response.content.decode()
    assert "Play 1 is restored: it counts again." in html and "Restored by" in html
    assert "Restore play 1</button>" not in html and "Delete this play" in html
    entry = log.entries.live().order_by("-position").first()
    assert (entry.kind, entry.data, entry.recorded_by) == ("restoration", {"number": 1}, owner)
    state = states.state(Campaign.objects.get(pk=log.pk))
    assert [game.number for game in state.games] == list(range(1, plays + 1))
    # The journal's export carries it (docs/journal.md, "Extensions").
    exported = store.export_journal(Campaign.objects.get(pk=log.pk))
    assert exported["play_corrections"][-2:] == [{"after_game": plays, "deleted": 1},
                                                 {"after_game": plays, "restored": 1}]


def test_restoring_a_play_that_is_not_deleted_is_refused_and_nothing_saved(client, owner, log):
    client.force_login(owner)
    before = log.entries.count()
    response = client.post(restore_url(log, 1), follow=True)
    assert "Play 1 is not deleted, so nothing was restored." in response.content.decode()
    assert log.entries.count() == before
    assert "Restore play 1</button>" not in response.content.decode()


def test_a_play_restored_by_another_phone_first_is_restored_once(client, owner, log):
    store.append(log, [play_log.deletion_entry(2), play_log.restoration_entry(2)], owner)
    client.force_login(owner)
    response = client.post(restore_url(log, 2), follow=True)
    assert "Play 2 is not deleted, so nothing was restored." in response.content.decode()
    assert log.entries.filter(kind="restoration").count() == 1


def test_a_get_on_restore_goes_to_the_play_and_no_play_is_a_404(client, owner, log):
    client.force_login(owner)
    response = client.get(restore_url(log, 1))
    assert response.status_code == 302 and response["Location"] == reverse("play_detail", args=[log.slug, 1])
    assert client.post(restore_url(log, 99)).status_code == 404


def test_viewers_may_not_restore_and_strangers_do_not_see_it(client, owner, log):
    store.append(log, [play_log.deletion_entry(1)], owner)
    viewer = MembershipFactory(campaign=log, role=Membership.Role.VIEWER).user
    client.force_login(viewer)
    assert client.post(restore_url(log, 1)).status_code == 403
    assert "Restore play 1" not in client.get(reverse("play_detail", args=[log.slug, 1])).content.decode()
    client.force_login(UserFactory())
    assert client.post(restore_url(log, 1)).status_code == 404
    assert not log.entries.filter(kind="restoration").exists()


def test_undo_takes_a_restoration_back(client, owner, log):
    store.append(log, [play_log.deletion_entry(1)], owner)
    before = states.state_json(Campaign.objects.get(pk=log.pk))
    client.force_login(owner)
    client.post(restore_url(log, 1))
    undone = store.undo_last(Campaign.objects.get(pk=log.pk), owner)
    assert store.describe(log, undone.kind, undone.data) == "restoration of play 1"
    assert states.state_json(Campaign.objects.get(pk=log.pk)) == before
