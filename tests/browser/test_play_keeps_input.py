"""The Play pages on phones: a live refresh (another phone recorded) or a tap on another form
never throws away what a player is filling in, and a tap's confirmation shows at the bottom of
the screen, where the player is, light and dark, 360 px wide."""

import re

from playwright.sync_api import expect

from campaigns import states, store
from campaigns.rules.base import Entry

from tests.browser.fixtures import SCREENSHOTS, SMALL_PHONE, log_in, table_of_two
from tests.factories import UserFactory
from tests.systems.dawnguard.browser.helpers import first_sitting, state_now, toast_clear_of_controls
from tests.systems.risk_legacy.browser.helpers import game_one_started

PLACES = ("A quest", "The Stronghold chart", "The Threat Event deck")


def ana_must_feed(owner):
    """Chapter 1, day: Ana is a Vampire at hunger 3 (the day turn asks where her tokens go), Ben
    and Cid Vigilants, the Hall of the Vigilant at level 1."""
    campaign = first_sitting(owner)
    store.append(campaign, [
        Entry("event", {"type": "pledge", "player": "Ana", "side": "volkihar"}),
        Entry("event", {"type": "pledge", "player": "Ben", "side": "vigilants"}),
        Entry("event", {"type": "pledge", "player": "Cid", "side": "vigilants"}),
        Entry("event", {"type": "day_night", "side": "day"}),
        *[Entry("event", {"type": "hunger", "player": "Ana"}) for _ in range(3)],
        Entry("event", {"type": "fort_stars", "player": "Ben", "count": 3}),  # the Hall's cards: from level 1
    ], owner)
    return campaign


def toast(phone, words):
    """The confirmation, in the status region, in view and over no control."""
    message = phone.locator("#toasts[role=status] .message", has_text=words)
    expect(message).to_have_count(1)
    for _ in range(10):  # placed again 120 ms after the page settles or scrolls
        if toast_clear_of_controls(phone) == []:
            break
        phone.wait_for_timeout(200)
    assert toast_clear_of_controls(phone) == []
    # In view, or, where the screen holds no room free of controls, heard and not seen.
    if not phone.locator("#toasts .toast-list.visually-hidden").count():
        expect(message).to_be_in_viewport()
    return message


