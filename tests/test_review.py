"""campaigns.review: what the board, a territory's history and the history pages derive from
the rules state, checked against the 15-game journal itself. No database."""

import pickle
from collections import Counter

import pytest

from campaigns import review
from campaigns.rules import journal as journal_module
from campaigns.rules import risk_legacy as rules

from .conftest import load_journal

JOURNAL = load_journal("risk_legacy_15_games.json")


@pytest.fixture(scope="module")
def timeline():
    return journal_module.load(JOURNAL)[4]


@pytest.fixture(scope="module")
def state(timeline):
    return timeline.current


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


# Names ---------------------------------------------------------------------------------


def test_every_territory_has_a_url_slug_that_leads_back_to_it():
    assert len(review.TERRITORY_BY_SLUG) == 42
    for name in rules.TERRITORIES:
        assert review.TERRITORY_BY_SLUG[review.territory_slug(name)] == name
    assert review.territory_slug("Western United States") == "western-united-states"


def test_the_fold_keeps_the_setups_coins(state, timeline):
    assert state.setup_coins == JOURNAL["setup"]["coin_stickers"]
    assert timeline.as_of(0).setup_coins == JOURNAL["setup"]["coin_stickers"]
    assert [(c.territory, c.kind) for c in review.setup_changes(state)] == [
        (territory, "coins") for territory in rules.TERRITORIES if territory in JOURNAL["setup"]["coin_stickers"]
    ]


# A territory's history -----------------------------------------------------------------


@pytest.mark.parametrize("territory", rules.TERRITORIES)
def test_a_territorys_history_holds_exactly_the_marks_the_journal_gives_it(state, territory):
    history = review.territory_history(state, territory)
    assert Counter((mark.game, mark.player, mark.kind) for mark in history) == journal_marks(territory)
    games = [-1 if mark.game is None else mark.game for mark in history]
    assert games == sorted(games)


def test_urals_history_reads_as_the_table_remembers_it(state):
    history = review.territory_history(state, "Ural")
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
    history = review.territory_history(state, "Egypt")
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
    history = review.territory_history(state, territory)
    scarred = next(mark for mark in history if mark.kind == "scar")
    cancel = next(mark for mark in history if mark.kind == "cancel_scar")
    assert scarred.game == scarred_in and scar in scarred.text
    assert scarred.ended == f"cancelled in game {cancelled_in} by {by}"
    assert (cancel.game, cancel.player) == (cancelled_in, by)
    assert cancel.text == f"{by} cancelled the {scar} scar on {territory} with a white sticker"


def test_a_destroyed_card_is_in_the_history(state):
    history = review.territory_history(state, "Siam")
    destroyed = next(mark for mark in history if mark.kind == "destroy_territory_card")
    assert (destroyed.game, destroyed.player) == (6, "Ana")


def test_the_history_as_of_an_earlier_game_stops_there(timeline):
    after_4 = timeline.as_of(4)
    history = review.territory_history(after_4, "Egypt")
    assert max(mark.game or 0 for mark in history) == 4
    assert Counter((m.game, m.player, m.kind) for m in history) == journal_marks("Egypt", last_game=4)
    fortified = next(mark for mark in history if mark.kind == "fortify_city")
    assert fortified.ended is None  # its 10th box is ticked only in game 7


def test_reading_a_state_never_changes_it(state):
    before = pickle.dumps(state)
    review.board(state)
    review.timeline(state, "Ana")
    review.faction_cards(state)
    for territory in rules.TERRITORIES:
        review.territory_history(state, territory)
    assert pickle.dumps(state) == before


# The timeline --------------------------------------------------------------------------


def test_the_timeline_lists_every_game_newest_first_with_its_seats_and_changes(state):
    rows = review.timeline(state)
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
    game_5 = next(row for row in review.timeline(state) if row.number == 5)
    assert game_5.changes[0].text == (
        "Packet opened: “A player signs the victor's section for the second time”; it unlocks "
        "scar types Biohazard and Mercenaries and the World Capital. "
        "The World Capital sticker is now in the supply."
    )
    game_4 = next(row for row in review.timeline(state) if row.number == 4)
    assert "Ben changed Asia's bonus by −1: 7 becomes 6" in [change.text for change in game_4.changes]


def test_the_timeline_filtered_by_a_player_keeps_the_games_they_sat_in(state):
    played = [game["number"] for game in JOURNAL["games"] if any(s["player"] == "Eve" for s in game["seats"])]
    rows = review.timeline(state, "Eve")
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
    return journal_module.load(data)[4].current


def test_a_game_in_progress_is_shown_as_playing():
    state = in_progress_state()
    row = review.timeline(state)[0]
    assert row.in_progress and row.winner is None
    assert {seat.result_label for seat in row.seats} == {"playing"}
    japan = review.territory_history(state, "Japan")
    assert japan[-1].text == "Ana put their HQ here, playing The Gearwrights, and the game is in progress"
    tiles = {tile.name: tile for tile in review.board(state).tiles}
    assert tiles["Brazil"].changed and tiles["Brazil"].scar == "Bunker"  # its event is already logged
    card = next(card for card in review.faction_cards(state) if card.key == "Die Mechaniker")
    assert card.lines[-1].result_label == "playing" and not card.homeland_settled


