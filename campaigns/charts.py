"""The geometry of the stats page's charts; the SVG itself is written by the template.

No Django here: these functions only place things (coordinates in the SVG's own units)
and choose which ticks to label. Colours, fonts and strokes come from CSS classes in
static/css/ledger.css, so a chart follows the page into dark mode. The charts are drawn for
a phone's width (1 unit ≈ 1 CSS pixel at 340 px wide), and the page never stretches them
much beyond that, so their text stays the size of the page's small print.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SERIES_COLOURS = 8  # .series-0 … .series-7 in ledger.css
WIDTH = 340
CHARACTER_WIDTH = 6.6  # an average character of the 12 px tick labels (ledger.css), in SVG units
DODGE = 1.8  # between two series' lines, in px


@dataclass(frozen=True)
class Tick:
    position: float  # x for the x axis, y for the y axis
    label: str


@dataclass(frozen=True)
class Series:
    label: str
    total: int
    css_class: str
    path: str  # the SVG path's d
    end_x: float
    end_y: float
    label_y: float  # where its end label sits, moved apart from its neighbours


@dataclass(frozen=True)
class Picture:
    """An SVG's size in its own units."""

    width: int
    height: int

    @property
    def view_box(self) -> str:
        return f"0 0 {self.width} {self.height}"


@dataclass(frozen=True)
class Axes(Picture):
    """A plot area with its labelled ticks: the frame of every line chart (its grid and tick
    labels are drawn by templates/campaigns/_chart_axes.html)."""

    left: float
    right: float
    top: float
    bottom: float
    x_ticks: list[Tick]
    y_ticks: list[Tick]

    @property
    def y_label_x(self) -> float:
        return self.left - 6

    @property
    def x_label_y(self) -> float:
        return self.bottom + 18


@dataclass(frozen=True)
class LineChart(Axes):
    series: list[Series]

    @property
    def end_label_x(self) -> float:
        return self.right + 8


def along(count: int, start: float, end: float):
    """The position of a value from 0 to `count` on an axis running from `start` (for 0) to
    `end` (for `count`); a count of 0 is taken as 1, so a lone point sits at the start."""
    return lambda value: start + (end - start) * value / max(count, 1)


def axis_top(largest: int, step: int) -> int:
    """The top of a value axis: the first multiple of `step` at or above `largest`, one step
    at least."""
    return max(step, math.ceil(largest / step) * step)


def value_ticks(top_value: int, step: int, y) -> list[Tick]:
    """A labelled tick every `step` from 0 to `top_value`, placed by `y`."""
    return [Tick(round(y(value), 1), str(value)) for value in range(0, top_value + 1, step)]


# Steps nearer each other along x than this (in SVG units, about a CSS pixel each on a phone)
# are drawn at one x: a 5,000-play log's wins over time is a few hundred steps a line, not
# thousands, and looks the same (cumulative wins only climb: one step up there).
STEP_GRAIN = 0.5


def step_path(values: list[int], x, y, nudge: float = 0.0) -> str:
    """The SVG path d of a step line through values[0], values[1] …: flat along each index,
    straight up or down where the value changes. `x` places an index, `y` a value; `nudge`
    shifts the whole line down and right (px). Changes within STEP_GRAIN of each other along x
    are one vertical line at the first one's place, through each value where it turns."""
    if not values:
        return ""
    first, last = x(0), x(len(values) - 1)
    path = [f"M{first + nudge:.1f} {y(values[0]) + nudge:.1f}"]
    column, run = None, []  # the grain the latest changes fall in; their values, turns kept
    before = values[0]
    for index in range(1, len(values)):
        value = values[index]
        if value == before:
            continue
        here = round(x(index) / STEP_GRAIN)
        if here != column:
            path += _vertical(run, y, nudge)
            path.append(f"H{min(max(here * STEP_GRAIN, first), last) + nudge:.1f}")
            column, run = here, [before, value]
        elif (run[-1] - run[-2]) * (value - run[-1]) > 0:
            run[-1] = value  # on the way the line was already going
        else:
            run.append(value)  # it turns
        before = value
    path += _vertical(run, y, nudge)
    path.append(f"H{last + nudge:.1f}")
    return "".join(path)


def _vertical(run: list[int], y, nudge: float) -> list[str]:
    """The vertical moves through a run of values at one x (its first is where the line was)."""
    return [f"V{y(value) + nudge:.1f}" for value in run[1:]]


def series_classes(keys_and_labels) -> dict[str, str]:
    """The colour (CSS class series-0 … series-7) of each charted series, by key: the first
    SERIES_COLOURS of the (key, label) pairs given, coloured in the labels' alphabetical order
    so that a player keeps their colour when the ranking or the filter changes."""
    charted = sorted(list(keys_and_labels)[:SERIES_COLOURS], key=lambda pair: pair[1].casefold())
    return {key: f"series-{index}" for index, (key, _) in enumerate(charted)}


def _nice_step(largest: int, most_ticks: int = 5) -> int:
    """A round step (1, 2, 5, 10, 20 …) giving at most `most_ticks` intervals up to `largest`."""
    for magnitude in (10**power for power in range(0, 7)):
        for step in (1, 2, 5):
            if math.ceil(largest / (step * magnitude)) <= most_ticks:
                return step * magnitude
    return 10**7


