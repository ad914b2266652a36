"""The Risk Legacy board as a state leaves it: its tiles (every scar, city, fortification,
destroyed card and resource count), its continents, and the two layouts the map is drawn in
(wide screens, phones), with positions from campaigns/data/risk-legacy-layout.json.

Plain Python over the rules layer's state, no Django, like history.py (whose
`last_game_changes` marks the tiles the last game touched): nothing here applies a rule.

    board(state), tile(state, name)   the board's tiles, continents and its two layouts
    TERRITORY_BY_SLUG                 a territory's page address back to its name
    scar_codes(state), fit(text, room)   short codes and cut names for small tiles
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from ...rules import risk_legacy as rules
from .history import last_game_changes

territory_slug = rules.territory_slug  # "Western United States" -> "western-united-states"


TERRITORY_BY_SLUG: dict[str, str] = {territory_slug(name): name for name in rules.TERRITORIES}


def continent_slug(key: str) -> str:
    return territory_slug(key)


def _plural(count: int, one: str, many: str | None = None) -> str:
    return f"{count} {one if count == 1 else (many or one + 's')}"


_LAYOUT_FILE = Path(__file__).resolve().parents[2] / "data" / "risk-legacy-layout.json"
_LAYOUT = json.loads(_LAYOUT_FILE.read_text(encoding="utf-8"))

#: How far a stub's label sits from the stub's end, and the margin around the tiles.
STUB_LABEL_GAP = 6
STUB_LABEL_FONT = 17
MARGIN = 14
#: The room a wide tile has for a city's or a scar's name, in SVG units, and its font size.
MARK_TEXT_ROOM = {"city": 80, "scar": 89}
MARK_FONT_SIZE = 11


def _text_width(text: str, font_size: float) -> float:
    """Roughly how wide `text` is drawn (in the widest common system font, so it errs on
    the safe side): narrow, wide and capital letters are told apart."""
    em = 0.0
    for char in text:
        if char in "iljtfrI.,:;'!| ":
            em += 0.36
        elif char in "mwMW":
            em += 0.92
        elif char.isupper() or char.isdigit():
            em += 0.72
        else:
            em += 0.62
    return em * font_size


def fit(text: str, room: float, font_size: float = MARK_FONT_SIZE) -> str:
    """`text`, cut and ended with "…" if it would not fit in `room`."""
    if _text_width(text, font_size) <= room:
        return text
    while text and _text_width(text + "…", font_size) > room:
        text = text[:-1]
    return text.rstrip() + "…"

SEA_BORDERS = frozenset(frozenset(pair) for pair in _LAYOUT["sea"])
SHORT_NAMES: dict[str, str] = _LAYOUT["short_names"]
NAME_LINES: dict[str, list[str]] = {
    name: _LAYOUT["long_names"].get(name, [name]) for name in rules.TERRITORIES
}


def scar_codes(state: rules.RiskLegacyState) -> dict[str, str]:
    """A short code for each scar type, for tiles too small for its name: the initials,
    lengthened until unique. Types keep their code as more are unlocked (they are coded in
    the order they were unlocked)."""
    codes: dict[str, str] = {}
    for scar_type in state.scar_types:
        words = scar_type.name.split()
        code = "".join(word[0] for word in words).upper()
        letters = iter(scar_type.name.replace(" ", "")[1:])
        while code in codes.values():
            code += next(letters, "·").lower()
        codes[scar_type.name] = code
    return codes


@dataclass(slots=True)
class Tile:
    """A territory as the board shows it."""

    name: str
    slug: str
    continent: str
    short_name: str
    name_lines: list[str]
    scar: str | None
    scar_code: str | None  # every scar's code, top first ("B+AS": scars the group ruled may stack)
    city: rules.City | None
    boxes_left: int | None  # None: not fortified
    resources: int
    card_destroyed: bool
    changed: bool  # something happened to it in the game the board is shown after
    scars: tuple[str, ...] = ()  # every scar on it, the top one first (two when ruled so)

    @property
    def continent_slug(self) -> str:
        return continent_slug(self.continent)

    @property
    def city_fitted(self) -> str | None:
        """The city's name, cut to fit a wide tile."""
        return fit(self.city.name, MARK_TEXT_ROOM["city"]) if self.city else None

    @property
    def scar_fitted(self) -> str | None:
        """The scar's type, cut to fit a wide tile."""
        return fit(" + ".join(self.scars), MARK_TEXT_ROOM["scar"]) if self.scar else None

    @property
    def city_label(self) -> str | None:
        return rules.CITY_LABEL[self.city.kind] if self.city else None

    @property
    def marked(self) -> bool:
        return bool(self.scar or self.city or self.card_destroyed or self.resources > 1)

    @property
    def description(self) -> str:
        """Everything on the tile in one sentence (the tile link's accessible name)."""
        parts = []
        if self.city:
            parts.append(f"{self.city_label} {self.city.name}")
        if self.boxes_left is not None:
            parts.append(f"fortified, {_plural(self.boxes_left, 'box', 'boxes')} left")
        if self.scar:
            parts.append(f"{' and '.join(self.scars)} scar{'s' if len(self.scars) > 1 else ''}")
        parts.append(_plural(self.resources, "resource"))
        if self.card_destroyed:
            parts.append("card destroyed")
        if self.changed:
            parts.append("changed in this game")
        return f"{self.name}: " + ", ".join(parts)


