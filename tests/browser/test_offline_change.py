"""'Change it' after a refused offline play, on each play log (Risk: Skyrim, Captain America), at
390x844: a play logged offline whose number another phone took meanwhile is refused when the
signal returns; "Change it" opens its own form filled with what was kept (the form now logs the
next play), the kept play leaves the queue only then, and saving it logs it under the next
number. (Risk Legacy's and Dawnguard's taps: test_offline.py.)"""

import re

import pytest
from playwright.sync_api import expect

from campaigns.models import Membership

from tests.browser.fixtures import log_in
from tests.browser.test_offline import kept_page_ready, plays_logged
from tests.factories import CampaignFactory, UserFactory
from tests.rows import row_id
from tests.systems.risk_skyrim.browser import helpers as skyrim


@pytest.fixture(autouse=True)
def the_browser_says_what_it_could_not_send(no_console_error):
    no_console_error.expect("net::ERR_INTERNET_DISCONNECTED")
    no_console_error.expect("the server responded with a status of 503")


def skyrim_play(phone, day):
    phone.locator("#id_played_on").fill(f"2026-11-0{day}")
    skyrim.mode(phone, "Chaos")
    skyrim.seat(phone, 1, "Ana", "Thalmor")
    skyrim.seat(phone, 2, "Ben", "Orcs")
    for slot, (territories, forts, portals) in ((1, (20, 4, 3)), (2, (16, 2, 3))):
        skyrim.count(phone, slot, "territories", territories)
        skyrim.count(phone, slot, "forts", forts)
        skyrim.count(phone, slot, "portals", portals)
    phone.get_by_role("button", name=re.compile(r"^Save play")).click()


def captain_america_play(phone, day):
    phone.locator("#id_played_on").fill(f"2026-11-0{day}")
    for slot, player in enumerate(["Ana", "Ben", "Cid", "Dee"], start=1):
        phone.locator(row_id("heroes", slot, "player")).select_option(player)
    phone.locator("#id_winter_soldier_0").check()
    phone.locator("#id_quinjet_1").check()
    phone.locator("#id_rooms_captain_america").fill("18")
    phone.locator("#id_rooms_iron_man").fill("12")
    phone.get_by_role("button", name=re.compile(r"^Log play")).click()


SYSTEMS = [
    pytest.param("risk-skyrim", skyrim.PLAYERS, skyrim_play, "Save play", id="skyrim"),
    pytest.param("captain-america", ["Ana", "Ben", "Cid", "Dee"], captain_america_play, "Log play", id="captain-america"),
]


@pytest.mark.parametrize(("system", "players", "log_play", "save"), SYSTEMS)
def test_change_it_opens_the_refused_play_filled_and_logs_it_next(new_phone, system, players, log_play, save):
    olive, ben = UserFactory(username="olive"), UserFactory(username="ben")
    campaign = CampaignFactory(name="Play nights", system=system, owner=olive, players=players)
    Membership.objects.create(campaign=campaign, user=ben, role=Membership.Role.MEMBER)
    new_play = f"/campaigns/{campaign.slug}/games/new/"
    phone, other = new_phone(), new_phone()
    log_in(phone, "olive")
    log_in(other, "ben")
    kept_page_ready(phone, new_play)
    phone.context.set_offline(True)
    log_play(phone, 5)
    expect(phone.locator("#offline-status")).to_contain_text("1 entry waiting for signal")

    other.goto(new_play)
    log_play(other, 1)  # play 1 on the other phone first
    expect(other.get_by_text(re.compile("Play 1 is logged"))).to_be_visible()

    phone.context.set_offline(False)
    refused = phone.locator("#offline-pending li.pending.refused")
    expect(refused).to_contain_text("another phone", timeout=15000)
    # In a player's words: the day, each seat as one, no form dump; the header says what holds it.
    expect(refused).to_contain_text(re.compile(r"Nov 5, 2026|5 Nov 2026"))
    expect(refused).not_to_contain_text("2026-11-05")
    expect(refused).not_to_contain_text("—")  # the seats nobody sits in say nothing
    expect(phone.locator("#offline-status")).to_contain_text("1 entry held: the first was refused")
    refused.get_by_role("button", name="Change it").click()
    expect(phone.get_by_role("heading", name="Log play 2")).to_be_visible()
    expect(phone.locator("#id_played_on")).to_have_value("2026-11-05")  # what was kept
    expect(phone.locator("#offline-pending li.pending")).to_have_count(0)  # out of the queue now
    phone.get_by_role("button", name=f"{save} 2").click()
    expect(phone.get_by_text(re.compile("Play 2 is logged"))).to_be_visible()
    assert plays_logged(campaign) == [(1, "2026-11-01"), (2, "2026-11-05")]


def test_a_counter_kept_offline_says_which_counter_in_its_buttons_words(new_phone):
    """Dawnguard's two threat counters are forms of two buttons each: kept offline, each says
    what its button says ("Put 1 token on the Threat Event deck"), not the sitting's title."""
    from tests.systems.dawnguard.views.helpers import PLEDGED, dawnguard_campaign

    campaign = dawnguard_campaign(UserFactory(username="olive"), *PLEDGED)
    phone = new_phone()
    log_in(phone, "olive")
    table = f"/campaigns/{campaign.slug}/play/"
    kept_page_ready(phone, table)
    phone.context.set_offline(True)
    phone.get_by_role("button", name="Put 1 token on the Threat Event deck").click()
    pending = phone.locator("#play-recent li.pending")
    expect(pending).to_have_count(1)
    expect(pending.first).to_contain_text("Put 1 token on the Threat Event deck")
    expect(pending.first).not_to_contain_text("(+)")
    phone.context.set_offline(False)
    expect(pending).to_have_count(0, timeout=15000)
