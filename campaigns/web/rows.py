"""Rows of a form: a game's seats, a setup's heroes, as Django formsets.

A form that asks the same few fields once per seat (or hero) holds a formset of one small form
per row (`rows(SeatForm, count, prefix="seats", ...)`): its fields are named by Django's formset
scheme with a readable prefix (`seats-0-player`: the first seat's player) and sent with the
formset's management form. The form hands its formsets to `RefusalsBesideFields.formsets`
(web/writes.py), which checks them with the form, puts a rule's refusal beside a row's field and
focuses it.

A form's rows are a fixed number (the seats the rules allow, one per roster player): as many
rows are shown and read whatever a post's management form says, and the management form always
says that number, so a page drawn again from any post sends the same rows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.forms.formsets import (
    INITIAL_FORM_COUNT,
    MAX_NUM_FORM_COUNT,
    MIN_NUM_FORM_COUNT,
    TOTAL_FORM_COUNT,
    BaseFormSet,
    ManagementForm,
    formset_factory,
)
from django.utils.functional import cached_property


class FixedRows(BaseFormSet):
    """A formset of `min_num` rows, no more, no fewer; `row_kwargs[i]`: row i's own arguments
    to its form (its label, its player), beside `form_kwargs` given to every row."""

    def __init__(self, *args, row_kwargs: Sequence[Mapping[str, Any]] = (), **kwargs):
        self.row_kwargs = list(row_kwargs)
        super().__init__(*args, **kwargs)

    def total_form_count(self) -> int:
        return self.min_num

    @cached_property
    def management_form(self):
        """The fixed count, as data: valid whether a post sent it or not."""
        counts = {
            TOTAL_FORM_COUNT: self.min_num,
            INITIAL_FORM_COUNT: 0 if self.is_bound else min(len(self.initial or ()), self.min_num),
            MIN_NUM_FORM_COUNT: self.min_num,
            MAX_NUM_FORM_COUNT: self.min_num,
        }
        form = ManagementForm(
            {f"{self.prefix}-{name}": value for name, value in counts.items()},
            auto_id=self.auto_id, prefix=self.prefix, renderer=self.renderer,
        )
        form.full_clean()
        return form

    def get_form_kwargs(self, index):
        kwargs = super().get_form_kwargs(index)
        if index is not None and index < len(self.row_kwargs):
            kwargs = {**kwargs, **self.row_kwargs[index]}
        return kwargs


def rows(
    form: type[forms.Form],
    count: int,
    *,
    prefix: str,
    data=None,
    initial: Sequence[Mapping[str, Any]] | None = None,
    form_kwargs: Mapping[str, Any] | None = None,
    row_kwargs: Sequence[Mapping[str, Any]] = (),
) -> FixedRows:
    """`count` rows of `form` named `<prefix>-<row>-<field>`, bound to `data` when given (a
    form's rows take its data: `data=self.data if self.is_bound else None`), with each row's
    `initial` values (a correction prefilled, the last game's seats offered)."""
    formset = formset_factory(
        form, formset=FixedRows, extra=0, min_num=count, max_num=count, absolute_max=count
    )
    return formset(
        data, prefix=prefix, initial=list(initial) if initial else None,
        form_kwargs=dict(form_kwargs or {}), row_kwargs=row_kwargs,
    )


def sent(data, prefix: str) -> bool:
    """Whether `data` (a POST or a query) holds any field of the rows `prefix`."""
    return any(key.startswith(f"{prefix}-") for key in data)


def as_sent(form) -> dict[str, Any]:
    """What a browser sends for `form` (unbound) as drawn from its initial values: its fields,
    its rows' (`formsets`) and their management forms. A form bound to it is checked as drawn
    (a correction scored as soon as it opens)."""
    data: dict[str, Any] = {}
    formsets = getattr(form, "formsets", {}).values()
    for owner in [form, *(row for formset in formsets for row in formset.forms)]:
        for field in owner:
            value = field.value()
            if value is not None and value is not False:  # an empty field or unticked box is not sent
                data[field.html_name] = value
    for formset in formsets:
        data |= {field.html_name: field.value() for field in formset.management_form}
    return data
