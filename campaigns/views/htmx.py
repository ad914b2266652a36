"""When a view answers htmx with a piece of its page instead of the whole page."""


def wants_fragment(request) -> bool:
    """An htmx request for a part of the page: not a boosted link or form (they swap the
    whole page) and not a history restore after the back button (it needs the whole page)."""
    htmx = request.htmx
    return bool(htmx) and not htmx.boosted and not htmx.history_restore_request
