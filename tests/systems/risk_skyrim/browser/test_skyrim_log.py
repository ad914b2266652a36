"""Risk: Skyrim at the table on a phone (390x844): log a play of each mode, watching the score
appear as the form is filled, then correct a past play; and the same with JavaScript off,
where the Check button shows the score."""

import re

import pytest
from playwright.sync_api import expect

from campaigns import states

from tests.browser.fixtures import SMALL_PHONE, log_in, phone_shot
from tests.factories import CampaignFactory, UserFactory
from tests.rows import row_id
from tests.systems.risk_skyrim.browser.helpers import PLAYERS, count, mode, seat


@pytest.fixture
def skyrim(transactional_db):
    owner = UserFactory(username="sigrid")
    return CampaignFactory(name="Skyrim nights", system="risk-skyrim", owner=owner, players=PLAYERS)


def now(campaign):
    campaign.refresh_from_db()
    return states.state(campaign)








def check(page, javascript):
    """With JavaScript the score follows each change; without, Check asks for it."""
    if not javascript:
        page.get_by_role("button", name="Check").click()


def saved(page, text):
    page.get_by_role("button", name=re.compile(r"^Save")).click()
    expect(page.get_by_role("status").filter(has_text=text)).to_be_visible()


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_logging_each_mode_and_correcting_a_play(new_phone, shoot, skyrim, javascript):
    page = new_phone(javascript=javascript)
    log_in(page, "sigrid")
    name = "js" if javascript else "nojs"
    new = f"/campaigns/{skyrim.slug}/games/new/"

    # Chaos: the most territories + forts + portals wins.
    page.goto(new)
    expect(page.get_by_role("heading", name="Log play 1")).to_be_visible()
    mode(page, "Chaos")
    seat(page, 1, "Ana", "Thalmor")
    seat(page, 2, "Ben", "Orcs")
    for slot, (territories, forts, portals) in ((1, (20, 4, 3)), (2, (16, 2, 3))):
        count(page, slot, "territories", territories)
        count(page, slot, "forts", forts)
        count(page, slot, "portals", portals)
    check(page, javascript)
    preview = page.locator("#sk-preview")
    expect(preview).to_contain_text("Ana wins")
    expect(preview).to_contain_text("27")
    shoot(page, f"skyrim-{name}-chaos")
    saved(page, "Play 1 is logged: Ana won.")

    # Dovahkiin: the last play's seats come first; two 10-point heroes: who got there first?
    page.goto(new)
    expect(page.locator(row_id("seats", 1, "player"))).to_have_value("Ana")
    expect(page.locator(row_id("seats", 2, "faction"))).to_have_value("Orcs")
    mode(page, "Dovahkiin")
    count(page, 1, "victory_points", 10)
    count(page, 2, "victory_points", 11)
    check(page, javascript)
    expect(preview).to_contain_text("Who got there first")
    preview.get_by_text("Ben", exact=True).click()
    check(page, javascript)
    expect(preview).to_contain_text("Ben wins")
    shoot(page, f"skyrim-{name}-dovahkiin")
    saved(page, "Play 2 is logged: Ben won.")

    # Civil War: 3 players, the one holding all 48 territories wins.
    page.goto(new)
    mode(page, "Civil War")
    seat(page, 3, "Cid", "Imperial")
    page.locator("label[for=id_civil_war_winner_3]").click()
    count(page, 1, "eliminated_in_turn", 7)
    check(page, javascript)
    expect(preview).to_contain_text("Cid wins")
    shoot(page, f"skyrim-{name}-civil-war")
    saved(page, "Play 3 is logged: Cid won.")

    # A refusal: more forts than territories, shown beside the field, nothing saved.
    page.goto(new)
    mode(page, "Chaos")
    for slot, (territories, forts, portals) in ((1, (3, 5, 0)), (2, (10, 1, 1)), (3, (9, 1, 1))):
        count(page, slot, "territories", territories)
        count(page, slot, "forts", forts)
        count(page, slot, "portals", portals)
    page.get_by_role("button", name="Save play 4").click()
    expect(page.locator(".field.has-error", has=page.locator(row_id("seats", 1, "forts")))).to_contain_text(
        "Ana holds 5 forts but only 3 territories: forts are in territories"
    )
    shoot(page, f"skyrim-{name}-refused")
    assert now(skyrim).games_played == 3

    # Correct play 1: Ben held more than typed, so Ben won.
    page.goto(f"/campaigns/{skyrim.slug}/games/1/correct/")
    expect(page.get_by_role("heading", name="Correct play 1")).to_be_visible()
    expect(page.locator(row_id("seats", 2, "territories"))).to_have_value("16")
    count(page, 2, "territories", 25)
    check(page, javascript)
    expect(preview).to_contain_text("Ben wins")
    shoot(page, f"skyrim-{name}-correct")
    saved(page, "Play 1 is corrected: Ben won.")
    state = now(skyrim)
    assert state.game(1).winners == ["Ben"] and state.is_corrected(1)

    # The setup helpers.
    page.goto(f"/campaigns/{skyrim.slug}/skyrim/setup-help/")
    page.select_option("#id_mode", "dovahkiin")
    page.select_option("#id_players", "4")
    if not javascript:
        page.get_by_role("button", name="Count").click()
    expect(page.locator("#start-result")).to_contain_text("24 units each")
    # Dovahkiin's dragons: 4 territory cards drawn, a dragon on each (docs/rules.md, 2026-12-01).
    expect(page.locator("#start-result")).to_contain_text(
        "Dragons: draw 4 territory cards and place a dragon on each of those territories. Only the dragon occupies it"
    )
    count_field = page.locator("#id_territories")
    count_field.fill("14")
    count_field.press("Tab")
    page.select_option("#id_card_set", "one_of_each")
    if not javascript:
        page.get_by_role("button", name="Count").click()
    expect(page.locator("#reinforcement-result")).to_contain_text("12 units to place")
    shoot(page, f"skyrim-{name}-setup-help")
    phone_shot(page, f"skyrim-{name}-setup-help-dragons-phone", at=page.locator("#start-result"))
    # The "?" wildcard set: two cards, 1 unit; three of them held is refused.
    page.select_option("#id_card_set", "wildcard")
    page.select_option("#id_traded_cards_held", "3")
    if not javascript:
        page.get_by_role("button", name="Count").click()
    expect(page.locator("#reinforcement-result")).to_contain_text(
        "the “?” wildcard set is 2 cards: 0 to 2 of them can name a territory you hold, not 3"
    )
    shoot(page, f"skyrim-{name}-setup-help-wildcard-refused")
    phone_shot(page, f"skyrim-{name}-setup-help-wildcard-refused-phone", at=page.locator("#id_traded_cards_held"))
    page.select_option("#id_traded_cards_held", "1")
    if not javascript:
        page.get_by_role("button", name="Count").click()
    expect(page.locator("#reinforcement-result")).to_contain_text("8 units to place")  # 5 + 1 + 2


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_chaos_play_with_dovahkiin_rules(new_phone, shoot, skyrim, javascript):
    """docs/rules.md, 2026-12-01: Dovahkiin rules with Chaos victory conditions is logged as Chaos,
    with the rules noted; a Dovahkiin play nobody won is refused with that pointer."""
    page = new_phone(javascript=javascript)
    log_in(page, "sigrid")
    name = "js" if javascript else "nojs"
    page.goto(f"/campaigns/{skyrim.slug}/games/new/")
    mode(page, "Dovahkiin")
    seat(page, 1, "Ana", "Thalmor")
    seat(page, 2, "Ben", "Orcs")
    count(page, 1, "victory_points", 8)
    count(page, 2, "victory_points", 6)
    page.get_by_role("button", name="Save play 1").click()
    expect(page.get_by_text(re.compile("is logged as a Chaos play, with Dovahkiin rules noted")).first).to_be_visible()
    shoot(page, f"skyrim-{name}-dovahkiin-nobody-won")
    phone_shot(page, f"skyrim-{name}-dovahkiin-nobody-won-phone", at=page.locator("#seats-title"))
    assert now(skyrim).games_played == 0
    mode(page, "Chaos")
    expect(page.get_by_label("Played with Dovahkiin rules")).to_be_visible()
    page.get_by_label("Played with Dovahkiin rules").check()
    for slot, (territories, forts, portals) in ((1, (20, 4, 3)), (2, (16, 2, 3))):
        count(page, slot, "territories", territories)
        count(page, slot, "forts", forts)
        count(page, slot, "portals", portals)
    shoot(page, f"skyrim-{name}-chaos-dovahkiin-rules")
    phone_shot(page, f"skyrim-{name}-chaos-dovahkiin-rules-phone", at=page.get_by_label("Played with Dovahkiin rules"))
    saved(page, "Play 1 is logged: Ana won.")
    expect(page.get_by_text("Chaos (Dovahkiin rules)")).to_be_visible()
    assert now(skyrim).game(1).dovahkiin_rules


def test_the_play_form_fits_a_360px_phone_in_the_dark(new_phone, shoot, skyrim):
    page = new_phone(color_scheme="dark", viewport=SMALL_PHONE)
    log_in(page, "sigrid")
    page.goto(f"/campaigns/{skyrim.slug}/games/new/")
    mode(page, "Dovahkiin")
    seat(page, 1, "Ana", "Thalmor")
    seat(page, 2, "Ben", "Orcs")
    count(page, 1, "victory_points", 12)
    count(page, 2, "victory_points", 4)
    expect(page.locator("#sk-preview")).to_contain_text("Ana wins")
    wide = page.evaluate(
        """[...document.querySelectorAll('main *')].filter(e => e.getBoundingClientRect().right > 360)
           .map(e => e.tagName + '.' + e.className + '#' + e.id + ' ' + e.getBoundingClientRect().right).slice(0, 8)"""
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"], wide
    shoot(page, "skyrim-360-dark")
