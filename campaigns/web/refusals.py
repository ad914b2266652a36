"""Where a rule's refusal shows on a form: beside the field it concerns, else above the form.

A rules-layer refusal (RuleError) names the field of its rule (`error.field`) and where in the
journal it happened (`error.place`); `RefusalsBesideFields`, mixed into a form, puts it beside
the form field that shows that rule's field (or a row's field, or above a group of fields, or
above the form), and `focus_first_error` opens the form on it. Also here: the one place a
message's first letter is capitalised (`sentence`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django import forms

from ..rules.base import RuleError

#: A refusal_fields value: above the form, of which the rule's field is the whole (no place said).
WHOLE_FORM = "__all__"


def sentence(text: str) -> str:
    """`text` as a sentence of its own: its first letter capitalised (the rules word their
    sentences to follow a place or a colon: "game 4, seat 2 (Ben): the faction ...")."""
    return text[:1].upper() + text[1:]


def refusal_text(error: RuleError, *, beside_field: bool, as_sentence: bool = False) -> str:
    """A refusal as a page shows it, in the rules' own words: beside its field the rule's
    sentence; above the form the place it names first ("game 1, seat 3 (Ana): Ana already has
    a seat in this game"), which says where when no field does. `as_sentence`: its first letter
    capitalised, for a form that shows it as a sentence of its own."""
    text = error.message if beside_field else str(error)
    return sentence(text) if as_sentence else text


def focus_first_error(form) -> None:
    """Open the refused form with focus on its first field in error, its own fields first, then
    its rows' (`formsets`): the browser (on load) and htmx (after a swap) focus the `autofocus`
    element, which scrolls it and its message into view; the field's `aria-describedby` reads
    the message out. A message for the whole form is focused by its template instead (see
    _form_fields.html)."""
    if not form.is_bound or form.non_field_errors():
        return
    for owner, name, field in _every_field(form):
        if name in owner.errors and not field.widget.is_hidden:
            field.widget.attrs["autofocus"] = True
            return


def _every_field(form):
    """(the form or row holding it, its name there, the field): the form's, then its rows'
    (its rows first when the page draws them first: `rows_first`)."""
    own = [(form, name, field) for name, field in form.fields.items()]
    rows = [
        (row, name, field)
        for formset in getattr(form, "formsets", {}).values()
        for row in formset.forms
        for name, field in row.fields.items()
    ]
    yield from (rows + own) if getattr(form, "rows_first", False) else (own + rows)


def place_number(error: RuleError, word: str) -> int | None:
    """The number the place of a refusal gives `word`: "game 3, seat 2 (Ben)" gives seat 2,
    "setup, hero 1" hero 1; None when it names none. A form maps it to a row's field
    (`RefusalsBesideFields.row_field_name`)."""
    found = re.search(rf"\b{re.escape(word)} (\d+)\b", error.place or "")
    return int(found.group(1)) if found else None


class RefusalsBesideFields:
    """Mixed into a form (`class PlayForm(RefusalsBesideFields, forms.Form)`): a rules-layer
    refusal (RuleError) shows beside the form field it concerns, else above the form.

    - `refusal_fields` maps a rule's `error.field` to the form field that shows it; to None:
      above the form, saying where (its place); to WHOLE_FORM: above the form, which the rule
      field is the whole of (a trade-in chart), so its place is left out; or to one of the
      form's `refusal_boxes`: a group of fields (a game's seats) above which the refusal shows
      with its place ("game 1, seat 3 (Ana): ..."), read back by `refused_above(box)`. A rule
      field the mapping does not name shows beside the form field of the same name, when the
      form has one, else above the form.
    - `refusal_field(error)` is the hook for what a mapping cannot say (a seat's field, found
      from the seat the error's place names: `place_number`); it returns a name the mapping
      could, or a row's field (`row_field_name`), or None.
    - `formsets`: the form's rows by prefix (web/rows.py: its seats, its heroes), set by its
      `__init__`. They are checked with the form (`is_valid`; its `clean()` reads and marks
      them after their own checks), a refusal goes beside a row's field as beside the form's,
      and `focus_first_error` looks in them after the form's own fields (before them when
      `rows_first`: the page draws them first); `every_error()` lists the messages of both.
    - `refusal_as_sentence`: True when the form shows a refusal as a sentence of its own (its
      first letter capitalised); the rules' words as they are otherwise.
    - `add_refusal(error)` shows it (`refusal_text`), `refusal` is the last refusal shown and
      `focus_first_error()` opens the form on it (write views leave both to `append_or_refuse`).
    """

    refusal_fields: Mapping[str, str | None] = {}
    refusal_boxes: tuple[str, ...] = ()
    refusal_as_sentence = False
    refusal: RuleError | None = None
    formsets: Mapping[str, Any] = {}
    rows_first = False

    def refusal_field(self, error: RuleError) -> str | None:
        """Where `error` shows: a form field, a row's field, WHOLE_FORM, a box; None: above the form."""
        name = self.refusal_fields.get(error.field, error.field) if error.field else None
        if name in self.fields or name in self.refusal_boxes or name == WHOLE_FORM:
            return name
        return name if name is not None and self._row_field(name) is not None else None

    def row_field_name(self, prefix: str, index: int, part: str) -> str | None:
        """The name of field `part` in row `index` (from 0) of the rows `prefix`
        (`seats-1-faction`), None when there is no such row or field."""
        forms = self.formsets[prefix].forms
        if 0 <= index < len(forms) and part in forms[index].fields:
            return forms[index].add_prefix(part)
        return None

    def _row_field(self, name: str):
        """(the row, its field) whose full name is `name`, or None."""
        for formset in self.formsets.values():
            for row in formset.forms:
                for field in row.fields:
                    if row.add_prefix(field) == name:
                        return row, field
        return None

    def add_refusal(self, error: RuleError) -> None:
        where = self.refusal_field(error)
        self.refusal = error
        if where in self.refusal_boxes:
            text = refusal_text(error, beside_field=False, as_sentence=self.refusal_as_sentence)
            self._refused_above().setdefault(where, []).append(text)
            return
        text = refusal_text(error, beside_field=where is not None, as_sentence=self.refusal_as_sentence)
        in_row = (
            self._row_field(where) if where not in (None, WHOLE_FORM) and where not in self.fields else None
        )
        if in_row is not None:
            row, field = in_row
            row.add_error(field, text)
            return
        self.add_error(None if where == WHOLE_FORM else where, text)

    def refused_above(self, box: str) -> list[str]:
        """The refusals shown above the group of fields `box`."""
        return self._refused_above().get(box, [])

    def _refused_above(self) -> dict[str, list[str]]:
        return vars(self).setdefault("_boxed_refusals", {})

    def focus_first_error(self) -> None:
        focus_first_error(self)

    # The form's rows, checked with it ------------------------------------------------------

    def full_clean(self):
        """The rows' own checks first, so the form's `clean()` reads what they hold (and marks
        a row's field with `row.add_error`); an error of a formset as a whole is said above
        the form. Django's own messages are said in a player's words first (`in_players_words`)."""
        in_players_words(self)
        for formset in self.formsets.values():
            for row in formset.forms:
                in_players_words(row)
            formset.errors  # noqa: B018 (checks each row once)
        super().full_clean()
        if self.is_bound:
            for formset in self.formsets.values():
                for error in formset.non_form_errors():
                    self.add_error(None, error)

    def is_valid(self) -> bool:
        valid = super().is_valid()
        return valid and all(formset.is_valid() for formset in self.formsets.values())

    def every_error(self) -> list[str]:
        """Every message of the form in the page's order: its fields', its rows', then the
        form's own (what a preview lists as still to fill in)."""
        if not self.is_bound:
            return []
        messages_ = [
            message for owner, name, _ in _every_field(self) if name in owner.errors
            for message in owner.errors[name]
        ]
        return messages_ + list(self.non_field_errors())


