"""A refusal on a phone: its message is where the player is looking and focused (htmx and no
JavaScript, at 390 and 360 px), the URL it leaves behind reloads, the loser of a race sees the
step as it is now, and a phone signed out elsewhere gets a short notice from the live poll."""

import re

import pytest
from playwright.sync_api import expect

from campaigns import states, store
from campaigns.rules.base import Entry
from campaigns.systems.risk_legacy.forms.play import RewardForm

from tests.browser.fixtures import PHONE, SCREENSHOTS, SMALL_PHONE, log_in
from tests.factories import UserFactory
from tests.rows import row_id
from tests.systems.risk_legacy.browser.helpers import game_one_started
from tests.systems.risk_legacy.views.helpers import game_ended

PHONES = [pytest.param(PHONE, id="390"), pytest.param(SMALL_PHONE, id="360")]
WITH_AND_WITHOUT_JS = [pytest.param(True, id="htmx"), pytest.param(False, id="no-js")]


def what_the_phone_shows(page, name):
    """A screenshot of the viewport only: what the player is looking at."""
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"{name}.png")


@pytest.mark.parametrize("javascript", WITH_AND_WITHOUT_JS)
@pytest.mark.parametrize("viewport", PHONES)
def test_a_refused_event_is_in_view_with_its_field_focused_and_the_page_reloads(new_phone, viewport, javascript):
    olive = UserFactory(username="olive")
    campaign = game_one_started(olive)
    store.append(campaign, [Entry("event", {"type": "scar", "player": "Cid", "territory": "Siberia",
                                            "scar": "Bunker"})], olive)
    table = f"/campaigns/{campaign.slug}/play/"
    phone = new_phone(viewport=viewport, javascript=javascript)
    log_in(phone, "olive")
    phone.goto(table)

    phone.get_by_text("A scar was placed").click()
    phone.get_by_label("Played by").select_option("Ana")
    phone.get_by_label("Territory").first.select_option("Siberia")
    phone.get_by_label(re.compile("^Scar:?$")).select_option("Ammo Shortage")
    phone.get_by_role("button", name="Record").first.click()

    message = phone.get_by_text(re.compile(r"^Siberia already has a scar \(Bunker\)"))
    expect(message).to_be_in_viewport()
    expect(phone.locator("#id_scar-territory")).to_be_focused()
    expect(phone.locator("#id_scar-territory")).to_have_value("Siberia")  # what was typed is kept
    what_the_phone_shows(phone, f"refusal-01-scar-{viewport['width']}-{'htmx' if javascript else 'no-js'}")

    # Reloading never meets a bare 405: htmx left the page's own URL in the address bar; without
    # JavaScript the POST URL, which a GET sends to the page.
    if javascript:
        expect(phone).to_have_url(re.compile(f"{table}$"))
        response = phone.reload()
    else:
        response = phone.goto(phone.url)
    assert response.status == 200
    expect(phone).to_have_url(re.compile(f"{table}$"))
    expect(phone.locator("#play-live")).to_contain_text("Game 1 in progress")


@pytest.mark.parametrize("javascript", WITH_AND_WITHOUT_JS)
@pytest.mark.parametrize("viewport", PHONES)
def test_the_loser_of_a_reward_race_sees_the_next_players_form_and_the_message_in_view(
    new_phone, viewport, javascript
):
    olive = UserFactory(username="olive")
    campaign = game_ended(olive)  # Ben won: he chooses first, then Cid
    table = f"/campaigns/{campaign.slug}/play/"
    phone = new_phone(viewport=viewport, javascript=javascript)
    log_in(phone, "olive")
    phone.goto(table)
    record_ben = phone.get_by_role("button", name="Record Ben's reward")
    expect(record_ben).to_be_visible()

    # Another phone records Ben's reward first.
    campaign.refresh_from_db()
    theirs = RewardForm(states.state(campaign), "Ben", {
        "player": "Ben", "reward-choice": "destroy_territory_card", "reward-destroy_territory_card__territory": "Siam",
    })
    assert theirs.is_valid()
    store.append(campaign, [theirs.entry()], olive)

    record_ben.click()
    message = phone.get_by_text(re.compile("^Ben has already chosen the winner's reward"))
    expect(message).to_be_in_viewport()
    expect(message).to_be_focused()
    expect(phone.get_by_role("button", name="Record Cid's reward")).to_be_visible()
    expect(phone.get_by_role("button", name="Record Ben's reward")).to_have_count(0)
    expect(phone).to_have_url(re.compile(f"{table}$"))
    what_the_phone_shows(phone, f"refusal-02-race-{viewport['width']}-{'htmx' if javascript else 'no-js'}")


