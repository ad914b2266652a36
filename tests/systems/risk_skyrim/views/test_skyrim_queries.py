"""Risk: Skyrim's pages (the play form, its preview, a correction, the setup helpers) cost the
same few queries for a log of 1 play as for a log of many."""

import copy

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaigns import store

from tests.conftest import load_journal
from tests.query_counts import count_queries as queries
from tests.rows import rows_post

PREVIEW = {
    "number": "2", "mode": "chaos", "played_on": "2026-11-20",
    **rows_post("seats", [
        {"player": "Ana", "faction": "Thalmor", "territories": "20", "forts": "4", "portals": "3"},
        {"player": "Ben", "faction": "Orcs", "territories": "16", "forts": "2", "portals": "3"},
    ]),
}


def skyrim_log(plays: int, owner):
    """The test journal's plays, repeated and renumbered to `plays`."""
    data = load_journal("risk_skyrim_plays.json")
    base = data["games"]
    data["games"] = []
    for number in range(1, plays + 1):
        game = copy.deepcopy(base[(number - 1) % len(base)])
        game["number"] = number
        data["games"].append(game)
    data["name"] = f"{plays} plays"
    return store.import_journal(data, owner=owner)


PAGES = {
    # name: (url for a campaign, bound)
    "game_start": (lambda c: reverse("game_start", args=[c.slug]), 5),
    "play_correct": (lambda c: reverse("play_correct", args=[c.slug, 1]), 5),
    "setup_help": (lambda c: reverse("risk_skyrim_setup_help", args=[c.slug]), 5),
}


@pytest.mark.parametrize("cold", [False, True], ids=["cached", "cold-cache"])
@pytest.mark.parametrize("name", PAGES)
def test_skyrim_pages_query_the_same_for_1_and_40_plays(client, owner, name, cold):
    url, bound = PAGES[name]
    one, many = skyrim_log(1, owner), skyrim_log(40, owner)
    client.force_login(owner)
    counts = [queries(client, url(c), cold=cold) for c in (one, many)]
    assert counts[0] == counts[1] <= bound


def test_the_preview_queries_the_same_for_1_and_40_plays(client, owner):
    one, many = skyrim_log(1, owner), skyrim_log(40, owner)
    client.force_login(owner)
    counts = []
    for campaign in (one, many):
        with CaptureQueriesContext(connection) as captured:
            url = reverse("game_start", args=[campaign.slug])
            response = client.post(url, PREVIEW, headers={"HX-Request": "true"})
        assert response.status_code == 200 and b"Ana wins" in response.content
        counts.append(len(captured))
    assert counts[0] == counts[1] <= 4
