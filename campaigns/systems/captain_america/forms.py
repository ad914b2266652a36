"""Captain America's forms: a play as the table logs it (2 or 4 players, the missions at the
end of round 5, each team's rooms) and the setup helpers (turn order, deployment).

The forms only gather what was typed into the journal's shape; every rule of the game is
the rules layer's (campaigns/rules/captain_america.py), which refuses what breaks one.
"""

from __future__ import annotations

from django import forms

from ...rules import captain_america as rules
from ...rules.base import RuleError
from ...web.refusals import RefusalsBesideFields, place_number
from ...web.rows import rows
from ..play_log.forms import PlayLogForm

CAP, IRON = rules.CAPTAIN_AMERICA, rules.IRON_MAN
NOBODY = "nobody"  # a radio needs a value for "nobody holds it" (null in the journal)


# The seats, in the order the journal writes them, for each player count the rules allow
# (rules.seats_for: with 2 players a player runs a team, with 4 a hero); each count's seats are
# one formset of SeatForm rows: "teams" (teams-0-player, teams-1-player) or "heroes".
SEATS = {count: rules.seats_for(count) for count in rules.PLAYER_COUNTS}
SEAT_ROWS = {count: "teams" if len(seats[0]) > 1 else "heroes" for count, seats in SEATS.items()}


def seat_label(heroes: tuple[str, ...]) -> str:
    """Who a seat plays: a whole team ("Team Iron Man") or one hero ("Falcon")."""
    return rules.TEAM_NAMES[rules.HEROES[heroes[0]]] if len(heroes) > 1 else heroes[0]

ROOM_FIELDS = {CAP: "rooms_captain_america", IRON: "rooms_iron_man"}
HOLDER_CHOICES = [(CAP, rules.TEAM_NAMES[CAP]), (IRON, rules.TEAM_NAMES[IRON]), (NOBODY, "Nobody")]
PLAYER_COUNT_MESSAGE = "The game is played by 2 players (a team each) or 4 (a hero each)."


