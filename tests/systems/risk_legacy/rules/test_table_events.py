"""Events logged at the table so the tracker can prompt for sealed packets: eliminations,
Missiles fired in one combat, recruitment while holding a Missile."""

from campaigns.rules import journal
from campaigns.rules import risk_legacy as rl
from campaigns.rules.base import Entry

from tests.journal_files import RULES
from tests.systems.risk_legacy.rules.helpers import apply, campaign, end, play, refuse, start


def event(state, **data):
    return apply(state, "event", data)


def two_signatures_for_ana():
    state = campaign()
    play(state)
    play(state)
    start(state)
    return state


def test_an_elimination_meets_the_first_elimination_condition():
    state = campaign()
    start(state)
    event(state, type="elimination", player="Cid")
    assert state.conditions_met == {"first_elimination": 1}
    assert rl.packet_prompts(state)[0]["label"] == "a player is eliminated (the first time)"


def test_an_elimination_is_refused_twice_for_a_player_and_for_someone_not_playing():
    state = campaign()
    start(state)
    event(state, type="elimination", player="Cid")
    assert refuse(state, "event", {"type": "elimination", "player": "Cid"}).message == (
        "Cid has already been eliminated in game 1"
    )
    assert refuse(state, "event", {"type": "elimination", "player": "Dee"}).message == "Dee is not playing game 1"


def test_the_last_player_standing_cannot_be_eliminated():
    state = campaign()
    start(state)
    event(state, type="elimination", player="Cid")
    event(state, type="elimination", player="Ben")
    error = refuse(state, "event", {"type": "elimination", "player": "Ana"})
    assert error.message == "Ana is the last player standing: they won game 1"


def test_a_player_eliminated_during_the_game_must_end_it_eliminated():
    state = campaign()
    start(state)
    event(state, type="elimination", player="Cid")
    error = refuse(state, "game_end", {"results": {"Ana": "won", "Ben": "held_on", "Cid": "held_on"}})
    assert error.message == "Cid was eliminated during the game, so their result is eliminated"
    end(state, {"Ana": "won", "Ben": "held_on", "Cid": "eliminated"})


def test_two_missiles_in_one_combat_do_not_open_the_packet():
    state = two_signatures_for_ana()  # Ana signed games 1 and 2: two Missiles; Ben and Cid none
    event(state, type="missiles", count=2)
    assert "three_missiles" not in state.conditions_met


def test_missiles_beyond_those_in_play_are_refused():
    state = two_signatures_for_ana()
    assert refuse(state, "event", {"type": "missiles", "count": 3}).message == "Only 2 Missiles are in play in game 3"
    assert refuse(state, "event", {"type": "missiles", "count": 0}).field == "count"


def test_the_missile_refusals_read_as_sentences_with_none_or_one_in_play():
    state = campaign()
    start(state)  # nobody has signed: no Missile at the table
    assert refuse(state, "event", {"type": "missiles", "count": 1}).message == (
        "No Missile is in play in game 1: Missiles come from signing the victor's section"
    )
    state = one_signature_for_ana()
    assert refuse(state, "event", {"type": "missiles", "count": 2}).message == "Only 1 Missile is in play in game 2"
    state = two_signatures_for_ana()
    event(state, type="missiles", count=2)
    assert refuse(state, "event", {"type": "missiles", "count": 1}).message == (
        "No Missile is left unfired in game 3: all 2 Missiles in play have been fired, and a fired Missile is spent"
    )


def test_three_missiles_are_prompted_once_three_are_in_play():
    state = campaign()
    for _ in range(3):
        play(state)
    start(state)
    event(state, type="missiles", count=3)
    assert state.conditions_met["three_missiles"] == 4


def test_recruiting_30_while_holding_a_missile_meets_its_condition():
    state = two_signatures_for_ana()
    event(state, type="recruitment", player="Ana", troops=29)
    assert "recruit_30" not in state.conditions_met
    event(state, type="recruitment", player="Ana", troops=31)
    assert state.conditions_met["recruit_30"] == 3


def test_recruitment_is_logged_only_for_a_player_holding_a_missile():
    state = two_signatures_for_ana()
    error = refuse(state, "event", {"type": "recruitment", "player": "Ben", "troops": 30})
    assert error.message == "Ben holds no Missile (they have never signed the victor's section)"
    assert error.field == "player"


def one_signature_for_ana():
    state = campaign()
    play(state)
    start(state)
    return state


