"""How a page answers a write it refused, so the player sees why where they are looking
(with htmx or without JavaScript), and how a POST-only URL answers a browser that lands on it."""

from functools import wraps

from django.contrib import messages
from django.http import HttpResponseNotAllowed
from django.shortcuts import redirect

from .. import store


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


def refreshed_state(campaign):
    """The campaign's state now, after another write (ours or another phone's) moved it on."""
    campaign.refresh_from_db(fields=["journal_version", "games_played"])
    return store.state(campaign)


def moved_on(request, campaign, what):
    """Another phone changed the campaign first: say so (`what` happened) and show the table
    as it stands now."""
    messages.error(request, f"{what} The campaign has moved on since your page was loaded; here it is now.")
    return redirect("table", slug=campaign.slug)


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
