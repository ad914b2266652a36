"""The two log-a-play forms by keyboard (Risk: Skyrim, Captain America), at 390x844: a play is
logged only when its Save button is pressed. Tabbing onto Save while the live score is asked
for saves nothing; Enter in a number field does what the visible Save button does, once."""

import pytest
from playwright.sync_api import expect

from campaigns import states

from tests.browser.fixtures import log_in
from tests.factories import CampaignFactory, UserFactory
from tests.rows import row_id
from tests.systems.risk_skyrim.browser.helpers import PLAYERS, mode, seat


def plays(campaign) -> int:
    campaign.refresh_from_db()
    return len(states.state(campaign).games)


def skyrim_form(new_phone):
    owner = UserFactory(username="sigrid")
    campaign = CampaignFactory(name="Skyrim nights", system="risk-skyrim", owner=owner, players=PLAYERS)
    phone = new_phone()
    log_in(phone, "sigrid")
    phone.goto(f"/campaigns/{campaign.slug}/games/new/")
    mode(phone, "Chaos")
    seat(phone, 1, "Ana", "Thalmor")
    seat(phone, 2, "Ben", "Orcs")
    for slot, (territories, forts) in ((1, (20, 4)), (2, (16, 2))):
        phone.locator(row_id("seats", slot, "territories")).fill(str(territories))
        phone.locator(row_id("seats", slot, "forts")).fill(str(forts))
    phone.locator(row_id("seats", 1, "portals")).fill("3")
    return campaign, phone, phone.locator(row_id("seats", 2, "portals")), "Save play 1", "Ana wins"


def captain_america_form(new_phone):
    owner = UserFactory(username="olive")
    campaign = CampaignFactory(
        name="Airport Nights", system="captain-america", owner=owner, players=["Ana", "Ben", "Cid", "Dee"])
    phone = new_phone()
    log_in(phone, "olive")
    phone.goto(f"/campaigns/{campaign.slug}/games/new/")
    for slot, player in enumerate(["Ana", "Ben", "Cid", "Dee"], start=1):
        phone.locator(row_id("heroes", slot, "player")).select_option(player)
    phone.locator("#id_winter_soldier_0").check()
    phone.locator("#id_quinjet_1").check()
    phone.locator("#id_rooms_captain_america").fill("18")
    return campaign, phone, phone.locator("#id_rooms_iron_man"), "Log play 1", "Team Captain America wins"


FORMS = [pytest.param(skyrim_form, id="skyrim"), pytest.param(captain_america_form, id="captain-america")]


@pytest.mark.parametrize("open_form", FORMS)
def test_tabbing_onto_save_scores_the_play_and_saves_nothing(new_phone, open_form):
    campaign, phone, last_field, save, score = open_form(new_phone)
    last_field.fill("3" if "portals" in (last_field.get_attribute("id") or "") else "12")
    save_button = phone.get_by_role("button", name=save)
    for _ in range(3):  # the change goes with the focus onto Save, again and again
        last_field.focus()
        last_field.fill(str(int(last_field.input_value()) + 1))
        save_button.focus()  # what Tab from the last field does
        expect(phone.locator("#sk-preview, #ca-preview")).to_contain_text(score)
        phone.wait_for_timeout(300)  # the preview's answer, and anything it might have saved
    expect(phone.get_by_role("heading", name="Log play 1")).to_be_visible()
    assert plays(campaign) == 0
    save_button.click()
    expect(phone.get_by_role("status").filter(has_text="Play 1 is logged")).to_be_visible()
    assert plays(campaign) == 1


@pytest.mark.parametrize("open_form", FORMS)
def test_enter_in_a_number_field_saves_the_play_as_its_save_button_does(new_phone, open_form):
    campaign, phone, last_field, save, score = open_form(new_phone)
    last_field.fill("3" if "portals" in (last_field.get_attribute("id") or "") else "12")
    last_field.press("Enter")
    expect(phone.get_by_role("status").filter(has_text="Play 1 is logged")).to_be_visible()
    assert plays(campaign) == 1
    assert "#" not in phone.url  # the save's page, not the score's anchor of the no-JavaScript Check
