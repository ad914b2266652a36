"""Help text and errors are tied to their fields: every aria-describedby names an id on the page."""

import re

from django.urls import reverse

from campaigns import store
from campaigns.rules.base import Entry

from tests.conftest import load_journal
from tests.factories import CampaignFactory, opened


def missing_descriptions(html):
    ids = set(re.findall(r'\sid="([^"]+)"', html))
    described = [name for value in re.findall(r'aria-describedby="([^"]*)"', html) for name in value.split()]
    return [name for name in described if name not in ids]


def campaign_in(owner, phase):
    """The 15-game campaign cut to game 2 in progress ("playing") or just ended ("rewards")."""
    campaign = CampaignFactory(after=1, until=opened, owner=owner)
    if phase == "rewards":
        game = load_journal("risk_legacy_15_games.json")["games"][1]
        results = {seat["player"]: seat["result"] for seat in game["seats"]}
        store.append(campaign, [Entry("game_end", {"results": results})], owner)
    return campaign


def test_every_description_on_the_table_pages_exists(client, owner, campaign):
    client.force_login(owner)
    playing, rewards = campaign_in(owner, "playing"), campaign_in(owner, "rewards")
    pages = [
        reverse("setup_edit", args=[campaign.slug]),
        reverse("game_end", args=[playing.slug]),
        reverse("play", args=[playing.slug]),
        reverse("play", args=[rewards.slug]),
        reverse("recruitment", args=[playing.slug]),
        reverse("campaign_create"),
    ]
    for url in pages:
        html = client.get(url).content.decode()
        assert missing_descriptions(html) == [], url


def test_the_end_of_game_help_text_is_tied_to_its_checkbox(client, owner):
    client.force_login(owner)
    html = client.get(reverse("game_end", args=[campaign_in(owner, "playing").slug])).content.decode()
    assert re.search(r'<input type="checkbox" name="log_control"[^>]*aria-describedby="id_log_control_helptext"', html)
    assert '<p class="helptext" id="id_log_control_helptext">' in html


def test_back_to_the_game_is_a_button_apart_from_recording(client, owner):
    client.force_login(owner)
    html = client.get(reverse("game_end", args=[campaign_in(owner, "playing").slug])).content.decode()
    actions = re.search(r'<div class="end-actions">(.*?)</div>', html, re.S).group(1)
    assert re.search(r'<button type="submit" class="button wide">Record the end of game 2</button>', actions)
    assert re.search(r'<a class="button secondary wide" href="[^"]+/play/">Back to the game</a>', actions)
