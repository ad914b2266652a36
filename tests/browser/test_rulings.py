"""The table has the last word, on two phones at 390x844, for each game, with and without
JavaScript (docs/playing.md, "Rulings and house rules"): a refusal shows its rule and the
rulebook heading it comes from; "We rule otherwise" records the entry with the group's reason;
the other phone sees the ruled entry in the history and on the Rules page; undo takes it back."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from campaigns import states
from campaigns.models import Campaign, Membership

from tests.browser.fixtures import assert_accessible, log_in, open_fold, phone_shot
from tests.factories import CampaignFactory, UserFactory
from tests.rows import row_id
from tests.systems.risk_legacy.browser.helpers import scar_twice
from tests.systems.risk_skyrim.browser.helpers import count, mode, seat

JS = [pytest.param(True, id="js"), pytest.param(False, id="no-js")]
WHY = "our packet says so"


def now(campaign):
    return states.state(Campaign.objects.get(pk=campaign.pk))


def two_phones(new_phone, campaign, javascript):
    """Olive's phone (who records) and Ben's (a member), each logged in."""
    ben = UserFactory(username="ben")
    Membership.objects.create(campaign=campaign, user=ben, role=Membership.Role.MEMBER)
    olive, bens = new_phone(javascript=javascript), new_phone(javascript=javascript)
    log_in(olive, "olive")
    log_in(bens, "ben")
    return olive, bens


def rule_otherwise(phone, shoot, name, rulebook: str):
    """The refusal names its rulebook heading; the group's reason typed, the entry recorded."""
    note = phone.locator(".rule-note").first
    expect(note.locator(".rule-where")).to_have_text(f"Rulebook: {rulebook}")
    shoot(phone, f"ruling-{name}-01-refused")
    open_fold(note.locator("details.rule-otherwise"))
    note.get_by_label("Why the table rules otherwise").fill(WHY)
    phone_shot(phone, f"ruling-{name}-02-we-rule-otherwise-phone",
               at=note.get_by_role("button", name="Record it as we rule"))
    note.get_by_role("button", name="Record it as we rule").click()


def the_other_phone_sees_it(phone, campaign, shoot, name, history_words):
    phone.goto(f"/campaigns/{campaign.slug}/history/")
    expect(phone.get_by_text(history_words).first).to_be_visible()
    expect(phone.locator(".ruled, .ruled-badge").first).to_be_visible()
    phone.goto(f"/campaigns/{campaign.slug}/rules/")
    rulings = phone.locator("section", has=phone.get_by_role("heading", name="Entries recorded as the table ruled"))
    expect(rulings.get_by_text(WHY)).to_be_visible()
    shoot(phone, f"ruling-{name}-03-rules-page")
    assert_accessible(phone)


def undo_it(phone, campaign):
    phone.goto(f"/campaigns/{campaign.slug}/undo/")
    expect(phone.get_by_text(re.compile("as the table ruled"))).to_be_visible()
    phone.get_by_role("button", name="Undo it").click()
    expect(phone.get_by_text(re.compile("^Undone: "))).to_be_visible()
    assert now(campaign).law.rulings == []


@pytest.mark.parametrize("javascript", JS)
def test_risk_legacy_a_second_scar_ruled_on_two_phones(new_phone, shoot, javascript):
    from tests.systems.risk_legacy.browser.helpers import game_one_started

    campaign = game_one_started(UserFactory(username="olive"))
    olive, ben = two_phones(new_phone, campaign, javascript)
    name = "risk-legacy-" + ("js" if javascript else "nojs")
    olive.goto(f"/campaigns/{campaign.slug}/play/")
    scar_twice(olive)
    expect(olive.get_by_text(re.compile("Cid has already placed a scar in game 1"))).to_be_visible()
    assert_accessible(olive)
    rule_otherwise(olive, shoot, name, "Scars")
    expect(olive.get_by_text(re.compile(r"Recorded: Cid scarred Iceland: Bunker, as the table ruled"))
           ).to_be_visible()
    assert now(campaign).territories["Iceland"].scar == "Bunker"
    the_other_phone_sees_it(ben, campaign, shoot, name, "Cid scarred Iceland: Bunker")
    undo_it(olive, campaign)
    assert now(campaign).territories["Iceland"].scar is None


@pytest.mark.parametrize("javascript", JS)
def test_dawnguard_hunger_by_night_ruled_on_two_phones(new_phone, shoot, javascript):
    from tests.systems.dawnguard.views.helpers import PLEDGED, dawnguard_campaign

    campaign = dawnguard_campaign(UserFactory(username="olive"), *PLEDGED, {"type": "day_night", "side": "night"})
    olive, ben = two_phones(new_phone, campaign, javascript)
    name = "dawnguard-" + ("js" if javascript else "nojs")
    olive.goto(f"/campaigns/{campaign.slug}/play/")
    olive.get_by_role("button", name="+1 hunger for Ana").click()
    expect(olive.get_by_text(re.compile("hunger grows only while the Day/Night token shows day", re.I))
           ).to_be_visible()
    assert_accessible(olive)
    rule_otherwise(olive, shoot, name, "Hunger")
    expect(olive.get_by_text(re.compile("^Recorded: Ana's hunger grows, as the table ruled"))).to_be_visible()
    assert now(campaign).heroes["Ana"].hunger == 1
    the_other_phone_sees_it(ben, campaign, shoot, name, "Ana's hunger grows to 1")
    undo_it(olive, campaign)
    assert now(campaign).heroes["Ana"].hunger == 0


