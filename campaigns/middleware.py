"""Refuse a request body larger than any form of the app sends, before it is read
(RequestSizeLimitMiddleware); answer a tap already recorded before its view runs
(TapReplayMiddleware); put a refused form's submission back when the group rules otherwise
(RuledPostMiddleware); mark a signed-in account's pages private (PrivatePagesMiddleware);
compress a page as cheaply as nginx does (PageGZipMiddleware).

The largest thing anyone uploads is a campaign journal (JOURNAL_MAX_BYTES); anything much
bigger is refused from its Content-Length, so no worker spends time or memory on it.
"""

import gzip
import secrets

from django.middleware.gzip import GZipMiddleware, re_accepts_gzip
from django.shortcuts import render
from django.utils import timezone
from django.utils.cache import patch_cache_control, patch_vary_headers

from .rules import limits
from .web import rulings, taps

# The journal itself plus the multipart envelope and the form's other fields.
MAX_REQUEST_BYTES = limits.JOURNAL_MAX_BYTES + 64 * 1024


class RequestSizeLimitMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > MAX_REQUEST_BYTES:
            return render(
                request,
                "413.html",
                {
                    "size_mb": f"{length / (1024 * 1024):.1f}",
                    "max_mb": limits.JOURNAL_MAX_BYTES // (1024 * 1024),
                },
                status=413,
            )
        return self.get_response(request)


class TapReplayMiddleware:
    """A POST to a campaign's page carrying the key of a tap this account already recorded
    there gets the first answer (campaigns.web.taps.replayed) before its view looks at the
    campaign: a retry of the tap that ended a game answers "Game 3 is over", not "no game is in
    progress". One query, only for a POST with a key."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        if request.method != "POST" or "slug" not in view_kwargs:
            return None
        return taps.replayed(request, view_kwargs["slug"])


class RuledPostMiddleware:
    """A POST from a "we rule otherwise" button carries the refused form's submission, signed:
    it takes the place of the form's fields before the view runs, with the group's reason
    (campaigns.web.rulings), so every write view takes a ruling without knowing of it. After
    the CSRF check, before any view reads the form."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        rulings.take_ruled_submission(request)
        return None


class PrivatePagesMiddleware:
    """What a signed-in account is shown is its own: `Cache-Control: private`, so that no shared
    cache (a proxy, a CDN) keeps it for someone else. Anonymous pages (the public link, the
    login page) are left as they are."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            patch_cache_control(response, private=True)
        return response


class TableTimeMiddleware:
    """A campaign's page is in its table's time zone (campaigns/access.py activates it as it
    looks the campaign up); the next request on this thread starts from the site's again."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()


class PageGZipMiddleware(GZipMiddleware):
    """Django's GZipMiddleware, with a page compressed at gzip's level 1 (nginx's default),
    not 6: a phone's every page is compressed again on every request, and level 1 does an
    83 KB Risk Legacy history in 0.14 ms, not 0.46, sending 8.6 KB, not 6.8. Padded with random
    bytes as Django pads it (against BREACH: docs/deploying.md, "Compressed pages"); a streamed
    answer, a short one or one already encoded (a kept download) goes to Django's own."""

    level = 1

    def process_response(self, request, response):
        if response.streaming or response.has_header("Content-Encoding") or len(response.content) < 200:
            return super().process_response(request, response)
        patch_vary_headers(response, ("Accept-Encoding",))
        if not re_accepts_gzip.search(request.META.get("HTTP_ACCEPT_ENCODING", "")):
            return response
        packed = gzip.compress(response.content, compresslevel=self.level, mtime=0)
        # The header's name field (FNAME) holds the padding, as django.utils.text.compress_string.
        padding = b"a" * secrets.randbelow(self.max_random_bytes) + b"\0"
        packed = b"".join((packed[:3], bytes([gzip.FNAME]), packed[4:10], padding, packed[10:]))
        if len(packed) >= len(response.content):
            return response
        response.content = packed
        response.headers["Content-Length"] = str(len(packed))
        etag = response.get("ETag")
        if etag and etag.startswith('"'):
            response.headers["ETag"] = "W/" + etag
        response.headers["Content-Encoding"] = "gzip"
        return response
