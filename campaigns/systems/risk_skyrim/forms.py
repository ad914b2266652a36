"""Risk: Skyrim's forms: one play (logged new or corrected) and the table's setup helpers.

A play form has five seat slots (2 to 5 players sit; an empty slot is left out), a formset of
one `SeatForm` each (`seats-0-player`, ...), and asks, per mode, what decides the game. It
turns into the game entry exactly as the journal writes it (`game_data`); every rule is the
rules layer's (campaigns/rules/risk_skyrim.py), and a refusal comes back beside the field it
concerns (`refusal_field`).
"""

from __future__ import annotations

from django import forms
from django.utils import timezone

from ...rules import risk_skyrim as rules
from ...web.refusals import place_number
from ...web.rows import rows
from ..play_log.forms import PlayLogForm

SLOTS = range(1, rules.MOST_PLAYERS + 1)  # one slot per seat the rules allow
HOLDINGS = ("territories", "forts", "portals")
SEAT_PARTS = ("player", "faction", *HOLDINGS, "victory_points", "hero_alive", "eliminated_in_turn")
SEAT_ROWS = "seats"  # the seat slots' formset: seats-0-player, seats-0-faction, ...
LABELS = {
    "territories": "Territories",
    "forts": "Forts",
    "portals": "Portals",
    "victory_points": "Victory points",
    "hero_alive": "Hero alive at the end",
    "eliminated_in_turn": "Eliminated in turn",
}


def _count(label: str, least: int = 0) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        required=False,
        min_value=least,
        max_value=999,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": least}),
    )


