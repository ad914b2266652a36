"""Two phones confirm the same undo: one entry goes, and the second phone is told why
nothing more was undone."""

import re

import pytest
from playwright.sync_api import expect

from campaigns.models import Membership
from campaigns.rules import journal

from tests.browser.fixtures import PHONE, SMALL_PHONE, assert_accessible, log_in
from tests.conftest import load_journal
from tests.factories import CampaignFactory, UserFactory
from tests.journal_files import RULES


@pytest.mark.parametrize("viewport", [PHONE, SMALL_PHONE], ids=["390", "360"])
def test_two_phones_confirming_the_same_undo_take_back_one_entry(new_phone, shoot, viewport):
    olive, ben = UserFactory(username="olive"), UserFactory(username="ben")
    system, title, players, entries = journal.read(load_journal("risk_legacy_15_games.json"), RULES)
    campaign = CampaignFactory(name=title, system=system.KEY, owner=olive, players=players, entries=entries[:3])
    Membership.objects.create(campaign=campaign, user=ben, role=Membership.Role.MEMBER)
    live = campaign.entries.live().count()
    undo = f"/campaigns/{campaign.slug}/undo/?next=/campaigns/{campaign.slug}/play/"

    phones = []
    for name in ("olive", "ben"):
        phone = new_phone(viewport=viewport)
        log_in(phone, name)
        phone.goto(undo)
        expect(phone.get_by_role("button", name="Undo it")).to_be_visible()
        phones.append(phone)
    shoot(phones[1], f"undo-race-01-confirm-{viewport['width']}")

    phones[0].get_by_role("button", name="Undo it").click()
    expect(phones[0].get_by_text(re.compile("^Undone: "))).to_be_visible()
    phones[1].get_by_role("button", name="Undo it").click()
    expect(phones[1].get_by_text(re.compile("Nothing was undone: .* had already been undone by olive"))).to_be_visible()
    shoot(phones[1], f"undo-race-02-nothing-undone-{viewport['width']}")
    assert_accessible(phones[1])
    assert campaign.entries.live().count() == live - 1
    assert phones[0].csp_errors == [] and phones[1].csp_errors == []