def test_a_fired_missile_is_spent():
    """Ana's one Missile fires once; two more combats with it are refused."""
    state = one_signature_for_ana()
    event(state, type="missiles", count=1)
    assert rl.missiles_left(state, state.last_game) == 0
    error = refuse(state, "event", {"type": "missiles", "count": 1})
    assert (error.field, error.message) == (
        "count",
        "No Missile is left unfired in game 2: the only Missile in play has been fired, and a fired Missile is spent",
    )


def test_three_missiles_over_several_combats_never_exceed_those_in_play():
    state = two_signatures_for_ana()
    event(state, type="missiles", count=1)
    error = refuse(state, "event", {"type": "missiles", "count": 2})
    assert error.message == (
        "Only 1 Missile is left unfired in game 3 (1 of 2 already fired: a fired Missile is spent)"
    )


def test_recruiting_30_after_the_missiles_are_fired_is_not_holding_one():
    state = one_signature_for_ana()
    event(state, type="missiles", count=1)
    error = refuse(state, "event", {"type": "recruitment", "player": "Ana", "troops": 31})
    assert (error.field, error.message) == (
        "player",
        "Ana holds no unfired Missile: the only Missile in play has been fired in game 2",
    )
    assert "recruit_30" not in state.conditions_met
    assert rl.packets_to_open(state) == []


def test_table_events_round_trip_through_the_journal():
    data = {
        "format": "campaign-journal/1", "system": "risk-legacy", "name": "T", "players": ["Ana", "Ben", "Cid"],
        "setup": {"starting_powers": {f: "p" for f in rl.FACTIONS},
                  "coin_stickers": {"Brazil": 2, "Egypt": 2, "Ural": 2, "Japan": 2, "Iceland": 2, "Siam": 2}},
        "games": [{"number": 1, "played_on": "2026-09-03",
                   "seats": [{"player": "Ana", "faction": rl.FACTIONS[0], "start": "Egypt", "result": "won"},
                             {"player": "Ben", "faction": rl.FACTIONS[1], "start": "Peru", "result": "held_on"},
                             {"player": "Cid", "faction": rl.FACTIONS[2], "start": "Ural", "result": "eliminated"}],
                   "packets_opened": [], "events": [{"type": "elimination", "player": "Cid"}], "rewards": []}],
    }
    system, name, players, entries, timeline = journal.load(data, RULES)
    assert timeline.current.conditions_met == {"first_elimination": 1}
    assert journal.write(system, name, players, entries) == data


def test_a_prompted_packet_stops_being_prompted_once_opened_under_its_printed_words():
    state = campaign()
    start(state)
    event(state, type="elimination", player="Cid")
    assert [p["condition"] for p in rl.packets_to_open(state)] == ["first_elimination"]
    apply(state, "packet", {"name": "Open when a player is eliminated!", "unlocks": {}})
    assert rl.packets_to_open(state) == []


def test_another_packet_does_not_answer_the_prompt():
    state = campaign()
    start(state)
    event(state, type="elimination", player="Cid")
    apply(state, "packet", {"name": "Do not open. Ever.", "unlocks": {}})
    assert [p["condition"] for p in rl.packets_to_open(state)] == ["first_elimination"]


def test_scar_cards_are_dealt_only_when_there_is_one_for_everyone():
    assert rl.scar_cards_dealt(4, 4) is True
    assert rl.scar_cards_dealt(3, 4) is False
    assert rl.scar_cards_dealt(None, 4) is None


# Missiles per player (docs/rules.md, 2026-12-01): a `missiles` event may name who fired.


def signatures_for_ana_and_ben():
    """Ana signed games 1 and 2, Ben game 3: in game 4 Ana holds 2 Missiles, Ben 1, Cid none."""
    state = campaign()
    play(state)
    play(state)
    play(state, seats=[("Ben", "Enclave of the Bear", "Peru"), ("Ana", "Khan Industries", "Egypt"),
                       ("Cid", "Die Mechaniker", "Ural")])
    start(state)
    return state


def test_missiles_named_by_player_are_spent_from_that_players_own():
    state = signatures_for_ana_and_ben()
    event(state, type="missiles", count=2, by={"Ana": 1, "Ben": 1})
    game = state.last_game
    assert (rl.missiles_left_for(state, game, "Ana"), rl.missiles_left_for(state, game, "Ben")) == (1, 0)
    assert rl.missile_holders(state, game) == ["Ana"]
    event(state, type="missiles", count=1, by={"Ana": 1})  # Ana's second: the edge, accepted
    assert rl.missiles_left_for(state, game, "Ana") == 0


