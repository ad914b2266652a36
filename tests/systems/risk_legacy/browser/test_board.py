"""The board in a browser: a phone and a desktop, light and dark; tap a territory for its
history; move the slider and step through the games; filter the history by player."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.fixtures import PHONE, SCREENSHOTS

DESKTOP = {"width": 1280, "height": 900}
PASSWORD = "correct horse battery"  # tests/factories.py


@pytest.fixture
def open_screen(browser, live_server):
    """A fresh phone or desktop browser (its own cookies), logged in as `user`."""
    contexts = []

    def open_as(user, screen="phone", color_scheme="light"):
        size = {"viewport": PHONE, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
        context = browser.new_context(
            **(size if screen == "phone" else {"viewport": DESKTOP}),
            base_url=live_server.url,
            color_scheme=color_scheme,
        )
        contexts.append(context)
        page = context.new_page()
        page.csp_errors = []
        page.on("console", lambda message: message.type == "error" and page.csp_errors.append(message.text))
        page.goto("/accounts/login/")
        page.get_by_label("Username").fill(user.username)
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Log in").click()
        expect(page.get_by_role("heading", name="Your campaigns")).to_be_visible()
        return page

    yield open_as
    for context in contexts:
        context.close()


def board(campaign, game=None):
    return f"/campaigns/{campaign.slug}/board/" + ("" if game is None else f"?game={game}")


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_the_board_after_game_1_and_game_15(open_screen, shoot, owner, risk_campaign, screen, color_scheme):
    page = open_screen(owner, screen, color_scheme)
    shown, hidden = ("tall", "wide") if screen == "phone" else ("wide", "tall")
    for game in (1, 15):
        page.goto(board(risk_campaign, game))
        expect(page.get_by_role("heading", name=f"After game {game}")).to_be_visible()
        expect(page.locator(f".board-{shown}")).to_be_visible()
        expect(page.locator(f".board-{hidden}")).to_be_hidden()
        expect(page.locator(f".board-{shown} a.tile")).to_have_count(42)
        shoot(page, f"board-{screen}-{color_scheme}-game-{game:02}")
    # Game 15's marks: Siam's destroyed card, Ural fortified afresh, Ukraine's World Capital.
    for name in (
        "Siam: 4 resources, card destroyed",
        re.compile(r"^Ural: Minor City Ironhold, fortified, 10 boxes left"),
        re.compile(r"^Ukraine: World Capital Prime Metropolis"),
    ):
        expect(page.get_by_role("link", name=name)).to_be_visible()
    assert page.csp_errors == []


def test_tap_a_territory_to_see_its_history(open_screen, shoot, owner, risk_campaign):
    page = open_screen(owner)
    page.goto(board(risk_campaign))
    page.get_by_role("link", name=re.compile(r"^Ural: ")).tap()
    expect(page.get_by_role("heading", name="Ural", exact=True)).to_be_visible()
    expect(page.get_by_text("Dee fortified Ironhold in Ural: 10 boxes")).to_be_visible()
    expect(page.get_by_text("Replaced in game 15: its 1 box left was lost")).to_be_visible()
    refortified = "Ana fortified Ironhold in Ural: 10 boxes (a fresh 10: the 1 box left was lost)"
    expect(page.get_by_text(refortified)).to_be_visible()
    shoot(page, "board-territory-phone")
    # The way back, and a neighbour's page.
    page.get_by_role("link", name="Ukraine", exact=True).tap()
    expect(page.get_by_role("heading", name="Ukraine", exact=True)).to_be_visible()
    expect(page.get_by_text("Cid founded the World Capital Prime Metropolis in Ukraine")).to_be_visible()
    page.get_by_role("link", name=re.compile("The board now")).tap()
    expect(page.get_by_role("heading", name="After game 15")).to_be_visible()
    assert page.csp_errors == []


def test_an_earlier_territory_page_comes_from_the_board_at_that_game(open_screen, owner, risk_campaign):
    page = open_screen(owner, "desktop", "dark")
    page.goto(board(risk_campaign, 12))
    page.get_by_role("link", name=re.compile(r"^Ural: ")).click()
    expect(page).to_have_url(re.compile(r"/board/ural/\?game=12$"))
    expect(page.get_by_role("heading", name="Its history until game 12")).to_be_visible()
    expect(page.get_by_text("6 of 10 boxes left", exact=True)).to_be_visible()
    expect(page.get_by_text("Ana fortified")).to_have_count(0)


def test_move_the_slider_and_step_through_the_games(open_screen, shoot, owner, risk_campaign):
    page = open_screen(owner, "phone", "dark")
    page.goto(board(risk_campaign))
    page.evaluate("window.stillThisPage = true")  # htmx swaps the board: the page never reloads
    siam = page.locator(".board-tall a.tile", has_text="Siam")
    expect(siam).to_have_attribute("aria-label", "Siam: 4 resources, card destroyed")

    page.locator("#board-game").fill("5")
    expect(page.get_by_role("heading", name="After game 5")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/board/\?game=5$"))
    expect(siam).to_have_attribute("aria-label", "Siam: 4 resources")  # destroyed only in game 6
    expect(page.locator("#board-game")).to_have_value("5")
    expect(page.locator("#board-game")).to_be_focused()  # htmx kept the focus on the slider

    page.get_by_role("link", name="Game 4").tap()
    expect(page.get_by_role("heading", name="After game 4")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/board/\?game=4$"))
    scarred = re.compile(r"^Siberia: Ammo Shortage scar, 1 resource")
    expect(page.get_by_role("link", name=scarred)).to_be_visible()
    page.get_by_role("link", name="Game 5").tap()
    cancelled = re.compile(r"^Siberia: 1 resource, changed in this game")
    expect(page.get_by_role("link", name=cancelled)).to_be_visible()
    assert page.evaluate("window.stillThisPage") is True

    # The browser's back button returns to the earlier board.
    page.go_back()
    expect(page.get_by_role("heading", name="After game 4")).to_be_visible()
    assert page.csp_errors == []
    # Shot last: a full-page screenshot leaves style="" on the page, which htmx's history
    # snapshot would then trip the CSP on.
    page.locator("#board-game").fill("5")
    expect(page.get_by_role("heading", name="After game 5")).to_be_visible()
    shoot(page, "board-phone-dark-slider-game-05")


def test_the_slider_works_without_javascript(browser, live_server, owner, risk_campaign):
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(owner.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.goto(board(risk_campaign))
    page.locator("#board-game").fill("2")
    page.get_by_role("button", name="Show").click()
    expect(page).to_have_url(re.compile(r"/board/\?game=2$"))
    expect(page.get_by_role("heading", name="After game 2")).to_be_visible()
    context.close()


def test_the_history_page_filtered_by_a_player(open_screen, shoot, owner, risk_campaign):
    page = open_screen(owner, "phone", "light")
    page.goto(f"/campaigns/{risk_campaign.slug}/history/")
    expect(page.get_by_role("heading", name="The victor's section")).to_be_visible()
    expect(page.locator(".victor-slot")).to_have_count(15)
    shoot(page, "history-phone-light")
    page.get_by_label("Games played by").select_option("Eve")
    expect(page).to_have_url(re.compile(r"/history/\?player=Eve$"))
    expect(page.locator("#timeline .game")).to_have_count(12)
    expect(page.locator("#game-2")).to_have_count(0)
    page.locator(".faction-card").first.get_by_text("The back of the card").tap()
    expect(page.locator(".faction-card").first.locator("tbody tr")).to_have_count(15)
    assert page.csp_errors == []


def test_eliminations_missiles_and_recruitment_read_in_words_in_the_history(open_screen, shoot, owner):
    """The events the Play page logs without a territory, and what later entries ended, as
    the history and a territory's page show them on a phone."""
    from campaigns import store

    from tests.journals import every_kind_journal

    campaign = store.import_journal(every_kind_journal(), owner=owner)
    page = open_screen(owner, "phone", "light")
    page.goto(f"/campaigns/{campaign.slug}/history/")
    game_1, game_2 = page.locator("#game-1"), page.locator("#game-2")
    game_1.locator("summary").tap()
    game_2.locator("summary").tap()
    expect(game_1.get_by_text("Cid was eliminated")).to_be_visible()
    expect(game_2.get_by_text("Ana recruited 31 troops while holding a Missile")).to_be_visible()
    expect(game_2.get_by_text("1 Missile fired in one combat")).to_be_visible()
    expect(game_1.get_by_text("(cancelled in game 4 by Eve)")).to_be_visible()
    shoot(page, "history-phone-events-without-a-territory")
    for game in (game_1, game_2):  # the full page is too long to read: each game on its own too
        game.screenshot(path=SCREENSHOTS / f"history-phone-{game.get_attribute('id')}-changes.png")
    page.goto(f"/campaigns/{campaign.slug}/board/japan/")
    expect(page.get_by_text("All 10 boxes ticked by game 4")).to_be_visible()
    expect(page.get_by_text("Replaced in game 7: its 7 boxes left were lost")).to_be_visible()
    shoot(page, "territory-phone-fortifications-ended")
    assert page.csp_errors == []
