"""The one write path: how every page saves what a form says, and answers when it cannot.

    append_or_refuse(request, campaign, form, page=..., done=Done(...), step=Step(...))

- `form`, a `JournalForm`, is what is written: its `entries()`, checked by the rules under the
  campaign's lock (with its `as_seen(state)` guard and any `new_players()` it names);
- `page()` is where a refusal shows: the page again, the form bound, the rule's sentence beside
  its field (refusals.py), the focus on it, nothing saved (status 200);
- `done` is where to go and what to say once saved (post/redirect/get);
- `step`, when the form writes at a step of play another phone may close first (start game 5,
  Ben's reward), says once why it is over; asked before the form is checked and again under
  the lock, it answers with the step as it is now instead of a stale form.

Every write is one tap (taps.py): a tap key already recorded answers as it did and saves
nothing. `save_or_refuse` is the same path for a write that is not a journal entry (a roster
name, a new campaign) and `undo_or_refuse` for taking back the last entry.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.contrib import messages
from django.http import HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect

from .. import states, store
from ..rules.base import Entry, RuleError, Timeline, check_reason
from . import outcome, rulings
from .refusals import RefusalsBesideFields, sentence
from .taps import Answer, replayed, tap_key

MOVED_ON = "The campaign has moved on since your page was loaded; here it is now."


class JournalForm(RefusalsBesideFields):
    """A form that writes journal entries through `append_or_refuse`: what it writes, said once.

    Refused by a rule a ruling may set aside, it offers to record the entry as the group rules
    (`ruling_offer`, shown by {% refusal form %}; rulings.py): `ruling_typed` and `ruling_error`
    are the reason the player typed and why the rules refused it, if they did."""

    ruling_offer: str | None = None
    ruling_typed: str = ""
    ruling_error: str | None = None

    def entries(self) -> list[Entry]:
        """What the form writes, once it is valid: by default its one `entry()`."""
        return [self.entry()]

    def as_seen(self, state) -> None:
        """Raise RuleError when `state` (under the lock) is no longer the one the form was loaded
        from (a correction of a play another phone corrected meanwhile)."""

    def new_players(self) -> Sequence[str]:
        """Names typed in the form that join the roster in the same write (a newcomer at the table)."""
        return ()


@dataclass(frozen=True)
class Saved:
    """What a journal write saved: its entries, and the journal folded after them."""

    entries: list[Entry]
    timeline: Timeline

    @property
    def state(self):
        """The campaign's state right after the write."""
        return self.timeline.current


@dataclass(frozen=True)
class Done:
    """Where a write sends the phone once saved (`to`, a URL with any #anchor) and what it says
    (`said`; by default "Recorded: <the entries>."), then each of `reminders`: each a value, or
    made from what was saved (a `Saved`; for `save_or_refuse`, what its `save()` returned)."""

    to: str | Callable[[Any], str]
    said: str | Callable[[Any], str] | None = None
    reminders: Callable[[Any], Sequence[str]] | None = None

    def answer(self, saved, *, default_said: Callable[[Any], str] | None = None) -> Answer:
        said = self.said if self.said is not None else default_said
        told = [(messages.SUCCESS, said(saved) if callable(said) else said)]
        told += [(messages.INFO, reminder) for reminder in (self.reminders(saved) if self.reminders else ())]
        return Answer(self.to(saved) if callable(self.to) else self.to, tuple(told))

    def page(self, request) -> str:
        """The page it sends to, before anything is saved (its #anchor left out: the form there
        may be gone)."""
        return self.to.partition("#")[0] if isinstance(self.to, str) else request.path


@dataclass(frozen=True)
class Step:
    """A step of play a form writes at (start game 5, Ben's reward, correct play 12 as loaded).

    `over(state)` is why the step is over, a sentence (another phone moved the campaign past
    it), or None while it is open: written once, asked by the write path before the form is
    checked and again under the campaign's lock. `page_now(state, why)` answers once it is over;
    by default the sentence as a message over the `done` page (`moved_on_redirect`)."""

    over: Callable[[Any], str | None]
    page_now: Callable[[Any, str], HttpResponse] | None = None

    def answer_if_over(self, request, state, to: str) -> HttpResponse | None:
        """The answer when the step is over in `state` (None while it is open), for a view that
        must know before it builds its form; `to` is the page the default answer shows."""
        why = self.over(state)
        return None if why is None else self._answer(request, state, why, to)

    def _answer(self, request, state, why: str, to: str) -> HttpResponse:
        if self.page_now is not None:
            # Unless it was this very tap, recorded meanwhile by its first sending.
            return _first_answer(request) or outcome.named(self.page_now(state, why), outcome.MOVED_ON, why)
        return moved_on_redirect(request, why, to)


class _StepOver(Exception):
    """Raised under the lock: the step closed before this write could be appended."""

    def __init__(self, why: str):
        super().__init__(why)
        self.why = why


