"""The steps of a play log's play form: a new play (`new_play`: play 9, until another phone
logs a play 9) and a correction (`Correcting`): a correct-a-play form says how many times the
play had been corrected when it was loaded, and the one write path checks it under the
campaign's lock, so no phone overwrites another's correction unseen."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import messages
from django.shortcuts import redirect

from ...web.writes import Step


def new_play(number: int, *, logged_meanwhile: Callable, page_now: Callable) -> Step:
    """Logging play `number`: open until another phone logs a play of that number first;
    then `logged_meanwhile(now)` says so and `page_now(now, why)` offers it as the next play."""

    def over(now) -> str | None:
        return None if now.game(number) is None and not now.is_deleted(number) else logged_meanwhile(now)

    return Step(over, page_now=page_now)


@dataclass(frozen=True)
class Correcting:
    """A correction of play `number` from a form loaded when the play had been corrected `seen`
    times: the `step` append_or_refuse checks under the campaign's lock, so that no phone
    overwrites another's correction unseen. `moved_on(now)` says what happened meanwhile, and
    `moved_on_page` answers with the play as it stands now."""

    number: int
    seen: int

    @classmethod
    def loaded(cls, number: int, form, state) -> Correcting:
        """As the form says it was loaded (its hidden `seen`); a page loaded before forms said
        it: as the log stood when this request came in."""
        seen = form.cleaned_data.get("seen") if form.is_valid() else None
        return cls(number, state.corrections_of(number) if seen is None else seen)

    def step(self, request, campaign, as_it_stands) -> Step:
        """The correction's step: open while the play is as the form was loaded; then the play
        as it stands (`moved_on_page`)."""
        return Step(self.moved_on, page_now=self.moved_on_page(request, campaign, as_it_stands))

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
