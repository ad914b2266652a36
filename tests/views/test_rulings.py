"""The table has the last word, through the forms (docs/playing.md, "Rulings and house rules"):
a refusal shows its rule and where the rulebook has it; beside a rule a ruling may set aside,
"We rule otherwise" records the same entry with the group's reason; a bad reason, a forged or
borrowed offer and what no ruling changes are refused, nothing saved; the rules page lists the
house rules and rulings and sets a rule aside from a game on; viewers read, never rule; undo
takes a ruling back with its entry."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from campaigns.models import Membership
from campaigns.rules.base import HOUSE_RULE

from tests.factories import MembershipFactory, UserFactory
from tests.query_counts import count_queries
from tests.systems.risk_legacy.views.helpers import entries, playing, post, state_now

FIRST = {"event_type": "scar", "scar-player": "Cid", "scar-territory": "Siberia", "scar-scar": "Bunker"}
SECOND = {"event_type": "scar", "scar-player": "Cid", "scar-territory": "Peru", "scar-scar": "Ammo Shortage"}
ONE_SCAR = "risk-legacy/one-scar-per-player-per-game"
WHY = "the packet we opened lets Cid scar twice"


def offer_in(html: str) -> str:
    found = re.search(r'name="ruled" value="([^"]+)"', html)
    assert found, "no 'We rule otherwise' offer on the page"
    return found.group(1)


@pytest.fixture
def refused(client, owner):
    """Game 1 in progress, Cid's first scar placed, his second refused: (campaign, page)."""
    campaign = playing(owner)
    client.force_login(owner)
    assert post(client, "event_add", campaign, FIRST).status_code == 302
    response = post(client, "event_add", campaign, SECOND)
    assert response.status_code == 200
    return campaign, response.content.decode()


def test_a_refusal_says_its_rule_and_where_to_read_it_and_offers_a_ruling(refused):
    campaign, html = refused
    assert "Cid has already placed a scar in game 1" in html
    assert ("Each player is dealt one Scar card a game, so places one scar a game, unless a card or packet lets "
            "them.") in html
    assert 'Rulebook: <cite>Scars</cite>' in html
    assert "We rule otherwise" in html and 'name="ruling"' in html
    assert offer_in(html)


def test_we_rule_otherwise_records_the_same_entry_with_the_reason(client, refused):
    campaign, html = refused
    before = entries(campaign)
    # The box is in the refused form, whose fields went back to blank: the offer carries what was sent.
    response = post(client, "event_add", campaign, {"ruled": offer_in(html), "ruling": WHY, "event_type": "scar"})
    assert response.status_code == 302
    assert entries(campaign) == before + 1
    state = state_now(campaign)
    assert state.territories["Peru"].scar == "Ammo Shortage"
    assert state.law.rulings == [{"game": 1, "place": "event 2", "rule": ONE_SCAR, "why": WHY}]
    page = client.get(response["Location"]).content.decode()
    assert "as the table ruled (the packet we opened lets Cid scar twice)" in page
    # The next entry is checked again: a third scar is refused.
    third = {**SECOND, "scar-territory": "Brazil"}
    assert post(client, "event_add", campaign, third).status_code == 200
    assert entries(campaign) == before + 1


@pytest.mark.parametrize(("why", "message"), [
    ("", "A ruling needs the group&#x27;s reason: say why the table rules otherwise"),
    ("x" * 201, "The group&#x27;s reason is 200 characters at most, not 201"),
])
def test_a_ruling_without_a_reason_or_too_long_is_refused_beside_its_box(client, refused, why, message):
    campaign, html = refused
    before = entries(campaign)
    response = post(client, "event_add", campaign, {"ruled": offer_in(html), "ruling": why})
    assert response.status_code == 200
    page = response.content.decode()
    assert message in page and '<details class="rule-otherwise" open>' in page
    assert "Cid has already placed a scar in game 1" in page  # the refusal stands
    assert entries(campaign) == before


def test_a_forged_offer_or_another_accounts_records_nothing_as_ruled(client, refused):
    campaign, html = refused
    before = entries(campaign)
    forged = offer_in(html)[:-3] + "abc"
    response = post(client, "event_add", campaign, {**SECOND, "ruled": forged, "ruling": WHY})
    assert response.status_code == 200 and entries(campaign) == before  # checked as sent: refused
    other = UserFactory(username="mira")
    MembershipFactory(campaign=campaign, user=other, role=Membership.Role.MEMBER)
    client.force_login(other)
    response = post(client, "event_add", campaign, {**SECOND, "ruled": offer_in(html), "ruling": WHY})
    assert response.status_code == 200 and entries(campaign) == before
    assert state_now(campaign).law.rulings == []


def test_what_no_ruling_changes_says_so_and_offers_nothing(client, owner):
    from tests.systems.dawnguard.views.helpers import PLEDGED, dawnguard_campaign, tap

    campaign = dawnguard_campaign(owner, *PLEDGED, *[{"type": "marker", "icon": "threat"}] * 3)
    client.force_login(owner)
    before = entries(campaign)
    response = tap(client, campaign, "marker", {"marker-icon": "threat"})
    html = response.content.decode()
    assert response.status_code == 200 and entries(campaign) == before
    assert "No marker is left on the Hall of the Vigilant card" in html
    assert "The six markers move between the Hall and the Castle, never below zero." in html
    assert "Rulebook: <cite>Chapter 1</cite>" in html and "No ruling changes this." in html
    assert 'name="ruled"' not in html