def test_a_player_firing_more_than_they_hold_is_refused_though_others_hold_some():
    state = signatures_for_ana_and_ben()
    error = refuse(state, "event", {"type": "missiles", "count": 2, "by": {"Ben": 2}})
    assert (error.field, error.message) == ("by", "Ben holds only 1 Missile unfired in game 4, not 2")
    event(state, type="missiles", count=1, by={"Ben": 1})
    error = refuse(state, "event", {"type": "missiles", "count": 1, "by": {"Ben": 1}})
    assert (error.field, error.message) == (
        "by", "Ben holds no unfired Missile: their only Missile has been fired in game 4"
    )
    error = refuse(state, "event", {"type": "missiles", "count": 1, "by": {"Cid": 1}})
    assert error.message == "Cid holds no Missile (they have never signed the victor's section)"


def test_the_counts_of_who_fired_add_up_to_the_missiles_of_the_combat():
    state = signatures_for_ana_and_ben()
    error = refuse(state, "event", {"type": "missiles", "count": 2, "by": {"Ana": 1}})
    assert (error.field, error.message) == (
        "by", "The Missiles named add up to 1, not the 2 fired in this combat: say how many each player fired"
    )
    for by in ({}, {"Ana": 0}, {"Ana": "1"}, ["Ana"]):
        assert refuse(state, "event", {"type": "missiles", "count": 1, "by": by}).field == "by"
    error = refuse(state, "event", {"type": "missiles", "count": 1, "by": {"Dee": 1}})
    assert (error.field, error.message) == ("by", "Dee is not playing game 4")


def test_recruitment_while_holding_a_missile_is_judged_per_player_once_who_fired_is_named():
    state = signatures_for_ana_and_ben()
    event(state, type="missiles", count=1, by={"Ben": 1})
    error = refuse(state, "event", {"type": "recruitment", "player": "Ben", "troops": 30})
    assert (error.field, error.message) == (
        "player", "Ben holds no unfired Missile: their only Missile has been fired in game 4"
    )
    event(state, type="recruitment", player="Ana", troops=30)  # Ana still holds both of hers
    assert state.conditions_met["recruit_30"] == 4


def test_missiles_without_who_fired_keep_the_per_game_reading():
    state = signatures_for_ana_and_ben()
    event(state, type="missiles", count=2)
    game = state.last_game
    # Nobody is named: any of the three at the table may be the one left.
    assert rl.missile_holders(state, game) == ["Ana", "Ben"]
    event(state, type="missiles", count=1, by={"Ben": 1})
    assert rl.missile_holders(state, game) == []
    assert refuse(state, "event", {"type": "missiles", "count": 1, "by": {"Ana": 1}}).field == "count"


def test_missiles_named_by_player_read_in_words():
    assert rl.describe(Entry("event", {"type": "missiles", "count": 1, "by": {"Ana": 1}})) == (
        "1 Missile fired by Ana in one combat"
    )
    assert rl.describe(Entry("event", {"type": "missiles", "count": 3, "by": {"Ana": 2, "Ben": 1}})) == (
        "3 Missiles fired in one combat: 2 by Ana, 1 by Ben"
    )
    assert rl.describe(Entry("event", {"type": "missiles", "count": 2})) == "2 Missiles fired in one combat"


def test_who_fired_round_trips_through_the_journal_and_without_it_nothing_changes():
    data = {
        "format": "campaign-journal/1", "system": "risk-legacy", "name": "T", "players": ["Ana", "Ben", "Cid"],
        "setup": {"starting_powers": {f: "p" for f in rl.FACTIONS},
                  "coin_stickers": {"Brazil": 2, "Egypt": 2, "Ural": 2, "Japan": 2, "Iceland": 2, "Siam": 2}},
        "games": [],
    }
    seats = [{"player": "Ana", "faction": rl.FACTIONS[0], "start": "Egypt", "result": "won"},
             {"player": "Ben", "faction": rl.FACTIONS[1], "start": "Peru", "result": "held_on"},
             {"player": "Cid", "faction": rl.FACTIONS[2], "start": "Ural", "result": "held_on"}]
    reward = [{"player": "Ana", "sign": {}, "choice": {"type": "destroy_territory_card", "territory": "Siam"}}]
    data["games"] = [
        {"number": 1, "played_on": "2026-09-03", "seats": seats, "packets_opened": [], "events": [],
         "rewards": reward},
        {"number": 2, "played_on": "2026-09-10", "seats": seats, "packets_opened": [],
         "events": [{"type": "missiles", "count": 1, "by": {"Ana": 1}}], "rewards": []},
    ]
    data["games"][1]["rewards"] = [
        {"player": "Ana", "sign": {}, "choice": {"type": "destroy_territory_card", "territory": "Japan"}}
    ]
    system, name, players, entries, _ = journal.load(data, RULES)
    assert journal.write(system, name, players, entries) == data


