"""Browser tests' fixtures (a pytest plugin: pyproject.toml loads it with -p, so every browser/ folder has them): Playwright driving Debian's Chromium on a phone-sized screen.

Playwright never downloads a browser here: it launches /usr/bin/chromium.
"""

import re
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect, sync_playwright

CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 740}
SCREENSHOTS = Path(__file__).parent / "screenshots"


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        yield browser
        browser.close()


@pytest.fixture
def new_phone(browser, live_server):
    """Open a fresh phone (its own cookies) on the live server; closed after the test."""
    contexts = []

    def open_phone(color_scheme="light", viewport=PHONE, javascript=True):
        context = browser.new_context(
            viewport=viewport, device_scale_factor=2, is_mobile=True, has_touch=True,
            base_url=live_server.url, color_scheme=color_scheme, java_script_enabled=javascript,
        )
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
        contexts.append(context)
        page = context.new_page()
        page.csp_errors = []
        page.on(
            "console",
            lambda message: message.type == "error"
            and page.csp_errors.append(f"{message.text} at {message.location.get('url')}:{message.location.get('lineNumber')}"),
        )
        return page

    yield open_phone
    for context in contexts:
        context.close()


@pytest.fixture
def shoot():
    SCREENSHOTS.mkdir(exist_ok=True)

    def take(page, name, accessible=True):
        """Save a screenshot of the page, then check it with axe-core, light and dark: every page a
        browser test shows is checked (pass accessible=False for a mid-animation frame)."""
        _screenshot(page, path=SCREENSHOTS / f"{name}.png", full_page=True)
        if accessible:
            assert_accessible(page)

    return take


def phone_shot(page, name, at=None):
    """What the phone shows right now (its viewport, not the whole page), scrolled to `at` (a
    locator) first: the form a player is filling in, as they see it."""
    if at is not None:
        at.scroll_into_view_if_needed()
    SCREENSHOTS.mkdir(exist_ok=True)
    _screenshot(page, path=SCREENSHOTS / f"{name}.png")


# Chromium on a busy machine now and then answers a capture with "Unable to capture screenshot"
# (the compositor missed its frame): taken again, it is the same picture.
SCREENSHOT_ATTEMPTS = 3


def _screenshot(page, **options):
    for attempt in range(1, SCREENSHOT_ATTEMPTS + 1):
        try:
            return page.screenshot(**options)
        except PlaywrightError as error:
            if "Unable to capture screenshot" not in str(error) or attempt == SCREENSHOT_ATTEMPTS:
                raise
            page.wait_for_timeout(200)


@pytest.fixture(autouse=True)
def no_console_error(request):
    """Fail any browser test in whose pages the console logs an error or a script throws (CSP
    violations, a failed request, an htmx error such as an hx-include matching nothing): every
    browser context a test opens is watched, however the test opens it."""
    if "browser" not in request.fixturenames:
        yield
        return
    browser = request.getfixturevalue("browser")
    errors = ConsoleErrors()
    opens = browser.new_context

    def new_context(*args, **kwargs):
        context = opens(*args, **kwargs)
        context.on(
            "console",
            lambda message: message.type == "error"
            and errors.append(f"console: {message.text} at {message.location.get('url')}:{message.location.get('lineNumber')}"),
        )
        context.on("weberror", lambda error: errors.append(f"uncaught: {error.error}"))
        return context

    browser.new_context = new_context
    try:
        yield errors
    finally:
        del browser.new_context
    unexpected = errors.unexpected()
    assert not unexpected, "errors in the browser's console:\n" + "\n".join(unexpected)


class ConsoleErrors(list):
    """What no_console_error collected. A test that asks for an error on purpose (a page that
    answers 404, which the browser logs) says so: `no_console_error.expect("404 (Not Found)")`."""

    def __init__(self):
        super().__init__()
        self.expected = []

    def expect(self, words):
        self.expected.append(words)

    def unexpected(self):
        return [error for error in self if not any(words in error for words in self.expected)]


