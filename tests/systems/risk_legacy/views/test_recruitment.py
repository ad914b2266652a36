"""The recruitment calculator: a GET form that counts troops and saves nothing."""

import re

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaigns import states, store
from campaigns.models import Entry
from campaigns.rules import risk_legacy as rules
from campaigns.rules.base import Entry as RuleEntry

from tests.factories import PlayerFactory

SOUTH_AMERICA = list(rules.CONTINENT_TERRITORIES["South America"])


def url(campaign):
    return reverse("recruitment", args=[campaign.slug])


def test_the_first_visit_counts_the_minimum_of_three(as_owner, risk_campaign):
    response = as_owner.get(url(risk_campaign))
    assert response.status_code == 200
    assert response.context["result"].total == 3
    html = response.content.decode()
    assert len(re.findall(r'<input type="checkbox" name="territories"', html)) == 42
    assert "<strong>3</strong> troops to place" in html
    assert "(the least)" in html
    assert "Count the coins on all the cards traded (2 to 10)" in html


def test_a_base_above_the_least_is_not_called_the_least(as_owner, risk_campaign):
    response = as_owner.get(url(risk_campaign), {"territories": list(rules.TERRITORIES[:14])})
    assert response.context["result"].base > 3  # cities on the board add population
    assert "(the least)" not in response.content.decode()


def test_the_result_is_the_rules_count_with_its_breakdown(as_owner, risk_campaign):
    state = states.state(risk_campaign)
    held = [*SOUTH_AMERICA, "Ural", "North Africa", "Egypt", "Siam", "Japan"]
    response = as_owner.get(url(risk_campaign), {"player": "Ben", "territories": held, "cards": "2", "icons": "3"})
    expected = rules.recruitment(state, "Ben", held, 3, 2)
    result = response.context["result"]
    assert result == expected
    html = response.content.decode()
    assert f"<strong>{expected.total}</strong> troops to place" in html
    named = state.continents["South America"]
    assert named.named_by == "Ben"  # so Ben gets the namer's +1
    assert f"{named.bonus + 1} for {named.name} (+1: Ben named it)" in html
    assert f"{expected.traded_in} for the cards traded in" in html
    assert f"{expected.population} population" in html


def test_someone_else_holding_a_named_continent_gets_no_namer_troop(as_owner, risk_campaign):
    response = as_owner.get(url(risk_campaign), {"player": "Ana", "territories": SOUTH_AMERICA})
    assert "named it" not in response.content.decode()
    named = states.state(risk_campaign).continents["South America"]
    assert response.context["result"].continent_bonuses == {"South America": named.bonus}


def test_htmx_gets_only_the_result(as_owner, risk_campaign):
    headers = {"HX-Request": "true"}
    response = as_owner.get(url(risk_campaign), {"territories": SOUTH_AMERICA}, headers=headers)
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="recruitment-result"') and "<html" not in html
    assert "HX-Request" in response["Vary"]


def test_the_trade_ins_offered_are_the_groups_chart_in_resource_icons(as_owner, risk_campaign):
    html = as_owner.get(url(risk_campaign)).content.decode()
    chart = states.state(risk_campaign).trade_in_chart
    for icons, troops in chart.items():
        assert f'<option value="{icons}">{icons} icons → {troops} troops</option>' in html
    assert "cards →" not in html


def test_three_cards_worth_seven_coins_give_the_charts_troops_for_seven(as_owner, risk_campaign):
    response = as_owner.get(url(risk_campaign), {"territories": ["Peru"], "cards": "3", "icons": "7"})
    assert response.context["result"].traded_in == states.state(risk_campaign).trade_in_chart[7]


