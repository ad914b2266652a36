"""Two phones at 390x844 on one play log: a play logged on phone B shows on phone A's history
and overview within a few seconds, without a reload; phone A's half-typed form hears of it
(a notice, the next number), keeps what was typed, and saves as the next play."""

import re

import pytest
from playwright.sync_api import expect

from campaigns import states, store
from campaigns.models import Campaign
from campaigns.rules.base import Entry

from tests.browser.fixtures import log_in
from tests.conftest import load_journal
from tests.factories import UserFactory
from tests.rows import row_id
from tests.systems.play_log.views.helpers import skyrim_log

SOON = 6000  # ms: the poll runs every 2 seconds


@pytest.fixture
def skyrim(transactional_db):
    """The shipped Risk: Skyrim log (8 plays), Olive its owner and Ben a member."""
    olive = UserFactory(username="olive")
    campaign = store.import_journal(load_journal("risk_skyrim_plays.json"), owner=olive)
    campaign.memberships.create(user=UserFactory(username="ben"), role="member")
    return campaign


def phone_of(new_phone, username):
    phone = new_phone()
    log_in(phone, username)
    return phone


def log_a_chaos_play(phone, slug):
    """Phone B logs a Chaos play through the form: Ana beats Ben."""
    phone.goto(f"/campaigns/{slug}/games/new/")
    phone.locator("fieldset", has_text="Mode").get_by_text("Chaos", exact=True).click()
    for slot, player, faction, counts in ((1, "Ana", "Thalmor", (20, 4, 3)), (2, "Ben", "Orcs", (16, 2, 3))):
        phone.select_option(row_id("seats", slot, "player"), player)
        phone.select_option(row_id("seats", slot, "faction"), faction)
        for part, value in zip(("territories", "forts", "portals"), counts):
            phone.locator(row_id("seats", slot, part)).fill(str(value))
    for slot in (3, 4, 5):
        phone.select_option(row_id("seats", slot, "player"), "")
        phone.select_option(row_id("seats", slot, "faction"), "")
    expect(phone.locator("#sk-preview")).to_contain_text("Ana wins")
    phone.get_by_role("button", name=re.compile(r"^Save play")).click()
    expect(phone.get_by_role("status").filter(has_text="is logged")).to_be_visible()


def test_a_play_logged_on_phone_b_appears_on_phone_a_s_history(new_phone, shoot, skyrim):
    phone_a, phone_b = phone_of(new_phone, "olive"), phone_of(new_phone, "ben")
    phone_a.goto(f"/campaigns/{skyrim.slug}/history/")
    expect(phone_a.locator("#play-8")).to_be_visible()
    expect(phone_a.locator("#play-9")).to_have_count(0)

    log_a_chaos_play(phone_b, skyrim.slug)

    new_play = phone_a.locator("#play-9")
    expect(new_play).to_contain_text("Ana won", timeout=SOON)
    expect(new_play).to_contain_text("Logged by ben")
    expect(phone_a.locator("#plays-live")).to_contain_text("Updated just now")
    assert phone_a.locator("#plays > li").first.get_attribute("id") == "play-9"  # the latest first
    assert phone_a.csp_errors == []
    shoot(phone_a, "play-log-live-history-390")

    # The filter still works after the swap, and the poll follows the chosen player.
    phone_a.select_option("#plays-player", "Cid")
    expect(phone_a.locator("#play-9")).to_have_count(0)


def test_the_overview_follows_the_plays_too(new_phone, shoot, skyrim):
    phone_a = phone_of(new_phone, "olive")
    phone_a.goto(f"/campaigns/{skyrim.slug}/")
    expect(phone_a.get_by_role("heading", name="Latest plays")).to_be_visible()
    ana_plays = phone_a.locator("#record-title ~ table tr", has_text="Ana").locator("td").first
    before = int(ana_plays.inner_text())

    another_phone_logs_play_9(skyrim)

    expect(phone_a.locator("#play-9")).to_be_visible(timeout=SOON)
    played = "Ana" in states.state(Campaign.objects.get(pk=skyrim.pk)).game(9).players
    expect(ana_plays).to_have_text(str(before + 1 if played else before))
    shoot(phone_a, "play-log-live-overview-390")


def another_phone_logs_play_9(campaign):
    """Ben's phone logs play 9 (the last play again), straight through the store."""
    campaign = Campaign.objects.get(pk=campaign.pk)
    last = store.export_journal(campaign)["games"][-1]
    ben = campaign.memberships.get(user__username="ben").user
    store.append(campaign, [Entry("game", {**last, "number": 9})], ben)


