"""The score sheet's service worker and web manifest (club/views/offline.py)."""

from django.urls import path

from club.views import offline

urlpatterns = [
    path("offline/sw.js", offline.service_worker, name="offline-worker"),
    path("offline/manifest.webmanifest", offline.manifest, name="offline-manifest"),
]
