"""The forms of the Risk Legacy game-start page: the game's date and its seats clockwise,
and a newcomer's name for the roster."""

from django import forms
from django.utils import timezone

from ....rules import limits
from ....rules import risk_legacy as rules
from ....web.writes import RefusalsBesideFields
from .territories import territory_choices


SEATS = range(1, rules.MAX_SEATS + 1)
SEAT_PARTS = ("player", "faction", "start")
SEATS_BOX = "seats"  # where a refusal of the seats shows: above them, not beside one field


def seat_field(index: int, part: str) -> str:
    return f"seat{index}_{part}"


class GameStartForm(RefusalsBesideFields, forms.Form):
    """A game's date and seats, clockwise; the Scar deck's size is only for the page.

    A rule's refusal of a seat shows above the seats (`refused_above(SEATS_BOX)`: its place
    names the seat), the date's beside it, any other above the form."""

    refusal_fields = {part: SEATS_BOX for part in ("player", "faction", "start", "seats")}
    refusal_boxes = (SEATS_BOX,)

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


class NewPlayerForm(RefusalsBesideFields, forms.Form):
    """A name to add to the roster while seating the players."""

    refusal_fields = {"name": "new_player"}  # the roster's refusal of the name

    new_player = forms.CharField(label="Someone new at the table?", required=False, max_length=limits.PLAYER_NAME_MAX_CHARS)
