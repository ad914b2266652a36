"""The helpers for the pages at the table (rules/risk_legacy/table.py): reward and event targets,
recruitment and the trade-in chart, homelands, packet prompts and `describe`. Plain Python,
no Django."""

from __future__ import annotations

import random

import pytest

from campaigns.rules import risk_legacy as rl
from campaigns.rules.base import Entry, RuleError

from tests.systems.risk_legacy.rules.helpers import (
    BEAR,
    CHART,
    CONTROL,
    KHAN,
    MECH,
    SAHARA,
    SEATS,
    after_end,
    apply,
    campaign,
    choice,
    end,
    fortified_egypt,
    held,
    in_rewards,
    play,
    playing,
    scar,
    start,
)


def test_the_scar_and_fortification_lists_offer_only_where_they_may_go():
    state = apply(playing(), "event", scar("Ben", "Peru", "Bunker"))
    assert "Peru" not in rl.scar_targets(state) and len(rl.scar_targets(state)) == 41
    assert rl.scar_targets(state, allowed_by_card=True) == list(rl.TERRITORIES)
    assert rl.fortification_box_targets(state) == []
    assert rl.fortification_box_targets(fortified_egypt()) == ["Egypt"]


# --------------------------------------------------------------------------------------
# reward_targets
# --------------------------------------------------------------------------------------


def test_reward_targets_offer_the_winner_six_choices():
    state = campaign()
    start(state)
    apply(state, "event", scar("Ben", "Peru", "Bunker"))
    end(state, end_control=CONTROL)
    targets = rl.reward_targets(state, "Ana")
    assert list(targets) == list(rl.WINNER_CHOICES)
    assert targets["name_continent"] == sorted(rl.CONTINENTS)
    assert targets["cancel_scar"] == ["Peru"]
    assert targets["fortify_city"] == []
    assert len(targets["destroy_territory_card"]) == 42


def test_reward_targets_offer_held_on_players_what_they_controlled():
    state = in_rewards(
        end_control=CONTROL, winner_choice=choice("found_major_city", territory="Brazil", name="Rio")
    )
    assert rl.reward_targets(state, "Ben") == {
        "found_minor_city": ["Peru"],
        "add_resource": ["Brazil", "Peru"],
    }


def test_reward_targets_are_empty_when_it_is_not_the_players_turn():
    state = after_end()
    assert rl.reward_targets(state, "Ben") == {}  # the winner first
    assert rl.reward_targets(state, "Eve") == {}
    assert rl.reward_targets(state, "Nobody") == {}
    assert rl.why_not_reward_turn(state, "Ben") == "The winner (Ana) chooses first"


# --------------------------------------------------------------------------------------
# Recruitment, the trade-in chart and homelands
# --------------------------------------------------------------------------------------


def test_recruitment_counts_territories_population_continents_and_cards():
    state = campaign(trade_in_chart=CHART)
    play(state, choice("name_continent", continent="South America", name="Awesometonia"), seats=SEATS)
    held(state, "Ben", choice("found_minor_city", territory="Peru", name="Lima"))
    play(state, choice("change_continent_bonus", continent="South America", delta=1))
    south_america = ["Venezuela", "Peru", "Brazil", "Argentina"]
    ana = rl.recruitment(state, "Ana", [*south_america, "Egypt", "Ural"], icons_traded=3, cards_traded=2)
    assert (ana.territories, ana.population, ana.base) == (6, 1, 3)
    assert ana.continent_bonuses == {"South America": 2 + 1 + 1}  # base, +1 mark, her name
    assert ana.traded_in == 4 and ana.total == 3 + 4 + 4
    ben = rl.recruitment(state, "Ben", south_america)
    assert ben.continent_bonuses == {"South America": 3} and ben.total == 6
    assert ana.named_by_player == ["South America"] and ben.named_by_player == []


def test_the_trade_in_chart_counts_resource_icons_not_cards():
    """Three cards worth 7 coins: the board's chart line for 7 icons, not for 3 cards."""
    chart = {"2": 2, "3": 4, "4": 7, "5": 10, "6": 13, "7": 17, "8": 21, "9": 25, "10": 30}
    state = campaign(trade_in_chart=chart)
    assert rl.recruitment(state, "Ana", ["Peru"], icons_traded=7, cards_traded=3).traded_in == 17
    for icons in (1, 11):
        with pytest.raises(RuleError) as caught:
            rl.recruitment(state, "Ana", ["Peru"], icons_traded=icons)
        assert caught.value.message == f"A trade-in is 2 to 10 Resource icons, not {icons}"