def _spread(positions: list[float], gap: float, low: float, high: float) -> list[float]:
    """Move sorted label positions apart by at least `gap`, staying within [low, high]."""
    placed: list[float] = []
    for position in positions:
        placed.append(max(position, placed[-1] + gap) if placed else max(position, low))
    overflow = placed[-1] - high if placed else 0
    if overflow > 0:
        placed = [p - overflow for p in placed]
        for index in range(len(placed) - 2, -1, -1):
            placed[index] = min(placed[index], placed[index + 1] - gap)
    return placed


def wins_over_time(
    running_wins: list[tuple[str, list[int], str]], x_labels: list[str], height: int = 230
) -> LineChart:
    """Cumulative wins as step lines: one series per (label, wins after each game with 0
    first, CSS class of its colour). x_labels name the games, one per game."""
    left, right, top, bottom = 26.0, WIDTH - 78.0, 12.0, height - 30.0
    games = max((len(wins) - 1 for _, wins, _ in running_wins), default=0)
    most = max((wins[-1] for _, wins, _ in running_wins if wins), default=0)
    step = _nice_step(max(most, 1), 4)
    top_value = axis_top(most, step)
    x, y = along(games, left, right), along(top_value, bottom, top)

    # Players level on wins would draw one line over the other: each series is nudged by a
    # pixel or two (down and right, by its place in the list) so that every line shows.
    middle = (len(running_wins) - 1) / 2
    drawn = []
    for index, (label, wins, css_class) in enumerate(running_wins):
        nudge = (index - middle) * DODGE
        drawn.append((_short(label), wins[-1], css_class, step_path(wins, x, y, nudge),
                      x(len(wins) - 1) + nudge, y(wins[-1]) + nudge))

    by_height = sorted(range(len(drawn)), key=lambda i: (drawn[i][5], drawn[i][0]))
    label_positions = _spread([drawn[i][5] for i in by_height], 13.0, top, bottom)
    label_y = {i: position for i, position in zip(by_height, label_positions)}
    series = [
        Series(label, total, css_class, path, round(end_x, 1), round(end_y, 1), round(label_y[i], 1))
        for i, (label, total, css_class, path, end_x, end_y) in enumerate(drawn)
    ]

    x_ticks = [
        Tick(round(x(game), 1), x_labels[game - 1])
        for game in evenly_spread(games, _labels_that_fit(right - left, x_labels))
        if game <= len(x_labels)
    ]
    return LineChart(
        WIDTH, height, left, right, top, bottom,
        x_ticks=x_ticks, y_ticks=value_ticks(top_value, step, y), series=series,
    )


def _labels_that_fit(span: float, labels: list[str]) -> int:
    """How many x labels fit side by side along the axis (4 at most, 2 at least): short game
    numbers fit 4, whole dates ("20 Sep 2026") 3."""
    longest = max((len(label) for label in labels), default=1)
    return max(2, min(4, int(span / (longest * CHARACTER_WIDTH + 8)) + 1))


def evenly_spread(count: int, most: int = 4) -> list[int]:
    """Which of 1 … `count` to label along an x axis: all of them when there are at most
    `most`, else the first, the last and evenly between them, `most` in all."""
    if count <= 0:
        return []
    if count <= most:
        return list(range(1, count + 1))
    return sorted({round(1 + i * (count - 1) / (most - 1)) for i in range(most)})


@dataclass(frozen=True)
class Bar:
    label: str
    y: float  # the bar's top
    middle: float  # where its texts sit
    width: float
    rate_text: str
    detail_text: str
    css_class: str


@dataclass(frozen=True)
class Bars(Picture):
    """A column of horizontal bars, each labelled on its left: the frame of every bar chart."""

    bar_x: float
    bar_span: float  # the width of a full bar
    bar_height: float

    @property
    def half_x(self) -> float:
        return self.bar_x + self.bar_span / 2

    @property
    def label_x(self) -> float:
        return self.bar_x - 8


@dataclass(frozen=True)
class BarChart(Bars):
    bars: list[Bar]

    @property
    def value_x(self) -> float:
        return self.width - 2


LABEL_CHARACTERS = 9


def _short(label: str) -> str:
    return label if len(label) <= LABEL_CHARACTERS else label[: LABEL_CHARACTERS - 1] + "…"


def win_rate_bars(rows: list[tuple[str, int, int, str]], row_height: float = 30.0) -> BarChart:
    """Horizontal bars of win rates for (label, wins, games, CSS class of its colour), the
    numbers beside each bar."""
    bar_x, bar_span, bar_height = 78.0, 150.0, 16.0
    bars = []
    for index, (label, wins, games, css_class) in enumerate(rows):
        top = 6 + index * row_height
        win_rate = wins / games if games else 0.0
        bars.append(Bar(
            label=_short(label), y=top, middle=top + bar_height / 2,
            # A 0 % bar keeps a sliver, so the row does not read as missing.
            width=round(max(bar_span * win_rate, 1.5), 1),
            rate_text=f"{round(win_rate * 100)}%", detail_text=f"{wins}/{games}",
            css_class=css_class,
        ))
    return BarChart(WIDTH, int(12 + len(rows) * row_height), bar_x, bar_span, bar_height, bars=bars)
