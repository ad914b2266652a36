"""Before play on a phone: set up a new Risk Legacy campaign, start game 1, count recruits."""

import re

from playwright.sync_api import expect

from campaigns import states
from campaigns.models import Membership
from campaigns.rules import risk_legacy as rules

from tests.browser.fixtures import log_in
from tests.factories import CampaignFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.rows import row_id, row_name
from tests.systems.risk_legacy.browser.helpers import choose, console_errors, pick_start, settled

POWERS = {
    "Die Mechaniker": "Fortify HQ: when defending your HQ, add 1 to your highest die.",
    "Enclave of the Bear": "Ferocity: when attacking with 3 troops, add 1 to your highest die.",
    "Imperial Balkania": "Recruit Offensive: recruit as if you held 1 more territory per HQ you control.",
    "Khan Industries": "Overwhelming Numbers: recruit in groups of 3 next to your HQ.",
    "Saharan Republic": "Desert Nomads: you may maneuver between territories that are not connected.",
}
CHART = {2: 2, 3: 4, 4: 7, 5: 10, 6: 13, 7: 17, 8: 21, 9: 25, 10: 30}









def coin_count(page):
    return page.locator(".coin-count strong")


def start_options(page, seat):
    return page.locator(f"input[name='{row_name("seats", seat, "start")}']:not([value=''])")


def start_chip(page, seat, territory):
    """Seat `seat`'s radio for the HQ start `territory` (none when it is not legal there)."""
    return page.locator(f"input[name='{row_name("seats", seat, "start")}'][value='{territory}']")




