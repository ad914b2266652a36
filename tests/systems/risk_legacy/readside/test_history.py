"""campaigns.systems.risk_legacy.history: what a territory's history, the timeline, the
faction cards and the victor's section derive from the rules state, checked against the
15-game journal itself. No database."""

import pickle
from collections import Counter

import pytest

from campaigns.rules import journal as journal_module
from campaigns.rules import risk_legacy as rules
from campaigns.systems.risk_legacy import board as board_map
from campaigns.systems.risk_legacy import history as read_history

from tests.conftest import load_journal
from tests.journal_files import RULES
from tests.systems.risk_legacy.readside.conftest import JOURNAL


def journal_marks(territory, last_game=15):
    """(game, player, kind) of every mark the journal gives `territory`, read straight from
    the journal's JSON: HQ starts, events and rewards."""
    marks = []
    for game in JOURNAL["games"][:last_game]:
        number = game["number"]
        marks += [(number, seat["player"], "hq") for seat in game["seats"] if seat["start"] == territory]
        for event in game.get("events", []):
            if event.get("territory") == territory:
                kind = {"fortification_box": "boxes"}.get(event["type"], event["type"])
                marks.append((number, event.get("player"), kind))
        for reward in game.get("rewards", []):
            choice = reward["choice"]
            if choice and choice.get("territory") == territory:
                kind = choice["type"]
                if kind in ("found_major_city", "found_minor_city"):
                    kind = "city"
                marks.append((number, reward["player"], kind))
    coins = JOURNAL["setup"]["coin_stickers"].get(territory)
    if coins:
        marks.append((None, None, "coins"))
    return Counter(marks)


def test_the_fold_keeps_the_setups_coins(state, timeline):
    assert state.setup_coins == JOURNAL["setup"]["coin_stickers"]
    assert timeline.as_of(0).setup_coins == JOURNAL["setup"]["coin_stickers"]
    assert [(c.territory, c.kind) for c in read_history.setup_changes(state)] == [
        (territory, "coins") for territory in rules.TERRITORIES if territory in JOURNAL["setup"]["coin_stickers"]
    ]


@pytest.mark.parametrize("territory", rules.TERRITORIES)
def test_a_territorys_history_holds_exactly_the_marks_the_journal_gives_it(state, territory):
    history = read_history.territory_history(state, territory)
    assert Counter((mark.game, mark.player, mark.kind) for mark in history) == journal_marks(territory)
    games = [-1 if mark.game is None else mark.game for mark in history]
    assert games == sorted(games)


def test_urals_history_reads_as_the_table_remembers_it(state):
    history = read_history.territory_history(state, "Ural")
    assert [(mark.game, mark.kind, mark.player) for mark in history] == [
        (None, "coins", None),
        (1, "hq", "Cid"),
        (1, "city", "Cid"),
        (6, "add_resource", "Cid"),
        (11, "fortify_city", "Dee"),
        (12, "boxes", None),
        (13, "boxes", None),
        (15, "fortify_city", "Ana"),
    ]
    texts = [mark.text for mark in history]
    assert texts[0] == "2 coin stickers at the setup: the card starts with 3 resources"
    assert texts[2] == (
        "Cid founded the Minor City Ironhold in Ural, and named Die Mechaniker “The Gearwrights”"
    )
    assert texts[3] == "Cid added a resource to Ural: the card holds 4"
    assert texts[5] == "4 fortification boxes ticked on Ural: 6 left"
    # Re-fortifying starts a fresh 10: the first fortification is shown as replaced.
    assert history[4].ended == "replaced in game 15: its 1 box left was lost"
    assert history[7].ended is None


def test_a_fortification_whose_tenth_box_is_ticked_is_shown_as_spent(state):
    history = read_history.territory_history(state, "Egypt")
    fortified = next(mark for mark in history if mark.kind == "fortify_city")
    assert (fortified.game, fortified.player) == (3, "Cid")
    assert fortified.ended == "all 10 boxes ticked by game 7"
    last_boxes = [mark for mark in history if mark.kind == "boxes"][-1]
    assert "the 10th is ticked, the city is no longer fortified" in last_boxes.text


@pytest.mark.parametrize(
    ("territory", "scar", "scarred_in", "cancelled_in", "by"),
    [("Siberia", "Ammo Shortage", 1, 5, "Dee"), ("Congo", "Biohazard", 5, 12, "Ben")],
)
def test_a_cancelled_scar_says_when_and_by_whom(state, territory, scar, scarred_in, cancelled_in, by):
    history = read_history.territory_history(state, territory)
    scarred = next(mark for mark in history if mark.kind == "scar")
    cancel = next(mark for mark in history if mark.kind == "cancel_scar")
    assert scarred.game == scarred_in and scar in scarred.text
    assert scarred.ended == f"cancelled in game {cancelled_in} by {by}"
    assert (cancel.game, cancel.player) == (cancelled_in, by)
    assert cancel.text == f"{by} cancelled the {scar} scar on {territory} with a white sticker"


def test_a_destroyed_card_is_in_the_history(state):
    history = read_history.territory_history(state, "Siam")
    destroyed = next(mark for mark in history if mark.kind == "destroy_territory_card")
    assert (destroyed.game, destroyed.player) == (6, "Ana")


def test_the_history_as_of_an_earlier_game_stops_there(timeline):
    after_4 = timeline.as_of(4)
    history = read_history.territory_history(after_4, "Egypt")
    assert max(mark.game or 0 for mark in history) == 4
    assert Counter((m.game, m.player, m.kind) for m in history) == journal_marks("Egypt", last_game=4)
    fortified = next(mark for mark in history if mark.kind == "fortify_city")
    assert fortified.ended is None  # its 10th box is ticked only in game 7


