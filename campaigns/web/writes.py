"""The one write path: how every page saves what a form says, and answers when the rules refuse it.

A write view builds its form and hands it to `append_or_refuse` (a journal entry) or
`save_or_refuse` (a write that is not an entry: a roster name, a new campaign); the form shows a
rule's refusal beside its field through `RefusalsBesideFields`. So where a refusal shows, what
takes the focus, what "another phone moved on" looks like and the success message are written
here once, for every game system, with or without JavaScript.

Every tap is recorded once: a table form carries a hidden key naming one tap (the `tap` field,
`{% tap %}` in its template; JavaScript draws a new one for each tap). `_append` hands it to the
store, which keeps it with the entries and the write's answer (its redirect and messages) in the
same transaction; the same key sent again by the same account in the same campaign (a
resubmitted form, a retry after a lost answer, the phone's offline queue) gets that answer
(`Answer`) and appends nothing, also while the first is still in flight on another worker.
Before a view looks at the campaign, `replayed(request, slug)` (campaigns.middleware) answers a
tap already recorded, so a step the first tap closed does not answer "moved on" to its retry.

Also here: how a POST-only URL answers a browser that lands on it (`page_url_on_get`), and the
one place a message's first letter is capitalised (`sentence`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.contrib import messages
from django.http import HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect

from .. import states, store
from ..models import Tap
from ..rules.base import Entry, RuleError, Timeline

MOVED_ON = "The campaign has moved on since your page was loaded; here it is now."
#: A refusal_fields value: above the form, of which the rule's field is the whole (no place said).
WHOLE_FORM = "__all__"
#: The hidden field naming one tap, and what a key may be (a uuid; anything else is no key).
TAP_FIELD = "tap"
TAP_KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")


def tap_key(request) -> str | None:
    """The key of the tap this POST sends (read once per request), or None: no key, a key
    that is not one, or no account to keep it for."""
    if not hasattr(request, "_tap_key"):
        key = request.POST.get(TAP_FIELD, "") if request.method == "POST" else ""
        signed_in = getattr(request, "user", None) is not None and request.user.is_authenticated
        request._tap_key = key if signed_in and TAP_KEY.fullmatch(key) else None
    return request._tap_key


@dataclass(frozen=True)
class Answer:
    """What a write answers: the messages it says (level, text) and the page it sends the
    phone to. Kept with the tap (`as_json`), so the same tap sent again is answered alike."""

    to: str
    said: tuple[tuple[int, str], ...] = ()

    def as_json(self) -> dict:
        return {"to": self.to, "said": [list(message) for message in self.said]}

    @classmethod
    def from_json(cls, data: dict) -> Answer:
        return cls(data["to"], tuple((level, text) for level, text in data.get("said", ())))

    def give(self, request) -> HttpResponse:
        for level, text in self.said:
            messages.add_message(request, level, text)
        return redirect(self.to)


def replayed(request, slug: str) -> HttpResponse | None:
    """The first answer to this POST's tap, when the same account already recorded it in the
    campaign at `slug` (and still belongs to it), else None: the view goes on."""
    key = tap_key(request)
    if key is None:
        return None
    kept = (
        Tap.objects.filter(campaign__slug=slug, user=request.user, key=key, campaign__memberships__user=request.user)
        .values_list("answer", flat=True)
        .first()
    )
    return Answer.from_json(kept).give(request) if kept is not None else None


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
        in_row = self._row_field(where) if where not in (None, WHOLE_FORM) and where not in self.fields else None
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
        the form."""
        for formset in self.formsets.values():
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


@dataclass(frozen=True)
class Saved:
    """What a journal write saved: its entries, and the journal folded after them."""

    entries: list[Entry]
    timeline: Timeline

    @property
    def state(self):
        """The campaign's state right after the write."""
        return self.timeline.current


