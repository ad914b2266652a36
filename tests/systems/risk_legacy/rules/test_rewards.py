"""The end-of-game rewards (rules/risk_legacy/rewards.py): order and signatures, the winner's
choices and the held-on choices. Plain Python, no Django."""

from __future__ import annotations

import pytest

from campaigns.rules import risk_legacy as rl
from campaigns.rules.base import RuleError

from tests.systems.risk_legacy.rules.helpers import (
    BALK,
    BEAR,
    CONTROL,
    KHAN,
    MECH,
    SAHARA,
    SEATS,
    after_end,
    apply,
    auto_seats,
    boxes,
    campaign,
    choice,
    city,
    end,
    fifteen_games,
    fortified_egypt,
    held,
    in_rewards,
    play,
    playing,
    refuse,
    scar,
    scarred_and_built,
    start,
    win,
)

FIVE = [
    ("Ana", KHAN, "Egypt"),
    ("Ben", BEAR, "Peru"),
    ("Cid", MECH, "Ural"),
    ("Dee", BALK, "Japan"),
    ("Eve", SAHARA, "Iceland"),
]


def test_the_winner_signs_and_chooses_first():
    state = after_end()
    win(state, choice("destroy_territory_card", territory="Siam"), comment="First blood")
    assert state.victors == [rl.Signature(1, "Ana", "2026-09-03", "First blood")]
    assert state.territories["Siam"].card_destroyed
    assert state.last_game.rewards[0] == rl.Reward(
        "Ana", True, choice("destroy_territory_card", territory="Siam")
    )


def test_a_signature_without_a_comment_has_none():
    state = in_rewards()
    assert state.victors[0].comment is None


def test_the_winner_must_choose_before_held_on_players():
    error = refuse(after_end(), "reward", {"player": "Ben", "choice": None})
    assert (error.place, error.message) == ("game 1, reward 1 (Ben)", "The winner (Ana) chooses first")


def test_the_winner_must_sign():
    error = refuse(
        after_end(), "reward", {"player": "Ana", "choice": choice("destroy_territory_card", territory="Siam")}
    )
    assert (error.field, error.message) == (
        "sign",
        "The winner signs the victor's section: 'sign' is missing",
    )


def test_only_the_winner_signs():
    error = refuse(in_rewards(), "reward", {"player": "Ben", "sign": {}, "choice": None})
    assert (error.field, error.message) == ("sign", "Only the winner signs the victor's section")


def test_a_signature_refuses_unknown_keys():
    error = refuse(after_end(), "reward", {"player": "Ana", "sign": {"motto": "x"}, "choice": None})
    assert error.message == "unknown key 'motto' in 'sign'"


def test_the_winner_must_choose_a_reward():
    error = refuse(after_end(), "reward", {"player": "Ana", "sign": {}, "choice": None})
    assert (error.field, error.message) == ("choice", "The winner must choose one of the six rewards")


def test_the_winner_cannot_take_a_held_on_reward():
    chosen = choice("found_minor_city", territory="Egypt", name="X")
    error = refuse(after_end(), "reward", {"player": "Ana", "sign": {}, "choice": chosen})
    assert error.message == (
        "Found a Minor City is a held-on player's reward: the winner chooses one of the six winner's rewards"
    )


def test_a_held_on_player_cannot_take_a_winners_reward():
    error = refuse(
        in_rewards(), "reward", {"player": "Ben", "choice": choice("cancel_scar", territory="Peru")}
    )
    assert (
        error.message == "Cancel a scar is a winner's reward: "
        "a held-on player may Found a Minor City, Add a resource or pass"
    )


def test_the_winner_chooses_once():
    error = refuse(
        in_rewards(),
        "reward",
        {"player": "Ana", "sign": {}, "choice": choice("cancel_scar", territory="Peru")},
    )
    assert error.message == "Ana has already chosen the winner's reward"


def test_held_on_players_choose_clockwise_from_the_winner_and_may_be_skipped():
    # Ben wins from seat 2: the held-on order is Cid, Dee, Eve, then Ana.
    results = {"Ana": "held_on", "Ben": "won", "Cid": "held_on", "Dee": "held_on", "Eve": "held_on"}
    state = in_rewards(FIVE, results)
    assert state.reward_queue == ["Cid", "Dee", "Eve", "Ana"]
    held(state, "Dee", None)  # Cid is skipped: he has passed
    held(state, "Ana", choice("add_resource", territory="Egypt"))
    assert state.reward_queue == [] and state.phase == rl.PHASE_READY
    assert [r.player for r in state.last_game.rewards] == ["Ben", "Dee", "Ana"]


