"""One count of games on every page: the overview, the public page, Play, the home list and an
invitation say the same thing, and a game in progress is not yet a game played."""

import re

import pytest
from django.urls import reverse

from campaigns import states, store
from campaigns.models import new_token
from campaigns.templatetags.game_count import games_played

from tests.conftest import load_journal
from tests.factories import CampaignFactory, UserFactory, opened

GAME = re.compile(r"\b\d+ games? played|No game (?:played|finished) yet|game \d+ in progress|before tonight|\b\d+ games?\b", re.I)


def public_campaign_after(owner, games, *, until=None):
    """The campaign after `games` games (CampaignFactory), with a public link (the public page
    says the count too)."""
    campaign = CampaignFactory(after=games, until=until, owner=owner)
    campaign.public_token = new_token()
    campaign.save(update_fields=["public_token"])
    return campaign


def counts_on_every_page(client, campaign):
    """The count of games as each page words it."""
    pages = {
        "overview": reverse("campaign_detail", args=[campaign.slug]),
        "public": reverse("campaign_public", args=[campaign.public_token]),
        "play": reverse("play", args=[campaign.slug]),
        "home": reverse("home"),
    }
    said = {}
    for name, url in pages.items():
        html = client.get(url).content.decode()
        subtitle = re.search(r'<p class="subtitle">(.*?)</p>', html, re.S) if name != "home" else None
        text = subtitle.group(1) if subtitle else re.search(r'class="campaign-meta">(.*?)</span>\s*</a>', html, re.S).group(1)
        said[name] = GAME.findall(re.sub(r"<[^>]+>", " ", text))
    return said


@pytest.fixture
def as_owner(client, owner):
    client.force_login(owner)
    return client


def test_during_game_5_every_page_says_4_games_played_and_game_5_in_progress(as_owner, owner):
    campaign = public_campaign_after(owner, 4, until=opened)
    said = counts_on_every_page(as_owner, campaign)
    # Play says the same count; its status card just below says which game is on.
    assert said == dict.fromkeys(said, ["4 games played", "game 5 in progress"]) | {"play": ["4 games played"]}
    play = as_owner.get(reverse("play", args=[campaign.slug])).content.decode()
    assert re.search(r'class="phase-label">\s*Game 5 in progress', play)


def test_during_game_1_no_page_counts_it_as_played(as_owner, owner):
    campaign = public_campaign_after(owner, 0, until=opened)
    said = counts_on_every_page(as_owner, campaign)
    # Play's status card says game 1 is on: its header says none is over yet, not "none played".
    assert said == dict.fromkeys(said, ["Game 1 in progress"]) | {"play": ["No game finished yet"]}


def test_between_games_every_page_says_the_same(as_owner, owner):
    said = counts_on_every_page(as_owner, public_campaign_after(owner, 1))
    assert said == dict.fromkeys(said, ["1 game played"])
    said = counts_on_every_page(as_owner, public_campaign_after(owner, 15))
    assert said == dict.fromkeys(said, ["15 games played"])


def test_an_invitation_gives_the_same_count(client, owner):
    campaign = public_campaign_after(owner, 4, until=opened)
    client.force_login(UserFactory(username="newcomer"))
    html = client.get(reverse("join", args=[campaign.invite_token])).content.decode()
    assert "campaign: 4 games played · game 5 in progress." in html


@pytest.mark.parametrize(
    ("journal", "words"),
    [("risk_skyrim_plays.json", "plays logged"), ("captain_america_plays.json", "plays logged"),
     ("dawnguard_campaign.json", "sittings played")],
)
def test_other_systems_count_every_logged_game_in_their_own_words(as_owner, owner, journal, words):
    campaign = store.import_journal(load_journal(journal), owner=owner)
    html = as_owner.get(campaign.get_absolute_url()).content.decode()
    assert f"{campaign.games_played} {words}" in html


def test_an_invitation_to_a_new_campaign_reads_as_one_sentence(client, owner):
    campaign = public_campaign_after(owner, 0)
    client.force_login(UserFactory(username="newcomer"))
    html = client.get(reverse("join", args=[campaign.invite_token])).content.decode()
    assert "campaign: no game played yet." in html


def test_the_count_is_kept_on_the_campaign_so_lists_need_no_fold(owner, monkeypatch):
    campaign = public_campaign_after(owner, 4, until=opened)
    campaign.refresh_from_db()
    assert (campaign.games_played, campaign.games_finished) == (5, 4)
    monkeypatch.setattr(states, "state", lambda *a, **k: pytest.fail("the count folded the journal"))
    assert games_played(campaign) == "4 games played · game 5 in progress"


def test_undo_keeps_the_count_true(owner):
    campaign = public_campaign_after(owner, 4, until=opened)
    store.undo_last(campaign, owner)
    assert (campaign.games_played, campaign.games_finished) == (4, 4)
    campaign.refresh_from_db()
    assert (campaign.games_played, campaign.games_finished) == (4, 4)


def test_a_deleted_play_is_no_longer_counted_nor_a_game_in_progress(db):
    """Play 2 of a log deleted: the log has one play less, and no play is "in progress"
    (a play log's numbers may have gaps)."""
    from campaigns.rules import play_log

    campaign = store.import_journal(load_journal("risk_skyrim_plays.json"))
    before = campaign.games_finished
    store.append(campaign, [play_log.deletion_entry(2)])
    campaign.refresh_from_db()
    assert campaign.games_finished == before - 1
    assert games_played(campaign) == f"{before - 1} plays logged"
