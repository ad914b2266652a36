from django import forms
from django.contrib.auth.forms import UserCreationForm

from .models import SYSTEM_CHOICES, Membership
from .rules.base import RuleError


class SignupForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        fields = ("username",)


class CampaignForm(forms.Form):
    name = forms.CharField(max_length=100, help_text="What your group calls this campaign.")
    system = forms.ChoiceField(choices=SYSTEM_CHOICES, label="Game", widget=forms.RadioSelect)
    players = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="One name per line, or separated by commas. You can add more later.",
    )

    def clean_players(self):
        raw = self.cleaned_data["players"].replace(",", "\n")
        names = [name.strip() for name in raw.splitlines() if name.strip()]
        seen = set()
        for name in names:
            if name.lower() in seen:
                raise forms.ValidationError(f"{name} is listed twice.")
            seen.add(name.lower())
        return names


class JournalUploadForm(forms.Form):
    journal = forms.FileField(help_text="A campaign journal (.json) exported from Legacy Ledger or a compatible tool.")

    MAX_BYTES = 2 * 1024 * 1024

    def clean_journal(self):
        upload = self.cleaned_data["journal"]
        if upload.size > self.MAX_BYTES:
            raise forms.ValidationError("That file is too large for a campaign journal (2 MB at most).")
        return upload


class PlayerForm(forms.Form):
    name = forms.CharField(max_length=40, label="Player's name")


class MemberRoleForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.Role.choices)


def add_rule_error(form: forms.Form, error: RuleError) -> None:
    """Show a rules-layer refusal beside the field it concerns (or above the form).

    A form whose fields are not named like the entry's data maps them with `field_for`.
    """
    field = form.field_for(error.field) if hasattr(form, "field_for") else error.field
    field = field if field in form.fields else None
    form.add_error(field, error.message if field else str(error))