def test_a_held_on_player_cannot_choose_after_a_later_seat():
    results = {"Ana": "held_on", "Ben": "won", "Cid": "held_on", "Dee": "held_on", "Eve": "held_on"}
    state = in_rewards(FIVE, results)
    held(state, "Dee", None)
    error = refuse(state, "reward", {"player": "Cid", "choice": None})
    assert error.message == (
        "Cid's turn has passed: held-on players choose clockwise from the winner, "
        "and a later seat has already chosen"
    )


def test_a_held_on_player_chooses_once():
    state = held(in_rewards(), "Ben", None)
    error = refuse(state, "reward", {"player": "Ben", "choice": None})
    assert error.message == "Ben has already had a turn: each held-on player chooses once"


def test_a_held_on_player_may_pass():
    state = held(in_rewards(), "Ben", None)
    assert state.last_game.rewards[-1] == rl.Reward("Ben", False, None)
    assert state.last_game.rewards[-1].label == "Passed"


def test_eliminated_players_get_nothing():
    state = in_rewards(results={"Ana": "won", "Ben": "held_on", "Cid": "eliminated"})
    assert state.reward_queue == ["Ben"]
    error = refuse(state, "reward", {"player": "Cid", "choice": None})
    assert error.message == "Cid was eliminated in game 1: eliminated players get no reward"


def test_a_player_who_did_not_play_gets_nothing():
    error = refuse(in_rewards(), "reward", {"player": "Eve", "choice": None})
    assert error.message == "Eve did not play game 1"


def test_a_reward_names_a_known_player():
    error = refuse(in_rewards(), "reward", {"player": "Benn", "choice": None})
    assert (error.place, error.field) == ("game 1, reward 2 (Benn)", "player")
    assert error.message == 'There is no player called "Benn" in this campaign (did you mean Ben?)'


def test_rewards_come_after_the_games_end():
    error = refuse(playing(), "reward", {"player": "Ana", "sign": {}, "choice": None})
    assert error.message == "Rewards come after the game's end: game 1 is in progress"


def test_there_are_rewards_up_to_game_15():
    state = fifteen_games()
    assert [s.game for s in state.victors] == list(range(1, 16))


def test_no_rewards_after_game_15():
    state = fifteen_games()
    start(state, auto_seats(state))
    end(state)
    error = refuse(
        state,
        "reward",
        {"player": "Ana", "sign": {}, "choice": choice("destroy_territory_card", territory="Alaska")},
    )
    assert (error.place, error.message) == ("game 16, reward 1 (Ana)", "No rewards after game 15")
    assert rl.reward_targets(state, "Ana") == {}


def test_a_choice_refuses_unknown_missing_and_mistyped_fields():
    state = after_end()
    sign = {"player": "Ana", "sign": {}}
    cases = [
        (
            choice("cancel_scar", territory="Peru", name="x"),
            "Cancel a scar: unknown key 'name' in the choice",
        ),
        (
            choice("found_major_city", territory="Peru"),
            "Found a Major City: 'name' is missing from the choice",
        ),
        (
            choice("found_major_city", territory="Peru", name=" "),
            "Found a Major City: 'name' must be a non-empty text",
        ),
        (choice("bribe"), "a choice's 'type' must be one of " + ", ".join(rl.WINNER_CHOICES)),
        ("cancel_scar", "'choice' must be a JSON object, or null to pass"),
    ]
    for chosen, message in cases:
        assert refuse(state, "reward", {**sign, "choice": chosen}).message == message


# --------------------------------------------------------------------------------------
# Rewards: the six winner's choices
# --------------------------------------------------------------------------------------


def winner_refused(state, chosen) -> RuleError:
    return refuse(state, "reward", {"player": state.last_game.winner, "sign": {}, "choice": chosen})


def test_name_a_continent():
    state = win(after_end(), choice("name_continent", continent="South America", name="Awesometonia"))
    continent = state.continents["South America"]
    assert (continent.name, continent.named_by, continent.named_in) == ("Awesometonia", "Ana", 1)