@pytest.fixture(autouse=True)
def browser_tests_use_a_committed_database(request):
    # The live server runs in another thread, so tests must commit what they create.
    if "live_server" in request.fixturenames:
        request.getfixturevalue("transactional_db")


# axe-core, as shipped inside axe-playwright-python: read from the wheel, never downloaded.
AXE = Axe()
SERIOUS = {"serious", "critical"}
# Rules axe-core leaves off by default (experimental, or best practice), turned on here, and
# failing whatever their impact: a visible label inside the accessible name (WCAG 2.5.3: "NW
# Terr." on a board tile is said as "Northwest Territory"), and landmarks told apart by name.
EXTRA_RULES = ("label-content-name-mismatch", "landmark-unique")
AXE_OPTIONS = {"resultTypes": ["violations"], "rules": {rule: {"enabled": True} for rule in EXTRA_RULES}}
# What a colour scheme can change: the page is checked whole in its scheme, and in the other
# only by the rules that read colours (axe's whole run costs a third of a second a page).
COLOUR_RULES = ("color-contrast", "link-in-text-block")
COLOUR_OPTIONS = {"resultTypes": ["violations"], "runOnly": {"type": "rule", "values": list(COLOUR_RULES)}}


def assert_accessible(page, schemes=("light", "dark")):
    """Fail on any serious or critical axe-core violation on the page as it is now, light and dark
    (every rule in the first scheme, the colour rules in the other), and on any violation of the
    EXTRA_RULES.

    Call it on every page a browser test visits. The colour scheme is emulated for the check and
    put back afterwards, so the test carries on as it was.
    """
    if page.locator("html.js").count() == 0:
        # A phone with JavaScript off (js-on.js never ran): axe-core is a script and cannot run
        # here; the same pages are checked where JavaScript runs.
        return
    was = "dark" if page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") else "light"
    failures = []
    for index, scheme in enumerate(schemes):
        page.emulate_media(color_scheme=scheme)
        results = AXE.run(page, options=AXE_OPTIONS if index == 0 else COLOUR_OPTIONS)
        for violation in results.response["violations"]:
            if violation["impact"] in SERIOUS or violation["id"] in EXTRA_RULES:
                targets = "; ".join(
                    f"{' '.join(node['target'])}: {node.get('failureSummary', '').splitlines()[-1].strip()}"
                    for node in violation["nodes"][:8]
                )
                failures.append(
                    f"[{scheme}] {violation['id']} ({violation['impact']}, {len(violation['nodes'])} elements): "
                    f"{violation['help']} — {targets}"
                )
    page.emulate_media(color_scheme=was)
    assert not failures, f"axe-core on {page.url}:\n" + "\n".join(failures)


def open_fold(details):
    """Open a <details> form by its summary, unless it is open already: a fold the player opened
    stays open after their tap and after a refresh (static/js/app.js)."""
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    expect(details).to_have_attribute("open", "")


def log_in(page, username, password="correct horse battery"):
    """Log in through the form (the factories' password unless told) and land on the home page."""
    page.goto("/accounts/login/")
    page.get_by_label(re.compile("^Username")).fill(username)
    page.get_by_label(re.compile(r"^Password:?$")).fill(password)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Your campaigns")).to_be_visible()


def table_of_two(make_campaign):
    """Two players' accounts at one table: Olive's campaign, made by `make_campaign(olive)`, with
    Ben a member of it. Returns the campaign and its Play page's address (log in as "olive" and
    "ben")."""
    from campaigns.models import Membership  # Django is set up by the time a test runs

    from tests.factories import UserFactory

    olive, ben = UserFactory(username="olive"), UserFactory(username="ben")
    campaign = make_campaign(olive)
    Membership.objects.create(campaign=campaign, user=ben, role=Membership.Role.MEMBER)
    return campaign, f"/campaigns/{campaign.slug}/play/"
