"""The stats page on a phone and a desktop, light and dark; the app installs and reads offline."""

import re

import pytest
from playwright.sync_api import expect

from campaigns import store
from campaigns.models import Campaign, Player

from tests.browser.fixtures import log_in as log_in_as
from tests.conftest import load_journal
from tests.factories import UserFactory

DESKTOP = {"width": 1280, "height": 900}
PASSWORD = "a long table password"
JOURNALS = ("risk_legacy_15_games", "risk_skyrim_plays", "captain_america_plays", "dawnguard_campaign")


@pytest.fixture
def demo_group(transactional_db):
    """A player with the four demo campaigns, her name linked in the Risk Legacy one."""
    user = UserFactory(username="ana", password=PASSWORD)
    campaigns = {name: store.import_journal(load_journal(f"{name}.json"), owner=user) for name in JOURNALS}
    Player.objects.filter(campaign=campaigns["risk_legacy_15_games"], name="Ana").update(user=user)
    return campaigns


@pytest.fixture
def new_desktop(browser, live_server):
    contexts = []

    def open_desktop(color_scheme="light"):
        context = browser.new_context(viewport=DESKTOP, base_url=live_server.url, color_scheme=color_scheme)
        contexts.append(context)
        page = context.new_page()
        page.csp_errors = []
        page.on("console", lambda message: message.type == "error" and page.csp_errors.append(message.text))
        return page

    yield open_desktop
    for context in contexts:
        context.close()


def log_in(page, username="ana"):
    log_in_as(page, username, PASSWORD)


def open_stats(page):
    page.get_by_role("link", name="Stats", exact=True).click()
    expect(page.get_by_role("heading", name="Stats", exact=True)).to_be_visible()
    expect(page.get_by_role("heading", name="Wins over time")).to_be_visible()


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
def test_the_stats_page_on_a_phone(new_phone, shoot, demo_group, color_scheme):
    phone = new_phone(color_scheme=color_scheme)
    log_in(phone)
    open_stats(phone)
    players = phone.locator("#players-heading + table")
    expect(players.get_by_role("row", name=re.compile(r"^Ana you"))).to_contain_text("25 10 40%")
    shoot(phone, f"stats-01-phone-{color_scheme}")

    # The filter swaps the results in place (htmx) and the address follows.
    skyrim = demo_group["risk_skyrim_plays"]
    phone.get_by_label("Campaign").select_option(skyrim.slug)
    expect(phone).to_have_url(re.compile(rf"/stats/\?campaign={skyrim.slug}$"))
    expect(phone.get_by_role("heading", name="Export plays")).to_be_visible()
    expect(phone.locator(".stats-tiles")).to_contain_text("Games8")
    shoot(phone, f"stats-02-phone-one-campaign-{color_scheme}")
    with phone.expect_download() as download:
        phone.get_by_role("link", name="Plays (CSV)").click()
    assert download.value.suggested_filename == f"{skyrim.slug}-plays.csv"
    # Nothing wider than the phone.
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert phone.csp_errors == []


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
def test_the_stats_page_on_a_desktop(new_desktop, shoot, demo_group, color_scheme):
    desktop = new_desktop(color_scheme=color_scheme)
    log_in(desktop)
    open_stats(desktop)
    expect(desktop.get_by_role("heading", name="Head to head")).to_be_visible()
    desktop.get_by_text("Game by game, as a table").click()
    expect(desktop.locator(".chart-table table")).to_be_visible()
    shoot(desktop, f"stats-03-desktop-{color_scheme}")
    assert desktop.csp_errors == []


def test_the_filter_works_without_javascript(browser, live_server, shoot, demo_group):
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server.url,
                                  java_script_enabled=False)
    try:
        page = context.new_page()
        log_in(page)
        page.goto("/stats/")
        dawnguard = demo_group["dawnguard_campaign"]
        page.get_by_label("Campaign").select_option(dawnguard.slug)
        page.get_by_role("button", name="Show").click()
        expect(page).to_have_url(re.compile(rf"campaign={dawnguard.slug}"))
        expect(page.get_by_text("Dawnguard is played together")).to_be_visible()
        shoot(page, "stats-04-phone-dawnguard-no-js")
    finally:
        context.close()


def kept_pages(page):
    return page.evaluate(
        """async () => {
            const urls = [];
            for (const name of await caches.keys()) {
                const cache = await caches.open(name);
                urls.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
            }
            return urls;
        }"""
    )


def test_the_app_installs_and_reads_a_visited_campaign_offline(new_phone, shoot, demo_group):
    phone = new_phone()
    log_in(phone)
    legacy = demo_group["risk_legacy_15_games"]
    phone.goto(f"/campaigns/{legacy.slug}/")
    expect(phone.get_by_role("heading", name="Thursday Earth")).to_be_visible()
    assert phone.evaluate("navigator.serviceWorker.ready.then((registration) => registration.scope)") == (
        phone.evaluate("location.origin") + "/"
    )
    manifest = phone.evaluate(
        "fetch(document.querySelector('link[rel=manifest]').href).then((response) => response.json())"
    )
    assert manifest["name"] == "Legacy Ledger"

    # Opened once the worker is in charge, the page is kept on the phone.
    phone.wait_for_function("navigator.serviceWorker.controller !== null")
    phone.goto(f"/campaigns/{legacy.slug}/")
    phone.wait_for_function(
        f"caches.match('/campaigns/{legacy.slug}/', {{ignoreVary: true}}).then((kept) => kept !== undefined)"
    )
    assert not [url for url in kept_pages(phone) if url.startswith("/accounts/")]

    # Downloads pass through the worker untouched, and are not kept.
    phone.goto(f"/stats/?campaign={legacy.slug}")
    with phone.expect_download() as download:
        phone.get_by_role("link", name="BG Stats file").click()
    assert download.value.suggested_filename == f"{legacy.slug}-bgstats.json"
    assert f"/campaigns/{legacy.slug}/bgstats.json" not in kept_pages(phone)

    # Renamed since: offline, the phone shows its copy (the old name), with a word about it.
    Campaign.objects.filter(pk=legacy.pk).update(name="Renamed while we were away")
    phone.context.set_offline(True)
    phone.goto(f"/campaigns/{legacy.slug}/")
    expect(phone.get_by_role("heading", name="Thursday Earth")).to_be_visible()
    expect(phone.get_by_text("You are offline: pages read from this phone's copy")).to_be_visible()
    shoot(phone, "stats-05-offline-kept-campaign")

    # A page never opened: the offline page, listing what the phone kept.
    phone.goto(f"/campaigns/{demo_group['dawnguard_campaign'].slug}/")
    expect(phone.get_by_role("heading", name="You are offline")).to_be_visible()
    saved = phone.locator("#saved-pages")
    expect(saved.get_by_role("link", name="Thursday Earth", exact=True)).to_be_visible()
    expect(saved.get_by_role("link", name="Stats · Thursday Earth")).to_be_visible()
    shoot(phone, "stats-06-offline-page")

    phone.context.set_offline(False)
    phone.goto(f"/campaigns/{legacy.slug}/")
    expect(phone.get_by_role("heading", name="Renamed while we were away")).to_be_visible()
    expect(phone.get_by_text("You are offline")).to_be_hidden()

    # Logging out forgets the kept pages: the next person on this phone reads nothing offline.
    phone.get_by_role("button", name="Log out").click()
    expect(phone.get_by_role("heading", name="Log in")).to_be_visible()
    phone.wait_for_function(
        f"caches.match('/campaigns/{legacy.slug}/', {{ignoreVary: true}}).then((kept) => kept === undefined)"
    )
    assert phone.csp_errors == []