def test_reading_a_state_never_changes_it(state):
    before = pickle.dumps(state)
    board_map.board(state)
    read_history.timeline(state, "Ana")
    read_history.faction_cards(state)
    for territory in rules.TERRITORIES:
        read_history.territory_history(state, territory)
    assert pickle.dumps(state) == before


def test_the_timeline_lists_every_game_newest_first_with_its_seats_and_changes(state):
    rows = read_history.timeline(state)
    assert [row.number for row in rows] == list(range(15, 0, -1))
    game_1 = rows[-1]
    assert game_1.winner == "Ben"
    assert [(s.player, s.faction, s.start, s.result) for s in game_1.seats] == [
        (seat["player"], seat["faction"], seat["start"], seat["result"])
        for seat in JOURNAL["games"][0]["seats"]
    ]
    assert [change.text for change in game_1.changes] == [
        "Cid scarred Siberia: Ammo Shortage",
        "Ben signed the victor's section: “First blood”",
        "Ben named South America “Awesometonia”",
        "Cid founded the Minor City Ironhold in Ural, and named Die Mechaniker “The Gearwrights”",
        "Dee added a resource to Western Europe: the card holds 2",
        "Eve passed",
        "Ana founded the Minor City Sandport in North Africa",
    ]


def test_packets_and_bonus_changes_are_worded_for_people(state):
    game_5 = next(row for row in read_history.timeline(state) if row.number == 5)
    assert game_5.changes[0].text == (
        "Packet opened: “A player signs the victor's section for the second time”; it unlocks "
        "scar types Biohazard and Mercenaries and the World Capital. "
        "The World Capital sticker is now in the supply."
    )
    game_4 = next(row for row in read_history.timeline(state) if row.number == 4)
    assert "Ben changed Asia's bonus by −1: 7 becomes 6" in [change.text for change in game_4.changes]


def test_the_timeline_filtered_by_a_player_keeps_the_games_they_sat_in(state):
    played = [game["number"] for game in JOURNAL["games"] if any(s["player"] == "Eve" for s in game["seats"])]
    rows = read_history.timeline(state, "Eve")
    assert sorted(row.number for row in rows) == played
    assert 2 not in played and 12 not in played


def in_progress_state():
    """Two games, the second still being played (no results, no rewards yet)."""
    data = load_journal("risk_legacy_15_games.json")
    data["games"] = data["games"][:2]
    data.pop("world")
    playing = data["games"][1]
    for seat in playing["seats"]:
        del seat["result"]
    playing.pop("end_control", None)
    playing.pop("rewards", None)
    return journal_module.load(data, RULES)[4].current


def test_a_game_in_progress_is_shown_as_playing():
    state = in_progress_state()
    row = read_history.timeline(state)[0]
    assert row.in_progress and row.winner is None
    assert {seat.result_label for seat in row.seats} == {"playing"}
    japan = read_history.territory_history(state, "Japan")
    assert japan[-1].text == "Ana put their HQ here, playing The Gearwrights, and the game is in progress"
    tiles = {tile.name: tile for tile in board_map.board(state).tiles}
    assert tiles["Brazil"].changed and tiles["Brazil"].scar == "Bunker"  # its event is already logged
    card = next(card for card in read_history.faction_cards(state) if card.key == "Die Mechaniker")
    assert card.lines[-1].result_label == "playing" and not card.homeland_settled


def test_each_faction_card_has_a_line_per_game_with_an_x_when_not_played(state):
    cards = {card.key: card for card in read_history.faction_cards(state)}
    assert list(cards) == list(rules.FACTIONS)
    mechaniker = cards["Die Mechaniker"]
    assert len(mechaniker.lines) == 15
    assert [line.game for line in mechaniker.lines if not line.played] == [4, 12]
    first = mechaniker.lines[0]
    assert (first.player, first.start, first.result) == ("Cid", "Ural", "held_on")
    assert mechaniker.name == "The Gearwrights" and mechaniker.named_by == "Cid"
    assert mechaniker.power == JOURNAL["setup"]["starting_powers"]["Die Mechaniker"]
    for key, card in cards.items():
        assert card.homeland == rules.homeland(state, key)
        assert card.games_played == len(rules.faction_history(state, key))
        assert card.homeland_settled
    assert cards["Saharan Republic"].homeland_name == "Sahel Prime"  # Africa, by its given name


def test_the_victors_section_has_15_slots_empty_until_signed(state, timeline):
    slots = read_history.victor_slots(state)
    assert [slot.game for slot in slots] == list(range(1, 16))
    assert slots[0].signature.player == "Ben" and slots[0].signature.comment == "First blood"
    assert str(slots[0].played_on_date) == "2026-09-03"
    early = read_history.victor_slots(timeline.as_of(3))
    assert [slot.signature is not None for slot in early] == [True] * 3 + [False] * 12


def test_a_card_back_shows_the_campaign_games_and_the_latest_after_it():
    lines = [read_history.CardLine(number, "Ana", "Peru", "won") for number in range(1, 41)]
    card = read_history.FactionCard("Die Mechaniker", None, None, None, None, None, None, True, lines)
    campaign, left_out, latest = card.back
    assert [line.game for line in campaign] == list(range(1, rules.LAST_REWARD_GAME + 1))
    assert left_out == 40 - rules.LAST_REWARD_GAME - read_history.BACK_AFTER_THE_CAMPAIGN
    assert [line.game for line in latest] == list(range(31, 41))
    assert card.games_played == card.wins == 40  # every game counted, shown or not
    short = read_history.FactionCard("Die Mechaniker", None, None, None, None, None, None, True, lines[:20])
    assert short.back[1] == 0 and [line.game for line in short.back[2]] == list(range(16, 21))
