"""One cache for every worker on a machine, in files (CACHE_URL=file:///path): Django's
FileBasedCache, made cheap for what this app keeps in it.

Nearly everything kept is worked out once per journal version (a page's kept parts, a live
refresh's answer, a download): with one cache per process, each of gunicorn's workers works each
of them out again after every write; in files, the first worker's answer is every worker's, with
no other service to run. Two changes to Django's backend:

- Django's counts the cache's files on every `set` (a directory listing: 2 ms at 1,700 files)
  to cull at MAX_ENTRIES; this counts them once a minute a process at most, so the bound is
  loose by a minute's writes.
- Django's compresses every value at zlib's level 6; this at level 1, as the pages are.
"""

from __future__ import annotations

import pickle
import time
import zlib

from django.core.cache.backends.filebased import FileBasedCache

CULL_EVERY_SECONDS = 60
LEVEL = 1


class MachineCache(FileBasedCache):
    def __init__(self, dir, params):
        super().__init__(dir, params)
        self._counted_at = 0.0

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
