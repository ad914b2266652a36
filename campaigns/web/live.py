"""Live refresh by polling: every phone on a page asks the system's play/live/ every 2 seconds
whether the campaign changed since the version its page shows (?v=journal_version).

One answer for every system: 204 while nothing changed (htmx swaps nothing), else the fresh
page, which htmx morphs into the phone's (idiomorph: what stays is updated in place, the focus
and what the player is filling in are kept, see static/js/app.js). A Play page's poll gets the
whole page (`live_view`) and morphs all of #main: the header's count, the board and every form;
a play log's poll gets its polling element and the page's fresh parts out of band. A phone
signed out meanwhile gets a short notice in place of the polling element, which stops the poll.
The polling element's attributes come from templates/campaigns/_live_poll.html, which reads
`live_query` (see `query`) and `live_page` (the poll morphs the whole page).

A signed-out poll reads nothing: its answer (`signed_out`) is made from the request alone, so it
is the same for a campaign that exists or not, whatever its game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import HttpResponse
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_safe

from .htmx import render_page, vary_on_htmx

SIGNED_OUT_TEMPLATE = "campaigns/live_signed_out.html"


@dataclass(frozen=True)
class Poll:
    """A page that polls play/live/: its URL name (taking the slug), where a signed-out phone
    logs back into; its polling element's id; what the phone follows there, in words."""

    page: str
    live_id: str
    following: str


#: The pages that poll, by the poll's ?on= (the Play page's poll sends none).
POLLS = {
    None: Poll("play", "play-live", "the game"),
    "overview": Poll("campaign_detail", "plays-live", "the plays"),
    "history": Poll("history", "plays-live", "the plays"),
    "form": Poll("game_start", "plays-live", "the plays"),
}


def query(**params) -> str:
    """What else a page's poll tells the live page (?on=history&page=2), appended after ?v=."""
    present = {name: value for name, value in params.items() if value not in (None, "")}
    return f"&{urlencode(present)}" if present else ""


def signed_out(request, slug: str):
    """The answer to a poll from a phone whose session ended (another tab, expiry, a new
    password), made from the request alone: with htmx a short notice in place of the polling
    element, which stops the poll (following the login redirect would drop the whole login
    page into this one); without, the login page, back to the page that polled."""
    poll = POLLS.get(request.GET.get("on"), POLLS[None])
    page_url = reverse(poll.page, args=[slug])
    if request.htmx:
        context = {"page_url": page_url, "live_id": poll.live_id, "following": poll.following}
        response = render_page(request, SIGNED_OUT_TEMPLATE, context)
        # The notice replaces the polling element itself, wherever its poll swaps (a Play page's
        # poll morphs the whole #main).
        response["HX-Retarget"] = response["HX-Reselect"] = f"#{poll.live_id}"
        response["HX-Reswap"] = "outerHTML"
    else:
        response = redirect_to_login(page_url)
    return vary_on_htmx(response)


def live_response(request, slug: str, *, access_for: Callable[[Any, str], Any], answer: Callable[[Any], Any]):
    """The answer to one poll: 204 while the journal is at ?v=, else `answer(access)`.

    `access_for(request, slug)` finds the campaign (404 for a stranger or another system's
    campaign) only once the user is known to be signed in: a signed-out poll reads nothing."""
    if not request.user.is_authenticated:
        return signed_out(request, slug)
    access = access_for(request, slug)
    if request.GET.get("v") == str(access.campaign.journal_version):
        return HttpResponse(status=204)
    return answer(access)


def live_view(*, access_for: Callable[[Any, str], Any], page: Callable[..., Any]):
    """A Play page's live refresh (play/live/): `live_response` answering with the whole page,
    `page(request, access, changed=True)`, which the poll morphs into the phone's #main."""

    @require_safe
    def live(request, slug):
        """Polled every 2 seconds: 204 while nothing changed, else the fresh page."""
        return live_response(
            request, slug, access_for=access_for, answer=lambda access: page(request, access, changed=True)
        )

    return live
