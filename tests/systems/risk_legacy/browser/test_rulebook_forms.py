"""The forms of the rulebook corrections on a phone: a packet during the rewards, a scar the
card lets cover another, the trade-in chart corrected after the setup; and the decisions of
2026-12-01: Missiles by player, a Red Star taken, one scar a player a game."""

import re

from playwright.sync_api import expect

from campaigns import states
from campaigns.rules import journal

from tests.browser.fixtures import SMALL_PHONE, assert_accessible, log_in, open_fold, phone_shot
from tests.conftest import load_journal
from tests.factories import CampaignFactory, UserFactory
from tests.journal_files import RULES
from tests.systems.risk_legacy.browser.helpers import console_errors, game_one_started, scar_twice


def game_one_ended(owner):
    system, title, players, entries = journal.read(load_journal("risk_legacy_15_games.json"), RULES)
    end = next(i for i, e in enumerate(entries) if e.kind == "game_end")
    return CampaignFactory(name=title, system=system.KEY, owner=owner, players=players, entries=entries[: end + 1])


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
        open_fold(phone.locator("details", has_text="A scar was placed"))
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


def game_three_started(owner):
    """Game 3 of the 15-game journal started: Ana (seat 1) and Ben (seat 2) hold a Missile each."""
    system, title, players, entries = journal.read(load_journal("risk_legacy_15_games.json"), RULES)
    third = next(i for i, e in enumerate(entries) if e.kind == "game" and e.data["number"] == 3)
    return CampaignFactory(name=title, system=system.KEY, owner=owner, players=players, entries=entries[: third + 1])


def test_missiles_by_player_a_red_star_and_a_second_scar(new_phone, shoot):
    """docs/rules.md, 2026-12-01: the Missiles form asks who fired (and holding one is then judged per
    player), a Red Star taken is logged, and a player's second scar needs the card."""
    campaign = game_three_started(UserFactory(username="olive"))
    phone = new_phone()
    log_in(phone, "olive")
    phone.goto(f"/campaigns/{campaign.slug}/play/")

    missiles = phone.locator("details", has_text="Missiles fired in one combat")
    for attempt in ("fired", "refused"):
        open_fold(missiles)
        missiles.get_by_label("Missiles in this combat").fill("1")
        missiles.get_by_label("Fired by Ben").fill("1")
        if attempt == "fired":
            shoot(phone, "rulebook-04-missiles-who-fired")
            phone_shot(phone, "rulebook-04-missiles-who-fired-phone", at=missiles.get_by_label("Fired by Ben"))
        missiles.get_by_role("button", name="Record").click()
        if attempt == "fired":
            expect(phone.get_by_text("Recorded: 1 Missile fired by Ben in one combat.")).to_be_visible()
    missiles = phone.locator("details", has_text="Missiles fired in one combat")
    expect(missiles.get_by_text("Ben holds no unfired Missile: their only Missile has been fired in game 3")
           ).to_be_visible()
    shoot(phone, "rulebook-05-missiles-refused")
    phone_shot(phone, "rulebook-05-missiles-refused-phone", at=missiles.get_by_role("button", name="Record"))

    red_star = phone.locator("details", has_text="A Red Star was taken")
    for taker in ("Ana", "Cid"):
        open_fold(red_star)
        red_star.get_by_label("Taken by").select_option(taker)
        red_star.get_by_label("Taken from").select_option("Ben")
        if taker == "Ana":
            shoot(phone, "rulebook-06-red-star")
            phone_shot(phone, "rulebook-06-red-star-phone", at=red_star.get_by_role("button", name="Record"))
        red_star.get_by_role("button", name="Record").click()
        if taker == "Ana":
            expect(phone.get_by_text("Recorded: Ana took a Red Star from Ben, capturing an HQ.")).to_be_visible()
        red_star = phone.locator("details", has_text="A Red Star was taken")
    expect(red_star.get_by_text(re.compile("Ben holds no HQ now, so has no Red Star to take"))).to_be_visible()
    shoot(phone, "rulebook-07-red-star-refused")
    phone_shot(phone, "rulebook-07-red-star-refused-phone", at=red_star.get_by_role("button", name="Record"))

    scar = scar_twice(phone)
    expect(scar.get_by_text(re.compile("Cid has already placed a scar in game 3"))).to_be_visible()
    shoot(phone, "rulebook-08-second-scar-refused")
    phone_shot(phone, "rulebook-08-second-scar-refused-phone", at=scar.get_by_label("Played by"))

    state = states.state(campaign.__class__.objects.get(pk=campaign.pk))
    events = state.last_game.events
    assert events[0] == {"type": "missiles", "count": 1, "by": {"Ben": 1}}
    assert events[1] == {"type": "red_star", "player": "Ana", "from": "Ben"}
    assert [e["type"] for e in events] == ["missiles", "red_star", "scar"]
    no_horizontal_overflow(phone)
    assert console_errors(phone) == []