def test_set_up_a_campaign_then_start_game_1_with_four_players(new_phone, shoot):
    owner = UserFactory(username="olive")
    campaign = CampaignFactory(name="Thursday Earth", system="risk-legacy")
    MembershipFactory(campaign=campaign, user=owner, role=Membership.Role.OWNER)
    for position, name in enumerate(["Ana", "Ben", "Cid"]):
        PlayerFactory(campaign=campaign, name=name, position=position)

    page = new_phone()
    log_in(page, "olive")
    page.goto(f"/campaigns/{campaign.slug}/setup/")
    expect(page.get_by_role("heading", name="Starting powers")).to_be_visible()
    shoot(page, "setup-01-empty")

    # Starting powers: the text on each sticker kept.
    for faction, text in POWERS.items():
        page.get_by_label(faction).fill(text)
    page.get_by_label("Die Mechaniker").scroll_into_view_if_needed()
    page.screenshot(path=_viewport("setup-02-powers"))

    # Coins: − / + per card, never above 3 on a card before game 1.
    page.get_by_role("button", name="Put a coin on Brazil").click()
    expect(coin_count(page)).to_have_text("1 of 12")
    page.get_by_role("button", name="Put a coin on Brazil").click()
    expect(coin_count(page)).to_have_text("2 of 12")
    expect(page.get_by_role("button", name="Put a coin on Brazil")).to_be_disabled()  # the card holds 3
    page.get_by_role("button", name="Put a coin on Peru").click()
    expect(coin_count(page)).to_have_text("3 of 12")
    page.get_by_role("button", name="Take a coin off Brazil").click()
    expect(coin_count(page)).to_have_text("2 of 12")
    # The powers typed above survive the coin section's swaps.
    expect(page.get_by_label("Khan Industries")).to_have_value(POWERS["Khan Industries"])
    page.get_by_role("button", name="Take a coin off Peru").scroll_into_view_if_needed()
    page.screenshot(path=_viewport("setup-03-coins-by-hand"))

    # Saving with 2 coins of 12 is refused: the message sits in the coin section, nothing is lost.
    page.get_by_role("button", name="Save the setup").click()
    expect(page.get_by_text("Nothing was saved. Look at Coin stickers.")).to_be_visible()
    page.screenshot(path=_viewport("setup-04-refused-top"))
    page.get_by_role("link", name="Coin stickers").click()
    expect(page.locator("#coin-errors")).to_have_text("All 12 coin stickers must be placed, not 2")
    expect(coin_count(page)).to_have_text("2 of 12")
    expect(page.get_by_label("Khan Industries")).to_have_value(POWERS["Khan Industries"])
    page.screenshot(path=_viewport("setup-05-refused-coins"))

    # At random: the 10 coins still to place; the two placed by hand stay where they are.
    page.get_by_role("button", name="Place at random").click()
    expect(coin_count(page)).to_have_text("12 of 12")
    expect(page.locator("#coin-errors")).to_have_count(0)
    counts = page.locator("input[type=hidden][name^=coins-]").evaluate_all("inputs => inputs.map(i => +i.value)")
    assert sum(counts) == 12
    for kept in ("brazil", "peru"):
        assert int(page.locator(f"input[name=coins-{kept}]").get_attribute("value")) >= 1
    expect(page.get_by_role("button", name="Place at random")).to_be_disabled()  # nothing left to place
    expect(page.get_by_role("button", name="Put a coin on Brazil")).to_be_disabled()  # all 12 are placed
    page.get_by_role("heading", name="Coin stickers").scroll_into_view_if_needed()
    page.screenshot(path=_viewport("setup-06-coins-at-random"))

    # The trade-in chart printed on the board.
    for icons, troops in CHART.items():
        page.get_by_label(f"Troops for {icons} Resource icons").fill(str(troops))
    page.get_by_role("heading", name="Trade-in chart").scroll_into_view_if_needed()
    page.screenshot(path=_viewport("setup-07-chart"))
    shoot(page, "setup-08-whole-form")

    page.get_by_role("button", name="Save the setup").click()
    expect(page.get_by_text("The campaign is set up")).to_be_visible()
    expect(page.get_by_role("heading", name="Start game 1")).to_be_visible()
    shoot(page, "start-01-empty")

    # Seats clockwise: three from the roster, and a fourth added on the spot.
    choose(page, row_id("seats", 1, "player"), "Ana")
    expect(page.locator("#seat-1 .token.star")).to_have_text("★ 1 Red Star")
    choose(page, row_id("seats", 1, "faction"), "Khan Industries")
    pick_start(page, 1, "Egypt")
    # Seat 2's choices change as seat 1 chooses: no Egypt, nothing next to it.
    expect(start_chip(page, 2, "Egypt")).to_have_count(0)
    expect(start_chip(page, 2, "North Africa")).to_have_count(0)
    choose(page, row_id("seats", 2, "player"), "Ben")
    choose(page, row_id("seats", 2, "faction"), "Enclave of the Bear")
    pick_start(page, 2, "Peru")
    expect(start_chip(page, 3, "Brazil")).to_have_count(0)
    choose(page, row_id("seats", 3, "player"), "Cid")
    choose(page, row_id("seats", 3, "faction"), "Die Mechaniker")
    pick_start(page, 3, "Ural")
    expect(start_chip(page, 4, "Ural")).to_have_count(0)
    settled(page).locator("#seat-1").scroll_into_view_if_needed()
    page.screenshot(path=_viewport("start-02-three-seats"))

    page.get_by_label("Someone new at the table?").fill("Dee")
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page.get_by_text("Dee joined the roster and takes seat 4.")).to_be_visible()
    expect(page.locator(row_id("seats", 4, "player"))).to_have_value("Dee")
    choose(page, row_id("seats", 4, "faction"), "Imperial Balkania")
    expect(start_options(page, 4)).to_have_count(_legal_count(campaign, "Dee", ["Egypt", "Peru", "Ural"]))

    # Why not North Africa for Dee? Because it borders Ana's Egypt.
    page.locator("#seat-4 .why-not summary").click()
    choose(page, row_id("seats", 4, "why"), "North Africa")
    expect(page.locator("#seat-4 .why-answer")).to_have_text(
        "North Africa borders Egypt, an earlier seat's start: HQs may not be adjacent"
    )
    pick_start(page, 4, "Western Europe")
    page.get_by_label("Scar cards in the deck").fill("3")
    page.get_by_label("Scar cards in the deck").press("Tab")
    expect(page.locator(".scar-note")).to_have_text(re.compile("not dealt, only 3 for 4 players"))
    settled(page).locator("#seat-4").scroll_into_view_if_needed()
    page.screenshot(path=_viewport("start-03-why-not"))
    shoot(page, "start-04-four-seats")

    # Seat 1 changes its mind: seat 4's Western Europe stays legal, seat 2's Peru does not.
    pick_start(page, 1, "Brazil")
    expect(page.locator("#seat-2 .errorlist")).to_have_text(re.compile("Peru borders Brazil"))
    settled(page).locator("#seat-2").scroll_into_view_if_needed()
    page.screenshot(path=_viewport("start-05-a-start-no-longer-legal"))
    pick_start(page, 1, "Egypt")
    pick_start(page, 2, "Peru")
    expect(page.locator("#seat-2 .errorlist")).to_have_count(0)
    settled(page)

    page.get_by_role("button", name="Start game 1").click()
    expect(page.get_by_text("Game 1 is on: Ana, Ben, Cid and Dee. Good luck!")).to_be_visible()
    expect(page).to_have_url(re.compile(rf"/campaigns/{campaign.slug}/play/$"))  # straight to the Play page
    expect(page.locator("#play-live")).to_contain_text("Game 1 in progress")
    shoot(page, "start-06-game-1-is-on")

    campaign.refresh_from_db()
    game = states.state(campaign).last_game
    assert [(s.player, s.faction, s.start) for s in game.seats] == [
        ("Ana", "Khan Industries", "Egypt"),
        ("Ben", "Enclave of the Bear", "Peru"),
        ("Cid", "Die Mechaniker", "Ural"),
        ("Dee", "Imperial Balkania", "Western Europe"),
    ]

    # During the game: how many troops does Ben recruit?
    page.goto(f"/campaigns/{campaign.slug}/recruitment/")
    choose(page, "#id_player", "Ben")
    for territory in rules.CONTINENT_TERRITORIES["South America"]:
        page.locator("label.chip", has_text=territory).click()
    page.locator("label.chip", has_text="Central America").click()
    # 5 territories: 3 at least, + 2 for South America; then cards worth 3 Resource icons: + 4.
    expect(page.locator("#recruitment-result .troops strong")).to_have_text("5")
    # One card is not a trade-in (2 or more): the calculator says so.
    choose(page, "#id_cards", "1")
    choose(page, "#id_icons", "3")
    expect(page.get_by_text("A trade-in needs 2 or more Resource cards, not 1").first).to_be_visible()
    page.locator("#id_cards").scroll_into_view_if_needed()
    page.screenshot(path=_viewport("recruit-00-one-card-refused"))
    choose(page, "#id_cards", "2")
    expect(page.locator("#recruitment-result .troops strong")).to_have_text("9")
    settled(page).get_by_role("heading", name="Territories held").scroll_into_view_if_needed()
    page.screenshot(path=_viewport("recruit-01-top"))
    page.locator("label.chip", has_text="Argentina").scroll_into_view_if_needed()
    page.screenshot(path=_viewport("recruit-02-south-america"))

    assert console_errors(page) == []


