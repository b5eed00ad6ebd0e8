"""The API's browsable documentation: Swagger UI from our own static files (the
drf-spectacular sidecar), started by a static script, so the page keeps the site's
Content-Security-Policy (no inline script or style, nothing from another origin)."""

from __future__ import annotations

from django.shortcuts import render
from django.urls import reverse


def docs(request):
    return render(request, "api/docs.html", {"schema_url": reverse("api-schema")})
