"""Looking back at a Dawnguard campaign on a phone (390×844): the overview and the history with
its two charts fit the screen, read in light and dark, and pass axe-core; the player filter
swaps the sittings in place."""

from playwright.sync_api import expect

from campaigns import store

from tests.browser.fixtures import log_in
from tests.conftest import load_journal
from tests.factories import UserFactory
from tests.journal_files import demo_journals

PASSWORD = "a long table password"


def fits_the_phone(page):
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{page.url} is {width} px wide"
    spilling = page.locator("main .card").evaluate_all(
        "cards => cards.filter(card => card.scrollWidth > card.clientWidth + 1)"
        ".map(card => card.querySelector('h2, h3')?.textContent.trim())"
    )
    assert spilling == [], f"content sticks out of these cards on {page.url}"


def test_the_dawnguard_overview_and_history_on_a_phone(new_phone, shoot, transactional_db):
    owner = UserFactory(username="olive", password=PASSWORD)
    data = load_journal("dawnguard_campaign.json")
    data["games"] = data["games"][:4]  # chapter 2 just completed: chapter 3 is next
    campaign = store.import_journal(data, owner=owner)

    for scheme in ("light", "dark"):
        page = new_phone(color_scheme=scheme)
        log_in(page, "olive", PASSWORD)
        page.goto(campaign.get_absolute_url())
        expect(page.get_by_role("heading", name="Heroes")).to_be_visible()
        expect(page.get_by_role("img", name="Hunger 0 of 3").first).to_be_visible()
        fits_the_phone(page)
        shoot(page, f"dawnguard-review-overview-{scheme}")

        page.get_by_role("navigation", name="Campaign").get_by_role("link", name="History").click()
        expect(page.get_by_role("heading", name="Chapter by chapter")).to_be_visible()
        expect(page.get_by_role("img", name="The fort's level after each sitting")).to_be_visible()
        fits_the_phone(page)
        shoot(page, f"dawnguard-review-history-{scheme}")

    # The filter swaps the sittings in place (htmx): Eve played from sitting 3 on.
    page.get_by_label("Sittings played by").select_option("Eve")
    expect(page.locator("li.game[id^=sitting-]")).to_have_count(2)
    expect(page).to_have_url(f"{campaign.get_absolute_url()}history/?player=Eve")
    page.locator("#sitting-3 summary").click()  # the last sitting is open already
    expect(page.get_by_text("Eve joins as Talen-Jei")).to_be_visible()
    page.wait_for_timeout(300)  # the arrow's turn
    fits_the_phone(page)
    shoot(page, "dawnguard-review-history-eve")

    # The stats count its sittings as co-op, with the chapters they completed, and say so.
    page.goto(f"/stats/?campaign={campaign.slug}")
    expect(page.get_by_text("never as a win or a loss")).to_be_visible()
    expect(page.get_by_text("Co-op, completed: Chapter 2").first).to_be_visible()
    fits_the_phone(page)
    shoot(page, "dawnguard-review-stats")


def test_the_demo_campaign_looking_back_on_a_small_phone(new_phone, shoot, transactional_db):
    """The demo's Dawnguard campaign (the one a new group continues at the table) at 360 px."""

    from campaigns.rules.journal import parse_json

    (demo,) = [path for path in demo_journals() if path.name == "dawnguard_campaign.json"]
    owner = UserFactory(username="olive", password=PASSWORD)
    campaign = store.import_journal(parse_json(demo.read_bytes()), owner=owner)
    page = new_phone(viewport={"width": 360, "height": 740})
    log_in(page, "olive", PASSWORD)
    overview = campaign.get_absolute_url()
    for address, name in ((overview, "overview"), (f"{overview}history/", "history")):
        page.goto(address)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"{page.url} is {width} px wide"
        shoot(page, f"dawnguard-review-demo-{name}-360")
