"""The forms of the Risk Legacy game-start page: the game's date and its seats clockwise,
and a newcomer's name for the roster."""

from django import forms
from django.utils import timezone

from ....rules import limits
from ....rules import risk_legacy as rules
from ....rules.base import Entry
from ....web.refusals import RefusalsBesideFields
from ....web.rows import rows
from ....web.writes import JournalForm
from .territories import territory_choices

SEATS = range(1, rules.MAX_SEATS + 1)
SEAT_PARTS = ("player", "faction", "start")
SEATS_BOX = "seats"  # where a refusal of the seats shows: above them, not beside one field
SEAT_ROWS = "seats"  # the seats' formset: its fields are seats-0-player, seats-0-faction, ...


class SeatForm(forms.Form):
    """One seat: its player, faction and HQ start, and a territory asked "Why not…?" about
    (never saved: the page answers it)."""

    def __init__(self, *args, roster: list[str], factions=rules.FACTIONS, **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        self.fields["player"] = forms.ChoiceField(
            label="Player", choices=[("", "—")] + [(name, name) for name in roster], required=False
        )
        self.fields["faction"] = forms.ChoiceField(
            label="Faction",
            choices=[("", "—")] + [(faction, faction) for faction in factions],  # a packet's too
            required=False,
        )
        self.fields["start"] = forms.ChoiceField(
            label="HQ start", choices=[("", "—"), *territory_choices()], required=False
        )
        self.fields["why"] = forms.ChoiceField(
            label="Territory", choices=[("", "—"), *territory_choices()], required=False
        )


def seat_rows(data, roster: list[str], *, initial=None, factions=rules.FACTIONS):
    """The seats, clockwise (`SEATS`), as rows of `data` (a post, a query, None); `factions`:
    those in play (the box's and any a packet added)."""
    return rows(
        SeatForm, len(SEATS), prefix=SEAT_ROWS, data=data, initial=initial,
        form_kwargs={"roster": roster, "factions": factions},
    )


def typed_seats(data, roster: list[str], factions=rules.FACTIONS):
    """The seats as chosen so far in `data`, drawn as the form's first values: not checked,
    so they show no error (choosing is not saving)."""
    typed = [{name: seat[name].value() for name in seat.fields}
             for seat in seat_rows(data, roster, factions=factions).forms]
    return seat_rows(None, roster, initial=typed, factions=factions)


class GameStartForm(JournalForm, forms.Form):
    """A game's date and seats, clockwise (`seats`: a formset of SeatForm rows); the Scar
    deck's size is only for the page.

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

    def __init__(self, *args, roster: list[str], factions=rules.FACTIONS, **kwargs):
        kwargs.setdefault("initial", {})
        kwargs["initial"].setdefault("played_on", timezone.localdate())
        super().__init__(*args, **kwargs)
        self.seats_rows = seat_rows(self.data if self.is_bound else None, roster, factions=factions)
        self.formsets = {SEAT_ROWS: self.seats_rows}

    def clean(self):
        for index, row in enumerate(self.seats_rows.forms, 1):
            parts = {part: row.cleaned_data.get(part) for part in SEAT_PARTS}
            # A faction left without player or start (an offered seat whose player is away
            # tonight, cleared) says nothing about who sits: the seat is empty.
            if parts["player"] or parts["start"]:
                for part, value in parts.items():
                    if not value and part not in row.errors:
                        what = {"player": "a player", "faction": "a faction", "start": "an HQ start"}[part]
                        row.add_error(part, f"Choose {what} for seat {index}, or clear the seat.")
        return self.cleaned_data

    def seats(self) -> list[dict[str, str]]:
        """The filled seats, clockwise, as the game entry holds them."""
        seats = []
        for row in self.seats_rows.forms:
            seat = {part: row.cleaned_data.get(part) for part in SEAT_PARTS}
            if all(seat.values()):
                seats.append(seat)
        return seats

    def entry(self) -> Entry:
        """The game started, as the page records it (`keys`: every key the page records)."""
        data = {
            "number": self.cleaned_data["number"],
            "played_on": self.cleaned_data["played_on"].isoformat(),
            "seats": self.seats(),
            "keys": list(rules.WEB_GAME_KEYS),
        }
        return Entry("game", data)


class NewPlayerForm(RefusalsBesideFields, forms.Form):
    """A name to add to the roster while seating the players."""

    refusal_fields = {"name": "new_player"}  # the roster's refusal of the name

    new_player = forms.CharField(
        label="Someone new at the table?", required=False, max_length=limits.PLAYER_NAME_MAX_CHARS
    )