def append_or_refuse(
    request,
    campaign,
    form: JournalForm,
    *,
    page: Callable[[], HttpResponse],
    done: Done,
    step: Step | None = None,
) -> HttpResponse:
    """Save what `form` says as journal entries of `campaign`, or answer why not (see above):
    invalid, `page()`; refused by a rule, `page()` with the refusal beside its field; the step
    over, the step as it is now; saved, `done`'s page and messages. Nothing is saved but the
    entries, all of them, with the tap that sent them."""
    if step is not None:
        answer = step.answer_if_over(request, states.state(campaign), done.page(request))
        if answer is not None:
            return answer

    def as_seen(state) -> None:
        form.as_seen(state)
        if step is not None and (why := step.over(state)) is not None:
            raise _StepOver(why)

    def save() -> Answer:
        entries = _as_ruled(request, form, form.entries())
        given: list[Answer] = []

        # Made under the lock (the timeline is the writer's own, read there and then), kept with the tap.
        def answer(timeline: Timeline) -> dict:
            given.append(done.answer(Saved(entries, timeline), default_said=recorded(campaign)))
            return given[0].as_json()

        store.append(
            campaign, entries, request.user, guard=as_seen, new_players=tuple(form.new_players()),
            answer=answer, **tap_options(request),
        )
        return given[0]

    try:
        return _write(request, form, save=save, page=page, refused=lambda: refreshed_state(campaign))
    except _StepOver as over:
        return step._answer(request, refreshed_state(campaign), over.why, done.page(request))


def save_or_refuse(
    request,
    form: RefusalsBesideFields,
    *,
    save: Callable[[], Any],
    page: Callable[[], HttpResponse],
    done: Done,
) -> HttpResponse:
    """`append_or_refuse` for a write that is not a journal entry (`save()`, through the store:
    a roster name, a new campaign): the same checks, refusal, focus, message and redirect, with
    `done` made from what `save()` returned."""
    return _write(request, form, save=lambda: done.answer(save()), page=page)


def undo_or_refuse(request, campaign, form, *, back: str, page: Callable[[], HttpResponse]) -> HttpResponse:
    """Take back the entry `form` names (its `entry`), if it is still the journal's last, and
    go `back`; through the same path as every write (the tap kept with what it answered). An
    undo that took nothing back says why and keeps no tap."""

    def undone_answer(undone) -> dict:
        said = f"Undone: {store.describe(campaign, undone.kind, undone.data)}."
        return Answer(back, ((messages.SUCCESS, said),)).as_json()

    def save() -> Answer:
        try:
            undone = store.undo_last(
                campaign,
                request.user,
                entry_id=form.cleaned_data["entry"],
                answer=undone_answer,
                **tap_options(request),
            )
        except store.NotTheLastEntry as refused:
            return Answer(back, ((messages.WARNING, _not_undone(campaign, refused)),), outcome.REFUSED)
        if undone is None:
            return Answer(back, ((messages.INFO, "There is nothing to undo."),), outcome.REFUSED)
        return Answer.from_json(undone_answer(undone))

    return _write(request, form, save=save, page=page)


def _write(request, form, *, save: Callable[[], Answer], page, refused: Callable[[], Any] | None = None):
    """The path every write takes: the form checked, saved (`save()`, its answer), else refused
    beside its field; a tap already recorded answers as it did the first time."""
    if not form.is_valid():
        form.focus_first_error()
        return outcome.named(page(), outcome.REFUSED, first_error(form))
    try:
        answer = save()
    except store.AlreadyTapped as first:
        return Answer.from_json(first.answer).give(request)
    except RuleError as error:
        if refused is not None:
            refused()
        form.add_refusal(error)
        if error.rulable and refused is not None:  # a journal entry: the group may rule otherwise
            form.ruling_offer = rulings.offer(request)
        form.focus_first_error()
        return outcome.named(page(), outcome.REFUSED, sentence(error.message))
    return answer.give(request)


def first_error(form) -> str:
    """The first thing a refused form says is wrong, as a sentence (said to the offline queue)."""
    said = [*getattr(form, "non_field_errors", list)(), *form.every_error()]
    return sentence(said[0]) if said else "The form needs a look before it can be saved."


def _as_ruled(request, form, entries: list[Entry]) -> list[Entry]:
    """The entries with the group's reason when the POST asks to record them as the group rules
    ("we rule otherwise": rulings.py). A reason the rules refuse (none, too long) is said beside
    its box and the entries go as they were, to be refused again (or saved, if the campaign has
    moved on so that no rule refuses them now)."""
    why = rulings.asked_reason(request)
    if why is None:
        return entries
    form.ruling_typed = why
    try:
        why = check_reason(why, None)
    except RuleError as bad:
        form.ruling_error = bad.message
        return entries
    return rulings.with_ruling(entries, why)


def tap_options(request) -> dict:
    """What the store keeps a write's answer under: the key of the tap that sent it (none
    without one)."""
    key = tap_key(request)
    return {"tap": key} if key is not None else {}


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


def _first_answer(request) -> HttpResponse | None:
    match = getattr(request, "resolver_match", None)
    return replayed(request, match.kwargs["slug"]) if match and "slug" in match.kwargs else None


def moved_on_redirect(request, why: str, to: str):
    """Another phone changed the campaign first: say so (`why`, a sentence) and show the page
    `to` (a URL) as it stands now. Unless it was this very tap, recorded meanwhile by its
    first sending (still in flight when the view looked): then, that first answer."""
    first = _first_answer(request)
    if first is not None:
        return first
    messages.error(request, f"{why} {MOVED_ON}")
    return outcome.named(redirect(to), outcome.MOVED_ON, why)


def _not_undone(campaign, refused: store.NotTheLastEntry) -> str:
    """What happened instead, in the words of the player whose undo lost the race."""
    asked = refused.asked
    if asked is None:
        return "Nothing was undone: that entry is not in this campaign's journal."
    text = store.describe(campaign, asked.kind, asked.data)
    if asked.undone_at is not None:
        by = f" by {asked.undone_by}" if asked.undone_by else ""
        return f"Nothing was undone: {text} had already been undone{by}."
    last = refused.last
    newer = f" ({store.describe(campaign, last.kind, last.data)} was recorded after it)" if last else ""
    return f"Nothing was undone: {text} is no longer the last entry{newer}."


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
