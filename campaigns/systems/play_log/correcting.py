"""The "as seen" check of a correction (`Correcting`): a play log's correct-a-play form says how
many times the play had been corrected when it was loaded, and the one write path checks it
under the campaign's lock, so no phone overwrites another's correction unseen."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.shortcuts import redirect

from ...rules import play_log


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