def test_a_half_typed_form_hears_of_a_play_logged_on_another_phone(new_phone, shoot, skyrim):
    phone_a, phone_b = phone_of(new_phone, "olive"), phone_of(new_phone, "ben")
    phone_a.goto(f"/campaigns/{skyrim.slug}/games/new/")
    expect(phone_a.get_by_role("heading", name="Log play 9")).to_be_visible()
    phone_a.locator("fieldset", has_text="Mode").get_by_text("Chaos", exact=True).click()
    phone_a.select_option(row_id("seats", 1, "player"), "Cid")
    phone_a.select_option(row_id("seats", 1, "faction"), "Stormcloak")
    phone_a.locator(row_id("seats", 1, "territories")).fill("23")
    phone_a.locator(row_id("seats", 1, "territories")).press("Tab")

    log_a_chaos_play(phone_b, skyrim.slug)

    notice = phone_a.locator("#plays-live")
    expect(notice).to_contain_text("Play 9 was just logged on another phone: this one will be play 10.", timeout=SOON)
    expect(phone_a.get_by_role("heading", name="Log play 10")).to_be_visible()
    expect(phone_a.get_by_role("button", name="Save play 10")).to_be_visible()
    # What was typed is still there.
    expect(phone_a.locator(row_id("seats", 1, "player"))).to_have_value("Cid")
    expect(phone_a.locator(row_id("seats", 1, "faction"))).to_have_value("Stormcloak")
    expect(phone_a.locator(row_id("seats", 1, "territories"))).to_have_value("23")
    # No error: a score preview in flight is waited for, never aborted (hx-sync "queue last"),
    # and no out-of-band swap misses its target.
    assert phone_a.csp_errors == [], phone_a.csp_errors
    shoot(phone_a, "play-log-live-form-notice-390")

    # Saved as play 10, with what phone A typed.
    phone_a.select_option(row_id("seats", 2, "player"), "Dee")
    phone_a.select_option(row_id("seats", 2, "faction"), "Orcs")
    for slot, (territories, forts, portals) in ((1, (23, 4, 3)), (2, (10, 1, 1))):
        for part, value in zip(("territories", "forts", "portals"), (territories, forts, portals)):
            phone_a.locator(row_id("seats", slot, part)).fill(str(value))
    for slot in (3, 4, 5):
        phone_a.select_option(row_id("seats", slot, "player"), "")
        phone_a.select_option(row_id("seats", slot, "faction"), "")
    expect(phone_a.locator("#sk-preview")).to_contain_text("Cid wins")
    phone_a.get_by_role("button", name="Save play 10").click()
    expect(phone_a.get_by_role("status").filter(has_text="Play 10 is logged: Cid won.")).to_be_visible()
    state = states.state(Campaign.objects.get(pk=skyrim.pk))
    assert [game.number for game in state.games][-2:] == [9, 10]


# A refresh keeps the older plays a phone loaded -------------------------------------------------


@pytest.fixture
def long_log(transactional_db):
    """A Risk: Skyrim log of 45 plays (three pages), Olive its owner and Ben a member."""
    olive = UserFactory(username="olive")
    campaign = store.import_journal(skyrim_log(45, name="Skyrim nights"), owner=olive)
    campaign.memberships.create(user=UserFactory(username="ben"), role="member")
    return campaign


def test_a_new_play_goes_on_top_of_the_older_plays_phone_a_loaded(new_phone, shoot, long_log):
    phone_a, phone_b = phone_of(new_phone, "olive"), phone_of(new_phone, "ben")
    phone_a.goto(f"/campaigns/{long_log.slug}/history/")
    plays = phone_a.locator("#plays > li.play-item")
    expect(plays).to_have_count(20)
    phone_a.get_by_role("link", name="Older plays").click()  # htmx: plays 25 to 6 in place
    expect(plays).to_have_count(40)
    expect(phone_a.locator("#play-6")).to_be_visible()

    log_a_chaos_play(phone_b, long_log.slug)

    expect(phone_a.locator("#play-46")).to_contain_text("Logged by ben", timeout=SOON)
    expect(plays).to_have_count(41)  # the older plays are still there
    expect(phone_a.locator("#plays-more-count")).to_have_text("41 of 46 shown")
    assert plays.first.get_attribute("id") == "play-46"
    expect(phone_a.locator("#play-6")).to_be_attached()
    expect(phone_a.locator("#plays-live")).to_contain_text("Updated just now")
    # The next "Older plays" goes on from play 5: nothing shown twice.
    phone_a.get_by_role("link", name="Older plays").click()
    expect(plays).to_have_count(46)
    numbers = [int(item.get_attribute("id").removeprefix("play-")) for item in plays.all()]
    assert numbers == list(range(46, 0, -1))
    assert phone_a.csp_errors == [], phone_a.csp_errors
    shoot(phone_a, "play-log-live-history-older-390")


def test_the_overview_keeps_its_older_plays_and_counts_the_new_one(new_phone, shoot, long_log):
    phone_a = phone_of(new_phone, "olive")
    phone_a.goto(f"/campaigns/{long_log.slug}/")
    count = phone_a.locator("#campaign-count")
    expect(count).to_contain_text("45 plays logged")
    plays = phone_a.locator("#plays > li.play-item")
    phone_a.get_by_role("link", name="Older plays").click()
    expect(plays).to_have_count(40)

    campaign = Campaign.objects.get(pk=long_log.pk)
    last = store.export_journal(campaign)["games"][-1]
    store.append(campaign, [Entry("game", {**last, "number": 46})], campaign.memberships.get(user__username="ben").user)

    expect(phone_a.locator("#play-46")).to_be_visible(timeout=SOON)
    expect(count).to_contain_text("46 plays logged")
    expect(plays).to_have_count(41)
    assert plays.first.get_attribute("id") == "play-46"
    assert phone_a.csp_errors == [], phone_a.csp_errors
