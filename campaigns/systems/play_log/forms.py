"""The play-log kind's own forms: what every log's play form is (`PlayLogForm`), the
confirmation that deletes a play, the tap that restores one, and BG Stats plays brought in (the
upload, then the players mapped). Logging and correcting a play are each log's own forms (its
numbers, its seats)."""

import datetime

from django import forms
from django.utils.formats import date_format

from ...rules import limits, play_log
from ...rules.base import Entry
from ...rules.play_log import bg_stats
from ...web import kept
from ...web.refusals import RefusalsBesideFields
from ...web.rows import as_sent
from ...web.writes import JournalForm


class PlayLogForm(JournalForm):
    """A log's form of one whole play, a new one or a correction: each log says what its play
    is (`play()`, as the journal writes it); the view says which play a correction replaces
    (`corrects`, with the play as it was `written`, for a log that keeps its order)."""

    corrects: int | None = None
    written: dict | None = None

    def play(self) -> dict:
        raise NotImplementedError

    def entries(self) -> list[Entry]:
        play = self.play()
        return [play_log.correction_entry(self.corrects, play) if self.corrects else Entry("game", play)]


def blank_form_shows(access, form, roster, errors=(), *also, correcting=None) -> str | None:
    """What a log's blank log-a-play form shows but its number and the journal version, which
    are filled in for each view (it is kept across versions: a play logged changes nothing else
    of it): its values as a browser sends them, the roster its seats choose from, the campaign's
    name and whether it is archived, the page's own refusals and `also` (what else the system's
    form shows). A correction's form (`correcting`: the play's number) is kept per version: its
    play, scored as it stands. None for a bound form, which is never kept."""
    if form.is_bound:
        return None
    campaign = access.campaign
    values = sorted((name, value) for name, value in as_sent(form).items() if name != "number")
    per_version = (correcting, campaign.journal_version) if correcting else None
    shown = (campaign.name, access.is_archived, list(errors), per_version)
    return kept.shows(values, list(roster), *shown, *also)


class DeletePlayForm(JournalForm, forms.Form):
    """The confirmation that deletes play `number`: no field, one button."""

    def __init__(self, number: int, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.number = number

    def entry(self):
        return play_log.deletion_entry(self.number)


class RestorePlayForm(DeletePlayForm):
    """The tap that restores deleted play `number`: no field, one button."""

    def entry(self):
        return play_log.restoration_entry(self.number)


class BgStatsUploadForm(RefusalsBesideFields, forms.Form):
    """A BG Stats export uploaded into a log: its size is checked before it is read (the limit
    of a journal upload)."""

    file = forms.FileField(
        label="BG Stats export",
        help_text="The .json file BG Stats writes (Settings → Backup / Export): every game's plays; "
        "the plays of this game are picked out.",
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > limits.JOURNAL_MAX_BYTES:
            raise forms.ValidationError(
                f"That file is {upload.size / (1024 * 1024):.1f} MB: a file brought in is "
                f"{limits.JOURNAL_MAX_BYTES // (1024 * 1024)} MB at most."
            )
        return upload


ADD = "+"  # a BG Stats player added to the roster under their BG Stats name


class BgStatsPlaysForm(RefusalsBesideFields, forms.Form):
    """Which roster player each BG Stats player is (a match suggested, the rest added), and
    what a play needs that BG Stats did not say (its questions). `plays` come signed from the
    upload step, so the page needs no storage between its two steps."""

    plays = forms.CharField(widget=forms.HiddenInput)

    def __init__(self, bg_plays, roster, questions, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.bg_plays = bg_plays
        self.bg_names = bg_stats.bg_players(bg_plays)
        self.player_fields = []
        for index, name in enumerate(self.bg_names):
            key = f"player_{index}"
            suggested = bg_stats.suggested_roster_name(name, roster)
            self.fields[key] = forms.ChoiceField(
                label=name,
                choices=[(ADD, f"Add “{name}” to the roster"), *((player, player) for player in roster)],
                initial=suggested or ADD,
                help_text="Suggested: the roster name alike." if suggested else "Not on the roster yet.",
            )
            self.player_fields.append(key)
        self.question_fields: dict[int, list[str]] = {}
        for index, play in enumerate(bg_plays):
            for question in questions(play):
                key = f"play_{index}_{question.name}"
                self.fields[key] = forms.ChoiceField(
                    label=(
                        f"{question.label} of the play of "
                        f"{date_format(datetime.date.fromisoformat(play.played_on))}"
                    ),
                    choices=[("", "Choose…"), *question.choices],
                    initial=question.initial,
                    required=False,  # asked of a new play only: the page checks it then
                )
                self.question_fields.setdefault(index, []).append(key)

    def mapping(self, data=None) -> dict[str, str]:
        """Each BG Stats player's roster name (an added one keeps their BG Stats name)."""
        data = data if data is not None else self.cleaned_data
        chosen = {}
        for key, name in zip(self.player_fields, self.bg_names, strict=True):
            value = data.get(key) or ADD
            chosen[name] = name if value == ADD else value
        return chosen

    def initial_mapping(self) -> dict[str, str]:
        return self.mapping({key: self.fields[key].initial for key in self.player_fields})

    def added(self) -> list[str]:
        return [
            name for key, name in zip(self.player_fields, self.bg_names) if self.cleaned_data.get(key) == ADD
        ]

    def answers(self, index: int) -> dict[str, str]:
        prefix = f"play_{index}_"
        return {key[len(prefix):]: self.cleaned_data.get(key) for key in self.question_fields.get(index, [])}

    def clean(self):
        cleaned = super().clean()
        taken: dict[str, str] = {}
        for key, name in zip(self.player_fields, self.bg_names, strict=True):
            roster_name = name if cleaned.get(key) in (None, ADD) else cleaned[key]
            folded = roster_name.casefold()
            if folded in taken:
                self.add_error(
                    key,
                    f"{taken[folded]} is {roster_name} already: each roster player is one BG Stats player.",
                )
            taken[folded] = name
        return cleaned