def test_the_pages_in_the_dark(new_phone, shoot):
    owner = UserFactory(username="olive")
    campaign = CampaignFactory(name="Thursday Earth", system="risk-legacy")
    MembershipFactory(campaign=campaign, user=owner, role=Membership.Role.OWNER)
    for position, name in enumerate(["Ana", "Ben", "Cid", "Dee"]):
        PlayerFactory(campaign=campaign, name=name, position=position)
    page = new_phone(color_scheme="dark")
    log_in(page, "olive")
    page.goto(f"/campaigns/{campaign.slug}/setup/")
    page.get_by_role("button", name="Put a coin on Alaska").click()
    expect(coin_count(page)).to_have_text("1 of 12")
    page.get_by_role("heading", name="Coin stickers").scroll_into_view_if_needed()
    page.screenshot(path=_viewport("dark-01-coins"))
    page.get_by_role("button", name="Place at random").click()
    for faction in rules.FACTIONS:
        page.get_by_label(faction).fill("A power")
    page.get_by_role("button", name="Save the setup").click()
    choose(page, row_id("seats", 1, "player"), "Ana")
    choose(page, row_id("seats", 1, "faction"), "Saharan Republic")
    pick_start(page, 1, "Congo")
    expect(start_chip(page, 2, "Congo")).to_have_count(0)
    page.get_by_label("Scar cards in the deck").fill("6")
    page.get_by_label("Scar cards in the deck").press("Tab")
    dealt = re.compile(r"dealt, one to each player \(6 in the deck for 4\)")  # the roster is seated
    expect(page.locator(".scar-note")).to_have_text(dealt)
    settled(page).screenshot(path=_viewport("dark-02-start"))
    page.goto(f"/campaigns/{campaign.slug}/recruitment/")
    for territory in rules.CONTINENT_TERRITORIES["Australia"]:
        page.locator("label.chip", has_text=territory).click()
    expect(page.locator("#recruitment-result .troops strong")).to_have_text("5")
    settled(page).screenshot(path=_viewport("dark-03-recruitment"))
    assert console_errors(page) == []


