"""The API's JSON parser: DRF's, with a bound on nesting.

A body nested about a thousand deep (``[[[[...]]]]``) made the JSON decoder raise
RecursionError, a 500 for anyone, anonymous too (how deep is too deep depended on the stack
already in use). That error is now a parse error (400) naming the nesting; and since no
input of the API is nested more than a few levels, anything deeper than :data:`MAX_DEPTH`
is refused the same way, so nothing that reads the data next (the Idempotency-Key's body
hash, the serializers, which recurse too) ever walks a deep structure. The body's size is bounded
before parsing by Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (a 413: :mod:`club.api.errors`).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from rest_framework import parsers
from rest_framework.exceptions import ParseError

#: Lists and objects inside one another, at most (the deepest input of the API has 3).
MAX_DEPTH = 32


def too_deep() -> ParseError:
    return ParseError(_("The JSON body is nested too deeply: at most %(depth)d lists or "
                        "objects inside one another.") % {"depth": MAX_DEPTH},
                      code="parse_error")


def deeper_than(data: Any, limit: int) -> bool:
    """Whether ``data`` (parsed JSON) nests lists and objects more than ``limit`` deep;
    without recursion."""
    stack = [(data, 1)]
    while stack:
        value, level = stack.pop()
        if level > limit:
            return True
        items = value.values() if isinstance(value, dict) else value
        stack.extend((item, level + 1) for item in items if isinstance(item, (dict, list)))
    return False


class JSONParser(parsers.JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise too_deep() from None
        if isinstance(data, (dict, list)) and deeper_than(data, MAX_DEPTH):
            raise too_deep()
        return data
