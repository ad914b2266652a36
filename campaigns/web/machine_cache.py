"""One cache for every worker on a machine, in files (CACHE_URL=file:///path): Django's
FileBasedCache, made cheap for what this app keeps in it.

Nearly everything kept is worked out once per journal version (a page's kept parts, a live
refresh's answer, a download): with one cache per process, each of gunicorn's workers works each
of them out again after every write; in files, the first worker's answer is every worker's, with
no other service to run. Three changes to Django's backend:

- Django's counts the cache's files on every `set` (a directory listing: 2 ms at 1,700 files)
  to cull at MAX_ENTRIES; this counts them once a minute a process at most, so the bound is
  loose by a minute's writes.
- Django's compresses every value at zlib's level 6; this at level 1, as the pages are.
- What is kept per journal version never changes once written (its key names the version), so
  each worker also holds the latest thousand of them in memory, as a cache per process would:
  read again, they cost no file. Anything else (a session, a throttle's count) is read from its
  file every time, so every worker sees its latest value.
"""

from __future__ import annotations

import pickle
import threading
import time
import zlib
from collections import OrderedDict

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.filebased import FileBasedCache

CULL_EVERY_SECONDS = 60
LEVEL = 1
# The keys of what is worked out once per journal version (kept.py, {% kept %}, a play log's
# live refresh, the stats page, a state as of an earlier game): written once, never changed.
# Listed, not guessed: a key left out is only read from its file.
KEPT_PREFIXES = ("kept:", "template.cache.", "play-log-live:", "stats-page:", "state:")
FRONT_ENTRIES = 1000
FRONT_LARGEST = 256 * 1024  # pickled bytes: a larger value (a long log's state) is read from its file
_MISSING = object()


class MachineCache(FileBasedCache):
    def __init__(self, dir, params):
        super().__init__(dir, params)
        self._counted_at = 0.0
        self._front: OrderedDict[tuple, bytes] = OrderedDict()  # pickled, as LocMemCache keeps them
        self._front_lock = threading.Lock()

    def get(self, key, default=None, version=None):
        kept = key.startswith(KEPT_PREFIXES)
        if kept:
            with self._front_lock:
                pickled = self._front.get((key, version))
                if pickled is not None:
                    self._front.move_to_end((key, version))
            if pickled is not None:
                return pickle.loads(pickled)
        value = super().get(key, _MISSING, version)
        if value is _MISSING:
            return default
        if kept:
            self._remember(key, version, value)
        return value

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        super().set(key, value, timeout, version)
        if key.startswith(KEPT_PREFIXES):
            self._remember(key, version, value)

    def delete(self, key, version=None):
        with self._front_lock:
            self._front.pop((key, version), None)
        return super().delete(key, version)

    def clear(self):
        with self._front_lock:
            self._front.clear()
        super().clear()

    def _remember(self, key, version, value):
        pickled = pickle.dumps(value, self.pickle_protocol)
        if len(pickled) > FRONT_LARGEST:
            return
        with self._front_lock:
            self._front[(key, version)] = pickled
            self._front.move_to_end((key, version))
            while len(self._front) > FRONT_ENTRIES:
                self._front.popitem(last=False)

    def _cull(self):
        now = time.monotonic()
        if now - self._counted_at < CULL_EVERY_SECONDS:
            return
        self._counted_at = now
        super()._cull()

    def _write_content(self, file, timeout, value):
        expiry = self.get_backend_timeout(timeout)
        file.write(pickle.dumps(expiry, self.pickle_protocol))
        file.write(zlib.compress(pickle.dumps(value, self.pickle_protocol), LEVEL))