@dataclass(slots=True)
class ContinentView:
    key: str
    name: str | None  # the given name
    named_by: str | None
    base_bonus: int
    bonus: int
    change: int
    territories: list[Tile]

    @property
    def slug(self) -> str:
        return continent_slug(self.key)

    @property
    def label(self) -> str:
        return self.name or self.key

    @property
    def change_note(self) -> str | None:
        """How the bonus came about, when a +1 or -1 mark changed it: "(7−1)"."""
        if not self.change:
            return None
        return f"({self.base_bonus}{'+' if self.change > 0 else '−'}{abs(self.change)})"


@dataclass(slots=True)
class Badge:
    """A mark drawn as a small symbol, for tiles too small for words (the phone layout)."""

    kind: str  # "coins", "city", "fort" or "scar"
    text: str  # the number, the city's kind or the scar's code
    x: float
    width: float

    @property
    def middle(self) -> float:
        return round(self.x + self.width / 2, 1)


BADGE_GAP = 3


def _badges(tile: Tile, tile_width: float) -> list[Badge]:
    """The tile's marks as a row of symbols, centred in the tile."""
    wanted = [("coins", str(tile.resources), 24)]
    if tile.city:
        wanted.append(("city", tile.city.kind, 22))
    if tile.boxes_left is not None:
        wanted.append(("fort", str(tile.boxes_left), 22))
    if tile.scar_code:
        wanted.append(("scar", tile.scar_code, 8 + 11 * len(tile.scar_code)))
    total = sum(width for *_, width in wanted) + BADGE_GAP * (len(wanted) - 1)
    x = (tile_width - total) / 2
    badges = []
    for kind, text, width in wanted:
        badges.append(Badge(kind, text, round(x, 1), width))
        x += width + BADGE_GAP
    return badges


@dataclass(slots=True)
class PlacedTile:
    tile: Tile
    x: float
    y: float
    width: float
    height: float
    badges: list[Badge] = field(default_factory=list)

    @property
    def middle(self) -> float:
        return self.width / 2

    @property
    def cross(self) -> str:
        """The path of the x across a destroyed card's tile."""
        inset = 10
        right, bottom = self.width - inset, self.height - inset
        return f"M{inset} {inset}L{right} {bottom}M{right} {inset}L{inset} {bottom}"