def test_name_a_continent_refuses_a_named_one():
    state = play(campaign(), choice("name_continent", continent="South America", name="Awesometonia"))
    start(state, auto_seats(state))
    end(state)
    error = winner_refused(state, choice("name_continent", continent="South America", name="Other"))
    assert (error.place, error.field) == ("game 2, reward 1 (Ana)", "continent")
    assert error.message == "Name a continent: South America is already named Awesometonia (by Ana in game 1)"


def test_name_a_continent_refuses_a_name_already_given():
    state = play(campaign(), choice("name_continent", continent="South America", name="Awesometonia"))
    start(state, auto_seats(state))
    end(state)
    error = winner_refused(state, choice("name_continent", continent="Africa", name=" awesometonia"))
    assert (error.field, error.message) == (
        "name",
        "Name a continent: Awesometonia is already the name of South America: a continent's name is unique",
    )


def test_a_continent_is_named_by_its_board_key():
    state = play(campaign(), choice("name_continent", continent="South America", name="Awesometonia"))
    start(state, auto_seats(state))
    end(state)
    error = winner_refused(state, choice("name_continent", continent="Awesometonia", name="X"))
    assert error.message == (
        'Name a continent: "Awesometonia" is the name given to South America: '
        "a continent is referred to by its board name, South America"
    )
    error = winner_refused(state, choice("name_continent", continent="Afrika", name="X"))
    assert error.message == 'Name a continent: There is no continent called "Afrika" (did you mean Africa?)'


def test_found_a_major_city():
    state = win(after_end(), choice("found_major_city", territory="Alaska", name="Nome Prime"))
    assert state.territories["Alaska"].city == rl.City("major", "Nome Prime", "Ana", 1)
    assert state.supplies.major_cities == 4
    assert "Alaska" in rl.legal_starts(state, "Ana") and "Alaska" not in rl.legal_starts(state, "Ben")


def test_found_a_major_city_refuses_a_territory_with_a_city():
    state = scarred_and_built()
    start(state, [("Cid", MECH, "Ural"), ("Ana", KHAN, "Egypt"), ("Ben", BEAR, "Alaska")])
    end(state)
    error = winner_refused(state, choice("found_major_city", territory="Brazil", name="Rio Grande"))
    assert (error.field, error.message) == (
        "territory",
        "Found a Major City: Brazil already has a city (Rio Nuevo, founded in game 1)",
    )


def test_found_a_major_city_needs_a_sticker_left():
    state = campaign()
    for territory in ["Alaska", "Greenland", "Madagascar", "Siam", "Argentina"]:
        play(state, choice("found_major_city", territory=territory, name=f"{territory} City"))
    assert state.supplies.major_cities == 0
    start(state, auto_seats(state))
    end(state)
    error = winner_refused(state, choice("found_major_city", territory="Iceland", name="Reykjavik"))
    assert error.message == "Found a Major City: no Major City stickers are left"
    assert rl.reward_targets(state, "Ana")["found_major_city"] == []


def test_cancel_a_scar():
    state = campaign()
    start(state)
    apply(state, "event", scar("Ben", "Peru", "Bunker"))
    end(state)
    win(state, choice("cancel_scar", territory="Peru"))
    assert state.territories["Peru"].scar is None and state.supplies.white_stickers == 3
    assert "Peru" in rl.legal_starts(state, "Ben")


def test_cancel_a_scar_needs_a_scar():
    error = winner_refused(after_end(), choice("cancel_scar", territory="Peru"))
    assert (error.field, error.message) == ("territory", "Cancel a scar: Peru has no scar")


def test_cancel_a_scar_never_removes_a_city():
    state = scarred_and_built()
    start(state, [("Cid", MECH, "Ural"), ("Ana", KHAN, "Egypt"), ("Ben", BEAR, "Alaska")])
    end(state)
    assert (
        winner_refused(state, choice("cancel_scar", territory="Brazil")).message
        == "Cancel a scar: Brazil has no scar"
    )


