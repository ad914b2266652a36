"""What a write came to, named once where it is decided, for a machine to read.

Every answer of the write path (writes.py, taps.py) says in a response header whether the tap
was recorded, refused (with the sentence the form shows), or came after the campaign moved on
(with why): the phone's offline queue (static/js/offline.js) reads only this, never the page's
look, and a kept tap leaves the phone only once the server said "recorded".

The queue's requests say who they are (`Ledger-Queue: 1`): for them a redirect is answered
"204 No Content" with the same headers (`QueueAnswerMiddleware`), since a browser's fetch
follows a redirect and would read the next page's headers instead; the messages it would have
shown are said in the header, not kept for the next page.
"""

from urllib.parse import quote

from django.contrib import messages
from django.http import HttpResponse

HEADER = "Ledger-Outcome"
SAID_HEADER = "Ledger-Said"  # the sentence, percent-encoded UTF-8 (a header is Latin-1)
QUEUE_HEADER = "Ledger-Queue"

RECORDED = "recorded"
REFUSED = "refused"
MOVED_ON = "moved-on"
OUTCOMES = (RECORDED, REFUSED, MOVED_ON)


def named(response: HttpResponse, outcome: str, said: str = "") -> HttpResponse:
    """`response`, saying that the write came to `outcome`, in the words `said`."""
    if outcome not in OUTCOMES:
        raise ValueError(f"not an outcome: {outcome!r}")
    response[HEADER] = outcome
    if said:
        response[SAID_HEADER] = quote(" ".join(said.split()), safe=" ,.:;!?'()")
    return response


def from_queue(request) -> bool:
    return request.headers.get(QUEUE_HEADER) == "1"


class QueueAnswerMiddleware:
    """For the offline queue, a write's redirect becomes "204 No Content" with its outcome (the
    page it leads to is not fetched, and its messages are not kept for the next page)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if from_queue(request) and HEADER in response and response.status_code in (301, 302, 303):
            answer = HttpResponse(status=204)
            for name in (HEADER, SAID_HEADER):
                if name in response:
                    answer[name] = response[name]
            answer["Ledger-Location"] = response["Location"]
            list(messages.get_messages(request))  # said in the header; read, so not kept
            return answer
        return response
