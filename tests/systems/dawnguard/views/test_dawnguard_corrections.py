"""The Dawnguard corrections of 2026-12-02 through the Play page's taps (docs/rules.md): hunger
never grows by night, a fort's cards come only once it has levelled up; each refused with its
sentence and its rulebook heading, nothing saved."""

from tests.systems.dawnguard.views.helpers import HALL_LEVELLED, PLEDGED, dawnguard_campaign, refused, tap


def test_a_hunger_tap_by_night_is_refused_with_its_rule(client, owner):
    client.force_login(owner)
    campaign = dawnguard_campaign(owner, *PLEDGED, {"type": "day_night", "side": "night"})
    response = refused(client, campaign, "hunger", {"hunger-player": "Ana"},
                       "Hunger grows only while the Day/Night token shows day, and it shows night")
    assert "Rulebook: <cite>Hunger</cite>" in response.content.decode()


def test_a_fort_card_from_a_fort_at_level_0_is_refused_and_taken_once_it_levels_up(client, owner):
    client.force_login(owner)
    campaign = dawnguard_campaign(owner, *PLEDGED)
    response = refused(client, campaign, "fort_card", {"fort_card-player": "Ben", "fort_card-card": "Crossbow"},
                       "The Hall of the Vigilant is still at level 0: its cards are drawn once it has levelled up")
    assert "Rulebook: <cite>Levelling up the Fort</cite>" in response.content.decode()
    tap(client, campaign, "fort_stars", {"fort_stars-player": HALL_LEVELLED["player"], "fort_stars-count": "3"})
    response = tap(client, campaign, "fort_card", {"fort_card-player": "Ben", "fort_card-card": "Crossbow"})
    assert response.status_code == 302
