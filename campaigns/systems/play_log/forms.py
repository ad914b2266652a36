"""The play-log kind's own forms: the confirmation that deletes a play, the tap that restores one. Logging and correcting a
play are each log's own forms (its numbers, its seats)."""

from django import forms

from ...rules import play_log
from ...web.writes import RefusalsBesideFields


class DeletePlayForm(RefusalsBesideFields, forms.Form):
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
