"""Without JavaScript, a tap on Risk Legacy's Play page comes back where it was tapped (the
form's #fragment is kept through the redirect), as Dawnguard's and the play logs' do, and
"Update choices" on the game start comes back at the seats, not at the top of the page."""

import re

from playwright.sync_api import expect

from tests.browser.fixtures import log_in
from tests.factories import UserFactory
from tests.systems.risk_legacy.browser.helpers import game_one_started


def test_a_tap_without_javascript_comes_back_at_its_form(new_phone):
    olive = UserFactory(username="olive")
    campaign = game_one_started(olive)
    phone = new_phone(javascript=False)
    log_in(phone, "olive")
    phone.goto(f"/campaigns/{campaign.slug}/play/")
    phone.locator("summary", has_text="A scar was placed").click()
    form = phone.locator("details.event-form[open] form")
    form.get_by_label("Played by").select_option("Cid")
    form.get_by_label("Territory").first.select_option("Siberia")
    form.get_by_label(re.compile("^Scar:?$")).select_option("Bunker")
    form.get_by_role("button", name="Record").click()
    expect(phone.get_by_text("Recorded: Cid scarred Siberia: Bunker.")).to_be_attached()
    assert phone.url.endswith("/play/#event-scar")
    assert phone.evaluate("window.scrollY") > 0
    expect(phone.locator("#event-scar summary")).to_be_in_viewport()


def test_update_choices_without_javascript_comes_back_at_the_seats(new_phone):
    from tests.factories import CampaignFactory

    olive = UserFactory(username="olive")
    campaign = CampaignFactory(name="Thursday Earth", owner=olive, after=1)
    phone = new_phone(javascript=False)
    log_in(phone, "olive")
    phone.goto(f"/campaigns/{campaign.slug}/games/new/")
    phone.get_by_role("button", name="Update choices").click()
    assert phone.url.endswith("#seats")
    expect(phone.locator("#seats")).to_be_in_viewport()
    assert phone.evaluate("window.scrollY") > 0
