"""The whole page, or a piece of it when htmx asks for one: the one way every view answers."""

from django.template.response import TemplateResponse
from django.utils.cache import patch_vary_headers


def wants_fragment(request) -> bool:
    """An htmx request for a part of the page: not a boosted link or form (they swap the
    whole page) and not a history restore after the back button (it needs the whole page)."""
    htmx = request.htmx
    return bool(htmx) and not htmx.boosted and not htmx.history_restore_request


def saves(request, pressed: bool) -> bool:
    """Whether a form's POST is the player's save: they pressed its Save button (`pressed`, the
    button's name and value in the POST) and it is no background request. htmx's live preview,
    sent on a change, carries the last button that had the focus: a Save only tabbed onto must
    score the play, never save it (static/js/app.js also leaves the buttons out)."""
    return pressed and not wants_fragment(request)


def vary_on_htmx(response):
    """Tell caches the same URL answers htmx with something else than the page."""
    patch_vary_headers(response, ("HX-Request",))
    return response


def render_page(request, template, context=None, *, partial=None, fragment=None, status=200):
    """`template`, the whole page; or, when htmx asks for a part of it (`wants_fragment`),
    only its `partial` (a `{% partialdef %}` of `template`) or the `fragment` template.

    A view that can answer both ways always says so (`Vary: HX-Request`), whichever it sends:
    the same URL has two bodies, and a cache must not give one for the other.
    """
    if partial is not None and fragment is not None:
        raise TypeError("render_page() takes a partial or a fragment, not both.")
    if partial is not None:
        fragment = f"{template}#{partial}"
    if fragment is None:
        return TemplateResponse(request, template, context, status=status)
    name = fragment if wants_fragment(request) else template
    return vary_on_htmx(TemplateResponse(request, name, context, status=status))
