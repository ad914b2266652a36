"""The browser fixtures (tests/browser/conftest.py): Chromium at a phone's size, axe, screenshots."""

from tests.browser.conftest import *  # noqa: F403