def test_a_trade_in_takes_two_or_more_resource_cards():
    """docs/rules.md, 2026-12-01 (rulebook: "If you have 2 or more Resource cards")."""
    state = campaign(trade_in_chart=CHART)
    assert rl.recruitment(state, "Ana", ["Peru"], icons_traded=2, cards_traded=2).traded_in == 2
    for cards, message in (
        (1, "A trade-in needs 2 or more Resource cards, not 1"),
        (0, "How many Resource cards are traded in? A trade-in needs 2 or more"),
    ):
        with pytest.raises(RuleError) as caught:
            rl.recruitment(state, "Ana", ["Peru"], icons_traded=2, cards_traded=cards)
        assert (caught.value.field, caught.value.message) == ("cards", message)


def test_the_cards_traded_in_show_an_icon_each_at_least():
    state = campaign(trade_in_chart=CHART)
    assert rl.recruitment(state, "Ana", ["Peru"], icons_traded=3, cards_traded=3).traded_in == 4
    for icons in (0, 2):
        with pytest.raises(RuleError) as caught:
            rl.recruitment(state, "Ana", ["Peru"], icons_traded=icons, cards_traded=3)
        assert (caught.value.field, caught.value.message) == (
            "icons",
            f"3 Resource cards show at least 3 Resource icons, not {icons}: count the coins on every card traded in",
        )


def test_recruitment_is_at_least_three():
    least = rl.recruitment(campaign(), "Ana", ["Peru"])
    assert least.total == 3 and least.least
    more = rl.recruitment(campaign(), "Ana", rl.TERRITORIES[:14])
    assert more.base == 4 and not more.least


def test_recruitment_refuses_a_card_count_off_the_chart_or_without_a_chart():
    with pytest.raises(RuleError) as caught:
        rl.recruitment(campaign(trade_in_chart=CHART), "Ana", ["Peru"], icons_traded=7)
    assert caught.value.message == (
        "The trade-in chart has no line for 7 Resource icons (it lists 2, 3, 4, 5): "
        "correct the chart on the setup page"
    )
    with pytest.raises(RuleError) as caught:
        rl.recruitment(campaign(), "Ana", ["Peru"], icons_traded=3)
    assert (
        caught.value.message
        == "The trade-in chart has not been entered: enter the board's chart on the setup page"
    )
    with pytest.raises(RuleError) as caught:
        rl.recruitment(campaign(), "Ana", ["Peruu"])
    assert caught.value.message == 'There is no territory called "Peruu" (did you mean Peru?)'


def test_a_factions_homeland_is_where_it_started_most_in_games_1_to_15():
    state = campaign()
    play(state, seats=[("Ana", KHAN, "Egypt"), ("Ben", BEAR, "Peru"), ("Cid", MECH, "Ural")])
    assert rl.homeland(state, KHAN) == "Africa"
    play(state, seats=[("Ana", KHAN, "Japan"), ("Ben", BEAR, "Brazil"), ("Cid", MECH, "Ural")])
    assert rl.homeland(state, KHAN) is None  # one each: a tie
    assert rl.homeland(state, BEAR) == "South America"
    assert rl.homeland(state, SAHARA) is None


def test_recruitment_refuses_a_card_count_that_is_not_a_number():
    with pytest.raises(RuleError) as caught:
        rl.recruitment(campaign(trade_in_chart=CHART), "Ana", ["Peru"], icons_traded=-2)
    assert caught.value.message == "the number of Resource icons traded in must be a whole number"


def test_packet_prompts_list_the_conditions_met_in_order():
    state = campaign()
    play(state, seats=SEATS)
    play(state, seats=SEATS, results={"Ana": "won", "Ben": "held_on", "Cid": "eliminated"})
    # Both in game 2: the elimination at its end, then Ana's second signature in its rewards.
    assert rl.packet_prompts(state) == [
        {"condition": "first_elimination", "label": "a player is eliminated (the first time)", "game": 2},
        {
            "condition": "second_signature",
            "label": "a player signs the victor's section for the second time",
            "game": 2,
        },
    ]


def test_describe_words_every_entry_kind(campaign_15):
    entries = campaign_15[4]
    words = [rl.describe(entry) for entry in entries]
    assert words[0] == (
        "The campaign's setup: the starting powers and 12 coin stickers, and the trade-in chart"
    )
    assert words[1] == (
        "Game 1 started: Ana (Khan Industries, from Egypt), "
        "Ben (Enclave of the Bear, from Peru), "
        "Cid (Die Mechaniker, from Ural), Dee (Imperial Balkania, from Western Europe), "
        "Eve (Saharan Republic, from Eastern Australia)"
    )
    assert words[2] == "Cid scarred Siberia: Ammo Shortage"
    assert words[3] == "Game over: Ben won"
    assert words[4] == (
        "Ben signed the victor's section (“First blood”) and chose "
        "Name a continent: “Awesometonia” for South America"
    )
    assert words[5] == "Cid chose Found a Minor City: Ironhold in Ural, naming the faction “The Gearwrights”"
    assert words[6] == "Dee chose Add a resource: Western Europe"
    assert words[7] == "Eve passed"
    assert words[-1] == "The world named The World Of Gaia Prime by Ben after a roll-off"
    assert "Packet opened: “A player is eliminated”" in words
    assert "3 fortification boxes ticked on Egypt" in words
    assert "Cid founded the World Capital Prime Metropolis in Ukraine" in words
    assert "Game over: Ana won; Cid eliminated" in words