def _legal_count(campaign, player, chosen):
    campaign.refresh_from_db()
    return len(rules.legal_starts(states.state(campaign), player, chosen))


def _viewport(name):
    """A screenshot of what the phone shows right now (not the whole page)."""
    from tests.browser.fixtures import SCREENSHOTS

    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS / f"{name}.png"


def test_without_javascript_the_buttons_are_plain_form_submits(browser, live_server):
    from tests.browser.fixtures import PHONE

    owner = UserFactory(username="olive")
    campaign = CampaignFactory(name="Thursday Earth", system="risk-legacy")
    MembershipFactory(campaign=campaign, user=owner, role=Membership.Role.OWNER)
    for position, name in enumerate(["Ana", "Ben", "Cid"]):
        PlayerFactory(campaign=campaign, name=name, position=position)
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, java_script_enabled=False)
    try:
        page = context.new_page()
        log_in(page, "olive")
        page.goto(f"/campaigns/{campaign.slug}/setup/")
        page.get_by_label("Die Mechaniker").fill("Typed before a tap")
        page.get_by_role("button", name="Put a coin on Japan").click()  # a full round trip
        expect(coin_count(page)).to_have_text("1 of 12")
        expect(page.get_by_label("Die Mechaniker")).to_have_value("Typed before a tap")
        page.get_by_role("button", name="Place at random").click()
        expect(coin_count(page)).to_have_text("12 of 12")
        for faction in rules.FACTIONS:
            page.get_by_label(faction).fill("A power")
        page.get_by_role("button", name="Save the setup").click()
        expect(page.get_by_role("heading", name="Start game 1")).to_be_visible()

        choose(page, row_id("seats", 1, "player"), "Ana")
        choose(page, row_id("seats", 1, "faction"), "Khan Industries")
        pick_start(page, 1, "Egypt")
        expect(start_chip(page, 2, "Egypt")).to_have_count(1)  # not updated yet
        page.get_by_role("button", name="Update choices").click()
        expect(start_chip(page, 2, "Egypt")).to_have_count(0)
        expect(start_chip(page, 1, "Egypt")).to_be_checked()

        page.goto(f"/campaigns/{campaign.slug}/recruitment/")
        for territory in rules.CONTINENT_TERRITORIES["Australia"]:
            page.locator("label.chip", has_text=territory).click()
        page.get_by_role("button", name="Count").click()
        expect(page.locator("#recruitment-result .troops strong")).to_have_text("5")
    finally:
        context.close()
