"""Captain America on a phone at 390×844: log a 4-player and a 2-player play with the score
shown as the form is filled (htmx) or by "Check the score" (no JavaScript), then correct a
past play, with screenshots (checked by axe-core where JavaScript runs)."""

import re

import pytest
from playwright.sync_api import expect

from campaigns import states

from tests.browser.fixtures import log_in
from tests.factories import CampaignFactory, UserFactory
from tests.rows import row_id

WITH_AND_WITHOUT_JS = [pytest.param(True, id="htmx"), pytest.param(False, id="no-js")]


def four_players_logged_in(new_phone, javascript):
    """Olive's 4-player campaign open on her phone: (campaign, phone, "htmx" or "no-js")."""
    olive = UserFactory(username="olive")
    campaign = CampaignFactory(
        name="Airport Nights", system="captain-america", owner=olive, players=["Ana", "Ben", "Cid", "Dee"])
    phone = new_phone(javascript=javascript)
    log_in(phone, "olive")
    phone.goto(f"/campaigns/{campaign.slug}/")
    return campaign, phone, "htmx" if javascript else "no-js"


def see_the_score(phone, javascript, words):
    """The score appears as the form is filled, or after "Check the score" without JavaScript."""
    if not javascript:
        phone.get_by_role("button", name="Check the score").click()
    expect(phone.locator("#ca-preview")).to_contain_text(words)


@pytest.mark.parametrize("javascript", WITH_AND_WITHOUT_JS)
def test_log_a_four_and_a_two_player_play_then_correct_one(new_phone, shoot, javascript):
    campaign, phone, how = four_players_logged_in(new_phone, javascript)
    phone.get_by_role("link", name="Log a play").click()
    expect(phone.get_by_role("heading", name="Log play 1")).to_be_visible()

    # Play 1, four players: a hero each (the roster has 4, so 4 are offered).
    expect(phone.get_by_label("4 players: one hero each")).to_be_checked()
    phone.locator(row_id("heroes", 1, "player")).select_option("Ana")
    phone.locator(row_id("heroes", 2, "player")).select_option("Ben")
    phone.locator(row_id("heroes", 3, "player")).select_option("Cid")
    phone.locator(row_id("heroes", 4, "player")).select_option("Dee")
    phone.locator("#id_winter_soldier_0").check()  # Team Captain America
    phone.locator("#id_quinjet_1").check()  # Team Iron Man
    phone.locator("#id_rooms_captain_america").fill("18")
    phone.locator("#id_rooms_iron_man").fill("12")
    phone.locator("#id_rooms_iron_man").blur()
    see_the_score(phone, javascript, "Team Captain America wins 5–3")
    shoot(phone, f"ca-01-four-players-{how}")
    phone.get_by_role("button", name="Log play 1").click()
    expect(phone.get_by_text("Play 1 is logged: Team Captain America won 5–3.")).to_be_visible()
    shoot(phone, f"ca-02-logged-{how}")

    # Play 2, two players: last play's heroes are offered; switch to 2 players, a team each.
    phone.get_by_role("link", name="Log a play").click()
    expect(phone.locator(row_id("heroes", 2, "player"))).to_have_value("Ben")
    phone.get_by_label("2 players: each runs a team").check()
    expect(phone.locator(row_id("teams", 1, "player"))).to_be_visible()
    expect(phone.locator(row_id("heroes", 2, "player"))).to_be_hidden()
    phone.locator(row_id("teams", 1, "player")).select_option("Ben")
    phone.locator(row_id("teams", 2, "player")).select_option("Ana")
    phone.locator("#id_winter_soldier_2").check()  # Nobody
    phone.locator("#id_quinjet_1").check()
    phone.locator("#id_rooms_captain_america").fill("15")
    phone.locator("#id_rooms_iron_man").fill("15")
    phone.locator("#id_rooms_iron_man").blur()
    see_the_score(phone, javascript, "Team Iron Man wins 3–0")
    expect(phone.locator("#ca-preview")).to_contain_text("Nobody (equal rooms)")
    shoot(phone, f"ca-03-two-players-{how}")

    # A rule broken: 36 rooms with the Quinjet is one too many; shown beside the field, not saved.
    phone.locator("#id_rooms_iron_man").fill("21")
    phone.get_by_role("button", name="Log play 2").click()
    message = phone.get_by_text("The teams hold 36 rooms, but there are 34 rooms and the Quinjet (35 in all)")
    expect(message.first).to_be_visible()
    expect(phone.locator("#id_rooms_captain_america")).to_be_focused()
    shoot(phone, f"ca-04-refused-{how}")
    phone.locator("#id_rooms_iron_man").fill("15")
    phone.get_by_role("button", name="Log play 2").click()
    expect(phone.get_by_text("Play 2 is logged: Team Iron Man won 3–0.")).to_be_visible()

    # Correct play 1: Team Iron Man held more rooms than was typed.
    phone.goto(f"/campaigns/{campaign.slug}/games/1/correct/")
    expect(phone.get_by_role("heading", name="Correct play 1")).to_be_visible()
    expect(phone.locator(row_id("heroes", 1, "player"))).to_have_value("Ana")
    expect(phone.locator("#id_rooms_iron_man")).to_have_value("12")
    phone.locator("#id_rooms_iron_man").fill("20")
    phone.locator("#id_rooms_iron_man").blur()
    see_the_score(phone, javascript, "The teams hold 38 rooms")  # the rules speak before saving
    phone.locator("#id_rooms_captain_america").fill("10")
    phone.locator("#id_rooms_captain_america").blur()
    see_the_score(phone, javascript, "Team Iron Man wins 5–3")
    shoot(phone, f"ca-05-correct-{how}")
    phone.get_by_role("button", name="Save the correction").click()
    expect(phone.get_by_text("Play 1 is corrected: Team Iron Man won 5–3.")).to_be_visible()
    shoot(phone, f"ca-06-corrected-{how}")
    # Saving while a score request is in flight waits for it (hx-sync "queue last"): no error.
    assert phone.csp_errors == []

    campaign.refresh_from_db()
    state = states.state(campaign)
    assert [(game.number, game.result) for game in state.games] == [(1, "iron-man"), (2, "iron-man")]


@pytest.mark.parametrize("javascript", WITH_AND_WITHOUT_JS)
def test_the_setup_helpers(new_phone, shoot, javascript):
    campaign, phone, how = four_players_logged_in(new_phone, javascript)
    phone.get_by_role("link", name="Setup help").click()
    expect(phone.get_by_role("heading", name="Setup help")).to_be_visible()

    phone.locator("#id_picking_team_1").check()  # Team Iron Man picks first
    phone.locator("#id_markers_1").check()  # and claims 2 and 4
    if not javascript:
        phone.get_by_role("button", name="Show the order").click()
    turns = phone.locator("#ca-turn-order ol").nth(1)
    expect(turns.locator("li").first).to_contain_text("Captain America")
    expect(turns.locator("li").nth(1)).to_contain_text("Iron Man")

    phone.get_by_label("Rooms you control").fill("8")
    phone.get_by_role("checkbox", name=re.compile("North-Central")).check()
    if not javascript:
        phone.get_by_role("button", name="Count").click()
    expect(phone.locator("#ca-deployment")).to_contain_text("7 troops to deploy")
    shoot(phone, f"ca-07-setup-help-{how}")
