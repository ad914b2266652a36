from django import forms
from django.contrib.auth import forms as auth_forms
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.forms.renderers import TemplatesSetting
from django.utils.functional import SimpleLazyObject

from . import registry
from .models import Membership, time_zones, zone_name
from .rules import limits
from .rules.base import HOUSE_RULE, Entry, RuleError
from .web import widget_html
from .web.refusals import RefusalsBesideFields, focus_first_error, in_players_words
from .web.writes import JournalForm


class LedgerFormRenderer(TemplatesSetting):
    """Forms drawn with the project's templates: `field.as_field_group` draws a field in its box
    (templates/forms/field.html), so no page writes the box again."""

    field_template_name = "forms/field.html"

    def render(self, template_name, context, request=None):
        # Every field draws its errors, nearly always none: Django's error templates draw
        # nothing of an empty list, so none is rendered (a form page has a dozen or more).
        if template_name.startswith(ERROR_TEMPLATES) and not context.get("errors"):
            return ""
        # Django's widget templates, drawn in Python to the byte (campaigns/web/widget_html.py).
        html = widget_html.drawn(template_name, context)
        if html is not None:
            return html
        return super().render(template_name, context, request)


# Django's templates of a form's, a field's or a formset's errors (ErrorList, ErrorDict).
ERROR_TEMPLATES = "django/forms/errors/"


def lazy_form(form_class, *args, **kwargs):
    """A blank form built only if the page renders it: a kept page ({% kept %}) renders its
    forms once per journal version, not once per view."""
    return SimpleLazyObject(lambda: form_class(*args, **kwargs))


def within_limits(check):
    """A form validator from a rules-layer check (campaigns/rules/limits.py), for a text a
    field's max_length cannot see (one name among several in a textarea)."""

    def validate(value):
        try:
            check(value)
        except RuleError as error:
            raise forms.ValidationError(error.message) from None

    return validate


class JournalEventForm(JournalForm, forms.Form):
    """Base for a form that logs one event of the game in progress: its fields are named like
    the event's data (so a rule's refusal shows beside the field it names) and prefixed with
    its type, so several event forms share one page."""

    event_type = ""
    title = ""

    def __init__(self, state, *args, **kwargs):
        kwargs.setdefault("prefix", self.event_type)
        super().__init__(*args, **kwargs)
        self.state = state

    def event_data(self) -> dict:
        return dict(self.cleaned_data)

    def entry(self) -> Entry:
        return Entry("event", {"type": self.event_type, **self.event_data()})


EMAIL_HELP = "Where a link to set a new password goes, if you ever forget yours. Nobody else sees it."


class SignupForm(UserCreationForm):
    """A new account, with the e-mail address a forgotten password is reset through. Refused, it
    opens on its first field in error (the password that did not match, not the username
    Django focuses on a blank form), in a player's words."""

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["email"].required = True
        self.fields["email"].label = "E-mail address"
        self.fields["email"].help_text = EMAIL_HELP
        if self.is_bound:
            self.fields["username"].widget.attrs.pop("autofocus", None)
        in_players_words(self)

    def full_clean(self):
        super().full_clean()
        focus_first_error(self)


class AsksThePassword:
    """A form that the account's own password confirms (`password`, checked against `user`)."""

    def clean_password(self):
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError("That is not your password.")
        return password


class EmailForm(AsksThePassword, forms.Form):
    """The account's e-mail address, changed with the account's password (so that a phone left
    signed in cannot send the account's password resets elsewhere); blank: none."""

    email = forms.EmailField(label="E-mail address", required=False, help_text=EMAIL_HELP)
    password = forms.CharField(
        label="Your password", widget=forms.PasswordInput(attrs={"autocomplete": "current-password"})
    )

    def __init__(self, user, *args, **kwargs):
        self.user = user
        super().__init__(*args, **kwargs)
        if not self.is_bound:
            self.fields["email"].initial = user.email
        in_players_words(self)


    def full_clean(self):
        super().full_clean()
        focus_first_error(self)


