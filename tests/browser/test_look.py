"""Every page on a 360 px phone: nothing wider than the screen, the current tab in sight, and no
serious axe-core violation, light or dark."""

import re

import pytest
from playwright.sync_api import expect

from campaigns import registry, store
from campaigns.models import Campaign, Membership
from campaigns.rules.journal import parse_json
from campaigns.systems.base import SHARED_PAGES

from tests.browser.fixtures import assert_accessible
from tests.browser.fixtures import log_in as log_in_as
from tests.factories import CampaignFactory, MembershipFactory, UserFactory
from tests.journal_files import demo_journals, load_journal

SMALL_PHONE = {"width": 360, "height": 740}
PASSWORD = "a long table password"


# A link whose top sits less than 8 px under a button it overlaps sideways: a thumb meant for
# one hits the other.
JAMMED_LINKS = """() => {
  const shown = (el) => el.checkVisibility() && el.getBoundingClientRect().width > 0;
  const buttons = [...document.querySelectorAll("main button, main .button")].filter(shown);
  const links = [...document.querySelectorAll("main a:not(.button)")].filter(shown);
  const jammed = [];
  for (const link of links) {
    const l = link.getBoundingClientRect();
    for (const button of buttons) {
      const b = button.getBoundingClientRect();
      const sideBySide = l.left < b.right && b.left < l.right;
      if (sideBySide && l.top >= b.bottom - 1 && l.top - b.bottom < 8) {
        jammed.push(`${link.textContent.trim()} under ${button.textContent.trim()}`);
      }
    }
  }
  return jammed;
}"""


@pytest.fixture
def small_phone(browser, live_server):
    context = browser.new_context(
        viewport=SMALL_PHONE, device_scale_factor=1, is_mobile=True, has_touch=True, base_url=live_server.url
    )
    page = context.new_page()
    yield page
    context.close()


def _demo(name):
    return load_journal(name)


def _risk_legacy_at(name, games, *, rewards_chosen=True):
    """The 15-game demo renamed, stopped after `games` (its world not named yet)."""
    full = _demo("risk_legacy_15_games.json")
    journal = {**full, "name": name, "games": full["games"][:games]}
    journal.pop("world")
    if not rewards_chosen:
        journal["games"][-1] = {**journal["games"][-1], "rewards": []}
    return journal


# Every campaign the walk visits, by the step of play its pages show: each demo campaign (one
# of each game system, and a Risk Legacy game in progress) and the Play page's other steps (the
# rewards after a game, naming the world after game 15, set up with no game yet, not set up).
WALKED = {
    **{path.name: (lambda path=path: parse_json(path.read_bytes())) for path in demo_journals()},
    "rewards": lambda: _risk_legacy_at("Rewards Earth", 14, rewards_chosen=False),
    "naming the world": lambda: _risk_legacy_at("World Earth", 15),
    "set up": lambda: _risk_legacy_at("Ready Earth", 0),
    "not set up": None,
}


def _owned(owner, walked: str) -> Campaign:
    journal = WALKED[walked]
    if journal is None:
        campaign = CampaignFactory(name="Fresh Earth", system="risk-legacy")
        MembershipFactory(campaign=campaign, user=owner, role=Membership.Role.OWNER)
    else:
        campaign = store.import_journal(journal(), owner=owner)
    campaign.public_token = f"public-{campaign.slug}"  # every campaign's public page is visited
    campaign.save(update_fields=["public_token"])
    return campaign


def _pages_no_tab_leads_to(campaign) -> list[str]:
    """The addresses under a campaign's own that take no argument, from its system's
    registration: the shared pages it answers (but the live refresh), its own, and undo."""
    system = registry.system_of(campaign)
    shared = [SHARED_PAGES[name] for name in system.pages if name != "live" and "<" not in SHARED_PAGES[name]]
    own = [str(pattern.pattern) for pattern in system.urlpatterns if "<" not in str(pattern.pattern)]
    return [*shared, *own, "undo/"]


@pytest.fixture
def olive(transactional_db):
    return UserFactory(username="olive", password=PASSWORD)


@pytest.fixture
def demo_owner(olive):
    """An owner of every demo campaign (one of each game system, and a Risk Legacy game in progress)."""
    for path in demo_journals():
        _owned(olive, path.name)
    return olive


def log_in(page):
    log_in_as(page, "olive", PASSWORD)


def looks_right(page, shoot, name):
    """The page fits the phone, shows its current tab, and passes axe-core light and dark."""
    page.wait_for_load_state("load")
    shoot(page, f"look-{name}", accessible=False)
    page.emulate_media(color_scheme="dark")
    shoot(page, f"look-{name}-dark", accessible=False)
    page.emulate_media(color_scheme="light")
    # Against the phone's width, not innerWidth: a mobile browser widens its layout viewport to
    # fit a page that overflows, so innerWidth would grow with the page.
    width = [page.evaluate("document.documentElement.scrollWidth"), SMALL_PHONE["width"]]
    assert width[0] <= width[1], f"{page.url} is {width[0]} px wide on a {width[1]} px phone"
    spilling = page.locator("main .card").evaluate_all(
        "cards => cards.filter(card => card.scrollWidth > card.clientWidth + 1)"
        ".map(card => card.querySelector('h2, h3')?.textContent.trim())"
    )
    assert spilling == [], f"content sticks out of these cards on {page.url}"
    tabs = page.locator("nav.tabs")
    if tabs.count():
        current = tabs.locator("[aria-current=page]")
        expect(current).to_have_count(1)
        tab_box, bar_box = current.bounding_box(), tabs.bounding_box()
        assert bar_box["x"] >= 0 and bar_box["x"] + bar_box["width"] <= width[1]
        bar_right, tab_right = bar_box["x"] + bar_box["width"], tab_box["x"] + tab_box["width"]
        assert tab_box["x"] >= bar_box["x"] and tab_right <= bar_right, (
            f"the current tab ({current.inner_text()}) is outside the tab bar on {page.url}"
        )
        # One row (a narrow phone scrolls it sideways, the current tab brought into view above).
        assert bar_box["height"] <= tab_box["height"] + 8, f"the tabs take more than one row on {page.url}"
    headings = page.locator("main :is(h1, h2, h3, h4)").evaluate_all(
        "hs => hs.filter(h => h.checkVisibility()).map(h => h.textContent.trim().replace(/\\s+/g, ' '))"
    )
    assert len(headings) == len(set(headings)), f"a heading shows twice on {page.url}: {headings}"
    assert page.evaluate(JAMMED_LINKS) == [], f"links jammed under buttons on {page.url}"
    assert_accessible(page)