def test_a_reward_is_described_by_what_it_founded_never_by_a_code():
    founded = Entry("reward", {"player": "Ana", "sign": {}, "choice": {
        "type": "found_major_city", "territory": "Egypt", "name": "New Cairo"}})
    assert rl.describe(founded) == (
        "Ana signed the victor's section and chose Found a Major City: New Cairo in Egypt"
    )
    bonus = Entry("reward", {"player": "Ana", "sign": {}, "choice": {
        "type": "change_continent_bonus", "continent": "Asia", "delta": -1}})
    assert rl.describe(bonus).endswith("Change a continent bonus: Asia −1")


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"type": "elimination", "player": "Cid"}, "Cid was eliminated"),
        ({"type": "missiles", "count": 3}, "3 Missiles fired in one combat"),
        ({"type": "recruitment", "player": "Ana", "troops": 31},
         "Ana recruited 31 troops while holding a Missile"),
        ({"type": "city", "territory": "Peru", "kind": "major", "name": "Lima", "player": "Ben"},
         "Ben founded the Major City Lima in Peru"),
    ],
)
def test_events_are_described_in_words(data, words):
    assert rl.describe(Entry("event", data)) == words


# --------------------------------------------------------------------------------------
# The setup's coins, eliminations and the games with rewards, as the pages offer them
# --------------------------------------------------------------------------------------


def test_a_coin_may_be_added_while_stickers_are_left_and_the_card_has_room():
    placement = dict.fromkeys(rl.TERRITORIES, 0)
    assert rl.may_add_coin(placement, "Peru")
    placement["Peru"] = rl.MAX_RESOURCES_BEFORE_FIRST_GAME - 1  # its printed coin makes it full
    assert not rl.may_add_coin(placement, "Peru")
    placement.update(dict.fromkeys(rl.TERRITORIES[:10], 1))
    placement["Peru"] = 2
    assert sum(placement.values()) == rl.COIN_STICKERS and not rl.may_add_coin(placement, "Siam")


def test_random_placement_places_the_coins_left_and_keeps_those_placed_by_hand():
    by_hand = dict.fromkeys(rl.TERRITORIES, 0) | {"Alaska": 2, "Peru": 1}
    for seed in range(20):
        placed = rl.random_placement(by_hand, random.Random(seed))
        assert sum(placed.values()) == rl.COIN_STICKERS
        assert all(placed[t] >= n for t, n in by_hand.items())
        assert placed["Alaska"] == 2  # already the most a card may hold before game 1
        assert all(rl.PRINTED_COINS + n <= rl.MAX_RESOURCES_BEFORE_FIRST_GAME for n in placed.values())
    assert rl.random_placement(by_hand, random.Random(1)) == rl.random_placement(by_hand, random.Random(1))


def test_the_coin_the_page_adds_is_one_the_setup_accepts():
    """The + button and the setup's check agree: a card one coin short of full is accepted."""
    coins = {"Peru": rl.MAX_RESOURCES_BEFORE_FIRST_GAME - 2}
    assert rl.may_add_coin(coins, "Peru")
    rest = [t for t in rl.TERRITORIES if t != "Peru"][: rl.COIN_STICKERS - coins["Peru"] - 1]
    coins.update({"Peru": coins["Peru"] + 1, **dict.fromkeys(rest, 1)})
    state = campaign(coin_stickers=coins)
    assert state.territories["Peru"].resources == rl.MAX_RESOURCES_BEFORE_FIRST_GAME


def test_only_the_players_still_standing_may_be_eliminated_and_never_the_last():
    state = playing()
    assert rl.eliminable(state.last_game) == ["Ana", "Ben", "Cid"]
    apply(state, "event", {"type": "elimination", "player": "Ben"})
    assert rl.eliminable(state.last_game) == ["Ana", "Cid"]
    apply(state, "event", {"type": "elimination", "player": "Cid"})
    assert rl.eliminable(state.last_game) == []  # Ana stands alone: she won


def test_games_one_to_fifteen_give_rewards():
    assert rl.gives_rewards(1) and rl.gives_rewards(rl.LAST_REWARD_GAME)
    assert not rl.gives_rewards(rl.LAST_REWARD_GAME + 1)
