"""Screenshots of each system's Play page (and the pages this branch changed) at 390 and
360 px, light, checked by axe-core: what a player looks at on each."""

from campaigns import store

from tests.browser.fixtures import PHONE, SMALL_PHONE, log_in, phone_shot
from tests.factories import CampaignFactory, UserFactory, opened
from tests.journals import play_log_journals
from tests.systems.dawnguard.browser.helpers import five_heroes_at_day


def test_each_play_page_at_390_and_360(new_phone, shoot):

    owner = UserFactory(username="thumb")
    dawnguard = five_heroes_at_day(owner)
    risk = CampaignFactory(after=3, until=opened, owner=owner)
    logs = {name: store.import_journal(journal, owner) for name, journal in play_log_journals().items()}
    skyrim, civil_war = logs["Every kind of Skyrim play"], logs["Every kind of Civil War play"]
    pages = {
        "dawnguard-play": f"/campaigns/{dawnguard.slug}/play/",
        "dawnguard-chapter-confirm": f"/campaigns/{dawnguard.slug}/play/chapter-complete/",
        "risk-legacy-play": f"/campaigns/{risk.slug}/play/",
        "skyrim-log": f"/campaigns/{skyrim.slug}/games/new/",
        "skyrim-history": f"/campaigns/{skyrim.slug}/history/",
        "skyrim-deleted-play": f"/campaigns/{skyrim.slug}/games/3/",
        "captain-america-log": f"/campaigns/{civil_war.slug}/games/new/",
    }
    for viewport, width in ((PHONE, 390), (SMALL_PHONE, 360)):
        phone = new_phone(viewport=viewport)
        log_in(phone, "thumb")
        for name, url in pages.items():
            phone.goto(url)
            assert phone.evaluate("document.documentElement.scrollWidth") <= viewport["width"], name
            shoot(phone, f"thumb-{name}-{width}")
            phone_shot(phone, f"thumb-{name}-{width}-top")
