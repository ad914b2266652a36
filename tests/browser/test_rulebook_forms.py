"""The forms of the rulebook corrections on a phone: a packet during the rewards, a scar the
card lets cover another, and the trade-in chart corrected after the setup."""

import re

from playwright.sync_api import expect

from campaigns import states, store
from campaigns.rules import journal

from ..conftest import load_journal
from ..factories import UserFactory
from ..journal_files import RULES
from .conftest import SMALL_PHONE, assert_accessible
from .test_play import game_one_started, log_in
from .test_setup_and_start import console_errors


def game_one_ended(owner):
    system, title, players, entries = journal.read(load_journal("risk_legacy_15_games.json"), RULES)
    campaign = store.create_campaign(name=title, system=system.KEY, owner=owner, players=players)
    end = next(i for i, e in enumerate(entries) if e.kind == "game_end")
    store.append(campaign, entries[: end + 1], owner)
    return campaign


def no_horizontal_overflow(page):
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def test_a_packet_is_recorded_during_the_rewards(new_phone, shoot):
    campaign = game_one_ended(UserFactory(username="olive"))
    phone = new_phone()
    log_in(phone, "olive")
    phone.goto(f"/campaigns/{campaign.slug}/play/")
    expect(phone.get_by_role("heading", name="Sealed packets")).to_be_visible()
    phone.get_by_text("A sealed packet was opened").click()
    phone.get_by_label("Packet").fill("Do not open. Ever.")
    shoot(phone, "rulebook-01-packet-during-rewards")
    phone.get_by_role("button", name="Record the packet").click()
    expect(phone.get_by_text("Recorded: ")).to_be_visible()
    no_horizontal_overflow(phone)
    assert console_errors(phone) == []


def test_a_scar_covers_a_scar_when_the_card_allows_it(new_phone, shoot):
    campaign = game_one_started(UserFactory(username="olive"))
    phone = new_phone()
    log_in(phone, "olive")
    phone.goto(f"/campaigns/{campaign.slug}/play/")
    for scar, allowed in (("Bunker", False), ("Ammo Shortage", True)):
        phone.get_by_text("A scar was placed").click()
        phone.get_by_label("Played by").select_option("Cid")
        phone.get_by_label("Territory").first.select_option("Siberia")
        phone.get_by_label(re.compile("^Scar:?$")).select_option(scar)
        if allowed:
            phone.get_by_label("The card allows it to cover a scar").check()
            shoot(phone, "rulebook-02-scar-the-card-allows-it")
        phone.get_by_role("button", name="Record").first.click()
        expect(phone.get_by_text(re.compile(f"Recorded: .*{scar}"))).to_be_visible()
    campaign.refresh_from_db()
    assert states.state(campaign).territories["Siberia"].scar == "Ammo Shortage"
    no_horizontal_overflow(phone)
    assert console_errors(phone) == []


def test_the_trade_in_chart_is_corrected_on_a_small_phone(new_phone, shoot):
    campaign = game_one_started(UserFactory(username="olive"))
    phone = new_phone(viewport=SMALL_PHONE)
    log_in(phone, "olive")
    phone.goto(f"/campaigns/{campaign.slug}/setup/")
    phone.get_by_text("Correct the chart").click()
    phone.get_by_label("Troops for 7 Resource icons").fill("17")
    shoot(phone, "rulebook-03-chart-correction-small")
    no_horizontal_overflow(phone)
    assert_accessible(phone)
    phone.get_by_role("button", name="Save the chart").click()
    expect(phone.get_by_text("The trade-in chart is corrected.")).to_be_visible()
    campaign.refresh_from_db()
    assert states.state(campaign).trade_in_chart[7] == 17
    assert console_errors(phone) == []
