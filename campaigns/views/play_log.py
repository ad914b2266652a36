"""What every play log shares (risk-skyrim, captain-america), answered from its state and the
shared play-log rules (rules/play_log/), never naming a system: deleting a logged play, and
the "as seen" check of a correction (`Correcting`).

A deletion is a journal entry like any other: checked by the rules under the campaign's lock,
shown in the history, and taken back by undo.
"""

from __future__ import annotations

from dataclasses import dataclass

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from .. import states, store
from ..access import campaign_for
from ..rules import play_log
from ..rules.base import GAME_KIND, RuleError
from ..web.htmx import render_page
from ..web.writes import RefusalsBesideFields, append_or_refuse


@dataclass(frozen=True)
class Correcting:
    """A correction of play `number` from a form loaded when the play had been corrected `seen`
    times: what append_or_refuse needs so that no phone overwrites another's correction unseen.
    The store asks the `guard` under the campaign's lock; `moved_on(now)` says what happened
    meanwhile, and `moved_on_page` answers with the play as it stands now."""

    number: int
    seen: int

    @classmethod
    def loaded(cls, number: int, form, state) -> Correcting:
        """As the form says it was loaded (its hidden `seen`); a page loaded before forms said
        it: as the log stood when this request came in."""
        seen = form.cleaned_data.get("seen") if form.is_valid() else None
        return cls(number, state.corrections_of(number) if seen is None else seen)

    def guard(self, state) -> None:
        play_log.as_seen(self.number, self.seen)(state)

    def moved_on(self, now) -> str | None:
        if now.is_deleted(self.number):
            return f"Play {self.number} was deleted, so there is nothing to correct."
        if now.corrections_of(self.number) != self.seen:
            return (
                f"Play {self.number} was corrected on another phone just now, so nothing was saved: "
                "here it is as it stands now."
            )
        return None

    def moved_on_page(self, request, campaign, as_it_stands):
        """The answer once the play moved on: deleted (maybe on another phone a moment ago), the
        history saying so; corrected, `as_it_stands(now, why)`: the form as the play reads now."""

        def answer(now, why: str):
            if now.is_deleted(self.number):
                messages.error(request, why)
                return redirect("history", slug=campaign.slug)
            return as_it_stands(now, why)

        return answer


class DeletePlayForm(RefusalsBesideFields, forms.Form):
    """The confirmation that deletes play `number`: no field, one button."""

    def __init__(self, number: int, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.number = number

    def entry(self):
        return play_log.deletion_entry(self.number)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def delete_play(request, slug, number):
    """Ask, then delete play `number` (a "deletion" entry); a play that is not there (never
    logged, or deleted already, maybe by another phone a moment ago) is refused with the rule's
    words and nothing is saved."""
    access = campaign_for(request, slug, record=True)
    campaign = access.campaign
    form = DeletePlayForm(number, request.POST if request.method == "POST" else None)

    def page():
        state = states.state(campaign)
        refusal = form.refusal.message if form.refusal is not None else _refusal(state, number)
        data = state.play_data(number) if refusal is None else None
        context = {
            "campaign": access.campaign,
            "access": access,
            "number": number,
            "refusal": refusal,
            "play": data,
            "play_text": store.describe(campaign, GAME_KIND, data) if data else None,
            "play_url": reverse("play_detail", args=[campaign.slug, number]),
        }
        # A play that is not there is a page that is not there, said in the rule's words.
        status = 404 if refusal is not None and request.method != "POST" else 200
        return render_page(request, "campaigns/play_delete.html", context, status=status)

    if request.method != "POST":
        return page()
    return append_or_refuse(
        request,
        campaign,
        form,
        page=page,
        redirect_to=reverse("history", args=[campaign.slug]),
        success=f"Play {number} was deleted. “Undo last entry” on the overview takes it back.",
    )


def _refusal(state, number: int) -> str | None:
    """Why play `number` cannot be deleted, in the rule's words; None when it can."""
    try:
        play_log.logged_play(state, {"number": number}, play_log.DELETION)
    except RuleError as error:
        return error.message
    return None
