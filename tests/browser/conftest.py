"""Browser tests: Playwright driving Debian's Chromium on a phone-sized screen.

Playwright never downloads a browser here: it launches /usr/bin/chromium.
"""

from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}
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

    def open_phone(color_scheme="light"):
        context = browser.new_context(
            viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True,
            base_url=live_server.url, color_scheme=color_scheme,
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

    def take(page, name):
        page.screenshot(path=SCREENSHOTS / f"{name}.png", full_page=True)

    return take


@pytest.fixture(autouse=True)
def browser_tests_use_a_committed_database(request):
    # The live server runs in another thread, so tests must commit what they create.
    if "live_server" in request.fixturenames:
        request.getfixturevalue("transactional_db")
