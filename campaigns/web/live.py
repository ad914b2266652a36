"""Live refresh by polling: every phone on a page asks the system's play/live/ every 2 seconds
whether the campaign changed since the version its page shows (?v=journal_version).

One answer for every system: 204 while nothing changed (htmx swaps nothing), else the
page's fresh fragment; a phone signed out meanwhile gets a short notice in place of the
polling element, which stops the poll. The polling element's attributes come from
templates/campaigns/_live_poll.html, which reads `live_query` (see `query`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import HttpResponse
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_safe

from .htmx import render_page, vary_on_htmx

SIGNED_OUT_TEMPLATE = "campaigns/table_signed_out.html"


def query(**params) -> str:
    """What else a page's poll tells the live page (?on=history&page=2), appended after ?v=."""
    present = {name: value for name, value in params.items() if value not in (None, "")}
    return f"&{urlencode(present)}" if present else ""


def live_response(
    request,
    slug: str,
    *,
    access_for: Callable[[Any, str], Any],
    context_for: Callable[[Any], dict],
    template: str,
    page: str = "table",
    live_id: str = "table-live",
    following: str = "the game",
):
    """The answer to one poll of the page `page` (a URL name taking the slug), whose polling
    element has the id `live_id`: 204 while the journal is at ?v=, else `template` rendered
    with `context_for(access)` and `changed`.

    `access_for(request, slug)` finds the campaign (404 for a stranger or another system's
    campaign) only once the user is known to be signed in: a signed-out poll reads nothing."""
    if not request.user.is_authenticated:
        page_url = reverse(page, args=[slug])
        if request.htmx:
            # Signed out elsewhere (another tab, expiry, a new password): a short notice in
            # place of the polling element, which stops the poll; following the login
            # redirect would drop the whole login page into this one.
            context = {"page_url": page_url, "live_id": live_id, "following": following}
            response = render_page(request, SIGNED_OUT_TEMPLATE, context)
        else:
            response = redirect_to_login(page_url)
        return vary_on_htmx(response)
    access = access_for(request, slug)
    if request.GET.get("v") == str(access.campaign.journal_version):
        return HttpResponse(status=204)
    context = context_for(access)
    context["changed"] = True
    return render_page(request, template, context)


def live_view(*, access_for: Callable[[Any, str], Any], context_for: Callable[[Any], dict], template: str):
    """A table's live page (play/live/): `live_response` for the table's polling element."""

    @require_safe
    def live(request, slug):
        """Polled every 2 seconds: 204 while nothing changed, else the fresh fragment."""
        return live_response(request, slug, access_for=access_for, context_for=context_for, template=template)

    return live
