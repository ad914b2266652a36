"""Risk Legacy when the table has the last word (docs/rules.md): every refusal names its rule and
where the rulebook has it; a ruling records the entry as the group says (its effects real, every
later entry checked again); a house rule sets one rule aside for the games it covers; what no
ruling changes stays refused. And the corrections of 2026-12-02: a fourth Red Star wins at once,
an eliminated player fires no Missile and plays no Scar card."""

from __future__ import annotations

import pytest

from campaigns.rules import base, journal
from campaigns.rules import risk_legacy as rl
from campaigns.rules.base import Entry, RuleError

from tests.journal_files import RULES
from tests.systems.risk_legacy.rules.helpers import (
    BEAR,
    KHAN,
    MECH,
    PLAYERS,
    SEATS,
    a_journal,
    apply,
    campaign,
    choice,
    end,
    first_reward,
    jgame,
    play,
    playing,
    refuse,
    scar,
    setup_data,
    start,
    win,
)

WHY = "the packet we opened lets scars stack"
ONE_SCAR = "risk-legacy/one-scar-per-player-per-game"


def ruled(data, why=WHY):
    return {**data, "ruling": why}


# Every refusal names its rule ----------------------------------------------------------------


def test_a_second_scar_is_refused_naming_the_rule_and_the_rulebook_section():
    state = apply(playing(), "event", scar("Ana", "Brazil", "Bunker"))
    error = refuse(state, "event", scar("Ana", "Japan", "Bunker"))
    assert error.rule is rl.RULES[[rule.id for rule in rl.RULES].index(ONE_SCAR)]
    assert error.rulable and error.rule.rulebook == "Scars"
    assert error.told.startswith("game 1, event 2: Ana has already placed a scar in game 1")
    assert error.told.endswith(f'[rule {ONE_SCAR}; rulebook: "Scars"]')


def test_what_no_ruling_changes_says_so():
    error = refuse(playing(), "event", ruled(scar("Ana", "Atlantis", "Bunker")))
    assert not error.rulable and error.told.endswith("[no ruling changes this]")
    seats = [("Ana", KHAN, "Egypt"), ("Ana", BEAR, "Peru"), ("Cid", MECH, "Ural")]
    error = refuse(campaign(), "game", ruled({"number": 1, "played_on": "2026-09-03", "seats": [
        {"player": p, "faction": f, "start": s} for p, f, s in seats]}))
    assert error.rule.id == "risk-legacy/one-seat-per-player" and not error.rulable


# A ruling: the entry as the group says, every later entry checked --------------------------------


def test_a_ruling_records_a_second_scar_and_the_next_one_is_checked_again():
    state = apply(playing(), "event", scar("Ana", "Brazil", "Bunker"))
    apply(state, "event", ruled(scar("Ana", "Japan", "Ammo Shortage")))
    assert state.territories["Japan"].scar == "Ammo Shortage"
    assert state.law.rulings == [{"game": 1, "place": "event 2", "rule": ONE_SCAR, "why": WHY}]
    assert state.changes[-1].ruling == WHY  # the history shows it with its reason
    assert "ruling" not in state.last_game.events[-1]  # the rules read the event as played
    error = refuse(state, "event", scar("Ana", "Siam", "Bunker"))
    assert error.rule.id == ONE_SCAR


def test_two_scars_ruled_onto_one_territory_both_stand_and_a_cancelled_one_shows_the_other():
    state = apply(playing(), "event", scar("Ben", "Peru", "Bunker"))
    apply(state, "event", ruled(scar("Cid", "Peru", "Ammo Shortage")))
    peru = state.territories["Peru"]
    assert (peru.scar, peru.scars_under) == ("Ammo Shortage", ["Bunker"])
    assert rl.state_json(state)["territories"]["Peru"]["scars_under"] == ["Bunker"]
    assert "scars_under" not in rl.state_json(state)["territories"]["Brazil"]
    assert state.law.rulings[0]["rule"] == "risk-legacy/scar-covers-no-scar"
    end(state, {"Ana": "won", "Ben": "held_on", "Cid": "held_on"})
    win(state, choice("cancel_scar", territory="Peru"))
    assert (peru.scar, peru.scars_under) == ("Bunker", [])


