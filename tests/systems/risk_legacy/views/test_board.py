"""The board as of any game, and a territory's history."""

import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from campaigns import states, store
from campaigns.models import Membership
from campaigns.rules import base

from tests.conftest import load_journal
from tests.factories import CampaignFactory, MembershipFactory, game_end
from tests.query_counts import count_queries

HTMX = {"HX-Request": "true"}


def board_url(campaign, game=None):
    url = reverse("board", args=[campaign.slug])
    return url if game is None else f"{url}?game={game}"


def territory_url(campaign, territory, game=None):
    url = reverse("territory_history", args=[campaign.slug, territory])
    return url if game is None else f"{url}?game={game}"


def tile_links(html, layout):
    """The tile links of one layout of the board: {aria-label: href}."""
    svg = re.search(rf'<svg class="board board-{layout}".*?</svg>', html, re.S).group(0)
    found = re.findall(r'<a class="tile[^"]*" href="([^"]+)" aria-label="([^"]+)"', svg)
    return {label: href for href, label in found}


@pytest.fixture
def owner_client(client, owner):
    client.force_login(owner)
    return client


class ElementsWithHtmx(HTMLParser):
    """Each hx-get element, with its href and the GET form around it (if any)."""

    def __init__(self):
        super().__init__()
        self.forms, self.found = [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.forms.append(attrs)
        if "hx-get" in attrs:
            in_get_form = any(form.get("method") == "get" and form.get("action") for form in self.forms)
            self.found.append((tag, attrs, in_get_form or (tag == "form" and attrs.get("method") == "get")))

    def handle_endtag(self, tag):
        if tag == "form" and self.forms:
            self.forms.pop()


# The board -----------------------------------------------------------------------------


def test_the_board_shows_every_territory_in_both_layouts_as_links(owner_client, risk_campaign):
    response = owner_client.get(board_url(risk_campaign))
    assert response.status_code == 200
    html = response.content.decode()
    assert "After game 15" in html
    for layout in ("wide", "tall"):
        links = tile_links(html, layout)
        assert len(links) == 42
        egypt = links["Egypt: Major City Nova Cairo, Bunker scar, 3 resources"]
        assert egypt == territory_url(risk_campaign, "egypt")
    assert "Siam: 4 resources, card destroyed" in html
    assert "Ural: Minor City Ironhold, fortified, 10 boxes left, 4 resources, changed in this game" in html
    # The continents by their given names and bonuses; the Board tab is current.
    assert "Awesometonia" in html and "Sahel Prime" in html and "(7−1)" in html
    assert re.search(r'href="[^"]*/board/"\s+aria-current="page">Board<', html)


def test_the_board_after_an_earlier_game_is_that_games_state(owner_client, risk_campaign):
    html = owner_client.get(board_url(risk_campaign, 5)).content.decode()
    assert "After game 5" in html
    links = tile_links(html, "tall")
    # Siam's card is destroyed in game 6 only; Siberia's scar was cancelled in game 5.
    assert links["Siam: 4 resources"] == territory_url(risk_campaign, "siam", 5)
    assert "Siberia: 1 resource, changed in this game" in links  # its scar is gone
    assert "Congo: Minor City Kinsha Nova, Biohazard scar, 1 resource, changed in this game" in links
    # The stepper and the slider, for game 4 and 6; what game 5 changed.
    assert f'href="{board_url(risk_campaign, 4)}"' in html and f'href="{board_url(risk_campaign, 6)}"' in html
    assert 'type="range" id="board-game" name="game" min="0" max="15" step="1" value="5"' in html
    assert "What game 5 changed" in html and "Dee cancelled the Ammo Shortage scar on Siberia" in html


def test_before_the_first_game_the_board_holds_the_setups_coins(owner_client, risk_campaign):
    html = owner_client.get(board_url(risk_campaign, 0)).content.decode()
    assert "Before the first game" in html
    links = tile_links(html, "wide")
    assert "Brazil: 3 resources" in links and "Alaska: 1 resource" in links
    assert 'aria-disabled="true"' in html  # no step back from the setup
    assert "What game" not in html


@pytest.mark.parametrize("asked", ["99", "abc", "-1", "", "²", "3.5"])
def test_an_unreadable_or_too_high_game_shows_the_latest(owner_client, risk_campaign, asked):
    response = owner_client.get(f"{board_url(risk_campaign)}?game={asked}")
    assert response.status_code == 200
    assert "After game 15" in response.content.decode()


def test_htmx_gets_only_the_board_view_and_caches_are_told_it_varies(owner_client, risk_campaign):
    response = owner_client.get(board_url(risk_campaign, 3), headers=HTMX)
    html = response.content.decode().strip()
    assert html.startswith('<section id="board-view"') and html.endswith("</section>")
    assert "<html" not in html and "After game 3" in html
    assert "HX-Request" in response["Vary"]
    assert response.template_name == "risk_legacy/board_detail.html#board-view"


def test_an_htmx_history_restore_gets_the_whole_page(owner_client, risk_campaign):
    headers = {**HTMX, "HX-History-Restore-Request": "true"}
    html = owner_client.get(board_url(risk_campaign, 3), headers=headers).content.decode()
    assert "<html" in html and "After game 3" in html


def test_every_htmx_link_and_form_works_without_javascript(owner_client, risk_campaign):
    for url in (board_url(risk_campaign, 7), reverse("history", args=[risk_campaign.slug])):
        parser = ElementsWithHtmx()
        parser.feed(owner_client.get(url).content.decode())
        assert parser.found
        for tag, attrs, in_get_form in parser.found:
            assert attrs.get("href") == attrs["hx-get"] or in_get_form, (tag, attrs)
            assert "hx-push-url" in attrs


def test_the_board_pages_have_no_inline_style(owner_client, risk_campaign):
    history = reverse("history", args=[risk_campaign.slug])
    for url in (board_url(risk_campaign), territory_url(risk_campaign, "ural"), history):
        html = owner_client.get(url).content.decode()
        assert not re.search(r"\sstyle=", html) and "<style" not in html
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html)