def append_or_refuse(
    request,
    campaign,
    form: RefusalsBesideFields,
    *,
    page: Callable[[], HttpResponse],
    redirect_to: str | Callable[[Saved], str],
    entries: Callable[[], list[Entry]] | None = None,
    success: str | Callable[[Saved], str] | None = None,
    reminders: Callable[[Saved], Sequence[str]] | None = None,
    moved_on: Callable[[Any], str | None] | None = None,
    moved_on_page: Callable[[Any, str], HttpResponse] | None = None,
    guard: Callable[[Any], None] | None = None,
    new_players: Callable[[], Sequence[str]] | None = None,
) -> HttpResponse:
    """Save what `form` says as journal entries of `campaign`, or answer why not. Every view
    that writes to a journal calls this, and may rely on it to:

    1. check the form: invalid, the page again (`page()`, status 200, the form bound) opened on
       its first field in error; nothing saved;
    2. build the entries (`entries()`, by default `[form.entry()]`) and append them through
       the store, which locks the campaign and asks the rules (`guard(state)`, when given, runs
       first under that lock against the state as it is then: an "as seen" check that raises
       RuleError when another phone changed what the form was loaded from; `new_players()`,
       when given, names typed in the form that join the roster in the same write);
    3. on a refusal (RuleError), nothing saved:
       - `campaign` is refreshed (its journal version), so a page reads the state as it is now;
       - ask `moved_on(state now)` whether another phone moved the campaign past this form's
         step (a sentence saying how, or None). If it did, answer with the step as it is now:
         `moved_on_page(state now, sentence)`, by default the sentence as a message and a
         redirect to `redirect_to`'s page (its #anchor left out: the form may be gone);
       - otherwise put the rule's sentence beside its field (the form's `refusal_fields`), or
         above the form, focus it and show `page()` again (status 200);
    4. on success, add the `success` message ("Recorded: <the entry>." by default; a string,
       or made from the `Saved` entries and state) and each of `reminders(saved)`, then
       redirect to `redirect_to` (post/redirect/get; a URL, with any #anchor, or made from the
       `Saved`).

    A POST carrying a tap key (`tap_key`) already recorded answers as it did the first time
    and saves nothing (`_append`, the store, under the campaign's lock).
    """
    if success is None:
        success = recorded(campaign)

    def answer_to(saved: Saved) -> Answer:
        return _answer(saved, success=success, reminders=reminders, redirect_to=redirect_to)

    def save() -> Answer:
        built = entries() if entries is not None else [form.entry()]
        given = []

        def answer(timeline: Timeline) -> dict:
            given.append(answer_to(Saved(built, timeline)))
            return given[0].as_json()

        timeline = _append(request, campaign, built, guard, answer, new_players() if new_players else ())
        return given[0] if given else answer_to(Saved(built, timeline))

    def step_moved_on():
        now = refreshed_state(campaign)  # the page shows the campaign as the refusal found it
        why = moved_on(now) if moved_on is not None else None
        if why is None:
            return None
        if moved_on_page is not None:
            return moved_on_page(now, why)
        page_now = redirect_to.partition("#")[0] if isinstance(redirect_to, str) else request.path
        return moved_on_redirect(request, why, page_now)

    return _save_or_refuse(request, form, save=save, page=page, moved_on=step_moved_on)


def save_or_refuse(
    request,
    form: RefusalsBesideFields,
    *,
    save: Callable[[], Any],
    page: Callable[[], HttpResponse],
    redirect_to: str | Callable[[Any], str],
    success: str | Callable[[Any], str],
) -> HttpResponse:
    """`append_or_refuse` for a write that is not a journal entry (`save()`, through the store:
    a roster name, a new campaign): the same checks, refusal, focus, message and redirect, with
    `success` and `redirect_to` made from what `save()` returned."""

    def saved() -> Answer:
        return _answer(save(), success=success, reminders=None, redirect_to=redirect_to)

    return _save_or_refuse(request, form, save=saved, page=page)


def _answer(saved, *, success, reminders, redirect_to) -> Answer:
    """What a write that saved answers: its success message, then each reminder, and its page."""
    said = [(messages.SUCCESS, success(saved) if callable(success) else success)]
    said += [(messages.INFO, reminder) for reminder in (reminders(saved) if reminders is not None else ())]
    return Answer(redirect_to(saved) if callable(redirect_to) else redirect_to, tuple(said))


def _save_or_refuse(request, form, *, save: Callable[[], Answer], page, moved_on=None):
    if not form.is_valid():
        form.focus_first_error()
        return page()
    try:
        answer = save()
    except store.AlreadyTapped as first:
        return Answer.from_json(first.answer).give(request)
    except RuleError as error:
        answer = moved_on() if moved_on is not None else None
        if answer is not None:
            return answer
        form.add_refusal(error)
        form.focus_first_error()
        return page()
    return answer.give(request)


def _append(request, campaign, entries: list[Entry], guard, answer, new_players=()) -> Timeline:
    """Where every web write reaches the journal, with the key of the tap that sent it (the
    store raises AlreadyTapped when that tap was recorded before) and any names typed in the
    form that join the roster in the same write."""
    key = tap_key(request)
    options = {"guard": guard} if guard is not None else {}
    if key is not None:
        options |= {"tap": key, "answer": answer}
    if new_players:
        options |= {"new_players": tuple(new_players)}
    return store.append(campaign, entries, request.user, **options)


def recorded(campaign) -> Callable[[Saved], str]:
    """The default success message: "Recorded: <what the entries say>."."""

    def message(saved: Saved) -> str:
        described = "; ".join(store.describe(campaign, entry.kind, entry.data) for entry in saved.entries)
        return f"Recorded: {described}."

    return message


def refreshed_state(campaign):
    """The campaign's state now, after another write (ours or another phone's) moved it on."""
    campaign.refresh_from_db(fields=["journal_version", "games_played"])
    return states.state(campaign)


def moved_on_redirect(request, why: str, to: str):
    """Another phone changed the campaign first: say so (`why`, a sentence) and show the page
    `to` (a URL) as it stands now. Unless it was this very tap, recorded meanwhile by its
    first sending (still in flight when the view looked): then, that first answer."""
    match = getattr(request, "resolver_match", None)
    first = replayed(request, match.kwargs["slug"]) if match and "slug" in match.kwargs else None
    if first is not None:
        return first
    messages.error(request, f"{why} {MOVED_ON}")
    return redirect(to)


def page_url_on_get(page):
    """A POST-only URL that a browser can still reach with GET (reloading after a refusal,
    logging in again with next=, an old bookmark) sends it to its page, not to a bare 405."""

    def decorator(view):
        @wraps(view)
        def answer(request, slug, *args, **kwargs):
            if request.method in ("GET", "HEAD"):
                return redirect(page, slug=slug)
            if request.method != "POST":
                return HttpResponseNotAllowed(["GET", "POST"])
            return view(request, slug, *args, **kwargs)

        return answer

    return decorator