class Form(forms.Form):
    """A form whose labels carry no colon (the label sits above its field)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)


class SeatForm(Form):
    """One seat slot: who played which faction, and what each mode counts."""

    def __init__(self, *args, roster: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"] = forms.ChoiceField(
            label="Player", required=False, choices=[("", "—"), *((name, name) for name in roster)]
        )
        self.fields["faction"] = forms.ChoiceField(
            label="Faction", required=False, choices=[("", "—"), *((f, f) for f in rules.FACTIONS)]
        )
        for part in HOLDINGS:
            self.fields[part] = _count(LABELS[part])
        self.fields["victory_points"] = _count(LABELS["victory_points"])
        self.fields["hero_alive"] = forms.BooleanField(label=LABELS["hero_alive"], required=False)
        self.fields["eliminated_in_turn"] = _count(LABELS["eliminated_in_turn"], least=1)


class PlayForm(PlayLogForm, Form):
    """One Risk: Skyrim play: mode, date, seats and what decided it. A refusal about the whole
    game shows beside its field (the seat-less "won": who got there first), one about a seat
    beside that seat's field (`refusal_field`), above the form when it has none.

    `initial["seats"]`: each seat slot's first values, in order (the seats' formset)."""

    refusal_fields = {"won": "first_to_ten", "number": None}  # number: a hidden field, said above
    refusal_as_sentence = True  # "In Civil War the winner holds all 48 territories…", a sentence of its own

    number = forms.IntegerField(widget=forms.HiddenInput)
    # A correction: how many times the play had been corrected when the form was filled in
    # (another phone's correction meanwhile is not overwritten unseen).
    seen = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=0)
    mode = forms.ChoiceField(choices=list(rules.MODES.items()), widget=forms.RadioSelect, label="Mode")
    played_on = forms.DateField(label="Played on", widget=forms.DateInput(attrs={"type": "date"}))
    first_to_ten = forms.CharField(required=False, label="Who got there first")
    # Chaos victory conditions with Dovahkiin rules (heroes, spells, …): logged as Chaos, noted.
    dovahkiin_rules = forms.BooleanField(
        required=False, label=f"Played with {rules.DOVAHKIIN_RULES}",
        help_text="Heroes, spells and the like, but Chaos victory conditions: the play counts as Chaos.",
    )
    civil_war_winner = forms.TypedChoiceField(
        required=False,
        coerce=int,
        empty_value=None,
        choices=[(str(slot), f"Seat {slot}") for slot in SLOTS],
        label=f"Held all {rules.TERRITORIES} territories",
    )

    def __init__(self, *args, roster: list[str], **kwargs):
        initial = dict(kwargs.pop("initial", None) or {})
        seats = initial.pop("seats", ())
        super().__init__(*args, initial=initial, **kwargs)
        self.roster = list(roster)
        self.seats_rows = rows(
            SeatForm, len(SLOTS), prefix=SEAT_ROWS, data=self.data if self.is_bound else None,
            initial=seats, form_kwargs={"roster": self.roster},
        )
        self.formsets = {SEAT_ROWS: self.seats_rows}

    # -- reading it ------------------------------------------------------------------------

    def filled_slots(self) -> list[tuple[int, forms.Form]]:
        """The slots someone sits in, in seat order: (slot number, from 1; its row)."""
        return [
            (slot, row) for slot, row in zip(SLOTS, self.seats_rows.forms) if row.cleaned_data.get("player")
        ]

    def clean(self):
        cleaned = super().clean()
        mode = cleaned.get("mode")
        for row in self.seats_rows.forms:
            seat = row.cleaned_data
            player = seat.get("player")
            if not player:  # nobody sits here: what else the seat still shows is left out
                continue
            if not seat.get("faction"):
                row.add_error("faction", f"Pick {player}’s faction.")
            for part in self.counts_needed(mode):
                if seat.get(part) is None and part not in row.errors:
                    verb = "score" if part == "victory_points" else "hold"
                    row.add_error(part, f"How many {LABELS[part].lower()} did {player} {verb}?")
        return cleaned

    @staticmethod
    def counts_needed(mode: str | None) -> tuple[str, ...]:
        """The counts a seat must be given in this mode: the rules' required seat keys
        (SEAT_FIELDS) typed as numbers. Civil War's territories come from civil_war_winner and a
        ticked box is never missing. Forts without territories are the rules' refusal."""
        if mode not in rules.SEAT_FIELDS or mode == rules.CIVIL_WAR:
            return ()
        required, _ = rules.SEAT_FIELDS[mode]
        return tuple(part for part in required if part in HOLDINGS or part == "victory_points")

    def seats(self) -> list[dict]:
        """The seats as the journal writes them (cleaned data; empty slots left out)."""
        data = self.cleaned_data
        mode = data.get("mode")
        seats = []
        for slot, row in self.filled_slots():
            typed = row.cleaned_data
            seat = {"player": typed["player"], "faction": typed.get("faction")}
            if mode == rules.CHAOS:
                seat.update({part: typed[part] for part in HOLDINGS})
            elif mode == rules.DOVAHKIIN:
                seat["victory_points"] = typed["victory_points"]
                seat["hero_alive"] = bool(typed.get("hero_alive"))
                # The holdings are optional here: written only when counted.
                for part in HOLDINGS:
                    if typed.get(part) is not None:
                        seat[part] = typed[part]
            elif mode == rules.CIVIL_WAR:
                # The winner holds all 48, so every other seat holds none.
                won = data.get("civil_war_winner") == slot
                seat["territories"] = rules.TERRITORIES if won else 0
                if typed.get("eliminated_in_turn") is not None:
                    seat["eliminated_in_turn"] = typed["eliminated_in_turn"]
            seats.append(seat)
        if mode == rules.DOVAHKIIN:
            first = data.get("first_to_ten")
            # The journal names the winner only when several could have won (docs/journal.md).
            if len(rules.dovahkiin_contenders(seats)) > 1:
                for seat in seats:
                    if seat["player"] == first:
                        seat["won"] = True
        return seats

    def play(self) -> dict:
        return self.game_data()

    def game_data(self) -> dict:
        """The game entry's data, as docs/journal.md writes it."""
        data = self.cleaned_data
        game = {
            "number": data["number"],
            "played_on": data["played_on"].isoformat(),
            "mode": data["mode"],
            "seats": self.seats(),
        }
        # Only a Chaos play notes it (the box stays ticked, hidden, when the mode changes).
        if data["mode"] == rules.CHAOS and data.get("dovahkiin_rules"):
            game["dovahkiin_rules"] = True
        return game

    def contenders(self) -> list[str]:
        """Dovahkiin players with 10+ points and a living hero, as far as the form tells."""
        if not hasattr(self, "cleaned_data") or self.cleaned_data.get("mode") != rules.DOVAHKIIN:
            return []
        try:
            return rules.dovahkiin_contenders(self.seats())
        except (KeyError, TypeError):
            return []

    # -- refusals --------------------------------------------------------------------------

    def refusal_field(self, error) -> str | None:
        """Its seat's field when the refusal names a seat (the place "game 3, seat 2 (Ben)":
        the second seat filled in), Civil War's territories beside who held them all, else by
        the mapping."""
        civil_war = self.cleaned_data.get("mode") == rules.CIVIL_WAR
        number = place_number(error, "seat")
        filled = [slot for slot, _ in self.filled_slots()]
        if number is not None and 1 <= number <= len(filled):
            part = error.field if error.field in SEAT_PARTS else "player"
            if part == "territories" and civil_war:
                return "civil_war_winner"
            return self.row_field_name(SEAT_ROWS, filled[number - 1] - 1, part)
        if error.field == "territories" and civil_war:
            return "civil_war_winner"
        return super().refusal_field(error)

    def slot_rows(self) -> list[dict]:
        """Each seat slot's bound fields, for the template."""
        return [
            {"slot": slot, **{part: row[part] for part in SEAT_PARTS}}
            for slot, row in zip(SLOTS, self.seats_rows.forms)
        ]


