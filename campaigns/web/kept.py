"""Answers built once per journal version: a download or a JSON document the phones ask for
again and again (`state.json`, the journal, the exports) and the Play pages' latest entries are
made from the state or the journal the first time they are asked after a write and then read
from the cache (shared between workers and app servers when CACHE_URL names one), so asking
again costs one cache read, however long the campaign."""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Sequence
from typing import Any

from django.core.cache import cache
from django.http import HttpResponse
from django.middleware.gzip import re_accepts_gzip
from django.utils.cache import patch_vary_headers

from .. import store
from ..rules import base
from . import gzipped

KEPT_SECONDS = 60 * 60 * 24
# A large answer (a 5,000-play log's journal is 3 MB, its BG Stats file 6 MB) is kept for a
# while only: a download asked again soon is read, and a worker's cache, which counts entries
# and not bytes, does not hold a day of them.
LARGE_CHARS, LARGE_KEPT_SECONDS = 256 * 1024, 10 * 60


# The context entry of what only a page's kept parts read (`when_rendered`).
LATER = "kept_later"


def when_rendered(make: Callable[[], dict]) -> dict:
    """The context entry holding `make`, which builds what only the page's kept parts read (its
    state, and all that is worked out from it): `{% kept %}` calls it, once a view at most, when
    it renders a part (campaigns/templatetags/taps.py). A view whose kept parts are all kept (on
    any worker, with a shared cache: the phone that recorded rendered them) reads no state."""
    return {LATER: functools.cache(make)}


def per_version(campaign, name: str, make: Callable[[], Any], *vary) -> Any:
    """`make()`'s text (or any value the cache can keep), kept per campaign, journal version
    (the state format with it) and what else it varies on (`vary`: the account's name for its
    own export, ...)."""
    varies = hashlib.sha256(repr(vary).encode()).hexdigest()[:16] if vary else "-"
    key = f"kept:{name}:{base.STATE_FORMAT}:{campaign.pk}:{campaign.journal_version}:{varies}"
    text = cache.get(key)
    if text is None:
        text = make()
        large = _size(text) > LARGE_CHARS
        cache.set(key, text, LARGE_KEPT_SECONDS if large else KEPT_SECONDS)
    return text


def shows(*values) -> str:
    """A part kept across journal versions names what it shows by this digest of those values
    (their repr): `{% kept "name" shows... filling ... %}` (campaigns/templatetags/taps.py)."""
    return hashlib.sha256(repr(values).encode()).hexdigest()[:24]


def _size(value) -> int:
    """The characters (or bytes) of a text kept, or of the parts it is kept as."""
    if isinstance(value, (str, bytes)):
        return len(value)
    if isinstance(value, tuple):
        return sum(_size(part) for part in value)
    if isinstance(value, gzipped.Gzipped):
        return value.compressed_size
    return 0


def download(request, campaign, name: str, make: Callable[[], Sequence[bytes]], *vary,
             content_type: str, filler: bytes = b"") -> HttpResponse:
    """A download kept per version (`per_version`): `make()` gives its text's parts (one part,
    or the parts `filler` joins, fixed in length: a download's own time). A phone's browser,
    which accepts gzip, is sent the parts kept compressed, joined without compressing them again
    (campaigns/web/gzipped.py: a 5,000-play BG Stats file is 6 MB, 40 ms to compress each time);
    a client that does not (a script) is sent the parts kept as they are."""
    if re_accepts_gzip.search(request.headers.get("Accept-Encoding", "")):
        kept = per_version(campaign, f"{name}.gz", lambda: gzipped.gzipped(make(), len(filler)), *vary)
        response = HttpResponse(gzipped.gzip_file(kept, filler), content_type=content_type)
        response["Content-Encoding"] = "gzip"  # GZipMiddleware leaves it as it is
    else:
        response = HttpResponse(filler.join(per_version(campaign, name, lambda: tuple(make()), *vary)),
                                content_type=content_type)
    patch_vary_headers(response, ("Accept-Encoding",))
    return response


def recent_entries(campaign, count: int) -> list[dict]:
    """`store.recent_entries`, kept: who recorded each by name (the "Just recorded" card says
    when, as time goes by, from `recorded_at`)."""

    def read() -> list[dict]:
        return [
            {**entry, "recorded_by": str(entry["recorded_by"]) if entry["recorded_by"] else None}
            for entry in store.recent_entries(campaign, count)
        ]

    return per_version(campaign, "recent", read, count)
