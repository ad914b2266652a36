"""Queries every request makes, their SQL compiled once per process and database.

The ORM compiles a queryset's SQL each time it runs it. For the membership every campaign page
looks up (a join, both models' columns) that took 0.4 ms, a third of an unchanged live poll,
against 0.03 ms to run it; the signed-in account's 0.15 ms. A `Compiled` query is made once from
its queryset with a marker where each asked value goes, compiled, and then run with the values
asked: the same SQL, and the same results (model instances, or the rows of a values_list),
built by the queryset's own iterable.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from types import SimpleNamespace

from django.db import connections
from django.db.models import QuerySet


def id_marker(n: int = 0) -> int:
    """A marker for an id: within 32 bits (PostgreSQL's integer), and no row's (ids are positive).
    `n` tells apart two in one query."""
    return -(2**31) + 7 + n


def text_marker(n: int = 0) -> str:
    """A marker for a text (a slug, a key): none has spaces, and a database takes it."""
    return f"a marker, never a value {n}"


class Compiled:
    """`make(*values)` is the queryset (its filters take the values, already of their fields'
    types: an id an int); `markers`, one value of each, none equal to another parameter of the
    query, name where each value goes in the compiled SQL's parameters. A marker must be a value
    its field takes on every database (an id within 32 bits: PostgreSQL's integer)."""

    def __init__(self, make: Callable[..., QuerySet], *markers):
        self._make, self._markers = make, markers
        self._by_alias: dict[str, tuple] = {}

    def _compiled(self, alias: str) -> tuple:
        found = self._by_alias.get(alias)
        if found is None:  # two threads compiling at once make the same: either is kept
            queryset = self._make(*self._markers).using(alias)
            compiler = queryset.query.get_compiler(using=alias)
            sql, params = compiler.as_sql()
            places = [index for marker in self._markers for index, p in enumerate(params) if p == marker]
            if len(places) != len(self._markers):
                raise ValueError(f"each marker must be one parameter of the query, once: {params!r}")
            found = self._by_alias[alias] = (queryset, compiler, sql, tuple(params), places)
        return found

    def results(self, *values, using: str = "default") -> list:
        """What the queryset gives for these values, as a list: its model instances, or its
        rows when it is a values_list."""
        queryset, compiler, sql, params, places = self._compiled(using)
        asked_params = list(params)
        for place, value in zip(places, values, strict=True):
            asked_params[place] = value
        # The compiled compiler, for this thread's connection and these values (its select and
        # its models' layout, which build the results, are the compiled ones).
        asked = copy.copy(compiler)
        asked.connection = connections[using]
        asked.as_sql = lambda *args, **kwargs: (sql, tuple(asked_params))
        # What the queryset's iterable reads of it: a shallow copy made by hand (copying a
        # queryset with copy.copy would run it), its query answering with the compiler above.
        running = object.__new__(type(queryset))
        running.__dict__.update(queryset.__dict__, _result_cache=None)
        running._query = SimpleNamespace(get_compiler=lambda *args, **kwargs: asked)
        return list(queryset._iterable_class(running))
