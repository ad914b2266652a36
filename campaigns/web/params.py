"""Reading what a URL or a form hands a view as plain text, before it can reach a query."""

from django.utils.http import url_has_allowed_host_and_scheme


def whole_number(text: str | None, max_digits: int = 18) -> int | None:
    """A number written in ASCII digits ("12"), or None for anything else: "abc", "1e3",
    "-1", "²" and "٣" (which str.isdigit() accepts) or more digits than any id or count has
    (int() refuses more than 4,300 and the database's integers stop at 19)."""
    if not text or not text.isascii() or not text.isdigit() or len(text) > max_digits:
        return None
    return int(text)


def same_origin_path(url: str | None) -> bool:
    """Whether `url` (a `next=`) is a path on this site ("/campaigns/x/play/"): never a scheme
    or another host, never "//host" or "/\\host", which browsers read as another site."""
    if not url or not url.startswith("/") or url.startswith(("//", "/\\")):
        return False
    return url_has_allowed_host_and_scheme(url, allowed_hosts=set())