def test_cancel_a_scar_needs_a_white_sticker_left():
    state = campaign()
    for territory in ["Peru", "Brazil", "Siam", "Japan", "Alaska"]:
        start(state, auto_seats(state))
        apply(state, "event", scar("Ben", territory, "Bunker"))
        end(state)
        if state.supplies.white_stickers:
            win(state, choice("cancel_scar", territory=territory))
    error = winner_refused(state, choice("cancel_scar", territory="Alaska"))
    assert error.message == "Cancel a scar: no white stickers are left"


def test_change_a_continent_bonus():
    state = win(after_end(), choice("change_continent_bonus", continent="Asia", delta=-1))
    assert state.continents["Asia"].bonus == 6 and state.continents["Asia"].change == -1
    assert (state.supplies.minus_one, state.supplies.plus_one) == (0, 1)
    assert rl.bonus_deltas(state) == [1]


def test_a_continent_bonus_changes_once():
    state = play(campaign(), choice("change_continent_bonus", continent="Asia", delta=-1))
    start(state, auto_seats(state))
    end(state)
    error = winner_refused(state, choice("change_continent_bonus", continent="Asia", delta=1))
    assert (error.field, error.message) == (
        "continent",
        "Change a continent bonus: Asia's bonus was already changed (-1 in game 1): a continent changes once",
    )


def test_each_bonus_mark_is_used_once():
    state = play(campaign(), choice("change_continent_bonus", continent="Asia", delta=-1))
    start(state, auto_seats(state))
    end(state)
    error = winner_refused(state, choice("change_continent_bonus", continent="Europe", delta=-1))
    assert (error.field, error.message) == ("delta", "Change a continent bonus: the -1 mark is already used")
    win(state, choice("change_continent_bonus", continent="Europe", delta=1))
    start(state, auto_seats(state))
    end(state)
    error = winner_refused(state, choice("change_continent_bonus", continent="Africa", delta=1))
    assert error.message == "Change a continent bonus: the +1 and -1 marks are both used"


@pytest.mark.parametrize("delta", [2, 0, True, "+1"])
def test_a_bonus_change_is_plus_or_minus_one(delta):
    error = winner_refused(after_end(), choice("change_continent_bonus", continent="Asia", delta=delta))
    assert (error.field, error.message) == ("delta", "Change a continent bonus: 'delta' must be +1 or -1")


def test_fortify_a_city_and_refortify_it_with_fresh_boxes():
    state = fortified_egypt()
    apply(state, "event", boxes("Egypt", 4))
    end(state)
    win(state, choice("fortify_city", territory="Egypt"))
    assert state.territories["Egypt"].fortification.boxes_left == 10
    assert state.supplies.fortifications == 3


def test_fortify_a_city_needs_a_city():
    error = winner_refused(after_end(), choice("fortify_city", territory="Peru"))
    assert (error.field, error.message) == ("territory", "Fortify a city: Peru has no city to fortify")


def test_fortify_a_city_needs_a_mark_left():
    state = campaign()
    play(state, choice("found_major_city", territory="Alaska", name="Nome"))
    for _ in range(5):
        play(state, choice("fortify_city", territory="Alaska"))
    start(state, auto_seats(state))
    end(state)
    error = winner_refused(state, choice("fortify_city", territory="Alaska"))
    assert error.message == "Fortify a city: no fortification marks are left"


def test_destroy_a_territory_card():
    state = win(after_end(), choice("destroy_territory_card", territory="Brazil"))
    assert state.territories["Brazil"].card_destroyed and state.territories["Brazil"].resources == 3


def test_a_card_is_destroyed_once():
    state = play(campaign(), choice("destroy_territory_card", territory="Brazil"))
    start(state, auto_seats(state))
    end(state)
    error = winner_refused(state, choice("destroy_territory_card", territory="Brazil"))
    assert error.message == "Destroy a territory card: Brazil's card is already destroyed"


# --------------------------------------------------------------------------------------
# Rewards: the held-on choices
# --------------------------------------------------------------------------------------


def test_found_a_minor_city_in_a_territory_controlled_at_the_end():
    state = held(
        in_rewards(end_control=CONTROL), "Ben", choice("found_minor_city", territory="Peru", name="Lima Nova")
    )
    assert state.territories["Peru"].city == rl.City("minor", "Lima Nova", "Ben", 1)
    assert state.supplies.minor_cities == 8


