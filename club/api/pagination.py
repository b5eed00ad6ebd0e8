"""Pages of the API's lists: ``?page=`` and ``?page_size=`` (50 by default, at most 500).

A ``page_size`` the schema does not take (not a whole number from 1 to 500, empty, or given
twice) is refused, 400 ``page_size_invalid`` naming it, as the schema says: a client that
asked for 1,000 rows is told, not given 500 as if that were all."""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework import status
from rest_framework.pagination import PageNumberPagination

from club.api.errors import ApiError
from club.params import MAX_PER_PAGE


class Pages(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = MAX_PER_PAGE

    def get_page_size(self, request):
        given = request.query_params.getlist(self.page_size_query_param)
        if not given:
            return self.page_size
        value = given[0].strip()
        if len(given) == 1 and value.isascii() and value.isdigit() and len(value) <= 4 \
                and 1 <= int(value) <= self.max_page_size:
            return int(value)
        raise ApiError(status.HTTP_400_BAD_REQUEST, "page_size_invalid", _(
            "page_size is how many items a page holds: one whole number from 1 to %(max)d.")
            % {"max": self.max_page_size}, self.page_size_query_param)
