"""The Dawnguard setup and the start of a sitting in Chromium at 390x844, with and without
JavaScript: chapter 2 played alone set up apart (heroes at level 1, Fort Dawnguard's thresholds
only, its checklist ticked), then started with each player's side; the thresholds corrected
later."""

import re

import pytest
from playwright.sync_api import expect

from campaigns import states
from campaigns.models import Campaign
from campaigns.rules import dawnguard as dg

from tests.browser.fixtures import log_in, phone_shot
from tests.factories import CampaignFactory, UserFactory


def state_now(campaign):
    return states.state(Campaign.objects.get(pk=campaign.pk))


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_group_sets_up_and_plays_chapter_2_alone(new_phone, shoot, javascript):
    owner = UserFactory(username="olive")
    campaign = CampaignFactory(
        name="Dawnguard Fridays", system=dg.KEY, owner=owner, players=["Ana", "Ben", "Cid"])
    phone = new_phone(javascript=javascript)
    suffix = "" if javascript else "-nojs"
    log_in(phone, "olive")
    phone.goto(f"/campaigns/{campaign.slug}/setup/")
    expect(phone.get_by_role("heading", name=re.compile("The heroes"))).to_be_visible()
    expect(phone.get_by_label(re.compile("Put 3 markers on the Castle Volkihar card"))).to_be_visible()
    # Chapter 2 played alone is set up apart: its forts, never the Hall, and its own checklist.
    phone.get_by_role("link", name="Play chapter 2 alone instead (a standalone scenario)").click()
    expect(phone.get_by_role("heading", name=re.compile("Setting up chapter 2 played alone"))).to_be_visible()
    expect(phone.get_by_label(re.compile("^Hall of the Vigilant"))).to_have_count(0)
    ana, ben = (phone.get_by_role("group", name=name, exact=True) for name in ("Ana", "Ben"))
    ana.get_by_label("Hero").fill("Sigrid")
    ana.get_by_label("Race").fill("Redguard")
    ben.get_by_label("Hero").fill("Faendal")
    ben.get_by_label("Race").fill("Bosmer")
    ben.get_by_label("Level").fill("2")
    expect(phone.get_by_label(re.compile("^Castle Volkihar"))).to_have_count(0)
    phone.get_by_label(re.compile("^Fort Dawnguard")).fill("3, 0")
    phone.get_by_label(re.compile("Shuffle the Vampire Character and Dawnguard Character decks")).check()
    shoot(phone, f"dg-setup-01-form{suffix}")
    # Refused first: a hero above level 1, in the rulebook's words.
    phone.get_by_role("button", name="Save the setup").click()
    expect(phone.get_by_text(re.compile("every hero starts at level 1, not 2: .All characters start from scratch"))
           ).to_be_visible()
    shoot(phone, f"dg-setup-02-refused{suffix}")
    phone_shot(phone, f"dg-setup-02-refused-phone{suffix}",
               at=phone.get_by_role("group", name="Ben", exact=True).get_by_label("Level"))
    assert not state_now(campaign).set_up
    phone.get_by_role("group", name="Ben", exact=True).get_by_label("Level").fill("1")
    # Then a Fort Dawnguard level of 0 stars.
    phone.get_by_role("button", name="Save the setup").click()
    refusal = phone.get_by_text(re.compile("the Fort Dawnguard thresholds must list the stars"))
    expect(refusal).to_be_visible()
    shoot(phone, f"dg-setup-02b-refused-fort{suffix}")
    phone_shot(phone, f"dg-setup-02b-refused-fort-phone{suffix}", at=phone.get_by_label(re.compile("^Fort Dawnguard")))
    assert not state_now(campaign).set_up
    phone.get_by_label(re.compile("^Fort Dawnguard")).fill("3, 5, 7")
    phone.get_by_role("button", name="Save the setup").click()

    expect(phone.get_by_role("heading", name="Sitting 1: chapter 2 played alone")).to_be_visible()
    expect(phone.get_by_text("Begin with chapter 1 instead")).to_have_count(0)
    phone.get_by_role("group", name=re.compile("Ana")).get_by_label("Clan Volkihar").check()
    shoot(phone, f"dg-start-02-alone{suffix}")
    phone.get_by_role("button", name="Start sitting 1").click()
    # Ben chose no side: the rule says so beside his choice, nothing saved.
    no_side = "Ben must choose a side too: every player chooses one in chapter 2 played alone"
    expect(phone.get_by_text(no_side)).to_be_visible()
    assert state_now(campaign).games_played == 0
    shoot(phone, f"dg-start-03-refused{suffix}")
    phone.get_by_role("group", name=re.compile("Ben")).get_by_label("Dawnguard").check()
    phone.get_by_role("button", name="Start sitting 1").click()
    expect(phone.get_by_text("Sitting 1 of chapter 2 has started.")).to_be_visible()
    expect(phone.locator(".message", has_text="Ana: Draw a Vampirism card.")).to_be_visible()
    state = state_now(campaign)
    # Level 1, then up twice with the side chosen.
    assert state.standalone and state.heroes["Ben"].level == 3 and state.heroes["Ana"].hunger == 0
    assert state.fort_thresholds == {"fort_dawnguard": [3, 5, 7]}

    # Later: the thresholds corrected on the setup page.
    phone.goto(f"/campaigns/{campaign.slug}/setup/")
    phone.get_by_text("Correct the thresholds").click()
    phone.get_by_label(re.compile("^Fort Dawnguard")).fill("4, 6, 8")
    shoot(phone, f"dg-setup-03-correct{suffix}")
    phone.get_by_role("button", name="Save the thresholds").click()
    expect(phone.get_by_text(re.compile("The fort thresholds are corrected"))).to_be_visible()
    shoot(phone, f"dg-setup-04-done{suffix}")
    assert state_now(campaign).fort_thresholds["fort_dawnguard"] == [4, 6, 8]