def test_a_dawnguard_refresh_keeps_the_day_turn_ticks_and_the_toast_shows_where_the_player_is(new_phone, shoot):
    campaign, table = table_of_two(ana_must_feed)
    phone = new_phone()
    log_in(phone, "olive")
    phone.goto(table)
    other = new_phone(color_scheme="dark", viewport=SMALL_PHONE)
    log_in(other, "ben")
    other.goto(table)

    # Phone A ticks two of Ana's three places in the day turn.
    day_turn = phone.locator(".dg-day-turn")
    expect(day_turn).to_contain_text("Ana, at 3, feeds at once instead")
    for place in PLACES[:2]:
        day_turn.get_by_role("checkbox", name=place).check()

    # Phone B puts a token on the Threat Event deck: phone A's board shows it 2 s later...
    other.get_by_role("button", name="Put 1 token on the Threat Event deck").click()
    toast(other, "Recorded: 1 token on the Threat Event deck.")
    deck = phone.locator("#play-live .dg-counter").first
    expect(deck).to_contain_text("1", timeout=5000)
    expect(phone.locator("#play-live .live-changed")).to_be_visible()
    # ... and its ticks are still there (the page is morphed; the ticks are the player's, kept).
    day_turn = phone.locator(".dg-day-turn")
    for place, ticked in zip(PLACES, (True, True, False)):
        expect(day_turn.get_by_role("checkbox", name=place)).to_be_checked(checked=ticked)
    shoot(phone, "keeps-input-01-dawnguard-ticks-after-refresh")

    # A tap on another form of the same phone keeps them too.
    phone.get_by_role("button", name="Put 1 threat token on the board").click()
    toast(phone, "Recorded: ")
    expect(phone.locator("#play-live .dg-counter").nth(1)).to_contain_text("1")
    day_turn = phone.locator(".dg-day-turn")
    for place, ticked in zip(PLACES, (True, True, False)):
        expect(day_turn.get_by_role("checkbox", name=place)).to_be_checked(checked=ticked)

    # The kept ticks are the ones sent: the third one, and Ana feeds.
    day_turn.get_by_role("checkbox", name=PLACES[2]).check()
    day_turn.get_by_role("button", name="Day turn").click()
    toast(phone, "Ana (at 3) feeds at once (a quest, the Stronghold chart, the Threat Event deck)")
    assert state_now(campaign).heroes["Ana"].hunger == 0
    # The form that was sent starts afresh.
    expect(phone.locator(".dg-day-turn input[type=checkbox]")).to_have_count(0)

    # A tap low on the page: the fort card form, far below the top of the page.
    phone.locator("#dg-fort-card summary").click()
    cards = phone.locator("#dg-fort-card")
    cards.get_by_role("radio", name=re.compile(r"\bBen\b")).check()
    cards.get_by_label("Card").fill("Crossbow")
    cards.get_by_role("button", name="Record the card").click()
    message = toast(phone, "Recorded: Ben draws Crossbow from the fort.")
    assert phone.evaluate("window.scrollY") > 300  # the page stayed where the player was
    phone.screenshot(path=SCREENSHOTS / "keeps-input-02-toast-low-tap.png")
    message.get_by_role("button", name="Dismiss").click()  # before it leaves by itself (6 s)
    expect(message).to_have_count(0)
    shoot(phone, "keeps-input-02-toast-low-tap-full")

    # Dark, 360 px: the chapter complete button at the bottom; the reminder waits longer.
    other.reload()
    other.get_by_role("link", name="Chapter 1 is complete…").click()
    other.get_by_role("button", name="Yes: chapter 1 is complete").click()
    toast(other, "Recorded: The chapter is complete.")
    # The totals: announced in the status region and on the board; where the screen has no room
    # free of controls for both toasts, only the confirmation stays in sight.
    expect(other.locator("#toasts[role=status] .message", has_text="Chapter 1 ends with")).to_have_count(1)
    expect(other.locator("#play-live .dg-totals")).to_contain_text("Chapter 1 ended with")
    other.screenshot(path=SCREENSHOTS / "keeps-input-03-toast-dark-360.png")
    shoot(other, "keeps-input-03-toast-dark-360-full")
    # A confirmation leaves by itself; the status region stays for the next.
    expect(other.get_by_text("Recorded: The chapter is complete.")).to_have_count(0, timeout=9000)
    expect(other.locator("#toasts[role=status]")).to_have_count(1)
    assert not phone.csp_errors and not other.csp_errors


def test_a_risk_legacy_refresh_keeps_a_half_filled_event_form(new_phone, shoot):
    olive = UserFactory(username="olive")
    campaign = game_one_started(olive)
    phone = new_phone(viewport=SMALL_PHONE)
    log_in(phone, "olive")
    phone.goto(f"/campaigns/{campaign.slug}/play/")
    phone.get_by_text("A scar was placed").click()
    phone.get_by_label("Played by").select_option("Cid")
    phone.get_by_label("Territory").first.select_option("Siberia")

    # Another phone records (straight into the journal): the page refreshes its status...
    state = states.state(campaign)
    scarred_by = state.last_game.seats[0].player
    store.append(campaign, [Entry("event", {"type": "scar", "player": scarred_by, "territory": "Egypt",
                                            "scar": "Bunker"})], olive)
    expect(phone.locator("#play-live .live-changed")).to_be_visible(timeout=5000)
    expect(phone.locator("#play-recent")).to_contain_text("Egypt")
    # ... and the half-filled scar form keeps what was chosen.
    chosen = "s => s.selectedOptions[0].textContent.trim()"
    assert phone.get_by_label("Played by").evaluate(chosen).startswith("Cid")
    assert phone.get_by_label("Territory").first.evaluate(chosen) == "Siberia"
    phone.get_by_label(re.compile("^Scar:?$")).select_option("Ammo Shortage")
    phone.get_by_role("button", name="Record").first.click()
    toast(phone, "Recorded: Cid scarred Siberia: Ammo Shortage.")
    phone.screenshot(path=SCREENSHOTS / "keeps-input-04-risk-legacy-toast-360.png")
    shoot(phone, "keeps-input-04-risk-legacy-toast-360-full")


def test_a_visitor_sees_the_games_the_registry_knows(new_phone, shoot):
    from campaigns import registry

    phone = new_phone(viewport=SMALL_PHONE)
    phone.goto("/")
    games = phone.get_by_role("list", name="The games it knows").get_by_role("listitem")
    expect(games).to_have_text([system.label for system in registry.systems()])
    shoot(phone, "home-visitor-games-360")
