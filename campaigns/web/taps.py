"""Every tap is recorded once: its key, and the answer kept with it.

A table form carries a hidden key naming one tap (the `tap` field, `{% tap %}` in its template;
JavaScript draws a new one for each tap). The write path (writes.py) hands it to the store,
which keeps it with the entries and the write's answer (`Answer`: its page and its messages) in
the same transaction; the same key sent again by the same account in the same campaign (a
resubmitted form, a retry after a lost answer, the phone's offline queue) gets that answer and
appends nothing, also while the first is still in flight on another worker. Before a view
looks at the campaign, `replayed(request, slug)` (campaigns.middleware) answers a tap already
recorded, so a step the first tap closed does not answer "moved on" to its retry.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect

from ..compiled import Compiled, id_marker, text_marker
from ..models import Tap
from . import outcome

#: The hidden field naming one tap, and what a key may be (a uuid; anything else is no key);
#: kept with a digest of what the form says (`tap_key`), in Tap.key's 81 characters.
TAP_FIELD = "tap"
TAP_KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")


def tap_key(request) -> str | None:
    """The key this POST's tap is kept by (read once per request), or None: no key, a key
    that is not one, or no account to keep it for.

    It is the form's key and what the form says (`_said_digest`): the same form sent again is
    the same tap, but a form sent again changed (Back, a date fixed, Send) is a new one, so the
    change is recorded instead of answered with the first send's answer."""
    if not hasattr(request, "_tap_key"):
        key = request.POST.get(TAP_FIELD, "") if request.method == "POST" else ""
        signed_in = getattr(request, "user", None) is not None and request.user.is_authenticated
        request._tap_key = f"{key}.{_said_digest(request)}" if signed_in and TAP_KEY.fullmatch(key) else None
    return request._tap_key


#: What a form sends that is not what it says: the CSRF token (masked anew on each page) and
#: the tap key itself.
_NOT_SAID = {"csrfmiddlewaretoken", TAP_FIELD}


def _said_digest(request) -> str:
    """16 hex digits of a hash of the POST's fields and values (and its files' names and
    sizes), in a fixed order: equal exactly when two sends of one form say the same thing."""
    said = [[name, request.POST.getlist(name)] for name in sorted(request.POST) if name not in _NOT_SAID]
    files = [
        [name, [[f.name, f.size] for f in request.FILES.getlist(name)]]
        for name in sorted(request.FILES)
    ]
    return hashlib.sha256(json.dumps([said, files]).encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Answer:
    """What a write answers: the messages it says (level, text) and the page it sends the
    phone to. Kept with the tap (`as_json`), so the same tap sent again is answered alike."""

    to: str
    said: tuple[tuple[int, str], ...] = ()
    #: What the write came to (outcome.py): recorded, or refused when nothing was written (an
    #: undo with nothing to take back); kept, so a retry is named alike.
    outcome: str = outcome.RECORDED

    def as_json(self) -> dict:
        return {"to": self.to, "said": [list(message) for message in self.said], "outcome": self.outcome}

    @classmethod
    def from_json(cls, data: dict) -> Answer:
        said = tuple((level, text) for level, text in data.get("said", ()))
        return cls(data["to"], said, data.get("outcome", outcome.RECORDED))

    def give(self, request) -> HttpResponse:
        for level, text in self.said:
            messages.add_message(request, level, text)
        return outcome.named(redirect(self.to), self.outcome, self.said[0][1] if self.said else "")


def replayed(request, slug: str) -> HttpResponse | None:
    """The first answer to this POST's tap, when the same account already recorded it in the
    campaign at `slug` (and still belongs to it), else None: the view goes on."""
    key = tap_key(request)
    if key is None:
        return None
    kept = _KEPT_ANSWER.results(slug, request.user.pk, key, request.user.pk)
    return Answer.from_json(kept[0]).give(request) if kept else None


# The answer kept for a tap, asked before every write with a tap key: compiled once
# (campaigns/compiled.py).
_KEPT_ANSWER = Compiled(
    lambda slug, user_id, key, member_id: Tap.objects.filter(
        campaign__slug=slug, user_id=user_id, key=key, campaign__memberships__user_id=member_id
    )
    .order_by("pk")
    .values_list("answer", flat=True)[:1],
    text_marker(), id_marker(), text_marker(1), id_marker(1),
)
