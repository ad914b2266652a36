"""Answers built once per journal version: a download or a JSON document the phones ask for
again and again (`state.json`, the journal, the exports) is made from the state or the journal
the first time it is asked after a write and then read from the cache (shared between workers
and app servers when CACHE_URL names one), so asking again costs one cache read, however long
the campaign."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.core.cache import cache

from ..rules import base

KEPT_SECONDS = 60 * 60 * 24


def per_version(campaign, name: str, make: Callable[[], str], *vary) -> str:
    """`make()`'s text, kept per campaign, journal version (the state format with it) and what
    else it varies on (`vary`: the account's name for its own export, ...)."""
    varies = hashlib.sha256(repr(vary).encode()).hexdigest()[:16] if vary else "-"
    key = f"kept:{name}:{base.STATE_FORMAT}:{campaign.pk}:{campaign.journal_version}:{varies}"
    text = cache.get(key)
    if text is None:
        text = make()
        cache.set(key, text, KEPT_SECONDS)
    return text
