"""A club's players (or pairs) to choose from, found by name when there are too many to list
(issue 27, break 1: the entries page of a 40,000-player club was 6.3 MB and took 26 s).

Up to ``TROEF_LIST_ALL_MAX`` choices a page lists them all (and the checklist's own filter
does the rest in the browser). Above it the page lists none until the user searches: the
words typed, in any order, each a part of the name, accents and case aside, as the
checklist's filter matches (``club/static/club/checklist.js``); the matches come a page of
:data:`PER_PAGE` at a time. The match is made here over the names alone (one query of ids
and names; a club is bounded by ``TROEF_CLUB_MAX_MEMBERS``), the same on SQLite and
PostgreSQL, without a database extension for accents.

>>> plain("Éric PEÉTERMANS")
'eric peetermans'
>>> matches("Jan Peeters", words_of("  peeters JAN "))
True
>>> matches("Marie Peeters", words_of("peeters jan"))
False
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.conf import settings
from django.db.models import QuerySet

from club.params import int_param

#: Matches shown per page.
PER_PAGE = 50
#: Characters of a search read, words of it used: what a name needs, not more.
MAX_QUERY = 100
MAX_WORDS = 8


def plain(text: str) -> str:
    """``text`` without accents, in lower case (as the checklist's ``plain``)."""
    return "".join(c for c in unicodedata.normalize("NFD", text)
                   if not unicodedata.combining(c)).casefold()


def words_of(query: str) -> list[str]:
    return plain(query[:MAX_QUERY]).split()[:MAX_WORDS]


def matches(label: str, words: list[str]) -> bool:
    text = plain(label)
    return all(word in text for word in words)


def list_all_max() -> int:
    return int(settings.TROEF_LIST_ALL_MAX)


@dataclass
class Found:
    """What a page offers to choose from: everything (``listed``), or a search's page."""

    total: int  # choices there are
    listed: bool  # few enough: all of them are in ``choices``
    query: str = ""
    choices: list[tuple[int, str]] = field(default_factory=list)  # this page's (id, name)
    matched: int = 0  # choices matching the search
    page: int = 1
    pages: int = 0

    @property
    def searched(self) -> bool:
        return bool(words_of(self.query))

    @property
    def previous_page(self) -> int | None:
        return self.page - 1 if self.page > 1 else None

    @property
    def next_page(self) -> int | None:
        return self.page + 1 if self.page < self.pages else None


def _player_names(queryset: QuerySet) -> Iterable[tuple[int, str]]:
    for pk, first, last in queryset.values_list("pk", "first_name", "last_name").iterator(
            chunk_size=2_000):
        yield pk, f"{first} {last}".strip()


def _pair_names(queryset: QuerySet) -> Iterable[tuple[int, str]]:
    for pair in queryset.select_related("first", "second").iterator(chunk_size=2_000):
        yield pair.pk, str(pair)


def find(queryset: QuerySet, params, *, prefix: str = "", pairs: bool = False) -> Found:
    """The choices of ``queryset`` (players, or pairs with ``pairs``) a page offers, read
    from ``params`` (the query string): ``<prefix>q`` the search, ``<prefix>page`` its page.
    A count, then (only when listing or searching) one query of ids and names."""
    total = queryset.count()
    if total <= list_all_max():
        return Found(total=total, listed=True)
    query = str(params.get(f"{prefix}q", ""))[:MAX_QUERY].strip()
    found = Found(total=total, listed=False, query=query)
    words = words_of(query)
    if not words:
        return found
    names = _pair_names(queryset) if pairs else _player_names(queryset)
    hits = [(pk, label) for pk, label in names if matches(label, words)]
    found.matched = len(hits)
    found.pages = max(math.ceil(len(hits) / PER_PAGE), 1)
    found.page = min(int_param(params, f"{prefix}page", low=1) or 1, found.pages)
    start = (found.page - 1) * PER_PAGE
    found.choices = hits[start:start + PER_PAGE]
    return found


def chosen(queryset: QuerySet, ids: Iterable, *, pairs: bool = False) -> list[tuple[int, str]]:
    """(id, name) of the ``ids`` (already chosen, e.g. ticked on a refused form) among
    ``queryset``, so that a search page keeps them; at most a page's worth."""
    wanted = sorted({int(i) for i in ids if str(i).isascii() and str(i).isdigit()
                     and len(str(i)) <= 18})[:PER_PAGE]
    if not wanted:
        return []
    queryset = queryset.filter(pk__in=wanted)
    return list(_pair_names(queryset) if pairs else _player_names(queryset))