# Django's own messages, as a player would say them (a form's own message for a field is kept):
# said beside the field, so they need not name it.
_PLAYERS_WORDS = {
    "required": "Fill this in.",
    "max_value": "At most %(limit_value)s.",
    "min_value": "At least %(limit_value)s.",
    "max_length": "At most %(limit_value)d characters (this is %(show_value)d).",
    "min_length": "At least %(limit_value)d characters (this is %(show_value)d).",
}
_CHOSEN_REQUIRED = "Choose one."
_DATE_REQUIRED = "Give the day."
_WHOLE_NUMBER = "Write a whole number, such as 3."


def in_players_words(form) -> None:
    """Give each field of `form` the players' words for what Django would say in its own
    ("This field is required.", "Ensure this value is less than or equal to 10."), leaving a
    message the form wrote for the field as it is. Once per form."""
    if getattr(form, "_in_players_words", False):
        return
    form._in_players_words = True
    for field in form.fields.values():
        said = field.error_messages
        defaults = {}
        for klass in reversed(type(field).__mro__):
            defaults.update(getattr(klass, "default_error_messages", {}))
        for code, words in _PLAYERS_WORDS.items():
            if code == "required" and isinstance(field, (forms.ChoiceField, forms.ModelChoiceField)):
                words = _CHOSEN_REQUIRED
            elif code == "required" and isinstance(field, forms.DateField):
                words = _DATE_REQUIRED
            if said.get(code, defaults.get(code)) == defaults.get(code):  # Django's, or none yet
                said[code] = words
        if isinstance(field, forms.IntegerField) and said.get("invalid") == defaults.get("invalid"):
            said["invalid"] = _WHOLE_NUMBER