def test_a_setup_ruled_past_three_resources_keeps_what_the_group_placed():
    coins = {"Brazil": 3, "Egypt": 2, "Ural": 2, "Japan": 1, "Iceland": 1, "Peru": 1, "Siam": 1, "Quebec": 1}
    error = refuse(rl.new_state(PLAYERS), "setup", setup_data(coin_stickers=coins))
    assert error.rule.id == "risk-legacy/three-resources-before-first-game"
    state = apply(rl.new_state(PLAYERS), "setup", ruled(setup_data(coin_stickers=coins), "a fourth coin, by card"))
    assert state.territories["Brazil"].resources == 4
    assert state.law.rulings == [
        {"game": 0, "place": "setup", "rule": "risk-legacy/three-resources-before-first-game",
         "why": "a fourth coin, by card"}
    ]


def test_a_seat_s_ruling_covers_that_seat_alone():
    state = campaign()
    seats = [{"player": "Ana", "faction": KHAN, "start": "Egypt"},
             {"player": "Ben", "faction": BEAR, "start": "North Africa", "ruling": "Ben's card lets him"},
             {"player": "Cid", "faction": MECH, "start": "Ural"}]
    apply(state, "game", {"number": 1, "played_on": "2026-09-03", "seats": seats})
    assert state.law.rulings == [
        {"game": 1, "place": "seat 2 (Ben)", "rule": "risk-legacy/hqs-not-adjacent", "why": "Ben's card lets him"}
    ]
    state = campaign()
    seats[1] = {k: v for k, v in seats[1].items() if k != "ruling"}
    seats[2] = {**seats[2], "start": "Middle East", "ruling": "Cid's card lets him"}
    error = refuse(state, "game", {"number": 1, "played_on": "2026-09-03", "seats": seats})
    assert (error.place, error.rule.id) == ("game 1, seat 2 (Ben)", "risk-legacy/hqs-not-adjacent")


def test_a_ruling_no_rule_needed_is_kept_as_ruled_by_nothing():
    state = apply(playing(), "event", ruled(scar("Ana", "Brazil", "Bunker"), "just in case"))
    assert state.law.rulings == [{"game": 1, "place": "event 1", "rule": None, "why": "just in case"}]
    assert state.territories["Brazil"].scar == "Bunker"


@pytest.mark.parametrize(("why", "message"), [
    ("", "a ruling needs the group's reason: say why the table rules otherwise"),
    ("x" * 201, "the group's reason is 200 characters at most, not 201"),
])
def test_a_ruling_without_a_reason_or_with_a_long_one_is_refused(why, message):
    state = apply(playing(), "event", scar("Ana", "Brazil", "Bunker"))
    error = refuse(state, "event", ruled(scar("Ana", "Japan", "Bunker"), why))
    assert (error.message, error.field) == (message, "ruling")


# House rules ------------------------------------------------------------------------------------


def test_a_house_rule_sets_one_rule_aside_in_the_games_it_covers():
    state = campaign()
    apply(state, base.HOUSE_RULE, {"rule": ONE_SCAR, "why": WHY, "from_game": 2, "until_game": 2})
    start(state)
    apply(state, "event", scar("Ana", "Brazil", "Bunker"))
    assert refuse(state, "event", scar("Ana", "Japan", "Bunker")).rule.id == ONE_SCAR  # game 1: not yet
    end(state)
    win(state, choice("destroy_territory_card", territory="Siam"))
    start(state, SEATS)
    apply(state, "event", scar("Ana", "Iceland", "Ammo Shortage"))
    apply(state, "event", scar("Ana", "Japan", "Bunker"))  # game 2: set aside, and recorded
    assert state.law.rulings == [{"game": 2, "place": "event 2", "rule": ONE_SCAR, "why": WHY}]
    refused = refuse(state, "event", scar("Ana", "Brazil", "Bunker"))  # another rule still holds
    assert refused.rule.id == "risk-legacy/scar-covers-no-scar"
    assert rl.state_json(state)["house_rules"] == [
        {"rule": ONE_SCAR, "why": WHY, "from_game": 2, "until_game": 2}
    ]


def test_a_house_rule_on_what_no_ruling_changes_or_no_rule_at_all_is_refused():
    error = refuse(campaign(), base.HOUSE_RULE, {"rule": "risk-legacy/one-seat-per-player", "why": "x",
                                                 "from_game": 1})
    assert error.field == "rule" and "no ruling changes this rule" in error.message
    error = refuse(campaign(), base.HOUSE_RULE, {"rule": "risk-legacy/one-scar-per-player-per-gaem",
                                                 "why": "x", "from_game": 1})
    assert error.message == (
        f"there is no rule 'risk-legacy/one-scar-per-player-per-gaem' to set aside (did you mean {ONE_SCAR}?)"
    )


# The corrections of 2026-12-02 -----------------------------------------------------------------


