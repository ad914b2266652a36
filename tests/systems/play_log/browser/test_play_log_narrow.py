"""Every play-log page on the narrowest phone we aim at (360 px wide), in the dark: nothing
wider than the screen, and every button and field at least 44 px tall (the acceptance pass
over the play logs; tests/browser/test_play_log_pages.py looks at them at 390 px)."""

import pytest
from playwright.sync_api import expect

from campaigns import store
from campaigns.rules import play_log

from tests.browser.fixtures import log_in
from tests.conftest import load_journal
from tests.factories import UserFactory

PASSWORD = "a long table password"
NARROW = {"width": 360, "height": 740}

# What the page measures: how far it scrolls sideways, and the controls under 44 px tall
# (a text link inside a sentence is not a tap target of its own).
MEASURE = """() => {
  const small = [];
  for (const el of document.querySelectorAll('main button, main select, main input, main .button, main summary')) {
    const box = el.getBoundingClientRect();
    if (!box.width || el.type === 'hidden' || el.type === 'radio' || el.type === 'checkbox') continue;
    if (box.height < 43.5) small.push(`${el.tagName} "${(el.textContent || el.name || '').trim().slice(0, 30)}" ${Math.round(box.height)}px`);
  }
  return {sideways: document.documentElement.scrollWidth - window.innerWidth, small};
}"""


@pytest.fixture
def logs(transactional_db):
    user = UserFactory(username="ana", password=PASSWORD)
    skyrim = store.import_journal(load_journal("risk_skyrim_plays.json"), owner=user)
    corrected = load_journal("risk_skyrim_plays.json")["games"][0]
    corrected["seats"][1]["territories"] = 22
    store.append(skyrim, [play_log.correction_entry(1, corrected), play_log.deletion_entry(2)], user)
    first_to_ten = store.import_journal(load_journal("risk_skyrim_first_to_ten.json"), owner=user)
    civil_war = store.import_journal(load_journal("captain_america_plays.json"), owner=user)
    return skyrim, first_to_ten, civil_war


def test_every_play_log_page_fits_a_360px_phone_in_the_dark(new_phone, shoot, logs):
    skyrim, first_to_ten, civil_war = logs
    phone = new_phone(color_scheme="dark", viewport=NARROW)
    log_in(phone, "ana", PASSWORD)
    pages = {
        "overview": f"/campaigns/{skyrim.slug}/",
        "log-a-play": f"/campaigns/{skyrim.slug}/games/new/",
        "history": f"/campaigns/{skyrim.slug}/history/",
        "standings": f"/campaigns/{skyrim.slug}/standings/",
        "corrected-play": f"/campaigns/{skyrim.slug}/games/1/",
        "deleted-play": f"/campaigns/{skyrim.slug}/games/2/",
        "correct": f"/campaigns/{skyrim.slug}/games/8/correct/",
        "delete": f"/campaigns/{skyrim.slug}/games/8/delete/",
        "setup-help": f"/campaigns/{skyrim.slug}/skyrim/setup-help/",
        "first-to-10": f"/campaigns/{first_to_ten.slug}/games/1/",
        "ca-log-a-play": f"/campaigns/{civil_war.slug}/games/new/",
        "ca-history": f"/campaigns/{civil_war.slug}/history/",
        "ca-standings": f"/campaigns/{civil_war.slug}/standings/",
        "ca-play": f"/campaigns/{civil_war.slug}/games/3/",
        "ca-setup-help": f"/campaigns/{civil_war.slug}/captain-america/setup-help/",
    }
    for name, address in pages.items():
        phone.goto(address)
        expect(phone.locator("main h1")).to_be_visible()
        measured = phone.evaluate(MEASURE)
        assert measured["sideways"] <= 0, f"{name} scrolls sideways by {measured['sideways']} px"
        assert not measured["small"], f"{name}: controls under 44 px: {measured['small']}"
    # The pages that read worst when squeezed, looked at.
    for name in ("log-a-play", "standings", "first-to-10", "ca-play"):
        phone.goto(pages[name])
        shoot(phone, f"play-log-360-dark-{name}")