def test_the_board_is_answered_from_the_cached_states(owner_client, risk_campaign, monkeypatch):
    # The fold is cached from here on; a state as of an earlier game is worked out the first
    # time it is shown (the journal up to that game folded: no fold keeps a state per game)
    # and cached from then on.
    for game in (None, 0, 1, 8, 15, 4):
        owner_client.get(board_url(risk_campaign, game))

    def no_fold(*args, **kwargs):
        raise AssertionError("a board view folded the journal again")

    monkeypatch.setattr(base, "fold", no_fold)
    for game in (0, 1, 8, 15):
        assert owner_client.get(board_url(risk_campaign, game)).status_code == 200
    states.forget_in_process()  # another process: the states are in Django's cache
    assert owner_client.get(board_url(risk_campaign, 4)).status_code == 200


def test_a_campaign_with_no_game_shows_a_clean_board(owner_client, campaign):
    html = owner_client.get(board_url(campaign)).content.decode()
    assert "Before the first game" in html and "No game logged yet" in html
    assert len(tile_links(html, "wide")) == 42
    assert 'type="range"' not in html


def test_the_pages_show_a_game_in_progress(owner_client, owner):
    campaign = CampaignFactory(after=1, until=game_end, owner=owner)
    board_html = owner_client.get(board_url(campaign)).content.decode()
    assert "Game 2, under way" in board_html and "What game 2 changed" in board_html
    assert "Ben scarred Brazil: Bunker" in board_html
    history = owner_client.get(reverse("history", args=[campaign.slug])).content.decode()
    assert "in progress" in history
    japan = owner_client.get(territory_url(campaign, "japan")).content.decode()
    assert "and the game is in progress" in japan


