"""Pages of the API's lists: ``?page=`` and ``?page_size=`` (50 by default, at most 500)."""

from __future__ import annotations

from rest_framework.pagination import PageNumberPagination

from club.params import MAX_PER_PAGE


class Pages(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = MAX_PER_PAGE
