"""Counting a page's SQL queries, for the tests that bound them (tests/views/test_*query_counts.py)."""

from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaigns import states


def count_queries(client, url, *, cold=False, headers=None, status=200):
    """How many queries one GET of `url` asks; `cold`: with the cache and the states kept in
    the process emptied first, as after a restart. Fails unless the answer is `status`."""
    if cold:
        cache.clear()
        states.forget_in_process()
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, headers=headers or {})
    assert response.status_code == status, url
    return len(captured)