class PasswordResetForm(auth_forms.PasswordResetForm):
    """"Forgot your password?": the address a reset link goes to, in a player's words."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["email"].label = "Your account's e-mail address"
        in_players_words(self)


class SetPasswordForm(auth_forms.SetPasswordForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        in_players_words(self)

    def full_clean(self):
        super().full_clean()
        focus_first_error(self)


class LoginForm(AuthenticationForm):
    """The login form, refusing a username no account can have before it is checked: the
    login throttle records every failed username, and its column holds 255 characters."""

    def clean_username(self):
        username = self.cleaned_data["username"]
        if len(username) > self.fields["username"].max_length:
            raise self.get_invalid_login_error()
        return username


class TableZoneField(forms.CharField):
    """The table's time zone, filled in by the browser (static/js/app.js: its own zone); a
    name no zone has, or none (no JavaScript), is the site's (UTC), changed later on the
    campaign's page of care."""

    widget = forms.HiddenInput(attrs={"data-browser-zone": ""})

    def __init__(self, **kwargs):
        super().__init__(required=False, max_length=limits.TIME_ZONE_MAX_CHARS, **kwargs)

    def clean(self, value):
        return zone_name(super().clean(value)) or "UTC"


class CampaignForm(RefusalsBesideFields, forms.Form):
    # Django's max_length and its NUL check are the limits' own checks here (a form cannot
    # send a lone surrogate: the request body is decoded first).
    name = forms.CharField(
        max_length=limits.CAMPAIGN_NAME_MAX_CHARS, help_text="What your group calls this campaign."
    )
    system = forms.ChoiceField(choices=registry.choices, label="Game", widget=forms.RadioSelect)
    players = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="One name per line, or separated by commas. You can add more later.",
    )
    time_zone = TableZoneField()

    def clean_players(self):
        raw = self.cleaned_data["players"].replace(",", "\n")
        names = [name.strip() for name in raw.splitlines() if name.strip()]
        seen = set()
        for name in names:
            within_limits(limits.check_player_name)(name)
            if name.lower() in seen:
                raise forms.ValidationError(f"{name} is listed twice.")
            seen.add(name.lower())
        return names


class JournalUploadForm(RefusalsBesideFields, forms.Form):
    journal = forms.FileField(
        help_text="A campaign journal (.json) exported from Legacy Ledger or a compatible tool."
    )
    time_zone = TableZoneField()

    def clean_journal(self):
        upload = self.cleaned_data["journal"]
        if upload.size > limits.JOURNAL_MAX_BYTES:
            raise forms.ValidationError(too_large_message(upload.size))
        return upload


def too_large_message(size: int) -> str:
    return (
        f"That file is {size / (1024 * 1024):.1f} MB: a campaign journal is "
        f"{limits.JOURNAL_MAX_BYTES // (1024 * 1024)} MB at most."
    )


class PlayerForm(RefusalsBesideFields, forms.Form):
    name = forms.CharField(max_length=limits.PLAYER_NAME_MAX_CHARS, label="Player's name")


class UndoForm(RefusalsBesideFields, forms.Form):
    """The confirmation that takes back the entry it names: the one the page showed."""

    entry = forms.IntegerField(min_value=1)


class MemberRoleForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.Role.choices)


