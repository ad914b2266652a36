"""Acceptance pass over the play logs: the rules of docs/rules.md §3–4 that the play forms'
own tests left untried, each refused through its form with its message and nothing saved."""

import pytest
from django.urls import reverse

from campaigns import states, store
from campaigns.rules import play_log

from tests.conftest import load_journal
from tests.factories import CampaignFactory
from tests.systems.risk_skyrim.views.helpers import DOVAHKIIN, games, play, refused, seat, slot

PLAYERS = ["Ana", "Ben", "Cid", "Dee", "Eve"]


@pytest.fixture
def skyrim(owner):
    return CampaignFactory(name="Skyrim nights", system="risk-skyrim", owner=owner, players=PLAYERS)


def test_refuses_a_stated_dovahkiin_winner_who_could_not_have_won(as_owner, skyrim):
    data = play(
        "dovahkiin", 1,
        seat(1, "Ana", "Thalmor", victory_points=10, hero_alive="on"),
        seat(2, "Ben", "Orcs", victory_points=11, hero_alive="on"),
        seat(3, "Cid", "Imperial", victory_points=12),  # hero dead
        first_to_ten="Cid",
    )
    html = refused(as_owner, skyrim, data)
    assert "Cid did not win: the winner has 10+ victory points and a living hero" in html
    assert games(skyrim) == []


def test_refuses_dovahkiin_forts_without_territories(as_owner, skyrim):
    html = refused(as_owner, skyrim, {**DOVAHKIIN, slot(1, "forts"): 2})
    assert "How many territories did Ana hold? Their forts stand in territories" in html
    assert "&#x27;forts&#x27;" not in html  # no journal keys shown to the player
    assert games(skyrim) == []


def test_refuses_dovahkiin_forts_above_territories(as_owner, skyrim):
    html = refused(as_owner, skyrim, {**DOVAHKIIN, slot(1, "territories"): 1, slot(1, "portals"): 2})
    assert "Ana holds 2 portals but only 1 territory: portals are in territories" in html
    assert games(skyrim) == []


def test_refuses_dovahkiin_holdings_above_the_board(as_owner, skyrim):
    data = {**DOVAHKIIN, slot(1, "territories"): 30, slot(2, "territories"): 20}
    html = refused(as_owner, skyrim, data)
    assert "the seats hold 50 territories in all, but Skyrim has only 48" in html
    assert games(skyrim) == []


def test_refuses_a_dovahkiin_play_of_1_player(as_owner, skyrim):
    data = {key: value for key, value in DOVAHKIIN.items() if not key.startswith(slot(2, ""))}
    html = refused(as_owner, skyrim, data)
    assert "Dovahkiin is played by 2 to 5 players, not 1" in html
    assert games(skyrim) == []


def test_refuses_a_day_not_on_the_calendar(as_owner, skyrim):
    html = refused(as_owner, skyrim, {**DOVAHKIIN, "played_on": "2026-02-30"})
    assert "Enter a valid date." in html
    assert games(skyrim) == []


def test_a_deleted_plays_page_says_who_had_won_in_plain_words(as_owner, owner):
    logged = store.import_journal(load_journal("risk_skyrim_plays.json"), owner=owner)
    store.append(logged, [play_log.deletion_entry(5)])
    html = as_owner.get(reverse("play_detail", args=[logged.slug, 5])).content.decode()
    assert "This play was deleted" in html
    assert "Ben had won</h2>" in html and "Was " not in html


def test_a_stated_dovahkiin_winner_is_marked_first_to_10_on_the_plays_page(as_owner, owner):
    campaign = store.import_journal(load_journal("risk_skyrim_first_to_ten.json"), owner=owner)
    html = as_owner.get(reverse("play_detail", args=[campaign.slug, 1])).content.decode()
    assert "<br><strong>first</strong>" in html
    assert "Several seats ended so: Ben got there first." in html


def test_a_correction_made_through_the_form_is_undone_through_the_undo_page(as_owner, owner):
    # the correction is the journal's last entry, so the undo page names it and takes it back.
    logged = store.import_journal(load_journal("risk_skyrim_plays.json"), owner=owner)
    data = play(
        "chaos", 8, {"seen": 0},
        seat(1, "Ana", "Thalmor", territories=12, forts=2, portals=2),
        seat(2, "Ben", "Orcs", territories=9, forts=1, portals=2),
        seat(3, "Cid", "Imperial", territories=10, forts=2, portals=1),
        seat(4, "Dee", "Stormcloak", territories=9, forts=2, portals=2),
        seat(5, "Eve", "Forsworn", territories=8, forts=2, portals=2),
    )
    url = reverse("play_correct", args=[logged.slug, 8])
    assert as_owner.post(url, {**data, "save": "1"}).status_code == 302
    logged.refresh_from_db()
    assert states.state(logged).is_corrected(8)
    undo_url = reverse("undo", args=[logged.slug])
    html = as_owner.get(undo_url).content.decode()
    assert "correction of play 8" in html
    last = logged.entries.live().order_by("-position").first()
    assert as_owner.post(undo_url, {"entry": last.pk}).status_code == 302
    logged.refresh_from_db()
    state = states.state(logged)
    assert not state.is_corrected(8) and state.game(8).winners == ["Ana", "Eve"]