@pytest.mark.parametrize("javascript", JS)
def test_risk_skyrim_forts_beyond_territories_ruled_on_two_phones(new_phone, shoot, javascript):
    campaign = CampaignFactory(name="Skyrim nights", system="risk-skyrim", owner=UserFactory(username="olive"),
                               players=["Ana", "Ben", "Cid"])
    olive, ben = two_phones(new_phone, campaign, javascript)
    name = "risk-skyrim-" + ("js" if javascript else "nojs")
    olive.goto(f"/campaigns/{campaign.slug}/games/new/")
    mode(olive, "Chaos")
    seat(olive, 1, "Ana", "Thalmor")
    seat(olive, 2, "Ben", "Orcs")
    for slot, (territories, forts, portals) in ((1, (20, 4, 3)), (2, (2, 3, 1))):
        count(olive, slot, "territories", territories)
        count(olive, slot, "forts", forts)
        count(olive, slot, "portals", portals)
    olive.get_by_role("button", name=re.compile(r"^Save")).click()
    expect(olive.get_by_text(re.compile("Ben holds 3 forts but only 2 territories")).first).to_be_visible()
    assert_accessible(olive)
    rule_otherwise(olive, shoot, name, "The Gameboard")
    expect(olive.get_by_role("status").filter(has_text="Play 1 is logged")).to_be_visible()
    assert now(campaign).law.rulings[0]["rule"] == "risk-skyrim/forts-and-portals-in-territories"
    the_other_phone_sees_it(ben, campaign, shoot, name, "Play 1")
    undo_it(olive, campaign)
    assert now(campaign).games == []


@pytest.mark.parametrize("javascript", JS)
def test_captain_america_rooms_beyond_the_board_ruled_on_two_phones(new_phone, shoot, javascript):
    campaign = CampaignFactory(name="Airport Nights", system="captain-america", owner=UserFactory(username="olive"),
                               players=["Ana", "Ben", "Cid", "Dee"])
    olive, ben = two_phones(new_phone, campaign, javascript)
    name = "captain-america-" + ("js" if javascript else "nojs")
    olive.goto(f"/campaigns/{campaign.slug}/games/new/")
    for slot, player in enumerate(("Ana", "Ben", "Cid", "Dee"), 1):
        olive.locator(row_id("heroes", slot, "player")).select_option(player)
    olive.locator("#id_winter_soldier_0").check()
    olive.locator("#id_quinjet_1").check()
    olive.locator("#id_rooms_captain_america").fill("20")
    olive.locator("#id_rooms_iron_man").fill("20")
    olive.locator("#id_rooms_iron_man").blur()
    olive.get_by_role("button", name="Log play 1").click()
    expect(olive.get_by_text(re.compile("the teams hold 40 rooms", re.I)).first).to_be_visible()
    assert_accessible(olive)
    rule_otherwise(olive, shoot, name, "The Quinjet")
    expect(olive.get_by_text(re.compile("Play 1 is logged"))).to_be_visible()
    assert now(campaign).games[0].number == 1
    the_other_phone_sees_it(ben, campaign, shoot, name, "Play 1")
    undo_it(olive, campaign)
    assert now(campaign).games == []


def test_a_house_rule_set_on_the_rules_page_shows_on_both_phones(new_phone, shoot):
    from tests.systems.dawnguard.views.helpers import PLEDGED, dawnguard_campaign

    campaign = dawnguard_campaign(UserFactory(username="olive"), *PLEDGED)
    olive, ben = two_phones(new_phone, campaign, True)
    olive.goto(f"/campaigns/{campaign.slug}/rules/")
    form = olive.locator("#house-rule-form")
    open_fold(form)
    form.get_by_label("The rule the table plays otherwise").select_option("dawnguard/hunger-by-day")
    form.get_by_label("Why the table plays it so").fill("we play it all day long")
    shoot(olive, "ruling-house-rule-form")
    form.get_by_role("button", name="Set it aside").click()
    expect(olive.get_by_text(re.compile("Recorded: House rule: Hunger grows only while"))).to_be_visible()
    olive.goto(f"/campaigns/{campaign.slug}/play/")
    olive.get_by_role("button", name=re.compile("^(It is night|Flip to night)$")).click()
    # The night must be recorded before the hunger, or the hunger is a day's and needs no ruling.
    expect(olive.locator(".dg-token")).to_contain_text("Night")
    olive.get_by_role("button", name="+1 hunger for Ana").click()
    expect(olive.get_by_text(re.compile("Recorded: Ana's hunger grows"))).to_be_visible()
    ben.goto(f"/campaigns/{campaign.slug}/")
    law = ben.locator("section", has=ben.get_by_role("heading", name="The rules we play by"))
    expect(law.locator("li").get_by_text("we play it all day long")).to_be_visible()  # the house rule
    expect(law.get_by_text(re.compile("1 entry recorded as the table ruled"))).to_be_visible()
    shoot(ben, "ruling-house-rule-overview")
    assert now(campaign).law.rulings[0]["rule"] == "dawnguard/hunger-by-day"
