"""What every API view shares: JSON only, the one error shape, no caching of answers, and
the table code of ``/api/sheet/<code>/...`` known before throttling (as stored, however it
was typed)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.cache import patch_cache_control
from rest_framework.views import APIView

from club.table_codes import normalise


class ApiView(APIView):
    table_code = ""

    def initial(self, request, *args, **kwargs):
        self.table_code = normalise(str(kwargs.get("code", "")))  # as stored: one count
        super().initial(request, *args, **kwargs)

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        # Answers depend on who asks (and a code is a key): never kept by a cache.
        patch_cache_control(response, private=True, no_store=True)
        return response


def out(serializer_class, data, **kwargs):
    """``data`` written through ``serializer_class`` (the answer matches its schema)."""
    return serializer_class(data, **kwargs).data


def get(queryset, **lookup):
    return get_object_or_404(queryset, **lookup)
