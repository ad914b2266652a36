"""The one write path: how every page saves what a form says, and answers when the rules refuse it.

A write view builds its form and hands it to `append_or_refuse` (a journal entry) or
`save_or_refuse` (a write that is not an entry: a roster name, a new campaign); the form shows a
rule's refusal beside its field through `RefusalsBesideFields`. So where a refusal shows, what
takes the focus, what "another phone moved on" looks like and the success message are written
here once, for every game system, with or without JavaScript.

Also here: how a POST-only URL answers a browser that lands on it (`page_url_on_get`), and the
one place a message's first letter is capitalised (`sentence`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.contrib import messages
from django.http import HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect

from .. import states, store
from ..rules.base import Entry, RuleError, Timeline

MOVED_ON = "The campaign has moved on since your page was loaded; here it is now."
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
    """Open the refused form with focus on its first field in error: the browser (on load) and
    htmx (after a swap) focus the `autofocus` element, which scrolls it and its message into
    view; the field's `aria-describedby` reads the message out. A message for the whole form
    is focused by its template instead (see _form_fields.html)."""
    if not form.is_bound or not form.errors or form.non_field_errors():
        return
    for name, field in form.fields.items():
        if name in form.errors and not field.widget.is_hidden:
            field.widget.attrs["autofocus"] = True
            return


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
      from the seat the error's place names); it returns a name the mapping could, or None.
    - `refusal_as_sentence`: True when the form shows a refusal as a sentence of its own (its
      first letter capitalised); the rules' words as they are otherwise.
    - `add_refusal(error)` shows it (`refusal_text`), `refusal` is the last refusal shown and
      `focus_first_error()` opens the form on it (write views leave both to `append_or_refuse`).
    """

    refusal_fields: Mapping[str, str | None] = {}
    refusal_boxes: tuple[str, ...] = ()
    refusal_as_sentence = False
    refusal: RuleError | None = None

    def refusal_field(self, error: RuleError) -> str | None:
        """Where `error` shows: a form field, WHOLE_FORM, a box; None: above the form."""
        name = self.refusal_fields.get(error.field, error.field) if error.field else None
        return name if name in self.fields or name in self.refusal_boxes or name == WHOLE_FORM else None

    def add_refusal(self, error: RuleError) -> None:
        where = self.refusal_field(error)
        self.refusal = error
        if where in self.refusal_boxes:
            text = refusal_text(error, beside_field=False, as_sentence=self.refusal_as_sentence)
            self._refused_above().setdefault(where, []).append(text)
            return
        text = refusal_text(error, beside_field=where is not None, as_sentence=self.refusal_as_sentence)
        self.add_error(None if where == WHOLE_FORM else where, text)

    def refused_above(self, box: str) -> list[str]:
        """The refusals shown above the group of fields `box`."""
        return self._refused_above().get(box, [])

    def _refused_above(self) -> dict[str, list[str]]:
        return vars(self).setdefault("_boxed_refusals", {})

    def focus_first_error(self) -> None:
        focus_first_error(self)


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

    A later "one key per tap" (a replayed POST answers with its first result) belongs in
    `_append` and the store alone: every write reaches the journal there.
    """

    def save() -> Saved:
        built = entries() if entries is not None else [form.entry()]
        return Saved(built, _append(request, campaign, built, guard, new_players() if new_players else ()))

    def step_moved_on():
        now = refreshed_state(campaign)  # the page shows the campaign as the refusal found it
        why = moved_on(now) if moved_on is not None else None
        if why is None:
            return None
        if moved_on_page is not None:
            return moved_on_page(now, why)
        page_now = redirect_to.partition("#")[0] if isinstance(redirect_to, str) else request.path
        return moved_on_redirect(request, why, page_now)

    if success is None:
        success = recorded(campaign)
    return _save_or_refuse(
        request, form, save=save, page=page, redirect_to=redirect_to, success=success,
        reminders=reminders, moved_on=step_moved_on,
    )


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
    return _save_or_refuse(request, form, save=save, page=page, redirect_to=redirect_to, success=success)


def _save_or_refuse(request, form, *, save, page, redirect_to, success, reminders=None, moved_on=None):
    if not form.is_valid():
        form.focus_first_error()
        return page()
    try:
        saved = save()
    except RuleError as error:
        answer = moved_on() if moved_on is not None else None
        if answer is not None:
            return answer
        form.add_refusal(error)
        form.focus_first_error()
        return page()
    messages.success(request, success(saved) if callable(success) else success)
    for reminder in reminders(saved) if reminders is not None else ():
        messages.info(request, reminder)
    return redirect(redirect_to(saved) if callable(redirect_to) else redirect_to)


def _append(request, campaign, entries: list[Entry], guard, new_players=()) -> Timeline:
    """Where every web write reaches the journal."""
    extra = {"new_players": tuple(new_players)} if new_players else {}
    if guard is None:
        return store.append(campaign, entries, request.user, **extra)
    return store.append(campaign, entries, request.user, guard=guard, **extra)


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
    `to` (a URL) as it stands now."""
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