def test_a_trade_in_of_one_card_is_refused_beside_the_cards(as_owner, risk_campaign):
    """docs/rules.md, 2026-12-01: a trade-in takes 2 or more Resource cards."""
    before = Entry.objects.count(), risk_campaign.journal_version
    response = as_owner.get(url(risk_campaign), {"territories": ["Peru"], "cards": "1", "icons": "2"})
    assert response.context["form"].errors == {"cards": ["A trade-in needs 2 or more Resource cards, not 1"]}
    assert response.context["result"] is None
    html = response.content.decode()
    assert "A trade-in needs 2 or more Resource cards, not 1" in html and "Can’t count yet" in html
    risk_campaign.refresh_from_db()
    assert (Entry.objects.count(), risk_campaign.journal_version) == before
    two = as_owner.get(url(risk_campaign), {"territories": ["Peru"], "cards": "2", "icons": "2"})
    assert two.context["result"].traded_in == states.state(risk_campaign).trade_in_chart[2]


def test_a_trade_in_off_the_boards_chart_is_refused_beside_the_icons(as_owner, risk_campaign):
    before = Entry.objects.count()
    response = as_owner.get(url(risk_campaign), {"territories": ["Peru"], "icons": "11"})
    assert response.context["form"].errors == {"icons": ["A trade-in is 2 to 10 Resource icons, not 11"]}
    assert response.context["result"] is None
    assert "Can’t count yet" in response.content.decode()
    assert Entry.objects.count() == before


def test_icons_without_a_chart_are_refused_beside_the_icons(as_owner, campaign, owner):
    setup = {
        "starting_powers": {faction: "a power" for faction in rules.FACTIONS},
        "coin_stickers": dict.fromkeys(rules.TERRITORIES[:12], 1),
    }
    store.append(campaign, [RuleEntry("setup", setup)], owner)
    response = as_owner.get(url(campaign), {"icons": "2"})
    assert response.context["form"].errors["icons"] == [
        "The trade-in chart has not been entered: enter the board's chart on the setup page"
    ]
    assert "The group has not entered the chart yet" in response.content.decode()


def test_an_unknown_territory_is_refused_beside_the_territories(as_owner, risk_campaign):
    response = as_owner.get(url(risk_campaign), {"territories": ["Atlantis"]})
    assert "territories" in response.context["form"].errors
    assert response.context["result"] is None


def test_the_linked_player_is_chosen_on_the_first_visit(as_owner, campaign, owner):
    PlayerFactory(campaign=campaign, name="Ana", position=0)
    PlayerFactory(campaign=campaign, name="Olive", position=1, user=owner)
    html = as_owner.get(url(campaign)).content.decode()
    assert '<option value="Olive" selected>' in html


def test_a_viewer_may_use_the_calculator(client, risk_campaign, viewer_of_risk):
    client.force_login(viewer_of_risk)
    response = client.get(url(risk_campaign), {"territories": SOUTH_AMERICA})
    assert response.status_code == 200 and response.context["result"].total >= 3


@pytest.fixture
def viewer_of_risk(risk_campaign):
    from campaigns.models import Membership

    from tests.factories import MembershipFactory, UserFactory

    vera = UserFactory(username="vera")
    return MembershipFactory(campaign=risk_campaign, user=vera, role=Membership.Role.VIEWER).user


def test_the_calculator_saves_nothing(as_owner, risk_campaign):
    before = Entry.objects.count(), risk_campaign.journal_version
    as_owner.get(url(risk_campaign), {"player": "Ben", "territories": SOUTH_AMERICA, "icons": "2"})
    risk_campaign.refresh_from_db()
    assert (Entry.objects.count(), risk_campaign.journal_version) == before


VALUES = st.one_of(
    st.text(max_size=10),
    st.sampled_from(["Ben", "Ana", "Peru", "Brazil", "2", "3", "-1", "11", "999999", ""]),
)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    player=VALUES,
    territories=st.lists(st.one_of(st.sampled_from(rules.TERRITORIES), st.text(max_size=8)), max_size=8),
    icons=VALUES,
    cards=VALUES,
    htmx=st.booleans(),
)
def test_random_input_never_answers_500(as_owner, risk_campaign, player, territories, icons, cards, htmx):
    headers = {"HX-Request": "true"} if htmx else {}
    query = {"player": player, "territories": territories, "icons": icons, "cards": cards}
    response = as_owner.get(url(risk_campaign), query, headers=headers)
    assert response.status_code == 200