# Red Stars (docs/rules.md, 2026-12-01): a Red Star taken from another player, with an HQ.


def test_a_red_star_taken_from_another_player_is_logged_with_the_hq():
    state = campaign()
    start(state)
    event(state, type="red_star", player="Ana", **{"from": "Ben"})
    game = state.last_game
    assert (rl.hqs_held(game, "Ana"), rl.hqs_held(game, "Ben")) == (2, 0)
    assert state.changes[-1].kind == "red_star"
    assert state.changes[-1].text == "Ana took a Red Star from Ben, capturing an HQ"
    event(state, type="red_star", player="Cid", **{"from": "Ana"})  # Ana holds two: one is taken
    assert rl.hqs_held(game, "Ana") == 1


def test_a_red_star_is_taken_only_from_a_player_who_holds_an_hq():
    state = campaign()
    start(state)
    event(state, type="red_star", player="Ana", **{"from": "Ben"})
    error = refuse(state, "event", {"type": "red_star", "player": "Cid", "from": "Ben"})
    assert (error.field, error.message) == (
        "from",
        "Ben holds no HQ now, so has no Red Star to take: a Red Star is taken by capturing an HQ "
        "(Red Star tokens never change hands)",
    )
    event(state, type="red_star", player="Ben", **{"from": "Ana"})  # Ben takes one back
    event(state, type="red_star", player="Cid", **{"from": "Ben"})


def test_a_red_star_is_taken_by_a_seated_player_still_in_the_game_from_another():
    state = campaign()
    start(state)
    error = refuse(state, "event", {"type": "red_star", "player": "Ana", "from": "Ana"})
    assert (error.field, error.message) == (
        "from", "Ana cannot take a Red Star from themselves: it is taken from another player"
    )
    assert refuse(state, "event", {"type": "red_star", "player": "Ana", "from": "Dee"}).message == (
        "Dee is not playing game 1"
    )
    assert refuse(state, "event", {"type": "red_star", "player": "Ana"}).field == "from"
    event(state, type="elimination", player="Cid")
    error = refuse(state, "event", {"type": "red_star", "player": "Cid", "from": "Ana"})
    assert (error.field, error.message) == (
        "player", "Cid has been eliminated in game 1: an eliminated player takes nothing"
    )


def test_a_red_star_reads_in_words_and_round_trips_through_the_journal():
    assert rl.describe(Entry("event", {"type": "red_star", "player": "Ana", "from": "Ben"})) == (
        "Ana took a Red Star from Ben, capturing an HQ"
    )
    data = {
        "format": "campaign-journal/1", "system": "risk-legacy", "name": "T", "players": ["Ana", "Ben", "Cid"],
        "setup": {"starting_powers": {f: "p" for f in rl.FACTIONS},
                  "coin_stickers": {"Brazil": 2, "Egypt": 2, "Ural": 2, "Japan": 2, "Iceland": 2, "Siam": 2}},
        "games": [{"number": 1, "played_on": "2026-09-03",
                   "seats": [{"player": "Ana", "faction": rl.FACTIONS[0], "start": "Egypt", "result": "won"},
                             {"player": "Ben", "faction": rl.FACTIONS[1], "start": "Peru", "result": "held_on"},
                             {"player": "Cid", "faction": rl.FACTIONS[2], "start": "Ural", "result": "held_on"}],
                   "packets_opened": [], "events": [{"type": "red_star", "player": "Ana", "from": "Ben"}],
                   "rewards": []}],
    }
    system, name, players, entries, timeline = journal.load(data, RULES)
    assert timeline.current.games[0].events == [{"type": "red_star", "player": "Ana", "from": "Ben"}]
    assert journal.write(system, name, players, entries) == data
