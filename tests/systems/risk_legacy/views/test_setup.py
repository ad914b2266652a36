"""The setup page: starting powers, the 12 coin stickers and the trade-in chart, once, before game 1."""

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaigns import registry, states, store
from campaigns.models import Entry
from campaigns.rules import risk_legacy as rules
from campaigns.rules.base import Entry as RuleEntry
from campaigns.systems.risk_legacy.forms.setup import COIN_FIELD, TERRITORY_OF_SLUG, power_field

POWERS = {faction: f"{faction}'s kept power" for faction in rules.FACTIONS}
TWELVE = [
    "Alaska", "Peru", "Brazil", "Egypt", "Congo", "Ural",
    "Siam", "Japan", "Iceland", "Ukraine", "Indonesia", "Madagascar",
]


def setup_data(coins=None, powers=POWERS, chart=None, **extra):
    """The setup form's POST: powers, the coin counts (hidden inputs) and chart rows."""
    coins = dict.fromkeys(TWELVE, 1) if coins is None else coins
    data = {power_field(faction): text for faction, text in powers.items()}
    data |= {COIN_FIELD[t]: str(n) for t, n in coins.items()}
    for icons, troops in (chart or {}).items():
        data[f"chart-troops_{icons}"] = str(troops)
    return data | extra


def url(campaign):
    return reverse("setup_edit", args=[campaign.slug])


def state_of(campaign):
    campaign.refresh_from_db()
    return states.state(campaign)


def entries(campaign):
    return Entry.objects.filter(campaign=campaign).count()


def test_the_form_lists_every_faction_and_every_territory_by_continent(as_owner, campaign):
    html = as_owner.get(url(campaign)).content.decode()
    for faction in rules.FACTIONS:
        assert f'<label for="id_{power_field(faction)}">{faction}' in html
    assert len(re.findall(r'<li class="coin-row', html)) == len(rules.TERRITORIES) == 42
    for continent in rules.CONTINENTS:
        assert f"<legend>{continent}" in html
    assert "0 of 12</strong> placed" in html
    assert "Stick the 12 coins" in html and "the cards they trade in, 2 to 10." in html


def test_saving_appends_one_setup_entry_and_goes_on_to_the_first_game(as_owner, campaign):
    coins = {"Brazil": 2, "Egypt": 2} | dict.fromkeys(TWELVE[4:], 1)
    data = setup_data(coins=coins, chart={2: 2, 3: 4, 4: 7})
    response = as_owner.post(url(campaign), data | {"save": "1"})
    assert response.status_code == 302
    assert response["Location"] == reverse("game_start", args=[campaign.slug])
    entry = Entry.objects.get(campaign=campaign)
    assert entry.kind == "setup"
    assert entry.data == {
        "starting_powers": POWERS,
        "coin_stickers": coins,
        "trade_in_chart": {"2": 2, "3": 4, "4": 7},
    }
    state = state_of(campaign)
    assert state.phase == rules.PHASE_READY and state.territories["Brazil"].resources == 3
    follow = as_owner.get(response["Location"])
    assert "The campaign is set up" in follow.content.decode()


def test_the_chart_is_optional(as_owner, campaign):
    as_owner.post(url(campaign), setup_data() | {"save": "1"})
    assert "trade_in_chart" not in Entry.objects.get(campaign=campaign).data


def test_plus_and_minus_recount_and_save_nothing(as_owner, campaign):
    data = setup_data(coins={"Brazil": 1}, powers={}) | {"coin": "add:brazil"}
    response = as_owner.post(url(campaign), data)
    assert response.status_code == 200
    html = response.content.decode()
    assert "2 of 12</strong> placed" in html
    assert f'name="{COIN_FIELD["Brazil"]}" value="2"' in html
    # A tap is not a save: no "required" error beside the untouched powers.
    assert "Write the power" not in html
    response = as_owner.post(url(campaign), setup_data(coins={"Brazil": 2}) | {"coin": "remove:brazil"})
    assert f'name="{COIN_FIELD["Brazil"]}" value="1"' in response.content.decode()
    assert entries(campaign) == 0


