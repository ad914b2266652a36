"""Looking back at a play log on a phone (390x844), light and dark: the overview's latest plays
and the next page loaded in place, the history, a play's page, the standings; Captain
America's play and history; the same pages reached without JavaScript."""

import pytest
from playwright.sync_api import expect

from campaigns import store
from campaigns.rules import play_log

from tests.browser.fixtures import log_in
from tests.conftest import load_journal
from tests.factories import UserFactory
from tests.systems.play_log.views.helpers import skyrim_log

PASSWORD = "a long table password"


@pytest.fixture
def logs(transactional_db):
    user = UserFactory(username="ana", password=PASSWORD)
    long_log = skyrim_log(45, players=("Ana", "Ben", "Cid"), name="Skyrim nights")
    # The last play of the long log is the demo's shared Chaos win, so a tie shows too.
    demo = store.import_journal(load_journal("risk_skyrim_plays.json"), owner=user)
    # Play 1 corrected (Ben's territories: a shared win now) and play 2 deleted.
    corrected = load_journal("risk_skyrim_plays.json")["games"][0]
    corrected["seats"][1]["territories"] = 22
    store.append(demo, [play_log.correction_entry(1, corrected), play_log.deletion_entry(2)], user)
    return {
        "skyrim": store.import_journal(long_log, owner=user),
        "demo": demo,
        "civil_war": store.import_journal(load_journal("captain_america_plays.json"), owner=user),
    }


def open_campaign(page, campaign):
    page.goto(f"/campaigns/{campaign.slug}/")
    expect(page.get_by_role("heading", name=campaign.name, level=1)).to_be_visible()


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
def test_a_skyrim_log_looking_back(new_phone, shoot, logs, color_scheme):
    phone = new_phone(color_scheme=color_scheme)
    log_in(phone, "ana", PASSWORD)
    open_campaign(phone, logs["skyrim"])
    plays = phone.locator(".play-item")
    expect(plays).to_have_count(20)
    expect(plays.first).to_contain_text("Play 45")
    shoot(phone, f"play-log-overview-{color_scheme}")

    phone.get_by_role("link", name="Older plays").click()  # htmx: the next page in place
    expect(plays).to_have_count(40)
    expect(phone.locator("#play-25")).to_be_visible()
    assert phone.url.endswith(f"/campaigns/{logs['skyrim'].slug}/")

    phone.get_by_role("link", name="History", exact=True).click()
    expect(phone.get_by_role("heading", name="Every play, the latest first")).to_be_visible()
    expect(plays).to_have_count(20)
    shoot(phone, f"play-log-history-{color_scheme}")

    phone.get_by_role("link", name="Play 44", exact=True).click()
    expect(phone.get_by_role("heading", name="Play 44", level=1)).to_be_visible()
    expect(phone.get_by_role("link", name="Correct this play")).to_be_visible()
    shoot(phone, f"play-log-play-{color_scheme}")

    open_campaign(phone, logs["demo"])
    phone.get_by_role("link", name="Standings", exact=True).click()
    expect(phone.get_by_role("heading", name="Head to head")).to_be_visible()
    shoot(phone, f"play-log-standings-{color_scheme}")

    phone.get_by_role("link", name="History", exact=True).click()
    expect(phone.locator("#play-2")).to_contain_text("Deleted")
    expect(phone.locator("#play-1")).to_contain_text("Corrected")
    expect(phone.locator("#play-1")).to_contain_text("Ana and Ben won")
    shoot(phone, f"play-log-corrections-{color_scheme}")
    phone.get_by_role("link", name="Play 1", exact=True).click()
    expect(phone.locator(".play-differences")).to_contain_text("territories: 16 → 22")
    shoot(phone, f"play-log-corrected-play-{color_scheme}")

    phone.goto(f"/campaigns/{logs['demo'].slug}/games/4/")
    expect(phone.get_by_role("heading", name="Play 4", level=1)).to_be_visible()
    expect(phone.get_by_role("columnheader", name="Victory points", exact=True)).to_be_visible()
    shoot(phone, f"play-log-dovahkiin-play-{color_scheme}")
    assert not phone.csp_errors


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
def test_a_captain_america_log_looking_back(new_phone, shoot, logs, color_scheme):
    phone = new_phone(color_scheme=color_scheme)
    log_in(phone, "ana", PASSWORD)
    open_campaign(phone, logs["civil_war"])
    phone.get_by_role("link", name="History", exact=True).click()
    expect(phone.locator("#play-3")).to_contain_text("Draw")
    expect(phone.locator("#play-1")).to_contain_text("Team Captain America")
    shoot(phone, f"play-log-ca-history-{color_scheme}")

    phone.get_by_role("link", name="Play 1", exact=True).click()
    expect(phone.get_by_role("heading", name="At the end of round 5")).to_be_visible()
    shoot(phone, f"play-log-ca-play-{color_scheme}")

    phone.get_by_role("link", name="Standings", exact=True).click()
    expect(phone.get_by_role("heading", name="Players")).to_be_visible()
    shoot(phone, f"play-log-ca-standings-{color_scheme}")
    assert not phone.csp_errors


def test_the_pages_work_without_javascript(new_phone, shoot, logs):
    phone = new_phone(javascript=False)
    log_in(phone, "ana", PASSWORD)
    open_campaign(phone, logs["skyrim"])
    phone.get_by_role("link", name="Older plays").click()  # a plain link: the history's page 2
    expect(phone.get_by_role("heading", name="Every play, the latest first")).to_be_visible()
    expect(phone.locator(".play-item").first).to_contain_text("Play 25")
    phone.get_by_role("link", name="Newer plays").click()
    expect(phone.locator(".play-item").first).to_contain_text("Play 45")
    phone.get_by_label("Plays of").select_option("Ben")
    phone.get_by_role("button", name="Show").click()
    expect(phone.locator(".play-item").first).to_contain_text("Ben")
    shoot(phone, "play-log-history-no-js")
