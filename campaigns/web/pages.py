"""A long list shown a page at a time (a history of hundreds of games, the stats' game-by-game
table): no request renders more than a page of it, whatever its query string."""

from __future__ import annotations

from django.core.paginator import Page, Paginator

from .params import whole_number


def asked_page(request, name: str = "page") -> int | None:
    """The page number ?page=N asks for (None: not asked, or not a whole number)."""
    return whole_number(request.GET.get(name))


def page_of(items, per_page: int, asked: int | None, *, last_first: bool = False) -> Page:
    """The page `asked` of `items`: when not asked, the first, or with `last_first` the last
    (a list in the order played opens on its latest part); past the end, the last."""
    paginator = Paginator(items, per_page)
    if asked is None and last_first:
        asked = paginator.num_pages
    return paginator.get_page(asked or 1)