def test_a_tap_keeps_what_was_typed_elsewhere(as_owner, campaign):
    data = setup_data(coins={}, chart={2: 3}) | {"coin": "add:peru"}
    html = as_owner.post(url(campaign), data).content.decode()
    assert "Die Mechaniker&#x27;s kept power" in html
    assert 'name="chart-troops_2" value="3"' in html


def test_htmx_swaps_only_the_coin_section(as_owner, campaign):
    data = setup_data(coins={}) | {"coin": "add:japan"}
    response = as_owner.post(url(campaign), data, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert html.lstrip().startswith('<section class="card coins" id="coins"')
    assert "<html" not in html and "1 of 12</strong> placed" in html


def test_the_plus_button_stops_at_three_on_a_card_and_at_twelve_in_all(as_owner, campaign):
    html = as_owner.post(url(campaign), setup_data(coins={"Peru": 2}) | {"coin": "noop"}).content.decode()
    assert re.search(r'id="add-peru"[^>]*disabled', html)
    assert not re.search(r'id="add-brazil"[^>]*disabled', html)
    html = as_owner.post(url(campaign), setup_data() | {"coin": "noop"}).content.decode()
    assert "12 of 12</strong> placed" in html
    assert re.search(r'id="add-brazil"[^>]*disabled', html)


def test_random_places_one_coin_on_twelve_distinct_territories(as_owner, campaign):
    html = as_owner.post(url(campaign), setup_data(coins={}) | {"coin": "random"}).content.decode()
    counts = re.findall(r'name="coins-[a-z-]+" value="(\d+)"', html)
    assert sorted(counts, reverse=True)[:13] == ["1"] * 12 + ["0"]
    placement = rules.random_placement(dict.fromkeys(rules.TERRITORIES, 0))
    assert sum(placement.values()) == 12 and set(placement.values()) == {0, 1}


def test_random_places_only_the_coins_still_to_place_and_keeps_those_placed_by_hand(as_owner, campaign):
    by_hand = {"Brazil": 2, "Peru": 1, "Egypt": 1}
    for _ in range(10):  # a different draw each time: the hand-placed coins always stay
        html = as_owner.post(url(campaign), setup_data(coins=by_hand) | {"coin": "random"}).content.decode()
        counts = {
            TERRITORY_OF_SLUG[slug]: int(n)
            for slug, n in re.findall(r'name="coins-([a-z-]+)" value="(\d+)"', html)
        }
        assert sum(counts.values()) == 12
        assert all(counts[territory] >= n for territory, n in by_hand.items())
        assert counts["Brazil"] == 2  # the card already holds the most it may before game 1
        assert max(counts.values()) <= rules.MAX_RESOURCES_BEFORE_FIRST_GAME - 1
    assert "12 of 12</strong> placed" in html
    assert re.search(r'id="coin-random"[^>]*disabled', html)  # nothing left to place


def test_random_tops_up_the_placement_it_is_given():
    placement = dict.fromkeys(rules.TERRITORIES, 0) | {"Alaska": 2} | dict.fromkeys(TWELVE[1:10], 1)
    topped_up = rules.random_placement(placement)
    assert sum(topped_up.values()) == 12
    # Nothing placed by hand is taken off (a card may still get a second coin at random).
    assert all(topped_up[t] >= n for t, n in placement.items())
    assert topped_up["Alaska"] == 2  # already at the most a card may hold before game 1


def test_clear_takes_every_coin_off(as_owner, campaign):
    html = as_owner.post(url(campaign), setup_data() | {"coin": "clear"}).content.decode()
    assert "0 of 12</strong> placed" in html


# --- Refusals: the message beside its field, nothing saved -----------------------------


def refused(client, campaign, data):
    before = entries(campaign)
    response = client.post(url(campaign), data | {"save": "1"})
    assert response.status_code == 200
    assert entries(campaign) == before
    return response


def test_fewer_than_twelve_coins_are_refused_in_the_coin_section(as_owner, campaign):
    coins = {"Peru": 2, "Brazil": 2, "Egypt": 1, "Ural": 1, "Siam": 1}
    response = refused(as_owner, campaign, setup_data(coins=coins))
    html = response.content.decode()
    assert re.search(r'id="coin-errors">\s*<p>All 12 coin stickers must be placed, not 7</p>', html)
    assert "7 of 12</strong> placed" in html  # the placement is kept
    assert 'Nothing was saved. Look at <a href="#coins">Coin stickers</a>.' in html


def test_a_card_above_three_is_refused(as_owner, campaign):
    coins = {"Peru": 3} | dict.fromkeys(TWELVE[3:], 1)
    html = refused(as_owner, campaign, setup_data(coins=coins)).content.decode()
    message = "Peru&#x27;s card would hold 4 resources: before the first game no card may hold more than 3"
    assert message in html


def test_a_missing_power_is_refused_beside_its_faction(as_owner, campaign):
    powers = POWERS | {"Khan Industries": "  "}
    response = refused(as_owner, campaign, setup_data(powers=powers))
    form = response.context["powers_form"]
    assert form.errors == {
        power_field("Khan Industries"): ["Write the power kept for Khan Industries: the text on its sticker."]
    }


def test_a_negative_number_of_troops_in_the_chart_is_refused_beside_its_row(as_owner, campaign):
    response = refused(as_owner, campaign, setup_data(chart={2: 2, 3: -4}))
    assert response.context["chart_form"].errors == {"troops_3": ["Troops are a whole number, 0 or more."]}


def test_the_chart_rows_are_the_boards_2_to_10_resource_icons(as_owner, campaign):
    html = as_owner.get(url(campaign)).content.decode()
    assert re.findall(r'<span class="chart-icons" aria-hidden="true">(\d+)</span>', html) == [
        str(n) for n in range(2, 11)
    ]
    assert "chart-cards" not in html and "icons →" in html
    # a line off the board's chart is not on the form: it is never saved
    off_the_chart = {"chart-troops_11": "30", "chart-troops_1": "1", "save": "1"}
    as_owner.post(url(campaign), setup_data(chart={2: 2}) | off_the_chart)
    assert Entry.objects.get(campaign=campaign).data["trade_in_chart"] == {"2": 2}


def chart_url(campaign):
    return reverse("trade_in_chart_edit", args=[campaign.slug])


def test_the_chart_is_corrected_after_the_setup(as_owner, campaign):
    as_owner.post(url(campaign), setup_data(chart={2: 2, 3: 3}) | {"save": "1"})
    html = as_owner.get(url(campaign)).content.decode()
    assert "Correct the chart" in html and 'name="chart-troops_3" value="3"' in html
    corrected = {"chart-troops_2": "2", "chart-troops_3": "4", "chart-troops_7": "17"}
    response = as_owner.post(chart_url(campaign), corrected)
    assert response.status_code == 302 and response["Location"] == url(campaign) + "#chart"
    latest = Entry.objects.filter(campaign=campaign).order_by("-id").first()
    assert (latest.kind, latest.data) == ("trade_in_chart", {"chart": {"2": 2, "3": 4, "7": 17}})
    assert state_of(campaign).trade_in_chart == {2: 2, 3: 4, 7: 17}
    assert "<th scope=\"row\">7</th><td class=\"num\">17</td>" in as_owner.get(url(campaign)).content.decode()
    for page in ("history", "board", "play"):  # the new entry kind reads on every page
        assert as_owner.get(reverse(page, args=[campaign.slug])).status_code == 200
    exported = as_owner.get(reverse("journal_download", args=[campaign.slug]))
    assert b'"trade_in_chart_corrections"' in exported.content


def test_once_set_up_the_play_page_links_to_the_chart_and_a_get_on_it_opens_the_page(as_owner, campaign):
    play = reverse("play", args=[campaign.slug])
    assert f'href="{url(campaign)}#chart"' not in as_owner.get(play).content.decode()  # the setup is the next step
    as_owner.post(url(campaign), setup_data(chart={2: 2}) | {"save": "1"})
    html = as_owner.get(play).content.decode()
    assert f'href="{url(campaign)}#chart"' in html and "(correct the chart)" in html
    assert 'id="chart"' in as_owner.get(url(campaign)).content.decode()
    response = as_owner.get(chart_url(campaign), follow=True)
    assert response.status_code == 200 and response.redirect_chain == [(url(campaign), 302)]
    assert "Correct the chart" in response.content.decode()


def test_a_chart_skipped_at_the_setup_is_entered_later(as_owner, campaign):
    as_owner.post(url(campaign), setup_data() | {"save": "1"})
    assert "Enter the board’s chart" in as_owner.get(url(campaign)).content.decode()
    as_owner.post(chart_url(campaign), {"chart-troops_2": "2"})
    assert state_of(campaign).trade_in_chart == {2: 2}


def test_an_empty_chart_correction_is_refused_and_saves_nothing(as_owner, campaign):
    as_owner.post(url(campaign), setup_data(chart={2: 2}) | {"save": "1"})
    before = entries(campaign)
    response = as_owner.post(chart_url(campaign), {})
    assert response.status_code == 200
    assert response.context["chart_form"].non_field_errors() == ["the trade-in chart needs at least one line"]
    assert "the trade-in chart needs at least one line" in response.content.decode()
    assert entries(campaign) == before


def test_a_correction_above_99_troops_is_refused_beside_its_row_and_saves_nothing(as_owner, campaign):
    as_owner.post(url(campaign), setup_data(chart={2: 2}) | {"save": "1"})
    before = entries(campaign)
    response = as_owner.post(chart_url(campaign), {"chart-troops_2": "2", "chart-troops_10": "100"})
    assert response.status_code == 200
    message = "No line of the board's chart gives more than 99 troops."
    assert response.context["chart_form"].errors == {"troops_10": [message]}
    assert message.replace("'", "&#x27;") in response.content.decode()
    assert entries(campaign) == before and state_of(campaign).trade_in_chart == {2: 2}


def test_a_viewer_cannot_correct_the_chart(client, campaign, owner, viewer):
    setup = {"starting_powers": POWERS, "coin_stickers": dict.fromkeys(TWELVE, 1)}
    store.append(campaign, [RuleEntry("setup", setup)], owner)
    client.force_login(viewer)
    assert "Correct the chart" not in client.get(url(campaign)).content.decode()
    assert client.post(chart_url(campaign), {"chart-troops_2": "2"}).status_code == 403
    assert entries(campaign) == 1


def test_after_the_setup_the_page_is_read_only(as_owner, campaign):
    as_owner.post(url(campaign), setup_data(chart={2: 2}) | {"save": "1"})
    response = as_owner.get(url(campaign))
    html = response.content.decode()
    assert response.context["editing"] is False
    assert "Die Mechaniker&#x27;s kept power" in html
    assert 'name="save"' not in html
    assert "Start the next game" in html


def test_saving_again_after_the_setup_is_refused_and_shows_the_setup(as_owner, campaign):
    as_owner.post(url(campaign), setup_data() | {"save": "1"})
    response = refused(as_owner, campaign, setup_data(powers={f: "other" for f in rules.FACTIONS}))
    assert "Someone already saved the setup" in response.content.decode()
    assert state_of(campaign).factions["Die Mechaniker"].power == POWERS["Die Mechaniker"]


def test_a_tap_after_another_phone_saved_reloads_the_page(as_owner, campaign, owner):
    saved = {"starting_powers": POWERS, "coin_stickers": dict.fromkeys(TWELVE, 1)}
    store.append(campaign, [RuleEntry("setup", saved)], owner)
    tap = setup_data(coins={}) | {"coin": "add:peru"}
    response = as_owner.post(url(campaign), tap, headers={"HX-Request": "true"})
    assert response["HX-Refresh"] == "true"
    assert "Someone already saved the setup" in as_owner.get(url(campaign)).content.decode()


def test_another_phone_saving_first_in_the_same_instant_is_shown_clearly(
    as_owner, campaign, owner, monkeypatch
):
    real_append = store.append

    def other_phone_first(target, new_entries, user=None, **options):
        data = {"starting_powers": POWERS, "coin_stickers": dict.fromkeys(TWELVE, 1)}
        real_append(target.__class__.objects.get(pk=target.pk), [RuleEntry("setup", data)], owner)
        return real_append(target, new_entries, user, **options)

    monkeypatch.setattr(store, "append", other_phone_first)
    mine = setup_data(powers=dict.fromkeys(rules.FACTIONS, "mine")) | {"save": "1"}
    response = as_owner.post(url(campaign), mine)
    assert response.status_code == 200
    assert entries(campaign) == 1  # the other phone's, not ours
    assert state_of(campaign).factions["Die Mechaniker"].power == POWERS["Die Mechaniker"]
    assert "Someone already saved the setup" in response.content.decode()
    assert response.context["editing"] is False


def test_the_imported_campaign_shows_its_setup_as_it_was_before_game_1(as_owner, risk_campaign):
    response = as_owner.get(url(risk_campaign))
    coins = {c["name"]: dict(c["territories"]) for c in response.context["coin_continents_done"]}
    # Western Europe got a resource in game 1's rewards; the setup page shows it as set up.
    assert coins["South America"] == {"Brazil": 3, "Peru": 2}
    assert "Western Europe" not in coins["Europe"]


def test_a_viewer_reads_the_setup_but_cannot_edit_it(client, campaign, viewer):
    client.force_login(viewer)
    response = client.get(url(campaign))
    assert response.status_code == 200 and response.context["editing"] is False
    assert "Not set up yet" in response.content.decode()
    assert client.post(url(campaign), setup_data() | {"save": "1"}).status_code == 403
    assert entries(campaign) == 0


def test_a_game_system_without_a_setup_page_answers_404_there(as_owner, campaign):
    campaign.system = next(system.key for system in registry.systems() if "setup_edit" not in system.pages)
    campaign.save()
    assert as_owner.get(url(campaign)).status_code == 404


def test_the_editable_form_is_bounded_in_queries(as_owner, campaign):
    """The 15-game campaigns of test_query_counts are past the setup: the form is measured here."""
    as_owner.get(url(campaign))  # the folded state is cached from here on
    counts = {}
    for cold in (False, True):
        if cold:
            cache.clear()
            states.forget_in_process()
        with CaptureQueriesContext(connection) as captured:
            assert as_owner.get(url(campaign)).context["editing"] is True
        counts["cold" if cold else "cached"] = len(captured)
    # Cold, a factory's campaign (never written through the store, so with no snapshot) asks
    # for its snapshot, then reads its roster and journal.
    assert counts["cached"] <= 3 and counts["cold"] <= 6, counts


# --- Random input never answers 500 ------------------------------------------------------

FIELD_NAMES = (
    [power_field(f) for f in rules.FACTIONS]
    + list(COIN_FIELD.values())[:6]
    + [f"chart-{part}_{i}" for part in ("cards", "troops") for i in range(3)]
    + ["coin", "save"]
)
VALUES = st.one_of(
    st.text(max_size=12),
    st.integers(-5, 20).map(str),
    st.sampled_from(["add:peru", "remove:peru", "random", "clear", "add:", "1", "", "\x00"]),
)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.dictionaries(st.sampled_from(FIELD_NAMES), VALUES, max_size=14))
def test_random_posts_never_answer_500(as_owner, campaign, data):
    response = as_owner.post(url(campaign), data)
    assert response.status_code in (200, 302)
