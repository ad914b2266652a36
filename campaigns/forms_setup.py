"""The forms of the pages before play (views/table_setup.py): the setup, a game's start, recruitment.

They check the shape of what was typed (a number is a number, a seat that is half filled says
what it misses); every game rule is left to campaigns/rules/risk_legacy/, which the views
call before and when appending.
"""

import re

from django import forms
from django.utils import timezone
from django.utils.text import slugify

from .forms_play import territory_choices
from .rules import risk_legacy as rules

# --------------------------------------------------------------------------------------
# The setup
# --------------------------------------------------------------------------------------


def power_field(faction: str) -> str:
    return "power_" + slugify(faction).replace("-", "_")


class StartingPowersForm(forms.Form):
    """The text on the starting-power sticker each faction kept."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for faction in rules.FACTIONS:
            self.fields[power_field(faction)] = forms.CharField(
                label=faction,
                max_length=300,
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


class TradeInChartForm(forms.Form):
    """The trade-in chart printed on the board: the troops for 2 to 10 Resource icons (coins)
    on the cards traded in, one row each (GAMES.md). A row left empty is not on the chart.

    Used at the setup and, later, to correct the chart (`initial_chart` fills in the chart
    the group entered before)."""

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
                    "max_value": f"No line of the board's chart gives more than {rules.TRADE_IN_TROOPS_MAX} troops.",
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


# --------------------------------------------------------------------------------------
# A game's start
# --------------------------------------------------------------------------------------

SEATS = range(1, rules.MAX_SEATS + 1)
SEAT_PARTS = ("player", "faction", "start")


def seat_field(index: int, part: str) -> str:
    return f"seat{index}_{part}"


class GameStartForm(forms.Form):
    """A game's date and seats, clockwise; the Scar deck's size is only for the page."""

    number = forms.IntegerField(widget=forms.HiddenInput)
    played_on = forms.DateField(label="Date", widget=forms.DateInput(attrs={"type": "date"}))
    scar_cards = forms.IntegerField(
        label="Scar cards in the deck",
        required=False,
        min_value=0,
        max_value=999,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "placeholder": "optional"}),
        help_text="Each player gets one only if there are enough for everyone.",
    )

    def __init__(self, *args, roster: list[str], **kwargs):
        kwargs.setdefault("initial", {})
        kwargs["initial"].setdefault("played_on", timezone.localdate())
        super().__init__(*args, **kwargs)
        players = [("", "—")] + [(name, name) for name in roster]
        factions = [("", "—")] + [(faction, faction) for faction in rules.FACTIONS]
        for index in SEATS:
            self.fields[seat_field(index, "player")] = forms.ChoiceField(choices=players, required=False)
            self.fields[seat_field(index, "faction")] = forms.ChoiceField(choices=factions, required=False)
            self.fields[seat_field(index, "start")] = forms.ChoiceField(
                choices=[("", "—"), *territory_choices()], required=False
            )

    def clean(self):
        for index in SEATS:
            parts = {part: self.cleaned_data.get(seat_field(index, part)) for part in SEAT_PARTS}
            # A faction left without player or start (an offered seat whose player is away
            # tonight, cleared) says nothing about who sits: the seat is empty.
            if parts["player"] or parts["start"]:
                for part, value in parts.items():
                    if not value and seat_field(index, part) not in self.errors:
                        what = {"player": "a player", "faction": "a faction", "start": "an HQ start"}[part]
                        message = f"Choose {what} for seat {index}, or clear the seat."
                        self.add_error(seat_field(index, part), message)
        return self.cleaned_data

    def seats(self) -> list[dict[str, str]]:
        """The filled seats, clockwise, as the game entry holds them."""
        seats = []
        for index in SEATS:
            seat = {part: self.cleaned_data.get(seat_field(index, part)) for part in SEAT_PARTS}
            if all(seat.values()):
                seats.append(seat)
        return seats


class NewPlayerForm(forms.Form):
    """A name to add to the roster while seating the players."""

    new_player = forms.CharField(label="Someone new at the table?", required=False, max_length=40)


# --------------------------------------------------------------------------------------
# The recruitment calculator
# --------------------------------------------------------------------------------------


class RecruitmentForm(forms.Form):
    """Who recruits, what they hold and the cards they trade in."""

    player = forms.ChoiceField(required=False, label="Player")
    territories = forms.MultipleChoiceField(
        required=False, choices=[(t, t) for t in rules.TERRITORIES], label="Territories held"
    )
    icons = forms.IntegerField(
        required=False, min_value=0, max_value=999, label="Resource icons (coins) on the cards traded in"
    )

    def __init__(self, *args, roster: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [("", "—")] + [(name, name) for name in roster]