@dataclass(slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    sea: bool


@dataclass(slots=True)
class Stub:
    """A border drawn as a short line leaving the map (as the printed board does for
    Alaska and Kamchatka), labelled with the territory at its other end."""

    x1: float
    y1: float
    x2: float
    y2: float
    label: str
    label_x: float
    label_y: float
    anchor: str


@dataclass(slots=True)
class ContinentLabel:
    continent: ContinentView
    x: float
    y: float
    anchor: str


@dataclass(slots=True)
class Layout:
    key: str  # "wide" or "tall"
    width: float
    height: float
    tiles: list[PlacedTile]
    lines: list[Line]
    stubs: list[Stub]
    labels: list[ContinentLabel]

    @property
    def view_box(self) -> str:
        return f"0 0 {self.width:g} {self.height:g}"

    # The borders as two paths, one element each rather than one per border: the board is
    # drawn on every step through the games.
    @property
    def land_path(self) -> str:
        return _path(line for line in self.lines if not line.sea)

    @property
    def sea_path(self) -> str:
        return _path(line for line in self.lines if line.sea)


def _path(lines) -> str:
    return "".join(f"M{line.x1:g} {line.y1:g}L{line.x2:g} {line.y2:g}" for line in lines)


@dataclass(slots=True)
class Board:
    tiles: list[Tile]  # in board order, continent by continent
    continents: list[ContinentView]
    layouts: list[Layout]
    scar_legend: list[tuple[str, str]]  # (code, scar type) of the scars on the board


def _changed_territories(state: rules.RiskLegacyState) -> set[str]:
    """The territories the last game in `state` touched (its events and rewards)."""
    return {change.territory for change in last_game_changes(state) if change.territory}


def _tile(state: rules.RiskLegacyState, name: str, codes: dict[str, str], changed: set[str]) -> Tile:
    marks = state.territories[name]
    scars = (marks.scar, *reversed(marks.scars_under)) if marks.scar else ()
    return Tile(
        name=name,
        slug=territory_slug(name),
        continent=marks.continent,
        short_name=SHORT_NAMES[name],
        name_lines=NAME_LINES[name],
        scar=marks.scar,
        scar_code="+".join(codes.get(scar, scar[:1]) for scar in scars) if scars else None,
        city=marks.city,
        boxes_left=marks.fortification.boxes_left if marks.fortification else None,
        resources=marks.resources,
        card_destroyed=marks.card_destroyed,
        changed=name in changed,
        scars=scars,
    )


def tile(state: rules.RiskLegacyState, name: str) -> Tile:
    """One territory as the board shows it."""
    return _tile(state, name, scar_codes(state), _changed_territories(state))


def board(state: rules.RiskLegacyState) -> Board:
    """The board as `state` leaves it, with its two layouts (wide screens, phones)."""
    codes = scar_codes(state)
    changed = _changed_territories(state)
    tiles = [_tile(state, name, codes, changed) for name in state.territories]
    by_name = {tile.name: tile for tile in tiles}
    continents = [
        ContinentView(
            key=key,
            name=continent.name,
            named_by=continent.named_by,
            base_bonus=continent.base_bonus,
            bonus=continent.bonus,
            change=continent.change,
            territories=[by_name[name] for name in rules.CONTINENT_TERRITORIES[key]],
        )
        for key, continent in state.continents.items()
    ]
    layouts = [_layout(key, spec, by_name, continents) for key, spec in _LAYOUT["layouts"].items()]
    on_board = {scar for tile in tiles for scar in tile.scars}
    legend = [(codes[t.name], t.name) for t in state.scar_types if t.name in on_board]
    return Board(tiles=tiles, continents=continents, layouts=layouts, scar_legend=legend)


def _layout(key: str, spec: dict, by_name: dict[str, Tile], continents: list[ContinentView]) -> Layout:
    origin_x, origin_y = spec["origin"]
    cell_w, cell_h = spec["cell"]
    tile_w, tile_h = spec["tile"]
    placed: dict[str, PlacedTile] = {}
    for name, position in spec["tiles"].items():
        column, row, *span = position
        rows = span[0] if span else 1
        placed[name] = PlacedTile(
            tile=by_name[name],
            x=round((column + origin_x) * cell_w, 1),
            y=round((row + origin_y) * cell_h, 1),
            width=tile_w,
            height=tile_h + (rows - 1) * cell_h,
            badges=_badges(by_name[name], tile_w) if key == "tall" else [],
        )
    stubbed = {frozenset((one, other)) for one, other, *_ in spec["stubs"]}
    lines = []
    for one, other in sorted(rules.NEIGHBOURS.items()):
        for neighbour in sorted(other):
            pair = frozenset((one, neighbour))
            if one > neighbour or pair in stubbed:
                continue
            a, b = placed[one], placed[neighbour]
            lines.append(
                Line(
                    round(a.x + a.width / 2, 1), round(a.y + a.height / 2, 1),
                    round(b.x + b.width / 2, 1), round(b.y + b.height / 2, 1),
                    sea=pair in SEA_BORDERS,
                )
            )
    stubs = []
    for name, other, towards_x, towards_y, anchor in spec["stubs"]:
        tile = placed[name]
        # The stub starts inside the tile (which hides that part) and runs out by the
        # fraction of a cell given: towards_x / towards_y are relative to the tile's box.
        start_x, start_y = tile.x + tile.width / 2, tile.y + tile.height / 2
        end_x = tile.x + towards_x * tile.width
        end_y = tile.y + towards_y * tile.height
        if anchor == "middle":
            label_x, label_y = end_x, end_y - STUB_LABEL_GAP
        elif anchor in ("up", "down"):  # written along the map's edge, beside the stub's end
            label_x = end_x + (-STUB_LABEL_GAP if anchor == "up" else STUB_LABEL_GAP)
            label_y = end_y
        else:
            label_x = end_x + (STUB_LABEL_GAP if anchor == "start" else -STUB_LABEL_GAP)
            label_y = end_y + 5
        stubs.append(
            Stub(round(start_x, 1), round(start_y, 1), round(end_x, 1), round(end_y, 1), other,
                 round(label_x, 1), round(label_y, 1), anchor)
        )
    by_key = {continent.key: continent for continent in continents}
    labels = [
        ContinentLabel(
            by_key[continent], round((x + origin_x) * cell_w, 1), round((y + origin_y) * cell_h, 1), anchor
        )
        for continent, (x, y, anchor) in spec["labels"].items()
    ]
    # The map is as big as its tiles and stubs' labels, plus a margin (continent labels sit
    # inside it). A label written downwards lies right of its stub's end.
    label_ends = [
        stub.label_x + (STUB_LABEL_FONT if stub.anchor == "down" else 0)
        + (_text_width(stub.label, STUB_LABEL_FONT) if stub.anchor == "start" else 0)
        for stub in stubs
    ]
    right = max([t.x + t.width for t in placed.values()] + label_ends)
    bottom = max(t.y + t.height for t in placed.values())
    return Layout(
        key=key,
        width=round(right + MARGIN),
        height=round(bottom + MARGIN),
        tiles=list(placed.values()),
        lines=lines,
        stubs=stubs,
        labels=labels,
    )
