"""Back to before game N (campaigns/going_back.py, /campaigns/<slug>/back/): the preview lists
what would go in players' words; confirmed, the campaign is as it was before game N, what went
set aside, restorable whole while nothing was recorded since, and downloadable as the journal it
was; a point that does not exist or a preview another phone made stale is refused, nothing done."""

import json

import pytest
from django.urls import reverse

from campaigns import going_back, states, store
from campaigns.models import Campaign, Membership

from tests.conftest import load_journal
from tests.factories import CampaignFactory, UserFactory
from tests.query_counts import count_queries


@pytest.fixture
def fifteen(owner):
    return store.import_journal(load_journal("risk_legacy_15_games.json"), owner=owner)


def back_url(campaign):
    return reverse("go_back", args=[campaign.slug])


def fresh(campaign):
    return Campaign.objects.get(pk=campaign.pk)


def test_going_back_to_before_game_7_then_restoring_it_whole(client, owner, fifteen):
    whole = store.export_journal(fifteen)
    client.force_login(owner)
    history = client.get(reverse("history", args=[fifteen.slug])).content.decode()
    assert back_url(fifteen) in history
    preview = client.get(back_url(fifteen), {"before": 7}).content.decode()
    assert "Before game 7: what would go" in preview and "9 games (7, 8, 9, 10, 11, 12, 13, 14, 15)" in preview
    assert "Game 7:" in preview
    version = fresh(fifteen).journal_version
    done = client.post(back_url(fifteen), {"go": "1", "before": "7", "version": str(version)}, follow=True)
    assert "The campaign is as it was before game 7." in done.content.decode()
    assert fresh(fifteen).games_played == 6
    assert store.export_journal(fresh(fifteen))["games"] == whole["games"][:6]
    assert states.state(fresh(fifteen)).games_finished == 6

    download = client.get(back_url(fifteen), {"download": "1"})
    assert json.loads(download.content) == whole
    page = client.get(back_url(fifteen)).content.decode()
    assert "Set aside" in page and "Restore it whole" in page
    restored = client.post(back_url(fifteen), {"restore": "1"}, follow=True)
    assert "Restored what going back set aside" in restored.content.decode()
    assert store.export_journal(fresh(fifteen)) == whole


def test_after_something_is_recorded_what_was_set_aside_is_only_downloadable(client, owner, fifteen):
    from campaigns.rules.base import Entry

    whole = store.export_journal(fifteen)
    going_back.go_back(fifteen, owner, 15)
    opening = going_back.set_aside(fresh(fifteen)).entries[0]
    store.append(fresh(fifteen), [Entry(opening.kind, opening.data)], owner)  # game 15 started again
    kept = going_back.set_aside(fresh(fifteen))
    assert kept is not None and not kept.restorable
    client.force_login(owner)
    refused = client.post(back_url(fifteen), {"restore": "1"})
    assert refused.status_code == 200 and "download it as a journal instead" in refused.content.decode()
    assert json.loads(client.get(back_url(fifteen), {"download": "1"}).content)["games"] == whole["games"]


def test_a_point_that_does_not_exist_or_a_stale_preview_changes_nothing(client, owner, fifteen):
    client.force_login(owner)
    before = store.export_journal(fifteen)
    missing = client.post(back_url(fifteen), {"go": "1", "before": "99"})
    assert "There is no game 99 to go back before." in missing.content.decode()
    seen = fresh(fifteen).journal_version - 1  # a preview made before another phone's entry
    stale = client.post(back_url(fifteen), {"go": "1", "before": "7", "version": str(seen)})
    assert "Another phone recorded meanwhile" in stale.content.decode()
    assert store.export_journal(fresh(fifteen)) == before


def test_a_play_log_goes_back_to_before_play_n(client, owner):
    log = store.import_journal(load_journal("risk_skyrim_plays.json"), owner=owner)
    client.force_login(owner)
    preview = client.get(back_url(log), {"before": 5}).content.decode()
    assert "Before play 5: what would go" in preview
    client.post(back_url(log), {"go": "1", "before": "5", "version": str(fresh(log).journal_version)})
    assert [game.number for game in states.state(fresh(log)).games] == [1, 2, 3, 4]


def test_viewers_see_it_and_cannot_go_back_strangers_get_404(client, owner, fifteen):
    viewer = UserFactory()
    Membership.objects.create(campaign=fifteen, user=viewer, role=Membership.Role.VIEWER)
    client.force_login(viewer)
    page = client.get(back_url(fifteen), {"before": 7}).content.decode()
    assert "Go back to before game 7</button>" not in page
    assert client.post(back_url(fifteen), {"go": "1", "before": "7"}).status_code == 403
    client.force_login(UserFactory())
    assert client.get(back_url(fifteen)).status_code == 404
    assert fresh(fifteen).games_played == 15


def test_the_page_is_bounded(client, owner, fifteen):
    client.force_login(owner)
    small = CampaignFactory(name="Small", owner=owner, after=2)
    few = count_queries(client, back_url(small) + "?before=1")
    assert count_queries(client, back_url(fifteen) + "?before=1") == few <= 12


def test_a_tap_made_against_the_state_before_going_back_is_told_the_campaign_moved_on(client, owner):
    """Game 6 was under way on Ben's phone; Olive went back to before game 6: Ben's scar tap
    (online or from the queue) is answered "moved on", and nothing is recorded."""
    from campaigns.web import outcome

    from tests.factories import opened

    campaign = CampaignFactory(name="Table", owner=owner, after=5, until=opened)
    going_back.go_back(campaign, owner, 6)
    before = fresh(campaign).entries.live().count()
    client.force_login(owner)
    scar = {"event_type": "scar", "scar-player": "Ana", "scar-territory": "Peru", "scar-scar": "Bunker",
            "tap": "a-tap-from-before-going-back"}
    response = client.post(reverse("event_add", args=[campaign.slug]), scar, **{outcome.QUEUE_HEADER: "1"})
    assert response[outcome.HEADER] == outcome.MOVED_ON
    assert fresh(campaign).entries.live().count() == before


def test_the_preview_of_a_long_log_reads_a_page_not_the_journal(client, owner):
    """Going back to before play 2 of a 300-play log names 60 entries and counts the rest,
    in the same few queries as for a short log."""
    from tests.systems.play_log.views.helpers import skyrim_log

    log = store.import_journal(skyrim_log(300), owner=owner)
    client.force_login(owner)
    page = client.get(back_url(log), {"before": 2}).content.decode()
    assert "Before play 2: what would go" in page and "299 entries" in page and "And 239 more." in page
    short = store.import_journal(skyrim_log(5, name="Short log"), owner=owner)
    few = count_queries(client, back_url(short) + "?before=2")
    assert count_queries(client, back_url(log) + "?before=2") == few


def test_a_long_log_types_the_play_to_go_back_to_a_short_one_chooses_it(client, owner):
    from campaigns.views.going_back import GAMES_LISTED

    from tests.systems.play_log.views.helpers import skyrim_log

    client.force_login(owner)
    long = store.import_journal(skyrim_log(GAMES_LISTED + 1), owner=owner)
    page = client.get(back_url(long)).content.decode()
    assert '<input id="go-back-before" name="before" type="number"' in page and "<option" not in page
    assert f'max="{GAMES_LISTED + 1}"' in page
    short = store.import_journal(skyrim_log(GAMES_LISTED, name="Short log"), owner=owner)
    assert client.get(back_url(short)).content.decode().count("<option") == GAMES_LISTED