def test_found_a_minor_city_refuses_a_territory_not_controlled_when_control_was_logged():
    error = refuse(
        in_rewards(end_control=CONTROL),
        "reward",
        {"player": "Ben", "choice": choice("found_minor_city", territory="Egypt", name="X")},
    )
    assert (error.place, error.field) == ("game 1, reward 2 (Ben)", "territory")
    assert error.message == "Found a Minor City: Ben did not control Egypt at the end of game 1"


def test_found_a_minor_city_takes_the_players_word_when_control_was_not_logged():
    state = held(in_rewards(), "Ben", choice("found_minor_city", territory="Japan", name="Neo Edo"))
    assert state.territories["Japan"].city.founder == "Ben"


def test_a_held_on_reward_needs_a_territory_controlled_at_the_end():
    error = refuse(
        in_rewards(end_control={"Ana": ["Egypt"], "Ben": ["Peru"], "Cid": ["Japan"]}),
        "reward",
        {"player": "Cid", "choice": choice("add_resource", territory="Ural")},
    )
    assert error.message == "Add a resource: Cid did not control Ural at the end of game 1"


def test_found_a_minor_city_refuses_a_territory_with_a_city():
    state = in_rewards(
        end_control=CONTROL, winner_choice=choice("found_major_city", territory="Brazil", name="Rio")
    )
    error = refuse(
        state, "reward", {"player": "Ben", "choice": choice("found_minor_city", territory="Brazil", name="X")}
    )
    assert error.message == "Found a Minor City: Brazil already has a city (Rio, founded in game 1)"


def test_found_a_minor_city_needs_a_sticker_left():
    state = campaign()
    start(state)
    for territory in rl.TERRITORIES[:9]:
        apply(state, "event", city(territory, "minor", f"Town of {territory}"))
    end(state)
    win(state, choice("destroy_territory_card", territory="Siam"))
    error = refuse(
        state, "reward", {"player": "Ben", "choice": choice("found_minor_city", territory="Peru", name="X")}
    )
    assert error.message == "Found a Minor City: no Minor City stickers are left"


def test_found_a_minor_city_may_name_the_players_faction_once():
    state = held(
        in_rewards(),
        "Ben",
        choice("found_minor_city", territory="Peru", name="Lima", faction_name="The Bearded"),
    )
    assert (state.factions[BEAR].name, state.factions[BEAR].named_by) == ("The Bearded", "Ben")
    start(state, [("Cid", MECH, "Ural"), ("Ben", SAHARA, "Alaska"), ("Ana", BEAR, "Egypt")])
    end(state)
    win(state, choice("destroy_territory_card", territory="Japan"))
    error = refuse(
        state,
        "reward",
        {
            "player": "Ana",
            "choice": choice(
                "found_minor_city", territory="Iceland", name="Reyk", faction_name="Bears Again"
            ),
        },
    )
    assert (error.field, error.message) == (
        "faction_name",
        "Found a Minor City: Enclave of the Bear is already named The Bearded: a faction is named once",
    )


def test_add_a_resource():
    state = held(in_rewards(end_control=CONTROL), "Ben", choice("add_resource", territory="Brazil"))
    assert state.territories["Brazil"].resources == 4


def test_add_a_resource_refuses_a_territory_not_controlled():
    error = refuse(
        in_rewards(end_control=CONTROL),
        "reward",
        {"player": "Ben", "choice": choice("add_resource", territory="Ural")},
    )
    assert error.message == "Add a resource: Ben did not control Ural at the end of game 1"


def test_add_a_resource_refuses_a_destroyed_card():
    state = in_rewards(end_control=CONTROL, winner_choice=choice("destroy_territory_card", territory="Peru"))
    error = refuse(state, "reward", {"player": "Ben", "choice": choice("add_resource", territory="Peru")})
    assert error.message == "Add a resource: Peru's card is destroyed: it takes no more stickers"


def test_add_a_resource_stops_at_six():
    state = campaign()  # Brazil starts at 3
    for _ in range(3):
        play(state, seats=SEATS)
        held(state, "Ben", choice("add_resource", territory="Brazil"))
    assert state.territories["Brazil"].resources == 6
    play(state, seats=SEATS)
    error = refuse(state, "reward", {"player": "Ben", "choice": choice("add_resource", territory="Brazil")})
    assert (
        error.message == "Add a resource: Brazil's card already holds 6 resources, the most a card may hold"
    )
