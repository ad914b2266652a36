"""The static files' storages, each file's address worked out once per process: WhiteNoise's
compressed manifest storage as deployed, Django's plain one in development, the bench and
the tests (no collected manifest).

Every page names ten static files (its stylesheet, scripts, icons), and a storage works each
address out again on every render: it cleans the name, looks up its hashed name (the
manifest's), then splits, joins and quotes the URL (0.15 ms of a 2.5 ms warm page). What it
reads is fixed once the storage is made (the manifest is read then; STATIC_URL and the
storages are settings, and a change of them makes a new storage), so an address is kept, by
name, for the names the templates use: a bounded few, a name past the bound worked out each
time, as before, and a name the manifest lacks refused each time.
"""

from __future__ import annotations

import threading

from django.contrib.staticfiles.storage import StaticFilesStorage
from whitenoise.storage import CompressedManifestStaticFilesStorage

ADDRESSES_KEPT = 256


class KeptAddresses:
    """A storage mixin: `url(name)` worked out once per name."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._addresses: dict[str, str] = {}
        self._addresses_lock = threading.Lock()

    def url(self, name, force=False):
        if force:  # collectstatic's own use of the hashed names
            return super().url(name, force)
        address = self._addresses.get(name)
        if address is None:
            address = super().url(name)
            with self._addresses_lock:
                if len(self._addresses) < ADDRESSES_KEPT:
                    self._addresses[name] = address
        return address


class KeptManifestStaticFilesStorage(KeptAddresses, CompressedManifestStaticFilesStorage):
    """As deployed: the collected files' hashed names, from the manifest."""


class KeptStaticFilesStorage(KeptAddresses, StaticFilesStorage):
    """Without a collected manifest: the files' own names."""
