"""The geometry of the Dawnguard history's two charts; the SVG is written by the template.

No Django here (like campaigns/charts.py, whose primitives and CSS classes these reuse):
only coordinates in the SVG's own units, drawn for a phone's width, with every number the
chart shows also given as text so that the page can print it beside the picture.

    fort_levels(points)      the Vigilants' fort level after each sitting, a step line, the
                             chapters marked (the Hall flips to Fort Dawnguard at chapter 2)
    balance_bars(rows)       the chapter 1 markers after each sitting: one bar of 6 per row,
                             the Hall's share from the left, the Castle's from the right
    runs(items, key)         sittings in a row that `key` finds alike, as (first, last): the
                             tables and bars show a run once (480 sittings are not 480 rows)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...charts import WIDTH, Axes, Bars, Tick, along, axis_top, evenly_spread, step_path, value_ticks


def runs(items: list, key) -> list[tuple]:
    """(first, last) of each run of consecutive items `key` finds alike, in order."""
    found: list[list] = []
    for item in items:
        if found and key(found[-1][1]) == key(item):
            found[-1][1] = item
        else:
            found.append([item, item])
    return [(first, last) for first, last in found]


@dataclass(frozen=True)
class FortPoint:
    """The Vigilants' fort after a sitting (sitting 0: before the first)."""

    sitting: int
    chapter: int
    fort: str  # "Hall of the Vigilant", "Fort Dawnguard"
    level: int
    stars: int
    levels: int = 0  # how many levels its card prints (the top of the chart's scale)


@dataclass(frozen=True)
class Step:
    x: float
    y: float
    level: int
    label_y: float  # where the level's number sits, just above the line


@dataclass(frozen=True)
class FortChart(Axes):
    path: str  # the step line's d
    steps: list[Step]  # one per change of level (and the end): its number is written there
    chapters: list[Tick]  # a dashed line where each chapter after the first begins
    end: FortPoint | None  # the fort as it stands, for the end label


def _level_step(largest: int) -> int:
    """1 for the few levels a fort card prints; coarser only for an unusual card."""
    return max(1, math.ceil(largest / 5))


def fort_levels(points: list[FortPoint], height: int = 200) -> FortChart:
    """A step line of the fort's level from before the first sitting (points[0], sitting 0)
    to the last; where a chapter begins, a dashed mark names it."""
    left, right, top, bottom = 26.0, WIDTH - 12.0, 26.0, height - 30.0
    sittings = max(len(points) - 1, 0)
    # Up to the card's top level, so that the line shows how far the fort is from it.
    highest = max((max(point.level, point.levels) for point in points), default=0)
    step = _level_step(max(highest, 1))
    top_value = axis_top(highest, step)
    along_x, along_y = along(sittings, left, right), along(top_value, bottom, top)

    def x(sitting: int) -> float:
        return round(along_x(sitting), 1)

    def y(level: int) -> float:
        return round(along_y(level), 1)

    levels = [point.level for point in points]
    steps = [
        Step(x(index), y(levels[index]), levels[index], y(levels[index]) - 6)
        for index in range(1, len(levels))
        if levels[index] != levels[index - 1]
    ]
    chapters = [
        Tick(round((x(index - 1) + x(index)) / 2, 1), f"Chapter {points[index].chapter}")
        for index in range(1, len(points))
        if points[index].chapter != points[index - 1].chapter
    ]
    return FortChart(
        WIDTH, height, left, right, top, bottom,
        # Six sittings fit side by side along the axis (their labels are short numbers).
        x_ticks=[Tick(x(sitting), str(sitting)) for sitting in evenly_spread(sittings, 6)],
        y_ticks=value_ticks(top_value, step, y),
        path=step_path(levels, x, y), steps=steps, chapters=chapters,
        end=points[-1] if points else None,
    )


@dataclass(frozen=True)
class BalanceRow:
    """The chapter 1 markers after a sitting (sitting 0: as set up, 3 on each card)."""

    sitting: int
    hall: int
    castle: int


@dataclass(frozen=True)
class BalanceBar:
    label: str  # "Set up", "Sitting 2"
    y: float
    middle: float
    hall_width: float
    castle_x: float
    castle_width: float
    hall: int
    castle: int


@dataclass(frozen=True)
class BalanceChart(Bars):
    bars: list[BalanceBar]

    @property
    def hall_value_x(self) -> float:
        return self.bar_x + 6

    @property
    def castle_value_x(self) -> float:
        return self.bar_x + self.bar_span - 6


def _balance_label(first: BalanceRow, last: BalanceRow) -> str:
    if first.sitting == 0:
        return "Set up"
    return f"Sitting {first.sitting}" if first is last else f"Sittings {first.sitting}–{last.sitting}"


def balance_bars(rows: list[BalanceRow], row_height: float = 28.0) -> BalanceChart:
    """One bar per row (sittings in a row that left the markers alike share one), as wide as
    all the markers: the Hall's part from the left, the Castle's from the right, each with its
    count written inside its end."""
    shown = runs(rows, _alike)
    labels = [_balance_label(first, last) for first, last in shown]
    # The bars start right of the longest label ("Sittings 100–104"; 13 px bold, about 7.4 units
    # a character), at 78 units for the short ones.
    bar_x = max(78.0, round(12 + 7.4 * max(map(len, labels), default=0), 1))
    bar_span, bar_height = WIDTH - bar_x - 4.0, 18.0
    bars = []
    for index, (row, last) in enumerate(shown):
        total = row.hall + row.castle
        hall_width = round(bar_span * row.hall / total, 1) if total else 0.0
        top = 4 + index * row_height
        bars.append(BalanceBar(
            label=labels[index],
            y=top, middle=top + bar_height / 2,
            hall_width=hall_width, castle_x=round(bar_x + hall_width, 1),
            castle_width=round(bar_span - hall_width, 1),
            hall=row.hall, castle=row.castle,
        ))
    return BalanceChart(WIDTH, int(8 + len(bars) * row_height), bar_x, bar_span, bar_height, bars=bars)


def _alike(row: BalanceRow) -> tuple:
    """Rows one bar shows: sittings that left the same markers (the set-up row has its own)."""
    return (row.hall, row.castle) if row.sitting else ("set up",)