def initial_from_game(data: dict) -> dict:
    """A play form's initial values from a game as the journal holds it (to correct it)."""
    initial = {"number": data["number"], "played_on": data["played_on"], "mode": data["mode"],
               "dovahkiin_rules": data.get("dovahkiin_rules", False)}
    initial["seats"] = [{part: seat[part] for part in SEAT_PARTS if part in seat} for seat in data["seats"]]
    for slot, seat in enumerate(data["seats"], 1):
        if data["mode"] == rules.CIVIL_WAR and seat.get("territories") == rules.TERRITORIES:
            initial["civil_war_winner"] = str(slot)
        if seat.get("won") is True:
            initial["first_to_ten"] = seat["player"]
    return initial


def initial_after(last: dict | None, number: int) -> dict:
    """A new play's initial values: today, and the last play's mode and seats offered first."""
    initial = {"number": number, "played_on": timezone.localdate(), "mode": rules.CHAOS}  # the table's day
    seats = [{"hero_alive": True} for _ in SLOTS]
    if last:
        initial["mode"] = last["mode"]
        for seat, played in zip(seats, last["seats"]):
            seat.update(
                player=played["player"], faction=played.get("faction", "")
            )  # unknown in a play from BG Stats
    initial["seats"] = seats
    return initial


# The setup helpers -----------------------------------------------------------------------


class StartForm(Form):
    """Starting units (and, in Chaos, territory cards) for a mode and a number of players."""

    mode = forms.ChoiceField(choices=list(rules.MODES.items()), label="Mode", initial=rules.CHAOS)
    players = forms.TypedChoiceField(
        coerce=int,
        choices=[(str(n), str(n)) for n in range(rules.FEWEST_PLAYERS, rules.MOST_PLAYERS + 1)],
        label="Players",
        initial="3",
    )


CARD_SET_WORDS = {
    "first_symbol": "Three of the first symbol",
    "second_symbol": "Three of the second symbol",
    "third_symbol": "Three of the third symbol",
    "one_of_each": "One of each symbol",
    "wildcard": "Two “?” wildcards",
}


class ReinforcementForm(Form):
    """The reinforcement calculator's inputs (rules.reinforcements)."""

    territories = forms.IntegerField(
        label="Territories held", min_value=0, max_value=999, initial=0,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0}),
    )
    forts = forms.IntegerField(
        label="Forts held", min_value=0, max_value=999, initial=0,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0}),
    )
    region_bonus = forms.IntegerField(
        label="Region bonuses",
        help_text="Add up the bonus printed on each region you hold whole.",
        min_value=0, max_value=999, initial=0,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0}),
    )
    card_set = forms.ChoiceField(
        label="Cards traded in",
        required=False,
        # The units each set gives are the rules' (CARD_SET_UNITS); only the words are here.
        choices=[
            ("", "None"),
            *((key, f"{CARD_SET_WORDS[key]} ({units})") for key, units in rules.CARD_SET_UNITS.items()),
        ],
    )
    traded_cards_held = forms.TypedChoiceField(
        label="Traded cards whose territory you hold",
        help_text=f"+{rules.UNITS_PER_TRADED_TERRITORY_HELD} units for each.",
        coerce=int,
        initial="0",
        choices=[(str(n), str(n)) for n in range(0, rules.CARDS_IN_A_SET + 1)],
    )