# Faction cards and the victor's section ------------------------------------------------


def test_each_faction_card_has_a_line_per_game_with_an_x_when_not_played(state):
    cards = {card.key: card for card in review.faction_cards(state)}
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
    slots = review.victor_slots(state)
    assert [slot.game for slot in slots] == list(range(1, 16))
    assert slots[0].signature.player == "Ben" and slots[0].signature.comment == "First blood"
    assert str(slots[0].played_on_date) == "2026-09-03"
    early = review.victor_slots(timeline.as_of(3))
    assert [slot.signature is not None for slot in early] == [True] * 3 + [False] * 12


# The board -----------------------------------------------------------------------------


def test_the_board_shows_each_territorys_marks(state):
    tiles = {tile.name: tile for tile in review.board(state).tiles}
    assert len(tiles) == 42
    egypt = tiles["Egypt"]
    marks = (egypt.city.kind, egypt.city.name, egypt.scar, egypt.boxes_left)
    assert marks == ("major", "Nova Cairo", "Bunker", None)
    assert tiles["Ural"].boxes_left == 10
    assert tiles["Siam"].card_destroyed and tiles["Siam"].resources == 4
    assert tiles["Ukraine"].city.kind == "world_capital"
    assert egypt.description == "Egypt: Major City Nova Cairo, Bunker scar, 3 resources"
    # What game 15 changed is outlined.
    changed = {name for name, tile in tiles.items() if tile.changed}
    assert changed == {"Eastern Australia", "Ural", "Kamchatka", "Iceland"}


def test_the_continents_show_their_given_name_and_bonus(state):
    continents = {continent.key: continent for continent in review.board(state).continents}
    assert continents["South America"].label == "Awesometonia"
    assert continents["Europe"].label == "Europe"  # never named: its working label
    assert (continents["Asia"].bonus, continents["Asia"].change_note) == (6, "(7−1)")
    assert continents["North America"].change_note == "(5+1)"


def test_scar_codes_are_unique_and_stable_as_types_are_unlocked(state, timeline):
    codes = review.scar_codes(state)
    assert codes == {"Bunker": "B", "Ammo Shortage": "AS", "Biohazard": "Bi", "Mercenaries": "M"}
    assert review.scar_codes(timeline.as_of(1)) == {"Bunker": "B", "Ammo Shortage": "AS"}


def test_long_names_are_cut_to_fit_a_tile():
    assert review.fit("Neo Edo", 80) == "Neo Edo"
    cut = review.fit("Prime Metropolis", 80)
    assert cut.endswith("…") and len(cut) < len("Prime Metropolis")
    assert review._text_width(cut, review.MARK_FONT_SIZE) <= 80


def overlap(a, b):
    return a.x < b.x + b.width and b.x < a.x + a.width and a.y < b.y + b.height and b.y < a.y + a.height


def gap(a, b):
    """The distance between two tiles' boxes (0 when they touch)."""
    dx = max(b.x - (a.x + a.width), a.x - (b.x + b.width), 0)
    dy = max(b.y - (a.y + a.height), a.y - (b.y + b.height), 0)
    return (dx * dx + dy * dy) ** 0.5


@pytest.mark.parametrize("key", ["wide", "tall"])
def test_each_layout_places_every_territory_once_without_overlaps(state, key):
    layout = next(layout for layout in review.board(state).layouts if layout.key == key)
    placed = {tile.tile.name: tile for tile in layout.tiles}
    assert set(placed) == set(rules.TERRITORIES)
    tiles = list(placed.values())
    for index, one in enumerate(tiles):
        assert 0 <= one.x and one.x + one.width <= layout.width
        assert 0 <= one.y and one.y + one.height <= layout.height
        for other in tiles[index + 1:]:
            assert not overlap(one, other), (one.tile.name, other.tile.name)


@pytest.mark.parametrize("key", ["wide", "tall"])
def test_each_layout_draws_every_border_and_land_borders_join_near_tiles(state, key):
    layout = next(layout for layout in review.board(state).layouts if layout.key == key)
    placed = {tile.tile.name: tile for tile in layout.tiles}
    centres = {
        (round(t.x + t.width / 2, 1), round(t.y + t.height / 2, 1)): name for name, t in placed.items()
    }
    drawn = {
        frozenset((centres[(line.x1, line.y1)], centres[(line.x2, line.y2)])): line for line in layout.lines
    }
    stub_ends = Counter(frozenset((centres[(stub.x1, stub.y1)], stub.label)) for stub in layout.stubs)
    assert set(stub_ends.values()) == {2}  # a border leaving the map has a stub at each end
    borders = {frozenset((one, other)) for one, others in rules.NEIGHBOURS.items() for other in others}
    assert set(drawn) | set(stub_ends) == borders
    assert not set(drawn) & set(stub_ends)
    for pair, line in drawn.items():
        one, other = sorted(pair)
        assert line.sea == (pair in review.SEA_BORDERS)
        if not line.sea:  # a land border is implied by the tiles (nearly) touching
            assert gap(placed[one], placed[other]) < 30, (one, other)
