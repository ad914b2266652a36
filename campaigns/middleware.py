"""Refuse a request body larger than any form of the app sends, before it is read.

The largest thing anyone uploads is a campaign journal (JOURNAL_MAX_BYTES); anything much
bigger is refused from its Content-Length, so no worker spends time or memory on it.
"""

from django.shortcuts import render

from .rules import limits

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
                {"size_mb": f"{length / (1024 * 1024):.1f}", "max_mb": limits.JOURNAL_MAX_BYTES // (1024 * 1024)},
                status=413,
            )
        return self.get_response(request)
