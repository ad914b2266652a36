"""Looking after a campaign at 390 px: the owner hands it over to Ben (his phone then shows
him its page of care as its owner), Ben deletes it by typing its name, it is gone from Olive's
list too, and Ben restores it from his home page, whole."""

from playwright.sync_api import expect

from campaigns.models import Membership

from tests.browser.fixtures import log_in
from tests.factories import CampaignFactory, UserFactory


def test_hand_over_then_delete_and_restore_on_two_phones(new_phone, shoot, no_console_error):
    no_console_error.expect("404 (Not Found)")  # Olive opens the deleted campaign: nothing there
    olive, ben = UserFactory(username="olive"), UserFactory(username="ben")
    campaign = CampaignFactory(name="Thursday Earth", owner=olive, after=3)
    Membership.objects.create(campaign=campaign, user=ben, role=Membership.Role.MEMBER)
    phone, other = new_phone(), new_phone()
    log_in(phone, "olive")
    log_in(other, "ben")

    phone.goto(f"/campaigns/{campaign.slug}/members/")
    phone.get_by_role("link", name="Rename, hand over, archive or delete it").click()
    phone.get_by_label("The new owner").select_option(label="ben (member)")
    shoot(phone, "care-01-hand-over")
    phone.get_by_role("button", name="Hand it over").click()
    expect(phone.get_by_text("ben owns Thursday Earth now; you are a member.")).to_be_visible()
    expect(phone.get_by_role("button", name="Leave Thursday Earth")).to_be_visible()

    other.goto(f"/campaigns/{campaign.slug}/settings/")
    other.get_by_label("Type its name to delete it").fill("Thursday")
    other.get_by_role("button", name="Delete Thursday Earth").click()
    expect(other.get_by_text("Type the campaign's name, Thursday Earth, to delete it.")).to_be_visible()
    other.get_by_label("Type its name to delete it").fill("Thursday Earth")
    shoot(other, "care-02-delete")
    other.get_by_role("button", name="Delete Thursday Earth").click()
    expect(other.get_by_text("Thursday Earth is deleted. You can restore it")).to_be_visible()
    deleted = other.locator("section", has=other.get_by_role("heading", name="Deleted"))
    expect(deleted).to_contain_text("Thursday Earth")
    shoot(other, "care-03-deleted-list")

    phone.goto("/")
    expect(phone.get_by_role("link", name="Thursday Earth")).to_have_count(0)
    phone.goto(f"/campaigns/{campaign.slug}/")
    expect(phone.get_by_role("heading", name="Nothing here")).to_be_visible()

    other.get_by_role("button", name="Restore Thursday Earth").click()
    expect(other.get_by_text("Thursday Earth is restored, as it was.")).to_be_visible()
    expect(other.get_by_text("3 games played").first).to_be_visible()
    phone.goto("/")
    expect(phone.get_by_role("link", name="Thursday Earth")).to_be_visible()
