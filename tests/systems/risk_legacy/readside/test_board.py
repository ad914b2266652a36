"""campaigns.systems.risk_legacy.board: the board's tiles, continents and layouts as a state
leaves them, checked against the 15-game journal. No database."""

from collections import Counter

import pytest

from campaigns.rules import risk_legacy as rules
from campaigns.systems.risk_legacy import board as board_map


def test_every_territory_has_a_url_slug_that_leads_back_to_it():
    assert len(board_map.TERRITORY_BY_SLUG) == 42
    for name in rules.TERRITORIES:
        assert board_map.TERRITORY_BY_SLUG[board_map.territory_slug(name)] == name
    assert board_map.territory_slug("Western United States") == "western-united-states"


def test_the_board_shows_each_territorys_marks(state):
    tiles = {tile.name: tile for tile in board_map.board(state).tiles}
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
    continents = {continent.key: continent for continent in board_map.board(state).continents}
    assert continents["South America"].label == "Awesometonia"
    assert continents["Europe"].label == "Europe"  # never named: its working label
    assert (continents["Asia"].bonus, continents["Asia"].change_note) == (6, "(7−1)")
    assert continents["North America"].change_note == "(5+1)"


def test_scar_codes_are_unique_and_stable_as_types_are_unlocked(state, timeline):
    codes = board_map.scar_codes(state)
    assert codes == {"Bunker": "B", "Ammo Shortage": "AS", "Biohazard": "Bi", "Mercenaries": "M"}
    assert board_map.scar_codes(timeline.as_of(1)) == {"Bunker": "B", "Ammo Shortage": "AS"}


def test_long_names_are_cut_to_fit_a_tile():
    assert board_map.fit("Neo Edo", 80) == "Neo Edo"
    cut = board_map.fit("Prime Metropolis", 80)
    assert cut.endswith("…") and len(cut) < len("Prime Metropolis")
    assert board_map._text_width(cut, board_map.MARK_FONT_SIZE) <= 80


def overlap(a, b):
    return a.x < b.x + b.width and b.x < a.x + a.width and a.y < b.y + b.height and b.y < a.y + a.height


def gap(a, b):
    """The distance between two tiles' boxes (0 when they touch)."""
    dx = max(b.x - (a.x + a.width), a.x - (b.x + b.width), 0)
    dy = max(b.y - (a.y + a.height), a.y - (b.y + b.height), 0)
    return (dx * dx + dy * dy) ** 0.5


@pytest.mark.parametrize("key", ["wide", "tall"])
def test_each_layout_places_every_territory_once_without_overlaps(state, key):
    layout = next(layout for layout in board_map.board(state).layouts if layout.key == key)
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
    layout = next(layout for layout in board_map.board(state).layouts if layout.key == key)
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
        assert line.sea == (pair in board_map.SEA_BORDERS)
        if not line.sea:  # a land border is implied by the tiles (nearly) touching
            assert gap(placed[one], placed[other]) < 30, (one, other)