class Form(forms.Form):
    """A form whose labels carry no colon (the label sits above its field, as Skyrim's)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)


class SeatForm(Form):
    """One seat: who played it (`label`: the team or hero it plays)."""

    def __init__(self, *args, roster: list[str], label: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"] = forms.ChoiceField(
            label=label,
            required=False,  # only the seats of the chosen player count are needed (PlayForm.clean)
            choices=[("", "Choose…"), *((name, name) for name in roster)],
            error_messages={"invalid_choice": "%(value)s is not a player of this campaign."},
        )


class PlayForm(PlayLogForm, Form):
    """A whole play: the date, who played which heroes, who holds the Winter Soldier and the
    Quinjet at the end of round 5 and each team's rooms. A refusal shows beside the field of
    the seat or the rooms it concerns (`refusal_field`), else beside its own field or above.

    The seats of each player count are a formset (`seat_rows[count]`), both on the page (the
    chosen count's shown); `initial["teams"]` or `initial["heroes"]`: their first players."""

    refusal_fields = {"number": None}  # a hidden field: said above the form
    refusal_as_sentence = True
    number = forms.IntegerField(widget=forms.HiddenInput)  # the play this form logs or corrects
    # A correction: how many times the play had been corrected when the form was loaded (another
    # phone's correction meanwhile is not overwritten unseen: play_log.as_seen).
    seen = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=0)
    played_on = forms.DateField(label="Played on", widget=forms.DateInput(attrs={"type": "date"}))
    players = forms.TypedChoiceField(
        label="Players",
        coerce=int,
        choices=[
            (str(count), f"{count} players: {'each runs a team' if len(heroes) > 1 else 'one hero each'}")
            for count, (heroes, *_) in SEATS.items()
        ],
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": PLAYER_COUNT_MESSAGE, "required": PLAYER_COUNT_MESSAGE},
    )
    winter_soldier = forms.ChoiceField(
        label="Who holds the Winter Soldier?",
        choices=HOLDER_CHOICES,
        widget=forms.RadioSelect,
        error_messages={"required": "Choose who holds the Winter Soldier (or Nobody)."},
    )
    quinjet = forms.ChoiceField(
        label="Who holds the Quinjet?",
        choices=HOLDER_CHOICES,
        widget=forms.RadioSelect,
        error_messages={"required": "Choose who holds the Quinjet (or Nobody)."},
    )
    rooms_captain_america = forms.IntegerField(
        label=rules.TEAM_NAMES[CAP],
        error_messages={"required": "Count Team Captain America’s rooms (0 if none)."},
    )
    rooms_iron_man = forms.IntegerField(
        label=rules.TEAM_NAMES[IRON],
        error_messages={"required": "Count Team Iron Man’s rooms (0 if none)."},
    )

    def __init__(self, *args, roster: list[str], **kwargs):
        initial = dict(kwargs.pop("initial", None) or {})
        seated = {prefix: initial.pop(prefix, None) for prefix in SEAT_ROWS.values()}
        super().__init__(*args, initial=initial, **kwargs)
        self.seat_rows = {
            count: rows(
                SeatForm, len(seats), prefix=SEAT_ROWS[count], data=self.data if self.is_bound else None,
                initial=seated[SEAT_ROWS[count]], form_kwargs={"roster": roster},
                row_kwargs=[{"label": seat_label(heroes)} for heroes in seats],
            )
            for count, seats in SEATS.items()
        }
        self.formsets = {SEAT_ROWS[count]: formset for count, formset in self.seat_rows.items()}
        for name in ROOM_FIELDS.values():
            # No max: above ROOMS_WITH_THE_QUINJET is the rules' refusal, in their words, beside the field.
            self.fields[name].widget.attrs.update({"min": 0, "inputmode": "numeric"})

    def clean(self):
        cleaned = super().clean()
        count = cleaned.get("players")
        if count in SEATS:
            for row, heroes in zip(self.seat_rows[count].forms, SEATS[count]):
                if "player" not in row.errors and not row.cleaned_data.get("player"):
                    row.add_error("player", f"Choose who plays {seat_label(heroes)}.")
        return cleaned

    def typed_count(self) -> int | None:
        """The player count as chosen (even before the form is checked)."""
        value = self["players"].value()
        return int(value) if str(value) in {str(count) for count in rules.PLAYER_COUNTS} else None

    def play(self) -> dict:
        """A new play as the form says it; a correction keeps the written play's order of seats."""
        return in_written_order(self.game(), self.written) if self.written is not None else self.game()

    def game(self) -> dict:
        """The play in the journal's shape (docs/journal.md `captain-america`), from a valid form."""
        data = self.cleaned_data
        return {
            "number": data["number"],
            "played_on": data["played_on"].isoformat(),
            "seats": [
                {"player": row.cleaned_data["player"], "heroes": list(heroes)}
                for row, heroes in zip(self.seat_rows[data["players"]].forms, SEATS[data["players"]])
            ],
            "winter_soldier": None if data["winter_soldier"] == NOBODY else data["winter_soldier"],
            "quinjet": None if data["quinjet"] == NOBODY else data["quinjet"],
            "rooms": {team: data[name] for team, name in ROOM_FIELDS.items()},
        }

    def refusal_field(self, error: RuleError) -> str | None:
        """The field where a rules-layer refusal is shown: a seat's by the seat it names,
        the rooms beside the team's rooms field the sentence names first; None above the form."""
        if error.field in ("player", "heroes", "seats"):
            number = place_number(error, "seat")
            count = self.cleaned_data.get("players")
            if number is None or count not in SEATS:
                return None
            return self.row_field_name(SEAT_ROWS[count], number - 1, "player")
        if error.field == "rooms":
            named = [
                name for team, name in ROOM_FIELDS.items() if error.message.startswith(rules.TEAM_NAMES[team])
            ]
            return named[0] if named else ROOM_FIELDS[CAP]
        return super().refusal_field(error)


def in_written_order(game: dict, written: dict) -> dict:
    """A corrected play with its seats (and a seat's two heroes) in the order the play was
    written, so a form saved unchanged reads exactly as the play did (the order of seats
    is no rule: the form lists them team by team)."""
    # (A play brought in from BG Stats may name a seat's team only: its heroes are new.)
    hero_order = [hero for seat in written["seats"] for hero in seat.get("heroes", ())]
    heroes_of = {frozenset(seat["heroes"]): seat["heroes"] for seat in written["seats"] if "heroes" in seat}
    seats = [
        {**seat, "heroes": list(heroes_of.get(frozenset(seat["heroes"]), seat["heroes"]))}
        for seat in game["seats"]
    ]
    seats.sort(
        key=lambda seat: min((hero_order.index(h) for h in seat["heroes"] if h in hero_order), default=99)
    )
    return {**game, "seats": seats}


