"""Live: what another phone logged, corrected or deleted shows on a play log's overview, history
and log-a-play form without a reload (play/live/, polled every 2 seconds)."""

from __future__ import annotations

import hashlib
from typing import Any
from urllib.parse import urlencode

from django.core.cache import cache
from django.http import HttpResponse
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_safe

from .... import states, store
from ....access import Access, campaign_for
from ....web import kept
from ....web import live as live_refresh
from ....web.htmx import render_page, vary_on_htmx
from ....web.params import whole_number
from .. import plays


def form_query(number: int) -> str:
    """The log-a-play form's poll: it was opened to log play `number`."""
    return live_refresh.query(on="form", opened=number)


def _live_context(request, access: Access, on: str) -> dict:
    """The fresh part of the page `on`: the overview's records and its plays, the history's
    plays (the filter's player, sent by the poll), both keeping what the list shows
    (`plays.live_plays`), or the form's number."""
    campaign = access.campaign
    state = states.state(campaign)
    context: dict[str, Any] = {"campaign": campaign, "access": access, "live_on": on}
    # The plays the writes since the phone's version changed (one query, when a refresh in
    # place asks), None unless every one of them is known.
    def changed():
        return store.changes_since(campaign, whole_number(request.GET.get("v")))

    if on == "overview":
        context["records"] = list(state.records.items())
        context["live_query"] = live_refresh.query(on="overview")
        context.update(plays.live_plays(request, campaign, state, None, changed))
    elif on == "history":
        player = request.GET.get("player") if request.GET.get("player") in state.players else None
        context.update(plays.live_plays(request, campaign, state, player, changed))
        context["live_query"] = live_refresh.query(on="history")
    else:
        opened, number = whole_number(request.GET.get("opened")), state.next_number
        # Plays logged meanwhile: this form's play becomes the next number (a save with the
        # old one would be refused and re-offered as this one anyway).
        context["logged_meanwhile"] = list(range(opened, number)) if opened and opened < number else []
        context["number"] = number
        context["live_query"] = live_refresh.query(on="form", opened=opened or number)
    return context


# The fresh part after a change is the same for every phone of a table that asks with the same
# query (the version it shows, its list's newest and oldest plays, its filter) and the same kind
# of access (it holds no form, no CSRF token, no name of the viewer): rendered once per journal
# version and query, and kept, so four phones polling one table render it once.
LIVE_SECONDS = 60 * 10


def _kept_answer(request, access, on):
    campaign = access.campaign
    membership = access.membership.role if access.membership else "public"
    asked = urlencode(sorted(request.GET.items()))
    key = "play-log-live:" + hashlib.blake2b(
        f"{campaign.pk}:{campaign.journal_version}:{membership}:{bool(request.htmx)}:{asked}".encode(),
        digest_size=20,
    ).hexdigest()
    html = cache.get(key)
    if html is None:
        context = _live_context(request, access, on)
        context["changed"] = True
        # What changed, in the journal's words, when it is no new play ("Play 5 deleted: …"):
        # read only then (a new play is said by its number).
        context["recent"] = SimpleLazyObject(lambda: kept.recent_entries(campaign, 1)) if on != "form" else []
        html = render_page(request, "play_log/live.html", context).rendered_content
        cache.set(key, html, LIVE_SECONDS)
    return vary_on_htmx(HttpResponse(html))


@require_safe
def live(request, slug):
    """Polled every 2 seconds by a play log's overview, history and log-a-play form: 204 while
    nothing changed, else the page's fresh part (swapped out of band beside the poll)."""
    on = request.GET.get("on")
    on = on if on and on in live_refresh.POLLS else "history"
    return live_refresh.live_response(
        request, slug, access_for=campaign_for, answer=lambda access: _kept_answer(request, access, on)
    )
