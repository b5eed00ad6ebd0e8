"""Numbers read from a query string or a URL, and table pagination, kept inside bounds.

A number a visitor types into a URL never reaches the database unchecked: out of range or
not a plain decimal number, it is "absent" (the page's default), never an error page.
"""

from __future__ import annotations

from django.core.paginator import Paginator

from club.bounds import MAX_ID

#: Rows a paginated table shows at most, whatever ``?per_page=`` asks.
MAX_PER_PAGE = 500


def int_param(params, name: str, *, low: int = 0, high: int = MAX_ID) -> int | None:
    """``params[name]`` as an int in ``[low, high]``, else None.

    >>> int_param({"n": "12"}, "n", high=20), int_param({"n": "²"}, "n"), int_param({}, "n")
    (12, None, None)
    >>> int_param({"n": "10" * 20}, "n", high=1000), int_param({"n": "-1"}, "n")
    (None, None)
    """
    value = params.get(name, "")
    # str.isdigit() accepts "²"; only ASCII digits are a number here (and at most 19 of them).
    if not isinstance(value, str) or not value.isascii() or not value.isdigit() or len(value) > 19:
        return None
    number = int(value)
    return number if low <= number <= high else None


class BoundedPaginator(Paginator):
    """django-tables2 passes ``?per_page=`` straight through: keep it between 1 and 500."""

    def __init__(self, object_list, per_page, *args, **kwargs):
        try:
            per_page = int(per_page)
        except (TypeError, ValueError):
            per_page = MAX_PER_PAGE
        super().__init__(object_list, min(max(per_page, 1), MAX_PER_PAGE), *args, **kwargs)
