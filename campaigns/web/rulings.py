""""We rule otherwise": a refused entry recorded as the group says, with its reason.

When a rule a ruling may set aside refuses what a form sent (docs/rules.md, "The table has the
last word"), the form comes back with the refusal, the rule and where the rulebook has it, and a
short box: the group's reason (`ruling`) and one button. That button carries what the refused
form sent, signed (`ruled`): whatever the player's fields or buttons were (a +1 tap, a row of
seats), the same entry is sent again, now with the group's reason, and nothing else changes.

`RuledPostMiddleware` (campaigns.middleware) puts the signed submission back in place of the
form's fields before the view runs, so every write view takes a ruling without knowing of it;
the write path (writes.py) then writes the entry with `"ruling": the reason`, which the rules
record as ruled (or refuse again, with what no ruling changes). The reason is checked there by
the rules layer's own check; a bad one shows beside its box, nothing saved.
"""

from __future__ import annotations

from django.core import signing
from django.http import QueryDict

from ..rules.base import RULING, Entry
from .taps import TAP_FIELD

#: The button that records the refused entry as the group rules (its value: the signed form).
RULED_FIELD = "ruled"
#: The group's reason, typed beside it; the same key as in the journal.
REASON_FIELD = RULING
_SALT = "campaigns.web.rulings"
_KEPT_FOR = 60 * 60 * 12  # a refusal's offer stands for a game night
# What the offer signs is bounded, like any input: a form of the app sends far less.
_MOST_FIELDS = 400
_MOST_CHARS = 40_000
_NOT_SIGNED = {"csrfmiddlewaretoken", TAP_FIELD, RULED_FIELD, REASON_FIELD}


def offer(request) -> str | None:
    """The signed submission a refused form's ruling button carries (None when it is too big to
    carry, or no one is signed in)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return None
    sent = [[key, values] for key, values in request.POST.lists() if key not in _NOT_SIGNED]
    if len(sent) > _MOST_FIELDS or sum(len(value) for _, values in sent for value in values) > _MOST_CHARS:
        return None
    return signing.dumps({"path": request.path, "user": user.pk, "sent": sent}, salt=_SALT, compress=True)


def take_ruled_submission(request) -> None:
    """A POST from a ruling button: its signed submission in place of the form's fields (the CSRF
    token, the tap key and the reason kept from the request), and `request.ruling_reason` set.
    Anything else (no button, a signature that is not ours, another page's, another account's,
    stale) leaves the request as it came: the form is then checked as sent, without a ruling."""
    request.ruling_reason = None
    if request.method != "POST" or RULED_FIELD not in request.POST:
        return
    user = getattr(request, "user", None)
    try:
        signed = signing.loads(request.POST[RULED_FIELD], salt=_SALT, max_age=_KEPT_FOR)
    except signing.BadSignature:
        return
    if signed.get("path") != request.path or user is None or signed.get("user") != user.pk:
        return
    post = QueryDict(mutable=True)
    for key, values in signed["sent"]:
        post.setlist(key, values)
    for key in ("csrfmiddlewaretoken", TAP_FIELD):
        if key in request.POST:
            post[key] = request.POST[key]
    request.ruling_reason = request.POST.get(REASON_FIELD, "")
    post._mutable = False
    request.POST = post


def asked_reason(request) -> str | None:
    """The group's reason this POST asks to record its entry with, or None (no ruling asked)."""
    return getattr(request, "ruling_reason", None)


def with_ruling(entries: list[Entry], why: str) -> list[Entry]:
    """The entries a form writes, each carrying the group's reason (a form writes one entry)."""
    return [Entry(entry.kind, {**entry.data, RULING: why}) for entry in entries]
