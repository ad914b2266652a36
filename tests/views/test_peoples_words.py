"""Every page of the demo campaigns speaks players' words: no journal codes, no "(s)", and one
date format ("3 Sep 2026", Django's DATE_FORMAT) instead of ISO dates."""

import html
import re

import pytest
from django.urls import reverse

from campaigns import store
from campaigns.rules.journal import parse_json

from tests.journal_files import demo_journals

CODES = re.compile(
    r"\b[a-z]+_[a-z_]+\b"  # threat_deck, world_capital, civil_war
    r"|\(s\)"  # 1 star(s)
    r"|\b\d{4}-\d{2}-\d{2}\b"  # 2026-09-03
    r"|Civilwar|Captainamerica|Ironman|worldcapital"
)


def visible_text(page: str) -> str:
    page = re.sub(r"<(script|style|svg)\b.*?</\1>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


@pytest.fixture
def demo(db, owner):
    journals = [parse_json(path.read_bytes()) for path in demo_journals()]
    return [store.import_journal(journal, owner=owner) for journal in journals]


def pages(campaign):
    yield reverse("campaign_detail", args=[campaign.slug])
    yield reverse("history", args=[campaign.slug])
    yield reverse("undo", args=[campaign.slug])
    if campaign.system == "risk-legacy":
        yield reverse("board", args=[campaign.slug])
        yield reverse("play", args=[campaign.slug])
    yield f"{reverse('stats')}?campaign={campaign.slug}"


def test_no_page_shows_a_journal_code_or_an_iso_date(client, owner, demo):
    client.force_login(owner)
    found = {}
    for url in [reverse("home"), reverse("stats")] + [url for campaign in demo for url in pages(campaign)]:
        response = client.get(url)
        assert response.status_code == 200, url
        codes = sorted(set(CODES.findall(visible_text(response.content.decode()))))
        if codes:
            found[url] = codes
    assert found == {}


def test_modes_teams_and_cities_are_named(client, owner, demo):
    client.force_login(owner)
    by_system = {campaign.system: campaign for campaign in demo}
    skyrim = client.get(reverse("campaign_detail", args=[by_system["risk-skyrim"].slug])).content.decode()
    assert "Civil War" in skyrim
    captain_america = by_system["captain-america"]
    captain = client.get(reverse("campaign_detail", args=[captain_america.slug])).content.decode()
    # The latest plays name each team with its points (the play-log overview).
    assert "<strong>Team Captain America</strong> <span class=\"seat-score\">2" in captain
    assert "<strong>Team Iron Man</strong> <span class=\"seat-score\">3" in captain
    risk = next(c for c in demo if c.name == "Thursday Earth")
    overview = client.get(reverse("campaign_detail", args=[risk.slug])).content.decode()
    assert "World Capital: " in overview and "Minor City: " in overview
    dawnguard = client.get(reverse("history", args=[by_system["dawnguard"].slug])).content.decode()
    assert "the Threat Event deck" in dawnguard and "1 star on Fort Dawnguard" in dawnguard


def test_a_play_log_speaks_of_plays_names_its_winners_and_counts_each_mode_s_score(client, owner):
    """Risk: Skyrim in people's words: "Ana, Ben, Cid, Dee and Eve won", a Dovahkiin
    score counted in victory points and a Civil War one in territories (never "points"), and
    the export card says "Every play"."""
    from tests.journals import play_log_journals

    journal = play_log_journals()["Every kind of Skyrim play"]
    campaign = store.import_journal(journal, owner)
    client.force_login(owner)
    history = client.get(reverse("history", args=[campaign.slug])).content.decode()
    assert "Ana, Ben, Cid, Dee and Eve won" in history and " &amp; " not in visible_text(history)
    text = re.sub(r"\s+", " ", visible_text(history))
    assert re.search(r"\b12 victory points\b", text) and re.search(r"\b48 territories\b", text)
    assert not re.search(r"\b(12|48) points\b", text)
    overview = client.get(reverse("campaign_detail", args=[campaign.slug])).content.decode()
    assert "Every play, one row per seat" in overview and "Every game" not in overview
    play = client.get(reverse("play_detail", args=[campaign.slug, 2])).content.decode()
    assert '<th scope="col" class="num">Score<span class="visually-hidden"> (victory points)</span></th>' in play
