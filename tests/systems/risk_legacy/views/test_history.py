"""The campaign's history page: the victor's section, the faction cards, every game."""

import re

import pytest
from django.urls import reverse

from campaigns import registry, roster, store

from tests.conftest import load_journal
from tests.factories import CampaignFactory

HTMX = {"HX-Request": "true"}


def history_url(campaign, player=None):
    url = reverse("history", args=[campaign.slug])
    return url if player is None else f"{url}?player={player}"


def game_numbers(html):
    return [int(n) for n in re.findall(r'<li class="game" id="game-(\d+)">', html)]


@pytest.fixture
def owner_client(client, owner):
    client.force_login(owner)
    return client


def test_the_victors_section_has_15_signed_slots_and_the_worlds_name(owner_client, risk_campaign):
    response = owner_client.get(history_url(risk_campaign))
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count('class="victor-slot"') == 15 and 'victor-slot empty' not in html
    assert "The World Of <strong>Gaia Prime</strong>" in html and "Ana rolled 5, Ben rolled 4" in html
    assert "First blood" in html and "3 Sep 2026" in html
    assert re.search(r'href="[^"]*/history/"\s+aria-current="page">History<', html)


def test_unsigned_slots_are_shown_empty(owner_client, owner):
    campaign = CampaignFactory(after=4, owner=owner)
    html = owner_client.get(history_url(campaign)).content.decode()
    assert html.count('class="victor-slot"') == 4 and html.count('class="victor-slot empty"') == 11
    assert "names the world" in html  # not named yet


def test_the_faction_cards_show_front_back_and_homeland(owner_client, risk_campaign):
    html = owner_client.get(history_url(risk_campaign)).content.decode()
    assert html.count('class="card faction-card"') == 5
    assert "The Gearwrights</h3>" in html and "Die Mechaniker · named by Cid in game 1" in html
    assert "Fortify HQ: when defending your HQ, add 1 to your highest die." in html
    assert "Homeland: Sahel Prime" in html  # the Saharan Republic's, by Africa's given name
    # The back: a line per game, X when not played (Die Mechaniker sat out games 4 and 12).
    gearwrights = html[html.index("The Gearwrights</h3>"):html.index("Ursine Host</h3>")]
    assert gearwrights.count('<tr class="not-played">') == 2
    assert gearwrights.count("<tr") == 16  # the head and 15 games


def test_every_game_is_listed_newest_first_with_what_it_changed(owner_client, risk_campaign):
    html = owner_client.get(history_url(risk_campaign)).content.decode()
    assert game_numbers(html) == list(range(15, 0, -1))
    game_9 = html[html.index('id="game-9"'):html.index('id="game-8"')]
    assert "Packet opened: “The ninth Minor City is founded”" in game_9
    assert "Cid founded the Major City Babylon Rising in Middle East" in game_9
    assert "Ben passed" in game_9
    assert "Ana signed the victor&#x27;s section: “Banzai”" in game_9
    assert "Dune Riders · from" in game_9  # the faction by the name it was given
    assert "Before the first game" in html and "2 coin stickers at the setup" in html
    assert "the world was named <strong>The World Of Gaia Prime</strong> by Ben" in html


def test_the_player_filter_keeps_that_players_games(owner_client, risk_campaign):
    html = owner_client.get(history_url(risk_campaign, "Eve")).content.decode()
    assert game_numbers(html) == [15, 14, 13, 11, 10, 9, 8, 7, 6, 5, 3, 1]  # not in games 2, 4 and 12
    assert '<option value="Eve" selected>' in html
    assert "the world was named" not in html  # the filter is about the player's games


def test_the_filter_with_htmx_answers_the_timeline_only(owner_client, risk_campaign):
    response = owner_client.get(history_url(risk_campaign, "Dee"), headers=HTMX)
    html = response.content.decode().strip()
    assert html.startswith('<div id="timeline"') and "<html" not in html
    assert 3 in game_numbers(html) and 9 not in game_numbers(html)
    assert "HX-Request" in response["Vary"]


def test_an_unknown_player_shows_everyone(owner_client, risk_campaign):
    html = owner_client.get(history_url(risk_campaign, "Zed")).content.decode()
    assert len(game_numbers(html)) == 15


def test_a_campaign_without_games_has_an_empty_history(owner_client, campaign):
    html = owner_client.get(history_url(campaign)).content.decode()
    assert html.count('class="victor-slot empty"') == 15
    assert "No game logged yet." in html


def test_a_game_without_a_history_page_of_its_own_shows_its_journal_by_game(owner_client, owner, monkeypatch):
    """The default history (campaigns.views.history), for a system that has no history page:
    every system has one now, so Dawnguard's is taken away for the test."""
    dawnguard = store.import_journal(load_journal("dawnguard_campaign.json"), owner=owner)
    monkeypatch.delitem(registry.system_of(dawnguard).pages, "history")
    html = owner_client.get(history_url(dawnguard)).content.decode()
    assert "victor-slot" not in html and "faction-card" not in html
    headings = re.findall(r"<h3>(Game \d+|Before the first game)</h3>", html)
    assert headings[0] == "Game 5" and "Game 1" in headings
    names = dawnguard.roster()
    filtered = owner_client.get(history_url(dawnguard, names[0]), headers=HTMX).content.decode()
    assert filtered.strip().startswith('<div id="timeline"')


# -- kept rendered until the journal changes (SPEED review): a write shows at once
def test_the_kept_history_is_rendered_again_after_a_write(owner_client, owner, risk_campaign):
    """The page's sections are kept rendered per journal version: an undo (a write) and a
    rename show on the next view, and a filtered timeline is kept apart from the whole one."""
    assert game_numbers(owner_client.get(history_url(risk_campaign)).content.decode())[0] == 15
    assert game_numbers(owner_client.get(history_url(risk_campaign, "Eve")).content.decode())[-1] == 1
    while risk_campaign.games_played == 15:
        store.undo_last(risk_campaign, owner)
    html = owner_client.get(history_url(risk_campaign)).content.decode()
    assert game_numbers(html) == list(range(14, 0, -1))
    eve = risk_campaign.players.get(name="Eve")
    roster.rename_player(risk_campaign, eve, "Evelyn")
    risk_campaign.refresh_from_db()
    html = owner_client.get(history_url(risk_campaign)).content.decode()
    assert "Evelyn" in html and ">Eve<" not in html