def test_the_kept_board_is_drawn_again_once_the_journal_changes(owner_client, owner):
    campaign = CampaignFactory(after=1, until=game_end, owner=owner)
    assert 'aria-label="Egypt: 2 resources"' in owner_client.get(board_url(campaign)).content.decode()
    scar = {"type": "scar", "player": "Ana", "territory": "Egypt", "scar": "Bunker"}
    store.append(campaign, [base.Entry("event", scar)])
    html = owner_client.get(board_url(campaign)).content.decode()
    assert 'aria-label="Egypt: Bunker scar, 2 resources, changed in this game"' in html
    assert "Ana scarred Egypt: Bunker" in html


@pytest.mark.parametrize(
    ("event", "words"),
    [
        ({"type": "elimination", "player": "Eve"}, "Eve was eliminated"),
        ({"type": "missiles", "count": 1}, "1 Missile fired in one combat"),
        ({"type": "recruitment", "player": "Ben", "troops": 31},
         "Ben recruited 31 troops while holding a Missile"),
    ],
)
def test_events_without_a_territory_show_in_words_on_the_board_and_history(owner_client, owner, event, words):
    """The Play page's eliminations, Missiles and recruitments name no territory: the board,
    the territory pages and the history read them from the fold's records (they used to 500)."""
    campaign = CampaignFactory(after=2, owner=owner)  # Ben signed game 1: he holds a Missile
    seats = [
        {"player": "Ana", "faction": "Khan Industries", "start": "Egypt"},
        {"player": "Ben", "faction": "Enclave of the Bear", "start": "Peru"},
        {"player": "Eve", "faction": "Saharan Republic", "start": "Japan"},
    ]
    store.append(campaign, [base.Entry("game", {"number": 3, "played_on": "2026-09-24", "seats": seats}),
                            base.Entry("event", event)])
    for url in (board_url(campaign), board_url(campaign, 3), territory_url(campaign, "egypt"),
                reverse("history", args=[campaign.slug])):
        response = owner_client.get(url)
        assert response.status_code == 200, url
    assert words in owner_client.get(board_url(campaign)).content.decode()
    assert words in owner_client.get(reverse("history", args=[campaign.slug])).content.decode()
    eve = "eliminated" if event["type"] == "elimination" else "held_on"
    store.append(campaign, [base.Entry("game_end", {"results": {"Ana": "won", "Ben": "held_on", "Eve": eve}})])
    assert owner_client.get(board_url(campaign, 2)).status_code == 200
    assert words in owner_client.get(board_url(campaign, 3)).content.decode()


def test_other_games_have_no_board_and_no_board_tab(owner_client, owner):
    dawnguard = store.import_journal(load_journal("dawnguard_campaign.json"), owner=owner)
    assert owner_client.get(board_url(dawnguard)).status_code == 404
    assert owner_client.get(territory_url(dawnguard, "egypt")).status_code == 404
    html = owner_client.get(reverse("campaign_detail", args=[dawnguard.slug])).content.decode()
    assert ">Board<" not in html and ">History<" in html


def test_a_viewer_reads_the_board_and_a_stranger_gets_404(client, risk_campaign, stranger):
    viewer = MembershipFactory(campaign=risk_campaign, role=Membership.Role.VIEWER).user
    client.force_login(viewer)
    assert client.get(board_url(risk_campaign)).status_code == 200
    assert client.get(territory_url(risk_campaign, "ural")).status_code == 200
    client.force_login(stranger)
    assert client.get(board_url(risk_campaign)).status_code == 404
    assert client.get(territory_url(risk_campaign, "ural")).status_code == 404


# A territory's history -----------------------------------------------------------------


