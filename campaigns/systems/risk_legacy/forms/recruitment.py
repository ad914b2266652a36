"""The form of the Risk Legacy recruitment calculator: who recruits, what they hold and the
Resource icons on the cards they trade in (it saves nothing)."""

from django import forms

from ....rules import risk_legacy as rules
from ....web.writes import RefusalsBesideFields


class RecruitmentCalculatorForm(RefusalsBesideFields, forms.Form):
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
