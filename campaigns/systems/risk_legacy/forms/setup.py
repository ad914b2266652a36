"""The forms of the Risk Legacy setup page: each faction's starting power, the coin stickers
(hidden counts the − / + buttons move) and the trade-in chart, also used to correct it later;
`SetupForms`, all three saved by one button."""

import re

from django import forms
from django.utils.text import slugify

from ....rules import limits
from ....rules import risk_legacy as rules
from ....rules.base import Entry
from ....web.refusals import WHOLE_FORM
from ....web.writes import JournalForm


def power_field(faction: str) -> str:
    return "power_" + slugify(faction).replace("-", "_")


class StartingPowersForm(forms.Form):
    """The text on the starting-power sticker each faction kept."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for faction in rules.FACTIONS:
            self.fields[power_field(faction)] = forms.CharField(
                label=faction,
                max_length=limits.EFFECT_MAX_CHARS,
                widget=forms.Textarea(attrs={"rows": 2, "autocomplete": "off"}),
                error_messages={"required": f"Write the power kept for {faction}: the text on its sticker."},
            )

    def powers(self) -> dict[str, str]:
        return {faction: self.cleaned_data[power_field(faction)] for faction in rules.FACTIONS}


#: territory -> the name of its hidden coin-count input, and back
COIN_FIELD = {territory: "coins-" + rules.territory_slug(territory) for territory in rules.TERRITORIES}
TERRITORY_OF_SLUG = {rules.territory_slug(territory): territory for territory in rules.TERRITORIES}
_COUNT = re.compile(r"[0-9]{1,3}")


def coin_placement(data) -> dict[str, int]:
    """The coins on each territory card as the setup form carries them (hidden inputs, so
    anything that is not a count is read as none)."""
    placement = {}
    for territory, name in COIN_FIELD.items():
        value = data.get(name, "")
        placement[territory] = int(value) if isinstance(value, str) and _COUNT.fullmatch(value) else 0
    return placement


def chart_field(icons: int) -> str:
    return f"troops_{icons}"


class TradeInChartForm(JournalForm, forms.Form):
    """The trade-in chart printed on the board: the troops for 2 to 10 Resource icons (coins)
    on the cards traded in, one row each (docs/rules.md). A row left empty is not on the chart.

    Used at the setup and, later, to correct the chart (`initial_chart` fills in the chart
    the group entered before)."""

    refusal_fields = {"trade_in_chart": WHOLE_FORM, "chart": WHOLE_FORM}

    def __init__(self, *args, initial_chart: dict[int, int] | None = None, **kwargs):
        if initial_chart:
            initial = {chart_field(icons): troops for icons, troops in initial_chart.items()}
            kwargs.setdefault("initial", initial)
        super().__init__(*args, **kwargs)
        for icons in rules.TRADE_IN_ICONS:
            self.fields[chart_field(icons)] = forms.IntegerField(
                label=f"Troops for {icons} Resource icons",
                required=False,
                min_value=0,
                max_value=rules.TRADE_IN_TROOPS_MAX,
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                error_messages={
                    "invalid": "Troops are a whole number, 0 or more.",
                    "min_value": "Troops are a whole number, 0 or more.",
                    "max_value": (
                        f"No line of the board's chart gives more than {rules.TRADE_IN_TROOPS_MAX} troops."
                    ),
                },
            )

    def rows(self):
        """(Resource icons, troops field) per row, for the template."""
        return [(icons, self[chart_field(icons)]) for icons in rules.TRADE_IN_ICONS]

    def chart(self) -> dict[str, int] | None:
        """The chart as the entries hold it, or None when no row was filled."""
        chart = {
            str(icons): self.cleaned_data[chart_field(icons)]
            for icons in rules.TRADE_IN_ICONS
            if self.cleaned_data.get(chart_field(icons)) is not None
        }
        return chart or None

    def entry(self) -> Entry:
        """The chart corrected, after the setup (no row filled: no chart)."""
        return Entry("trade_in_chart", {"chart": self.chart() or {}})


class SetupForms(JournalForm):
    """The setup page's three parts, saved by one button: the starting powers and the trade-in
    chart (forms) and the coin stickers (a placement the − / + buttons move). A refusal shows
    above the part it concerns (`refusal_fields`), else above them all (`page_errors`)."""

    refusal_fields = {"starting_powers": "powers", "trade_in_chart": "chart", "coin_stickers": "coins"}
    fields = ("powers", "chart", "coins")  # each part shows its refusal above its fields

    def __init__(self, data=None):
        self.powers = StartingPowersForm(data)
        self.chart = TradeInChartForm(data, prefix="chart")
        self.placement = coin_placement(data) if data is not None else dict.fromkeys(rules.TERRITORIES, 0)
        self.coin_errors: list[str] = []
        self.page_errors: list[str] = []

    def is_valid(self) -> bool:
        return all([self.powers.is_valid(), self.chart.is_valid()])

    def add_error(self, part: str | None, message: str) -> None:
        if part is None:
            self.page_errors.append(message)
        elif part == "coins":
            self.coin_errors.append(message)
        else:
            getattr(self, part).add_error(None, message)

    def every_error(self) -> list[str]:
        """Every message of the three parts, the page's own first."""
        parts = [m for part in (self.powers, self.chart) for ms in part.errors.values() for m in ms]
        return [*self.page_errors, *parts, *self.coin_errors]

    def focus_first_error(self) -> None:
        """The page's own summary of the parts at fault takes the focus (setup_edit.html)."""

    def entry(self) -> Entry:
        data = {
            "starting_powers": self.powers.powers(),
            "coin_stickers": {territory: n for territory, n in self.placement.items() if n},
        }
        if self.chart.chart():
            data["trade_in_chart"] = self.chart.chart()
        return Entry("setup", data)
