"""The form of a Risk Legacy game's end: each seat's result and who controls what."""

from django import forms

from ....rules import risk_legacy as rl
from ....rules.base import Entry
from ....web.writes import JournalForm
from .territories import territory_choices

RESULT_CHOICES = [("won", "Won"), ("held_on", "Held on"), ("eliminated", "Eliminated")]


class GameEndForm(JournalForm, forms.Form):
    """Each seat's result and, optionally, the territories each player controls."""

    refusal_fields = {"end_control": "log_control"}

    def __init__(self, state, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.state = state
        self.game = state.last_game
        eliminated = set(rl.eliminated_during(self.game))
        self.seat_rows = []
        for index, seat in enumerate(self.game.seats):
            result = forms.ChoiceField(
                choices=RESULT_CHOICES,
                widget=forms.RadioSelect,
                label=f"{seat.player} ({seat.faction})",
                initial="eliminated" if seat.player in eliminated else None,
                error_messages={
                    "required": f"How did {seat.player} end the game: won, held on or eliminated?"
                },
            )
            control = forms.MultipleChoiceField(
                choices=territory_choices(), required=False, widget=forms.CheckboxSelectMultiple,
                label=f"Territories {seat.player} controls",
            )
            self.fields[f"result_{index}"] = result
            self.fields[f"control_{index}"] = control
            self.seat_rows.append((seat, self[f"result_{index}"], self[f"control_{index}"]))
        self.fields["log_control"] = forms.BooleanField(
            required=False, label="Log which territories each player controls",
            help_text="Then held-on rewards are checked against it; without it, each player's word is taken.",
        )

    def entry(self) -> Entry:
        data = self.cleaned_data
        results = {seat.player: data[f"result_{i}"] for i, seat in enumerate(self.game.seats)}
        entry = {"results": results}
        if data["log_control"]:
            entry["end_control"] = {
                seat.player: list(data[f"control_{i}"]) for i, seat in enumerate(self.game.seats)
            }
        return Entry("game_end", entry)