def red_stars_for_ana():
    """Game 1: Ana (never signed: her setup token) holds her HQ, takes Ben's, buys a token."""
    state = playing()
    assert rl.red_stars(state, state.last_game, "Ana") == 2
    apply(state, "event", {"type": "red_star", "player": "Ana", "from": "Ben"})
    assert rl.red_stars(state, state.last_game, "Ana") == 3 and state.last_game.won_by_red_stars is None
    apply(state, "event", {"type": "red_star_token", "player": "Ana", "how": "bought"})
    return state


def test_a_fourth_red_star_wins_the_game_at_once():
    state = red_stars_for_ana()
    assert state.last_game.won_by_red_stars == "Ana"
    assert state.changes[-1].text.endswith("a fourth Red Star, Ana wins game 1")
    error = refuse(state, "event", scar("Cid", "Brazil", "Bunker"))
    assert error.rule.id == "risk-legacy/four-red-stars-win"
    error = refuse(state, "game_end", {"results": {"Ana": "held_on", "Ben": "won", "Cid": "held_on"}})
    assert (error.rule.id, error.field) == ("risk-legacy/fourth-red-star-winner", "results")
    end(state, {"Ana": "won", "Ben": "held_on", "Cid": "held_on"})
    assert state.last_game.winner == "Ana"


def test_a_red_star_token_counts_once_and_a_signed_player_has_no_setup_token():
    state = campaign()
    play(state)  # Ana signs game 1
    start(state, SEATS)
    assert rl.red_stars(state, state.last_game, "Ana") == 1 and rl.red_stars(state, state.last_game, "Ben") == 2
    apply(state, "event", {"type": "red_star_token", "player": "Ana", "how": "mission"})
    assert rl.red_stars(state, state.last_game, "Ana") == 2
    error = refuse(state, "event", {"type": "red_star_token", "player": "Ana", "how": "stolen"})
    assert (error.field, error.message) == ("how", "'how' must be bought (4 Resource cards) or mission")


def test_an_eliminated_player_fires_no_missile_and_plays_no_scar_card():
    state = campaign()
    play(state, seats=[("Cid", MECH, "Ural"), ("Ana", KHAN, "Egypt"), ("Ben", BEAR, "Peru")])  # Cid signs
    start(state, SEATS)
    apply(state, "event", {"type": "elimination", "player": "Cid"})
    error = refuse(state, "event", {"type": "missiles", "count": 1, "by": {"Cid": 1}})
    assert error.rule.id == "risk-legacy/eliminated-take-no-part"
    error = refuse(state, "event", scar("Cid", "Brazil", "Bunker"))
    assert (error.rule.id, error.field) == ("risk-legacy/eliminated-take-no-part", "player")


# The journal: rulings, house rules, packets and Red Star tokens round-trip ------------------------


def ruled_journal():
    game_1 = jgame(1, events=[
        scar("Ana", "Brazil", "Bunker"), ruled(scar("Ana", "Peru", "Ammo Shortage")),
        {"type": "red_star_token", "player": "Ben", "how": "bought"},
    ], rewards=[{**first_reward(), "ruling": "nothing broken, noted anyway"}],
        packets_opened=[{"name": "Second Win", "unlocks": {
            "factions": [{"name": "The Mutants", "powers": ["Mutate a troop", "Spread"]}],
            "powers": [{"faction": KHAN, "power": "Double recruits"}],
            "rules_text": "From now on, a winner may sign twice."}}])
    game_2 = jgame(2, results=("won", "held_on", "held_on"), seats=[
        ("Ana", "The Mutants", "Egypt"), ("Ben", BEAR, "Argentina"), ("Cid", MECH, "Ural")],
        events=[scar("Cid", "Japan", "Bunker"), scar("Cid", "Siam", "Bunker")],
        rewards=[{"player": "Ana", "sign": {}, "choice": choice("destroy_territory_card", territory="Iceland")}])
    house = [{"rule": ONE_SCAR, "why": "our table plays two Scar cards", "from_game": 2, "until_game": 3}]
    return a_journal([game_1, game_2], house_rules=house)


