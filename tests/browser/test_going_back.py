"""Back to before game N on two phones at 390 px: Olive previews going back to before game 14
of a 15-game campaign, confirms; Ben's overview follows by itself; Olive restores it whole."""

import re

from playwright.sync_api import expect

from campaigns import store
from campaigns.models import Membership

from tests.browser.fixtures import log_in
from tests.conftest import load_journal
from tests.factories import UserFactory


def test_going_back_to_before_game_14_on_two_phones_then_restoring(new_phone, shoot):
    olive, ben = UserFactory(username="olive"), UserFactory(username="ben")
    campaign = store.import_journal(load_journal("risk_legacy_15_games.json"), owner=olive)
    Membership.objects.create(campaign=campaign, user=ben, role=Membership.Role.MEMBER)
    phone, other = new_phone(), new_phone()
    log_in(phone, "olive")
    log_in(other, "ben")
    other.goto(f"/campaigns/{campaign.slug}/play/")
    expect(other.locator("#play-live")).to_contain_text("Ready for game 16")

    phone.goto(f"/campaigns/{campaign.slug}/history/")
    phone.get_by_role("link", name="A game logged wrong? Go back to before it").click()
    phone.get_by_label("Before game").select_option("14")
    phone.get_by_role("button", name="See what would go").click()
    expect(phone.get_by_role("heading", name="Before game 14: what would go")).to_be_visible()
    expect(phone.get_by_text(re.compile(r"^2 games \(14, 15\)"))).to_be_visible()
    shoot(phone, "going-back-01-preview")
    phone.get_by_role("button", name="Go back to before game 14").click()
    expect(phone.get_by_text("The campaign is as it was before game 14.")).to_be_visible()

    expect(other.locator("#play-live")).to_contain_text("Ready for game 14", timeout=10000)  # Ben's Play page follows

    phone.goto(f"/campaigns/{campaign.slug}/back/")
    expect(phone.get_by_role("heading", name="Set aside")).to_be_visible()
    shoot(phone, "going-back-02-set-aside")
    phone.get_by_role("button", name="Restore it whole").click()
    expect(phone.get_by_text(re.compile("^Restored what going back set aside"))).to_be_visible()
    expect(other.locator("#play-live")).to_contain_text("Ready for game 16", timeout=10000)