def test_undo_takes_a_ruling_back_with_its_entry(client, refused, owner):
    campaign, html = refused
    post(client, "event_add", campaign, {"ruled": offer_in(html), "ruling": WHY})
    last = campaign.entries.live().order_by("-position").first()
    response = client.post(reverse("undo", args=[campaign.slug]), {"entry": last.pk})
    assert response.status_code == 302
    assert state_now(campaign).law.rulings == []
    assert state_now(campaign).territories["Peru"].scar is None


# The rules page --------------------------------------------------------------------------------


def test_the_rules_page_lists_rulings_house_rules_and_every_rule_by_its_heading(client, refused):
    campaign, html = refused
    post(client, "event_add", campaign, {"ruled": offer_in(html), "ruling": WHY})
    page = client.get(reverse("rules", args=[campaign.slug])).content.decode()
    assert "The rules we play by" in page
    assert "Game 1, event 2" in page and WHY in page
    assert f'href="#rule-{ONE_SCAR}"' in page and f'id="rule-{ONE_SCAR}"' in page
    assert "<cite>Scars</cite>" in page and "no ruling changes this" in page
    assert "Set a rule aside from a game on" in page
    assert 'aria-current="page">Rules</a>' in page


def test_a_house_rule_set_on_the_rules_page_sets_the_rule_aside_and_undo_takes_it_back(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    url = reverse("rules", args=[campaign.slug])
    response = client.post(url, {"rule": ONE_SCAR, "from_game": "1", "why": "two Scar cards each"})
    assert response.status_code == 302 and response["Location"].endswith("#house-rules")
    assert state_now(campaign).law.house_rules == [{"rule": ONE_SCAR, "why": "two Scar cards each", "from_game": 1}]
    post(client, "event_add", campaign, FIRST)
    assert post(client, "event_add", campaign, SECOND).status_code == 302  # set aside, recorded
    page = client.get(url).content.decode()
    assert "set aside from game 1 on" in page and "In force" in page and "two Scar cards each" in page
    last = campaign.entries.live().order_by("-position").first()
    client.post(reverse("undo", args=[campaign.slug]), {"entry": last.pk})
    house = campaign.entries.live().order_by("-position")[1]
    assert house.kind == HOUSE_RULE
    client.post(reverse("undo", args=[campaign.slug]), {"entry": campaign.entries.live().order_by("-position")[0].pk})
    assert len(state_now(campaign).law.house_rules) == 1  # the scar went first; the house rule is next
    client.post(reverse("undo", args=[campaign.slug]), {"entry": house.pk})
    assert state_now(campaign).law.house_rules == []


@pytest.mark.parametrize(("data", "field", "message"), [
    ({"rule": "risk-legacy/one-seat-per-player", "from_game": "1", "why": "x"}, "rule", "Select a valid choice."),
    ({"rule": ONE_SCAR, "from_game": "7", "why": "x"}, "from_game", "Select a valid choice."),
    ({"rule": ONE_SCAR, "from_game": "1", "why": ""}, "why", "Fill this in."),
    ({"rule": ONE_SCAR, "from_game": "1", "why": "x" * 201}, "why", "At most 200 characters (this is 201)."),
    ({"rule": ONE_SCAR, "from_game": "2", "until_game": "1", "why": "x"}, "until_game",
     "The last game it covers comes on or after game 2."),
])
def test_a_bad_house_rule_is_refused_at_its_field_and_nothing_saved(client, owner, data, field, message):
    campaign = playing(owner)
    client.force_login(owner)
    before = entries(campaign)
    response = client.post(reverse("rules", args=[campaign.slug]), data)
    assert response.status_code == 200
    assert any(message in error for error in response.context["form"].errors[field])
    assert entries(campaign) == before


def test_viewers_read_the_rules_page_and_never_get_a_form_to_rule(client, refused):
    campaign, html = refused
    viewer = UserFactory(username="vic")
    MembershipFactory(campaign=campaign, user=viewer, role=Membership.Role.VIEWER)
    client.force_login(viewer)
    page = client.get(reverse("rules", args=[campaign.slug])).content.decode()
    assert "The rules we play by" in page and "Set a rule aside" not in page
    response = client.post(reverse("rules", args=[campaign.slug]), {"rule": ONE_SCAR, "from_game": "1", "why": "x"})
    assert response.status_code == 403
    response = post(client, "event_add", campaign, {"ruled": offer_in(html), "ruling": WHY})
    assert response.status_code == 403


def test_a_stranger_gets_404_on_the_rules_page(client, owner):
    campaign = playing(owner)
    client.force_login(UserFactory(username="stan"))
    assert client.get(reverse("rules", args=[campaign.slug])).status_code == 404


@pytest.mark.parametrize("cold", [False, True], ids=["cached", "cold-cache"])
def test_the_rules_page_queries_the_same_however_long_the_campaign(client, owner, cold):
    from tests.factories import CampaignFactory

    short = CampaignFactory(owner=owner, name="Short", after=1)
    long = CampaignFactory(owner=owner, name="Long", after=15)
    client.force_login(owner)
    counts = [count_queries(client, reverse("rules", args=[c.slug]), cold=cold) for c in (short, long)]
    assert counts[0] == counts[1] <= 6, counts