def test_a_journal_s_rulings_house_rules_packets_and_red_star_tokens_round_trip():
    data = ruled_journal()
    system, _, players, entries = journal.read(data, RULES)
    state = base.fold(system, players, entries).current
    assert journal.write(system, data["name"], players, entries) == data
    found = rl.state_json(state)
    assert found["house_rules"] == data["house_rules"]
    assert found["rulings"] == [
        {"game": 1, "place": "event 2", "rule": ONE_SCAR, "why": WHY},
        {"game": 1, "place": "reward 1 (Ana)", "rule": None, "why": "nothing broken, noted anyway"},
        {"game": 2, "place": "event 2", "rule": ONE_SCAR, "why": "our table plays two Scar cards"},
    ]
    assert found["factions"]["The Mutants"] == {
        "power": None, "name": None, "powers": ["Mutate a troop", "Spread"],
        "history": [{"game": 2, "player": "Ana", "start": "Egypt", "result": "won"}],
    }
    assert found["factions"][KHAN]["powers"][-1] == "Double recruits"
    assert "powers" not in found["factions"][BEAR]


@pytest.mark.parametrize(("house", "message"), [
    ({"rule": ONE_SCAR, "why": "x", "from_game": 4},
     "house rule 1: 'from_game' 4 is a game the journal does not have: it has 2"),
    ({"rule": "risk-legacy/no-such-rule", "why": "x", "from_game": 1},
     "house rule 1: there is no rule 'risk-legacy/no-such-rule' to set aside"),
    ({"rule": ONE_SCAR, "from_game": 1}, "house rule 1: a house rule needs 'why'"),
])
def test_a_journal_s_bad_house_rule_is_refused_with_its_place(house, message):
    data = {**ruled_journal(), "house_rules": [house]}
    with pytest.raises(RuleError) as caught:
        system, _, players, entries = journal.read(data, RULES)
        base.fold(system, players, entries)
    assert caught.value.located.startswith(message)
    assert caught.value.told.endswith("[no ruling changes this]")


def test_a_packet_s_faction_must_be_new_and_its_power_s_faction_known():
    state = playing()
    packet = {"name": "P", "unlocks": {"factions": [{"name": "khan industries", "powers": ["a"]}]}}
    assert refuse(state, "packet", packet).message == "There is already a faction called Khan Industries"
    packet = {"name": "P", "unlocks": {"powers": [{"faction": "The Mutants", "power": "a"}]}}
    assert refuse(state, "packet", packet).message == 'There is no faction called "The Mutants"'
    packet = {"name": "P", "unlocks": {"factions": [{"name": "New", "powers": ["a", "b", "c"]}]}}
    assert refuse(state, "packet", packet).field == "factions"
    many = [{"name": f"Faction {n}", "powers": ["a"]} for n in range(6)]
    error = refuse(state, "packet", {"name": "P", "unlocks": {"factions": many}})
    assert error.message == "A campaign holds at most 10 factions: 5 are in play already"


def test_a_packet_faction_is_seated_in_a_later_game():
    state = campaign()
    play(state)
    apply(state, "packet", {"name": "P", "unlocks": {"factions": [{"name": "The Mutants", "powers": ["a", "b"]}]}})
    start(state, [("Ana", "The Mutants", "Egypt"), ("Ben", BEAR, "Peru"), ("Cid", MECH, "Ural")])
    assert state.last_game.seat_of("Ana").faction == "The Mutants"
    assert state.factions["The Mutants"].powers == ["a", "b"]
    packet = next(change for change in state.changes if change.kind == "packet")
    assert packet.text == "Packet opened: “P”; it unlocks the faction The Mutants"


def test_a_fold_with_rulings_is_the_same_from_the_journal_and_entry_by_entry():
    data = ruled_journal()
    system, _, players, entries = journal.read(data, RULES)
    whole = base.fold(system, players, entries).current
    timeline = base.fold(system, players, entries[:3])
    for entry in entries[3:]:
        base.extend(system, timeline, [Entry(entry.kind, entry.data)])
    assert rl.state_json(timeline.current) == rl.state_json(whole)


def test_a_ruled_entrys_place_is_the_same_after_any_checkpoint_and_the_law_counts_one_game():
    """A checkpoint may fall between any two entries: read back and extended, every ruling names
    the place the whole fold names; the law keeps the counts of the latest game only, which is
    all a later entry's place needs (an earlier game's counts would grow with the campaign)."""
    import pickle

    system, _, players, entries = journal.read(ruled_journal(), RULES)
    whole = base.fold(system, players, entries)
    assert {game for game, _ in whole.current.law.counted} == {whole.last_game}
    for cut in range(1, len(entries)):
        timeline = base.fold(system, players, entries[:cut])
        read = base.new_timeline(system, pickle.loads(pickle.dumps(timeline.current)), timeline.last_game)
        base.extend(system, read, entries[cut:])
        assert read.current.law.rulings == whole.current.law.rulings, cut