class HouseRuleForm(JournalForm, forms.Form):
    """A house rule (docs/playing.md, "Rulings and house rules"): one rule a ruling may set aside,
    from a game on (and until one, if the group says), with the group's reason. The games it may
    start from: the one being played (or the last one, if it is over) and the next."""

    rule = forms.ChoiceField(label="The rule the table plays otherwise")
    from_game = forms.TypedChoiceField(label="From", coerce=int)
    until_game = forms.IntegerField(
        label="Until game (optional)", required=False, min_value=0, max_value=limits.NUMBER_MAX,
        help_text="Leave empty for the rest of the campaign.",
    )
    why = forms.CharField(
        label="Why the table plays it so",
        max_length=limits.REASON_MAX_CHARS,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="The group's reason, 200 characters at most: the packet or card, or what you agreed.",
    )

    def __init__(self, *args, rules, first_game: int, **kwargs):
        super().__init__(*args, **kwargs)
        by_heading: dict[str, list[tuple[str, str]]] = {}
        for rule in rules:
            if rule.rulable:
                by_heading.setdefault(rule.rulebook, []).append((rule.id, rule.words))
        self.fields["rule"].choices = [("", "Choose…"), *by_heading.items()]
        games = [first_game, first_game + 1]
        self.fields["from_game"].choices = [
            (number, "The setup on" if number == 0 else f"Game {number} on") for number in games
        ]
        self.fields["from_game"].initial = first_game

    def clean(self):
        cleaned = super().clean()
        start, until = cleaned.get("from_game"), cleaned.get("until_game")
        if start is not None and until is not None and until < start:
            self.add_error("until_game", f"The last game it covers comes on or after game {start}.")
        return cleaned

    def entry(self) -> Entry:
        data = self.cleaned_data
        house = {"rule": data["rule"], "why": data["why"], "from_game": data["from_game"]}
        if data.get("until_game") is not None:
            house["until_game"] = data["until_game"]
        return Entry(HOUSE_RULE, house)


# Looking after a campaign (campaigns/care.py, views/care.py) ------------------------------


class RenameForm(RefusalsBesideFields, forms.Form):
    name = forms.CharField(
        label="Its name", max_length=limits.CAMPAIGN_NAME_MAX_CHARS,
        help_text="What your group calls it; its address stays the same.",
    )


class HandOverForm(RefusalsBesideFields, forms.Form):
    """Who owns the campaign next: one of its other members or viewers."""

    member = forms.TypedChoiceField(
        label="The new owner", coerce=int, empty_value=None,
        error_messages={"invalid_choice": "Only someone who belongs to this campaign can own it."},
    )

    def __init__(self, campaign, *args, **kwargs):
        super().__init__(*args, **kwargs)
        others = campaign.memberships.exclude(role=Membership.Role.OWNER).select_related("user")
        self.fields["member"].choices = [("", "Choose…")] + [
            (membership.pk, f"{membership.user.get_username()} ({membership.get_role_display().lower()})")
            for membership in others
        ]


class ConfirmForm(RefusalsBesideFields, forms.Form):
    """A button that says yes (leaving a campaign): nothing to fill in, a refusal to show."""


class DeleteCampaignForm(RefusalsBesideFields, forms.Form):
    confirm_name = forms.CharField(
        label="Type its name to delete it", max_length=limits.CAMPAIGN_NAME_MAX_CHARS, required=False,
    )


class DeleteAccountForm(AsksThePassword, RefusalsBesideFields, forms.Form):
    """Delete my account: the password, and for each campaign the account owns who owns it next
    (a member of it) or that it goes with the account."""

    password = forms.CharField(
        label="Your password", widget=forms.PasswordInput(attrs={"autocomplete": "current-password"})
    )

    def __init__(self, user, campaigns, *args, **kwargs):
        from .account import DELETE_IT

        self.user = user
        super().__init__(*args, **kwargs)
        for campaign in campaigns:
            others = [m for m in campaign.memberships.select_related("user") if m.user_id != user.pk]
            self.fields[f"campaign_{campaign.pk}"] = forms.ChoiceField(
                label=f"{campaign.name}: who owns it after you",
                choices=[("", "Choose…")]
                + [(str(m.pk), f"{m.user.get_username()} ({m.get_role_display().lower()})") for m in others]
                + [(DELETE_IT, "Nobody: delete it with my account")],
            )
        in_players_words(self)


    def next_owners(self) -> dict[int, str]:
        return {int(name.removeprefix("campaign_")): value for name, value in self.cleaned_data.items()
                if name.startswith("campaign_")}


class TimeZoneForm(RefusalsBesideFields, forms.Form):
    time_zone = forms.ChoiceField(
        label="The table's time zone",
        help_text="The day a form offers and the times the pages and exports show are the table's.",
        error_messages={"invalid_choice": "Choose the table's time zone from the list."},
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = [(zone, zone.replace("_", " ")) for zone in time_zones()]
