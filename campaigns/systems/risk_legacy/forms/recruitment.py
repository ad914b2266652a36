"""The form of the Risk Legacy recruitment calculator: who recruits, what they hold, and the
Resource cards they trade in with the icons on them (it saves nothing)."""

from django import forms

from ....rules import risk_legacy as rules
from ....web.refusals import RefusalsBesideFields


class RecruitmentCalculatorForm(RefusalsBesideFields, forms.Form):
    """Who recruits, what they hold and the cards they trade in."""

    player = forms.ChoiceField(required=False, label="Player")
    territories = forms.MultipleChoiceField(
        required=False, choices=[(t, t) for t in rules.TERRITORIES], label="Territories held"
    )
    # A trade-in is 2 or more cards; 1 is offered so that the calculator can say so.
    cards = forms.TypedChoiceField(
        required=False, coerce=int, empty_value=0, label="Resource cards traded in",
        choices=[("0", "None")] + [(str(n), f"{n} card{'s' if n > 1 else ''}") for n in range(1, 11)],
        widget=forms.Select(attrs={"aria-describedby": "cards-help"}),
    )
    icons = forms.IntegerField(
        required=False, min_value=0, max_value=999, label="Resource icons (coins) on the cards traded in"
    )

    def __init__(self, *args, roster: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [("", "—")] + [(name, name) for name in roster]