def test_a_territorys_page_shows_its_marks_and_its_whole_history(owner_client, risk_campaign):
    response = owner_client.get(territory_url(risk_campaign, "ural"))
    assert response.status_code == 200
    html = response.content.decode()
    assert ">Ural</h2>" in html
    assert "Ironhold</strong>, a Minor City" in html and "founded by Cid in game 1" in html
    assert 'aria-label="10 of 10 boxes left"' in html
    assert html.count('class="fort-box"') == 10
    for text in (
        "2 coin stickers at the setup",
        "Cid put their HQ here, playing The Gearwrights, and held on",
        "Dee fortified Ironhold in Ural: 10 boxes",
        "Replaced in game 15: its 1 box left was lost",
        "Ana fortified Ironhold in Ural: 10 boxes (a fresh 10: the 1 box left was lost)",
    ):
        assert text in html, text
    # Its neighbours are links to their own pages.
    assert f'href="{territory_url(risk_campaign, "ukraine")}"' in html


def test_a_territorys_page_after_an_earlier_game_stops_there(owner_client, risk_campaign):
    html = owner_client.get(territory_url(risk_campaign, "ural", 12)).content.decode()
    assert "after game 12" in html and "Its history until game 12" in html
    assert 'aria-label="6 of 10 boxes left"' in html and html.count('class="fort-box ticked"') == 4
    assert "Ana fortified" not in html
    assert f'href="{board_url(risk_campaign, 12)}"' in html  # back to the same board
    assert f'href="{territory_url(risk_campaign, "ural")}">Its whole history, up to game 15' in html


def test_a_cancelled_scar_and_a_destroyed_card_show_on_the_territory_page(owner_client, risk_campaign):
    siberia = owner_client.get(territory_url(risk_campaign, "siberia")).content.decode()
    assert 'class="mark mark-scar undone"' in siberia and "Cancelled in game 5 by Dee" in siberia
    siam = owner_client.get(territory_url(risk_campaign, "siam")).content.decode()
    assert "Destroyed</span>" in siam and "Ana destroyed Siam&#x27;s territory card" in siam


def test_an_unknown_territory_is_404(owner_client, risk_campaign):
    assert owner_client.get(territory_url(risk_campaign, "atlantis")).status_code == 404


# Query counts --------------------------------------------------------------------------


@pytest.mark.parametrize("cold", [False, True], ids=["cached", "cold-cache"])
@pytest.mark.parametrize(
    ("page", "headers"),
    [("board-as-of", None), ("board-htmx", HTMX), ("territory", None), ("territory-as-of", None)],
)
def test_the_board_pages_query_the_same_for_1_and_15_games(owner_client, owner, page, headers, cold):
    counts = []
    for campaign in (CampaignFactory(after=1, owner=owner, name='1 games'), CampaignFactory(after=15, owner=owner, name='15 games')):
        url = {
            "board-as-of": board_url(campaign, 1),
            "board-htmx": board_url(campaign, 0),
            "territory": territory_url(campaign, "egypt"),
            "territory-as-of": territory_url(campaign, "egypt", 1),
        }[page]
        counts.append(count_queries(owner_client, url, cold=cold, headers=headers))
    # Cold, the board after the last game (the 1-game campaign's game 1) is the state now, one
    # read (the writer's snapshot); a board as of an earlier game reads the roster and journal.
    assert counts[0] <= counts[1] <= 6


def test_a_factory_campaign_of_another_system_has_a_history_but_no_board(owner_client, owner):
    other = CampaignFactory(system="risk-skyrim")
    MembershipFactory(campaign=other, user=owner, role=Membership.Role.OWNER)
    assert owner_client.get(board_url(other)).status_code == 404
    assert owner_client.get(reverse("history", args=[other.slug])).status_code == 200


def test_the_board_during_a_game_says_it_is_under_way_not_after_it(owner_client, owner):
    from tests.factories import opened

    campaign = CampaignFactory(after=6, until=opened, owner=owner)  # game 7 opened, not ended
    html = owner_client.get(board_url(campaign)).content.decode()
    assert "Game 7, under way" in html and "After game 7" not in html
    assert "After game 6" in owner_client.get(board_url(campaign, 6)).content.decode()