@pytest.mark.parametrize("viewport", PHONES)
def test_a_phone_signed_out_elsewhere_gets_a_short_notice_and_stops_polling(new_phone, viewport):
    olive = UserFactory(username="olive")
    campaign = game_one_started(olive)
    table = f"/campaigns/{campaign.slug}/play/"
    phone = new_phone(viewport=viewport)
    log_in(phone, "olive")
    phone.goto(table)
    expect(phone.locator("#play-live")).to_contain_text("Game 1 in progress")

    other_tab = phone.context.new_page()  # logged out in another tab
    other_tab.goto("/")
    other_tab.get_by_role("button", name="Log out").click()
    # Let the other tab finish logging out before going on (closing a tab mid-navigation can
    # leave Playwright waiting for an answer that never comes); the context closes it later.
    expect(other_tab.get_by_role("button", name="Log out")).to_have_count(0)

    notice = phone.locator("#play-live")
    expect(notice).to_contain_text("Signed out", timeout=5000)
    expect(notice.get_by_role("link", name="Log in again")).to_have_attribute("href", f"/accounts/login/?next={table}")
    expect(phone.locator("header")).to_have_count(1)
    expect(phone.locator("#id_username")).to_have_count(0)
    assert phone.evaluate("document.activeElement === document.body || !document.activeElement.closest('#play-live')")
    what_the_phone_shows(phone, f"refusal-03-signed-out-{viewport['width']}")

    polls = []
    phone.on("request", lambda request: "/play/live/" in request.url and polls.append(request.url))
    phone.wait_for_timeout(4500)
    assert polls == []  # the notice has no poll of its own

    notice.get_by_role("link", name="Log in again").click()
    phone.get_by_label(re.compile("^Username")).fill("olive")
    phone.get_by_label(re.compile("^Password")).fill("correct horse battery")
    phone.get_by_role("button", name="Log in").click()
    expect(phone).to_have_url(re.compile(f"{table}$"))
    expect(phone.locator("#play-live")).to_contain_text("Game 1 in progress")


@pytest.mark.parametrize("viewport", PHONES)
def test_an_error_under_the_date_goes_once_the_date_is_fixed(new_phone, viewport, journal_data):
    olive = UserFactory(username="olive")
    campaign = store.import_journal(journal_data("risk_legacy_15_games.json"), owner=olive)
    phone = new_phone(viewport=viewport)
    log_in(phone, "olive")
    phone.goto(f"/campaigns/{campaign.slug}/games/new/")
    date = phone.locator("#id_played_on")
    date.fill("")
    phone.get_by_role("button", name=re.compile("^Start game")).click()

    error = phone.locator("#game-facts .errorlist")
    expect(error).to_have_text("Give the day.")
    expect(error).to_be_in_viewport()
    expect(date).to_be_focused()
    what_the_phone_shows(phone, f"refusal-04-date-{viewport['width']}")

    date.fill("2026-09-03")  # a change: the form is checked again
    expect(phone.locator("#game-facts .errorlist")).to_have_count(0)
    expect(date).not_to_have_attribute("aria-invalid", "true")
    expect(date).to_have_value("2026-09-03")


def test_a_choice_made_after_signing_out_elsewhere_opens_the_whole_login_page(new_phone, journal_data):
    olive = UserFactory(username="olive")
    campaign = store.import_journal(journal_data("risk_legacy_15_games.json"), owner=olive)
    phone = new_phone()
    log_in(phone, "olive")
    phone.goto(f"/campaigns/{campaign.slug}/games/new/")
    other_tab = phone.context.new_page()
    other_tab.goto("/")
    other_tab.get_by_role("button", name="Log out").click()
    # Let the other tab finish logging out before going on (closing a tab mid-navigation can
    # leave Playwright waiting for an answer that never comes); the context closes it later.
    expect(other_tab.get_by_role("button", name="Log out")).to_have_count(0)

    phone.locator(row_id("seats", 1, "player")).select_option(index=2)  # a change asks for the seats again
    expect(phone).to_have_url(re.compile(r"/accounts/login/\?next="))
    expect(phone.locator("header")).to_have_count(1)
    expect(phone.locator("#seats")).to_have_count(0)
    phone.get_by_label(re.compile("^Username")).fill("olive")
    phone.get_by_label(re.compile("^Password")).fill("correct horse battery")
    phone.get_by_role("button", name="Log in").click()
    expect(phone).to_have_url(re.compile(f"/campaigns/{campaign.slug}/games/new/"))
    expect(phone.locator("#seats")).to_have_count(1)


@pytest.mark.parametrize("javascript", WITH_AND_WITHOUT_JS)
def test_a_bad_journal_upload_shows_its_message_in_view(new_phone, javascript):
    UserFactory(username="olive")
    phone = new_phone(viewport=SMALL_PHONE, javascript=javascript)
    log_in(phone, "olive")
    phone.goto("/campaigns/new/")
    phone.locator("input[type=file]").set_input_files(
        {"name": "journal.json", "mimeType": "application/json", "buffer": b'{"format": "not a journal"'}
    )
    phone.get_by_role("button", name="Import journal").click()
    message = phone.locator("form:has(input[type=file]) [role=alert], form:has(input[type=file]) .errorlist").first
    expect(message).to_be_visible()
    expect(message).to_be_in_viewport()
    focused = phone.evaluate("document.activeElement.closest('form') && document.activeElement.closest('form').enctype")
    assert focused == "multipart/form-data"  # the refused upload's form holds the focus
    what_the_phone_shows(phone, f"refusal-05-upload-360-{'htmx' if javascript else 'no-js'}")