def initial_for(game: dict | None, number: int, today) -> dict:
    """The form's first values: a play as written (to correct it), or for a new play the
    last play's seats (the same group usually sits the same way) with today's date."""
    initial: dict = {"number": number, "played_on": today}
    if game is None:
        return initial
    seats = game["seats"]
    initial["players"] = str(len(seats))
    # A seat brought in from BG Stats may name its team only: with 2 players that is its heroes.
    by_heroes = {
        tuple(
            seat.get("heroes") or (rules.TEAM_HEROES.get(seat.get("team")) if len(seats) == 2 else ()) or ()
        ): seat["player"]
        for seat in seats
    }
    if len(seats) in SEATS:
        # A 2-player seat may list its team's heroes in either order.
        initial[SEAT_ROWS[len(seats)]] = [
            {"player": by_heroes.get(heroes) or by_heroes.get(tuple(reversed(heroes)), "")}
            for heroes in SEATS[len(seats)]
        ]
    return initial


def results_initial(game: dict) -> dict:
    """A written play's end of round 5, as the form's first values (to correct it); left empty
    where a play brought in from BG Stats does not know it."""
    return {
        "played_on": game["played_on"],
        "winter_soldier": game.get("winter_soldier") or NOBODY,
        "quinjet": game.get("quinjet") or NOBODY,
        **{name: (game.get("rooms") or {}).get(team, "") for team, name in ROOM_FIELDS.items()},
    }


# Setup helpers --------------------------------------------------------------------------------


class TurnOrderForm(RefusalsBesideFields, Form):
    """Who picks first and which markers they claim; which hero of each team goes first."""

    players = forms.TypedChoiceField(
        label="Players",
        coerce=int,
        choices=[(str(count), f"{count} players") for count in rules.PLAYER_COUNTS],
        widget=forms.RadioSelect,
        initial=str(max(rules.PLAYER_COUNTS)),
        error_messages={"invalid_choice": PLAYER_COUNT_MESSAGE},
    )
    breach_team = forms.ChoiceField(
        label="Which team breaches first?",
        help_text="Captain America and Iron Man roll a die; the teams breach in turn.",
        choices=[(CAP, rules.TEAM_NAMES[CAP]), (IRON, rules.TEAM_NAMES[IRON])],
        widget=forms.RadioSelect,
        initial=CAP,
    )
    picking_team = forms.ChoiceField(
        label="Which team picks first?",
        help_text=(
            "Round 1: Captain America and Iron Man roll a die. From round 2: the team holding the "
            "Quinjet at the end of the round; if nobody does, the order stays."
        ),
        choices=[(CAP, rules.TEAM_NAMES[CAP]), (IRON, rules.TEAM_NAMES[IRON])],
        widget=forms.RadioSelect,
        initial=CAP,
    )
    markers = forms.ChoiceField(
        label="Markers it claims",
        choices=[(f"{a}-{b}", f"{a} and {b}") for a, b in rules.TURN_ORDER_PAIRS],
        widget=forms.RadioSelect,
        initial="1-3",
    )
    lead_captain_america = forms.ChoiceField(
        label="Team Captain America’s first hero",
        choices=[(hero, hero) for hero in rules.TEAM_HEROES[CAP]],
        widget=forms.RadioSelect,
        initial=rules.TEAM_HEROES[CAP][0],
    )
    lead_iron_man = forms.ChoiceField(
        label="Team Iron Man’s first hero",
        choices=[(hero, hero) for hero in rules.TEAM_HEROES[IRON]],
        widget=forms.RadioSelect,
        initial=rules.TEAM_HEROES[IRON][0],
    )

    def leads(self) -> dict[str, str]:
        return {CAP: self.cleaned_data["lead_captain_america"], IRON: self.cleaned_data["lead_iron_man"]}

    def marker_pair(self) -> tuple[int, int]:
        first, _, second = self.cleaned_data["markers"].partition("-")
        return int(first), int(second)


class DeploymentForm(RefusalsBesideFields, Form):
    """The rooms a player controls and the buildings they hold whole."""

    refusal_as_sentence = True

    rooms = forms.IntegerField(
        label="Rooms you control",
        help_text="Count the Quinjet if you hold it.",
        widget=forms.NumberInput(attrs={"min": 0, "inputmode": "numeric"}),
        error_messages={"required": "Count your rooms (0 if none)."},
    )
    buildings = forms.MultipleChoiceField(
        label="Buildings you hold whole",
        required=False,
        choices=[(name, f"{name} +{bonus}") for name, bonus in rules.BUILDING_BONUS.items()],
        widget=forms.CheckboxSelectMultiple,
    )