def test_the_app_s_own_pages_fit_a_small_phone_and_pass_axe(small_phone, shoot, demo_owner, no_console_error):
    no_console_error.expect("/campaigns/no-such-campaign/:")  # visited on purpose: a 404, which the browser logs
    page = small_phone
    for path, name in (("/", "landing"), ("/accounts/login/", "login"), ("/accounts/signup/", "signup")):
        page.goto(path)
        looks_right(page, shoot, name)

    log_in(page)
    looks_right(page, shoot, "home")
    for path, name in (
        ("/stats/", "stats"), ("/campaigns/new/", "campaign-new"), ("/accounts/password/", "password"),
        ("/campaigns/no-such-campaign/", "not-found"),
    ):
        page.goto(path)
        looks_right(page, shoot, name)


# One test a campaign, so that the walk is shared among the test run's workers.
@pytest.mark.parametrize("walked", WALKED)
def test_every_page_of_a_campaign_fits_a_small_phone_and_passes_axe(small_phone, live_server, shoot, olive, walked):
    campaign = _owned(olive, walked)
    page = small_phone
    log_in(page)
    page.goto(campaign.get_absolute_url())
    looks_right(page, shoot, f"{campaign.slug}-overview")
    tabs = page.locator("nav.tabs a").evaluate_all("links => links.map(link => [link.textContent.trim(), link.href])")
    assert len(tabs) >= 4
    for label, href in tabs[1:]:
        page.goto(href)
        expect(page.locator("nav.tabs [aria-current=page]")).to_have_text(label)
        looks_right(page, shoot, f"{campaign.slug}-{label.lower()}")
        if label == "Board":
            territories = page.locator("a[href*='/board/']").evaluate_all(
                "links => links.map(link => link.getAttribute('href'))"
            )
            page.goto(next(href for href in territories if re.search(r"/board/[a-z-]+/", href)))
            looks_right(page, shoot, f"{campaign.slug}-territory")
    # The table's pages that no tab leads to (each shows what fits the campaign's step); one
    # that sends elsewhere at this step (a form's POST-only address) is not a page of it.
    seen = {href for _, href in tabs}
    for step in _pages_no_tab_leads_to(campaign):
        asked = f"{live_server.url}{campaign.get_absolute_url()}{step}"
        if asked in seen:
            continue
        page.goto(asked)
        if page.url == asked:
            looks_right(page, shoot, f"{campaign.slug}-{step.strip('/').replace('/', '-')}")
    # A journal appended.
    page.goto(f"{campaign.get_absolute_url()}journal/append/")
    looks_right(page, shoot, f"{campaign.slug}-journal-append")
    page.goto(f"/p/{campaign.public_token}/")
    looks_right(page, shoot, f"{campaign.slug}-public")
    page.goto(f"/join/{campaign.invite_token}/")
    looks_right(page, shoot, f"{campaign.slug}-join")


@pytest.mark.parametrize("javascript", [True, False])
def test_the_no_javascript_buttons_show_only_without_javascript(browser, live_server, shoot, demo_owner, javascript):
    context = browser.new_context(
        viewport=SMALL_PHONE, base_url=live_server.url, java_script_enabled=javascript
    )
    page = context.new_page()
    log_in(page)
    risk = Campaign.objects.get(name="Thursday Earth")
    fallbacks = {
        f"{risk.get_absolute_url()}history/": "Show",
        f"{risk.get_absolute_url()}board/": "Show",
        f"{risk.get_absolute_url()}recruitment/": "Count",
        f"{risk.get_absolute_url()}games/new/": "Update choices",
        "/stats/": "Show",
    }
    for path, label in fallbacks.items():
        page.goto(path)
        button = page.get_by_role("button", name=label, exact=True)
        expect(button).to_be_visible() if not javascript else expect(button).to_be_hidden()
    shoot(page, f"look-stats-{'with' if javascript else 'without'}-javascript")
    context.close()


def test_the_landing_pages_game_list_is_words_not_buttons(small_phone, demo_owner):
    small_phone.goto("/")
    chip = small_phone.get_by_role("list", name="The games it knows").get_by_role("listitem").first
    expect(chip).to_have_text("Risk Legacy")
    style = chip.evaluate("li => [getComputedStyle(li).borderTopWidth, getComputedStyle(li).backgroundColor]")
    assert style == ["0px", "rgba(0, 0, 0, 0)"]
